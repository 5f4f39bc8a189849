#include <catch2/catch.hpp>

#include <algorithm>
#include <map>

#include "gym_otel_env/telemetry/translate.hpp"
#include "gym_otel_env/yaml/parse.hpp"
#include "support.hpp"

using namespace goe;

namespace {

using Vars = std::map<std::string, std::string>;

using goe::testing::settings_of;

// The variables the pipeline writes for `block_yaml` under `telemetry:` in `env`.
Vars exports_of(const std::string& block_yaml, const Environment& env) {
    Vars out;
    for (const auto& e : goe::testing::outcome_of("telemetry:\n" + block_yaml, env).translation.exports)
        out[e.name] = e.value;
    return out;
}

const Vars kDefaults = goe::testing::default_exports();

// The export of that name; the test stops when there is none.
const Export& export_named(const Translation& t, std::string_view name) {
    auto it = std::find_if(t.exports.begin(), t.exports.end(), [&](const Export& e) { return e.name == name; });
    INFO("no export named " << name);
    REQUIRE(it != t.exports.end());
    return *it;
}

Vars with(Vars base, const Vars& changes, std::initializer_list<const char*> removed = {}) {
    for (const auto& [k, v] : changes) base[k] = v;
    for (const char* k : removed) base.erase(k);
    return base;
}

}  // namespace

TEST_CASE("translate exports nothing when telemetry ends up disabled") {
    CHECK(exports_of("  enabled: false\n", {}).empty());
    CHECK(exports_of("  service_name: x\n", {}).empty());
    CHECK(exports_of("  enabled: true\n", {{"NEMO_GYM_OTEL_ENABLED", "0"}}).empty());
    CHECK(exports_of("  enabled: true\n", {{"NEMO_LENS_ENABLED", "off"}}).empty());
    CHECK(exports_of("  enabled: true\n", {{"NEMO_GYM_OTEL_ENABLED", "maybe"}}).empty());
    // The Gym variable is looked at first, even when the lens one says yes.
    CHECK(exports_of("  enabled: true\n", {{"NEMO_GYM_OTEL_ENABLED", "no"}, {"NEMO_LENS_ENABLED", "1"}}).empty());
}

TEST_CASE("translate lets the environment enable telemetry") {
    CHECK(exports_of("  enabled: false\n", {{"NEMO_GYM_OTEL_ENABLED", " TRUE "}}) ==
          with(kDefaults, {}, {"NEMO_GYM_OTEL_ENABLED"}));
    CHECK(exports_of("  enabled: false\n", {{"NEMO_LENS_ENABLED", "yes"}}) == kDefaults);
    // Blank counts as unset: the config decides, and the blank variable is replaced.
    CHECK(exports_of("  enabled: true\n", {{"NEMO_GYM_OTEL_ENABLED", "  "}}) == kDefaults);
    CHECK(exports_of("  enabled: false\n", {{"NEMO_GYM_OTEL_ENABLED", ""}}).empty());
}

TEST_CASE("translate writes every field of a full block") {
    std::string block =
        "  enabled: true\n  span_groups: all\n  export_strategy: single_rank\n  export_rank: 3\n"
        "  traces_enabled: false\n  metrics_enabled: no\n  logs_enabled: on\n  exporter: console\n"
        "  run_id: r-1\n  service_name_per_server: false\n  instrument_aiohttp: 0\n"
        "  otlp_endpoint: http://c:4318\n  otlp_protocol: http/json\n  otlp_headers: a=b,c=d\n  service_name: svc\n";
    CHECK(exports_of(block, {}) == Vars{
                                       {"NEMO_GYM_OTEL_ENABLED", "1"},
                                       {"NEMO_GYM_OTEL_SPAN_GROUPS", "all"},
                                       {"NEMO_GYM_OTEL_EXPORT_STRATEGY", "single_rank"},
                                       {"NEMO_GYM_OTEL_EXPORT_RANK", "3"},
                                       {"NEMO_GYM_OTEL_TRACES_ENABLED", "0"},
                                       {"NEMO_GYM_OTEL_METRICS_ENABLED", "0"},
                                       {"NEMO_GYM_OTEL_LOGS_ENABLED", "1"},
                                       {"NEMO_GYM_OTEL_EXPORTER", "console"},
                                       {"NEMO_GYM_OTEL_RUN_ID", "r-1"},
                                       {"NEMO_GYM_OTEL_SERVICE_NAME_PER_SERVER", "0"},
                                       {"NEMO_GYM_OTEL_INSTRUMENT_AIOHTTP", "0"},
                                       {"OTEL_EXPORTER_OTLP_ENDPOINT", "http://c:4318"},
                                       {"OTEL_EXPORTER_OTLP_PROTOCOL", "http/json"},
                                       {"OTEL_EXPORTER_OTLP_HEADERS", "a=b,c=d"},
                                       {"OTEL_SERVICE_NAME", "svc"},
                                   });
}

TEST_CASE("translate never overwrites a set variable, and treats blank as unset") {
    Environment env{{"NEMO_GYM_OTEL_EXPORTER", "console"},
                    {"OTEL_SERVICE_NAME", "mine"},
                    {"OTEL_EXPORTER_OTLP_ENDPOINT", "http://env:4318"},
                    {"NEMO_GYM_OTEL_SPAN_GROUPS", " "},
                    {"OTEL_EXPORTER_OTLP_PROTOCOL", ""}};
    CHECK(exports_of("  enabled: true\n  otlp_endpoint: http://cfg\n  otlp_protocol: grpc\n", env) ==
          with(kDefaults, {{"OTEL_EXPORTER_OTLP_PROTOCOL", "grpc"}}, {"NEMO_GYM_OTEL_EXPORTER", "OTEL_SERVICE_NAME"}));
}

TEST_CASE("translate carries a set NEMO_LENS_ variable to its NEMO_GYM_OTEL_ name") {
    Environment env{{"NEMO_LENS_EXPORTER", "console"},    {"NEMO_LENS_EXPORT_RANK", " 7"},
                    {"NEMO_LENS_SPAN_GROUPS", ""},        {"NEMO_GYM_OTEL_TRACES_ENABLED", "false"},
                    {"NEMO_LENS_TRACES_ENABLED", "true"}, {"NEMO_LENS_RUN_ID", "lens-run"}};
    CHECK(exports_of("  enabled: true\n  exporter: otlp\n  span_groups: all\n", env) ==
          with(kDefaults,
               {{"NEMO_GYM_OTEL_EXPORTER", "console"},
                {"NEMO_GYM_OTEL_EXPORT_RANK", " 7"},
                {"NEMO_GYM_OTEL_SPAN_GROUPS", "all"},
                {"NEMO_GYM_OTEL_RUN_ID", "lens-run"}},
               {"NEMO_GYM_OTEL_TRACES_ENABLED"}));
}

TEST_CASE("translate takes the run id from the config, then SLURM_JOB_ID, then the random source") {
    CHECK(exports_of("  enabled: true\n  run_id: cfg\n", {{"SLURM_JOB_ID", "9"}})["NEMO_GYM_OTEL_RUN_ID"] == "cfg");
    CHECK(exports_of("  enabled: true\n", {{"SLURM_JOB_ID", " 123 \n"}})["NEMO_GYM_OTEL_RUN_ID"] == "123");
    CHECK(exports_of("  enabled: true\n  run_id: '  '\n", {{"SLURM_JOB_ID", "77"}})["NEMO_GYM_OTEL_RUN_ID"] == "77");
    CHECK(exports_of("  enabled: true\n  run_id: null\n", {{"SLURM_JOB_ID", " "}})["NEMO_GYM_OTEL_RUN_ID"] ==
          "0123456789ab");
    CHECK(exports_of("  enabled: true\n", {{"NEMO_GYM_OTEL_RUN_ID", "kept"}, {"SLURM_JOB_ID", "1"}})
              .count("NEMO_GYM_OTEL_RUN_ID") == 0);
}

TEST_CASE("translate skips nulls and an empty service name, but exports other empty strings") {
    Vars v = exports_of(
        "  enabled: true\n  service_name: ''\n  otlp_endpoint: ''\n  otlp_headers: null\n  span_groups: ''\n", {});
    CHECK(v == with(kDefaults, {{"OTEL_EXPORTER_OTLP_ENDPOINT", ""}, {"NEMO_GYM_OTEL_SPAN_GROUPS", ""}},
                    {"OTEL_SERVICE_NAME"}));
}

TEST_CASE("translate records where each value came from") {
    Settings s = settings_of("telemetry:\n  enabled: true\n  exporter: console\n");
    Translation t = translate(s, {{"OTEL_SERVICE_NAME", "env"}, {"NEMO_LENS_SPAN_GROUPS", "all"}},
                              [] { return std::string("0123456789ab"); });
    CHECK(t.decided_by == "telemetry.enabled");
    REQUIRE(t.kept.size() == 1);
    CHECK(t.kept[0].name == "OTEL_SERVICE_NAME");
    const Export& exporter = export_named(t, "NEMO_GYM_OTEL_EXPORTER");
    CHECK(exporter.source == Export::Source::config);
    CHECK(exporter.origin.str() == "c.yaml:3:13");
    CHECK(export_named(t, "NEMO_GYM_OTEL_SPAN_GROUPS").from == "NEMO_LENS_SPAN_GROUPS");
    CHECK(export_named(t, "NEMO_GYM_OTEL_EXPORT_RANK").source == Export::Source::default_value);
    CHECK(export_named(t, "NEMO_GYM_OTEL_RUN_ID").source == Export::Source::generated);
}

TEST_CASE("translate: a kept variable is an export of its own source, with the value in effect") {
    Settings s = settings_of("telemetry: {enabled: true, otlp_headers: 'a=b', service_name: s}\n");
    Translation t = translate(s,
                              {{"NEMO_GYM_OTEL_ENABLED", "yes"},
                               {"OTEL_SERVICE_NAME", "from-shell"},
                               {"OTEL_EXPORTER_OTLP_ENDPOINT", "https://u:pa55@c:4318/"}},
                              [] { return std::string("0123456789ab"); });
    std::vector<std::string> kept;
    for (const auto& e : t.kept) {
        CHECK(e.source == Export::Source::kept);
        kept.push_back(e.name + "=" + e.value + (e.secret ? " (secret)" : ""));
    }
    CHECK(kept == std::vector<std::string>{"NEMO_GYM_OTEL_ENABLED=yes",
                                           "OTEL_EXPORTER_OTLP_ENDPOINT=https://u:pa55@c:4318/ (secret)",
                                           "OTEL_SERVICE_NAME=from-shell"});
    CHECK(export_named(t, "OTEL_EXPORTER_OTLP_HEADERS").secret);
    CHECK_FALSE(export_named(t, "NEMO_GYM_OTEL_EXPORTER").secret);
}

TEST_CASE("with_kept: every variable in effect in stdout's order, a kept one at its field's place") {
    Settings s = settings_of("telemetry: {enabled: true}\n");
    auto names = [&](const Environment& env) {
        std::vector<std::string> out;
        for (const auto& e : with_kept(translate(s, env, [] { return std::string("0123456789ab"); })))
            out.push_back((e.source == Export::Source::kept ? "~" : "") + e.name);
        return out;
    };
    // A generated run id stays last; kept variables take their schema places.
    CHECK(names({{"NEMO_GYM_OTEL_SPAN_GROUPS", "all"}, {"OTEL_SERVICE_NAME", "x"}}) ==
          std::vector<std::string>{
              "NEMO_GYM_OTEL_ENABLED", "~NEMO_GYM_OTEL_SPAN_GROUPS", "NEMO_GYM_OTEL_EXPORT_STRATEGY",
              "NEMO_GYM_OTEL_EXPORT_RANK", "NEMO_GYM_OTEL_TRACES_ENABLED", "NEMO_GYM_OTEL_METRICS_ENABLED",
              "NEMO_GYM_OTEL_LOGS_ENABLED", "NEMO_GYM_OTEL_EXPORTER", "NEMO_GYM_OTEL_SERVICE_NAME_PER_SERVER",
              "NEMO_GYM_OTEL_INSTRUMENT_AIOHTTP", "~OTEL_SERVICE_NAME", "NEMO_GYM_OTEL_RUN_ID"});
    // A kept run id and enablement stay at theirs.
    auto kept_run = names({{"NEMO_GYM_OTEL_RUN_ID", "abc123"}, {"NEMO_GYM_OTEL_ENABLED", "1"}});
    CHECK(kept_run.front() == "~NEMO_GYM_OTEL_ENABLED");
    CHECK(std::find(kept_run.begin(), kept_run.end(), "~NEMO_GYM_OTEL_RUN_ID") - kept_run.begin() == 8);
    CHECK(kept_run.back() == "OTEL_SERVICE_NAME");
}

TEST_CASE("translate: the switch that turned telemetry off is kept, so that a format read elsewhere carries it") {
    auto kept_of = [](const std::string& yaml, const Environment& env) {
        std::vector<std::string> out;
        Translation t = translate(settings_of(yaml), env, [] { return std::string("0123456789ab"); });
        CHECK_FALSE(t.enabled);
        CHECK(t.exports.empty());
        for (const auto& e : t.kept) out.push_back(e.name + "=" + e.value);
        return out;
    };
    CHECK(kept_of("telemetry: {enabled: true}\n", {{"NEMO_GYM_OTEL_ENABLED", "0"}}) ==
          std::vector<std::string>{"NEMO_GYM_OTEL_ENABLED=0"});
    // nemo-lens' switch travels as Gym's, which everything where it lands reads first.
    CHECK(kept_of("telemetry: {enabled: true}\n", {{"NEMO_LENS_ENABLED", "off"}}) ==
          std::vector<std::string>{"NEMO_GYM_OTEL_ENABLED=0"});
    // The config's own off is the config's: nothing of the environment to carry.
    CHECK(kept_of("telemetry: {enabled: false}\n", {{"OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "http://t:4318"}}).empty());
}

TEST_CASE("translate: a per-signal OTLP variable the exporters read first is kept, a header a secret") {
    Settings s = settings_of("telemetry: {enabled: true, otlp_endpoint: 'http://c:4318'}\n");
    Translation t = translate(s,
                              {{"OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "http://t:4318"},
                               {"OTEL_EXPORTER_OTLP_LOGS_HEADERS", "k=v"},
                               {"OTEL_EXPORTER_OTLP_METRICS_PROTOCOL", " "},
                               {"OTEL_EXPORTER_OTLP_TRACES_TIMEOUT", "5"}},
                              [] { return std::string("0123456789ab"); });
    std::vector<std::string> kept;
    for (const auto& e : t.kept) kept.push_back(e.name + "=" + e.value + (e.secret ? " (secret)" : ""));
    CHECK(kept == std::vector<std::string>{"OTEL_EXPORTER_OTLP_TRACES_ENDPOINT=http://t:4318",
                                           "OTEL_EXPORTER_OTLP_LOGS_HEADERS=k=v (secret)"});
    // After the block's variables, before a run id that nothing gave.
    auto all = with_kept(t);
    REQUIRE(all.size() >= 3);
    CHECK(all[all.size() - 3].name == "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT");
    CHECK(all[all.size() - 2].name == "OTEL_EXPORTER_OTLP_LOGS_HEADERS");
    CHECK(all.back().name == "NEMO_GYM_OTEL_RUN_ID");
}

TEST_CASE("translate: the run id this tool's earlier output made up stays the run's while no config or job gives one") {
    auto run_id = [](const std::string& yaml, const Environment& env) {
        Translation t = translate(
            settings_of(yaml), env, [] { return std::string("0123456789ab"); }, "earlier0001");
        const Export& e = export_named(t, "NEMO_GYM_OTEL_RUN_ID");
        return e.value + (e.source == Export::Source::earlier ? " (earlier)" : "");
    };
    CHECK(run_id("telemetry: {enabled: true}\n", {}) == "earlier0001 (earlier)");
    // A job submitted from that shell is a run of its own: one run id per job.
    CHECK(run_id("telemetry: {enabled: true}\n", {{"SLURM_JOB_ID", "42"}}) == "42");
    CHECK(run_id("telemetry: {enabled: true, run_id: cfg}\n", {}) == "cfg");
    CHECK(run_id("telemetry: {enabled: true}\n", {{"NEMO_LENS_RUN_ID", "lens"}}) == "lens");
}
