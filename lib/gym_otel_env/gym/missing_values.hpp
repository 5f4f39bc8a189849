// Gym's check that no '???' is left in the config after the directives
// (raise_on_missing_values): every missing value listed in one error.
#pragma once

#include "gym_otel_env/core/value.hpp"
#include "gym_otel_env/gym/directives.hpp"

namespace goe {

// Throws one Error listing every '???' path, one line each, with Gym's hint (spelled
// with our --set), at most `limits.max_missing_listed` of them; does nothing when there
// is none.
void check_missing(const NodePtr& root, const DirectiveLimits& limits = {});

}  // namespace goe
