// The evaluator (omegaconf/evaluator.hpp), through resolve_subtree: references and node
// access, the text rule and escapes, arguments, errors' places, and the limits.
#include <fmt/format.h>
#include <catch2/catch.hpp>

#include <chrono>

#include "gym_otel_env/omegaconf/resolve.hpp"
#include "gym_otel_env/yaml/parse.hpp"
#include "support.hpp"

using namespace goe;
using goe::testing::error_of;
using goe::testing::kResolveEnv;
using goe::testing::laughs;
using goe::testing::resolve_block;

namespace {

auto seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

const goe::testing::ResolveRow kRows[] = {
    // References, the text rule, escapes.
    {R"~(${oc.env:NOPE,a=b})~", "error", R"~(invalid interpolation: token recognition error at: '=')~"},
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
    {R"~(${x.l})~", "list", R"~([10, 20])~"},
    {R"~(x-${x.l})~", "string", R"~(x-[10, 20])~"},
    {R"~(x-${x.d})~", "string", R"~(x-{'k': 'v'})~"},
    {R"~(${oc.env:NOPE,é})~", "error", R"~(invalid interpolation: token recognition error at: 'é')~"},
    // Arguments, typed by the grammar: oc.env gives its default as Python's str() of it.
    {R"~(${oc.env:NOPE,8080})~", "string", R"~(8080)~"},
    {R"~(${oc.env:NOPE,1.5})~", "string", R"~(1.5)~"},
    {R"~(${oc.env:NOPE,true})~", "string", R"~(True)~"},
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
    // A node interpolation to a container holding the value.
    {R"~(${t})~", "error", R"~(interpolation to parent node detected: 't' contains this value)~"},
    {R"~(v=${t})~", "error", R"~(interpolation to parent node detected: 't' contains this value)~"},
    {R"~(v=${..t})~", "error", R"~(interpolation to parent node detected: '..t' contains this value)~"},
};

}  // namespace

TEST_CASE("evaluator: references, the text rule, escapes and arguments give what OmegaConf gives") {
    goe::testing::check_resolve_rows(kRows);
}

// OmegaConf 2.2.2 on "shared: {1: b}\nx: ${shared.1}": InterpolationKeyError "Interpolation
// key 'shared.1' not found"; "p-${shared}" is "p-{1: 'b'}".
TEST_CASE("evaluator: regression: ${shared.1} found the int key 1, which OmegaConf does not") {
    CHECK(error_of([&] { resolve_block("shared: {1: b}\ntelemetry:\n  a: ${shared.1}\n"); }) ==
          "c.yaml:3:6: telemetry.a: interpolation key 'shared.1' not found");
    CHECK(error_of([&] { resolve_block("shared: {true: b}\ntelemetry:\n  a: ${shared.True}\n"); }) ==
          "c.yaml:3:6: telemetry.a: interpolation key 'shared.True' not found");
    NodePtr root = parse_yaml(
        "shared: {1: b, '2': c, false: 1, 1.5: x}\ntelemetry:\n  a: p-${shared}\n  b: ${shared.2}\n", "c.yaml");
    NodePtr block = resolve_subtree(root, "telemetry", kResolveEnv);
    CHECK((*block->find("a"))->text() == "p-{1: 'b', '2': 'c', False: 1, 1.5: 'x'}");
    CHECK((*block->find("b"))->text() == "c");
}

// OmegaConf 2.2.2 and 2.3.0 on each: InterpolationResolutionError "Interpolation to parent
// node detected". The tool printed the block's repr, or hit its nesting limit.
TEST_CASE("evaluator: regression: an interpolation to a container holding the value is refused") {
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
TEST_CASE("evaluator: regression: a list index is Python's int(), never negative") {
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

TEST_CASE("evaluator: an error names the key path and position of the failing value") {
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

TEST_CASE("evaluator: nested values of unknown keys are resolved too") {
    CHECK(error_of([&] { resolve_block("telemetry:\n  extra:\n    deep: ['${oc.env:NOPE}']\n"); }) ==
          "c.yaml:3:12: telemetry.extra.deep[0]: environment variable 'NOPE' not found");
}

TEST_CASE("evaluator: a key holding a dot is kept apart from the nested path it spells (regression)") {
    auto root = parse_yaml(
        "telemetry:\n  'a.b': ${.x}\n  a:\n    b: ${.y}\n    y: nested\n  x: dotted\n  service_name: "
        "'${.a.b}-${oc.select:telemetry.x}'\n",
        "c.yaml");
    auto block = resolve_subtree(root, "telemetry", kResolveEnv);
    CHECK((*block->find("a.b"))->text() == "dotted");
    CHECK((*(*block->find("a"))->find("b"))->text() == "nested");
    CHECK((*block->find("service_name"))->text() == "nested-dotted");
}

TEST_CASE("evaluator: an interpolation that doubles at every level is stopped", "[limits]") {
    std::string doc = "telemetry:\n  a0: ${.a1}${.a1}\n";
    for (int i = 1; i < 40; ++i)
        doc += "  a" + std::to_string(i) + ": ${.a" + std::to_string(i + 1) + "}${.a" + std::to_string(i + 1) + "}\n";
    doc += "  a40: xxxxxxxxxxxxxxxx\n";
    CHECK(error_of([&] { resolve_block(doc); }) ==
          "c.yaml:21:8: telemetry.a19: interpolation result larger than 16777216 bytes");
}

TEST_CASE("evaluator: an alias bomb with nothing to resolve is returned as it is", "[limits]") {
    auto root = parse_yaml(laughs(40) + "telemetry:\n  enabled: true\n  x: *a39\n", "c.yaml");
    CHECK(resolve_subtree(root, "telemetry", kResolveEnv) == *root->find("telemetry"));
}

TEST_CASE("evaluator: a string shared by aliases is evaluated once", "[limits]") {
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

TEST_CASE("evaluator: the size of an interpolated string is capped", "[limits]") {
    std::string text = "telemetry:\n  b0: xxxxxxxxxxxxxxxx\n";
    for (int i = 1; i < 80; ++i) text += fmt::format("  b{}: ${{.b{}}}${{.b{}}}\n", i, i - 1, i - 1);
    ResolveLimits limits;
    limits.max_result_bytes = 1 << 20;
    CHECK(error_of([&] { resolve_block(text, limits); }) ==
          "c.yaml:19:8: telemetry.b17: interpolation result larger than 1048576 bytes");
}

TEST_CASE("evaluator: the text of a shared list used in a string is capped", "[limits]") {
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

TEST_CASE("evaluator: reference cycles are reported", "[limits]") {
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

TEST_CASE("evaluator: the depth of a reference chain is capped", "[limits]") {
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

TEST_CASE("evaluator: the evaluations under shared aliases are bounded", "[limits]") {
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

TEST_CASE("evaluator: relative keys under aliases are found by where they are used", "[limits]") {
    auto block = resolve_block(
        "s: &s {p: '${.q}', q: 1}\nb: *s\nc: {p: '${.q}', q: 2}\n"
        "telemetry:\n  x: ${b.p}\n  y: ${c.p}\n  z: ${s.p}\n");
    CHECK((*block->find("x"))->text() == "1");
    CHECK((*block->find("y"))->text() == "2");
    CHECK((*block->find("z"))->text() == "1");
}

TEST_CASE("evaluator: 100,000 keys and references into a large mapping", "[limits]") {
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
