// YAML text -> config tree, as OmegaConf.load reads a file: one document, YAML 1.1
// scalar types, duplicate string keys rejected, merge keys (<<) applied, aliases shared.
#pragma once

#include <string>
#include <string_view>

#include "gym_otel_env/core/value.hpp"

namespace goe {

struct ParseLimits {
    int max_depth = 256;           // nesting of collections; yaml-cpp recurses per level (its own guard is at 2000)
    size_t max_nodes = 5'000'000;  // scalars (keys too) and collections in one document
    size_t max_merged_entries = 1'000'000;  // entries copied by merge keys (<<) in one document
};

// `name` is how messages refer to the text ("c.yaml", "<stdin>"). Returns null for an
// empty document. Throws Error with the position of the first problem.
NodePtr parse_yaml(std::string_view text, const std::string& name, const ParseLimits& limits = {});
// The same, also checking the syntax of every ${...} while it builds, so that a loader
// need not walk the tree for it: `*interpolations_valid` is false when some string's
// interpolation does not parse (check_interpolations then reports the first one).
NodePtr parse_yaml(std::string_view text, const std::string& name, const ParseLimits& limits,
                   bool* interpolations_valid);

}  // namespace goe
