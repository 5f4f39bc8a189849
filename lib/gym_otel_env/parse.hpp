// YAML text -> config tree, as OmegaConf.load reads a file: one document, YAML 1.1
// scalar types, duplicate string keys rejected, merge keys (<<) applied, aliases shared.
#pragma once

#include <string>
#include <string_view>

#include "gym_otel_env/value.hpp"

namespace goe {

struct ParseLimits {
    int max_depth = 256;  // nesting of collections; yaml-cpp recurses per level
};

// `name` is how messages refer to the text ("c.yaml", "<stdin>"). Returns null for an
// empty document. Throws Error with the position of the first problem.
NodePtr parse_yaml(std::string_view text, const std::string& name, const ParseLimits& limits = {});

}  // namespace goe
