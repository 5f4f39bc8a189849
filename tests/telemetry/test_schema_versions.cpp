// The schema versions (SPEC 8): how each is chosen, what each accepts, and the variables
// each writes, as that Gym's config.py and setup.py do. Expected values were worked out
// from Gym's code at each commit (the precedence, the write order) and Python's
// str(float) and pydantic-core's float parsing, not from this tool.
#include <catch2/catch.hpp>

#include <string>
#include <utility>
#include <vector>

#include "gym_otel_env/telemetry/diagnose.hpp"
#include "gym_otel_env/telemetry/schema_versions.hpp"
#include "support.hpp"

using namespace goe;
using goe::testing::PipelineRun;
using Pairs = std::vector<std::pair<std::string, std::string>>;
using Lines = std::vector<std::string>;

namespace {

const Schema& named(std::string_view name) { return *find_schema(name); }

Outcome run(std::string_view schema, const std::string& yaml, Environment env = {}) {
    PipelineRun r(testing::Files{{"c.yaml", yaml}}, std::move(env));
    r.schema = SchemaInForce{&named(schema), "--gym-version", std::nullopt};
    return r();
}

Pairs exports_of(const Outcome& o) {
    Pairs out;
    for (const auto& e : o.translation.exports) out.emplace_back(e.name, e.value);
    return out;
}

// The errors and warnings as the report words them, without the prefix.
Lines findings(const Outcome& o, const Environment& env = {}) {
    Lines out;
    std::string text = report(o, env, {}).text;
    for (size_t at = 0; at < text.size();) {
        size_t end = text.find('\n', at);
        std::string line = text.substr(at, end - at);
        out.push_back(line.substr(line.find(": ") + 2));
        at = end + 1;
    }
    return out;
}

// A config.py in the shape of Gym's: the field names are what is read.
constexpr std::string_view kMainConfigPy = R"(from pydantic import BaseModel, Field


class MemoryProfilingConfig(BaseModel):
    """Periodic sampling.

    enabled: not a field, a docstring line
    """

    enabled: bool = False
    interval_seconds: float = Field(default=1.0, gt=0)


class TelemetryConfig(BaseModel, extra="allow"):
    """OpenTelemetry configuration."""

    enabled: bool = False
    service_name: str = "nemo-gym"
    service_name_per_server: bool = True
    span_groups: str = "default"
    traces_enabled: bool = True
    metrics_enabled: bool = True
    memory_profiling: MemoryProfilingConfig = Field(default_factory=MemoryProfilingConfig)
    logs_enabled: bool = False
    exporter: str = "otlp"
    otlp_endpoint: Optional[str] = None
    otlp_protocol: Optional[str] = None
    otlp_headers: Optional[str] = None
    instrument_aiohttp: bool = True
    run_id: Optional[str] = None
)";

}  // namespace

TEST_CASE("find_schema: by name or a commit prefix of 7 or more hex digits") {
    CHECK(find_schema("seed") == &default_schema());
    CHECK(find_schema("27c821d975")->commit == "27c821d975210e4f5f1a6c830ec64ff4f3ea6b8c");
    CHECK(find_schema("2e50140") == find_schema("2e5014086a172aa34654e195e504df496e9c95f5"));
    CHECK(find_schema("2E5014086A") == find_schema("2e5014086a"));
    CHECK(find_schema("2e5014") == nullptr);  // too short to name a commit
    CHECK(find_schema("main") == nullptr);
    CHECK(schema_title(default_schema()) == "the seed schema");
    CHECK(schema_title(named("27c821d975")) == "Gym 27c821d975");
}

TEST_CASE("detect_schema: a config.py's field names, nested models as dotted paths, docstrings skipped") {
    CHECK(config_py_fields(kMainConfigPy) ==
          Lines{"enabled", "service_name", "service_name_per_server", "span_groups", "traces_enabled",
                "metrics_enabled", "memory_profiling.enabled", "memory_profiling.interval_seconds", "logs_enabled",
                "exporter", "otlp_endpoint", "otlp_protocol", "otlp_headers", "instrument_aiohttp", "run_id"});
    auto main = detect_schema(kMainConfigPy);
    REQUIRE(main);
    CHECK(main->schema == &named("27c821d975"));
    CHECK(main->exact());

    std::string more(kMainConfigPy);
    more += "    sample_rate: float = 1.0\n";
    more.replace(more.find("    logs_enabled: bool = False\n"), 30, "");
    auto changed = detect_schema(more);
    REQUIRE(changed);
    CHECK(changed->schema == &named("27c821d975"));
    CHECK(changed->unknown == Lines{"sample_rate"});
    CHECK(changed->missing == Lines{"logs_enabled"});

    CHECK_FALSE(detect_schema("class Other(BaseModel):\n    enabled: bool = False\n"));
    CHECK_FALSE(detect_schema(""));
}

TEST_CASE("Gym's main: the memory profiling block is always written, its float as Python's str() writes it") {
    CHECK(exports_of(run("27c821d975", "telemetry: {enabled: true, run_id: r}\n")) ==
          Pairs{{"NEMO_GYM_OTEL_ENABLED", "1"},
                {"NEMO_GYM_OTEL_SPAN_GROUPS", "default"},
                {"NEMO_GYM_OTEL_TRACES_ENABLED", "1"},
                {"NEMO_GYM_OTEL_METRICS_ENABLED", "1"},
                {"NEMO_GYM_OTEL_LOGS_ENABLED", "0"},
                {"NEMO_GYM_OTEL_EXPORTER", "otlp"},
                {"NEMO_GYM_OTEL_RUN_ID", "r"},
                {"NEMO_GYM_OTEL_SERVICE_NAME_PER_SERVER", "1"},
                {"NEMO_GYM_OTEL_INSTRUMENT_AIOHTTP", "1"},
                {"NEMO_GYM_OTEL_MEMORY_PROFILING_ENABLED", "0"},
                {"NEMO_GYM_OTEL_MEMORY_PROFILING_INTERVAL_SECONDS", "1.0"},
                {"OTEL_SERVICE_NAME", "nemo-gym"}});
    struct Row {
        std::string_view yaml, text;
    };
    for (const auto& r : {Row{"2", "2.0"}, Row{"'0.5'", "0.5"}, Row{"0.00001", "1e-05"}, Row{"'1e3'", "1000.0"},
                          Row{"1e3", "1000.0"}, Row{"12345678901234567890", "1.2345678901234567e+19"},
                          Row{".inf", "inf"}, Row{"' inf '", "inf"}, Row{"'Infinity'", "inf"}, Row{"true", "1.0"},
                          Row{"'1_000.5'", "1000.5"}, Row{"'+.5'", "0.5"}, Row{"'5.'", "5.0"}, Row{"0.0001", "0.0001"},
                          Row{"1e16", "1e+16"}, Row{"123456789012345.6", "123456789012345.6"}, Row{"'1e400'", "inf"}}) {
        INFO(r.yaml);
        auto o =
            run("27c821d975",
                fmt::format("telemetry:\n  enabled: true\n  memory_profiling:\n    interval_seconds: {}\n", r.yaml));
        REQUIRE(o.settings.errors.empty());
        CHECK(o.settings.find("memory_profiling.interval_seconds")->value == std::string(r.text));
    }
}

TEST_CASE("Gym's main: the memory profiling block refused where pydantic refuses it, at its key") {
    struct Row {
        std::string_view block, error;
    };
    for (const auto& r : {
             Row{"memory_profiling: null",
                 "c.yaml:3:21: telemetry.memory_profiling: expected a mapping of "
                 "memory_profiling settings, got null"},
             Row{"memory_profiling: 5",
                 "c.yaml:3:21: telemetry.memory_profiling: expected a mapping of "
                 "memory_profiling settings, got integer 5"},
             Row{"memory_profiling: {interval_seconds: 0}",
                 "c.yaml:3:40: telemetry.memory_profiling.interval_seconds: expected a number greater than 0, got "
                 "integer 0"},
             Row{"memory_profiling: {interval_seconds: -1}",
                 "c.yaml:3:40: telemetry.memory_profiling.interval_seconds: expected a number greater than 0, got "
                 "integer -1"},
             Row{"memory_profiling: {interval_seconds: .nan}",
                 "c.yaml:3:40: telemetry.memory_profiling.interval_seconds: expected a number greater than 0, got "
                 "float nan"},
             Row{"memory_profiling: {interval_seconds: '1e-400'}",
                 "c.yaml:3:40: telemetry.memory_profiling.interval_seconds: expected a number greater than 0, got "
                 "'1e-400'"},
             Row{"memory_profiling: {interval_seconds: 'abc'}",
                 "c.yaml:3:40: telemetry.memory_profiling.interval_seconds: expected a number, got 'abc'"},
             Row{"memory_profiling: {interval_seconds: '1__0'}",
                 "c.yaml:3:40: telemetry.memory_profiling.interval_seconds: expected a number, got '1__0'"},
             Row{"memory_profiling: {interval_seconds: ' 1_0'}",
                 "c.yaml:3:40: telemetry.memory_profiling.interval_seconds: expected a number, got ' 1_0'"},
             Row{"memory_profiling: {interval_seconds: '0x10'}",
                 "c.yaml:3:40: telemetry.memory_profiling.interval_seconds: expected a number, got '0x10'"},
             Row{"memory_profiling: {interval_seconds: null}",
                 "c.yaml:3:40: telemetry.memory_profiling.interval_seconds: expected a number, got null"},
             Row{"memory_profiling: {enabled: maybe}",
                 "c.yaml:3:31: telemetry.memory_profiling.enabled: expected a boolean, got 'maybe'"},
         }) {
        INFO(r.block);
        auto o = run("27c821d975", fmt::format("telemetry:\n  enabled: true\n  {}\n", r.block));
        CHECK(o.translation.exports.empty());
        CHECK(findings(o) == Lines{"error: " + std::string(r.error)});
    }
}

TEST_CASE("Gym's main: an unknown key inside the block is named and ignored, a field of another Gym said so") {
    auto o = run("27c821d975",
                 "telemetry:\n  enabled: true\n  export_rank: 2\n  memory_profiling:\n    enabeld: true\n    1: x\n");
    CHECK(o.settings.errors.empty());
    CHECK(
        findings(o) ==
        Lines{"warning: c.yaml:3:3: telemetry.export_rank: not a field of Gym 27c821d975, the telemetry schema in "
              "force, but "
              "of the seed schema and Gym 2e5014086a (--gym-version names the Gym that runs), ignored",
              "warning: c.yaml:5:5: telemetry.memory_profiling.enabeld: unknown key, ignored; did you mean 'enabled'?",
              "warning: c.yaml:6:5: telemetry.memory_profiling.1: unknown key, ignored"});
    CHECK(o.settings.find("memory_profiling.enabled")->value == "0");
}

TEST_CASE("Gym's main: a set NEMO_LENS_<KEY> leaves the Gym variable unwritten, and Gym's warning names the value") {
    Environment env{{"NEMO_LENS_EXPORTER", " console "},
                    {"NEMO_LENS_TRACES_ENABLED", "YES"},
                    {"NEMO_LENS_RUN_ID", "lens-run"},
                    {"NEMO_LENS_SPAN_GROUPS", "all"}};
    auto o = run("27c821d975",
                 "telemetry:\n  enabled: true\n  exporter: otlp\n  traces_enabled: true\n  logs_enabled: false\n"
                 "  span_groups: all\n",
                 env);
    CHECK(exports_of(o) == Pairs{{"NEMO_GYM_OTEL_ENABLED", "1"},
                                 {"NEMO_GYM_OTEL_METRICS_ENABLED", "1"},
                                 {"NEMO_GYM_OTEL_LOGS_ENABLED", "0"},
                                 {"NEMO_GYM_OTEL_SERVICE_NAME_PER_SERVER", "1"},
                                 {"NEMO_GYM_OTEL_INSTRUMENT_AIOHTTP", "1"},
                                 {"NEMO_GYM_OTEL_MEMORY_PROFILING_ENABLED", "0"},
                                 {"NEMO_GYM_OTEL_MEMORY_PROFILING_INTERVAL_SECONDS", "1.0"},
                                 {"OTEL_SERVICE_NAME", "nemo-gym"}});  // no run id is made: NEMO_LENS_RUN_ID is it
    Lines kept;
    for (const auto& k : o.translation.kept) kept.push_back(k.name);
    CHECK(kept == Lines{"NEMO_LENS_SPAN_GROUPS", "NEMO_LENS_TRACES_ENABLED", "NEMO_LENS_EXPORTER", "NEMO_LENS_RUN_ID"});
    // Only the value the config set that differs: traces agree by truth, span_groups by text.
    CHECK(findings(o, env) ==
          Lines{"warning: c.yaml:3:13: telemetry.exporter: 'otlp' from the config is ignored because "
                "NEMO_LENS_EXPORTER='console' is set"});
}

TEST_CASE("Gym's main: its warning also where the Gym variable is set, which wins; none for a null or unset value") {
    Environment env{{"NEMO_GYM_OTEL_EXPORTER", "otlp"}, {"NEMO_LENS_EXPORTER", "console"}, {"NEMO_LENS_RUN_ID", "x"}};
    auto o = run("27c821d975", "telemetry:\n  enabled: true\n  exporter: otlp\n  run_id: null\n", env);
    CHECK(findings(o, env) == Lines{"warning: c.yaml:3:13: telemetry.exporter: 'otlp' from the config is ignored "
                                    "because NEMO_LENS_EXPORTER='console' is set"});
    CHECK(findings(run("27c821d975", "telemetry:\n  enabled: true\n", env), env).empty());
}

TEST_CASE("the seed and the branch carry a set NEMO_LENS_<KEY> to the Gym variable; the branch writes no OTLP") {
    Environment env{{"NEMO_LENS_EXPORTER", "console"}, {"OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "http://t:4318"}};
    const std::string yaml = "telemetry:\n  enabled: true\n  run_id: r\n  otlp_endpoint: http://x:4318\n";
    auto seed = run("seed", yaml, env);
    auto branch = run("2e5014086a", yaml, env);
    CHECK(exports_of(branch) == Pairs{{"NEMO_GYM_OTEL_ENABLED", "1"},
                                      {"NEMO_GYM_OTEL_SPAN_GROUPS", "default"},
                                      {"NEMO_GYM_OTEL_EXPORT_STRATEGY", "all_ranks"},
                                      {"NEMO_GYM_OTEL_EXPORT_RANK", "-1"},
                                      {"NEMO_GYM_OTEL_TRACES_ENABLED", "1"},
                                      {"NEMO_GYM_OTEL_METRICS_ENABLED", "1"},
                                      {"NEMO_GYM_OTEL_LOGS_ENABLED", "0"},
                                      {"NEMO_GYM_OTEL_EXPORTER", "console"},
                                      {"NEMO_GYM_OTEL_RUN_ID", "r"},
                                      {"NEMO_GYM_OTEL_SERVICE_NAME_PER_SERVER", "1"},
                                      {"NEMO_GYM_OTEL_INSTRUMENT_AIOHTTP", "1"},
                                      {"OTEL_SERVICE_NAME", "nemo-gym"}});
    CHECK(branch.translation.kept.empty());  // no per-signal variable is the branch's to carry
    CHECK(findings(branch, env) ==
          Lines{"warning: c.yaml:4:3: telemetry.otlp_endpoint: not a field of Gym 2e5014086a, the telemetry schema in "
                "force, "
                "but of the seed schema and Gym 27c821d975 (--gym-version names the Gym that runs), ignored"});
    auto seed_exports = exports_of(seed);
    CHECK(std::count(seed_exports.begin(), seed_exports.end(),
                     std::pair<std::string, std::string>{"OTEL_EXPORTER_OTLP_ENDPOINT", "http://x:4318"}) == 1);
    CHECK(seed.translation.kept.size() == 1);
}

TEST_CASE("--explain names the schema in force and why, where it was chosen") {
    auto o = run("27c821d975", "telemetry: {enabled: true, run_id: r}\n");
    ReportOptions options;
    options.explain = ExplainForm::full;
    std::string text = report(o, {}, options).text;
    CHECK(text.find("gym-otel-env: explain: telemetry schema: Gym 27c821d975 (--gym-version)\n") != std::string::npos);
    auto seed = PipelineRun(testing::Files{{"c.yaml", "telemetry: {enabled: true, run_id: r}\n"}})();
    CHECK(report(seed, {}, options).text.find("telemetry schema") == std::string::npos);
}

TEST_CASE("an installed Gym whose fields no known version has: a warning naming them, the closest version used") {
    PipelineRun r(testing::Files{{"c.yaml", "telemetry: {enabled: true, run_id: r}\n"}});
    std::string text(kMainConfigPy);
    text += "    sample_rate: float = 1.0\n";
    auto detected = detect_schema(text);
    REQUIRE(detected);
    r.schema = SchemaInForce{detected->schema, "the fields of /gym/nemo_gym/telemetry/config.py", detected};
    auto o = r();
    CHECK(findings(o) ==
          Lines{"warning: the installed Gym's telemetry schema is no version this tool knows (fields no known Gym "
                "has: sample_rate): read as Gym 27c821d975's, the closest (the fields of "
                "/gym/nemo_gym/telemetry/config.py)"});
}
