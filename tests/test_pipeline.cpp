// pipeline: its first steps (merged_config: the CLI config, the files loaded in Gym's
// order, env.yaml, all merged) and the whole run (run_pipeline: directives, the '???'
// check, Gym's defaults, the block resolved, validated and translated), in memory.
#include <catch2/catch.hpp>

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "gym_otel_env/pipeline.hpp"
#include "support.hpp"

using namespace goe;
using goe::testing::error_of;
using goe::testing::MemoryFileSystem;
using Files = std::map<std::string, std::string>;
using Vars = std::map<std::string, std::string>;

namespace {

std::string hex12() { return "0123456789ab"; }

// c.yaml run through the whole pipeline, env.yaml read when there is one.
using Run = goe::testing::PipelineRun;

Vars exports_of(const Outcome& outcome) {
    Vars out;
    for (const auto& e : outcome.translation.exports) out[e.name] = e.value;
    return out;
}

// Every export of an enabled block of defaults, with these changed.
Vars enabled_with(const Vars& changed) {
    Vars out = goe::testing::default_exports();
    for (const auto& [name, value] : changed) out[name] = value;
    return out;
}

}  // namespace

// ---- merged_config ---------------------------------------------------------------------

TEST_CASE("merged_config: the files in Gym's order, then env.yaml, then the CLI config, merged in that order") {
    MemoryFileSystem fs;
    fs.files["a.yaml"] = "config_paths: [inc.yaml]\nt: {w: a, x: a, y: a, z: a}\n";
    fs.files["inc.yaml"] = "t: {v: inc, w: inc}\n";
    fs.files["env.yaml"] = "t: {y: env, z: env}\n";
    LoadRequest r;
    r.configs = {"a.yaml"};
    r.sets = {"t.z=cli"};
    Merged m = merged_config(r, {}, fs);
    CHECK(python_str(*m.root) ==
          "{'t': {'v': 'inc', 'w': 'a', 'x': 'a', 'y': 'env', 'z': 'cli'}, 'config_paths': ['a.yaml', 'inc.yaml']}");
    CHECK(m.files == std::vector<std::string>{"inc.yaml", "a.yaml", "env.yaml"});
    // Each value keeps where it was written.
    const Node& t = **m.root->find("t");
    CHECK((*t.find("v"))->origin.str() == "inc.yaml:1:8");
    CHECK((*t.find("y"))->origin.str() == "env.yaml:1:8");
    CHECK((*t.find("z"))->origin.str() == "--set");
}

TEST_CASE("merged_config: nothing to load is an empty config, and no config_paths written") {
    MemoryFileSystem fs;
    Merged m = merged_config(LoadRequest{}, {}, fs);
    CHECK(python_str(*m.root) == "{}");
    CHECK(m.files.empty());
    LoadRequest r;
    r.sets = {"a=1"};
    CHECK(python_str(*merged_config(r, {}, fs).root) == "{'a': 1}");
}

TEST_CASE("merged_config: the merged root holds the only reference to its top mapping") {
    // The steps after it change the top mapping in place only when nothing else shares it.
    MemoryFileSystem fs;
    fs.files["a.yaml"] = "t: {x: 1}\n";
    fs.files["b.yaml"] = "u: 2\n";
    fs.files["env.yaml"] = "v: 3\n";
    LoadRequest r;
    r.configs = {"a.yaml", "b.yaml"};
    r.sets = {"w=4"};
    Merged m = merged_config(r, {}, fs);
    CHECK(m.root.use_count() == 1);
    r.configs = {"a.yaml"};
    r.no_env_yaml = true;
    r.sets.clear();
    CHECK(merged_config(r, {}, fs).root.use_count() == 1);
}

TEST_CASE("merged_config holds the merges to limits.merge", "[limits]") {
    MemoryFileSystem fs;
    fs.files["a.yaml"] = "t: {a: 1, b: 2, c: 3}\n";
    fs.files["b.yaml"] = "t: {d: 4, e: 5, f: 6}\n";
    LoadRequest r;
    r.configs = {"a.yaml", "b.yaml"};
    r.no_env_yaml = true;
    PipelineLimits limits;
    // b.yaml onto a.yaml visits 1 + 1 entries at the top and 3 + 3 under t.
    limits.merge.max_entries = 7;
    CHECK(error_of([&] { merged_config(r, {}, fs, limits); }) == "b.yaml:1:4: t: merging visits more than 7 entries");
    limits.merge.max_entries = 8;
    CHECK(python_str(*merged_config(r, {}, fs, limits).root) ==
          "{'t': {'a': 1, 'b': 2, 'c': 3, 'd': 4, 'e': 5, 'f': 6}, 'config_paths': ['a.yaml', 'b.yaml']}");
}

TEST_CASE("merged_config merges a mapping onto an interpolation that resolves to a mapping, as OmegaConf does") {
    MemoryFileSystem fs;
    fs.files["a.yaml"] =
        "x:\n  tele: {service_name: from-x, a: '${.b}', b: 1}\ntelemetry: ${x.tele}\nother: ${oc.env:HOME}\n";
    fs.files["b.yaml"] = "telemetry: {enabled: true, b: 2}\nother: {k: v}\n";
    fs.files["c.yaml"] = "gone: ${nowhere}\n";
    fs.files["d.yaml"] = "gone: {k: v}\n";
    LoadRequest r;
    r.configs = {"a.yaml", "b.yaml", "c.yaml", "d.yaml"};
    Merged l = merged_config(r, {{"HOME", "/root"}}, fs);
    CHECK(python_str(**l.root->find("telemetry")) ==
          "{'service_name': 'from-x', 'a': '${.b}', 'b': 2, 'enabled': True}");
    CHECK(python_str(**l.root->find("other")) == "{'k': 'v'}");
    CHECK(python_str(**l.root->find("gone")) == "{'k': 'v'}");
    fs.files["e.yaml"] = "telemetry: [1]\n";
    r.configs = {"a.yaml", "e.yaml"};
    CHECK(error_of([&] { merged_config(r, {}, fs); }) ==
          "e.yaml:1:12: telemetry: cannot merge a list into a mapping (from a.yaml:2:9)");
}

TEST_CASE("merged_config applies all overrides as one config merged last, as Hydra does for Gym") {
    MemoryFileSystem fs;
    fs.files["c.yaml"] = "telemetry: {enabled: true, exporter: console}\n";
    LoadRequest r;
    r.configs = {"c.yaml"};
    r.no_env_yaml = true;
    // In the CLI config `++telemetry=null` is null, so the next token replaces it with
    // a mapping, which then merges into the files' telemetry.
    r.sets = {"telemetry=null", "telemetry.run_id=x"};
    Merged l = merged_config(r, {}, fs);
    CHECK(python_str(**l.root->find("telemetry")) == "{'enabled': True, 'exporter': 'console', 'run_id': 'x'}");
    r.sets = {"telemetry.run_id=x", "telemetry=null"};
    CHECK(python_str(**merged_config(r, {}, fs).root->find("telemetry")) == "None");
}

TEST_CASE("merged_config types --set and command-line values by Hydra's grammar, not YAML") {
    MemoryFileSystem fs;
    fs.files["c.yaml"] = "telemetry: {export_rank: 1}\n";
    LoadRequest r;
    r.configs = {"c.yaml"};
    r.gym_overrides = {"++telemetry.export_rank=010", "+telemetry.exporter='console'"};
    r.sets = {"telemetry.enabled=yes", "telemetry.run_id=0x10"};
    Merged l = merged_config(r, {}, fs);
    CHECK(python_str(**l.root->find("telemetry")) ==
          "{'export_rank': '010', 'exporter': 'console', 'enabled': 'yes', 'run_id': '0x10'}");
    // The CLI config starts empty: a key the files have still needs + on Gym's command line.
    r.gym_overrides = {"telemetry.export_rank=2"};
    CHECK(error_of([&] { merged_config(r, {}, fs); }) ==
          "command line: telemetry.export_rank: Could not override 'telemetry.export_rank'. To "
          "append to your config use +telemetry.export_rank=2");
    r.gym_overrides = {};
    r.sets = {"telemetry.run_id=${oc.env:X"};
    CHECK(error_of([&] { merged_config(r, {}, fs); }) ==
          "--set: Error parsing override 'telemetry.run_id=${oc.env:X': unexpected at column 19: '{'");
    // Quoted, it is a string, and OmegaConf checks its interpolation when it makes the config.
    r.sets = {"telemetry.run_id='${oc.env:X'"};
    CHECK(error_of([&] { merged_config(r, {}, fs); }) ==
          "--set: telemetry.run_id: invalid interpolation: unterminated '${': the closing '}' is missing");
}

TEST_CASE("merged_config limits the depth of an override key by the parse depth", "[limits]") {
    MemoryFileSystem fs;
    LoadRequest request;
    request.no_env_yaml = true;
    std::string key = "a";
    for (int i = 0; i < 100000; ++i) key += ".a";
    request.sets.push_back(key + "=1");
    CHECK_THAT(error_of([&] { merged_config(request, {}, fs); }),
               Catch::StartsWith("--set: a.a.a") && Catch::EndsWith("a.a: nesting deeper than 256 levels"));
}

// ---- run_pipeline ----------------------------------------------------------------------

TEST_CASE("run_pipeline: the block's settings and exports, the files read and the config as Gym has it") {
    Run run(Files{{"c.yaml", "telemetry:\n  enabled: true\n  service_name: svc\n  export_rank: 2\n"}});
    Outcome o = run();
    CHECK(exports_of(o) == enabled_with({{"OTEL_SERVICE_NAME", "svc"}, {"NEMO_GYM_OTEL_EXPORT_RANK", "2"}}));
    CHECK(o.files == std::vector<std::string>{"c.yaml"});
    CHECK(o.settings.find("service_name")->value == "svc");
    CHECK(o.settings.find("export_rank")->value == "2");
    // Gym's defaults beside the block.
    CHECK(python_str(*o.root) ==
          "{'telemetry': {'enabled': True, 'service_name': 'svc', 'export_rank': 2}, 'config_paths': ['c.yaml'], "
          "'use_absolute_ip': False, 'port_range_low': 10001, 'port_range_high': 20000, 'head_server': {'host': "
          "'127.0.0.1', 'port': 11000}, 'disallowed_ports': [11000], 'allow_openai_version_skew': False}");
    CHECK(run.secrets.empty());
}

TEST_CASE("run_pipeline: telemetry off exports nothing (SPEC 5)") {
    Run run(Files{{"c.yaml", "telemetry:\n  enabled: false\n  service_name: svc\n"}});
    CHECK(exports_of(run()).empty());
}

TEST_CASE("run_pipeline: env.yaml and --set over the config, the run id from the caller's source") {
    Run run(Files{{"c.yaml", "telemetry: {enabled: true, service_name: c}\n"},
                  {"env.yaml", "telemetry: {service_name: e}\n"}});
    Outcome o = run();
    CHECK(o.files == std::vector<std::string>{"c.yaml", "env.yaml"});
    CHECK(exports_of(o) == enabled_with({{"OTEL_SERVICE_NAME", "e"}}));
    run.sets = {"telemetry.run_id=r1"};
    CHECK(exports_of(run()) == enabled_with({{"OTEL_SERVICE_NAME", "e"}, {"NEMO_GYM_OTEL_RUN_ID", "r1"}}));
}

// Hydra evaluates sort() and shuffle() of a list in a plain override; what Gym's model
// then makes of the list decides, and it never shows shuffle()'s random order.
TEST_CASE("run_pipeline: a list from sort() or shuffle() in --set is a list to Gym's model") {
    Run run(Files{{"c.yaml", "telemetry: {enabled: true, service_name: c}\n"}});
    run.sets = {"other=sort([3,1,2])", "more=shuffle([b,a])"};
    Outcome o = run();
    CHECK(exports_of(o) == enabled_with({{"OTEL_SERVICE_NAME", "c"}}));
    CHECK(python_str(**o.root->find("other")) == "[1, 2, 3]");
    CHECK(python_str(**o.root->find("more")) == "['b', 'a']");
    for (std::string v : {"sort([b,a])", "shuffle([b,a])", "shuffle(x)"}) {
        run.sets = {"telemetry.service_name=" + v};
        Outcome refused = run();
        REQUIRE(refused.settings.errors.size() == 1);
        CHECK(std::string(refused.settings.errors[0].what()) ==
              "--set: telemetry.service_name: expected a string, got list");
        CHECK(refused.translation.exports.empty());  // nothing is exported from a refused block
    }
}

TEST_CASE("run_pipeline: the directives apply before the block is read") {
    Run run(Files{{"c.yaml",
                   "base:\n  service_name: from-base\n  enabled: false\ntelemetry:\n  _inherit_from: base\n  enabled: "
                   "true\n"}});
    CHECK(exports_of(run()) == enabled_with({{"OTEL_SERVICE_NAME", "from-base"}}));
}

TEST_CASE("run_pipeline: every '\?\?\?' left after the directives is an error, before anything is resolved") {
    Run run(Files{{"c.yaml", "a: ???\nb: ${oc.env:NOPE}\ntelemetry: {enabled: true}\n"}});
    CHECK(error_of([&] { run(); }) ==
          "1 required config value(s) are unset (still '\?\?\?') after merging:\n"
          "c.yaml:1:4: a: unset ('\?\?\?')\n"
          "provide each value with --set, in env.yaml or in a config you pass via config_paths, e.g. --set a=<value>");
}

TEST_CASE("run_pipeline: the block sees Gym's defaults, and use_absolute_ip the caller's host address") {
    Run run(
        Files{{"c.yaml", "telemetry:\n  enabled: true\n  service_name: '${head_server.host}-${port_range_low}'\n"}});
    CHECK(exports_of(run()) == enabled_with({{"OTEL_SERVICE_NAME", "127.0.0.1-10001"}}));
    run.files["c.yaml"] = "use_absolute_ip: true\ntelemetry:\n  enabled: true\n  service_name: ${head_server.host}\n";
    CHECK(error_of([&] { run(); }) ==
          "c.yaml:1:18: use_absolute_ip: cannot find this host's address (Gym: gethostbyname(gethostname()))");
    run.host_address = [] { return std::optional<std::string>("192.0.2.7"); };
    CHECK(exports_of(run()) == enabled_with({{"OTEL_SERVICE_NAME", "192.0.2.7"}}));
}

TEST_CASE("run_pipeline hands over the texts a secret was built from, also when it throws (SPEC 7)") {
    const std::set<std::string> texts{"s3cret", "k=s3cret"};
    Run run(Files{{"c.yaml", "x: ${oc.env:TOKEN}\ntelemetry:\n  enabled: true\n  otlp_headers: 'k=${x}'\n"}},
            {{"TOKEN", "s3cret"}});
    CHECK(exports_of(run()) == enabled_with({{"OTEL_EXPORTER_OTLP_HEADERS", "k=s3cret"}}));
    CHECK(std::set<std::string>(run.secrets.begin(), run.secrets.end()) == texts);
    // The block fails after the secret resolved.
    run.secrets.clear();
    run.files["c.yaml"] =
        "x: ${oc.env:TOKEN}\ntelemetry:\n  enabled: true\n  otlp_headers: 'k=${x}'\n  export_rank: ${nope}\n";
    CHECK(error_of([&] { run(); }) == "c.yaml:5:16: telemetry.export_rank: interpolation key 'nope' not found");
    CHECK(std::set<std::string>(run.secrets.begin(), run.secrets.end()) == texts);
    // The directives fail, resolving a list item, before the block was read.
    run.secrets.clear();
    run.files["c.yaml"] = "x: ${oc.env:TOKEN}\nl: ['${nope}']\ntelemetry:\n  enabled: true\n  otlp_headers: 'k=${x}'\n";
    CHECK(error_of([&] { run(); }) == "c.yaml:2:5: l[0]: interpolation key 'nope' not found");
    CHECK(std::set<std::string>(run.secrets.begin(), run.secrets.end()) == texts);
    // Gym's top level fails first: a value there may be built from the same texts.
    run.secrets.clear();
    run.files["c.yaml"] = "x: ${oc.env:TOKEN}\nport_range_low: ${nope}\ntelemetry:\n  otlp_headers: 'k=${x}'\n";
    CHECK_THROWS_AS(run(), Error);
    CHECK(std::set<std::string>(run.secrets.begin(), run.secrets.end()) == texts);
}

// Issue 34: Gym resolves the whole block (OmegaConf.to_container(block, resolve=True) in
// nemo_gym/telemetry/setup.py) and validates it before it reads `enabled`.
TEST_CASE("run_pipeline: an error Gym raises too says so where telemetry is off, and how to fix an unset variable") {
    Run run(Files{{"c.yaml", "telemetry:\n  otlp_headers: x-api-key=${oc.env:KEY}\n"}});
    const std::string fix = " (set it, or give it a default: ${oc.env:KEY,''})";
    CHECK(error_of([&] { run(); }) ==
          "c.yaml:2:17: telemetry.otlp_headers: environment variable 'KEY' not found" + fix +
              "; Gym fails here too, with telemetry off as well: it resolves the whole telemetry block before it "
              "reads 'enabled'");
    run.files["c.yaml"] = "telemetry:\n  enabled: false\n  run_id: ${nope}\n";
    CHECK(error_of([&] { run(); }) ==
          "c.yaml:3:11: telemetry.run_id: interpolation key 'nope' not found; Gym fails here too, with telemetry off "
          "as well: it resolves the whole telemetry block before it reads 'enabled'");
    // Telemetry on: the fix, and no word of telemetry being off; nor when `enabled` is itself computed.
    run.files["c.yaml"] = "telemetry:\n  enabled: true\n  otlp_headers: x-api-key=${oc.env:KEY}\n";
    CHECK(error_of([&] { run(); }) ==
          "c.yaml:3:17: telemetry.otlp_headers: environment variable 'KEY' not found" + fix);
    run.files["c.yaml"] = "telemetry:\n  otlp_headers: x-api-key=${oc.env:KEY}\n";
    run.env = {{"NEMO_GYM_OTEL_ENABLED", "1"}};
    CHECK(error_of([&] { run(); }) ==
          "c.yaml:2:17: telemetry.otlp_headers: environment variable 'KEY' not found" + fix);
    run.env = {};
    run.files["c.yaml"] = "flag: false\ntelemetry:\n  enabled: ${flag}\n  run_id: ${nope}\n";
    CHECK(error_of([&] { run(); }) == "c.yaml:4:11: telemetry.run_id: interpolation key 'nope' not found");
    // A top-level value: Gym resolves every one of them as it loads the config.
    run.files["c.yaml"] = "port: ${oc.env:PORT}\ntelemetry: {enabled: true}\n";
    CHECK(error_of([&] { run(); }) ==
          "c.yaml:1:7: port: environment variable 'PORT' not found (set it, or give it a default: "
          "${oc.env:PORT,''}); Gym fails here too: it resolves every value at the top level of the config as it "
          "loads it");
    // One of the tool's own limits on hostile input: Gym has none, so it does not fail there.
    run.files["c.yaml"] = "telemetry:\n  a: ${.b}\n  b: ${.c}\n  c: v\n";
    run.limits.resolve.max_evaluations = 1;
    CHECK(error_of([&] { run(); }) == "c.yaml:3:6: telemetry.b: more than 1 interpolations to evaluate");
    run.limits.resolve = {};
    run.limits.resolve.max_depth = 1;
    CHECK(error_of([&] { run(); }) == "c.yaml:2:6: telemetry.a: interpolations nested deeper than 1 levels");
}

TEST_CASE("run_pipeline: every unset variable of the block in one run, in file order, each with a hint that passes") {
    Run run(Files{{"c.yaml",
                   "telemetry:\n  enabled: true\n  otlp_headers: x-key=${oc.env:C}\n  service_name: ${oc.env:B}\n"
                   "  otlp_endpoint: ${oc.env:A}\n  export_rank: ${oc.env:R}\n  logs_enabled: ${oc.env:L}\n"
                   "  export_strategy: ${oc.env:S}\n  run_id: ${oc.env:A}\n  exporter: ${oc.env:E}x\n"}});
    auto unset = [](const std::string& at, const std::string& name, const std::string& fix) {
        return fmt::format("{}: environment variable '{}' not found (set it, or give it a default: ${{oc.env:{},{}}})",
                           at, name, name, fix);
    };
    CHECK(error_of([&] { run(); }) == unset("c.yaml:3:17: telemetry.otlp_headers", "C", "''") + "\n" +
                                          unset("c.yaml:4:17: telemetry.service_name", "B", "'nemo-gym'") + "\n" +
                                          unset("c.yaml:5:18: telemetry.otlp_endpoint", "A", "null") + "\n" +
                                          unset("c.yaml:6:16: telemetry.export_rank", "R", "-1") + "\n" +
                                          unset("c.yaml:7:17: telemetry.logs_enabled", "L", "false") + "\n" +
                                          unset("c.yaml:8:20: telemetry.export_strategy", "S", "'all_ranks'") + "\n" +
                                          unset("c.yaml:9:11: telemetry.run_id", "A", "null") + "\n" +
                                          unset("c.yaml:10:13: telemetry.exporter", "E", "''"));
    // The same variable twice in one value is one line; one unset variable is the one error as before.
    run.files["c.yaml"] = "telemetry:\n  enabled: true\n  service_name: ${oc.env:B}-${oc.env:B}\n";
    CHECK(error_of([&] { run(); }) == unset("c.yaml:3:17: telemetry.service_name", "B", "''"));
    // Each hint, followed, passes validation.
    run.files["c.yaml"] =
        "telemetry:\n  enabled: true\n  service_name: ${oc.env:B,'nemo-gym'}\n  otlp_endpoint: ${oc.env:A,null}\n"
        "  export_rank: ${oc.env:R,-1}\n  logs_enabled: ${oc.env:L,false}\n  export_strategy: ${oc.env:S,'all_ranks'}\n"
        "  run_id: ${oc.env:A,null}\n  otlp_protocol: ${oc.env:P,null}\n";
    Outcome o = run();
    CHECK(o.settings.errors.empty());
    CHECK(exports_of(o) == enabled_with({{"OTEL_SERVICE_NAME", "nemo-gym"}}));
}

TEST_CASE("run_pipeline: an unknown key is found where it was written, whatever its value resolves to") {
    // The value a ${x} gives is the mapping written under x: the key is still where servce_name is.
    Run run(Files{{"c.yaml", "x:\n  a: 1\ntelemetry:\n  enabled: true\n  servce_name: ${x}\n"}});
    Outcome o = run();
    REQUIRE(o.settings.unknown.size() == 1);
    CHECK(o.settings.unknown[0].origin.str() == "c.yaml:5:3");
}

TEST_CASE("run_pipeline runs without a list for the secrets") {
    MemoryFileSystem fs;
    fs.files["c.yaml"] = "telemetry: {enabled: true, otlp_headers: k=v}\n";
    LoadRequest r;
    r.configs = {"c.yaml"};
    CHECK(exports_of(run_pipeline(r, {}, fs, hex12)) == enabled_with({{"OTEL_EXPORTER_OTLP_HEADERS", "k=v"}}));
}

TEST_CASE("run_pipeline holds the directives and the resolution to its limits", "[limits]") {
    Run run(Files{{"c.yaml",
                   "base: {service_name: b}\nx: {_inherit_from: base}\ny: {_inherit_from: base}\n"
                   "telemetry: {enabled: true, service_name: '${x.service_name}${y.service_name}'}\n"}});
    CHECK(exports_of(run()) == enabled_with({{"OTEL_SERVICE_NAME", "bb"}}));
    run.limits.directives.max_steps = 2;
    CHECK(error_of([&] { run(); }) == "c.yaml:2:20: x._inherit_from: more than 2 mappings and directives to process");
    run.limits = {};
    run.limits.resolve.max_evaluations = 1;
    CHECK(error_of([&] { run(); }) == "c.yaml:4:42: telemetry.service_name: more than 1 interpolations to evaluate");
}

// Gym accepts it: its loop over the top-level values resolves k to a list of the keys.
TEST_CASE("run_pipeline: regression: a top-level ${oc.dict.keys:telemetry} failed the whole run") {
    Run run(Files{{"c.yaml", "k: ${oc.dict.keys:telemetry}\ntelemetry:\n  enabled: true\n  service_name: svc\n"}});
    Outcome o = run();
    CHECK(exports_of(o) == enabled_with({{"OTEL_SERVICE_NAME", "svc"}}));
    CHECK(o.deprecations.empty());
}

// Gym resolves the top-level values, the directives' list items and config_paths before
// the block, and OmegaConf warns each time; Python shows each text once.
TEST_CASE("run_pipeline: regression: oc.deprecated at the top level gave no warning") {
    Run run(Files{{"c.yaml",
                   "old: ${oc.deprecated:telemetry.run_id}\n"
                   "items: ['${oc.deprecated:telemetry.service_name}']\n"
                   "telemetry:\n  enabled: true\n  run_id: r1\n  service_name: ${oc.deprecated:svc}\nsvc: s\n"
                   "again: ${oc.deprecated:telemetry.run_id}\n"}});
    Outcome o = run();
    CHECK(exports_of(o) == enabled_with({{"OTEL_SERVICE_NAME", "s"}, {"NEMO_GYM_OTEL_RUN_ID", "r1"}}));
    std::vector<std::string> shown;
    for (const auto& d : o.deprecations) shown.push_back(d.origin.str() + ": " + d.path + ": " + d.message);
    // Reading items[0] resolves its target first (select_node resolves it), so that one
    // warns first, and items[0]'s NEW_KEY is where the chain ends (OmegaConf 2.2.2 gives
    // these lines, in this order, with -W always).
    CHECK(shown == std::vector<std::string>{
                       "c.yaml:6:17: telemetry.service_name: 'telemetry.service_name' is deprecated. Change your "
                       "code and config to use 'svc'",
                       "c.yaml:2:9: items[0]: 'items[0]' is deprecated. Change your code and config to use 'svc'",
                       "c.yaml:1:6: old: 'old' is deprecated. Change your code and config to use 'telemetry.run_id'",
                       "c.yaml:8:8: again: 'again' is deprecated. Change your code and config to use "
                       "'telemetry.run_id'",
                   });
}

TEST_CASE("run_pipeline: oc.create reads a string as YAML, as OmegaConf.create does") {
    Run run(Files{{"c.yaml", "telemetry: \"${oc.create:'{enabled: true, service_name: svc}'}\"\n"}});
    CHECK(exports_of(run()) == enabled_with({{"OTEL_SERVICE_NAME", "svc"}}));
}
