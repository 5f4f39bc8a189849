#include <catch2/catch.hpp>

#include <string>

#include <fmt/format.h>

#include "gym_otel_env/core/mapping_index.hpp"
#include "gym_otel_env/core/value.hpp"

using namespace goe;

namespace {

// A mapping of `n` string keys k0..k{n-1} (k{i}: i), then the int key 1 and a second k0.
NodePtr mapping_of(int n) {
    auto m = new_node();
    m->type = Type::mapping;
    for (int i = 0; i < n; ++i)
        m->mutable_entries().push_back(Entry{fmt::format("k{}", i), make_int(std::to_string(i))});
    m->mutable_entries().push_back(Entry{"1", make_string("int key"), Type::integer});
    m->mutable_entries().push_back(Entry{"k0", make_string("second k0")});
    return m;
}

std::string found(MappingIndex& index, const Node& mapping, std::string_view key) {
    const NodePtr* value = index.find(mapping, key);
    return value ? python_str(**value) : "absent";
}

}  // namespace

// The index is a short cut: whatever it has built, it must answer as Node::find does.
TEST_CASE("MappingIndex finds what Node::find finds, in small and large mappings, before and after indexing") {
    for (int n : {3, 31, 32, 200}) {
        NodePtr m = mapping_of(n);
        MappingIndex index;
        // Enough lookups to pass the scans before a large mapping is indexed.
        for (int round = 0; round < 40; ++round) {
            CAPTURE(n, round);
            CHECK(found(index, *m, "k0") == "0");  // the first of equal keys
            CHECK(found(index, *m, fmt::format("k{}", n - 1)) == std::to_string(n - 1));
            CHECK(found(index, *m, "1") == "absent");  // the int key 1 is not '1'
            CHECK(found(index, *m, "missing") == "absent");
            CHECK(found(index, *m, "") == "absent");
        }
    }
}

TEST_CASE("MappingIndex keeps one index per mapping") {
    NodePtr a = mapping_of(100), b = mapping_of(50);
    MappingIndex index;
    for (int round = 0; round < 40; ++round) {
        CHECK(found(index, *a, "k99") == "99");
        CHECK(found(index, *b, "k99") == "absent");
        CHECK(found(index, *b, "k49") == "49");
    }
}
