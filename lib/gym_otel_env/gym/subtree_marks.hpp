// What Gym's two passes over the merged config look for below a collection, one rule
// each over its children: a directive, for _recursively_swap_keys (directives.hpp), and a
// '???', for raise_on_missing_values (missing_values.hpp). The parser notes both on
// every collection it completes (subtree_marks), and each pass passes over a subtree
// whose marks say it holds nothing for it, without reading it.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>

#include "gym_otel_env/core/value.hpp"
#include "gym_otel_env/omegaconf/value_kind.hpp"

namespace goe {

// Gym's directives: the keys of a mapping and the strings that start a value.
inline const std::string kInheritKey = "_inherit_from";
inline const std::string kCopyKey = "_copy";
inline const std::string kDeleteKey = "_delete_key";
inline constexpr std::string_view kInheritText = "${inherit_from:";
inline constexpr std::string_view kCopyText = "${copy:";

// Each directive key starts with '_' and each directive string with '$', which rules out
// nearly every key and value with one test.
inline bool is_directive_key(std::string_view key) {
    return !key.empty() && key[0] == '_' && (key == kInheritKey || key == kCopyKey || key == kDeleteKey);
}
inline bool is_directive_string(const Node& n) {
    std::string_view text = n.type == Type::string ? n.text() : std::string_view();
    return !text.empty() && text[0] == '$' && (text.starts_with(kInheritText) || text.starts_with(kCopyText));
}
// Gym's pass acts on a mapping entry with a directive key or a directive string for its
// value, and resolves each string item of a list it reads.
inline bool acts_on_entry(const Entry& e) { return is_directive_key(e.key) || is_directive_string(*e.value); }
inline bool acts_on_item(const Node& item) { return is_interpolation(item); }

// What a collection and everything below it hold for the passes (Node::set_marks). 0
// when a child collection has no marks noted.
enum SubtreeMark : uint8_t { kMarksNoted = 1, kHasMissing = 2, kHasDirective = 4 };
inline bool marked(const Node& n, SubtreeMark mark) { return (n.marks() & mark) != 0; }
uint8_t subtree_marks(const Node& collection);

// The two things the passes look for, each as one rule over a collection's children;
// `below(child)` answers it for a child collection the rule looks into: by walking it
// (the passes) or by its marks (subtree_marks), so the marks say what a walk finds.
// Gym's pass looks into a mapping's collections and a list's mappings (not lists in lists).
template <class Below>
bool directive_in(const Node& n, Below below) {
    for (const auto& e : n.entries())
        if (acts_on_entry(e) || (e.value->is_container() && below(e.value))) return true;
    for (const auto& item : n.items())
        if (acts_on_item(*item) || (item->type == Type::mapping && below(item))) return true;
    return false;
}
// A '???' anywhere below.
template <class Below>
bool missing_in(const Node& n, Below below) {
    auto found = [&](const NodePtr& child) { return is_missing(*child) || (child->is_container() && below(child)); };
    return std::any_of(n.entries().begin(), n.entries().end(), [&](const Entry& e) { return found(e.value); }) ||
           std::any_of(n.items().begin(), n.items().end(), found);
}

}  // namespace goe
