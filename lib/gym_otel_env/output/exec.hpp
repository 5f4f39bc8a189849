// --exec: the child's environment. The execvp that replaces this process is the
// application's (apps/gym-otel-env/system.hpp): it reads PATH and the disk.
#pragma once

#include <string>
#include <vector>

#include "gym_otel_env/telemetry/translate.hpp"

namespace goe {

// "NAME=value" entries: `base` (as the process had them, in order) with `exports`
// applied, an exported name replacing an entry of the same name and a withdrawn one
// (output/record.hpp) removing it.
std::vector<std::string> child_environment(const std::vector<std::string>& base, const std::vector<Export>& exports);

}  // namespace goe
