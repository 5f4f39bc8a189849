#include "gym_otel_env/omegaconf/merge.hpp"

#include <map>
#include <unordered_map>

#include <fmt/format.h>

#include "gym_otel_env/core/python.hpp"
#include "gym_otel_env/omegaconf/value_kind.hpp"

namespace goe {

namespace {

[[noreturn]] void list_against_mapping(const Node& base, const Node& over, const std::string& path) {
    throw Error(over.origin, path,
                fmt::format("cannot merge a {} into a {} (from {})", type_name(over.type), type_name(base.type),
                            base.origin.str()));
}

bool clash(const Node& base, const Node& over) {
    return (base.type == Type::mapping && over.type == Type::sequence) ||
           (base.type == Type::sequence && over.type == Type::mapping);
}

// Merges into fresh copies from the root down, so that a dereference during the merge
// sees the config as merged so far, as OmegaConf's in-place merge does. Aliases share
// subtrees, so the same pair of mappings can meet under many paths (two billion-laughs
// documents merged key by key): each pair is merged once, and the entries copied in all
// have a budget.
class Merger {
public:
    Merger(const Dereference& dereference, const MergeLimits& limits) : dereference_(dereference), limits_(limits) {}

    void into(const std::shared_ptr<Node>& dest, const Node& src, const std::string& path) {
        entries_ += dest->entries().size() + src.entries().size();
        if (entries_ > limits_.max_entries)
            throw Error(src.origin, path, fmt::format("merging visits more than {} entries", limits_.max_entries));
        parents_.push_back(Container{dest, path});
        // Index by key so that merging two large mappings stays linear.
        std::unordered_map<std::string, size_t> index;
        index.reserve(dest->entries().size());
        for (size_t i = 0; i < dest->entries().size(); ++i) index.emplace(key_identity(dest->entries()[i]), i);
        for (const auto& e : src.entries()) {
            std::string identity = key_identity(e);  // OmegaConf merges 1 into true, not into '1'
            auto hit = index.find(identity);
            if (hit == index.end()) {
                index.emplace(std::move(identity), dest->entries().size());
                dest->mutable_entries().push_back(e);
                continue;
            }
            std::string child = path.empty() ? e.key.str() : path + "." + e.key.str();
            NodePtr mine = dest->entries()[hit->second].value;
            const NodePtr& theirs = e.value;
            if (is_missing(*theirs)) continue;
            if (theirs->is_container() && is_interpolation(*mine) && dereference_) {
                ++dereferences_;
                if (NodePtr target = dereference_(parents_, child, mine)) mine = target;
            }
            if (clash(*mine, *theirs)) list_against_mapping(*mine, *theirs, child);
            if (mine->type == Type::mapping && theirs->type == Type::mapping) {
                auto pair = std::make_pair(mine.get(), theirs.get());
                if (auto done = done_.find(pair); done != done_.end()) {
                    dest->mutable_entries()[hit->second].value = done->second;
                    continue;
                }
                auto copy = std::make_shared<Node>(*mine);
                copy->origin = theirs->origin;
                dest->mutable_entries()[hit->second].value = copy;
                size_t before = dereferences_;
                into(copy, *theirs, child);
                // A dereference depends on where the pair sits (a relative ${..x}) and on
                // the tree merged so far: such a merge is not the same under another path.
                if (dereferences_ == before) done_.emplace(pair, copy);
            } else {
                dest->mutable_entries()[hit->second].value = theirs;
            }
        }
        parents_.pop_back();
    }

private:
    const Dereference& dereference_;
    const MergeLimits& limits_;
    std::vector<Container> parents_;
    std::map<std::pair<const Node*, const Node*>, NodePtr> done_;
    size_t entries_ = 0;
    size_t dereferences_ = 0;
};

}  // namespace

NodePtr merge(const NodePtr& base, const NodePtr& over, const Dereference& dereference, const MergeLimits& limits) {
    if (!base || base == over) return over;
    if (!over) return base;
    if (is_missing(*over)) return base;
    if (clash(*base, *over)) list_against_mapping(*base, *over, {});
    if (base->type != Type::mapping || over->type != Type::mapping) return over;
    auto root = std::make_shared<Node>(*base);
    root->origin = over->origin;
    Merger(dereference, limits).into(root, *over, {});
    return root;
}

}  // namespace goe
