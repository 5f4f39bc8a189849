#include <fmt/format.h>
#include <catch2/catch.hpp>

#include <chrono>
#include <string>

#include "gym_otel_env/parse.hpp"
#include "gym_otel_env/resolve.hpp"

namespace {

const goe::Environment kEnv{{"HOME", "/home/me"}};

goe::NodePtr resolve(const std::string& text, const goe::ResolveLimits& limits = {}) {
    return goe::resolve_subtree(goe::parse_yaml(text, "c.yaml"), "telemetry", kEnv, limits);
}

std::string error_of(const std::string& text, const goe::ResolveLimits& limits = {}) {
    try {
        resolve(text, limits);
    } catch (const goe::Error& e) {
        return e.what();
    }
    return "no error";
}

// Each level lists the previous one ten times.
std::string laughs(int levels, const std::string& leaf = "x") {
    std::string out = fmt::format("a0: &a0 [{}]\n", leaf);
    for (int i = 1; i < levels; ++i) {
        out += fmt::format("a{}: &a{} [", i, i);
        for (int k = 0; k < 10; ++k) out += fmt::format("{}*a{}", k ? ", " : "", i - 1);
        out += "]\n";
    }
    return out;
}

auto seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

TEST_CASE("check_interpolations visits each shared node once") {
    auto root = goe::parse_yaml(laughs(40, "'${oc.env:HOME}'"), "c.yaml");
    auto start = std::chrono::steady_clock::now();
    goe::check_interpolations(root, {});
    CHECK(seconds_since(start) < 20);
    auto bad = goe::parse_yaml(laughs(40, "'${oc.env:HOME'"), "c.yaml");
    CHECK_THROWS_WITH(goe::check_interpolations(bad, {}),
                      "c.yaml:1:10: a0[0]: invalid interpolation: unterminated '${': the closing '}' is missing");
}

TEST_CASE("resolve_subtree returns an alias bomb with nothing to resolve as it is") {
    std::string text = laughs(40) + "telemetry:\n  enabled: true\n  x: *a39\n";
    auto root = goe::parse_yaml(text, "c.yaml");
    auto block = goe::resolve_subtree(root, "telemetry", kEnv);
    CHECK(block == *root->find("telemetry"));
}

TEST_CASE("resolve_subtree evaluates a string shared by aliases once") {
    std::string text = laughs(40, "'${oc.env:HOME}'") + "telemetry:\n  x: ${a39}\n";
    goe::ResolveLimits limits;
    limits.max_nodes = 1000;
    // Each of the 10^39 strings is evaluated once, but the tree still has to be built.
    CHECK_THAT(error_of(text, limits), Catch::StartsWith("c.yaml:1:10: telemetry.x[0][0][0]") &&
                                           Catch::EndsWith(": more than 1000 values to resolve under the block"));
    limits.max_nodes = 10000;
    auto x = *resolve(laughs(4, "'${oc.env:HOME}'") + "telemetry:\n  x: ${a3}\n", limits)->find("x");
    CHECK(x->items[9]->items[9]->items[9]->items[0]->text == "/home/me");
}

TEST_CASE("resolve_subtree caps the size of an interpolated string") {
    std::string text = "telemetry:\n  b0: xxxxxxxxxxxxxxxx\n";
    for (int i = 1; i < 80; ++i) text += fmt::format("  b{}: ${{.b{}}}${{.b{}}}\n", i, i - 1, i - 1);
    goe::ResolveLimits limits;
    limits.max_result_bytes = 1 << 20;
    CHECK(error_of(text, limits) == "c.yaml:19:8: telemetry.b17: interpolation result larger than 1048576 bytes");
}

TEST_CASE("resolve_subtree caps the text of a shared list used in a string") {
    goe::ResolveLimits limits;
    limits.max_result_bytes = 1 << 20;
    std::string bomb = laughs(40);
    CHECK(error_of(bomb + "telemetry:\n  s: x${a39}\n", limits) ==
          "c.yaml:42:6: telemetry.s: interpolation result larger than 1048576 bytes");
    CHECK(error_of(bomb + "telemetry:\n  s: ${oc.env:NOPE,${a39}}\n", limits) ==
          "c.yaml:42:6: telemetry.s: interpolation result larger than 1048576 bytes");
    CHECK_THAT(error_of(bomb + "telemetry:\n  s: ${oc.decode:${a39}}\n", limits),
               Catch::StartsWith("c.yaml:42:6: telemetry.s: oc.decode can only take strings or None as input, "
                                 "got list [[[[") &&
                   Catch::EndsWith("..."));
}

TEST_CASE("resolve_subtree reports reference cycles") {
    CHECK(error_of("telemetry:\n  a: ${.b}\n  b: ${.a}\n") ==
          "c.yaml:2:6: telemetry.a: recursive interpolation detected");
    // The value contains itself: telemetry.a.a.a... until the nesting limit.
    CHECK_THAT(error_of("telemetry:\n  a: ${telemetry}\n"),
               Catch::StartsWith("c.yaml:2:6: telemetry.a.a.a.a") &&
                   Catch::EndsWith("a.a.a: interpolations nested deeper than 256 levels"));
}

TEST_CASE("resolve_subtree caps the depth of a reference chain") {
    std::string text = "telemetry:\n";
    for (int i = 0; i < 300; ++i) text += fmt::format("  b{}: ${{.b{}}}\n", i, i + 1);
    text += "  b300: end\n";
    CHECK(error_of(text) == "c.yaml:129:9: telemetry.b127: interpolations nested deeper than 256 levels");
    // Written last-first, the chain resolves bottom-up through the memo.
    std::string reversed = "telemetry:\n  b0: end\n";
    for (int i = 1; i < 300; ++i) reversed += fmt::format("  b{}: ${{.b{}}}\n", i, i - 1);
    CHECK((*resolve(reversed)->find("b299"))->text == "end");
}

TEST_CASE("resolve_subtree bounds the evaluations under shared aliases") {
    // l{i}.a reads l{i-1}.a twice through two aliases: 2^60 distinct paths.
    std::string text = "l0: &l0 {a: ''}\n";
    for (int i = 1; i < 60; ++i)
        text += fmt::format("l{}: &l{} {{x: *l{}, y: *l{}, a: '${{.x.a}}${{.y.a}}'}}\n", i, i, i - 1, i - 1);
    text += "telemetry:\n  s: ${l59.a}\n";
    goe::ResolveLimits limits;
    limits.max_evaluations = 10000;
    CHECK_THAT(error_of(text, limits), Catch::EndsWith(": more than 10000 interpolations to evaluate"));
}

TEST_CASE("resolve_subtree finds relative keys under aliases by where they are used") {
    std::string text =
        "s: &s {p: '${.q}', q: 1}\nb: *s\nc: {p: '${.q}', q: 2}\n"
        "telemetry:\n  x: ${b.p}\n  y: ${c.p}\n  z: ${s.p}\n";
    auto block = resolve(text);
    CHECK((*block->find("x"))->text == "1");
    CHECK((*block->find("y"))->text == "2");
    CHECK((*block->find("z"))->text == "1");
}

TEST_CASE("resolve_subtree handles 100,000 keys and references into a large mapping") {
    std::string text = "big:\n";
    for (int i = 0; i < 30000; ++i) text += fmt::format("  r{}: {}\n", i, i);
    text += "telemetry:\n  enabled: true\n";
    for (int i = 0; i < 30000; ++i) text += fmt::format("  k{}: ${{big.r{}}}\n", i, i);
    for (int i = 0; i < 100000; ++i) text += fmt::format("  u{}: plain\n", i);
    // Quadratic would be minutes; the bound is loose for loaded CI machines.
    auto start = std::chrono::steady_clock::now();
    auto block = resolve(text);
    CHECK(seconds_since(start) < 30);
    CHECK((*block->find("k29999"))->text == "29999");
}
