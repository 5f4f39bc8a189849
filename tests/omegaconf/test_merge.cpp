#include <fmt/format.h>
#include <catch2/catch.hpp>

#include <chrono>

#include <string>
#include <vector>

#include "gym_otel_env/omegaconf/merge.hpp"
#include "gym_otel_env/yaml/parse.hpp"
#include "support.hpp"

using namespace goe;
using goe::testing::Files;
using goe::testing::PipelineRun;

namespace {

std::string merged(const char* a, const char* b) {
    try {
        return python_str(*merge(parse_yaml(a, "a.yaml"), parse_yaml(b, "b.yaml")));
    } catch (const Error& e) {
        return std::string("error: ") + e.what();
    }
}

// A mapping bomb: each level maps five keys to the previous level.
NodePtr mapping_bomb(const std::string& leaf, int levels) {
    std::string text = fmt::format("p0: &p0 {{k0: {0}, k1: {0}, k2: {0}, k3: {0}, k4: {0}}}\n", leaf);
    for (int i = 1; i < levels; ++i) {
        text += fmt::format("p{}: &p{} {{", i, i);
        for (int k = 0; k < 5; ++k) text += fmt::format("{}k{}: *p{}", k ? ", " : "", k, i - 1);
        text += "}\n";
    }
    return parse_yaml(text, "c.yaml");
}

}  // namespace

// Expected results are what OmegaConf.merge gives for the same two configs.
TEST_CASE("merge follows OmegaConf's rules") {
    CHECK(merged("a: {b: 1, c: 2}", "a: {c: 3, d: 4}") == "{'a': {'b': 1, 'c': 3, 'd': 4}}");
    CHECK(merged("a: {b: 1}", "a: 5") == "{'a': 5}");
    CHECK(merged("a: {b: 1}", "a: null") == "{'a': None}");
    CHECK(merged("a: 5", "a: {b: 1}") == "{'a': {'b': 1}}");
    CHECK(merged("a: [1, 2]", "a: [3]") == "{'a': [3]}");
    CHECK(merged("a: [1]", "a: 5") == "{'a': 5}");
    CHECK(merged("a: null", "a: [1]") == "{'a': [1]}");
    CHECK(merged("a: {b: 1}", "a: '${x}'") == "{'a': '${x}'}");
    CHECK(merged("a: 5", "a: ???") == "{'a': 5}");
    CHECK(merged("a: {b: 1}", "a:\n  b: ???") == "{'a': {'b': 1}}");
    CHECK(merged("x: 1", "a: ???") == "{'x': 1, 'a': '\?\?\?'}");
    CHECK(merged("a: {b: 1}", "a: [1]") ==
          "error: b.yaml:1:4: a: cannot merge a list into a mapping (from a.yaml:1:4)");
    CHECK(merged("a: [1]", "a:\n  b: 1") ==
          "error: b.yaml:2:3: a: cannot merge a mapping into a list (from a.yaml:1:4)");
}

TEST_CASE("merge shares the subtrees it does not change") {
    NodePtr a = parse_yaml("big: {x: 1}\nt: {y: 1}\n", "a.yaml");
    NodePtr b = parse_yaml("t: {y: 2}\n", "b.yaml");
    NodePtr m = merge(a, b);
    CHECK(*m->find("big") == *a->find("big"));
}

// Issue 11: `s` is aliased under p1.m and p2.m, and so is `o`, so both merges meet the
// same pair of nodes; the dereference of ${..z} must be asked for each place, since a
// relative key gives a different container under p1 than under p2.
TEST_CASE("merge regression: an aliased pair was dereferenced once, from the first place, for both") {
    NodePtr base = parse_yaml("s: &s {w: '${..z}'}\np1: {m: *s}\np2: {m: *s}\n", "base.yaml");
    NodePtr over = parse_yaml("o: &o {w: {extra: 3}}\np1: {m: *o}\np2: {m: *o}\n", "over.yaml");
    std::vector<std::string> asked;
    // The container the interpolation gives, told apart by the top-level key it sits under.
    Dereference by_place = [&asked](const std::vector<Container>& parents, const std::string& path, const NodePtr&) {
        asked.push_back(path);
        return parse_yaml(fmt::format("k: {}\n", parents.at(1).path), "d.yaml");
    };
    NodePtr root = merge(base, over, by_place);
    CHECK(asked == std::vector<std::string>{"p1.m.w", "p2.m.w"});
    CHECK(python_str(**root->find("p1")) == "{'m': {'w': {'k': 'p1', 'extra': 3}}}");
    CHECK(python_str(**root->find("p2")) == "{'m': {'w': {'k': 'p2', 'extra': 3}}}");
}

// The same through the whole run, with the pipeline's dereference: OmegaConf gives one-two.
TEST_CASE("merge regression: an aliased pair with a relative dereference, as a run gives it") {
    PipelineRun run(Files{{"base.yaml",
                           "s: &s {w: '${..z}'}\n"
                           "p1: {z: {k: one}, m: *s}\n"
                           "p2: {z: {k: two}, m: *s}\n"
                           "telemetry: {service_name: '${p1.m.w.k}-${p2.m.w.k}'}\n"},
                          {"over.yaml", "o: &o {w: {extra: 3}}\np1: {m: *o}\np2: {m: *o}\n"}});
    run.configs = {"base.yaml", "over.yaml"};
    NodePtr root = run.merged().root;
    CHECK(python_str(**root->find("p1")) == "{'z': {'k': 'one'}, 'm': {'w': {'k': 'one', 'extra': 3}}}");
    CHECK(python_str(**root->find("p2")) == "{'z': {'k': 'two'}, 'm': {'w': {'k': 'two', 'extra': 3}}}");
    CHECK(run().settings.find("service_name")->value == "one-two");
}

TEST_CASE("merge still merges an aliased pair once when nothing is dereferenced") {
    NodePtr base = parse_yaml("s: &s {w: {a: 1}}\np1: {m: *s}\np2: {m: *s}\n", "base.yaml");
    NodePtr over = parse_yaml("o: &o {w: {b: 2}}\np1: {m: *o}\np2: {m: *o}\n", "over.yaml");
    NodePtr root = merge(base, over);
    CHECK((*root->find("p1"))->find("m")->get() == (*root->find("p2"))->find("m")->get());
    CHECK(python_str(**(*root->find("p2"))->find("m")) == "{'w': {'a': 1, 'b': 2}}");
}

TEST_CASE("merge merges each pair of shared mappings once", "[limits]") {
    // Key by key, two bombs meet in 5^40 places but only 40 distinct pairs.
    auto base = mapping_bomb("x", 40), over = mapping_bomb("y", 40);
    auto start = std::chrono::steady_clock::now();
    auto merged = merge(base, over);
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(20));
    const Node* n = merged->find("p39")->get();
    for (int i = 0; i < 39; ++i) n = n->find("k4")->get();
    CHECK((*n->find("k0"))->text() == "y");
    CHECK(merge(base, base) == base);
}

TEST_CASE("merge limits the entries it copies", "[limits]") {
    MergeLimits limits;
    limits.max_entries = 100;
    auto base = mapping_bomb("x", 3), over = mapping_bomb("1", 3);
    CHECK(merge(base, over, {}, limits)->find("p2") != nullptr);
    auto big_base = mapping_bomb("x", 40), big_over = mapping_bomb("[1]", 40);
    CHECK_THROWS_WITH(merge(big_base, big_over, {}, limits), "c.yaml:3:5: p2: merging visits more than 100 entries");
}
