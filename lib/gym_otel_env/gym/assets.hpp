// Gym's asset selectors (--environment, --benchmark, --resources-server, --model-type
// NAME[/FLAVOR]) -> the config file each names, found on the search roots as Gym's
// _asset_config_path finds it, with Gym's "did you mean" when there is none.
#pragma once

#include <string>
#include <string_view>

#include "gym_otel_env/core/file_system.hpp"
#include "gym_otel_env/gym/roots.hpp"

namespace goe {

// True for the four selector names, without the dashes ("model-type").
bool is_asset_selector(std::string_view flag);

// The config path a selector implies, relative to a root: "environments/x/config.yaml".
std::string asset_relative_path(std::string_view flag, std::string_view value);

// The resolved absolute path of the config `--FLAG VALUE` selects: the first root that
// has it wins. Throws a usage Error with Gym's message when no root has it.
std::string asset_config_path(std::string_view flag, std::string_view value, const SearchRoots& roots, FileSystem& fs);

}  // namespace goe
