#include <catch2/catch.hpp>

#include "gym_otel_env/core/error.hpp"
#include "gym_otel_env/gym/gym_args.hpp"
#include "support.hpp"

using namespace goe;
using goe::testing::error_of;
using Words = std::vector<std::string>;

namespace {

// Selectors resolve to a visible stand-in naming what they were asked and the roots.
std::string stand_in(std::string_view flag, std::string_view value, const Words& dirs) {
    std::string out = "<" + std::string(flag) + ":" + std::string(value);
    for (const auto& d : dirs) out += "@" + d;
    return out + ">";
}

GymCommandLine read(const Words& argv) { return read_gym_command(argv, stand_in); }

// How the refusal of an unknown option ends, for `gym` read as the default command line.
const std::string kWayAround =
    " (the tool reads Gym 2e5014086a's command line (the default: no Gym install root found): give the configs as "
    "CONFIG: gym-otel-env CONFIG... --exec -- gym ...)";

}  // namespace

// Which commands are Gym's, and where its words start, is gym_entry's (test_gym_entry.cpp).
TEST_CASE("read_gym_command reads the words after a Gym entry point, and nothing else") {
    struct Row {
        Words argv;
        bool gym;
    };
    for (const auto& r : std::vector<Row>{
             {{"srun", "gym", "env", "start", "--config", "a.yaml"}, false},
             {{"sh", "-c", "gym env start --config a.yaml"}, false},
             // Behind the launchers read through (test_launcher.cpp), env -S split.
             {{"env", "FOO=1", "gym", "env", "start", "--config", "a.yaml"}, true},
             {{"nohup", "env", "-S", "gym env start", "--config", "a.yaml"}, true},
             {{"python3", "-m", "other.main", "env", "start", "--config", "a.yaml"}, false},
             {{}, false},
             {{"gym", "env", "start", "--config", "a.yaml"}, true},
             {{"/venv/bin/ng_run", "--config", "a.yaml"}, true},
             {{"python3", "-u", "-m", "nemo_gym.cli.main", "env", "start", "--config", "a.yaml"}, true},
             {{"uv", "run", "--project", "/p", "--", "ng_run", "--config", "a.yaml"}, true},
         }) {
        std::string shown;
        for (const auto& w : r.argv) shown += w + " ";
        INFO(shown);
        auto cl = read(r.argv);
        CHECK(cl.is_gym == r.gym);
        CHECK((cl.entry.kind != GymEntry::Kind::none) == r.gym);
        CHECK(cl.overrides == (r.gym ? Words{"+config_paths=[a.yaml]"} : Words{}));
        CHECK(cl.command == (r.gym ? "env start" : ""));
    }
}

TEST_CASE("read_gym_command names the Gym command run, none for help and --version") {
    struct Row {
        Words argv;
        std::string command;
    };
    for (const auto& r : std::vector<Row>{
             {{"gym", "env", "start"}, "env start"},
             {{"gym", "-v", "eval", "run", "+a=1"}, "eval run"},
             {{"gym", "search", "q"}, "search"},
             {{"ng_collect_rollouts", "--config", "c"}, "eval run"},
             {{"ng_reinstall", "x"}, "reinstall"},
             {{"gym", "--version"}, ""},
             {{"ng_help"}, ""},
             {{"gym", "env", "start", "-h"}, ""},
             {{"gym", "env"}, ""},
             {{"gym"}, ""},
         }) {
        std::string shown;
        for (const auto& w : r.argv) shown += w + " ";
        INFO(shown);
        CHECK(read(r.argv).command == r.command);
    }
}

TEST_CASE("read_gym_command splits words as Gym's argparse and main() do") {
    struct Row {
        Words argv;
        Words overrides;
        Words search_dirs = {};
    };
    for (const auto& r : std::vector<Row>{
             // --config (repeatable, both spellings) first, then the leftovers in order.
             {{"gym", "env", "start", "--config", "a.yaml", "+x=1", "--config=b.yaml"},
              {"+config_paths=[a.yaml,b.yaml]", "+x=1"}},
             // Translated flags come in the command's flag order (CONFIG, BENCHMARK, ENVIRONMENT,
             // RESOURCES_SERVER, MODEL_TYPE, ..., MODEL, MODEL_URL), not argv order; the user's
             // +config_paths tokens are coalesced after them.
             {{"gym", "env", "start", "+config_paths=[u.yaml]", "--model-type", "m", "--environment", "e", "--config",
               "c.yaml", "--benchmark", "b", "--resources-server", "r"},
              {"+config_paths=[c.yaml,<benchmark:b>,<environment:e>,<resources-server:r>,<model-type:m>,u.yaml]"}},
             {{"gym", "env", "start", "--model-url", "u", "-m", "m", "--config", "c", "--model-api-key", "k"},
              {"+config_paths=[c]", "+policy_model_name=m", "+policy_base_url=u", "+policy_api_key=k"}},
             // _merge_config_paths: only `+config_paths=[` ... `]` tokens; items split on `,` as text.
             {{"gym", "env", "start", "++config_paths=[a]", "config_paths=[b]", "+config_paths=[c] ", "+config_paths=d",
               "+config_paths=[e, 'f'],g]", "+config_paths=[]", "+config_paths=[h,,i]"},
              {"+config_paths=[e, 'f'],g,h,i]", "++config_paths=[a]", "config_paths=[b]", "+config_paths=[c] ",
               "+config_paths=d"}},
             // --search-dir: roots, split on ':' like NEMO_GYM_EXTRA_ROOTS; the selectors see them.
             {{"gym", "env", "start", "--search-dir", "/s1", "--environment", "e", "--search-dir=/s2:/s3::"},
              {"+config_paths=[<environment:e@/s1@/s2@/s3>]"},
              {"/s1", "/s2", "/s3"}},
             // -v before or after the command: +verbose=true before everything.
             {{"gym", "-v", "env", "start", "+a=1"}, {"+verbose=true", "+a=1"}},
             {{"gym", "env", "start", "--config", "c", "--verbose"}, {"+verbose=true", "+config_paths=[c]"}},
             // argparse abbreviations and attached values.
             {{"gym", "env", "start", "--conf", "c", "--environ=e", "-mx"},
              {"+config_paths=[c,<environment:e>]", "+policy_model_name=x"}},
             {{"gym", "env", "start", "-m=x"}, {"+policy_model_name=x"}},
             // A value may look like a negative number; an empty selector adds nothing.
             {{"gym", "eval", "run", "--limit", "-1", "--environment", ""}, {"+limit=-1"}},
             // Legacy names stand for their gym command.
             {{"ng_run", "+config_paths=[a.yaml]", "--config", "b.yaml"}, {"+config_paths=[b.yaml,a.yaml]"}},
             {{"/venv/bin/nemo_gym_collect_rollouts", "--config", "c", "--agent", "a"},
              {"+config_paths=[c]", "+agent_name=a"}},
             {{"ng_upload_dataset_to_gitlab", "--revision", "r", "--name", "n"},
              {"+dataset_name=n", "+version=r", "+revision=r"}},
             {{"ng_version"}, {}},
             {{"ng_reinstall", "a", "--b"}, {"a", "--b"}},
             {{"gym", "--version", "--json"}, {"+json=true"}},
             // Help, or no command: Gym prints help and reads no config.
             {{"gym", "env", "start", "--config", "c", "-h"}, {}},
             {{"ng_help", "--config", "c"}, {}},
             {{"gym"}, {}},
             {{"gym", "env"}, {}},
             // Other commands and their flags.
             {{"gym", "eval", "submit", "--config", "s.yaml", "+a=1"}, {"+a=1"}},  // OmegaConf reads it itself
             {{"gym", "env", "packages", "--resources-server", "x", "--json"},
              {"+entrypoint=resources_servers/x", "+format=json"}},
             {{"gym", "search", "benchmarks", "math"}, {"+query=\"math\""}},
             {{"gym", "search", "ma\"th"}, {"+query=\"ma\\\"th\""}},
             {{"gym", "list", "environments", "--json", "foo"}, {"+component_name=foo", "+json=true"}},
             {{"gym", "list", "environments", "foo", "--modality", "a b", "--kind", "benchmark"},
              {"+component_name=foo", "+catalog_kind=benchmark", "+modality=\"a b\""}},
             {{"gym", "env", "validate", "w", "--config", "c"}, {"+config_paths=[c]", "+onboarding_name=\"w\""}},
             {{"gym", "env", "validate", "+x=1", "+y=2"}, {"+x=1", "+y=2"}},
             {{"gym", "env", "init", "--environment", "e", "--reward-range", "0", "1e3", "--lower-is-better"},
              {"+scaffold_kind=environment", "+scaffold_name=\"e\"", "+reward_range=[0.0,1000.0]",
               "+higher_is_better=false"}},
             {{"gym", "env", "init", "--resources-server", "r"}, {"+entrypoint=resources_servers/r"}},
             {{"gym", "dataset", "collate", "--model-type", "m", "--download", "--config", "c"},
              {"+config_paths=[c,<model-type:m>]", "+should_download=true"}},
         }) {
        std::string shown;
        for (const auto& w : r.argv) shown += w + " ";
        INFO(shown);
        auto cl = read(r.argv);
        CHECK(cl.is_gym);
        CHECK(cl.overrides == r.overrides);
        CHECK(cl.search_dirs == r.search_dirs);
    }
}

TEST_CASE("read_gym_command refuses what Gym's argparse refuses, in one line") {
    struct Row {
        Words argv;
        std::string message;
    };
    for (const auto& r : std::vector<Row>{
             {{"gym", "env", "start", "--config"}, "gym command line: argument --config: expected one argument"},
             {{"gym", "env", "start", "--config", "--model", "x"},
              "gym command line: argument --config: expected one argument"},
             {{"gym", "env", "start", "--confg", "c"},
              "gym command line: unrecognized arguments: --confg Did you mean `--config`?" + kWayAround},
             {{"gym", "env", "start", "-x=1", "-1"}, "gym command line: unrecognized arguments: -x=1 -1" + kWayAround},
             // Python 3.11's argparse leaves a subcommand's "--" to Gym's main, which refuses it.
             {{"gym", "env", "start", "--config", "c", "--", "+x=1"},
              "gym command line: unrecognized arguments: --" + kWayAround},
             {{"gym", "env", "start", "--", "--config", "c"},
              "gym command line: unrecognized arguments: -- --config" + kWayAround},
             {{"gym", "env", "start", "-m"}, "gym command line: argument --model/-m: expected one argument"},
             {{"gym", "--bogus", "env", "start"},
              "gym command line: unrecognized arguments: --bogus Did you mean `--verbose`?" + kWayAround},
             {{"gym", "--version", "+a=1"},
              "gym command line: argument {list,search,dataset,env,eval,dev}: invalid choice: '+a=1' (choose from "
              "'list', 'search', 'dataset', 'env', 'eval', 'dev')"},
             {{"gym", "env", "start", "--model-", "x"},
              "gym command line: ambiguous option: --model- could match --model-type, --model-url, --model-api-key"},
             {{"gym", "env", "strt"},
              "gym command line: argument {init,resolve,validate,packages,test,publish,start,prefetch,status}: invalid "
              "choice: 'strt' (choose from 'init', 'resolve', 'validate', 'packages', 'test', 'publish', 'start', "
              "'prefetch', 'status') Did you mean `start`?"},
             {{"gym", "+config_paths=[a]"},
              "gym command line: argument {list,search,dataset,env,eval,dev}: invalid choice: '+config_paths=[a]' "
              "(choose from 'list', 'search', 'dataset', 'env', 'eval', 'dev')"},
             {{"gym", "list", "environments", "--kind", "x"},
              "gym command line: argument --kind: invalid choice: 'x' (choose from 'environment', 'benchmark')"},
             {{"gym", "search", "things", "q"},
              "gym command line: argument component_type: invalid choice: 'things' (choose from 'benchmarks', "
              "'environments', 'agents', 'models', 'resources-servers')"},
             {{"gym", "env", "init", "--environment", "a", "--benchmark", "b"},
              "gym command line: argument --benchmark: not allowed with argument --environment"},
             {{"gym", "env", "init", "--reward-range", "0"},
              "gym command line: argument --reward-range: expected 2 arguments"},
             {{"gym", "env", "init", "--reward-range", "0", "x"},
              "gym command line: argument --reward-range: invalid float value: 'x'"},
             {{"gym", "eval", "submit"}, "gym command line: the following arguments are required: --config/-c"},
             {{"gym", "search"}, "gym command line: the following arguments are required: QUERY"},
             {{"gym", "env", "start", "--verbose=1"},
              "gym command line: argument -v/--verbose: ignored explicit argument '1'"},
         }) {
        std::string shown;
        for (const auto& w : r.argv) shown += w + " ";
        INFO(shown);
        CHECK(error_of([&] { read(r.argv); }, Error::Kind::usage) == r.message);
    }
}

TEST_CASE("merge_config_paths is Gym's _merge_config_paths") {
    CHECK(merge_config_paths({}) == Words{});
    CHECK(merge_config_paths({"a=1", "+config_paths=[x]", "b=2", "+config_paths=[y,z]"}) ==
          Words{"+config_paths=[x,y,z]", "a=1", "b=2"});
    CHECK(merge_config_paths({"+config_paths=[]", "a=1"}) == Words{"a=1"});
    CHECK(merge_config_paths({"+config_paths=["}) == Words{"+config_paths=["});
}

// argparse hands the word to float(); before, underscores were dropped first, so a '_'
// beside the point or the exponent, or inside inf and nan, passed (and so did strtod's
// nan(...)), where Gym stops with "invalid float value".
TEST_CASE("read_gym_command: regression: --reward-range (type=float) took 1_.0, which Python's float() refuses") {
    auto [word, result] = GENERATE(table<std::string, std::string>({
        {"1_0.5", "+reward_range=[10.5,1.0]"},
        {"1e1_0", "+reward_range=[10000000000.0,1.0]"},
        {" 2 ", "+reward_range=[2.0,1.0]"},
        {"INF", "+reward_range=[inf,1.0]"},
        {"infinity", "+reward_range=[inf,1.0]"},
        {"nan", "+reward_range=[nan,1.0]"},
        {"1e400", "+reward_range=[inf,1.0]"},
        // float() reads Unicode digits and spaces, and argparse's \d takes any decimal
        // digit, so '-<ARABIC-INDIC ONE>' is a negative number, not an option.
        {"\xd9\xa1.\xd9\xa5\xc2\xa0", "+reward_range=[1.5,1.0]"},
        {"-\xd9\xa1", "+reward_range=[-1.0,1.0]"},
        {"\xc2\xb2", "argument --reward-range: invalid float value: '\xc2\xb2'"},
        {"1_.0", "argument --reward-range: invalid float value: '1_.0'"},
        {"1._5", "argument --reward-range: invalid float value: '1._5'"},
        {"._5", "argument --reward-range: invalid float value: '._5'"},
        {"1_.5e3", "argument --reward-range: invalid float value: '1_.5e3'"},
        {"1_e5", "argument --reward-range: invalid float value: '1_e5'"},
        {"1e_5", "argument --reward-range: invalid float value: '1e_5'"},
        {"+_1", "argument --reward-range: invalid float value: '+_1'"},
        {" _1", "argument --reward-range: invalid float value: ' _1'"},
        {"1_ ", "argument --reward-range: invalid float value: '1_ '"},
        {"in_f", "argument --reward-range: invalid float value: 'in_f'"},
        {"n_an", "argument --reward-range: invalid float value: 'n_an'"},
        {"nan(1)", "argument --reward-range: invalid float value: 'nan(1)'"},
        {"_1", "argument --reward-range: invalid float value: '_1'"},
        {"1__0", "argument --reward-range: invalid float value: '1__0'"},
        {"1_", "argument --reward-range: invalid float value: '1_'"},
        {"0x10", "argument --reward-range: invalid float value: '0x10'"},
    }));
    CAPTURE(word);
    const Words argv{"gym", "env", "init", "--environment", "e", "--reward-range", word, "1"};
    if (result.starts_with("+")) {
        CHECK(read(argv).overrides == Words{"+scaffold_kind=environment", "+scaffold_name=\"e\"", result});
    } else {
        CHECK(error_of([&] { read(argv); }, Error::Kind::usage) == "gym command line: " + result);
    }
}

// What a warning may list when CONFIG is given and Gym's command line is therefore not
// read: paths and names as written, other options by name, override tokens by key.
TEST_CASE("read_gym_command: inputs, the words that name configs or set config values, no value that may be secret") {
    struct Row {
        Words argv;
        Words inputs;
    };
    for (const auto& r : std::vector<Row>{
             {{"gym", "env", "start", "--config", "a.yaml", "--config=b.yaml", "+telemetry.exporter=console"},
              {"--config a.yaml", "--config=b.yaml", "+telemetry.exporter=..."}},
             {{"gym", "env", "start", "--environment", "e", "--search-dir=/s", "~telemetry.x", "++a.b=c"},
              {"--environment e", "--search-dir=/s", "~telemetry.x", "++a.b=..."}},
             {{"gym", "eval", "run", "--model-api-key", "s3cr3t", "--conf", "c.yaml"},
              {"--model-api-key", "--conf c.yaml"}},
             {{"ng_run", "+config_paths=[a.yaml]"}, {"+config_paths=..."}},
             {{"gym", "--help"}, {}},
             {{"gym", "env", "start"}, {}},
         }) {
        INFO(r.argv.front());
        CHECK(read(r.argv).inputs == r.inputs);
    }
}
