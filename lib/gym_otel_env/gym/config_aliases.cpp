#include "gym_otel_env/gym/config_aliases.hpp"

#include <array>
#include <utility>

#include "gym_otel_env/gym/roots.hpp"

namespace goe {
namespace {

using Alias = std::pair<std::string_view, std::string_view>;

// NVIDIA-NeMo/Gym@52755d025d, nemo_gym/_config_aliases.py.
constexpr std::array<Alias, 6> kEnvironmentAliases{{
    {"reasoning_gym_claude_code", "claude_code_reasoning_gym"},
    {"reasoning_gym_hermes", "hermes_reasoning_gym"},
    {"reasoning_gym_orchestrator", "langgraph_orchestrator_reasoning_gym"},
    {"reasoning_gym_parallel_thinking", "langgraph_parallel_thinking_reasoning_gym"},
    {"reasoning_gym_reflection", "langgraph_reflection_reasoning_gym"},
    {"reasoning_gym_rewoo", "langgraph_rewoo_reasoning_gym"},
}};

// LEGACY_CONFIG_PATH_ALIASES beyond the environments' config.yaml.
constexpr std::array<Alias, 3> kConfigPathAliases{{
    {"harnesses/stirrup_agent/configs/stirrup_gdpval.yaml", "harnesses/stirrup_agent/configs/stirrup_agent.yaml"},
    {"harnesses/tau2/configs/tau2_agent.yaml", "harnesses/tau2/configs/tau2.yaml"},
    {"harnesses/verifiers_agent/configs/acereason-math.yaml", "harnesses/verifiers_agent/configs/verifiers_agent.yaml"},
}};

// __init__.py's _LEGACY_COMPONENT_DIR_ALIASES.
constexpr std::string_view kLegacyDir = "responses_api_agents", kCanonicalDir = "harnesses";

// Path(p).parts[0] and the rest, of the normalized relative path.
std::pair<std::string, std::string> head(const std::string& normal) {
    size_t slash = normal.find('/');
    if (slash == std::string::npos) return {normal, ""};
    return {normal.substr(0, slash), normal.substr(slash + 1)};
}

}  // namespace

std::optional<std::string> legacy_environment_alias(std::string_view name) {
    for (const auto& [legacy, canonical] : kEnvironmentAliases)
        if (legacy == name) return std::string(canonical);
    return std::nullopt;
}

std::optional<std::string> legacy_config_path_alias(std::string_view path) {
    if (path.starts_with('/')) return std::nullopt;
    const std::string written = pure_path(path);
    std::string normal = written;
    auto [first, rest] = head(normal);
    if (first == kLegacyDir && !rest.empty()) normal = std::string(kCanonicalDir) + "/" + rest;
    for (const auto& [legacy, canonical] : kEnvironmentAliases)
        if (normal == "environments/" + std::string(legacy) + "/config.yaml")
            normal = "environments/" + std::string(canonical) + "/config.yaml";
    for (const auto& [legacy, canonical] : kConfigPathAliases)
        if (normal == legacy) normal = std::string(canonical);
    if (normal == written) return std::nullopt;
    return normal;
}

std::vector<std::string> moved_candidates(std::string_view relative) {
    const std::string normal = pure_path(relative);
    auto [first, rest] = head(normal);
    std::string tail = rest.empty() ? "" : "/" + rest;
    if (first == kLegacyDir) return {std::string(kCanonicalDir) + tail, normal};
    if (first == kCanonicalDir) return {normal, std::string(kLegacyDir) + tail};
    return {normal};
}

bool under_legacy_harnesses(std::string_view path) {
    if (path.starts_with('/')) return false;
    return head(pure_path(path)).first == kLegacyDir;
}

}  // namespace goe
