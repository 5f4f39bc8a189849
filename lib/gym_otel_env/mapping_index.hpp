// Lookups by key in mappings met again and again (a thousand directives or a hundred
// thousand references into one large mapping): indexed once each, scanned when small.
#pragma once

#include <string>
#include <unordered_map>

#include "gym_otel_env/value.hpp"

namespace goe {

class MappingIndex {
public:
    // The value under the string key `key` in `mapping` (as Node::find: an int key 1 is
    // not '1'), or nullptr. `mapping` must outlive the index.
    const NodePtr* find(const Node& mapping, const std::string& key) {
        if (mapping.entries().size() < kIndexFrom) return mapping.find(key);
        auto [it, fresh] = indexes_.try_emplace(&mapping);
        if (fresh)
            for (const auto& e : mapping.entries())
                if (e.key_type == Type::string) it->second.emplace(e.key, &e.value);
        auto hit = it->second.find(key);
        return hit == it->second.end() ? nullptr : hit->second;
    }

private:
    static constexpr size_t kIndexFrom = 32;
    std::unordered_map<const Node*, std::unordered_map<std::string, const NodePtr*>> indexes_;
};

}  // namespace goe
