// gym_refusals: what Gym refuses once argparse has read its command line, in Gym's words.
#include <catch2/catch.hpp>

#include "gym_otel_env/core/error.hpp"
#include "gym_otel_env/gym/gym_refusals.hpp"
#include "support.hpp"

using namespace goe;
using goe::testing::error_of;
using Words = std::vector<std::string>;

namespace {

const gym::Command& command(gym::CommandLine version, std::string_view name) {
    for (const auto& c : gym::commands(version))
        if (c.name == name) return c;
    throw std::logic_error("no such command");
}

const CommandLineRead kDefault{};

}  // namespace

TEST_CASE("refuse_unknown_options: nothing to refuse without a leftover option") {
    CHECK_NOTHROW(refuse_unknown_options({"+a=1", "b"}, {"--config"}, nullptr, kDefault, "gym"));
}

TEST_CASE("refuse_unknown_options names the command line read, the Gym that has the option, and the way around") {
    const auto& start = command(gym::CommandLine::v2e5014086a, "env start");
    CHECK(error_of(
              [&] {
                  refuse_unknown_options({"--agent-type=x"}, {"--config", "--model-type"}, &start, kDefault, "ng");
              },
              Error::Kind::usage) ==
          "gym command line: unrecognized arguments: --agent-type=x (the tool reads Gym 2e5014086a's command line (the "
          "default: no Gym install root found), which has no --agent-type on `env start`; Gym 52755d025d's has it: "
          "name that Gym with --gym-version 52755d025d, or give the configs as CONFIG: gym-otel-env CONFIG... --exec "
          "-- ng ...)");
    // Without a command (an unknown option before it), only Gym's own hint.
    CHECK(error_of(
              [&] {
                  refuse_unknown_options({"--verbos"}, {"--verbose", "--version"}, nullptr, kDefault, "gym");
              },
              Error::Kind::usage) ==
          "gym command line: unrecognized arguments: --verbos Did you mean `--verbose`? (the tool reads Gym "
          "2e5014086a's command line (the default: no Gym install root found): give the configs as CONFIG: "
          "gym-otel-env CONFIG... --exec -- gym ...)");
    // An option of this command refused for its place (after "--") is not another Gym's.
    CHECK(error_of([&] { refuse_unknown_options({"--config"}, {"--config"}, &start, kDefault, "gym"); },
                   Error::Kind::usage) ==
          "gym command line: unrecognized arguments: --config (the tool reads Gym 2e5014086a's command line (the "
          "default: no Gym install root found): give the configs as CONFIG: gym-otel-env CONFIG... --exec -- gym ...)");
}

TEST_CASE("handler_checks: _env_test, _env_init and _eval_health_check of each command line") {
    const auto v1 = gym::CommandLine::v2e5014086a, v2 = gym::CommandLine::v52755d025d;
    auto refusal = [](const gym::Command& c, std::map<std::string, Words> values, Words leftovers, Words tokens,
                      gym::CommandLine v) {
        try {
            handler_checks(c, values, leftovers, tokens, v);
        } catch (const Error& e) {
            return std::string(e.what());
        }
        return std::string("none");
    };
    CHECK(refusal(command(v1, "env test"), {}, {}, {}, v1) == "none");
    CHECK(refusal(command(v2, "env test"), {}, {}, {}, v2) ==
          "gym command line: requires a target: a workload name, --resources-server NAME, or --all to test every "
          "resources server.");
    CHECK(refusal(command(v2, "env test"), {{"all", {"true"}}}, {}, {}, v2) == "none");
    CHECK(refusal(command(v2, "env test"), {}, {}, {"+entrypoint=resources_servers/x"}, v2) == "none");
    CHECK(refusal(command(v1, "env test"), {}, {}, {"++onboarding_name=w", "+entrypoint=x"}, v1) ==
          "gym command line: select a workload name or --resources-server, not both");
    CHECK(refusal(command(v1, "env test"), {}, {}, {"+verbose=true", "+json=true"}, v1) ==
          "gym command line: --kind, --update-expected, and --json require a workload name");
    CHECK(refusal(command(v1, "env init"), {{"scaffold_benchmark", {"b"}}}, {}, {"+entrypoint=x"}, v1) ==
          "gym command line: select a resources server or a manifest-backed workload, not both");
    CHECK(refusal(command(v1, "env init"), {{"scaffold_benchmark", {""}}}, {}, {"+reward_range=[0.0,1.0]"}, v1) ==
          "gym command line: --profile, --reuse-verifier, and reward options require --environment or --benchmark");
    CHECK(refusal(command(v2, "eval health-check"), {}, {"+a=1"}, {"+a=1"}, v2) ==
          "gym command line: health-check does not accept Hydra overrides");
    CHECK(refusal(command(v2, "eval health-check"), {{"json", {"true"}}}, {}, {"+json=true"}, v2) == "none");
    CHECK(has_option(command(v2, "env start"), "--agent-type"));
    CHECK(!has_option(command(v1, "env start"), "--agent-type"));
}
