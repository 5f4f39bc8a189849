// Gym's install root (nemo_gym's PARENT_DIR) as Gym's entry point would find nemo_gym,
// read from the file system without running anything: the script, its interpreter, and
// that interpreter's site-packages.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "gym_otel_env/core/environment.hpp"
#include "gym_otel_env/core/file_system.hpp"
#include "gym_otel_env/gym/gym_entry.hpp"

namespace goe {

// The root for `entry`: the script (on the PATH of `env` unless a path is given), its
// shebang's interpreter, and the site-packages of that interpreter holding
// nemo_gym/__init__.py (a wheel: PARENT_DIR is site-packages) or an editable install's
// finder or .pth pointing at a checkout (PARENT_DIR is the checkout). `python -m` uses
// that python, `uv run` the project's environment. nullopt when it cannot be told.
std::optional<std::string> gym_install_root(const GymEntry& entry, const Environment& env, FileSystem& fs);

// The PATH execvp searches when none is set: glibc's confstr(_CS_PATH).
inline constexpr std::string_view kExecvpDefaultPath = "/bin:/usr/bin";

// Whether execvp finds something at `name` (a path with a slash, else on the PATH of
// `env`): false is its "command not found" (127), executable or not aside (126).
bool command_found(const std::string& name, const Environment& env, FileSystem& fs);

}  // namespace goe
