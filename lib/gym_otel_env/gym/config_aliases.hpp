// Gym 52755d025d's moved config paths: nemo_gym/_config_aliases.py (environments and
// harness configs renamed) and __init__.py's component directories (responses_api_agents/
// is now harnesses/), as the selectors and the loader look a relative path up.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace goe {

// LEGACY_ENVIRONMENT_ALIASES: the environment an old name now is ("reasoning_gym_hermes"
// -> "hermes_reasoning_gym").
std::optional<std::string> legacy_environment_alias(std::string_view name);

// legacy_config_path_alias: the canonical path of a relative config path that moved
// (responses_api_agents/... -> harnesses/..., then LEGACY_CONFIG_PATH_ALIASES), nullopt
// when absolute or unchanged.
std::optional<std::string> legacy_config_path_alias(std::string_view path);

// _resolve_under_cwd_or_install's relative candidates, tried in order under each root:
// responses_api_agents/X -> harnesses/X then itself; harnesses/X -> itself then
// responses_api_agents/X; anything else, itself.
std::vector<std::string> moved_candidates(std::string_view relative);

// Whether the path's first part is responses_api_agents (Path(p).parts[0]).
bool under_legacy_harnesses(std::string_view path);

}  // namespace goe
