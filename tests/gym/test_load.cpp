#include <fmt/format.h>
#include <catch2/catch.hpp>

#include "gym_otel_env/core/file_system.hpp"
#include "gym_otel_env/gym/load.hpp"
#include "gym_otel_env/hydra/override.hpp"
#include "gym_otel_env/pipeline.hpp"
#include "support.hpp"

using namespace goe;
using goe::testing::error_of;
using goe::testing::MemoryFileSystem;

namespace {

// load's trees merged as the pipeline merges them: its first step, merged_config.
Merged merged(const LoadRequest& r, const Environment& env, FileSystem& fs, const LoadLimits& limits = {}) {
    PipelineLimits all;
    all.load = limits;
    return merged_config(r, env, fs, all);
}

std::string value_at(const Merged& l, std::string_view a, std::string_view b) {
    const NodePtr* x = l.root->find(a);
    REQUIRE(x);
    const NodePtr* y = (*x)->find(b);
    REQUIRE(y);
    return python_str(**y);
}

LoadRequest configs(std::vector<std::string> names) {
    LoadRequest request;
    request.configs = std::move(names);
    request.no_env_yaml = true;
    return request;
}

}  // namespace

TEST_CASE("load merges CONFIG files in order, a later one winning") {
    MemoryFileSystem fs;
    fs.files["a.yaml"] = "t: {x: 1, y: 1}\n";
    fs.files["b.yaml"] = "t: {y: 2}\n";
    LoadRequest r;
    r.configs = {"a.yaml", "b.yaml"};
    Merged l = merged(r, {}, fs);
    CHECK(value_at(l, "t", "x") == "1");
    CHECK(value_at(l, "t", "y") == "2");
    CHECK(l.files == std::vector<std::string>{"a.yaml", "b.yaml"});
}

TEST_CASE("load merges includes in Gym's order: a file after what it pulled in, siblings in order") {
    MemoryFileSystem fs;
    fs.files["root.yaml"] = "config_paths: [inc1.yaml, inc2.yaml]\nt: {who: root}\n";
    fs.files["inc1.yaml"] = "config_paths: [deep.yaml]\nt: {who: inc1, a: inc1}\n";
    fs.files["inc2.yaml"] = "t: {who: inc2, a: inc2, b: inc2}\n";
    fs.files["deep.yaml"] = "t: {who: deep, a: deep, b: deep, c: deep}\n";
    fs.files["other.yaml"] = "config_paths: [inc2.yaml]\nt: {c: other}\n";
    LoadRequest r;
    r.configs = {"root.yaml", "other.yaml"};
    Merged l = merged(r, {}, fs);
    CHECK(l.files == std::vector<std::string>{"deep.yaml", "inc1.yaml", "inc2.yaml", "root.yaml", "other.yaml"});
    CHECK(value_at(l, "t", "who") == "root");
    CHECK(value_at(l, "t", "a") == "inc2");
    CHECK(value_at(l, "t", "b") == "inc2");
    CHECK(value_at(l, "t", "c") == "other");
}

TEST_CASE("load returns the trees in merge order: a file after its includes, env.yaml, the CLI config last") {
    MemoryFileSystem fs;
    fs.files["root.yaml"] = "config_paths: [inc.yaml]\nwho: root\n";
    fs.files["inc.yaml"] = "who: inc\n";
    fs.files["env.yaml"] = "who: env\n";
    LoadRequest r;
    r.configs = {"root.yaml"};
    Loaded l = load(r, command_line_config({}, {"who=cli"}), {}, fs);
    std::vector<std::string> who;
    for (const auto& tree : l.trees) who.push_back(python_str(**tree->find("who")));
    CHECK(who == std::vector<std::string>{"inc", "root", "env", "cli"});
    CHECK(l.files == std::vector<std::string>{"inc.yaml", "root.yaml", "env.yaml"});
    CHECK(python_str(*l.config_paths) == "['root.yaml', 'inc.yaml']");
    // Nothing to load: one empty mapping, and no list for Gym to write.
    MemoryFileSystem empty;
    l = load(LoadRequest{}, command_line_config({}, {}), {}, empty);
    REQUIRE(l.trees.size() == 1);
    CHECK(python_str(*l.trees[0]) == "{}");
    CHECK(l.trees[0]->origin.str() == "<none>:1:1");
    CHECK(!l.config_paths);
}

TEST_CASE("load reads a file that includes itself once, also in a cycle of two") {
    MemoryFileSystem fs;
    fs.files["self.yaml"] = "config_paths: [self.yaml]\nt: {x: 1}\n";
    LoadRequest r;
    r.configs = {"self.yaml"};
    CHECK(merged(r, {}, fs).files == std::vector<std::string>{"self.yaml"});
    fs.files["a.yaml"] = "config_paths: [b.yaml]\n";
    fs.files["b.yaml"] = "config_paths: [a.yaml]\n";
    CHECK(merged(configs({"a.yaml"}), {}, fs).files == std::vector<std::string>{"b.yaml", "a.yaml"});
}

TEST_CASE("load looks under --search-dir, then NEMO_GYM_EXTRA_ROOTS, then the working directory") {
    MemoryFileSystem fs;
    fs.files["c.yaml"] = "t: {x: cwd}\n";
    fs.files["/extra/c.yaml"] = "t: {x: extra}\n";
    fs.files["/second/c.yaml"] = "t: {x: second}\n";
    fs.files["/sd/c.yaml"] = "t: {x: sd}\n";
    LoadRequest r;
    r.configs = {"c.yaml"};
    CHECK(value_at(merged(r, {}, fs), "t", "x") == "cwd");
    Environment env{{"NEMO_GYM_EXTRA_ROOTS", "/nowhere::/extra:/second"}};
    CHECK(value_at(merged(r, env, fs), "t", "x") == "extra");
    r.search_dirs = {"/sd"};
    CHECK(value_at(merged(r, env, fs), "t", "x") == "sd");
}

TEST_CASE("load names every place it looked for a missing file") {
    MemoryFileSystem fs;
    LoadRequest r;
    r.configs = {"gone.yaml"};
    r.search_dirs = {"/sd"};
    Environment extra{{"NEMO_GYM_EXTRA_ROOTS", "/x"}};
    // A CONFIG argument is no config_paths entry to the user who typed it (issue 34).
    CHECK(error_of([&] { merged(r, extra, fs); }) ==
          "gone.yaml: no such config file (looked in: /sd/gone.yaml, /x/gone.yaml, gone.yaml)");
    fs.files["a.yaml"] = "config_paths:\n  - b.yaml\n";
    r.configs = {"a.yaml"};
    r.search_dirs = {};
    CHECK(error_of([&] { merged(r, {}, fs); }) ==
          "a.yaml:2:5: config_paths[0]: config_paths entry 'b.yaml' was not found. Looked in: b.yaml."
          " Check the path is spelled correctly and is relative to your working directory, an extra root "
          "(NEMO_GYM_EXTRA_ROOTS / --search-dir), or the Gym install root.");
    r.configs = {"/abs/c.yaml"};
    CHECK(error_of([&] { merged(r, {}, fs); }) == "/abs/c.yaml: no such config file (looked in: /abs/c.yaml)");
    r.configs = {};
    r.env_yaml = "e.yaml";
    CHECK(error_of([&] { merged(r, {}, fs); }) == "--env-yaml: no such file 'e.yaml' (looked in: e.yaml)");
}

TEST_CASE("load: regression: a word the shell split off a --set value was 'a config_paths entry' (issue 34)") {
    MemoryFileSystem fs;
    LoadRequest r = configs({"b"});
    r.stray_words = {{0, "telemetry.service_name=a", "'telemetry.service_name=a b'", false}};
    CHECK(error_of([&] { merged(r, {}, fs); }) ==
          "b: no such config file (looked in: b); it followed --set telemetry.service_name=a: a value with a space "
          "needs quotes, as in --set 'telemetry.service_name=a b'");
    // The word of a secret value is part of the secret: neither it nor the paths that spell it are shown.
    r.stray_words = {{0, "telemetry.otlp_headers=***", "'telemetry.otlp_headers=***'", true}};
    CHECK(error_of([&] { merged(r, {}, fs); }) ==
          "the word after --set telemetry.otlp_headers=*** is no config file: a value with a space needs quotes, as "
          "in --set 'telemetry.otlp_headers=***'");
    // Found, the word is a config like any other.
    fs.files["b"] = "telemetry: {}\n";
    CHECK(merged(r, {}, fs).files == std::vector<std::string>{"b"});
}

TEST_CASE("load says when a root before the working directory shadows a file the working directory has") {
    MemoryFileSystem fs;
    fs.cwd = "/w";
    fs.files["/w/configs/t.yaml"] = "telemetry: {service_name: here}\n";
    fs.files["/other/configs/t.yaml"] = "telemetry: {service_name: there}\n";
    fs.files["/w/c.yaml"] = "config_paths: [configs/t.yaml]\n";
    Environment env{{"NEMO_GYM_EXTRA_ROOTS", "/other"}};
    // Gym's order: the extra root wins, with ./ or without (Path drops it).
    for (std::string name : {"configs/t.yaml", "./configs/t.yaml"}) {
        Merged m = merged(configs({name}), env, fs);
        CHECK(value_at(m, "telemetry", "service_name") == "there");
        REQUIRE(m.warnings.size() == 1);
        CHECK(m.warnings[0].origin.empty());
        CHECK(m.warnings[0].what ==
              fmt::format("'{}' is read from /other/configs/t.yaml, found first under NEMO_GYM_EXTRA_ROOTS; the "
                          "working directory's /w/configs/t.yaml is passed over, as Gym passes it over{} (name that "
                          "file by its absolute path to read it)",
                          name, name.starts_with("./") ? ", ./ or not" : ""));
    }
    // A config_paths entry is named where it was written; a --search-dir root says so.
    LoadRequest r = configs({"c.yaml"});
    r.search_dirs = {"/other"};
    Merged m = merged(r, {}, fs);
    REQUIRE(m.warnings.size() == 1);
    CHECK(m.warnings[0].origin.str() == "c.yaml:1:16");
    CHECK(m.warnings[0].key_path == "config_paths[0]");
    CHECK(
        m.warnings[0].what.starts_with("'configs/t.yaml' is read from /other/configs/t.yaml, found first under "
                                       "--search-dir;"));
    // Nothing passed over: no warning. The absolute path reads the working directory's.
    fs.files.erase("/w/configs/t.yaml");
    CHECK(merged(configs({"configs/t.yaml"}), env, fs).warnings.empty());
    fs.files["/w/configs/t.yaml"] = "telemetry: {service_name: here}\n";
    Merged absolute = merged(configs({"/w/configs/t.yaml"}), env, fs);
    CHECK(absolute.warnings.empty());
    CHECK(value_at(absolute, "telemetry", "service_name") == "here");
}

TEST_CASE("load: regression: a NUL in a config_paths entry loaded the shorter path") {
    MemoryFileSystem fs;
    fs.files["a"] = "x: 1\n";
    fs.files["c.yaml"] = "config_paths: [\"a\\0b.yaml\"]\n";
    LoadRequest r;
    r.configs = {"c.yaml"};
    CHECK(error_of([&] { merged(r, {}, fs); }) ==
          "c.yaml:1:16: config_paths[0]: a path cannot contain a NUL character (Python: embedded null byte)");
}

TEST_CASE("load merges env.yaml after all config files, and --set overrides last") {
    MemoryFileSystem fs;
    fs.files["c.yaml"] = "telemetry: {enabled: false, service_name: cfg}\n";
    fs.files["env.yaml"] = "telemetry: {enabled: true, exporter: console}\n";
    LoadRequest r;
    r.configs = {"c.yaml"};
    r.sets = {"telemetry.service_name=set", "telemetry.x="};
    Merged l = merged(r, {}, fs);
    CHECK(value_at(l, "telemetry", "enabled") == "True");
    CHECK(value_at(l, "telemetry", "exporter") == "console");
    CHECK(value_at(l, "telemetry", "service_name") == "set");
    CHECK(value_at(l, "telemetry", "x") == "");
    CHECK(l.files == std::vector<std::string>{"c.yaml", "env.yaml"});
    r.no_env_yaml = true;
    CHECK(value_at(merged(r, {}, fs), "telemetry", "enabled") == "False");
}

TEST_CASE("load uses env.yaml's config_paths when no CONFIG is given") {
    MemoryFileSystem fs;
    fs.files["env.yaml"] = "config_paths: [c.yaml]\ntelemetry: {exporter: console}\n";
    fs.files["c.yaml"] = "telemetry: {enabled: true, exporter: otlp}\n";
    Merged l = merged(LoadRequest{}, {}, fs);
    CHECK(value_at(l, "telemetry", "enabled") == "True");
    CHECK(value_at(l, "telemetry", "exporter") == "console");
}

TEST_CASE("load reads '-' from standard input once") {
    MemoryFileSystem fs;
    fs.stdin_text = "t: {x: in}\n";
    LoadRequest r;
    r.configs = {"-"};
    CHECK(value_at(merged(r, {}, fs), "t", "x") == "in");
    r.configs = {"-", "-"};
    CHECK(error_of([&] { merged(r, {}, fs); }) == "standard input ('-') can be read only once");
}

// PyYAML reads `~`, `--- ` and `!!null x` as None, as it reads an empty file, and
// OmegaConf.load makes an empty config of None (odd_yaml.py found `---` refused).
TEST_CASE("load: regression: a null document was refused, OmegaConf reads it as an empty config") {
    MemoryFileSystem fs;
    fs.files["t.yaml"] = "~\n";
    fs.files["d.yaml"] = "---\n";
    fs.files["n.yaml"] = "--- !!null x\n...\n";
    fs.files["q.yaml"] = "'~'\n";
    fs.files["e.yaml"] = "";
    LoadRequest r;
    auto read = [&](const char* name) {
        r.configs = {name};
        Merged m = merged(r, {}, fs);
        return m.root ? python_str(*m.root) : std::string("<none>");
    };
    CHECK(read("e.yaml") == "{'config_paths': ['e.yaml']}");
    for (std::string name : {"t.yaml", "d.yaml", "n.yaml"})
        CHECK(read(name.c_str()) == "{'config_paths': ['" + name + "']}");
    r.configs = {"q.yaml"};
    CHECK(error_of([&] { merged(r, {}, fs); }) ==
          "q.yaml:1:1: the top level of a config must be a mapping, got string");
}

TEST_CASE("load rejects configs that are not mappings and bad config_paths") {
    MemoryFileSystem fs;
    fs.files["l.yaml"] = "- a\n- b\n";
    fs.files["s.yaml"] = "config_paths: one.yaml\n";
    fs.files["n.yaml"] = "config_paths: [1]\n";
    LoadRequest r;
    r.configs = {"l.yaml"};
    CHECK(error_of([&] { merged(r, {}, fs); }) == "l.yaml:1:1: the top level of a config must be a mapping, got list");
    r.configs = {"s.yaml"};
    CHECK(error_of([&] { merged(r, {}, fs); }) ==
          "s.yaml:1:15: config_paths: expected a list of config file paths, got string");
    r.configs = {"n.yaml"};
    CHECK(error_of([&] { merged(r, {}, fs); }) == "n.yaml:1:16: config_paths[0]: expected a path, got integer 1");
}

TEST_CASE("load treats an empty file as an empty config") {
    MemoryFileSystem fs;
    fs.files["e.yaml"] = "";
    fs.files["c.yaml"] = "# only a comment\n";
    LoadRequest r;
    r.configs = {"e.yaml", "c.yaml"};
    Merged l = merged(r, {}, fs);
    CHECK(l.root->type == Type::mapping);
    // Nothing but the list of loaded entries Gym writes after the merge.
    CHECK(python_str(*l.root) == "{'config_paths': ['e.yaml', 'c.yaml']}");
}

TEST_CASE("load takes the root files from the CLI config's config_paths, after CONFIG, over env.yaml's") {
    MemoryFileSystem fs;
    fs.files["env.yaml"] = "config_paths: [e.yaml]\n";
    fs.files["e.yaml"] = "t: {who: e}\n";
    fs.files["a.yaml"] = "t: {who: a, a: 1}\n";
    fs.files["b.yaml"] = "t: {who: b}\n";
    fs.files["p.yaml"] = "t: {who: p, p: 1}\n";
    LoadRequest r;
    r.gym_overrides = {"+config_paths=[a.yaml, b.yaml]"};
    Merged l = merged(r, {}, fs);
    CHECK(l.files == std::vector<std::string>{"a.yaml", "b.yaml", "env.yaml"});
    CHECK(value_at(l, "t", "who") == "b");
    r.configs = {"p.yaml"};
    CHECK(merged(r, {}, fs).files == std::vector<std::string>{"p.yaml", "a.yaml", "b.yaml", "env.yaml"});
    r.gym_overrides.clear();
    CHECK(merged(r, {}, fs).files == std::vector<std::string>{"p.yaml", "env.yaml"});
    r.configs.clear();
    CHECK(merged(r, {}, fs).files == std::vector<std::string>{"e.yaml", "env.yaml"});
    r.sets = {"config_paths=null"};
    CHECK(merged(r, {}, fs).files == std::vector<std::string>{"env.yaml"});
}

TEST_CASE("load validates the root config_paths as Gym does (pydantic List[str])") {
    MemoryFileSystem fs;
    auto row = GENERATE(table<std::string, std::string>({
        {"config_paths=a.yaml", "'a.yaml'"},
        {"config_paths=[a.yaml, 1]", "['a.yaml', 1]"},
        {"config_paths=[[a.yaml]]", "[['a.yaml']]"},
        {"config_paths={a: b}", "{'a': 'b'}"},
        {"config_paths=true", "True"},
    }));
    LoadRequest r;
    r.sets = {std::get<0>(row)};
    CHECK(error_of([&] { merged(r, {}, fs); }) ==
          "--set: config_paths: 'config_paths' must be a list of paths. Got: " + std::get<1>(row) +
              ". Pass each config with --config (it builds the list for you)");
}

TEST_CASE("load treats a falsy root config_paths as none, as Gym's `or []` does") {
    MemoryFileSystem fs;
    for (std::string v : {"[]", "{}", "''", "0", "false", "null", ""}) {
        LoadRequest r;
        r.sets = {"config_paths=" + v};
        CHECK(merged(r, {}, fs).files.empty());
    }
}

TEST_CASE(
    "config_paths_replaced_by_every_loaded_entry: the merged config_paths is the whole list, as Gym's parse writes "
    "it") {
    MemoryFileSystem fs;
    fs.files["a.yaml"] = "config_paths: [b.yaml]\n";
    fs.files["b.yaml"] = "config_paths: [c.yaml, a.yaml]\n";
    fs.files["c.yaml"] = "x: 1\n";
    fs.files["p.yaml"] = "config_paths: [q.yaml]\n";
    fs.files["q.yaml"] = "y: 1\n";
    LoadRequest r;
    r.configs = {"a.yaml"};
    CHECK(python_str(**merged(r, {}, fs).root->find("config_paths")) == "['a.yaml', 'b.yaml', 'c.yaml']");
    // The command line's list and env.yaml's are replaced the same way.
    r.configs = {"p.yaml"};
    r.gym_overrides = {"+config_paths=[c.yaml]"};
    CHECK(python_str(**merged(r, {}, fs).root->find("config_paths")) == "['p.yaml', 'c.yaml', 'q.yaml']");
    // Nothing loaded: nothing written (Gym: `if config_paths:`).
    r.configs.clear();
    r.gym_overrides = {"++config_paths=[]"};
    CHECK(python_str(**merged(r, {}, fs).root->find("config_paths")) == "[]");
}

TEST_CASE("config_paths_interpolated_entries: items are resolved as Gym iterates the list") {
    MemoryFileSystem fs;
    // An include's items resolve against that file alone, before any merge.
    fs.files["a.yaml"] = "base: sub\nconfig_paths: ['${base}.yaml', '${oc.env:INC}']\n";
    fs.files["sub.yaml"] = "from_sub: 1\n";
    fs.files["env_inc.yaml"] = "from_env: 1\n";
    LoadRequest r;
    r.configs = {"a.yaml"};
    Environment env{{"INC", "env_inc.yaml"}};
    Merged l = merged(r, env, fs);
    CHECK(l.files == std::vector<std::string>{"sub.yaml", "env_inc.yaml", "a.yaml"});
    CHECK(python_str(**l.root->find("config_paths")) == "['a.yaml', 'sub.yaml', 'env_inc.yaml']");
    // The root list resolves against env.yaml under the command line's config.
    fs.files["env.yaml"] = "which: sub\n";
    r.configs.clear();
    r.gym_overrides = {"+config_paths=[${which}.yaml]"};
    CHECK(merged(r, env, fs).files == std::vector<std::string>{"sub.yaml", "env.yaml"});
    // An item that cannot be resolved fails as OmegaConf does when Gym reads it.
    fs.files["bad.yaml"] = "config_paths: ['${nope}.yaml']\n";
    r.gym_overrides.clear();
    r.configs = {"bad.yaml"};
    CHECK(error_of([&] { merged(r, env, fs); }) ==
          "bad.yaml:1:16: config_paths[0]: interpolation key 'nope' not found");
}

TEST_CASE("load limits the number of files", "[limits]") {
    MemoryFileSystem fs;
    LoadLimits limits;
    limits.max_files = 5;
    // A chain of includes, each file pulling in the next.
    for (int i = 0; i < 10; ++i)
        fs.files[fmt::format("f{}.yaml", i)] = fmt::format("config_paths: [f{}.yaml]\n", i + 1);
    CHECK(error_of([&] { merged(configs({"f0.yaml"}), {}, fs, limits); }) ==
          "f4.yaml:1:16: config_paths[0]: more than 5 config files to load");
    // One list naming a thousand files fails before it is collected.
    std::string list = "config_paths: [";
    for (int i = 0; i < 1000; ++i) list += fmt::format("{}x{}.yaml", i ? ", " : "", i);
    fs.files["many.yaml"] = list + "]\n";
    CHECK(error_of([&] { merged(configs({"many.yaml"}), {}, fs, limits); }) ==
          "many.yaml:1:52: config_paths[4]: more than 5 config files to load");
}

TEST_CASE("load reads '-' in config_paths as a file, not standard input", "[limits]") {
    MemoryFileSystem fs;
    fs.stdin_text = "telemetry: {enabled: true}\n";
    fs.files["c.yaml"] = "config_paths: ['-']\n";
    CHECK(error_of([&] { merged(configs({"c.yaml"}), {}, fs); }) ==
          "c.yaml:1:16: config_paths[0]: config_paths entry '-' was not found. Looked in: -. Check the path is "
          "spelled correctly and is relative to your working directory, an extra root (NEMO_GYM_EXTRA_ROOTS / "
          "--search-dir), or the Gym install root.");
    CHECK(fs.stdin_reads == 0);
    CHECK_NOTHROW(merged(configs({"-"}), {}, fs));
    CHECK(fs.stdin_reads == 1);
}

TEST_CASE("load passes on what the file system refuses", "[limits]") {
    MemoryFileSystem fs;
    fs.directories.insert("dir");
    fs.files["c.yaml"] = "config_paths: [dir]\n";
    CHECK(error_of([&] { merged(configs({"dir"}), {}, fs); }) == "dir: is a directory, not a config file");
    CHECK(error_of([&] { merged(configs({"c.yaml"}), {}, fs); }) == "dir: is a directory, not a config file");
}

TEST_CASE("load under 52755d025d finds config paths that moved, as Gym's load_extra_config_paths does") {
    MemoryFileSystem fs;
    fs.cwd = "/w";
    fs.files["/w/root.yaml"] =
        "config_paths:\n  - responses_api_agents/a/configs/a.yaml\n  - harnesses/b/configs/b.yaml\n"
        "  - responses_api_agents/tau2/configs/tau2_agent.yaml\n";
    fs.files["/w/harnesses/a/configs/a.yaml"] = "a: new\n";
    fs.files["/w/responses_api_agents/a/configs/a.yaml"] = "a: old\n";
    fs.files["/w/responses_api_agents/b/configs/b.yaml"] = "b: old\n";
    fs.files["/w/harnesses/tau2/configs/tau2.yaml"] = "tau2: new\n";
    LoadRequest r;
    r.no_env_yaml = true;
    r.configs = {"root.yaml"};
    r.reading.command_line.version = gym::CommandLine::v52755d025d;
    Loaded l = load(r, command_line_config({}, {}), {}, fs);
    // Under harnesses/ first; a harnesses/ path falls back to the old place, with no message.
    CHECK(l.files == std::vector<std::string>{"harnesses/a/configs/a.yaml", "responses_api_agents/b/configs/b.yaml",
                                              "harnesses/tau2/configs/tau2.yaml", "root.yaml"});
    // What Gym writes into its list: the new name of the entries it renamed.
    CHECK(python_str(*l.config_paths) ==
          "['root.yaml', 'harnesses/a/configs/a.yaml', 'harnesses/b/configs/b.yaml', "
          "'harnesses/tau2/configs/tau2.yaml']");
    REQUIRE(l.warnings.size() == 2);
    CHECK(l.warnings[0].origin.str() == "root.yaml:2:5");
    CHECK(l.warnings[0].key_path == "config_paths[0]");
    CHECK(l.warnings[0].what ==
          "Config path `responses_api_agents/a/configs/a.yaml` is deprecated; use `harnesses/a/configs/a.yaml`.");
    CHECK(l.warnings[1].what ==
          "Config path `responses_api_agents/tau2/configs/tau2_agent.yaml` is deprecated; use "
          "`harnesses/tau2/configs/tau2.yaml`.");

    // 2e5014086a's loader finds a path only where it is.
    r.reading.command_line.version = gym::CommandLine::v2e5014086a;
    fs.files.erase("/w/responses_api_agents/a/configs/a.yaml");
    CHECK(error_of([&] { load(r, command_line_config({}, {}), {}, fs); }) ==
          "root.yaml:2:5: config_paths[0]: config_paths entry 'responses_api_agents/a/configs/a.yaml' was not "
          "found. Looked in: /w/responses_api_agents/a/configs/a.yaml. Check the path is spelled correctly and is "
          "relative to your working directory, an extra root (NEMO_GYM_EXTRA_ROOTS / --search-dir), or the Gym "
          "install root.");
}
