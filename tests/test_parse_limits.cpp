#include <fmt/format.h>
#include <catch2/catch.hpp>

#include <chrono>
#include <string>

#include "gym_otel_env/parse.hpp"

using goe::parse_yaml;

namespace {

std::string error_of(const std::string& text, const goe::ParseLimits& limits = {}) {
    try {
        parse_yaml(text, "c.yaml", limits);
    } catch (const goe::Error& e) {
        return e.what();
    }
    return "no error";
}

std::string repeat(std::string_view s, size_t n) {
    std::string out;
    for (size_t i = 0; i < n; ++i) out += s;
    return out;
}

// A billion-laughs document: each level lists the previous one ten times.
std::string laughs(int levels) {
    std::string out = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n";
    for (int i = 1; i < levels; ++i) {
        out += fmt::format("a{}: &a{} [", i, i);
        for (int k = 0; k < 10; ++k) out += fmt::format("{}*a{}", k ? ", " : "", i - 1);
        out += "]\n";
    }
    return out;
}

}  // namespace

TEST_CASE("parse_yaml stops block nesting at max_depth") {
    goe::ParseLimits limits;
    limits.max_depth = 2;
    CHECK(error_of("a:\n  b:\n    c: 1\n", limits) == "c.yaml:3:5: a.b: nesting deeper than 2 levels");
}

TEST_CASE("parse_yaml stops deep flow collections before yaml-cpp's recursion guard") {
    // yaml-cpp recurses once per level and gives up at 2000; the default stops at 256.
    std::string flow = "telemetry: " + repeat("[", 100000) + repeat("]", 100000) + "\n";
    // (The message shortens the 256-level key path in the middle.)
    CHECK_THAT(error_of(flow), Catch::StartsWith("c.yaml:1:267: telemetry[0][0][0]") && Catch::Contains("[0]...[0]") &&
                                   Catch::EndsWith("[0][0]: nesting deeper than 256 levels"));
    CHECK_THAT(error_of("t: " + repeat("{a: ", 3000) + repeat("}", 3000) + "\n"),
               Catch::EndsWith(": nesting deeper than 256 levels"));
    CHECK_THAT(error_of("t: " + repeat("[", 3000) + "\n"), Catch::StartsWith("c.yaml:1:"));
}

TEST_CASE("parse_yaml shares aliases: a billion laughs costs its text, not its expansion") {
    auto start = std::chrono::steady_clock::now();
    auto root = parse_yaml(laughs(40), "c.yaml");
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(20));
    const auto& a39 = *root->find("a39");
    const auto& a38 = *root->find("a38");
    REQUIRE(a39->items.size() == 10);
    CHECK(a39->items[0] == a38);
    CHECK(a39->items[9] == a38);
}

TEST_CASE("parse_yaml indexes keys: a mapping of 100,000 keys is linear") {
    std::string text = "telemetry:\n";
    for (int i = 0; i < 100000; ++i) text += fmt::format("  k{}: v{}\n", i, i);
    auto start = std::chrono::steady_clock::now();
    auto root = parse_yaml(text, "c.yaml");
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(30));
    CHECK((*root->find("telemetry"))->entries.size() == 100000);
    CHECK(error_of("a:\n  k: 1\n  j: 2\n  k: 3\n") == "c.yaml:4:3: a.k: duplicate key 'k'");
}

TEST_CASE("parse_yaml limits the values in one document") {
    goe::ParseLimits limits;
    limits.max_nodes = 5;
    CHECK(error_of("a: 1\nb: 2\nc: 3\n", limits) == "c.yaml:3:1: more than 5 values in one file");
}

TEST_CASE("parse_yaml limits what merge keys copy") {
    goe::ParseLimits limits;
    limits.max_merged_entries = 10;
    std::string text =
        "m0: &m0 {a: 1, b: 2, c: 3, d: 4}\n"
        "m1: &m1 {<<: *m0, e: 5}\n"
        "m2: &m2 {<<: *m1, f: 6}\n"
        "m3: {<<: *m2, g: 7}\n";
    CHECK(error_of(text, limits) == "c.yaml:3:5: m2: merge keys (<<) copy more than 10 entries");
    // A mapping listed twice in a merge list is copied once.
    auto root = parse_yaml("a: &a {x: 1}\nb: &b {x: 2, y: 3}\nc: {<<: [*a, *b, *a, *b, *a]}\n", "c.yaml");
    const auto& c = *root->find("c");
    REQUIRE(c->entries.size() == 2);
    CHECK((*c->find("x"))->text == "1");
    CHECK((*c->find("y"))->text == "3");
}

TEST_CASE("parse_yaml gives python tags no meaning") {
    CHECK(error_of("telemetry: !!python/object/apply:os.system [\"echo hi\"]\n") ==
          "c.yaml:1:12: telemetry: unsupported YAML tag 'tag:yaml.org,2002:python/object/apply:os.system'");
    CHECK(error_of("a: !!python/name:os.system\n") ==
          "c.yaml:1:4: a: unsupported YAML tag 'tag:yaml.org,2002:python/name:os.system'");
}

TEST_CASE("parse_yaml rejects bytes YAML does not allow") {
    CHECK(error_of(std::string("a: x\0y\n", 7)) == "c.yaml:1:5: character U+0000 is not allowed in YAML");
    CHECK(error_of("a: \xff\xfe\n") == "c.yaml:1:4: invalid UTF-8 byte 0xff");
    CHECK(error_of("a: \xc0\x80\n") == "c.yaml:1:4: invalid UTF-8 byte 0xc0");
    CHECK(error_of("a: \xed\xa0\x80\n") == "c.yaml:1:4: invalid UTF-8 byte 0xed");
    CHECK(error_of("telemetry:\n\tenabled: true\n") ==
          "c.yaml:2:1: tabs are not allowed for indentation (PyYAML: found character '\\t' that cannot start any "
          "token)");
}
