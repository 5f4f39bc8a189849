// Gym's asset selectors (--environment, --benchmark, --resources-server, --model-type,
// and 52755d025d's --agent-type NAME[/FLAVOR]) -> the config file each names, found on the
// search roots as that Gym's _asset_config_path finds it, with Gym's "did you mean" when
// there is none.
#pragma once

#include <string>
#include <string_view>

#include <vector>

#include "gym_otel_env/core/file_system.hpp"
#include "gym_otel_env/gym/gym_commands.hpp"
#include "gym_otel_env/gym/roots.hpp"

namespace goe {

// True for the selector names, without the dashes ("model-type").
bool is_asset_selector(std::string_view flag);

// The config path a selector implies, relative to a root: "environments/x/config.yaml".
std::string asset_relative_path(std::string_view flag, std::string_view value);

// The resolved absolute path of the config `--FLAG VALUE` selects: the first root that
// has it wins. Throws a usage Error with Gym's message when no root has it. Under
// 52755d025d, --agent-type also looks under the old responses_api_agents/, and a moved
// environment or config path is found under its new name; each adds Gym's deprecation
// warning to `warnings`.
std::string asset_config_path(std::string_view flag, std::string_view value, const SearchRoots& roots, FileSystem& fs,
                              gym::CommandLine version = gym::kDefaultCommandLine,
                              std::vector<std::string>* warnings = nullptr);

}  // namespace goe
