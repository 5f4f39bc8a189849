// mapping_index: lookups by key in mappings searched again and again. Whether it scans or
// has built its index, it answers as Node::find does.
#include <fmt/format.h>
#include <catch2/catch.hpp>

#include <memory>
#include <string>
#include <vector>

#include "gym_otel_env/core/mapping_index.hpp"

using namespace goe;

namespace {

// A mapping of k0: 0 ... k{n-1}: n-1, with these entries appended.
NodePtr mapping(int n, std::vector<Entry> more = {}) {
    auto m = std::make_shared<Node>();
    m->type = Type::mapping;
    for (int i = 0; i < n; ++i)
        m->mutable_entries().push_back(Entry{fmt::format("k{}", i), make_int(std::to_string(i))});
    for (auto& e : more) m->mutable_entries().push_back(std::move(e));
    return m;
}

// What the index finds for `key`, as the value's text, "<none>" when nothing.
std::string found(MappingIndex& index, const Node& m, std::string_view key) {
    const NodePtr* v = index.find(m, key);
    return v ? std::string((*v)->text()) : "<none>";
}

}  // namespace

TEST_CASE(
    "MappingIndex::find: the value under a string key, as Node::find, small or large, before and after indexing") {
    // 31 entries are always scanned; 32 and more are indexed after 16 scans.
    for (int n : {3, 31, 32, 200}) {
        INFO(n << " entries");
        NodePtr m = mapping(n, {Entry{"k1", make_int("-1")},                        // a second k1: the first one wins
                                Entry{"7", make_string("int key"), Type::integer},  // the int key 7, not '7'
                                Entry{"7s", make_string("str")}});
        MappingIndex index;
        for (int round = 0; round < 40; ++round) {
            INFO("lookup round " << round);
            CHECK(found(index, *m, "k0") == "0");
            CHECK(found(index, *m, "k1") == "1");
            CHECK(found(index, *m, fmt::format("k{}", n - 1)) == std::to_string(n - 1));
            CHECK(found(index, *m, "7") == "<none>");
            CHECK(found(index, *m, "7s") == "str");
            CHECK(found(index, *m, "missing") == "<none>");
            CHECK(found(index, *m, "") == "<none>");
            // The very slot of the mapping's entry, as Node::find gives it.
            CHECK(index.find(*m, "k1") == m->find("k1"));
        }
    }
}

TEST_CASE("MappingIndex::find keeps one index per mapping") {
    NodePtr a = mapping(50);
    NodePtr b = mapping(50, {Entry{"only_b", make_string("b")}});
    MappingIndex index;
    for (int round = 0; round < 40; ++round) {
        CHECK(found(index, *a, "only_b") == "<none>");
        CHECK(found(index, *b, "only_b") == "b");
        CHECK(index.find(*a, "k3") == a->find("k3"));
        CHECK(index.find(*b, "k3") == b->find("k3"));
    }
}
