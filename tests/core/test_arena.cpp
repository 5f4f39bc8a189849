#include <catch2/catch.hpp>

#include <optional>
#include <string>
#include <vector>

#include "gym_otel_env/core/arena.hpp"
#include "gym_otel_env/core/value.hpp"

using namespace goe;

TEST_CASE("KeyText keeps short keys in place and longer ones in a block of their own") {
    for (const std::string& text :
         std::vector<std::string>{"", "a", "fourteen bytes", "fifteen bytes!!", std::string(300, 'k')}) {
        KeyText key(text);
        CHECK(key == text);
        KeyText copy(key);
        KeyText moved(std::move(key));
        CHECK(copy == text);
        CHECK(moved == text);
        copy = KeyText("other");
        CHECK(copy == "other");
    }
    CHECK(sizeof(Entry) == 32);
}

TEST_CASE("nodes made in a NodeArenaScope outlive it and are released in any order") {
    // Under the sanitizer pass, LeakSanitizer sees an arena that is never freed and
    // AddressSanitizer a node read after its arena went away.
    NodePtr kept, mapping;
    {
        NodeArenaScope arena;
        NodePtr early = make_string("released while the scope is open");
        early.reset();
        kept = make_string(std::string(100, 'x'));
        auto map = new_node();  // from the arena, with its entries and their long key
        map->type = Type::mapping;
        map->mutable_entries() = {{"a_key_longer_than_in_place", make_int("7")}};
        mapping = map;
    }
    CHECK(kept->text() == std::string(100, 'x'));
    kept.reset();
    CHECK(python_str(*mapping) == "{'a_key_longer_than_in_place': 7}");
    mapping.reset();       // the last piece frees the arena
    NodeArenaScope empty;  // a scope that hands out nothing frees its arena when it closes
}

TEST_CASE("a copy shares the arena bytes of its keys and texts, which stay until the last owner goes") {
    // An arena's blocks are unmapped when it is freed: a copy whose bytes went with the
    // original reads freed memory (a crash, or AddressSanitizer's report).
    std::optional<Node> copy, inner_copy;
    std::optional<KeyText> key;
    {
        NodePtr original;
        {
            NodeArenaScope arena;
            auto inner = new_node();
            inner->type = Type::mapping;
            inner->mutable_entries() = {{"a_key_longer_than_in_place", make_string(std::string(40, 't'))}};
            original = inner;
            copy.emplace(*inner);  // shared while the scope is open
        }
        inner_copy.emplace(*original);  // and after it closed
        key.emplace(original->entries()[0].key);
        const Node& text = *original->entries()[0].value;
        CHECK(Node(text).text().data() == text.text().data());
        CHECK(copy->entries()[0].key.view().data() == original->entries()[0].key.view().data());
    }
    CHECK(python_str(*copy) == "{'a_key_longer_than_in_place': '" + std::string(40, 't') + "'}");
    copy.reset();
    CHECK(key->view() == "a_key_longer_than_in_place");
    key.reset();
    CHECK(python_str(*inner_copy) == "{'a_key_longer_than_in_place': '" + std::string(40, 't') + "'}");
}
