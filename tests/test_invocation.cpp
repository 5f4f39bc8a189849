#include <catch2/catch.hpp>

#include "gym_otel_env/invocation.hpp"
#include "support.hpp"

using namespace goe;

TEST_CASE("split_command keeps what follows the first -- as the command") {
    Invocation inv;
    auto rest = split_command({"--exec", "c.yaml", "--", "gym", "--", "x"}, inv);
    CHECK(rest == std::vector<std::string>{"--exec", "c.yaml"});
    CHECK(inv.command == std::vector<std::string>{"gym", "--", "x"});
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
