// OmegaConf.merge for config trees: mappings merge key by key, "???" never replaces
// a value, lists and scalars replace, a list against a mapping is an error.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "gym_otel_env/core/value.hpp"

namespace goe {

// OmegaConf dereferences an interpolation that a mapping or list is merged onto: when it
// resolves to a container (in the config as merged so far), that container is copied in
// and merged into. Given the containers from the root down to the value's parent (each
// with its key path), the value's key path and the value, returns that container or
// nullptr. resolve.cpp supplies it; without one, interpolations are simply replaced.
struct Container {
    NodePtr node;
    std::string path;
};
using Dereference =
    std::function<NodePtr(const std::vector<Container>& parents, const std::string& path, const NodePtr& value)>;

struct MergeLimits {
    size_t max_entries = 10'000'000;  // mapping entries copied in one merge
};

// `over` merged onto `base`; either may be null. Shares every untouched subtree.
NodePtr merge(const NodePtr& base, const NodePtr& over, const Dereference& dereference = {},
              const MergeLimits& limits = {});

}  // namespace goe
