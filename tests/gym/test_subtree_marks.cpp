// What Gym's two passes look for (gym/subtree_marks.hpp): a directive and a '???', and
// the marks the parser notes with them.
#include <catch2/catch.hpp>

#include <string_view>

#include "gym_otel_env/gym/missing_values.hpp"
#include "gym_otel_env/gym/subtree_marks.hpp"
#include "gym_otel_env/yaml/parse.hpp"
#include "support.hpp"

using namespace goe;
using goe::testing::error_of;
using goe::testing::parse_marked;

// Gym's pass acts on the keys _inherit_from, _copy and _delete_key, and on a string value
// that starts with ${inherit_from: or ${copy:; nothing else is a directive.
TEST_CASE("is_directive_key and is_directive_string: what Gym's pass acts on") {
    for (std::string_view key : {"_inherit_from", "_copy", "_delete_key"}) CHECK(is_directive_key(key));
    for (std::string_view key : {"", "_", "copy", "_Copy", "_copy ", "_inherit", "inherit_from"})
        CHECK_FALSE(is_directive_key(key));
    auto string_is_directive = [](std::string_view text) { return is_directive_string(*make_string(text)); };
    CHECK(string_is_directive("${inherit_from:a.b}"));
    CHECK(string_is_directive("${copy:a}"));
    CHECK(string_is_directive("${copy:a} tail"));
    for (std::string_view text : {"", " ${copy:a}", "x${copy:a}", "${oc.env:A}", "${copy}", "$copy:a"})
        CHECK_FALSE(string_is_directive(text));
    CHECK_FALSE(is_directive_string(*make_int("1", {})));
}

// Both passes pass over a subtree whose marks say it has nothing for them, so the marks
// must say exactly what their walks would find, and nothing stale after a change.
TEST_CASE("subtree_marks notes what the directives pass and the '\?\?\?' check look for") {
    NodePtr root = parse_marked(
        "plain: {a: [1, {b: x}], c: {d: '$x', e: '_copy', f: '?'}}\n"
        "missing: {a: [['\?\?\?']]}\n"
        "key: {a: {_delete_key: b}}\n"
        "text: {a: '${copy:plain}'}\n"
        "item: {a: [x, '${plain.c.d}']}\n"
        "nested: {a: [['${plain.c.d}']], b: [{c: ['${x}']}]}\n",
        "c.yaml");
    auto marks_of = [&](std::string_view key) { return static_cast<int>((*root->find(key))->marks()); };
    CHECK(marks_of("plain") == kMarksNoted);
    CHECK(marks_of("missing") == (kMarksNoted | kHasMissing));
    CHECK(marks_of("key") == (kMarksNoted | kHasDirective));
    CHECK(marks_of("text") == (kMarksNoted | kHasDirective));
    CHECK(marks_of("item") == (kMarksNoted | kHasDirective));
    // The pass reads the items of a list in a mapping, and what a mapping item holds,
    // not the items of a list inside a list.
    const Node& nested = **root->find("nested");
    CHECK(static_cast<int>((*nested.find("a"))->marks()) == kMarksNoted);
    CHECK(static_cast<int>((*nested.find("b"))->marks()) == (kMarksNoted | kHasDirective));
    CHECK(static_cast<int>(root->marks()) == (kMarksNoted | kHasMissing | kHasDirective));

    // A copy keeps them, a change clears them, and a collection with such a child is not
    // noted: the passes walk it.
    Node copy = **root->find("plain");
    CHECK(static_cast<int>(copy.marks()) == kMarksNoted);
    copy.mutable_entries().push_back(Entry{"m", make_string("\?\?\?")});
    CHECK(static_cast<int>(copy.marks()) == 0);
    auto parent = std::make_shared<Node>();
    parent->type = Type::mapping;
    parent->mutable_entries().push_back(Entry{"p", std::make_shared<Node>(copy)});
    CHECK(static_cast<int>(subtree_marks(*parent)) == 0);
    CHECK(error_of([&] { check_missing(parent); }) ==
          "1 required config value(s) are unset (still '\?\?\?') after merging:\n"
          "p.m: unset ('\?\?\?')\n"
          "provide each value with --set, in env.yaml or in a config you pass via config_paths, e.g. "
          "--set p.m=<value>");
}
