// Which telemetry schema is in force (SPEC 8): the one an option names; else the one the
// installed Gym's nemo_gym/telemetry/config.py describes, read by its field names; else
// the default. Reads that one file through the FileSystem.
#pragma once

#include <string>
#include <string_view>

#include "gym_otel_env/core/file_system.hpp"
#include "gym_otel_env/telemetry/schema_versions.hpp"

namespace goe {

// `gym_version`: the Gym --gym-version names (a GymVersion's name), or empty. `gym_root`:
// Gym's install root (--gym-root, or found from Gym's entry under --exec), or empty.
SchemaInForce schema_in_force(std::string_view gym_version, const std::string& gym_root, FileSystem& fs);

}  // namespace goe
