#include <fmt/format.h>
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>

#include "gym_otel_env/omegaconf/interpolation.hpp"
#include "gym_otel_env/omegaconf/resolve.hpp"
#include "gym_otel_env/yaml/parse.hpp"
#include "support.hpp"

using namespace goe;
using goe::testing::error_of;
using goe::testing::laughs;

namespace {

const Environment kEnv{{"E", "env-val"}, {"EMPTY", ""}, {"N", "42"}, {"HOME", "/home/me"}};

std::string single_quoted(std::string_view s) {
    std::string out = "'";
    for (char c : s) out += c == '\'' ? std::string("''") : std::string(1, c);
    return out + "'";
}

// The resolved value of t.v in a fixed config, or throws Error.
NodePtr resolve_value(std::string_view value, const Environment& env = kEnv) {
    std::string doc =
        "x: {n: 42, f: 1.5, b: true, s: str, nul: null, key: n, l: [10, 20], d: {k: v}}\n"
        "t:\n  o: other\n  v: " +
        single_quoted(value) + "\n";
    NodePtr root = parse_yaml(doc, "c.yaml");
    check_interpolations(root, "");
    NodePtr block = resolve_subtree(root, "t", env);
    return *block->find("v");
}

// The telemetry block of `doc` resolved, after the check OmegaConf makes of every ${...}
// when it loads a config.
NodePtr resolve_block(std::string_view doc, const ResolveLimits& limits = {}) {
    NodePtr root = parse_yaml(doc, "c.yaml");
    check_interpolations(root, "");
    return resolve_subtree(root, "telemetry", kEnv, limits);
}

auto seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

struct Row {
    const char* value;
    const char* type;  // type_name(), or "error"
    const char* text;  // Python str() of the result, or the error's message after "c.yaml:4:6: t.v: "
};

// Expected results come from OmegaConf 2.2 (OmegaConf.to_container(resolve=True)), which
// 2.3 does not change on these; an error row is the tool's wording of OmegaConf's error.
const Row kRows[] = {
    {R"~(${oc.env:E})~", "string", R"~(env-val)~"},
    {R"~(${oc.env:EMPTY})~", "string", R"~()~"},
    {R"~(${oc.env:NOPE,def})~", "string", R"~(def)~"},
    {R"~(${oc.env:NOPE,8080})~", "string", R"~(8080)~"},
    {R"~(${oc.env:NOPE,1.5})~", "string", R"~(1.5)~"},
    {R"~(${oc.env:NOPE,true})~", "string", R"~(True)~"},
    {R"~(${oc.env:NOPE,null})~", "null", R"~(None)~"},
    {R"~(${oc.env:NOPE,'a, b'})~", "string", R"~(a, b)~"},
    {R"~(${oc.env:NOPE,"x"})~", "string", R"~(x)~"},
    {R"~(${oc.env:NOPE,  spaced  out  })~", "string", R"~(spaced  out)~"},
    {R"~(${oc.env:NOPE,a\,b})~", "string", R"~(a,b)~"},
    {R"~(${oc.env:NOPE,a\}b})~", "string", R"~(a}b)~"},
    {R"~(${oc.env:NOPE,a\\b})~", "string", R"~(a\b)~"},
    {R"~(${oc.env:NOPE,${oc.env:E,x}})~", "string", R"~(env-val)~"},
    {R"~(${oc.env:NOPE,${oc.env:NOPE2,x}})~", "string", R"~(x)~"},
    {R"~(${oc.env:NOPE,1e3})~", "string", R"~(1000.0)~"},
    {R"~(${oc.env:NOPE,0x10})~", "string", R"~(0x10)~"},
    {R"~(${oc.env:NOPE,010})~", "string", R"~(010)~"},
    {R"~(${oc.env:NOPE,-5})~", "string", R"~(-5)~"},
    {R"~(${oc.env:NOPE,+5})~", "string", R"~(5)~"},
    {R"~(${oc.env:NOPE,1_000})~", "string", R"~(1000)~"},
    {R"~(${oc.env:NOPE,inf})~", "string", R"~(inf)~"},
    {R"~(${oc.env:NOPE,NaN})~", "string", R"~(nan)~"},
    {R"~(${oc.env:NOPE,[1,2]})~", "string", R"~([1, 2])~"},
    {R"~(${oc.env:NOPE,{a:1}})~", "string", R"~({'a': 1})~"},
    {R"~(${oc.env:NOPE,http://x:80/p})~", "string", R"~(http://x:80/p)~"},
    {R"~(${oc.env:NOPE,})~", "string", R"~()~"},
    {R"~(${oc.env:NOPE, })~", "string", R"~()~"},
    {R"~(${oc.env:NOPE,a b})~", "string", R"~(a b)~"},
    {R"~(${oc.env:NOPE,TrUe})~", "string", R"~(True)~"},
    {R"~(${oc.env:NOPE,1.})~", "string", R"~(1.0)~"},
    {R"~(${oc.env:NOPE,.5})~", "string", R"~(0.5)~"},
    {R"~(${oc.env:NOPE,a=b})~", "error", R"~(invalid interpolation: token recognition error at: '=')~"},
    {R"~(${oc.env:NOPE})~", "error", R"~(environment variable 'NOPE' not found)~"},
    {R"~(${oc.env:N})~", "string", R"~(42)~"},
    {R"~(pre-${oc.env:N}-post)~", "string", R"~(pre-42-post)~"},
    {R"~(pre-${x.n}-post)~", "string", R"~(pre-42-post)~"},
    {R"~(${x.n})~", "integer", R"~(42)~"},
    {R"~(${x.f})~", "float", R"~(1.5)~"},
    {R"~(${x.b})~", "boolean", R"~(True)~"},
    {R"~(${x.s})~", "string", R"~(str)~"},
    {R"~(${x.nul})~", "null", R"~(None)~"},
    {R"~(x${x.nul})~", "string", R"~(xNone)~"},
    {R"~(${.o})~", "string", R"~(other)~"},
    {R"~(${..x.n})~", "integer", R"~(42)~"},
    {R"~(\${x.n})~", "string", R"~(${x.n})~"},
    {R"~(\\${x.n})~", "string", R"~(\42)~"},
    {R"~(\\\${x.n})~", "string", R"~(\${x.n})~"},
    {R"~($x)~", "string", R"~($x)~"},
    {R"~(a $ b)~", "string", R"~(a $ b)~"},
    {R"~(${x.missing})~", "error", R"~(interpolation key 'x.missing' not found)~"},
    {R"~(${oc.select:x.n,5})~", "integer", R"~(42)~"},
    {R"~(${oc.select:x.zz,5})~", "integer", R"~(5)~"},
    {R"~(${oc.select:x.zz})~", "null", R"~(None)~"},
    {R"~(${oc.select:x.zz,null})~", "null", R"~(None)~"},
    {R"~(${oc.decode:'123'})~", "integer", R"~(123)~"},
    {R"~(${oc.decode:'[1, a]'})~", "list", R"~([1, 'a'])~"},
    {R"~(${oc.decode:'{a: 1}'})~", "mapping", R"~({'a': 1})~"},
    {R"~(${oc.decode:' true '})~", "string", R"~( true )~"},
    {R"~(${oc.decode:${oc.env:N}})~", "integer", R"~(42)~"},
    {R"~(${foo:bar})~", "error", R"~(unsupported interpolation type 'foo' (unknown resolver))~"},
    {R"~(${oc.env:NOPE)~", "error", R"~(invalid interpolation: unterminated '${': the closing '}' is missing)~"},
    {R"~(${)~", "error", R"~(invalid interpolation: unterminated '${': the closing '}' is missing)~"},
    {R"~(${x.l[0]})~", "integer", R"~(10)~"},
    {R"~(${x.l.1})~", "integer", R"~(20)~"},
    {R"~(${x[n]})~", "integer", R"~(42)~"},
    {R"~(${x.${x.key}})~", "integer", R"~(42)~"},
    {R"~(${oc.env:NOPE,'${x.n}'})~", "string", R"~(42)~"},
    {R"~(${oc.env:NOPE,"a\"b"})~", "string", R"~(a"b)~"},
    {R"~(${oc.env:NOPE,'a\'b'})~", "string", R"~(a'b)~"},
    {R"~(${oc.env:NOPE,'a\\'})~", "string", R"~(a\)~"},
    {R"~(${ x.n })~", "integer", R"~(42)~"},
    {R"~(${oc.env: NOPE , z })~", "string", R"~(z)~"},
    {R"~(${oc.select:.o})~", "string", R"~(other)~"},
    {R"~(${x.l})~", "list", R"~([10, 20])~"},
    {R"~(x-${x.l})~", "string", R"~(x-[10, 20])~"},
    {R"~(x-${x.d})~", "string", R"~(x-{'k': 'v'})~"},
    {R"~(${oc.env:NOPE,é})~", "error", R"~(invalid interpolation: token recognition error at: 'é')~"},
    {R"~(${oc.decode:''})~", "error", R"~(oc.decode: cannot parse '': no viable alternative at input '<EOF>')~"},
    {R"~(${oc.decode:null})~", "null", R"~(None)~"},
    // A list index is read as Python's int() reads it; a negative one is not found, and a
    // text int() refuses is an error even where oc.select would give its default.
    {R"~(${x.l.0_1})~", "integer", R"~(20)~"},
    {R"~(${x.l.+1})~", "integer", R"~(20)~"},
    {R"~(${x.l[01]})~", "integer", R"~(20)~"},
    {R"~(${oc.select:'x.l. 1 '})~", "integer", R"~(20)~"},
    {R"~(${x.l.-1})~", "error", R"~(interpolation key 'x.l.-1' not found)~"},
    {R"~(${x.l.2})~", "error", R"~(interpolation key 'x.l.2' not found)~"},
    {R"~(${x.l.x})~", "error", R"~(list index 'x' in key 'x.l.x' is not an int)~"},
    {R"~(${x.l.1__0})~", "error", R"~(list index '1__0' in key 'x.l.1__0' is not an int)~"},
    {R"~(${oc.select:x.l.x,d})~", "error", R"~(list index 'x' in key 'x.l.x' is not an int)~"},
    {R"~(${oc.select:x.l.-1,d})~", "string", R"~(d)~"},
    {R"~(${oc.select:x.l.5,d})~", "string", R"~(d)~"},
    {R"~(${oc.select:x.s.k,d})~", "string", R"~(d)~"},
    // A node interpolation to a container holding the value.
    {R"~(${t})~", "error", R"~(interpolation to parent node detected: 't' contains this value)~"},
    {R"~(v=${t})~", "error", R"~(interpolation to parent node detected: 't' contains this value)~"},
    {R"~(v=${..t})~", "error", R"~(interpolation to parent node detected: '..t' contains this value)~"},
    // oc.create: a container where the value is.
    {R"~(${oc.create:{a: 1, b: ${x.n}}})~", "mapping", R"~({'a': 1, 'b': 42})~"},
    {R"~(${oc.create:[1, ${x.s}]})~", "list", R"~([1, 'str'])~"},
    {R"~(${oc.create:${x.d}})~", "mapping", R"~({'k': 'v'})~"},
    {R"~(${oc.create:${x.l}})~", "list", R"~([10, 20])~"},
    {R"~(${oc.create:null})~", "null", R"~(None)~"},
    {R"~(v=${oc.create:{a: 1}})~", "string", R"~(v={'a': 1})~"},
    {R"~(${oc.create:5})~", "error", R"~(oc.create: object of unsupported type: integer 5)~"},
    {R"~(${oc.create:'a: 1'})~", "error",
     R"~(oc.create of a YAML string is not supported by gym-otel-env; give it a mapping or a list)~"},
    // oc.deprecated: the node at the key.
    {R"~(${oc.deprecated:x.n})~", "integer", R"~(42)~"},
    {R"~(${oc.deprecated:.o})~", "string", R"~(other)~"},
    {R"~(${oc.deprecated:x.d})~", "mapping", R"~({'k': 'v'})~"},
    {R"~(${oc.deprecated:x.zz})~", "error", R"~(in oc.deprecated resolver at 't.v': key not found: 'x.zz')~"},
    {R"~(${oc.deprecated:1})~", "error", R"~(oc.deprecated: interpolation key type is not a string (integer 1))~"},
    {R"~(${oc.deprecated:x.n,1})~", "error",
     R"~(oc.deprecated: interpolation message type is not a string (integer 1))~"},
    // oc.dict.keys and oc.dict.values: lists; the values' interpolations resolve when read.
    {R"~(${oc.dict.keys:x.d})~", "list", R"~(['k'])~"},
    {R"~(${oc.dict.keys:.})~", "list", R"~(['o', 'v'])~"},
    {R"~(v=${oc.dict.keys:x.d})~", "string", R"~(v=['k'])~"},
    {R"~(${oc.dict.keys:x.l})~", "error", R"~(oc.dict.keys cannot be applied to a list)~"},
    {R"~(${oc.dict.keys:x.nul})~", "error", R"~(oc.dict.keys cannot be applied to a null)~"},
    {R"~(${oc.dict.keys:x.zz})~", "error", R"~(oc.dict.keys: key not found: 'x.zz')~"},
    {R"~(${oc.dict.keys:1})~", "error", R"~(oc.dict.keys requires a string as input, got integer 1)~"},
    {R"~(${oc.dict.values:x.d})~", "list", R"~(['v'])~"},
    {R"~(${oc.dict.values:x})~", "list", R"~([42, 1.5, True, 'str', None, 'n', [10, 20], {'k': 'v'}])~"},
    {R"~(v=${oc.dict.values:x.d})~", "string", R"~(v=['${x.d.k}'])~"},
    {R"~(${oc.dict.values:..x.d})~", "list", R"~(['v'])~"},
};

}  // namespace

TEST_CASE("resolve_subtree gives what OmegaConf gives for each interpolation form") {
    for (const auto& row : kRows) {
        CAPTURE(row.value);
        if (std::string_view(row.type) == "error") {
            CHECK(error_of([&] { resolve_value(row.value); }) == "c.yaml:4:6: t.v: " + std::string(row.text));
            continue;
        }
        NodePtr v = resolve_value(row.value);
        CHECK(type_name(v->type) == row.type);
        CHECK(python_str(*v) == row.text);
    }
}

// OmegaConf 2.2.2 on "shared: {1: b}\nx: ${shared.1}": InterpolationKeyError "Interpolation
// key 'shared.1' not found"; "p-${shared}" is "p-{1: 'b'}".
TEST_CASE("resolve_subtree: regression: ${shared.1} found the int key 1, which OmegaConf does not") {
    CHECK(error_of([&] { resolve_block("shared: {1: b}\ntelemetry:\n  a: ${shared.1}\n"); }) ==
          "c.yaml:3:6: telemetry.a: interpolation key 'shared.1' not found");
    CHECK(error_of([&] { resolve_block("shared: {true: b}\ntelemetry:\n  a: ${shared.True}\n"); }) ==
          "c.yaml:3:6: telemetry.a: interpolation key 'shared.True' not found");
    NodePtr root = parse_yaml(
        "shared: {1: b, '2': c, false: 1, 1.5: x}\ntelemetry:\n  a: p-${shared}\n  b: ${shared.2}\n", "c.yaml");
    NodePtr block = resolve_subtree(root, "telemetry", kEnv);
    CHECK((*block->find("a"))->text() == "p-{1: 'b', '2': 'c', False: 1, 1.5: 'x'}");
    CHECK((*block->find("b"))->text() == "c");
}

// OmegaConf 2.2.2 and 2.3.0 on each: InterpolationResolutionError "Interpolation to parent
// node detected". The tool printed the block's repr, or hit its nesting limit.
TEST_CASE("resolve_subtree: regression: an interpolation to a container holding the value is refused") {
    CHECK(error_of([&] { resolve_block("telemetry:\n  run_id: r\n  service_name: \"v=${telemetry}\"\n"); }) ==
          "c.yaml:3:17: telemetry.service_name: interpolation to parent node detected: 'telemetry' contains this "
          "value");
    CHECK(error_of([&] { resolve_block("x: ${telemetry}\ntelemetry:\n  service_name: \"v=${x}\"\n"); }) ==
          "c.yaml:3:17: telemetry.service_name: interpolation to parent node detected: 'x' contains this value");
    CHECK(error_of([&] { resolve_block("telemetry:\n  sub: {a: '${..sub}'}\n"); }) ==
          "c.yaml:2:12: telemetry.sub.a: interpolation to parent node detected: '..sub' contains this value");
    CHECK(error_of([&] { resolve_block("lst: [a, '${lst}']\ntelemetry:\n  s: ${lst.1}\n"); }) ==
          "c.yaml:1:10: lst[1]: interpolation to parent node detected: 'lst' contains this value");
    // A sibling, or the same mapping reached through a resolver, is not a parent.
    NodePtr block = resolve_block("telemetry:\n  a: {k: v}\n  b: '${.a}'\n  c: 'v=${oc.select:telemetry.a}'\n");
    CHECK(python_str(*block) == "{'a': {'k': 'v'}, 'b': {'k': 'v'}, 'c': \"v={'k': 'v'}\"}");
}

// OmegaConf 2.2.2 and 2.3.0: ${lst.-1} is InterpolationKeyError "Interpolation key 'lst.-1'
// not found"; the tool gave the last item. ${lst.1_0} is item 10; the tool found none.
TEST_CASE("resolve_subtree: regression: a list index is Python's int(), never negative") {
    const std::string lst = "lst: [a, b, c, d, e, f, g, h, i, j, k]\n";
    CHECK(error_of([&] { resolve_block(lst + "telemetry:\n  s: ${lst.-1}\n"); }) ==
          "c.yaml:3:6: telemetry.s: interpolation key 'lst.-1' not found");
    CHECK((*resolve_block(lst + "telemetry:\n  s: ${lst.1_0}\n")->find("s"))->text() == "k");
    // int() reads any script's decimal digits: ARABIC-INDIC DIGIT ONE is item 1, and
    // DEVANAGARI ONE ZERO item 10; a superscript two is no digit.
    CHECK((*resolve_block(lst + "telemetry:\n  s: ${lst.\xd9\xa1}\n")->find("s"))->text() == "b");
    CHECK((*resolve_block(lst + "telemetry:\n  s: ${lst.\xe0\xa5\xa7\xe0\xa5\xa6}\n")->find("s"))->text() == "k");
    CHECK(error_of([&] { resolve_block(lst + "telemetry:\n  s: ${lst.\xc2\xb2}\n"); }) ==
          "c.yaml:3:6: telemetry.s: list index '\xc2\xb2' in key 'lst.\xc2\xb2' is not an int");
    // Past what size_t holds is past the end, not item 0.
    CHECK(error_of([&] { resolve_block(lst + "telemetry:\n  s: ${lst.99999999999999999999999}\n"); }) ==
          "c.yaml:3:6: telemetry.s: interpolation key 'lst.99999999999999999999999' not found");
}

// OmegaConf names the item of oc.dict.values' list whatever fails on its way, and the
// list has no key of its own: full keys from OmegaConf 2.2.2 (to_container of the block).
TEST_CASE("resolve_subtree: regression: oc.dict.values' errors named the failing node, not the item OmegaConf names") {
    auto [yaml, expected] = GENERATE(table<std::string, std::string>({
        {"foo: {b: '${nope}'}\ntelemetry: {x: '${oc.dict.values:foo}'}\n",
         "c.yaml:2:16: telemetry.[0]: interpolation key 'nope' not found"},
        {"foo: {a: 1, b: '${oc.env:NOPE_Q}'}\ntelemetry: {x: '${oc.dict.values:foo}'}\n",
         "c.yaml:2:16: telemetry.[1]: environment variable 'NOPE_Q' not found"},
        {"foo: {b: '${s.a}'}\ns: {a: '${nope}'}\ntelemetry: {x: '${oc.dict.values:foo}'}\n",
         "c.yaml:3:16: telemetry.[0]: interpolation key 'nope' not found"},
        {"foo: {b: '${nope}'}\ntelemetry: {x: {y: '${oc.dict.values:foo}'}}\n",
         "c.yaml:2:20: telemetry.x.[0]: interpolation key 'nope' not found"},
        {"foo: {b: '${nope}'}\ntelemetry: {x: ['${oc.dict.values:foo}']}\n",
         "c.yaml:2:17: telemetry.x[0]: interpolation key 'nope' not found"},
    }));
    CAPTURE(yaml);
    const std::string config = yaml;  // a lambda cannot capture a binding (clang 14)
    CHECK(error_of([&] { resolve_block(config); }) == expected);
}

TEST_CASE("resolve_subtree: a container oc.create or oc.dict.values makes resolves from where the value is") {
    // `..z` in the copy of y is the block's z, not the root's.
    NodePtr block = resolve_block("y: {a: '${..z}'}\nz: 1\ntelemetry:\n  c: '${oc.create:${y}}'\n  z: 2\n");
    CHECK(python_str(*block) == "{'c': {'a': 2}, 'z': 2}");
    block = resolve_block(
        "x: {a: '${y}', b: 2}\ny: 1\ntelemetry:\n  v: ${oc.dict.values:x}\n  w: '${oc.dict.values:.w2}'\n  "
        "w2: {k: '${y}'}\n");
    CHECK(python_str(*block) == "{'v': [1, 2], 'w': [1], 'w2': {'k': 1}}");
    CHECK(error_of([&] { resolve_block("telemetry:\n  extra: '${oc.dict.values:.sub}'\n  sub: {a: '${nope}'}\n"); }) ==
          "c.yaml:2:10: telemetry.[0]: interpolation key 'nope' not found");  // OmegaConf names the item
    // oc.select and oc.deprecated give the node itself, resolved where it is.
    block = resolve_block("x: {a: '${.b}', b: 3}\ntelemetry:\n  s: ${oc.select:x}\n  d: ${oc.deprecated:x}\n");
    CHECK(python_str(*block) == "{'s': {'a': 3, 'b': 3}, 'd': {'a': 3, 'b': 3}}");
}

// OmegaConf 2.2.2 and 2.3.0: OmegaConf.create(str) reads the string as YAML.
TEST_CASE("resolve_subtree: oc.create of a string reads it as YAML, with the reader it is given") {
    ResolveLimits limits;
    limits.read_yaml = [](std::string_view text) { return parse_yaml(text, "the string"); };
    auto [value, expected] = GENERATE(table<std::string, std::string>({
        {"${oc.create:'a: 1'}", "{'a': 1}"},
        {"${oc.create:'[1, yes]'}", "[1, True]"},
        {"${oc.create:abc}", "{'abc': None}"},
        {"${oc.create:''}", "{}"},
        {"${oc.create:'~'}", "{}"},
        {"${oc.create:'null'}", "{}"},
        {"${oc.create:'&a'}", "{}"},
        {R"(${oc.create:'b: \${..z}'})", "{'b': 2}"},
        {"${oc.create:'b: ${..z}'}", "error: interpolation key '..z' not found"},
        {"v=${oc.create:'a: 1'}", "v={'a': 1}"},
        {"${oc.create:'5'}", "error: oc.create: the YAML string gives a integer, not a mapping or a list"},
        {"${oc.create:'a: [1'}",
         "error: oc.create: the string:1:6: while parsing a flow sequence: expected ',' or ']', but got '<stream "
         "end>'"},
    }));
    std::string doc = "telemetry:\n  v: " + single_quoted(value) + "\n  z: 2\n";
    CAPTURE(doc);
    std::string got;
    try {
        // The secrets known (none here), as in the block: the reader's message is shown.
        SecretTexts secrets{{{"h", {}}}, {}, {}};
        NodePtr block = resolve_subtree(parse_yaml(doc, "c.yaml"), "telemetry", kEnv, limits, &secrets);
        got = python_str(*block->find("v")->get());
    } catch (const Error& e) {
        got = "error: " + e.detail();
    }
    CHECK(got == expected);
}

// The reader's message quotes a piece of its text ("unsupported YAML tag '!kS3CRET'"),
// which masking the whole secret would not hide.
TEST_CASE("resolve_subtree: oc.create of a secret that is no YAML shows none of it") {
    ResolveLimits limits;
    limits.read_yaml = [](std::string_view text) { return parse_yaml(text, "the string"); };
    SecretTexts secrets{{{"h", {}}}, {}, {}};
    Environment env;
    const std::string doc = "telemetry: {h: '!kS3CRET a', s: '${oc.create:${telemetry.h}}'}\n";
    std::string message =
        error_of([&] { resolve_subtree(parse_yaml(doc, "c.yaml"), "telemetry", env, limits, &secrets); });
    CHECK(message ==
          "c.yaml:1:33: telemetry.s: oc.create: the YAML string cannot be read (its text is not shown: it may hold a "
          "secret)");
    CHECK(message.find("S3CRET") == std::string::npos);
    // Where the secrets are not known, as in Gym's pass over the top level, no text is shown.
    CHECK(error_of([&] { resolve_block("telemetry: {s: '${oc.create:\"a: [1\"}'}\n", limits); }) ==
          "c.yaml:1:16: telemetry.s: oc.create: the YAML string cannot be read (its text is not shown: it may hold a "
          "secret)");
}

TEST_CASE("resolve_top_level: a top-level value may list the block's keys, unresolved inside") {
    NodePtr root = parse_yaml(
        "k: ${oc.dict.keys:telemetry}\nv: ${oc.dict.values:telemetry}\ntelemetry:\n  service_name: s\n  n: ${nope}\n",
        "c.yaml");
    CHECK(python_str(*resolve_top_level(root, "k", kEnv)) == "['service_name', 'n']");
    CHECK(python_str(*resolve_top_level(root, "v", kEnv)) == "['${telemetry.service_name}', '${telemetry.n}']");
}

TEST_CASE("resolve_subtree: oc.dict.keys keeps each key's type") {
    NodePtr block = resolve_block("x: {1: a, false: b, 1.5: c, s: d}\ntelemetry:\n  k: ${oc.dict.keys:x}\n");
    const NodePtr& keys = *block->find("k");
    CHECK(python_str(*keys) == "[1, False, 1.5, 's']");
    CHECK(keys->items()[0]->type == Type::integer);
    CHECK(keys->items()[1]->type == Type::boolean);
    CHECK(keys->items()[2]->type == Type::real);
}

TEST_CASE("resolve_subtree: oc.deprecated's warning, with the keys put in and each text once") {
    NodePtr root = parse_yaml(
        "a: ${b}\nb: svc\ntelemetry:\n  s: ${oc.deprecated:a}\n  t: ${oc.deprecated:a}\n"
        "  u: ${oc.deprecated:b,'$$OLD_KEY $OLD_KEYS $OTHER $ \\${OLD_KEY} $NEW_KEY'}\n",
        "c.yaml");
    std::vector<DeprecatedKey> warnings;
    NodePtr block = resolve_subtree(root, "telemetry", kEnv, {}, nullptr, &warnings);
    CHECK(python_str(*block) == "{'s': 'svc', 't': 'svc', 'u': 'svc'}");
    REQUIRE(warnings.size() == 3);
    CHECK(locate(warnings[0].origin, warnings[0].path, warnings[0].message) ==
          "c.yaml:4:6: telemetry.s: 'telemetry.s' is deprecated. Change your code and config to use 'b'");
    CHECK(warnings[1].message == "'telemetry.t' is deprecated. Change your code and config to use 'b'");
    CHECK(warnings[2].message == "$OLD_KEY $OLD_KEYS $OTHER $ telemetry.u b");
}

TEST_CASE("resolve_subtree names the key path and position of a failing value") {
    CHECK(error_of([&] { resolve_block("telemetry:\n  enabled: ${oc.env:NOPE}\n"); }) ==
          "c.yaml:2:12: telemetry.enabled: environment variable 'NOPE' not found");
    CHECK(error_of([&] { resolve_block("telemetry:\n  a: ${b.c}\n"); }) ==
          "c.yaml:2:6: telemetry.a: interpolation key 'b.c' not found");
    CHECK(error_of([&] { resolve_block("telemetry:\n  a: ${foo:1}\n"); }) ==
          "c.yaml:2:6: telemetry.a: unsupported interpolation type 'foo' (unknown resolver)");
    CHECK(error_of([&] { resolve_block("telemetry:\n  a: ${.b}\n  b: ${.a}\n"); }) ==
          "c.yaml:2:6: telemetry.a: recursive interpolation detected");
    CHECK(error_of([&] { resolve_block("telemetry:\n  a: ???\n"); }) ==
          "c.yaml:2:6: telemetry.a: mandatory value missing: the value is '\?\?\?'");
    CHECK(error_of([&] { resolve_block("x: ???\ntelemetry:\n  a: ${x}\n"); }) ==
          "c.yaml:3:6: telemetry.a: interpolation key 'x' is a missing mandatory value: '\?\?\?'");
}

TEST_CASE("resolve_subtree: each resolver takes the arguments its row says, in OmegaConf's words") {
    auto [value, message] = GENERATE(table<std::string, std::string>({
        {"${oc.env:}", "oc.env takes a variable name and an optional default, got 0 arguments"},
        {"${oc.env:A,B,C}", "oc.env takes a variable name and an optional default, got 3 arguments"},
        {"${oc.select:}", "oc.select takes a key and an optional default, got 0 arguments"},
        {"${oc.select:a,b,c}", "oc.select takes a key and an optional default, got 3 arguments"},
        {"${oc.decode:}", "oc.decode takes one argument, got 0"},
        {"${oc.decode:a,b}", "oc.decode takes one argument, got 2"},
        {"${oc.create:}", "oc.create takes one argument, got 0"},
        {"${oc.deprecated:}", "oc.deprecated takes a key and an optional message, got 0 arguments"},
        {"${oc.deprecated:a,b,c}", "oc.deprecated takes a key and an optional message, got 3 arguments"},
        {"${oc.dict.keys:a,b}", "oc.dict.keys takes one argument, got 2"},
        {"${oc.dict.values:}", "oc.dict.values takes one argument, got 0"},
        {"${oc.envx:A}", "unsupported interpolation type 'oc.envx' (unknown resolver)"},
    }));
    std::string config = "telemetry:\n  a: '" + value + "'\n";  // a lambda cannot capture a binding (clang 14)
    CHECK(error_of([&] { resolve_block(config); }) == "c.yaml:2:6: telemetry.a: " + message);
}

// OmegaConf.register_new_resolver: a name OmegaConf does not have is looked up among the
// resolvers registered from above, with its own arity; OmegaConf's own names stay its own.
TEST_CASE("resolve_subtree: resolvers registered from above, after OmegaConf's own") {
    static constexpr auto kJoin = [](std::string_view name, const std::vector<NodePtr>& args, const Origin& where) {
        std::string out(name);
        for (const auto& a : args) out += "+" + python_str(*a);
        return make_string(out, where);
    };
    static constexpr RegisteredResolver kRegistered[] = {
        {{"join", 1, 2, "one or two arguments"}, +kJoin},
        {{"oc.env", 0, 9, "anything"}, +kJoin},  // OmegaConf's name: never reached
    };
    ResolveLimits limits;
    limits.resolvers = kRegistered;
    NodePtr root =
        parse_yaml("x: {s: str}\ntelemetry:\n  a: ${join:${x.s},2}\n  b: 'p-${join:1}'\n  c: ${oc.env:E}\n", "c.yaml");
    CHECK(python_str(*resolve_subtree(root, "telemetry", {{"E", "e"}}, limits)) ==
          "{'a': 'join+str+2', 'b': 'p-join+1', 'c': 'e'}");
    root = parse_yaml("telemetry:\n  a: ${join:1,2,3}\n", "c.yaml");
    CHECK(error_of([&] { resolve_subtree(root, "telemetry", {}, limits); }) ==
          "c.yaml:2:6: telemetry.a: join takes one or two arguments, got 3 arguments");
    // Without the registration, the name is unknown.
    CHECK(error_of([&] { resolve_subtree(root, "telemetry", {}); }) ==
          "c.yaml:2:6: telemetry.a: unsupported interpolation type 'join' (unknown resolver)");
}

TEST_CASE("resolve_subtree: the texts a secret was built from, first and also when resolution throws") {
    const Environment env{{"K", "s3cret"}, {"P", "x-"}};
    auto secrets_of = [&](std::string_view doc) {
        SecretTexts secrets{{{"h", {}}}, {}, {}};
        try {
            resolve_subtree(parse_yaml(doc, "c.yaml"), "telemetry", env, {}, &secrets);
        } catch (const Error&) {
        }
        std::sort(secrets.texts.begin(), secrets.texts.end());
        secrets.texts.erase(std::unique(secrets.texts.begin(), secrets.texts.end()), secrets.texts.end());
        return secrets.texts;
    };
    using V = std::vector<std::string>;
    CHECK(secrets_of("telemetry: {h: 'k=${oc.env:K}'}\n") == V{"k=s3cret", "s3cret"});
    CHECK(secrets_of("telemetry: {h: plain}\n") == V{"plain"});
    // The other key fails first in the block's order, but h was resolved before it.
    CHECK(secrets_of("telemetry: {a: '${nope}', h: '${oc.env:K}'}\n") == V{"s3cret"});
    CHECK(secrets_of("telemetry: {h: '${oc.env:${oc.env:P}${oc.env:K}}'}\n") == V{"s3cret", "x-"});
    CHECK(secrets_of("s: {k: v1}\ntelemetry: {h: 'k=${s.k}'}\n") == V{"k=v1", "v1"});
    CHECK(secrets_of("telemetry: {a: '${oc.env:K}'}\n").empty());
    // A number as a message shows it and as it was written; a container's keys and scalars.
    CHECK(secrets_of("telemetry: {h: 0x3039}\n") == V{"0x3039", "12345"});
    CHECK(secrets_of("telemetry: {h: {key1: 5.0e3, key2: [true]}}\n") ==
          V{"5.0e3", "5000.0", "True", "key1", "key2", "true"});
    CHECK(secrets_of("s: {sibling: v2, k: 7}\ntelemetry: {h: '${s.k}'}\n") == V{"7"});
}

TEST_CASE("resolve_subtree leaves values outside the block alone, even unresolvable ones") {
    auto root = parse_yaml("other: ${oc.env:NOPE}\nmissing: ???\ntelemetry:\n  a: ${x}\nx: 1\n", "c.yaml");
    auto block = resolve_subtree(root, "telemetry", kEnv);
    CHECK((*block->find("a"))->text() == "1");
}

TEST_CASE("resolve_subtree resolves nested values of unknown keys too") {
    CHECK(error_of([&] { resolve_block("telemetry:\n  extra:\n    deep: ['${oc.env:NOPE}']\n"); }) ==
          "c.yaml:3:12: telemetry.extra.deep[0]: environment variable 'NOPE' not found");
}

TEST_CASE("resolve_subtree keeps the origin where a block value was written") {
    auto root = parse_yaml("x: 5\ntelemetry:\n  export_rank: ${x}\n", "c.yaml");
    auto block = resolve_subtree(root, "telemetry", kEnv);
    CHECK((*block->find("export_rank"))->origin.str() == "c.yaml:3:16");
}

TEST_CASE("resolve_subtree stops an interpolation that doubles at every level", "[limits]") {
    std::string doc = "telemetry:\n  a0: ${.a1}${.a1}\n";
    for (int i = 1; i < 40; ++i)
        doc += "  a" + std::to_string(i) + ": ${.a" + std::to_string(i + 1) + "}${.a" + std::to_string(i + 1) + "}\n";
    doc += "  a40: xxxxxxxxxxxxxxxx\n";
    CHECK(error_of([&] { resolve_block(doc); }) ==
          "c.yaml:21:8: telemetry.a19: interpolation result larger than 16777216 bytes");
}

TEST_CASE("resolve_subtree keeps a key holding a dot apart from the nested path it spells (regression)") {
    auto root = parse_yaml(
        "telemetry:\n  'a.b': ${.x}\n  a:\n    b: ${.y}\n    y: nested\n  x: dotted\n  service_name: "
        "'${.a.b}-${oc.select:telemetry.x}'\n",
        "c.yaml");
    auto block = resolve_subtree(root, "telemetry", kEnv);
    CHECK((*block->find("a.b"))->text() == "dotted");
    CHECK((*(*block->find("a"))->find("b"))->text() == "nested");
    CHECK((*block->find("service_name"))->text() == "nested-dotted");
}

TEST_CASE("resolve_subtree returns an alias bomb with nothing to resolve as it is", "[limits]") {
    auto root = parse_yaml(laughs(40) + "telemetry:\n  enabled: true\n  x: *a39\n", "c.yaml");
    CHECK(resolve_subtree(root, "telemetry", kEnv) == *root->find("telemetry"));
}

TEST_CASE("resolve_subtree evaluates a string shared by aliases once", "[limits]") {
    std::string text = laughs(40, "'${oc.env:HOME}'") + "telemetry:\n  x: ${a39}\n";
    ResolveLimits limits;
    limits.max_nodes = 1000;
    // Each of the 10^40 strings is evaluated once, but the tree still has to be built.
    CHECK(error_of([&] { resolve_block(text, limits); }) ==
          "c.yaml:1:100: telemetry.x" + goe::testing::repeat("[0]", 37) +
              "[8][6][5]: more than 1000 values to resolve under the block");
    limits.max_nodes = 10000;
    auto x = *resolve_block(laughs(3, "'${oc.env:HOME}'") + "telemetry:\n  x: ${a2}\n", limits)->find("x");
    CHECK(x->items()[9]->items()[9]->items()[9]->text() == "/home/me");
}

TEST_CASE("resolve_subtree caps the size of an interpolated string", "[limits]") {
    std::string text = "telemetry:\n  b0: xxxxxxxxxxxxxxxx\n";
    for (int i = 1; i < 80; ++i) text += fmt::format("  b{}: ${{.b{}}}${{.b{}}}\n", i, i - 1, i - 1);
    ResolveLimits limits;
    limits.max_result_bytes = 1 << 20;
    CHECK(error_of([&] { resolve_block(text, limits); }) ==
          "c.yaml:19:8: telemetry.b17: interpolation result larger than 1048576 bytes");
}

TEST_CASE("resolve_subtree caps the text of a shared list used in a string", "[limits]") {
    ResolveLimits limits;
    limits.max_result_bytes = 1 << 20;
    std::string bomb = laughs(40);
    CHECK(error_of([&] { resolve_block(bomb + "telemetry:\n  s: x${a39}\n", limits); }) ==
          "c.yaml:42:6: telemetry.s: interpolation result larger than 1048576 bytes");
    CHECK(error_of([&] { resolve_block(bomb + "telemetry:\n  s: ${oc.env:NOPE,${a39}}\n", limits); }) ==
          "c.yaml:42:6: telemetry.s: interpolation result larger than 1048576 bytes");
    CHECK_THAT(error_of([&] { resolve_block(bomb + "telemetry:\n  s: ${oc.decode:${a39}}\n", limits); }),
               Catch::StartsWith("c.yaml:42:6: telemetry.s: oc.decode can only take strings or None as input, "
                                 "got list [[[[") &&
                   Catch::EndsWith("..."));
}

TEST_CASE("resolve_subtree reports reference cycles", "[limits]") {
    CHECK(error_of([] { resolve_block("telemetry:\n  a: ${.b}\n  b: ${.a}\n"); }) ==
          "c.yaml:2:6: telemetry.a: recursive interpolation detected");
    // The value contains itself: OmegaConf's parent check refuses it at once.
    CHECK(error_of([] { resolve_block("telemetry:\n  a: ${telemetry}\n"); }) ==
          "c.yaml:2:6: telemetry.a: interpolation to parent node detected: 'telemetry' contains this value");
    // Through oc.select, which makes no such check (OmegaConf hits Python's recursion
    // limit): telemetry.a.a.a... until the nesting limit.
    CHECK_THAT(error_of([] { resolve_block("telemetry:\n  a: ${oc.select:telemetry}\n"); }),
               Catch::StartsWith("c.yaml:2:6: telemetry.a.a.a.a") &&
                   Catch::EndsWith("a.a.a: interpolations nested deeper than 256 levels"));
}

TEST_CASE("resolve_subtree caps the depth of a reference chain", "[limits]") {
    std::string text = "telemetry:\n";
    for (int i = 0; i < 300; ++i) text += fmt::format("  b{}: ${{.b{}}}\n", i, i + 1);
    text += "  b300: end\n";
    CHECK(error_of([&] { resolve_block(text); }) ==
          "c.yaml:129:9: telemetry.b127: interpolations nested deeper than 256 levels");
    // Written last-first, the chain resolves bottom-up through the memo.
    std::string reversed = "telemetry:\n  b0: end\n";
    for (int i = 1; i < 300; ++i) reversed += fmt::format("  b{}: ${{.b{}}}\n", i, i - 1);
    CHECK((*resolve_block(reversed)->find("b299"))->text() == "end");
}

TEST_CASE("resolve_subtree bounds the evaluations under shared aliases", "[limits]") {
    // l{i}.a reads l{i-1}.a twice through two aliases: 2^60 distinct paths.
    std::string text = "l0: &l0 {a: ''}\n";
    for (int i = 1; i < 60; ++i)
        text += fmt::format("l{}: &l{} {{x: *l{}, y: *l{}, a: '${{.x.a}}${{.y.a}}'}}\n", i, i, i - 1, i - 1);
    text += "telemetry:\n  s: ${l59.a}\n";
    ResolveLimits limits;
    limits.max_evaluations = 10000;
    CHECK_THAT(error_of([&] { resolve_block(text, limits); }),
               Catch::EndsWith(": more than 10000 interpolations to evaluate"));
}

TEST_CASE("resolve_subtree finds relative keys under aliases by where they are used", "[limits]") {
    auto block = resolve_block(
        "s: &s {p: '${.q}', q: 1}\nb: *s\nc: {p: '${.q}', q: 2}\n"
        "telemetry:\n  x: ${b.p}\n  y: ${c.p}\n  z: ${s.p}\n");
    CHECK((*block->find("x"))->text() == "1");
    CHECK((*block->find("y"))->text() == "2");
    CHECK((*block->find("z"))->text() == "1");
}

TEST_CASE("resolve_subtree handles 100,000 keys and references into a large mapping", "[limits]") {
    std::string text = "big:\n";
    for (int i = 0; i < 30000; ++i) text += fmt::format("  r{}: {}\n", i, i);
    text += "telemetry:\n  enabled: true\n";
    for (int i = 0; i < 30000; ++i) text += fmt::format("  k{}: ${{big.r{}}}\n", i, i);
    for (int i = 0; i < 100000; ++i) text += fmt::format("  u{}: plain\n", i);
    // Quadratic would be minutes; the bound is loose for loaded CI machines.
    auto start = std::chrono::steady_clock::now();
    auto block = resolve_block(text);
    CHECK(seconds_since(start) < 30);
    CHECK((*block->find("k29999"))->text() == "29999");
}
