#include "gym_otel_env/merge.hpp"

#include <unordered_map>

#include <fmt/format.h>

namespace goe {

namespace {
bool is_missing(const Node& n) { return n.type == Type::string && n.text == "???"; }
}  // namespace

NodePtr merge(const NodePtr& base, const NodePtr& over, const std::string& path) {
    if (!base) return over;
    if (!over) return base;
    if (is_missing(*over)) return base;
    bool base_map = base->type == Type::mapping, over_map = over->type == Type::mapping;
    if ((base_map && over->type == Type::sequence) || (over_map && base->type == Type::sequence))
        throw Error(over->origin, path,
                    fmt::format("cannot merge a {} into a {} (from {})", type_name(over->type),
                                type_name(base->type), base->origin.str()));
    if (!base_map || !over_map) return over;
    auto out = std::make_shared<Node>(*base);
    // Index by key so that merging two large mappings stays linear.
    std::unordered_map<std::string, size_t> index;
    index.reserve(out->entries.size());
    for (size_t i = 0; i < out->entries.size(); ++i) index.emplace(out->entries[i].key, i);
    for (const auto& e : over->entries) {
        auto hit = index.find(e.key);
        if (hit == index.end()) {
            index.emplace(e.key, out->entries.size());
            out->entries.push_back(e);
            continue;
        }
        auto& mine = out->entries[hit->second].value;
        mine = merge(mine, e.value, path.empty() ? e.key : path + "." + e.key);
    }
    out->origin = over->origin;
    return out;
}

NodePtr tree_at(std::string_view key, NodePtr value) {
    size_t dot = key.rfind('.');
    std::string_view last = dot == std::string_view::npos ? key : key.substr(dot + 1);
    auto node = std::make_shared<Node>();
    node->type = Type::mapping;
    node->origin = value->origin;
    node->entries.push_back(Entry{std::string(last), std::move(value)});
    if (dot == std::string_view::npos) return node;
    return tree_at(key.substr(0, dot), node);
}

}  // namespace goe
