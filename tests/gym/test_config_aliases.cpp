// config_aliases: 52755d025d's moved config paths (_config_aliases.py, __init__.py).
#include <catch2/catch.hpp>

#include "gym_otel_env/gym/config_aliases.hpp"

using namespace goe;
using Words = std::vector<std::string>;

TEST_CASE("legacy_config_path_alias is _config_aliases.py's") {
    struct Row {
        std::string path;
        std::optional<std::string> canonical;
    };
    for (const auto& r : std::vector<Row>{
             {"responses_api_agents/x/configs/x.yaml", "harnesses/x/configs/x.yaml"},
             {"./responses_api_agents//x/configs/x.yaml", "harnesses/x/configs/x.yaml"},
             {"responses_api_agents/tau2/configs/tau2_agent.yaml", "harnesses/tau2/configs/tau2.yaml"},
             {"harnesses/tau2/configs/tau2_agent.yaml", "harnesses/tau2/configs/tau2.yaml"},
             {"harnesses/stirrup_agent/configs/stirrup_gdpval.yaml",
              "harnesses/stirrup_agent/configs/stirrup_agent.yaml"},
             {"harnesses/verifiers_agent/configs/acereason-math.yaml",
              "harnesses/verifiers_agent/configs/verifiers_agent.yaml"},
             {"environments/reasoning_gym_hermes/config.yaml", "environments/hermes_reasoning_gym/config.yaml"},
             {"environments/reasoning_gym_hermes/other.yaml", std::nullopt},
             {"harnesses/x/configs/x.yaml", std::nullopt},
             {"responses_api_agents", std::nullopt},
             {"/abs/responses_api_agents/x.yaml", std::nullopt},
             // Only the first part counts.
             {"sub/responses_api_agents/x.yaml", std::nullopt},
             // Path normalizes "./" and "//"; a path only normalized is no alias.
             {"./harnesses//x.yaml", std::nullopt},
         }) {
        INFO(r.path);
        CHECK(legacy_config_path_alias(r.path) == r.canonical);
    }
}

TEST_CASE("legacy_environment_alias is LEGACY_ENVIRONMENT_ALIASES") {
    CHECK(legacy_environment_alias("reasoning_gym_rewoo") == "langgraph_rewoo_reasoning_gym");
    CHECK(legacy_environment_alias("reasoning_gym_claude_code") == "claude_code_reasoning_gym");
    CHECK(legacy_environment_alias("hermes_reasoning_gym") == std::nullopt);
}

TEST_CASE("moved_candidates is _resolve_under_cwd_or_install's order") {
    CHECK(moved_candidates("responses_api_agents/x/c.yaml") ==
          Words{"harnesses/x/c.yaml", "responses_api_agents/x/c.yaml"});
    CHECK(moved_candidates("harnesses/x/c.yaml") == Words{"harnesses/x/c.yaml", "responses_api_agents/x/c.yaml"});
    CHECK(moved_candidates("./harnesses") == Words{"harnesses", "responses_api_agents"});
    CHECK(moved_candidates("environments/a/config.yaml") == Words{"environments/a/config.yaml"});
    CHECK(under_legacy_harnesses("./responses_api_agents/x.yaml"));
    CHECK(!under_legacy_harnesses("harnesses/x.yaml"));
    CHECK(!under_legacy_harnesses("/responses_api_agents/x.yaml"));
}
