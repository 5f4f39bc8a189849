// Lookups by key in mappings met again and again (a thousand directives or a hundred
// thousand references into one large mapping): a large mapping is indexed once it has
// been searched often enough to pay for it, scanned until then and when small.
#pragma once

#include <string_view>
#include <unordered_map>

#include "gym_otel_env/core/value.hpp"

namespace goe {

class MappingIndex {
public:
    // The value under the string key `key` in `mapping` (as Node::find: an int key 1 is
    // not '1'), or nullptr. `mapping` must outlive the index and not change meanwhile.
    const NodePtr* find(const Node& mapping, std::string_view key) {
        if (mapping.entries().size() < kIndexFrom) return mapping.find(key);
        Index& index = indexes_[&mapping];
        // A config of 50,000 servers is searched a few times, for the values its
        // telemetry block refers to: scanning it costs less than indexing it.
        if (index.scans < kScansFirst) {
            ++index.scans;
            return mapping.find(key);
        }
        if (index.by_key.empty())
            for (const auto& e : mapping.entries())
                if (e.key_type == Type::string) index.by_key.emplace(e.key.view(), &e.value);
        auto hit = index.by_key.find(key);
        return hit == index.by_key.end() ? nullptr : hit->second;
    }

private:
    static constexpr size_t kIndexFrom = 32;
    static constexpr int kScansFirst = 16;
    struct Index {
        int scans = 0;
        // Views of the keys in the mapping's own entries; the first of equal keys wins.
        std::unordered_map<std::string_view, const NodePtr*> by_key;
    };
    std::unordered_map<const Node*, Index> indexes_;
};

}  // namespace goe
