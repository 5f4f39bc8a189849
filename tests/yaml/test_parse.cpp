#include <fmt/format.h>
#include <catch2/catch.hpp>

#include <chrono>

#include "gym_otel_env/core/text.hpp"
#include "gym_otel_env/yaml/parse.hpp"
#include "support.hpp"

using namespace goe;
using goe::testing::error_of;
using goe::testing::laughs;
using goe::testing::repeat;

namespace {

std::string loaded(std::string_view doc) {
    try {
        NodePtr n = parse_yaml(doc, "c.yaml");
        return n ? python_str(*n) : "<empty>";
    } catch (const Error& e) {
        return std::string("error: ") + e.what();
    }
}

// A regression row states PyYAML's verdict on its document: the str() of what PyYAML loads,
// "LINE:COL ..." where it stops (its problem mark), or the text of an exception without a
// position. The row's `want` must agree with it: the same value, or an error at the same
// place. A loaded mapping may still be refused by OmegaConf's loader, which rejects a null
// key and a duplicate key after PyYAML.
void agrees_with_pyyaml(const std::string& pyyaml, const std::string& want) {
    bool error = want.starts_with("error: ");
    if (pyyaml.starts_with("{")) {
        if (error)
            CHECK_THAT(want, Catch::EndsWith("a mapping key must not be null") || Catch::Contains(": duplicate key '"));
        else CHECK(want == pyyaml);
    } else if (!pyyaml.empty() && is_digit(pyyaml[0])) {
        CHECK_THAT(want, Catch::StartsWith("error: c.yaml:" + pyyaml.substr(0, pyyaml.find(' ')) + ": "));
    } else {
        CHECK(error);
    }
}

}  // namespace

TEST_CASE("parse_yaml keeps quoted scalars as strings and types plain ones") {
    CHECK(loaded("a: 'true'\nb: \"1\"\nc: true\nd: 1\ne:\n") ==
          "{'a': 'true', 'b': '1', 'c': True, 'd': 1, 'e': None}");
    CHECK(loaded("a: !!str 1\nb: !!int '7'\nc: ! true\n") == "{'a': '1', 'b': 7, 'c': True}");
}

TEST_CASE("parse_yaml records file:line:col of every value") {
    NodePtr n = parse_yaml("a:\n  b:   x\n  c: [1, 'y']\n", "c.yaml");
    const Node& a = **n->find("a");
    CHECK((*a.find("b"))->origin.str() == "c.yaml:2:8");
    CHECK((*a.find("c"))->items()[1]->origin.str() == "c.yaml:3:10");
}

TEST_CASE("parse_yaml rejects duplicate string keys, as OmegaConf's loader does") {
    CHECK(loaded("a: 1\nb: 2\na: 3\n") == "error: c.yaml:3:1: a: duplicate key 'a'");
    CHECK(loaded("t:\n  x: 1\n  'x': 2\n") == "error: c.yaml:3:3: t.x: duplicate key 'x'");
    // Non-string keys are not checked: the later one wins.
    CHECK(loaded("1: a\n1: b\n") == "{1: 'b'}");
}

// OmegaConf 2.2.2: OmegaConf.create("{1: a, true: b}") is {1: 'b'} (Python's dict: True
// == 1, the first key stays), "{'1': a, 1: b}" is {'1': 'a', 1: 'b'}, and every plain key
// is typed as a plain value is ("{0x10: a, 1:30: b, 1e3: c, 2001-12-14: d}" is
// {16: 'a', 90: 'b', 1000.0: 'c', '2001-12-14': 'd'}).
TEST_CASE("parse_yaml: regression: typed keys were kept as their text, so 1 printed as '1' and replaced '1'") {
    CHECK(loaded("{1: a, true: b}\n") == "{1: 'b'}");
    CHECK(loaded("{true: a, 1: b}\n") == "{True: 'b'}");
    CHECK(loaded("{1: a, 1.0: b}\n") == "{1: 'b'}");
    CHECK(loaded("{0x10: a, 1_0: b, 1:30: c, .inf: d, 1e3: e, 2.0: f, yes: g, 010: h}\n") ==
          "{16: 'a', 10: 'b', 90: 'c', inf: 'd', 1000.0: 'e', 2.0: 'f', True: 'g', 8: 'h'}");
    CHECK(loaded("{2001-12-14: a, 1.5: b, -0.0: c}\n") == "{'2001-12-14': 'a', 1.5: 'b', -0.0: 'c'}");
    CHECK(loaded("a: {1: x}\n") == "{'a': {1: 'x'}}");
    CHECK(loaded("{~: x}\n") == "error: c.yaml:1:2: a mapping key must not be null");
}

TEST_CASE("parse_yaml keeps a string key and an equal key of another type apart") {
    CHECK(loaded("'1': a\n1: b\n") == "{'1': 'a', 1: 'b'}");
    CHECK(loaded("1: a\n'1': b\n") == "{1: 'a', '1': 'b'}");
    CHECK(loaded("'1': a\n1: b\n'1': c\n") == "error: c.yaml:3:1: 1: duplicate key '1'");
    // The same in a mapping large enough to be indexed.
    std::string many;
    for (int i = 0; i < 20; ++i) many += "k" + std::to_string(i) + ": " + std::to_string(i) + "\n";
    CHECK(loaded(many + "'7': a\n7: b\nk3: c\n") == "error: c.yaml:23:1: k3: duplicate key 'k3'");
    NodePtr big = parse_yaml(many + "7: a\ntrue: b\n1: c\n'7': d\n7.0: e\n", "c.yaml");
    CHECK(python_str(*big).ends_with("'k19': 19, 7: 'e', True: 'c', '7': 'd'}"));
    CHECK(loaded(many + "'7': a\n7: b\n'7': c\n") == "error: c.yaml:23:1: 7: duplicate key '7'");
    // After the index has grown (it doubles from 64 slots at 32 keys): early keys are
    // still found, by their text or by their identity.
    std::string more;
    for (int i = 0; i < 300; ++i) more += "k" + std::to_string(i) + ": " + std::to_string(i) + "\n";
    CHECK(loaded(more + "k0: x\n") == "error: c.yaml:301:1: k0: duplicate key 'k0'");
    CHECK(python_str(*parse_yaml("1: a\n" + more + "true: b\n1.0: c\n", "c.yaml")).starts_with("{1: 'c', 'k0': 0,"));
    // An error under a key that replaced an equal one names the key as written there.
    CHECK(loaded("1: a\ntrue:\n  x: !!int abc\n") == "error: c.yaml:3:6: True.x: invalid integer literal 'abc'");
    CHECK(loaded(many + "1: a\n1.0:\n  - !!int abc\n") == "error: c.yaml:23:5: 1.0[0]: invalid integer literal 'abc'");
    // A string key that starts with NUL is still a string: not True, small or large.
    CHECK(loaded("\"\\x001\": a\ntrue: b\n") == "{'\\x001': 'a', True: 'b'}");
    CHECK(python_str(*parse_yaml(many + "\"\\x001\": a\ntrue: b\n", "c.yaml")).ends_with("'\\x001': 'a', True: 'b'}"));
}

TEST_CASE("parse_yaml checks the syntax of every interpolation when asked") {
    bool valid = false;
    parse_yaml("a: ${x}\nb: [1, {c: 'x${oc.env:A,b}'}]\n", "c.yaml", {}, {&valid});
    CHECK(valid);
    parse_yaml("a: ${x}\nb: [1, {c: 'x${oc.env:A'}]\n", "c.yaml", {}, {&valid});
    CHECK_FALSE(valid);
    // Keys are not values: OmegaConf does not check them.
    parse_yaml("'${x': 1\n", "c.yaml", {}, {&valid});
    CHECK(valid);
    // A malformed value that a later key replaces still counts here; the loader's walk
    // of the finished tree then finds nothing, as before.
    parse_yaml("1: '${x'\n'1': ok\n", "c.yaml", {}, {&valid});
    CHECK_FALSE(valid);
}

TEST_CASE("parse_yaml applies merge keys and shares aliases") {
    CHECK(loaded("base: &b {x: 1, y: 1}\nc:\n  <<: *b\n  y: 2\n") ==
          "{'base': {'x': 1, 'y': 1}, 'c': {'x': 1, 'y': 2}}");
    CHECK(loaded("a: &a {x: 1}\nb: &b {x: 2, z: 2}\nc:\n  <<: [*a, *b]\n") ==
          "{'a': {'x': 1}, 'b': {'x': 2, 'z': 2}, 'c': {'x': 1, 'z': 2}}");
    CHECK(loaded("c:\n  <<: 5\n") == "error: c.yaml:2:7: c: a merge key (<<) takes a mapping or a list of mappings");
    NodePtr n = parse_yaml("a: &x [1, 2]\nb: *x\n", "c.yaml");
    CHECK(*n->find("a") == *n->find("b"));
}

TEST_CASE("parse_yaml returns null for an empty document and rejects several documents") {
    CHECK(loaded("") == "<empty>");
    CHECK(loaded("# comment only\n") == "<empty>");
    // PyYAML: "expected a single document in the stream ... but found another document"
    // at 2:1, and it reads no further.
    CHECK(loaded("a: 1\n---\nb: 2\n") == "error: c.yaml:2:1: expected a single document, found several");
    CHECK(loaded("a: 1\n---\nb: [\n") == "error: c.yaml:2:1: expected a single document, found several");
}

TEST_CASE("parse_yaml reports malformed YAML with its position") {
    CHECK(loaded("a: [1, 2\n") ==
          "error: c.yaml:2:1: while parsing a flow sequence: expected ',' or ']', but got '<stream end>'");
    // PyYAML: "while scanning a quoted scalar" where it opens, "found unexpected end of
    // stream" where the text ends: a line past the last after a line break, as PyYAML says.
    CHECK(loaded("a: 'x\n") ==
          "error: c.yaml:2:1: a: while scanning a quoted scalar at line 1, column 4: found unexpected end of stream");
    CHECK(loaded("telemetry:\n  enabled: true\n  service_name: \"abc\n") ==
          "error: c.yaml:4:1: telemetry.service_name: while scanning a quoted scalar at line 3, column 17: found "
          "unexpected end of stream");
    CHECK(loaded("telemetry:\n  enabled: true\n  service_name: \"abc") ==
          "error: c.yaml:3:21: telemetry.service_name: while scanning a quoted scalar at line 3, column 17: found "
          "unexpected end of stream");
    CHECK(
        loaded("a: [\"x\n") ==
        "error: c.yaml:2:1: a[0]: while scanning a quoted scalar at line 1, column 5: found unexpected end of stream");
    // A document separator at the start of a line inside the quotes, in either quote.
    CHECK(loaded("a: \"x\n---\n") ==
          "error: c.yaml:2:1: while scanning a quoted scalar at line 1, column 4: found unexpected document separator");
    CHECK(loaded("a: 'x\n...\n") ==
          "error: c.yaml:2:1: while scanning a quoted scalar at line 1, column 4: found unexpected document separator");
    CHECK(loaded("a: 'x\n--- y'\n") ==
          "error: c.yaml:2:1: while scanning a quoted scalar at line 1, column 4: found unexpected document separator");
    CHECK(loaded("a: 'x\n---y'\n") == "{'a': 'x ---y'}");
}

TEST_CASE("parse_yaml rejects bytes PyYAML's reader rejects") {
    CHECK(loaded(std::string("a: x\x01y\n")) == "error: c.yaml:1:5: character U+0001 is not allowed in YAML");
    CHECK(loaded(std::string("a: b\n\xff\n")) == "error: c.yaml:2:1: invalid UTF-8 byte 0xff");
    CHECK(loaded("a: \xff\xfe\n") == "error: c.yaml:1:4: invalid UTF-8 byte 0xff");
    CHECK(loaded("a: \xc0\x80\n") == "error: c.yaml:1:4: invalid UTF-8 byte 0xc0");      // overlong
    CHECK(loaded("a: \xed\xa0\x80\n") == "error: c.yaml:1:4: invalid UTF-8 byte 0xed");  // a surrogate
    // Above U+10FFFF is not UTF-8 either (it was "character U+110000 is not allowed").
    CHECK(loaded("a: \xf4\x90\x80\x80\n") == "error: c.yaml:1:4: invalid UTF-8 byte 0xf4");
    CHECK(loaded(std::string("a: \xc3\xa9\n")) == "{'a': '\xc3\xa9'}");
    CHECK(loaded(std::string("a: x\0y\n", 7)) == "error: c.yaml:1:5: character U+0000 is not allowed in YAML");
}

// yaml_rules.cpp: each row is what PyYAML's pure-Python SafeLoader says of the document
// (yaml.load(doc, Loader=yaml.SafeLoader), PyYAML 6), where yaml-cpp alone said otherwise.
TEST_CASE(
    "parse_yaml: regression: yaml-cpp accepted what PyYAML refuses, and read line breaks PyYAML reads otherwise") {
    struct Row {
        std::string doc, pyyaml, want;
    };
    const Row rows[] = {
        // Tabs: only inside quoted and block scalars and comments.
        {"a: 1\t\n", "1:5 found character '\\t' that cannot start any token",
         "error: c.yaml:1:5: found character '\\t' that cannot start any token"},
        {"a:\t1\n", "1:3 the same", "error: c.yaml:1:3: found character '\\t' that cannot start any token"},
        {"a: x\ty\n", "1:5 the same", "error: c.yaml:1:5: found character '\\t' that cannot start any token"},
        {"a: [1,\t2]\n", "1:7 the same", "error: c.yaml:1:7: found character '\\t' that cannot start any token"},
        {"a: svc\t\n", "1:7 the same", "error: c.yaml:1:7: found character '\\t' that cannot start any token"},
        {"a: b\t# c\n", "1:5 the same", "error: c.yaml:1:5: found character '\\t' that cannot start any token"},
        {"- \tx\n", "1:3 the same", "error: c.yaml:1:3: found character '\\t' that cannot start any token"},
        {"a:\n\tb: 1\n", "2:1 the same",
         "error: c.yaml:2:1: tabs are not allowed for indentation (PyYAML: found character '\\t' that cannot start any "
         "token)"},
        {"a: 'x\ty'\nb: \"x\ty\"\nc: |\n  x\ty\nd: 1 # c\tx\ne: 'p\n\tq'\n",
         "{'a': 'x\\ty', 'b': 'x\\ty', 'c': 'x\\ty\\n', 'd': 1, 'e': 'p q'}",
         "{'a': 'x\\ty', 'b': 'x\\ty', 'c': 'x\\ty\\n', 'd': 1, 'e': 'p q'}"},
        // Line breaks: a lone CR and NEL are line breaks.
        {"a: 1\rb: 2\r", "{'a': 1, 'b': 2}", "{'a': 1, 'b': 2}"},
        {"a: 'x\ry'\nb: |\r  l1\r  l2\r", "{'a': 'x y', 'b': 'l1\\nl2\\n'}", "{'a': 'x y', 'b': 'l1\\nl2\\n'}"},
        {"a: 'a\xc2\x85"
         "b'\n",
         "{'a': 'a b'}", "{'a': 'a b'}"},
        // U+2028 and U+2029 fold in quoted scalars: kept, the spaces around them dropped.
        {"a: \"a\xe2\x80\xa9  b\"\nb: 'x \xe2\x80\xa8\xe2\x80\xa8\ty'\nc: \"a\xc2\x85 b\"\nd: \"p\\L q\"\n",
         "{'a': 'a\\u2029b', 'b': 'x\\u2028\\u2028y', 'c': 'a b', 'd': 'p\\u2028 q'}",
         "{'a': 'a\\u2029b', 'b': 'x\\u2028\\u2028y', 'c': 'a b', 'd': 'p\\u2028 q'}"},
        // Outside quotes they are line breaks: a plain scalar ends at one, or folds over
        // it keeping it; a comment ends there; lines and columns count them.
        {"a: x\xe2\x80\xa8\nb: y\xe2\x80\xa9 \n", "{'a': 'x', 'b': 'y'}", "{'a': 'x', 'b': 'y'}"},
        {"a:\n  x\xe2\x80\xa8   y\nb: 1\n", "{'a': 'x\\u2028y', 'b': 1}", "{'a': 'x\\u2028y', 'b': 1}"},
        {"a: x\xe2\x80\xa8\n   y\n", "{'a': 'x\\u2028\\ny'}", "{'a': 'x\\u2028\\ny'}"},
        {"a: x\n\n\xe2\x80\xa8  y\n", "{'a': 'x\\n\\u2028y'}", "{'a': 'x\\n\\u2028y'}"},
        {"{a: 1,\xe2\x80\xa8"
         "b: 2}\n",
         "{'a': 1, 'b': 2}", "{'a': 1, 'b': 2}"},
        {"a: 1 # c\xe2\x80\xa8"
         "b: 2\n",
         "{'a': 1, 'b': 2}", "{'a': 1, 'b': 2}"},
        {"a: 1\xe2\x80\xa8"
         "b: [1,,2]\n",
         "2:7 expected the node content, but found ','", "error: c.yaml:2:7: expected the node content, but found ','"},
        // yaml-cpp marks a node at its anchor or tag: the fixes above read the text after them.
        {"a: &x k\u2028b: *x\n", "{'a': 'k', 'b': 'k'}", "{'a': 'k', 'b': 'k'}"},
        {"a: &x >+\n  l\n\nb: 1\n", "{'a': 'l\\n\\n', 'b': 1}", "{'a': 'l\\n\\n', 'b': 1}"},
        {"a: !!str x\u2028  y\nb: &x !!str\n  v\u2028  w\nc: &y # c\n  'p\u2029  q'\n",
         "{'a': 'x\\u2028y', 'b': 'v\\u2028w', 'c': 'p\\u2029q'}",
         "{'a': 'x\\u2028y', 'b': 'v\\u2028w', 'c': 'p\\u2029q'}"},
        // Tags: `!` alone resolves as a plain scalar would, quoted or not; a tag ends at a
        // blank (in flow collections too) and needs a URI after its handle.
        {"a: ! '12'\nb: ! 0x10\nc: !\nd: &x ! 'true'\ne: ! \"~\"\n",
         "{'a': 12, 'b': 16, 'c': None, 'd': True, 'e': None}", "{'a': 12, 'b': 16, 'c': None, 'd': True, 'e': None}"},
        {"! 1: a\n", "{1: 'a'}", "{1: 'a'}"},
        {"a: [!!str 1, ! 2]\n", "{'a': ['1', 2]}", "{'a': ['1', 2]}"},
        {"a: !<tag:yaml.org,2002:str> 5\n", "{'a': '5'}", "{'a': '5'}"},
        {"{a: !}\n", "1:6 while parsing a tag: expected URI, but found '}'",
         "error: c.yaml:1:6: while parsing a tag: expected URI, but found '}'"},
        {"{a: !x}\n", "1:7 while scanning a tag: expected ' ', but found '}'",
         "error: c.yaml:1:7: while scanning a tag: expected ' ', but found '}'"},
        {"a: !!\n", "1:6 while parsing a tag: expected URI, but found '\\n'",
         "error: c.yaml:1:6: while parsing a tag: expected URI, but found '\\n'"},
        {"a: !x!\n", "1:7 the same", "error: c.yaml:1:7: while parsing a tag: expected URI, but found '\\n'"},
        {"a: !<x 5\n", "1:7 while parsing a tag: expected '>', but found ' '",
         "error: c.yaml:1:7: while parsing a tag: expected '>', but found ' '"},
        {"a: !!str\xc3\xa9 x\n", "1:9 while scanning a tag: expected ' ', but found '\xc3\xa9'",
         "error: c.yaml:1:9: while scanning a tag: expected ' ', but found '\xc3\xa9'"},
        // Escapes in double quotes: PyYAML's ESCAPE_REPLACEMENTS and ESCAPE_CODES, and an
        // escaped line break; yaml-cpp also reads `\'` and reported the others at the end.
        {"a: \"\\0\\a\\b\\t\\\t\\n\\v\\f\\r\\e\\ \\\"\\\\\\/\\N\\_\\L\\P\"\nb: \"\\x41\\u00e9\\U0001F600\"\nc: \"x\\\n "
         " y\"\n",
         "{'a': '\\x00\\x07\\x08\\t\\t\\n\\x0b\\x0c\\r\\x1b \"\\\\/\\x85\\xa0\\u2028\\u2029', 'b': "
         "'A\xc3\xa9\xf0\x9f\x98\x80', 'c': 'xy'}",
         "{'a': '\\x00\\x07\\x08\\t\\t\\n\\x0b\\x0c\\r\\x1b \"\\\\/\\x85\\xa0\\u2028\\u2029', 'b': "
         "'A\xc3\xa9\xf0\x9f\x98\x80', 'c': 'xy'}"},
        {"a: \"it\\'s\"\n", "1:8 while scanning a double-quoted scalar: found unknown escape character \"'\"",
         "error: c.yaml:1:8: while scanning a double-quoted scalar: found unknown escape character \"'\""},
        {"a: 1\nb: \"\\d\"\n", "2:6 the same, 'd'",
         "error: c.yaml:2:6: while scanning a double-quoted scalar: found unknown escape character 'd'"},
        {"a: [\"\\x4g\"]\n",
         "1:8 while scanning a double-quoted scalar: expected escape sequence of 2 hexadecimal numbers, but found 'g'",
         "error: c.yaml:1:8: while scanning a double-quoted scalar: expected escape sequence of 2 hexadecimal numbers, "
         "but found 'g'"},
        {"a: \"\\u12\"\n", "1:7 the same, 4 ... '\"'",
         "error: c.yaml:1:7: while scanning a double-quoted scalar: expected escape sequence of 4 hexadecimal numbers, "
         "but found '\"'"},
        {"a: '\\d'\n", "{'a': '\\\\d'}", "{'a': '\\\\d'}"},
        // A flow collection open at the end: PyYAML reports the end of the stream.
        {"c: [1, \xc3\xbc", "1:9 while parsing a flow sequence ... expected ',' or ']', but got '<stream end>'",
         "error: c.yaml:1:9: while parsing a flow sequence: expected ',' or ']', but got '<stream end>'"},
        {"c: {a: [1]\n\n", "3:1 while parsing a flow mapping ... expected ',' or '}', but got '<stream end>'",
         "error: c.yaml:3:1: while parsing a flow mapping: expected ',' or '}', but got '<stream end>'"},
        {"c: [1,\xe2\x80\xa8 2", "2:3 the same",
         "error: c.yaml:2:3: while parsing a flow sequence: expected ',' or ']', but got '<stream end>'"},
        // Anchors: names of [A-Za-z0-9_-], never twice.
        {"a: &x 1\nb: &x 2\n", "2:4 found duplicate anchor 'x'; first occurrence ... second occurrence",
         "error: c.yaml:2:4: found duplicate anchor 'x'; first occurrence at line 1, column 4"},
        {"a: &x.y 1\n", "1:6 while scanning an anchor: expected alphabetic or numeric character, but found '.'",
         "error: c.yaml:1:6: while scanning an anchor: expected alphabetic or numeric character, but found '.'"},
        {"a: *\n", "1:5 while scanning an alias: expected alphabetic or numeric character, but found '\\n'",
         "error: c.yaml:1:5: while scanning an alias: expected alphabetic or numeric character, but found '\\n'"},
        {"a: &x-_9 1\nb: *x-_9\n", "{'a': 1, 'b': 1}", "{'a': 1, 'b': 1}"},
        // PyYAML: {None: 1}; OmegaConf then: "Incompatible key type 'NoneType'".
        {"&x: 1\n", "{None: 1}", "error: c.yaml:1:1: a mapping key must not be null"},
        {"a:\n  b: 1\n  &x:\n", "{'a': {'b': 1, None: None}}", "error: c.yaml:3:3: a mapping key must not be null"},
        // PyYAML ends an anchor or alias name before ? : , ] } % @ and a backquote;
        // yaml-cpp read on into the name over ?:%@` ("the referenced anchor is not defined").
        {"a: &x k\n*x: 2\n", "{'a': 'k', 'k': 2}", "{'a': 'k', 'k': 2}"},
        {"a: &x k\nb: {*x: 2}\nc: [*x:1]\nd: {*x, e: 1}\n",
         "{'a': 'k', 'b': {'k': 2}, 'c': [{'k': 1}], 'd': {'k': None, 'e': 1}}",
         "{'a': 'k', 'b': {'k': 2}, 'c': [{'k': 1}], 'd': {'k': None, 'e': 1}}"},
        {"a: &x k\nb: *x%\n", "2:6 found character '%' that cannot start any token",
         "error: c.yaml:2:6: found character '%' that cannot start any token"},
        {"a: &x@ k\n", "1:6 found character '@' that cannot start any token",
         "error: c.yaml:1:6: found character '@' that cannot start any token"},
        {"a: &x k\nb: *x`\n", "2:6 found character '`' that cannot start any token",
         "error: c.yaml:2:6: found character '`' that cannot start any token"},
        {"a: &x k\nb: [*x?]\n", "2:7 while parsing a flow sequence: expected ',' or ']', but got '?'",
         "error: c.yaml:2:7: malformed YAML: end of sequence flow not found"},
        {"a: &x k\nb: *x?\n", "2:6 mapping keys are not allowed here",
         "error: c.yaml:2:6: malformed YAML: illegal map key"},
        // PyYAML: {'b': {None: 1}}; OmegaConf then: "Incompatible key type 'NoneType'".
        {"b: {&x:1}\n", "{'b': {None: 1}}", "error: c.yaml:1:5: a mapping key must not be null"},
        // An alias as a key is its node (PyYAML's composer): a collection is no key, and a
        // string is checked for duplicates by OmegaConf's loader.
        {"a: &x [1]\n*x: 2\n", "1:4 while constructing a mapping: found unhashable key",
         "error: c.yaml:1:4: a mapping key must be a scalar, not a collection"},
        // PyYAML: {'a': 'k', 'b': {'k': 2}}; OmegaConf's loader: "found duplicate key k".
        {"a: &x k\nb: {k: 1, *x: 2}\n", "{'a': 'k', 'b': {'k': 2}}", "error: c.yaml:2:11: b.k: duplicate key 'k'"},
        {"a: &x k\nb:\n  *x: 1\n  'k': 2\n", "{'a': 'k', 'b': {'k': 2}}", "error: c.yaml:4:3: b.k: duplicate key 'k'"},
        {"a: &x 1\nb: {*x: 1, 1: 2, '1': 3}\n", "{'a': 1, 'b': {1: 2, '1': 3}}", "{'a': 1, 'b': {1: 2, '1': 3}}"},
        // In a flow collection `?` is the key indicator and `:` the value indicator with
        // no blank after them (a plain scalar ends at `?` there); in the block context
        // they need one. yaml-cpp wanted a blank ("unknown token", `{a:[1]}` unread).
        {"l: [?x]\n", "{'l': [{'x': None}]}", "{'l': [{'x': None}]}"},
        {"{?x: 1, ?y}\n", "{'x': 1, 'y': None}", "{'x': 1, 'y': None}"},
        {"?x: 1\nb: ?y\n", "{'?x': 1, 'b': '?y'}", "{'?x': 1, 'b': '?y'}"},
        {"b: [a?b]\n", "1:6 while parsing a flow sequence: expected ',' or ']', but got '?'",
         "error: c.yaml:1:6: malformed YAML: end of sequence flow not found"},
        {"b: {a:[1], c:{d: 1}}\n", "{'b': {'a': [1], 'c': {'d': 1}}}", "{'b': {'a': [1], 'c': {'d': 1}}}"},
        {"b: {x: 1, :2}\n", "1:11 while parsing a flow node: expected the node content, but found ':'",
         "error: c.yaml:1:11: b: a mapping key must not be null"},
        {"t: {service_name: ???}\n", "1:19 while parsing a flow node: expected the node content, but found '?'",
         "error: c.yaml:1:19: expected the node content, but found '?'"},
        {"b: {a: :b}\n", "1:8 the same, but found ':'", "error: c.yaml:1:8: expected the node content, but found ':'"},
        // PyYAML: {'b': {'x': 1, None: 2}}; OmegaConf then: "Incompatible key type 'NoneType'".
        {"b: {?x: 1, ?:2}\n", "{'b': {'x': 1, None: 2}}", "error: c.yaml:1:12: a mapping key must not be null"},
        // Positions after the spaces yaml-cpp was given are the user's columns.
        {"b: {a:[1], ?\xc3\xbc, c: !!int x}\n", "invalid literal for int() with base 10: 'x'",
         "error: c.yaml:1:19: b.c: invalid integer literal 'x'"},
        {"b: {a:[1]}\nc: !!int x\n", "invalid literal for int() with base 10: 'x'",
         "error: c.yaml:2:4: c: invalid integer literal 'x'"},
        {"b: {a:[1], ?c:{e: 1}} x: 1\n",
         "1:23 while parsing a block mapping: expected <block end>, but found '<scalar>'",
         "error: c.yaml:1:23: malformed YAML: end of map not found"},
        // Empty flow entries.
        {"a: [1,,2]\n", "1:7 expected the node content, but found ','",
         "error: c.yaml:1:7: expected the node content, but found ','"},
        {"a: {b: 1,, c: 2}\n", "1:10 the same", "error: c.yaml:1:10: expected the node content, but found ','"},
        {"a: [,1]\n", "1:5 the same", "error: c.yaml:1:5: expected the node content, but found ','"},
        {"a: [1, 2, ]\nb: {c: 1, }\n", "{'a': [1, 2], 'b': {'c': 1}}", "{'a': [1, 2], 'b': {'c': 1}}"},
        // A directive needs `---`; yaml-cpp dropped the line.
        {"%x\na: 1\n", "2:1 expected '<document start>', but found '<scalar>'",
         "error: c.yaml:2:1: expected '<document start>' ('---') after a directive, but found content"},
        {"%YAML 1.1\n# c\n---\na: 1\n", "{'a': 1}", "{'a': 1}"},
        // Nor may the text end after one: yaml-cpp read an empty config.
        {"%FOO\n", "2:1 expected '<document start>', but found '<stream end>'",
         "error: c.yaml:2:1: expected '<document start>' ('---') after a directive, but found '<stream end>'"},
        {"%YAML 1.1\n# c", "2:4 the same",
         "error: c.yaml:2:4: expected '<document start>' ('---') after a directive, but found '<stream end>'"},
        // A directive's own syntax (scanner.py scan_directive), which yaml-cpp did not check:
        // a name, for YAML a version, for TAG a handle and a URI prefix, then the line's end.
        {"%FOO bar baz\n%TAG ! !x\n%TAG !e! tag:%41,2002: # c\n---\na: 1\n", "{'a': 1}", "{'a': 1}"},
        {"%\n---\na: 1\n",
         "1:2 while scanning a directive ... expected alphabetic or numeric character, but found '\\n'",
         "error: c.yaml:1:2: while scanning a directive: expected alphabetic or numeric character, but found '\\n'"},
        {"%F:x\n---\n", "1:3 the same, ':'",
         "error: c.yaml:1:3: while scanning a directive: expected alphabetic or numeric character, but found ':'"},
        {"%YAML\t1.1\n---\n", "1:6 the same, '\\t'",
         "error: c.yaml:1:6: while scanning a directive: expected alphabetic or numeric character, but found '\\t'"},
        {"%YAML 1.a\n---\n", "1:9 expected a digit, but found 'a'",
         "error: c.yaml:1:9: while scanning a directive: expected a digit, but found 'a'"},
        {"%YAML 1\n---\n", "1:8 expected a digit or '.', but found '\\n'",
         "error: c.yaml:1:8: while scanning a directive: expected a digit or '.', but found '\\n'"},
        {"%YAML 1.1#c\n---\n", "1:10 expected a digit or ' ', but found '#'",
         "error: c.yaml:1:10: while scanning a directive: expected a digit or ' ', but found '#'"},
        {"%YAML 1.1 x\n---\n", "1:11 expected a comment or a line break, but found 'x'",
         "error: c.yaml:1:11: while scanning a directive: expected a comment or a line break, but found 'x'"},
        {"%TAG !e tag:x\n---\n", "1:8 expected '!', but found ' '",
         "error: c.yaml:1:8: while scanning a directive: expected '!', but found ' '"},
        {"%TAG !e!\n---\n", "1:9 expected ' ', but found '\\n'",
         "error: c.yaml:1:9: while scanning a directive: expected ' ', but found '\\n'"},
        {"%TAG !e! \n---\n", "1:10 while parsing a directive ... expected URI, but found '\\n'",
         "error: c.yaml:1:10: while parsing a directive: expected URI, but found '\\n'"},
        {"%TAG !e! a%4\n---\n", "1:12 expected URI escape sequence of 2 hexadecimal numbers, but found '\\n'",
         "error: c.yaml:1:12: while scanning a directive: expected URI escape sequence of 2 hexadecimal numbers, but "
         "found '\\n'"},
        {"%TAG !e! a%ff\n---\n", "1:11 'utf-8' codec can't decode byte 0xff in position 0: invalid start byte",
         "error: c.yaml:1:11: while scanning a directive: the URI escapes are not UTF-8"},
        // Columns count characters.
        {"\xc3\xbc: [1,,2]\n", "1:7 expected the node content, but found ','",
         "error: c.yaml:1:7: expected the node content, but found ','"},
        // Simple keys: a token at the column of the innermost block collection is a key,
        // and U+2028/U+2029 are line breaks. PyYAML: "while scanning a simple key in line
        // L1, column C1: could not find expected ':' in line L2, column C2", at L2:C2.
        {"a:\nb\n", "3:1 while scanning a simple key (2:1) could not find expected ':'",
         "error: c.yaml:3:1: while scanning a simple key at line 2, column 1: could not find expected ':'"},
        {"a:\nb", "2:2 the same",
         "error: c.yaml:2:2: while scanning a simple key at line 2, column 1: could not find expected ':'"},
        {"a: x\xe2\x80\xa8y", "2:2 the same",
         "error: c.yaml:2:2: while scanning a simple key at line 2, column 1: could not find expected ':'"},
        {"a: 1\nb\nc: 2\n", "3:1 the same (2:1)",
         "error: c.yaml:3:1: while scanning a simple key at line 2, column 1: could not find expected ':'"},
        {"- a\nb\n", "3:1 the same (2:1)",
         "error: c.yaml:3:1: while scanning a simple key at line 2, column 1: could not find expected ':'"},
        {"a:\n  b: 1\n  c\n", "4:1 the same (3:3)",
         "error: c.yaml:4:1: while scanning a simple key at line 3, column 3: could not find expected ':'"},
        {"a: 1\nb\n\n# c\n", "4:1 the same (2:1)",
         "error: c.yaml:4:1: while scanning a simple key at line 2, column 1: could not find expected ':'"},
        {"a: 1\n'b'\n", "3:1 the same (2:1)",
         "error: c.yaml:3:1: while scanning a simple key at line 2, column 1: could not find expected ':'"},
        {"a: 1\n[b,\n c]: 2\n", "3:2 the same (2:1)",
         "error: c.yaml:3:2: while scanning a simple key at line 2, column 1: could not find expected ':'"},
        // A plain scalar goes on over deeper lines, `- ` in them too: no collection opens.
        {"k: a\n  - x\n  txt\nl: b - c\n", "{'k': 'a - x txt', 'l': 'b - c'}", "{'k': 'a - x txt', 'l': 'b - c'}"},
        {"a:\n  b: 1\n  &x c: 2\nd: b\n  c\ne:\n- x\n- y\nf: 1\n? g\n",
         "{'a': {'b': 1, 'c': 2}, 'd': 'b c', 'e': ['x', 'y'], 'f': 1, 'g': None}",
         "{'a': {'b': 1, 'c': 2}, 'd': 'b c', 'e': ['x', 'y'], 'f': 1, 'g': None}"},
        // `>+` keeps every trailing blank line; yaml-cpp dropped one.
        {"a: >+\n  x\n\n\n", "{'a': 'x\\n\\n\\n'}", "{'a': 'x\\n\\n\\n'}"},
        {"a: >+\n  x\n\n\nb: 1\n", "{'a': 'x\\n\\n\\n', 'b': 1}", "{'a': 'x\\n\\n\\n', 'b': 1}"},
        {"a:\n  b: >+ # c\n    x\n\n    y\n \n  \n  c: 1\n", "{'a': {'b': 'x\\ny\\n\\n\\n', 'c': 1}}",
         "{'a': {'b': 'x\\ny\\n\\n\\n', 'c': 1}}"},
        {"a: >+\n  x\nb: >+\n  x\nc: |+\n  x\n\n", "{'a': 'x\\n', 'b': 'x\\n', 'c': 'x\\n\\n'}",
         "{'a': 'x\\n', 'b': 'x\\n', 'c': 'x\\n\\n'}"},
        // Escapes and chomping that yaml-cpp already reads as PyYAML does.
        // yaml-cpp wrote \N and \_ as raw bytes.
        {"a: \"\\N\\_\\L\"\n", "{'a': '\\x85\\xa0\\u2028'}", "{'a': '\\x85\\xa0\\u2028'}"},
    };
    for (const auto& row : rows) {
        INFO("document: " << row.doc << "PyYAML: " << row.pyyaml);
        CHECK(loaded(row.doc) == row.want);
        agrees_with_pyyaml(row.pyyaml, row.want);
    }
}

// Found by the odd-documents campaign (tests/differential/odd_yaml.py); each row is
// PyYAML's verdict (yaml.load(doc, Loader=yaml.SafeLoader), PyYAML 6, pure Python).
TEST_CASE("parse_yaml: regression: odd documents where yaml-cpp and the rules scan read otherwise than PyYAML") {
    struct Row {
        std::string doc, pyyaml, want;
    };
    const Row rows[] = {
        // A BOM: yaml-cpp's marks leave it out, the rules scan counted it, so every offset
        // after it was 3 off: a U+2029 took a key's text from the wrong place and the
        // config silently lost its keys; a column was 1 off.
        {"\xef\xbb\xbf"
         "b: 2\nt: x\xe2\x80\xa9",
         "{'b': 2, 't': 'x'}", "{'b': 2, 't': 'x'}"},
        {"\xef\xbb\xbf"
         "a: [1,,2]\n",
         "1:7 expected the node content, but found ','", "error: c.yaml:1:7: expected the node content, but found ','"},
        {"\xef\xbb\xbf"
         "telemetry:\n  s: 'a\xe2\x80\xa8  b'\n",
         "{'telemetry': {'s': 'a\\u2028b'}}", "{'telemetry': {'s': 'a\\u2028b'}}"},
        // A `:` before U+2028/U+2029 is an indicator, as before a line feed.
        {"k:\xe2\x80\xa9*t", "2:3 while scanning a simple key (2:1) could not find expected ':'",
         "error: c.yaml:2:3: while scanning a simple key at line 2, column 1: could not find expected ':'"},
        {"y:\xe2\x80\xa9    e:\xe2\x80\xa9    !!str", "3:10 the same (3:5)",
         "error: c.yaml:3:10: while scanning a simple key at line 3, column 5: could not find expected ':'"},
        {"a:\xe2\x80\xa8  b: 1\xe2\x80\xa8"
         "c: 2\n",
         "{'a': {'b': 1}, 'c': 2}", "{'a': {'b': 1}, 'c': 2}"},
        // A block scalar's header: indicators, then a space or a line break, then a
        // comment at most. yaml-cpp read `|#` and `|<TAB>` as `|`.
        {"s: |#\n", "1:5 while scanning a block scalar: expected chomping or indentation indicators, but found '#'",
         "error: c.yaml:1:5: while scanning a block scalar: expected chomping or indentation indicators, but found "
         "'#'"},
        {"s: >-\t\n  x\n", "1:6 the same, but found '\\t'",
         "error: c.yaml:1:6: while scanning a block scalar: expected chomping or indentation indicators, but found "
         "'\\t'"},
        {"s: |+-\n", "1:6 the same, but found '-'",
         "error: c.yaml:1:6: while scanning a block scalar: expected chomping or indentation indicators, but found "
         "'-'"},
        {"s: | x\n", "1:6 while scanning a block scalar: expected a comment or a line break, but found 'x'",
         "error: c.yaml:1:6: while scanning a block scalar: expected a comment or a line break, but found 'x'"},
        {"s: |0\n x\n", "1:5 expected indentation indicator in the range 1-9, but found 0",
         "error: c.yaml:1:5: while scanning a block scalar: expected indentation indicator in the range 1-9, but "
         "found 0"},
        // PyYAML's order: its scanner is lazy, and it constructs only a whole document.
        {"t: *n\re", "1:4 found undefined alias 'n'",
         "error: c.yaml:1:4: malformed YAML: the referenced anchor is not defined"},
        {"t: [", "1:5 while parsing a flow node: expected the node content, but found '<stream end>'",
         "error: c.yaml:1:5: while parsing a flow node: expected the node content, but found '<stream end>'"},
        {"{", "1:2 the same",
         "error: c.yaml:1:2: while parsing a flow node: expected the node content, but found '<stream end>'"},
        {"{a", "1:3 while parsing a flow mapping: expected ',' or '}', but got '<stream end>'",
         "error: c.yaml:1:3: while parsing a flow mapping: expected ',' or '}', but got '<stream end>'"},
        // What was due is told by the last token, not by the last character: a comment
        // after it changes nothing.
        {"t: [1, # c\n", "2:1 while parsing a flow node: expected the node content, but found '<stream end>'",
         "error: c.yaml:2:1: while parsing a flow node: expected the node content, but found '<stream end>'"},
        {"t: {a: 1 # c:\n", "2:1 while parsing a flow mapping: expected ',' or '}', but got '<stream end>'",
         "error: c.yaml:2:1: while parsing a flow mapping: expected ',' or '}', but got '<stream end>'"},
        {"\"", "1:2 while scanning a quoted scalar (1:1): found unexpected end of stream",
         "error: c.yaml:1:2: while scanning a quoted scalar at line 1, column 1: found unexpected end of stream"},
        {"x\n#\nt", "3:1 expected '<document start>', but found '<scalar>'",
         "error: c.yaml:3:1: expected a single document, found several"},
        {"s: |-2 # c\n   x\nt: >2+\n   x\n\n", "{'s': ' x', 't': ' x\\n\\n'}", "{'s': ' x', 't': ' x\\n\\n'}"},
        // `>+` after a more-indented last line: yaml-cpp keeps the trailing line breaks
        // then, and the fix for the one it drops otherwise added one too many.
        {"a: >+\n  x\n   y\n\n", "{'a': 'x\\n y\\n\\n'}", "{'a': 'x\\n y\\n\\n'}"},
        {"a: >+\n  x\n  \ty\n\n\nb: >1+\n   y\n\n", "{'a': 'x\\n\\ty\\n\\n\\n', 'b': '  y\\n\\n'}",
         "{'a': 'x\\n\\ty\\n\\n\\n', 'b': '  y\\n\\n'}"},
        {"a: >+\n  x\n   \n\n", "{'a': 'x\\n \\n\\n'}", "{'a': 'x\\n \\n\\n'}"},
    };
    for (const auto& row : rows) {
        INFO("document: " << row.doc << "PyYAML: " << row.pyyaml);
        CHECK(loaded(row.doc) == row.want);
        agrees_with_pyyaml(row.pyyaml, row.want);
    }
}

TEST_CASE("parse_yaml: regression: node and yaml-cpp error columns counted bytes, PyYAML counts characters") {
    NodePtr n = parse_yaml("\xc3\xbc\xc3\xbc: x\n", "c.yaml");
    CHECK((*n->find("\xc3\xbc\xc3\xbc"))->origin.str() == "c.yaml:1:5");
    CHECK(loaded("\xc3\xbc: [1\n") ==
          "error: c.yaml:2:1: while parsing a flow sequence: expected ',' or ']', but got '<stream end>'");
    CHECK(loaded("\xc3\xbc: x: y\n") == "error: c.yaml:1:5: malformed YAML: illegal map value");
}

// construct_yaml_omap/pairs give a list of (key, value) tuples, which OmegaConf holds as a
// list of two-item lists (expected values from PyYAML 6 with OmegaConf's loader).
TEST_CASE("parse_yaml: !!omap and !!pairs are lists of [key, value], keys keeping their type") {
    CHECK(loaded("a: !!omap [{x: 1}, {y: 2}]\n") == "{'a': [['x', 1], ['y', 2]]}");
    CHECK(loaded("a: !!pairs\n  - x: 1\n  - x: 2\n") == "{'a': [['x', 1], ['x', 2]]}");
    CHECK(loaded("a: !!pairs [{1: x}, {true: y}, {1.5: z}]\n") == "{'a': [[1, 'x'], [True, 'y'], [1.5, 'z']]}");
    CHECK(loaded("a: !!omap []\n") == "{'a': []}");
    CHECK(loaded("a: !!omap [{x: 1, y: 2}]\n") ==
          "error: c.yaml:1:12: a[0]: while constructing an ordered map: expected a single mapping item, but found 2 "
          "items");
    CHECK(loaded("a: !!pairs [x]\n") ==
          "error: c.yaml:1:13: a[0]: while constructing pairs: expected a mapping of length 1, but found scalar");
    CHECK(loaded("a: !!omap {x: 1}\n") ==
          "error: c.yaml:1:4: a: while constructing an ordered map: expected a sequence, but found mapping");
    CHECK(loaded("a: !!set {x, y}\n") == "error: c.yaml:1:4: a: Value 'set' is not a supported primitive type");
    CHECK(loaded("a: !!seq {x: 1}\n") == "error: c.yaml:1:4: a: expected a sequence node, but found mapping");
    CHECK(loaded("a: !!str [1]\n") == "error: c.yaml:1:4: a: expected a scalar node, but found sequence");
    CHECK(loaded("a: !!map {x: 1}\nb: !!seq [1]\n") == "{'a': {'x': 1}, 'b': [1]}");
}

TEST_CASE("parse_yaml rejects unsupported tags and complex keys") {
    CHECK(loaded("a: !!python/object:os.system x\n") ==
          "error: c.yaml:1:4: a: unsupported YAML tag 'tag:yaml.org,2002:python/object:os.system'");
    CHECK(loaded("a: !custom {b: 1}\n") == "error: c.yaml:1:4: a: unsupported YAML tag '!custom'");
    CHECK(loaded("telemetry: !!python/object/apply:os.system [\"echo hi\"]\n") ==
          "error: c.yaml:1:12: telemetry: unsupported YAML tag 'tag:yaml.org,2002:python/object/apply:os.system'");
    CHECK(loaded("a: !!python/name:os.system\n") ==
          "error: c.yaml:1:4: a: unsupported YAML tag 'tag:yaml.org,2002:python/name:os.system'");
    CHECK(loaded("? [a]\n: 1\n") == "error: c.yaml:1:3: a mapping key must be a scalar, not a collection");
}

TEST_CASE("parse_yaml limits nesting depth", "[limits]") {
    ParseLimits limits;
    limits.max_depth = 5;
    CHECK_THROWS_WITH(parse_yaml("a: [[[[[[1]]]]]]\n", "c.yaml", limits),
                      "c.yaml:1:8: a[0][0][0][0]: nesting deeper than 5 levels");
}

TEST_CASE("parse_yaml stops block nesting at max_depth", "[limits]") {
    ParseLimits limits;
    limits.max_depth = 2;
    CHECK(error_of([&] { parse_yaml("a:\n  b:\n    c: 1\n", "c.yaml", limits); }) ==
          "c.yaml:3:5: a.b: nesting deeper than 2 levels");
}

TEST_CASE("parse_yaml stops deep flow collections before yaml-cpp's recursion guard", "[limits]") {
    // yaml-cpp recurses once per level and gives up at 2000; the default stops at 256.
    std::string flow = "telemetry: " + repeat("[", 100000) + repeat("]", 100000) + "\n";
    // (The message shortens the 256-level key path in the middle.)
    CHECK_THAT(error_of([&] { parse_yaml(flow, "c.yaml"); }),
               Catch::StartsWith("c.yaml:1:267: telemetry[0][0][0]") && Catch::Contains("[0]...[0]") &&
                   Catch::EndsWith("[0][0]: nesting deeper than 256 levels"));
    CHECK_THAT(error_of([] { parse_yaml("t: " + repeat("{a: ", 3000) + repeat("}", 3000) + "\n", "c.yaml"); }),
               Catch::EndsWith(": nesting deeper than 256 levels"));
    CHECK_THAT(error_of([] { parse_yaml("t: " + repeat("[", 3000) + "\n", "c.yaml"); }),
               Catch::StartsWith("c.yaml:1:"));
}

TEST_CASE("parse_yaml shares aliases: a billion laughs costs its text, not its expansion", "[limits]") {
    auto start = std::chrono::steady_clock::now();
    auto root = parse_yaml(laughs(40), "c.yaml");
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(20));
    const auto& a39 = *root->find("a39");
    const auto& a38 = *root->find("a38");
    REQUIRE(a39->items().size() == 10);
    CHECK(a39->items()[0] == a38);
    CHECK(a39->items()[9] == a38);
}

TEST_CASE("parse_yaml indexes keys: a mapping of 100,000 keys is linear", "[limits]") {
    std::string text = "telemetry:\n";
    for (int i = 0; i < 100000; ++i) text += fmt::format("  k{}: v{}\n", i, i);
    auto start = std::chrono::steady_clock::now();
    auto root = parse_yaml(text, "c.yaml");
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(30));
    CHECK((*root->find("telemetry"))->entries().size() == 100000);
    CHECK(loaded("a:\n  k: 1\n  j: 2\n  k: 3\n") == "error: c.yaml:4:3: a.k: duplicate key 'k'");
}

TEST_CASE("parse_yaml limits the values in one document", "[limits]") {
    ParseLimits limits;
    limits.max_nodes = 5;
    CHECK(error_of([&] { parse_yaml("a: 1\nb: 2\nc: 3\n", "c.yaml", limits); }) ==
          "c.yaml:3:1: more than 5 values in one file");
}

TEST_CASE("parse_yaml limits what merge keys copy", "[limits]") {
    ParseLimits limits;
    limits.max_merged_entries = 10;
    std::string text =
        "m0: &m0 {a: 1, b: 2, c: 3, d: 4}\n"
        "m1: &m1 {<<: *m0, e: 5}\n"
        "m2: &m2 {<<: *m1, f: 6}\n"
        "m3: {<<: *m2, g: 7}\n";
    CHECK(error_of([&] { parse_yaml(text, "c.yaml", limits); }) ==
          "c.yaml:3:5: m2: merge keys (<<) copy more than 10 entries");
    // A mapping listed twice in a merge list is copied once.
    auto root = parse_yaml("a: &a {x: 1}\nb: &b {x: 2, y: 3}\nc: {<<: [*a, *b, *a, *b, *a]}\n", "c.yaml");
    const auto& c = *root->find("c");
    REQUIRE(c->entries().size() == 2);
    CHECK((*c->find("x"))->text() == "1");
    CHECK((*c->find("y"))->text() == "3");
}
