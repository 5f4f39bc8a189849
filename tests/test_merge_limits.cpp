#include <fmt/format.h>
#include <catch2/catch.hpp>

#include <chrono>
#include <string>

#include "gym_otel_env/merge.hpp"
#include "gym_otel_env/parse.hpp"

namespace {

// A mapping bomb: each level maps ten keys to the previous level.
goe::NodePtr mapping_bomb(const std::string& leaf, int levels) {
    std::string text = fmt::format("p0: &p0 {{k0: {0}, k1: {0}, k2: {0}, k3: {0}, k4: {0}}}\n", leaf);
    for (int i = 1; i < levels; ++i) {
        text += fmt::format("p{}: &p{} {{", i, i);
        for (int k = 0; k < 5; ++k) text += fmt::format("{}k{}: *p{}", k ? ", " : "", k, i - 1);
        text += "}\n";
    }
    return goe::parse_yaml(text, "c.yaml");
}

}  // namespace

TEST_CASE("merge merges each pair of shared mappings once") {
    // Key by key, two bombs meet in 5^40 places but only 40 distinct pairs.
    auto base = mapping_bomb("x", 40), over = mapping_bomb("y", 40);
    auto start = std::chrono::steady_clock::now();
    auto merged = goe::merge(base, over);
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(20));
    const goe::Node* n = merged->find("p39")->get();
    for (int i = 0; i < 39; ++i) n = n->find("k4")->get();
    CHECK((*n->find("k0"))->text == "y");
    CHECK(goe::merge(base, base) == base);
}

TEST_CASE("merge limits the entries it copies") {
    goe::MergeLimits limits;
    limits.max_entries = 100;
    auto base = mapping_bomb("x", 3), over = mapping_bomb("1", 3);
    CHECK(goe::merge(base, over, {}, limits)->find("p2") != nullptr);
    auto big_base = mapping_bomb("x", 40), big_over = mapping_bomb("[1]", 40);
    CHECK_THROWS_WITH(goe::merge(big_base, big_over, {}, limits),
                      "c.yaml:3:5: p2: merging visits more than 100 entries");
}
