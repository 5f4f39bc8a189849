#include <catch2/catch.hpp>

#include <algorithm>

#include "gym_otel_env/gym/install_root.hpp"
#include "gym_otel_env/invocation.hpp"
#include "gym_otel_env/pipeline.hpp"
#include "support.hpp"

using namespace goe;

TEST_CASE("split_command keeps what follows the first -- as the command") {
    Invocation inv;
    auto rest = split_command({"--exec", "c.yaml", "--", "gym", "--", "x"}, inv);
    CHECK(rest == std::vector<std::string>{"--exec", "c.yaml"});
    CHECK(inv.command == std::vector<std::string>{"gym", "--", "x"});
}

TEST_CASE("split_command notes a word right after a --set value, which CLI11 takes for a CONFIG") {
    auto after_set = [](std::vector<std::string> args) {
        Invocation inv;
        split_command(std::move(args), inv);
        std::vector<std::string> out;
        for (const auto& a : inv.after_set) out.push_back(a.word + " after " + a.value);
        return out;
    };
    CHECK(after_set({"--set", "telemetry.service_name=a", "b"}) ==
          std::vector<std::string>{"b after telemetry.service_name=a"});
    CHECK(after_set({"--set=k=a", "b", "c.yaml"}) == std::vector<std::string>{"b after k=a"});
    // Not a word of the value: an option, '-', a word argv holds twice, nothing at all.
    CHECK(after_set({"--set", "k=a", "--check"}).empty());
    CHECK(after_set({"--set", "k=a", "-"}).empty());
    CHECK(after_set({"b", "--set", "k=a", "b"}).empty());
    CHECK(after_set({"c.yaml", "--set", "k=a"}).empty());
    CHECK(after_set({"--set", "k=a", "--", "b"}).empty());  // the command's, not ours
    // A word named as a config file is one: its own "no such config file" says it all.
    CHECK(after_set({"--set", "k=a", "c.yaml"}).empty());
    CHECK(after_set({"--set", "k=a", "c.yml"}).empty());
    CHECK(after_set({"--set", "k=a", "configs/c"}).empty());
}

TEST_CASE("load_request: a CONFIG that followed a --set value is a stray word, masked when the value may be secret") {
    goe::testing::MemoryFileSystem fs;
    Invocation inv;
    split_command({"c.yaml", "--set", "telemetry.service_name=it's", "b"}, inv);
    inv.configs = {"c.yaml", "b"};
    LoadRequest r = goe::load_request(inv, {}, fs);
    REQUIRE(r.stray_words.size() == 1);
    CHECK(r.stray_words[0].config == 1);
    CHECK(r.stray_words[0].set_shown == "telemetry.service_name=it's");
    CHECK(r.stray_words[0].set_quoted == "'telemetry.service_name=it'\\''s b'");
    CHECK_FALSE(r.stray_words[0].secret);
    Invocation secret;
    split_command({"--set", "telemetry.otlp_headers=k=v", "w2"}, secret);
    secret.configs = {"w2"};
    r = goe::load_request(secret, {}, fs);
    REQUIRE(r.stray_words.size() == 1);
    CHECK(r.stray_words[0].set_shown == "telemetry.otlp_headers=***");
    CHECK(r.stray_words[0].set_quoted == "'telemetry.otlp_headers=***'");
    CHECK(r.stray_words[0].secret);
}

TEST_CASE("check_usage: the parser's mistakes in the tool's words, each message whole") {
    const std::vector<OptionShape> options{
        {"--format", "FORMAT", {"sh", "fish", "json"}, false},
        {"--set", "KEY=VALUE", {}, false},
        {"--exec", "", {}, false},
        {"--check", "", {}, false},
        {"--explain", "", {}, true},
        {"-q", "", {}, false},
        {"--quiet", "", {}, false},
        {"-h", "", {}, false},
        {"--help", "", {}, false},
        {"--version", "", {}, false},
    };
    auto mistake = [&](std::vector<std::string> args) {
        return testing::error_of([&] { check_usage(args, options); }, Error::Kind::usage);
    };
    const std::string help = " (see gym-otel-env --help)";
    // A forgotten "--": the command's words went to CONFIG, its options to ours.
    CHECK(mistake({"--exec", "gym", "env", "start", "--config", "c.yaml"}) ==
          "'--' is missing before the command of --exec: put it before 'gym', as in gym-otel-env [OPTION]... "
          "--exec -- gym [ARG]..." +
              help);
    CHECK(mistake({"c.yaml", "--exec", "--check", "./run me"}) ==
          "'--' is missing before the command of --exec: put it before './run me', as in gym-otel-env [OPTION]... "
          "--exec -- './run me' [ARG]..." +
              help);
    // An unknown option, with the closest known one (Gym's did-you-mean rule) when there is one.
    CHECK(mistake({"--formt", "json"}) == "unknown option '--formt'; did you mean '--format'?" + help);
    CHECK(mistake({"--formt=json"}) == "unknown option '--formt'; did you mean '--format'?" + help);
    CHECK(mistake({"-format", "json"}) == "unknown option '-format'; did you mean '--format'?" + help);
    CHECK(mistake({"--zzz"}) == "unknown option '--zzz'" + help);
    CHECK(mistake({"-x"}) == "unknown option '-x'" + help);
    CHECK(mistake({"-qx"}) == "unknown option '-qx'; did you mean '-q'?" + help);
    // A value missing: at the end, or where one of our options follows.
    CHECK(mistake({"c.yaml", "--format"}) == "--format needs a value: one of sh, fish, json" + help);
    CHECK(mistake({"--format", "--check", "c.yaml"}) == "--format needs a value: one of sh, fish, json" + help);
    CHECK(mistake({"--set"}) == "--set needs a value: KEY=VALUE" + help);
    CHECK(mistake({"--format", "jsn"}) == "--format: 'jsn' is not one of sh, fish, json; did you mean 'json'?" + help);
    CHECK(mistake({"--format=xml"}) == "--format: 'xml' is not one of sh, fish, json" + help);
    CHECK(mistake({"--check=maybe"}) == "--check takes no value" + help);
    CHECK(mistake({"--exec=1", "--", "true"}) == "--exec takes no value" + help);
    // Fine: what follows "--" is the command's; --help and --version win; '-' is a CONFIG.
    for (std::vector<std::string> fine : {
             std::vector<std::string>{"--format", "json", "-q", "--set", "-x=1", "-", "c.yaml"},
             std::vector<std::string>{"--exec", "--", "gym", "--config", "c.yaml"},
             std::vector<std::string>{"c.yaml", "--exec", "--check", "--", "--formt"},
             std::vector<std::string>{"--formt", "--help"}, std::vector<std::string>{"--exec", "gym", "--version"},
             std::vector<std::string>{"--explain=short", "--format=fish"}, std::vector<std::string>{"-qq", "c.yaml"},
             std::vector<std::string>{"--exec", "c.yaml", "+a.b=1", "-"},  // no command: said after parsing
         }) {
        INFO(fine.front());
        CHECK_NOTHROW(check_usage(fine, options));
    }
}

TEST_CASE("override_word: a CONFIG word Gym's users type as an override is one; a file name is not") {
    for (const char* word : {"+telemetry.exporter=console", "++telemetry.service_name=x", "telemetry.enabled=true",
                             "~telemetry.run_id", "+config_paths=[a.yaml,b.yaml]", "a=b", "k@pkg=1",
                             "++telemetry.otlp_endpoint=http://c:4318", "+x.yaml=1", "a-b.c_d=x=y"}) {
        INFO(word);
        CHECK(override_word(word));
    }
    for (const char* word : {"c.yaml", "configs/c.yaml", "./a=b", "runs/lr=0.1/c.yaml", "lr=0.1.yaml", "x=y.yml", "=x",
                             "1a=b", "a..b=c", "a.=b", "-", "", "a b=c", "/abs/a=b"}) {
        INFO(word);
        CHECK_FALSE(override_word(word));
    }
}

TEST_CASE("load_request: override words among CONFIG are Gym's tokens, after those of Gym's command line") {
    goe::testing::MemoryFileSystem fs;
    Invocation inv;
    inv.configs = {"c.yaml", "+telemetry.exporter=console", "./a=b", "~telemetry.run_id"};
    inv.sets = {"telemetry.enabled=true"};
    LoadRequest r = goe::load_request(inv, {}, fs);
    CHECK(r.configs == std::vector<std::string>{"c.yaml", "./a=b"});
    CHECK(r.gym_overrides == std::vector<std::string>{"+telemetry.exporter=console", "~telemetry.run_id"});
    CHECK(r.sets == std::vector<std::string>{"telemetry.enabled=true"});
    // Without --exec, a word after "--" is always a file.
    inv.configs = {"a=b"};
    inv.command = {"b=c"};
    r = goe::load_request(inv, {}, fs);
    CHECK(r.configs == std::vector<std::string>{"b=c"});
    CHECK(r.gym_overrides == std::vector<std::string>{"a=b"});
    // Under --exec with override words only, Gym's command line is still read, ours after its own.
    Invocation exec;
    exec.exec = true;
    exec.configs = {"++telemetry.service_name=mine"};
    exec.command = {"gym", "env", "start", "--config", "g.yaml"};
    r = goe::load_request(exec, {}, fs);
    CHECK(r.configs.empty());
    CHECK(r.gym_overrides == std::vector<std::string>{"+config_paths=[g.yaml]", "++telemetry.service_name=mine"});
    CHECK_FALSE(r.reading.config_given);
}

TEST_CASE("load_request: whether execvp will find the command under --exec, looked up as exec_command does") {
    goe::testing::MemoryFileSystem fs;
    fs.files["/bin/tool"] = "#!/bin/sh\n";
    fs.files["local"] = "#!/bin/sh\n";  // ./local, as tests name relative files
    const Environment env{{"PATH", "/usr/bin:/bin"}};
    auto found = [&](std::vector<std::string> command) {
        Invocation inv;
        inv.exec = true;
        inv.command = std::move(command);
        return goe::load_request(inv, env, fs).reading.found;
    };
    CHECK(found({"tool", "x"}));
    CHECK(found({"./local"}));
    CHECK_FALSE(found({"nosuchcmd"}));
    CHECK_FALSE(found({"./nosuch"}));
    CHECK_FALSE(found({""}));
    CHECK(command_found("tool", env, fs));
    CHECK_FALSE(command_found("tool", {{"PATH", "/usr/bin"}}, fs));
}

TEST_CASE("requested_format reads --format before parsing, sh when absent or unknown") {
    CHECK(requested_format({"--format", "json", "c.yaml"})->name == "json");
    CHECK(requested_format({"--format=fish"})->name == "fish");
    CHECK(requested_format({"--format", "xml"})->name == "sh");
    CHECK(requested_format({"c.yaml"})->name == "sh");
}

TEST_CASE("render_options: --name for --format kubernetes, checked; the default name without it") {
    auto token = [] { return std::string("t"); };
    Invocation inv;
    CHECK(render_options(inv, parse_format("kubernetes"), token).name == "gym-otel-env");
    CHECK(render_options(inv, parse_format("sh"), token).random_token() == "t");
    inv.name = "run-42";
    CHECK(render_options(inv, parse_format("kubernetes"), token).name == "run-42");
    CHECK(testing::error_of([&] { render_options(inv, parse_format("json"), token); }, Error::Kind::usage) ==
          "--name is for --format kubernetes only, not --format json");
    inv.name = "Run_42";
    CHECK(testing::error_of([&] { render_options(inv, parse_format("kubernetes"), token); }, Error::Kind::usage) ==
          "--name: 'Run_42' is not a Kubernetes name for a ConfigMap and a Secret: lowercase letters, digits, '-' "
          "and '.', each dot-separated part starting and ending with a letter or digit, at most 63 characters");
}

TEST_CASE("load_request takes configs from Gym's command line only under --exec with no CONFIG") {
    goe::testing::MemoryFileSystem fs;
    auto load_request = [&fs](const Invocation& i) { return goe::load_request(i, {}, fs); };
    Invocation inv;
    inv.exec = true;
    inv.command = {"gym", "env", "start", "--config", "g.yaml", "+telemetry.exporter=console"};
    inv.sets = {"telemetry.enabled=true"};
    LoadRequest r = load_request(inv);
    CHECK(r.gym_overrides == std::vector<std::string>{"+config_paths=[g.yaml]", "+telemetry.exporter=console"});
    CHECK(r.sets == std::vector<std::string>{"telemetry.enabled=true"});
    inv.configs = {"mine.yaml"};
    CHECK(load_request(inv).configs == std::vector<std::string>{"mine.yaml"});
    CHECK(load_request(inv).gym_overrides.empty());
    CHECK(load_request(inv).sets.size() == 1);
    // Without --exec, whatever follows "--" is more CONFIG.
    Invocation plain;
    plain.configs = {"a.yaml"};
    plain.command = {"-odd-name.yaml"};
    CHECK(load_request(plain).configs == std::vector<std::string>{"a.yaml", "-odd-name.yaml"});
}

TEST_CASE("load_request reads nothing from a command that is not Gym's") {
    goe::testing::MemoryFileSystem fs;
    Invocation inv;
    inv.exec = true;
    inv.command = {"python", "x.py", "--config", "m.toml", "a=b"};
    LoadRequest r = load_request(inv, {}, fs);
    CHECK(r.configs.empty());
    CHECK(r.gym_overrides.empty());
    CHECK(r.sets.empty());
}

TEST_CASE("load_request adds the Gym command line's --search-dir after ours, and resolves selectors on all") {
    goe::testing::MemoryFileSystem fs;
    fs.cwd = "/w";
    fs.files["/gs/environments/e/config.yaml"] = "x: 1\n";
    Invocation inv;
    inv.exec = true;
    inv.search_dirs = {"/ours"};
    inv.gym_root = "/site";
    inv.command = {"gym", "env", "start", "--search-dir", "/gs", "--environment", "e"};
    LoadRequest r = load_request(inv, {}, fs);
    CHECK(r.search_dirs == std::vector<std::string>{"/ours", "/gs"});
    CHECK(r.gym_root == std::optional<std::string>("/site"));
    CHECK(r.gym_overrides == std::vector<std::string>{"+config_paths=[/gs/environments/e/config.yaml]"});
}

TEST_CASE("load_request reads the command line --gym-version names, else the install root's, and says which") {
    goe::testing::MemoryFileSystem fs;
    fs.cwd = "/w";
    fs.files["/site/nemo_gym/cli/main.py"] =
        "_ASSETS = {\"agent-type\": (\"harnesses\", \"configs\", None)}\n_ASSET_LEGACY_PARENTS = {}\n";
    fs.files["/site/harnesses/a/configs/a.yaml"] = "x: 1\n";
    fs.files["/site/responses_api_agents/o/configs/o.yaml"] = "x: 1\n";
    Invocation inv;
    inv.exec = true;
    inv.gym_root = "/site";
    inv.command = {"gym", "env", "start", "--agent-type", "a", "--agent-type", "o"};
    LoadRequest r = load_request(inv, {}, fs);
    CHECK(r.gym_version.empty());
    CHECK(describe(r.reading.command_line) == "Gym 52755d025d's command line (found in /site/nemo_gym/cli/main.py)");
    CHECK(r.gym_overrides == std::vector<std::string>{"+config_paths=[/site/responses_api_agents/o/configs/o.yaml]"});
    CHECK(r.reading.gym_warnings ==
          std::vector<std::string>{
              "Agent config directory `responses_api_agents` is deprecated; move it to `harnesses`."});
    // The option wins over the install root, and names the row the schema follows too.
    inv.gym_version = "2e5014086a172";
    CHECK(goe::testing::error_of([&] { load_request(inv, {}, fs); }, Error::Kind::usage)
              .starts_with("gym command line: unrecognized arguments: --agent-type --agent-type (the tool reads Gym "
                           "2e5014086a's command "
                           "line (--gym-version 2e5014086a172), which has no --agent-type on `env start`"));
    inv.command = {"gym", "env", "start"};
    r = load_request(inv, {}, fs);
    CHECK(r.gym_version == "2e5014086a");
    CHECK(r.reading.command_line.how == CommandLineRead::How::option);
    inv.gym_version = "main";
    CHECK(goe::testing::error_of([&] { load_request(inv, {}, fs); }, Error::Kind::usage) ==
          "--gym-version: 'main' is no Gym version the tool knows; known: seed, 2e5014086a, 27c821d975, 52755d025d (or "
          "7 or more hex digits of one of their commits)");
}

TEST_CASE("load_request reads Gym's command line behind the launchers read through, and says how it read it") {
    goe::testing::MemoryFileSystem fs;
    Invocation inv;
    inv.exec = true;
    inv.command = {"nohup", "nice", "-n",  "5",     "env",      "A=1",   "timeout",
                   "1h",    "gym",  "env", "start", "--config", "g.yaml"};
    LoadRequest r = load_request(inv, {}, fs);
    CHECK(r.gym_overrides == std::vector<std::string>{"+config_paths=[g.yaml]"});
    CHECK(r.reading.exec);
    CHECK(r.reading.gym);
    CHECK_FALSE(r.reading.config_given);
    CHECK(r.reading.program == "gym");
    CHECK(r.reading.launch.through == std::vector<std::string>{"nohup", "nice", "env", "timeout"});
    // srun: named, not read; nothing loaded from its words.
    inv.command = {"srun", "gym", "env", "start", "--config", "g.yaml"};
    r = load_request(inv, {}, fs);
    CHECK(r.gym_overrides.empty());
    CHECK_FALSE(r.reading.gym);
    CHECK(r.reading.launch.stop == Launched::Stop::elsewhere);
    CHECK(unread_reason(r.reading) ==
          "srun starts its command on other nodes, where it may not pass on this environment (--export, "
          "SLURM_EXPORT_ENV), so its arguments are not read");
    // Without --exec nothing is said about the command.
    Invocation plain;
    plain.command = {"srun.yaml"};
    CHECK_FALSE(load_request(plain, {}, fs).reading.exec);
}

TEST_CASE("CommandView: the environment env gives the command is the one the pipeline reads") {
    goe::testing::MemoryFileSystem fs;
    Environment ours{{"NEMO_GYM_OTEL_ENABLED", "1"}, {"X", "x"}};
    Invocation inv;
    inv.exec = true;
    inv.command = {"env", "-u", "X", "NEMO_GYM_OTEL_ENABLED=0", "gym", "env", "start"};
    CommandView view(inv, ours, fs);
    CHECK(view.env() == Environment{{"NEMO_GYM_OTEL_ENABLED", "0"}});
    inv.command = {"env", "-i", "A=1", "python", "x.py"};  // read through whatever it runs
    CHECK(CommandView(inv, ours, fs).env() == Environment{{"A", "1"}});
    inv.exec = false;  // no command runs: ours
    CHECK(CommandView(inv, ours, fs).env() == ours);
}

TEST_CASE("CommandView: env -C DIR moves where Gym's command line is read from, not our own paths") {
    goe::testing::MemoryFileSystem fs;
    fs.cwd = "/w";
    fs.files["/w/d/c.yaml"] = "telemetry: {enabled: true, service_name: from-d}\n";
    fs.files["/w/d/env.yaml"] = "telemetry: {exporter: console}\n";
    fs.files["/w/c.yaml"] = "telemetry: {enabled: true, service_name: from-w}\n";
    fs.directories.insert("/w/s");
    Invocation inv;
    inv.exec = true;
    inv.search_dirs = {"s"};
    inv.command = {"env", "-C", "d", "gym", "env", "start", "--config", "c.yaml"};
    const Environment none;
    CommandView view(inv, none, fs);
    LoadRequest r = load_request(inv, view);
    CHECK(r.search_dirs == std::vector<std::string>{"/w/s"});  // ours, from our directory
    CHECK(view.fs().working_directory() == "/w/d");
    Outcome o = run_pipeline(r, view.env(), view.fs(), [] { return std::string("0123456789ab"); });
    CHECK(o.files == std::vector<std::string>{"c.yaml", "env.yaml"});
    CHECK(o.translation.exports.size() > 0);
    auto service = std::find_if(o.translation.exports.begin(), o.translation.exports.end(),
                                [](const Export& e) { return e.name == "OTEL_SERVICE_NAME"; });
    REQUIRE(service != o.translation.exports.end());
    CHECK(service->value == "from-d");
    // With CONFIG, the configs are ours, read from our directory.
    inv.configs = {"c.yaml"};
    CommandView mine(inv, none, fs);
    CHECK(mine.fs().working_directory() == "/w");
    CHECK(mine.ours("s") == "s");
}

TEST_CASE("load_request with CONFIG lists Gym's config inputs for the warning, and reads none of them") {
    goe::testing::MemoryFileSystem fs;
    Invocation inv;
    inv.exec = true;
    inv.configs = {"mine.yaml"};
    inv.command = {"gym", "env", "start", "--environment", "nowhere", "+telemetry.exporter=console"};
    LoadRequest r = load_request(inv, {}, fs);  // the selector is not looked up: no error
    CHECK(r.gym_overrides.empty());
    CHECK(r.reading.config_given);
    CHECK(r.reading.ignored == std::vector<std::string>{"--environment nowhere", "+telemetry.exporter=..."});
    // A line Gym refuses is Gym's to refuse: nothing listed, nothing thrown.
    inv.command = {"gym", "env", "start", "--confg", "x.yaml"};
    CHECK(load_request(inv, {}, fs).reading.ignored.empty());
    // Another program's words are not Gym's inputs.
    inv.command = {"python", "train.py", "--config", "m.toml"};
    CHECK(load_request(inv, {}, fs).reading.ignored.empty());
}
