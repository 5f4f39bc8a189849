#include <catch2/catch.hpp>

#include <algorithm>

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
    CommandView view(inv, {}, fs);
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
    CommandView mine(inv, {}, fs);
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
