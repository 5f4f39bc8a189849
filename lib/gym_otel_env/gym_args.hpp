// Reads a `gym ...` command line the way gym reads it, to find its configs and
// overrides: --config PATH, config_paths=[...], KEY=VALUE / +KEY=VALUE / ++KEY=VALUE.
#pragma once

#include <string>
#include <vector>

#include "gym_otel_env/load.hpp"

namespace goe {

struct GymCommandLine {
    std::vector<std::string> configs;
    std::vector<std::string> overrides;  // raw Hydra override tokens, in order
};

GymCommandLine read_gym_command(const std::vector<std::string>& argv);

}  // namespace goe
