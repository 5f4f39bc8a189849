// OmegaConf.merge for config trees: mappings merge key by key, "???" never replaces
// a value, lists and scalars replace, a list against a mapping is an error.
#pragma once

#include <string>

#include "gym_otel_env/value.hpp"

namespace goe {

struct MergeLimits {
    size_t max_entries = 10'000'000;  // mapping entries copied in one merge
};

// `over` merged onto `base`; either may be null. Shares every untouched subtree.
NodePtr merge(const NodePtr& base, const NodePtr& over, const std::string& path = {},
              const MergeLimits& limits = {});

// A tree holding `value` at the dotted `key` ("a.b.c"), for --set and overrides.
NodePtr tree_at(std::string_view key, NodePtr value);

}  // namespace goe
