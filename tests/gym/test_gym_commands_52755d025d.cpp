// gym_commands_52755d025d: Gym 52755d025d's command line (nemo_gym/cli/main.py at
// NVIDIA-NeMo/Gym@52755d025d), as the table holds it and as read_gym_command reads it.
#include <catch2/catch.hpp>

#include <algorithm>

#include "gym_otel_env/core/error.hpp"
#include "gym_otel_env/gym/gym_args.hpp"
#include "gym_otel_env/gym/gym_commands.hpp"
#include "support.hpp"

using namespace goe;
using goe::testing::error_of;
using Words = std::vector<std::string>;

namespace {

const CommandLineRead kNew{gym::CommandLine::v52755d025d, CommandLineRead::How::option, "52755d025d"};
const CommandLineRead kOld{gym::CommandLine::v2e5014086a, CommandLineRead::How::option, "2e5014086a"};

std::string stand_in(std::string_view flag, std::string_view value, const Words&) {
    return "<" + std::string(flag) + ":" + std::string(value) + ">";
}

GymCommandLine read(const Words& argv, const CommandLineRead& how = kNew) {
    return read_gym_command(argv, stand_in, how);
}

std::string refused(const Words& argv, const CommandLineRead& how = kNew) {
    return error_of([&] { read(argv, how); }, Error::Kind::usage);
}

Words names(gym::CommandLine version) {
    Words out;
    for (const auto& c : gym::commands(version)) out.push_back(c.name);
    return out;
}

}  // namespace

TEST_CASE("commands_52755d025d: 2e5014086a's commands, env schema, eval health-check and eval compare") {
    Words want = names(gym::CommandLine::v2e5014086a);
    want.insert(std::find(want.begin(), want.end(), "env validate"), "env schema");
    want.insert(std::find(want.begin(), want.end(), "eval reverify"), "eval health-check");
    want.insert(std::find(want.begin(), want.end(), "dev test"), "eval compare");
    CHECK(names(gym::CommandLine::v52755d025d) == want);
    CHECK(gym::command_line_name(gym::CommandLine::v52755d025d) == "52755d025d");
    CHECK(gym::command_line_name(gym::CommandLine::v2e5014086a) == "2e5014086a");
}

TEST_CASE("read_gym_command under 52755d025d: --agent-type, --allow-unsupported-pairing, repeatable selectors") {
    struct Row {
        Words argv;
        Words overrides;
    };
    for (const auto& r : std::vector<Row>{
             {{"gym", "env", "start", "--agent-type", "simple_agent", "--config", "c.yaml"},
              {"+config_paths=[c.yaml,<agent-type:simple_agent>]"}},
             {{"gym", "env", "start", "--agent-type", "a/fast", "--environment", "e", "--model-type", "m"},
              {"+config_paths=[<environment:e>,<model-type:m>,<agent-type:a/fast>]"}},
             {{"gym", "env", "start", "--environment", "a", "--environment", "b", "--benchmark", "x", "--benchmark",
               "y", "--resources-server", "r", "--resources-server", "s"},
              {"+config_paths=[<benchmark:x>,<benchmark:y>,<environment:a>,<environment:b>,<resources-server:r>,"
               "<resources-server:s>]"}},
             // The model type names the one policy model: still the last.
             {{"gym", "env", "prefetch", "--model-type", "a", "--model-type", "b", "--allow-unsupported-pairing"},
              {"+config_paths=[<model-type:b>]", "+allow_unsupported_pairing=true"}},
             {{"gym", "env", "validate", "--strict", "--agent-type", "x"},
              {"+config_paths=[<agent-type:x>]", "+strict=true"}},
             {{"gym", "eval", "run", "--agent-type", "x", "--no-health-check", "--health-check-ignore", " a , b",
               "--health-check-workers", "3"},
              {"+config_paths=[<agent-type:x>]", "+disable_health_check=true", "+health_check_workers=3",
               "+health_check_ignored_checks=[\"a\",\"b\"]"}},
             {{"gym", "eval", "compare", "--baseline", "b.jsonl", "--candidates", "c1, ,c2", "-o", "out"},
              {"+baseline_rollouts_jsonl_fpath=\"b.jsonl\"", "+candidate_rollouts_jsonl_fpaths=[\"c1\",\"c2\"]",
               "+output_dirpath=\"out\""}},
             {{"gym", "env", "schema", "--resources-server", "x"}, {"+entrypoint=resources_servers/x"}},
             {{"gym", "env", "test", "--all"}, {}},
             {{"gym", "eval", "health-check", "run", "--json", "--workers", "2", "--ignore", "a"}, {"+json=true"}},
             // A --json before the command reaches the leaf (default=SUPPRESS).
             {{"gym", "--json", "list", "agents"}, {"+json=true"}},
             {{"gym", "--json", "env", "packages", "--resources-server", "x"},
              {"+entrypoint=resources_servers/x", "+format=json"}},
         }) {
        std::string shown;
        for (const auto& w : r.argv) shown += w + " ";
        INFO(shown);
        CHECK(read(r.argv).overrides == r.overrides);
    }
}

TEST_CASE("read_gym_command under 2e5014086a: the last selector wins, a --json before the command is dropped") {
    CHECK(read({"gym", "env", "start", "--environment", "a", "--environment", "b"}, kOld).overrides ==
          Words{"+config_paths=[<environment:b>]"});
    CHECK(read({"gym", "--json", "list", "agents"}, kOld).overrides == Words{});
    CHECK(read({"gym", "--json", "env", "start"}, kOld).overrides == Words{});
    CHECK(read({"gym", "env", "test"}, kOld).command == "env test");
}

TEST_CASE("read_gym_command under 52755d025d refuses what its parser and handlers refuse, in their words") {
    struct Row {
        Words argv;
        std::string message;
    };
    for (const auto& r : std::vector<Row>{
             {{"gym", "eval", "run", "--no-serve", "--agent-type", "x"},
              "gym command line: `--agent-type` chooses which agent runs the task, which is settled once the servers "
              "are running, so it cannot be combined with `--no-serve`. Use `--agent` to name one of them."},
             {{"gym", "env", "test"},
              "gym command line: requires a target: a workload name, --resources-server NAME, or --all to test every "
              "resources server."},
             {{"gym", "env", "test", "--all", "w"},
              "gym command line: --all tests every resources server, so it cannot be combined with a named target"},
             {{"gym", "env", "test", "w", "--resources-server", "x"},
              "gym command line: select a workload name or --resources-server, not both"},
             {{"gym", "env", "test", "--json", "--all"},
              "gym command line: --kind, --update-expected, and --json require a workload name"},
             {{"gym", "--json", "env", "start"},
              "gym command line: --json is not supported by this command; it applies to --version and to reporting "
              "commands such as `gym list benchmarks`, `gym search`, and `gym env status`"},
             {{"gym", "eval", "health-check"}, "gym command line: the following arguments are required: RUN_DIR"},
             {{"gym", "eval", "health-check", "run", "+a=1"},
              "gym command line: health-check does not accept Hydra overrides"},
             {{"gym", "eval", "health-check", "run", "--workers", "two"},
              "gym command line: argument --workers: invalid int value: 'two'"},
             {{"gym", "eval", "health-check", "run", "--ignore", "a,,b"},
              "gym command line: argument --ignore-checks/--ignore: check IDs must be a comma-separated list without "
              "empty entries"},
             {{"gym", "eval", "run", "--health-check-ignore", ""},
              "gym command line: argument --health-check-ignore: check IDs must be a comma-separated list without "
              "empty entries"},
             {{"gym", "eval", "compare", "--report-format", "pdf"},
              "gym command line: argument --report-format: invalid choice: 'pdf' (choose from 'md', 'json', 'both')"},
             {{"gym", "env", "init", "--environment", "e", "+entrypoint=x"},
              "gym command line: select a resources server or a manifest-backed workload, not both"},
             {{"gym", "env", "init", "--profile", "custom-gym-verifier"},
              "gym command line: --profile, --reuse-verifier, and reward options require --environment or --benchmark"},
             {{"gym", "env", "start", "--frobnicate"},
              "gym command line: unrecognized arguments: --frobnicate (the tool reads Gym 52755d025d's command line "
              "(--gym-version 52755d025d): give the configs as CONFIG: gym-otel-env CONFIG... --exec -- gym ...)"},
         }) {
        std::string shown;
        for (const auto& w : r.argv) shown += w + " ";
        INFO(shown);
        CHECK(refused(r.argv) == r.message);
    }
}

TEST_CASE("read_gym_command: an option of the other Gym's command line names that Gym, with no did-you-mean") {
    CHECK(refused({"gym", "env", "start", "--agent-type", "x", "--allow-unsupported-pairing"}, kOld) ==
          "gym command line: unrecognized arguments: --agent-type --allow-unsupported-pairing (the tool reads Gym "
          "2e5014086a's command line (--gym-version 2e5014086a), which has no --agent-type --allow-unsupported-pairing "
          "on `env start`; Gym 52755d025d's has them: name that Gym with --gym-version 52755d025d, or give the configs "
          "as CONFIG: gym-otel-env CONFIG... --exec -- gym ...)");
    // One Gym has it, the other a typo: Gym's hint for the typo only.
    CHECK(refused({"gym", "env", "validate", "--strict", "--confg", "c"}, kOld) ==
          "gym command line: unrecognized arguments: --strict --confg Did you mean `--config`? (the tool reads Gym "
          "2e5014086a's command line (--gym-version 2e5014086a), which has no --strict on `env validate`; Gym "
          "52755d025d's has it: name that Gym with --gym-version 52755d025d, or give the configs as CONFIG: "
          "gym-otel-env CONFIG... --exec -- gym ...)");
    // 2e5014086a's env test without a target tests every server: nothing refused.
    CHECK_NOTHROW(read({"gym", "env", "test"}, kOld));
    CHECK(refused({"gym", "env", "test", "--all"}, kOld)
              .starts_with(
                  "gym command line: unrecognized arguments: --all (the tool reads Gym 2e5014086a's command line"));
}
