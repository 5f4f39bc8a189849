#include <catch2/catch.hpp>

#include "gym_otel_env/pipeline.hpp"
#include "gym_otel_env/telemetry/explain.hpp"
#include "support.hpp"

namespace {

struct Run {
    goe::Environment env;
    goe::Outcome outcome;
};

Run run(std::map<std::string, std::string> files, goe::Environment env = {}, std::vector<std::string> sets = {}) {
    goe::testing::MemoryFileSystem fs;
    fs.files = std::move(files);
    goe::LoadRequest request;
    for (const auto& [name, text] : fs.files)
        if (name != "env.yaml") request.configs.push_back(name);
    request.sets = sets;
    auto outcome = goe::run_pipeline(request, env, fs, [] { return std::string("0123456789ab"); });
    return Run{std::move(env), std::move(outcome)};
}

std::string explained(const Run& r) { return goe::explain(r.outcome, r.env); }
std::string brief(const Run& r) { return goe::explain_short(r.outcome, r.env); }

const std::string kConfig =
    "telemetry:\n"
    "  enabled: true\n"
    "  exporter: console\n"
    "  otlp_headers: api-key=s3cr3t,tenant=t1\n"
    "  service_name: ''\n";

}  // namespace

TEST_CASE("explain: one row per variable, with the file:line:col and key of each config value") {
    auto r = run({{"c.yaml", kConfig}, {"env.yaml", "telemetry:\n  span_groups: rollout\n"}},
                 {{"OTEL_EXPORTER_OTLP_ENDPOINT", "http://collector:4318"},
                  {"NEMO_LENS_EXPORT_RANK", "3"},
                  {"SLURM_JOB_ID", "777"}},
                 {"telemetry.logs_enabled=true"});
    CHECK(explained(r) ==
          "gym-otel-env: explain: read c.yaml, env.yaml\n"
          "gym-otel-env: explain: telemetry on: telemetry.enabled is true (c.yaml:2:12)\n"
          "  NEMO_GYM_OTEL_ENABLED=1                            c.yaml:2:12 telemetry.enabled\n"
          "  NEMO_GYM_OTEL_SPAN_GROUPS=rollout                  env.yaml:2:16 telemetry.span_groups\n"
          "  NEMO_GYM_OTEL_EXPORT_STRATEGY=all_ranks            default\n"
          "  NEMO_GYM_OTEL_EXPORT_RANK=3                        carried from NEMO_LENS_EXPORT_RANK in the environment\n"
          "  NEMO_GYM_OTEL_TRACES_ENABLED=1                     default\n"
          "  NEMO_GYM_OTEL_METRICS_ENABLED=1                    default\n"
          "  NEMO_GYM_OTEL_LOGS_ENABLED=1                       --set telemetry.logs_enabled\n"
          "  NEMO_GYM_OTEL_EXPORTER=console                     c.yaml:3:13 telemetry.exporter\n"
          "  NEMO_GYM_OTEL_SERVICE_NAME_PER_SERVER=1            default\n"
          "  NEMO_GYM_OTEL_INSTRUMENT_AIOHTTP=1                 default\n"
          "  OTEL_EXPORTER_OTLP_ENDPOINT=http://collector:4318  set in the environment: kept, not written\n"
          "  OTEL_EXPORTER_OTLP_PROTOCOL                        not exported: null by default\n"
          "  OTEL_EXPORTER_OTLP_HEADERS=api-key=***,tenant=***  c.yaml:4:17 telemetry.otlp_headers\n"
          "  OTEL_SERVICE_NAME                                  not exported: empty at c.yaml:5:17 "
          "telemetry.service_name\n"
          "  NEMO_GYM_OTEL_RUN_ID=777                           from SLURM_JOB_ID\n");
    CHECK(brief(r) ==
          "gym-otel-env: +NEMO_GYM_OTEL_ENABLED +NEMO_GYM_OTEL_SPAN_GROUPS +NEMO_GYM_OTEL_EXPORT_STRATEGY "
          "+NEMO_GYM_OTEL_EXPORT_RANK +NEMO_GYM_OTEL_TRACES_ENABLED +NEMO_GYM_OTEL_METRICS_ENABLED "
          "+NEMO_GYM_OTEL_LOGS_ENABLED +NEMO_GYM_OTEL_EXPORTER "
          "+NEMO_GYM_OTEL_SERVICE_NAME_PER_SERVER +NEMO_GYM_OTEL_INSTRUMENT_AIOHTTP ~OTEL_EXPORTER_OTLP_ENDPOINT "
          "+OTEL_EXPORTER_OTLP_HEADERS +NEMO_GYM_OTEL_RUN_ID\n");
}

TEST_CASE("explain never shows a header value, from the config or the environment") {
    auto r = run({{"c.yaml", kConfig}}, {{"OTEL_EXPORTER_OTLP_HEADERS", "Authorization=Bearer s3cr3t"}});
    CHECK(explained(r).find("s3cr3t") == std::string::npos);
    CHECK(explained(r).find("  OTEL_EXPORTER_OTLP_HEADERS=Authorization=***  ") != std::string::npos);
}

TEST_CASE("explain: where each signal goes once a per-signal variable is set, headers masked") {
    const std::string config =
        "telemetry:\n"
        "  enabled: true\n"
        "  otlp_endpoint: http://c:4317\n"
        "  otlp_headers: api-key=s3cr3t\n";
    auto r = run({{"c.yaml", config}}, {{"OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "http://other:4318/v1/traces"},
                                        {"OTEL_EXPORTER_OTLP_METRICS_HEADERS", "x=h1dden"},
                                        {"OTEL_EXPORTER_OTLP_PROTOCOL", "grpc"}});
    std::string text = explained(r);
    auto at = text.find("gym-otel-env: explain: per signal");
    REQUIRE(at != std::string::npos);
    CHECK(text.substr(at) ==
          "gym-otel-env: explain: per signal (an OTEL_EXPORTER_OTLP_<SIGNAL>_* variable in the environment wins "
          "over the generic one, for its signal):\n"
          "  traces endpoint   http://other:4318/v1/traces  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT in the environment\n"
          "  traces protocol   grpc                         OTEL_EXPORTER_OTLP_PROTOCOL, set in the environment\n"
          "  traces headers    api-key=***                  OTEL_EXPORTER_OTLP_HEADERS, c.yaml:4:17 "
          "telemetry.otlp_headers\n"
          "  metrics endpoint  http://c:4317                OTEL_EXPORTER_OTLP_ENDPOINT, c.yaml:3:18 "
          "telemetry.otlp_endpoint\n"
          "  metrics protocol  grpc                         OTEL_EXPORTER_OTLP_PROTOCOL, set in the environment\n"
          "  metrics headers   x=***                        OTEL_EXPORTER_OTLP_METRICS_HEADERS in the environment\n"
          "  logs endpoint     http://c:4317                OTEL_EXPORTER_OTLP_ENDPOINT, c.yaml:3:18 "
          "telemetry.otlp_endpoint\n"
          "  logs protocol     grpc                         OTEL_EXPORTER_OTLP_PROTOCOL, set in the environment\n"
          "  logs headers      api-key=***                  OTEL_EXPORTER_OTLP_HEADERS, c.yaml:4:17 "
          "telemetry.otlp_headers\n");
    CHECK(text.find("h1dden") == std::string::npos);
    CHECK(text.find("s3cr3t") == std::string::npos);
    // Without one, no such table; a protocol nobody sets is nemo-lens' default.
    CHECK(explained(run({{"c.yaml", config}})).find("per signal") == std::string::npos);
    auto bare =
        explained(run({{"c.yaml", "telemetry: {enabled: true}\n"}}, {{"OTEL_EXPORTER_OTLP_LOGS_PROTOCOL", "grpc"}}));
    CHECK(bare.find("  traces protocol   -     not set: grpc, nemo-lens' default\n") != std::string::npos);
    CHECK(bare.find("  traces endpoint   -     not set: the SDK's default\n") != std::string::npos);
}

// A password or key in an endpoint's userinfo or query is shown as the lint shows it.
TEST_CASE("explain never shows an endpoint's userinfo or query, from the config or the environment") {
    auto r = run({{"c.yaml", "telemetry:\n  enabled: true\n  otlp_endpoint: https://u:pa55@c:4317/x?key=q1\n"}},
                 {{"OTEL_EXPORTER_OTLP_LOGS_ENDPOINT", "https://v:w0rd@l:4318/v1/logs?k=q2"}});
    std::string text = explained(r);
    CHECK(text.find("  OTEL_EXPORTER_OTLP_ENDPOINT=https://***@c:4317/x?***  c.yaml:3:18 telemetry.otlp_endpoint\n") !=
          std::string::npos);
    CHECK(text.find("  logs endpoint     https://***@l:4318/v1/logs?***  OTEL_EXPORTER_OTLP_LOGS_ENDPOINT in the "
                    "environment\n") != std::string::npos);
    for (std::string_view secret : {"pa55", "q1", "w0rd", "q2"}) CHECK(text.find(secret) == std::string::npos);
}

TEST_CASE("explain: enabled from the environment, a generated run id, an odd value quoted") {
    auto r = run({{"c.yaml", "telemetry:\n  run_id: ' '\n  span_groups: \"a\\nb\"\n"}},
                 {{"NEMO_LENS_ENABLED", "yes"}, {"NEMO_GYM_OTEL_TRACES_ENABLED", "0"}});
    auto text = explained(r);
    CHECK(text.find("gym-otel-env: explain: telemetry on: NEMO_LENS_ENABLED=yes in the environment\n") !=
          std::string::npos);
    CHECK(text.find("  NEMO_GYM_OTEL_ENABLED=1                  NEMO_LENS_ENABLED is on in the environment\n") !=
          std::string::npos);
    CHECK(text.find("  NEMO_GYM_OTEL_SPAN_GROUPS='a\\nb'         c.yaml:3:16 telemetry.span_groups\n") !=
          std::string::npos);
    CHECK(text.find("  NEMO_GYM_OTEL_TRACES_ENABLED=0           set in the environment: kept, not written\n") !=
          std::string::npos);
    CHECK(text.find("  NEMO_GYM_OTEL_RUN_ID=0123456789ab        generated (random)\n") != std::string::npos);
}

TEST_CASE("explain says what switched telemetry off") {
    CHECK(explained(run({{"c.yaml", "telemetry:\n  enabled: false\n"}})) ==
          "gym-otel-env: explain: read c.yaml\n"
          "gym-otel-env: explain: telemetry off, nothing exported: telemetry.enabled is false (c.yaml:2:12)\n");
    CHECK(explained(run({{"c.yaml", "telemetry:\n  enabled: true\n"}}, {{"NEMO_GYM_OTEL_ENABLED", "0"}})) ==
          "gym-otel-env: explain: read c.yaml\n"
          "gym-otel-env: explain: telemetry off, nothing exported: NEMO_GYM_OTEL_ENABLED=0 in the environment\n");
    CHECK(brief(run({{"c.yaml", "telemetry:\n  service_name: x\n"}})) ==
          "gym-otel-env: telemetry off: telemetry.enabled is not set (default false); set but not exported: "
          "service_name\n");
    CHECK(explained(run({{"c.yaml", "telemetry:\n  service_name: x\n  exporter: console\n"}})) ==
          "gym-otel-env: explain: read c.yaml\n"
          "gym-otel-env: explain: telemetry off, nothing exported: telemetry.enabled is not set (default false)\n"
          "gym-otel-env: explain: set but not exported while telemetry is off: exporter, service_name\n");
    CHECK(brief(run({{"c.yaml", "telemetry:\n  enabled: false\n"}})) ==
          "gym-otel-env: telemetry off: telemetry.enabled is false (c.yaml:2:12)\n");
    CHECK(brief(run({{"c.yaml", "x: 1\n"}})) == "gym-otel-env: telemetry off: no telemetry block\n");
    CHECK(brief(run({{"c.yaml", "telemetry: null\n"}})) ==
          "gym-otel-env: telemetry off: the telemetry block is empty (c.yaml:1:12)\n");
    CHECK(explained(run({})) ==
          "gym-otel-env: explain: no config file read\n"
          "gym-otel-env: explain: telemetry off, nothing exported: no telemetry block\n");
}

TEST_CASE("explain lists a run id from Slurm or generated last, where stdout puts it") {
    auto last_row = [](const std::string& text) {
        auto end = text.rfind('\n');
        return text.substr(text.rfind('\n', end - 1) + 1, end - text.rfind('\n', end - 1) - 1);
    };
    auto slurm = explained(run({{"c.yaml", "telemetry:\n  enabled: true\n"}}, {{"SLURM_JOB_ID", "42"}}));
    CHECK(last_row(slurm) == "  NEMO_GYM_OTEL_RUN_ID=42                  from SLURM_JOB_ID");
    CHECK(last_row(explained(run({{"c.yaml", "telemetry:\n  enabled: true\n"}}))) ==
          "  NEMO_GYM_OTEL_RUN_ID=0123456789ab        generated (random)");
    // A configured run id is exported in schema order, so it stays there.
    auto configured = explained(run({{"c.yaml", "telemetry:\n  enabled: true\n  run_id: r1\n"}}));
    CHECK(last_row(configured) == "  OTEL_SERVICE_NAME=nemo-gym               default");
    CHECK(brief(run({{"c.yaml", "telemetry:\n  enabled: true\n"}}, {{"SLURM_JOB_ID", "42"}}))
              .ends_with("+OTEL_SERVICE_NAME +NEMO_GYM_OTEL_RUN_ID\n"));
}

TEST_CASE("explain says whether a kept variable is written: left out of what is evaluated here, carried elsewhere") {
    auto r = run({{"c.yaml", "telemetry:\n  enabled: true\n"}},
                 {{"OTEL_SERVICE_NAME", "from-shell"}, {"OTEL_EXPORTER_OTLP_HEADERS", "k=s3cr3t"}});
    const std::vector<std::string> written{"OTEL_EXPORTER_OTLP_HEADERS", "OTEL_SERVICE_NAME"};
    std::string here = goe::explain(r.outcome, r.env, {});
    std::string elsewhere = goe::explain(r.outcome, r.env, written);
    CHECK(here.find("  OTEL_SERVICE_NAME=from-shell             set in the environment: kept, not written\n") !=
          std::string::npos);
    CHECK(elsewhere.find("  OTEL_SERVICE_NAME=from-shell             set in the environment: kept, written with its "
                         "value\n") != std::string::npos);
    CHECK(elsewhere.find("  OTEL_EXPORTER_OTLP_HEADERS=k=***         set in the environment: kept, written with its "
                         "value\n") != std::string::npos);
    CHECK(elsewhere.find("s3cr3t") == std::string::npos);
    CHECK(goe::explain_short(r.outcome, r.env, {}).find(" ~OTEL_EXPORTER_OTLP_HEADERS ~OTEL_SERVICE_NAME ") !=
          std::string::npos);
    CHECK(goe::explain_short(r.outcome, r.env, written).find(" =OTEL_EXPORTER_OTLP_HEADERS =OTEL_SERVICE_NAME ") !=
          std::string::npos);
}

TEST_CASE("explain tells a kept variable the output writes from one it leaves out, row by row") {
    auto r = run({{"c.yaml", "telemetry:\n  enabled: true\n"}},
                 {{"OTEL_SERVICE_NAME", "from-shell"}, {"OTEL_EXPORTER_OTLP_HEADERS", "k=s3cr3t"}});
    // What --format gitlab writes: the kept secret is left to GitLab's masked variable.
    std::string text = goe::explain(r.outcome, r.env, {"OTEL_SERVICE_NAME"});
    CHECK(text.find("  OTEL_EXPORTER_OTLP_HEADERS=k=***         set in the environment: kept, not written\n") !=
          std::string::npos);
    CHECK(text.find("  OTEL_SERVICE_NAME=from-shell             set in the environment: kept, written with its "
                    "value\n") != std::string::npos);
    CHECK(goe::explain_short(r.outcome, r.env, {"OTEL_SERVICE_NAME"})
              .find(" ~OTEL_EXPORTER_OTLP_HEADERS =OTEL_SERVICE_NAME ") != std::string::npos);
}

// --explain says why the command gave no config, not only that the block is missing.
TEST_CASE("explain: why no config file was read from the command under --exec") {
    goe::testing::MemoryFileSystem fs;
    goe::LoadRequest request;
    request.reading.exec = true;
    request.reading.launch = goe::launched({"nohup", "python", "train.py", "--config", "m.toml"}, {});
    Run r{{}, goe::run_pipeline(request, {}, fs, [] { return std::string("0123456789ab"); })};
    const std::string why =
        "python is not Gym's command (gym, ng, ng_*, python -m nemo_gym.cli.main), so its arguments are not read";
    CHECK(explained(r) == "gym-otel-env: explain: no config file read: " + why +
                              "\ngym-otel-env: explain: telemetry off, nothing exported: no telemetry block\n");
    CHECK(brief(r) == "gym-otel-env: telemetry off: no telemetry block; no config file read: " + why + "\n");
    // Gym's own command line, read, that named no file: nothing more to say but which Gym
    // command line was read.
    request.reading.gym = true;
    request.reading.program = "gym";
    Run gym{{}, goe::run_pipeline(request, {}, fs, [] { return std::string("0123456789ab"); })};
    CHECK(explained(gym) ==
          "gym-otel-env: explain: no config file read\n"
          "gym-otel-env: explain: gym's command line read as Gym 2e5014086a's command line (the default: no Gym "
          "install root found)\n"
          "gym-otel-env: explain: telemetry off, nothing exported: no telemetry block\n");
    CHECK(brief(gym) == "gym-otel-env: telemetry off: no telemetry block\n");
}
