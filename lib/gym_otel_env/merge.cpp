#include "gym_otel_env/merge.hpp"

#include <map>
#include <unordered_map>

#include <fmt/format.h>

namespace goe {

namespace {
bool is_missing(const Node& n) { return n.type == Type::string && n.text == "???"; }

// Aliases share subtrees, so the same pair of mappings can meet under many paths
// (two billion-laughs documents merged key by key): each pair is merged once, and
// the mappings built in all have a budget.
class Merger {
public:
    explicit Merger(const MergeLimits& limits) : limits_(limits) {}

    NodePtr merge(const NodePtr& base, const NodePtr& over, const std::string& path) {
        if (!base || base == over) return over;
        if (!over) return base;
        if (is_missing(*over)) return base;
        bool base_map = base->type == Type::mapping, over_map = over->type == Type::mapping;
        if ((base_map && over->type == Type::sequence) || (over_map && base->type == Type::sequence))
            throw Error(over->origin, path,
                        fmt::format("cannot merge a {} into a {} (from {})", type_name(over->type),
                                    type_name(base->type), base->origin.str()));
        if (!base_map || !over_map) return over;
        auto pair = std::make_pair(base.get(), over.get());
        if (auto hit = done_.find(pair); hit != done_.end()) return hit->second;
        entries_ += base->entries.size() + over->entries.size();
        if (entries_ > limits_.max_entries)
            throw Error(over->origin, path, fmt::format("merging visits more than {} entries", limits_.max_entries));
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
        done_.emplace(pair, out);
        return out;
    }

private:
    const MergeLimits& limits_;
    std::map<std::pair<const Node*, const Node*>, NodePtr> done_;
    size_t entries_ = 0;
};
}  // namespace

NodePtr merge(const NodePtr& base, const NodePtr& over, const std::string& path, const MergeLimits& limits) {
    return Merger(limits).merge(base, over, path);
}

NodePtr tree_at(std::string_view key, NodePtr value) {
    // From the last part outwards, without recursion: a key may have many dots.
    NodePtr node = std::move(value);
    for (;;) {
        size_t dot = key.rfind('.');
        std::string_view last = dot == std::string_view::npos ? key : key.substr(dot + 1);
        auto parent = std::make_shared<Node>();
        parent->type = Type::mapping;
        parent->origin = node->origin;
        parent->entries.push_back(Entry{std::string(last), std::move(node)});
        node = std::move(parent);
        if (dot == std::string_view::npos) return node;
        key = key.substr(0, dot);
    }
}

}  // namespace goe
