#include <catch2/catch.hpp>

#include "gym_otel_env/merge.hpp"
#include "gym_otel_env/parse.hpp"

using namespace goe;

namespace {

std::string merged(const char* a, const char* b) {
    try {
        return python_str(*merge(parse_yaml(a, "a.yaml"), parse_yaml(b, "b.yaml")));
    } catch (const Error& e) {
        return std::string("error: ") + e.what();
    }
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
    CHECK(merged("a: {b: 1}", "a: [1]") == "error: b.yaml:1:4: a: cannot merge a list into a mapping (from a.yaml:1:4)");
    CHECK(merged("a: [1]", "a:\n  b: 1") == "error: b.yaml:2:3: a: cannot merge a mapping into a list (from a.yaml:1:4)");
}

TEST_CASE("merge shares the subtrees it does not change") {
    NodePtr a = parse_yaml("big: {x: 1}\nt: {y: 1}\n", "a.yaml");
    NodePtr b = parse_yaml("t: {y: 2}\n", "b.yaml");
    NodePtr m = merge(a, b);
    CHECK(*m->find("big") == *a->find("big"));
}
