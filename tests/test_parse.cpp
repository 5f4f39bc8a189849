#include <catch2/catch.hpp>

#include "gym_otel_env/parse.hpp"

using namespace goe;

namespace {

std::string loaded(std::string_view doc) {
    try {
        NodePtr n = parse_yaml(doc, "c.yaml");
        return n ? python_str(*n) : "<empty>";
    } catch (const Error& e) {
        return std::string("error: ") + e.what();
    }
}

}  // namespace

TEST_CASE("parse_yaml keeps quoted scalars as strings and types plain ones") {
    CHECK(loaded("a: 'true'\nb: \"1\"\nc: true\nd: 1\ne:\n") ==
          "{'a': 'true', 'b': '1', 'c': True, 'd': 1, 'e': None}");
    CHECK(loaded("a: !!str 1\nb: !!int '7'\nc: ! true\n") == "{'a': '1', 'b': 7, 'c': 'true'}");
}

TEST_CASE("parse_yaml records file:line:col of every value") {
    NodePtr n = parse_yaml("a:\n  b:   x\n  c: [1, 'y']\n", "c.yaml");
    const Node& a = **n->find("a");
    CHECK((*a.find("b"))->origin.str() == "c.yaml:2:8");
    CHECK((*a.find("c"))->items[1]->origin.str() == "c.yaml:3:10");
}

TEST_CASE("parse_yaml rejects duplicate string keys, as OmegaConf's loader does") {
    CHECK(loaded("a: 1\nb: 2\na: 3\n") == "error: c.yaml:3:1: a: duplicate key 'a'");
    CHECK(loaded("t:\n  x: 1\n  'x': 2\n") == "error: c.yaml:3:3: t.x: duplicate key 'x'");
    // Non-string keys are not checked: the later one wins.
    CHECK(loaded("1: a\n1: b\n") == "{'1': 'b'}");
}

TEST_CASE("parse_yaml remembers a string key after a key of another type replaced its value") {
    CHECK(loaded("'1': a\n1: b\n") == "{'1': 'b'}");
    CHECK(loaded("1: a\n'1': b\n") == "{'1': 'b'}");
    CHECK(loaded("'1': a\n1: b\n'1': c\n") == "error: c.yaml:3:1: 1: duplicate key '1'");
    // The same in a mapping large enough to be indexed.
    std::string many;
    for (int i = 0; i < 20; ++i) many += "k" + std::to_string(i) + ": " + std::to_string(i) + "\n";
    CHECK(loaded(many + "'7': a\n7: b\nk3: c\n") == "error: c.yaml:23:1: k3: duplicate key 'k3'");
    CHECK(loaded(many + "'7': a\n7: b\n'7': c\n") == "error: c.yaml:23:1: 7: duplicate key '7'");
}

TEST_CASE("parse_yaml checks the syntax of every interpolation when asked") {
    bool valid = false;
    parse_yaml("a: ${x}\nb: [1, {c: 'x${oc.env:A,b}'}]\n", "c.yaml", {}, &valid);
    CHECK(valid);
    parse_yaml("a: ${x}\nb: [1, {c: 'x${oc.env:A'}]\n", "c.yaml", {}, &valid);
    CHECK_FALSE(valid);
    // Keys are not values: OmegaConf does not check them.
    parse_yaml("'${x': 1\n", "c.yaml", {}, &valid);
    CHECK(valid);
    // A malformed value that a later key replaces still counts here; the loader's walk
    // of the finished tree then finds nothing, as before.
    parse_yaml("1: '${x'\n'1': ok\n", "c.yaml", {}, &valid);
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
    CHECK(loaded("a: 1\n---\nb: 2\n") == "error: c.yaml: expected a single document, found several");
}

TEST_CASE("parse_yaml reports malformed YAML with its position") {
    CHECK(loaded("a: [1, 2\n") == "error: c.yaml:2:1: malformed YAML: end of sequence flow not found");
    CHECK(loaded("a: 'x\n") == "error: c.yaml:1:4: a: malformed YAML: end of quoted scalar not found");
}

TEST_CASE("parse_yaml rejects bytes PyYAML's reader rejects") {
    CHECK(loaded(std::string("a: x\x01y\n")) == "error: c.yaml:1:5: character U+0001 is not allowed in YAML");
    CHECK(loaded(std::string("a: b\n\xff\n")) == "error: c.yaml:2:1: invalid UTF-8 byte 0xff");
    CHECK(loaded(std::string("a: \xc3\xa9\n")) == "{'a': '\xc3\xa9'}");
    CHECK(loaded(std::string("a: x\0y\n", 7)) == "error: c.yaml:1:5: character U+0000 is not allowed in YAML");
}

TEST_CASE("parse_yaml rejects unsupported tags and complex keys") {
    CHECK(loaded("a: !!python/object:os.system x\n") ==
          "error: c.yaml:1:4: a: unsupported YAML tag 'tag:yaml.org,2002:python/object:os.system'");
    CHECK(loaded("a: !custom {b: 1}\n") == "error: c.yaml:1:4: a: unsupported YAML tag '!custom'");
    CHECK(loaded("? [a]\n: 1\n") == "error: c.yaml:1:3: a mapping key must be a scalar, not a collection");
}

TEST_CASE("parse_yaml limits nesting depth") {
    ParseLimits limits;
    limits.max_depth = 5;
    CHECK_THROWS_WITH(parse_yaml("a: [[[[[[1]]]]]]\n", "c.yaml", limits),
                      "c.yaml:1:8: a[0][0][0][0]: nesting deeper than 5 levels");
}
