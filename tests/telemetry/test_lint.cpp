#include <catch2/catch.hpp>

#include <map>
#include <regex>

#include "gym_otel_env/pipeline.hpp"
#include "gym_otel_env/telemetry/lint.hpp"
#include "gym_otel_env/telemetry/schema_versions.hpp"
#include "gym_otel_env/yaml/parse.hpp"
#include "support.hpp"

namespace {

using goe::testing::outcome_of;
using goe::testing::settings_of;

std::vector<std::string> lint_text(const std::string& yaml, const goe::Environment& env = {}) {
    std::vector<std::string> out;
    for (const auto& d : goe::lint(settings_of(yaml, env), env)) out.push_back(d.str());
    return out;
}

const goe::Field& field(std::string_view key) { return *goe::default_schema().find(key); }

using Lines = std::vector<std::string>;

}  // namespace

TEST_CASE("every schema's rules: every default follows its own rule") {
    for (const auto& schema : goe::known_schemas())
    for (const auto& f : schema.fields) {
        INFO(f.key);
        if (!f.null_default) CHECK(goe::check_rule(f, f.fallback).empty());
    }
}

TEST_CASE("every schema's rules: a rule with words has words, and only such a rule") {
    for (const auto& schema : goe::known_schemas())
    for (const auto& f : schema.fields) {
        INFO(f.key);
        bool wants_words = f.rule == goe::Rule::lens_bool || f.rule == goe::Rule::one_of || f.rule == goe::Rule::names;
        CHECK(wants_words == !f.words.empty());
        if (f.type == goe::FieldType::boolean) CHECK(f.rule == goe::Rule::lens_bool);
        if (f.type == goe::FieldType::integer) CHECK(f.rule == goe::Rule::lens_int);
    }
}

TEST_CASE("closest_word suggests a near word, not an unrelated short one") {
    CHECK(goe::default_schema().closest("exportr") == "exporter");
    CHECK(goe::default_schema().closest("servce_name") == "service_name");
    CHECK(goe::closest_word("otpl", goe::kExporters) == "otlp");
    CHECK(goe::closest_word("foo", goe::kSpanGroups).empty());
    CHECK(goe::default_schema().closest("colour").empty());
}

TEST_CASE("check_rule lens_bool: nemo-lens' words, any case, trimmed") {
    for (auto ok : {"1", "TRUE", " yes ", "On", "0", "false", "NO", "off\n"})
        CHECK(goe::check_rule(field("logs_enabled"), ok).empty());
    CHECK(goe::check_rule(field("logs_enabled"), "maybe") ==
          Lines{"'maybe' is not a boolean nemo-lens accepts (1, true, yes, on, 0, false, no, off)"});
    // pydantic takes 't' and 'y'; nemo-lens does not.
    CHECK(goe::check_rule(field("enabled"), "t").size() == 1);
}

TEST_CASE("check_rule lens_int: plain decimal only") {
    for (auto ok : {"0", "-1", "+3", " 12 "}) CHECK(goe::check_rule(field("export_rank"), ok).empty());
    CHECK(goe::check_rule(field("export_rank"), "2.0") ==
          Lines{"'2.0' is not a decimal integer (nemo-lens rejects it)"});
    CHECK(goe::check_rule(field("export_rank"), "1_000").size() == 1);
    CHECK(goe::check_rule(field("export_rank"), "").size() == 1);
}

TEST_CASE("check_rule one_of: exact words, with a did-you-mean") {
    CHECK(goe::check_rule(field("exporter"), "console").empty());
    CHECK(goe::check_rule(field("exporter"), "zipkin") ==
          Lines{"'zipkin' is not one of otlp, console (nemo-lens rejects it)"});
    CHECK(goe::check_rule(field("exporter"), "OTLP") ==
          Lines{"'OTLP' is not one of otlp, console (nemo-lens rejects it); did you mean 'otlp'?"});
    CHECK(goe::check_rule(field("export_strategy"), "first_rank_per_node").empty());
    CHECK(goe::check_rule(field("export_strategy"), "single") ==
          Lines{"'single' is not one of all_ranks, single_rank, sampled, first_rank_per_node (nemo-lens rejects it); "
                "did you mean 'single_rank'?"});  // too far by edits, but its start
    CHECK(goe::check_rule(field("otlp_protocol"), "http") ==
          Lines{"'http' is not one of grpc, http/protobuf, http/json (the OpenTelemetry SDK rejects it); did you mean "
                "'http/protobuf'?"});
    CHECK(goe::check_rule(field("otlp_protocol"), "http/json").empty());
    // Stripped as the SDK strips it (sdk/_configuration _get_exporter_entry_point), case kept.
    CHECK(goe::check_rule(field("otlp_protocol"), " grpc\n").empty());
    CHECK(goe::check_rule(field("otlp_protocol"), "GRPC") ==
          Lines{"'GRPC' is not one of grpc, http/protobuf, http/json (the OpenTelemetry SDK rejects it); did you mean "
                "'grpc'?"});
}

TEST_CASE("check_rule names: span groups and presets, any case, one message per unknown name") {
    CHECK(goe::check_rule(field("span_groups"), "Rollout, MODEL_CALL,per_rollout,,").empty());
    CHECK(goe::check_rule(field("span_groups"), "rolout,foo,agent") ==
          Lines{"'rolout' in 'rolout,foo,agent' is not one of job, server, http_client, rollout, verify, agent, "
                "model_call, sandbox, startup, default, per_rollout, all (nemo-lens rejects it); did you mean "
                "'rollout'?",
                "'foo' in 'rolout,foo,agent' is not one of job, server, http_client, rollout, verify, agent, "
                "model_call, sandbox, startup, default, per_rollout, all (nemo-lens rejects it)"});
}

// Issue 34: gRPC clients take host:port (over TLS unless _INSECURE is true, as --probe
// reads it); OTLP/HTTP needs a URL; any other scheme is refused. One rule, read_endpoint.
TEST_CASE("check_rule endpoint: what the SDK takes over the protocol in effect") {
    using goe::Protocol;
    auto check = [](std::string_view value, Protocol protocol) {
        return goe::check_rule(field("otlp_endpoint"), value, protocol);
    };
    for (auto protocol : {Protocol::grpc, Protocol::http_protobuf, Protocol::http_json}) {
        CHECK(check("https://collector:4318", protocol).empty());
        CHECK(check("HTTP://collector", protocol).empty());
    }
    for (auto protocol : {Protocol::http_protobuf, Protocol::http_json})
        CHECK(check("grpc://x:4317", protocol) ==
              Lines{"'grpc://x:4317' has the scheme 'grpc', not http or https (the OpenTelemetry SDK rejects it)"});
    // The Python gRPC exporter keeps the netloc of any scheme (docs/decisions.md).
    CHECK(check("grpc://x:4317", Protocol::grpc) ==
          Lines{"'grpc://x:4317' has the scheme 'grpc', not http or https: over grpc the OpenTelemetry SDK ignores it "
                "and connects to the host and port over TLS (plaintext only with OTEL_EXPORTER_OTLP_INSECURE=true)"});
    CHECK(check("collector:4317", Protocol::grpc).empty());
    CHECK(check("localhost", Protocol::grpc).empty());
    CHECK(goe::check_rule(field("otlp_endpoint"), "collector:4317").empty());  // no protocol: nemo-lens' grpc
    CHECK(check("localhost:4318", Protocol::http_protobuf) ==
          Lines{"'localhost:4318' has no http:// or https://, which http/protobuf needs (the OpenTelemetry SDK "
                "rejects it)"});
    CHECK(check("localhost:4318", Protocol::http_json) ==
          Lines{"'localhost:4318' has no http:// or https://, which http/json needs (the OpenTelemetry SDK rejects "
                "it)"});
    CHECK(check("", Protocol::grpc) ==
          Lines{"'' is not host:port or a URL (http[s]://host[:port]) (the OpenTelemetry SDK rejects it)"});
    CHECK(check("http://", Protocol::http_protobuf) ==
          Lines{"'http://' is not a URL (http[s]://host[:port][/path]) (the OpenTelemetry SDK rejects it)"});
    // The credentials of a URL are never shown.
    CHECK(
        check("ftp://u:pw@h/?k=v", Protocol::grpc) ==
        Lines{"'ftp://***@h/?***' has the scheme 'ftp', not http or https: over grpc the OpenTelemetry SDK ignores "
              "it and connects to the host and port over TLS (plaintext only with OTEL_EXPORTER_OTLP_INSECURE=true)"});
}

TEST_CASE("lint checks the endpoint with the protocol in effect, from the config or the environment") {
    CHECK(lint_text("telemetry:\n  otlp_endpoint: collector:4317\n").empty());
    CHECK(lint_text("telemetry:\n  otlp_endpoint: collector:4318\n  otlp_protocol: http/protobuf\n") ==
          Lines{"c.yaml:2:18: telemetry.otlp_endpoint: 'collector:4318' has no http:// or https://, which "
                "http/protobuf needs (the OpenTelemetry SDK rejects it)"});
    CHECK(lint_text("telemetry:\n  otlp_endpoint: collector:4318\n", {{"OTEL_EXPORTER_OTLP_PROTOCOL", "http/json"}})
              .size() == 1);
    // An unknown protocol falls back to gRPC, as the SDKs do: its own warning is enough.
    CHECK(lint_text("telemetry:\n  otlp_endpoint: collector:4317\n  otlp_protocol: http\n").size() == 1);
}

TEST_CASE("check_rule header_list: the entries the SDK drops, values never shown (test_lint_headers.cpp: the table)") {
    CHECK(goe::check_rule(field("otlp_headers"), "api-key=s3cr3t, x-tenant = a=b").empty());
    CHECK(goe::check_rule(field("otlp_headers"), "Authorization=Bearer s3cr3t,s3cr3t") ==
          Lines{"the OpenTelemetry SDK drops entry 2 of 'Authorization=***,***': it is not name=value"});
    CHECK(goe::check_rule(field("otlp_headers"), "api key=s3cr3t") ==
          Lines{"the OpenTelemetry SDK drops entry 1 of 'api key=***': its name holds ' ', which a header name may "
                "not"});
    CHECK(goe::check_rule(field("otlp_headers"), "a=1,").empty());  // the SDK skips an empty entry
}

TEST_CASE("lint names an unknown key's file:line and the closest field") {
    CHECK(lint_text("telemetry:\n  enabled: true\n  exportr: otlp\n  colour: red\n") ==
          Lines{"c.yaml:3:3: telemetry.exportr: unknown key, ignored; did you mean 'exporter'?",
                "c.yaml:4:3: telemetry.colour: unknown key, ignored"});
}

TEST_CASE("lint_top_level: telemetry misspelt or in another case, not any key a few letters away") {
    auto top = [](const std::string& yaml) {
        std::vector<std::string> out;
        for (const auto& d : goe::lint_top_level(goe::parse_yaml(yaml, "c.yaml"), goe::default_schema()))
            out.push_back(d.str());
        return out;
    };
    // Issue 34: at the key, not at the mapping under it.
    CHECK(top("telemtry:\n  enabled: true\n") ==
          Lines{"c.yaml:1:1: telemtry: not the telemetry block, ignored; did you mean 'telemetry'?"});
    CHECK(top("Telemetry: {enabled: true}\nTELEMETRY: 1\ntelemetry_: 1\n") ==
          Lines{"c.yaml:1:1: Telemetry: not the telemetry block, ignored; did you mean 'telemetry'?",
                "c.yaml:2:1: TELEMETRY: not the telemetry block, ignored; did you mean 'telemetry'?",
                "c.yaml:3:1: telemetry_: not the telemetry block, ignored; did you mean 'telemetry'?"});
    CHECK(top("telemetry: {}\ngeometry: 1\ntelemetric_server: 1\npolicy_model: 1\n").empty());
    CHECK(top("- a\n").empty());
    CHECK(goe::lint_top_level(nullptr, goe::default_schema()).empty());
    goe::Diagnostic d{goe::Origin{"c.yaml", 2, 3}, "telemtry", "not the telemetry block", true,
                      "; did you mean 'telemetry'?"};
    CHECK(d.str(true) == "c.yaml:2:3: telemtry: not the telemetry block; did you mean 'telemetry'?");
}

// Issue 39: `telemetry:` then `enabled: true` at column 1 left telemetry off without a word.
TEST_CASE("lint_top_level: a field at the top level beside a null, empty or missing block, at the field") {
    auto top = [](const std::string& yaml, bool as_error = false) {
        std::vector<std::string> out;
        for (const auto& d : goe::lint_top_level(goe::parse_yaml(yaml, "c.yaml"), goe::default_schema()))
            out.push_back(d.str(as_error));
        return out;
    };
    const std::string at_top = "a telemetry field at the top level, where Gym does not read it";
    CHECK(top("telemetry:\nenabled: true\nservice_name: x\npolicy_model: 1\n") ==
          Lines{"c.yaml:2:1: enabled: " + at_top + ", ignored; indent it under 'telemetry:'",
                "c.yaml:3:1: service_name: " + at_top + ", ignored; indent it under 'telemetry:'"});
    CHECK(top("telemetry:\nenabled: true\n", true) ==
          Lines{"c.yaml:2:1: enabled: " + at_top + "; indent it under 'telemetry:'"});
    CHECK(top("telemetry: {}\n  # a comment\nexporter: console\n") ==
          Lines{"c.yaml:3:1: exporter: " + at_top + ", ignored; indent it under 'telemetry:'"});
    CHECK(top("telemetry: ~\nrun_id:\n") ==
          Lines{"c.yaml:2:1: run_id: " + at_top + ", ignored; indent it under 'telemetry:'"});
    // No block at all: where to put it. A misspelt block is said first, at its own key.
    CHECK(top("enabled: true\n") ==
          Lines{"c.yaml:1:1: enabled: " + at_top + ", ignored; put it under a 'telemetry:' block"});
    CHECK(top("telemtry:\nenabled: true\n") ==
          Lines{"c.yaml:1:1: telemtry: not the telemetry block, ignored; did you mean 'telemetry'?",
                "c.yaml:2:1: enabled: " + at_top + ", ignored; put it under a 'telemetry:' block"});
    // A secret value is never shown: the message names the key only.
    CHECK(top("telemetry:\notlp_headers: authorization=Bearer s3cr3t\n") ==
          Lines{"c.yaml:2:1: otlp_headers: " + at_top + ", ignored; indent it under 'telemetry:'"});
    // A block with keys of its own: a field's name beside it is the user's own value.
    CHECK(top("telemetry:\n  enabled: true\nservice_name: x\n").empty());
    CHECK(top("telemetry: {enabled: true, service_name: '${service_name}'}\nservice_name: x\n").empty());
    // A mapping or a list under a field's name is a server instance or the user's own.
    CHECK(top("exporter: {entrypoint: app.py}\nrun_id: [1]\n").empty());
    // Only the field's exact name: Gym's keys are case-sensitive, and these are no field.
    CHECK(top("Enabled: true\nenable: true\n1: x\n").empty());
}

TEST_CASE("lint checks the config value where it was written") {
    CHECK(lint_text("telemetry:\n  exporter: zipkin\n  otlp_protocol: http\n") ==
          Lines{"c.yaml:2:13: telemetry.exporter: 'zipkin' is not one of otlp, console (nemo-lens rejects it)",
                "c.yaml:3:18: telemetry.otlp_protocol: 'http' is not one of grpc, http/protobuf, http/json (the "
                "OpenTelemetry SDK rejects it); did you mean 'http/protobuf'?"});
    CHECK(lint_text("telemetry:\n  enabled: true\n  logs_enabled: t\n  export_rank: '2.0'\n").empty());
    CHECK(lint_text("x: 1\n").empty());
}

TEST_CASE("lint checks the variable in effect: the environment, then the lens fallback, then the config") {
    std::string yaml = "telemetry:\n  exporter: zipkin\n";
    CHECK(lint_text(yaml, {{"NEMO_GYM_OTEL_EXPORTER", "console"}}).empty());
    CHECK(lint_text(yaml, {{"NEMO_LENS_EXPORTER", "jaeger"}}) ==
          Lines{"environment: NEMO_LENS_EXPORTER: 'jaeger' is not one of otlp, console (nemo-lens rejects it)"});
    CHECK(lint_text(yaml, {{"NEMO_GYM_OTEL_EXPORTER", " "}}).size() == 1);  // blank is unset
    CHECK(lint_text("", {{"NEMO_GYM_OTEL_LOGS_ENABLED", "maybe"}, {"NEMO_GYM_OTEL_EXPORT_RANK", "0x1"}}) ==
          Lines{"environment: NEMO_GYM_OTEL_EXPORT_RANK: '0x1' is not a decimal integer (nemo-lens rejects it)",
                "environment: NEMO_GYM_OTEL_LOGS_ENABLED: 'maybe' is not a boolean nemo-lens accepts (1, true, yes, "
                "on, 0, false, no, off)"});
    CHECK(lint_text("", {{"OTEL_EXPORTER_OTLP_HEADERS", "token s3cr3t"}}) ==
          Lines{"environment: OTEL_EXPORTER_OTLP_HEADERS: the OpenTelemetry SDK drops entry 1 of '***': it is not "
                "name=value"});
}

TEST_CASE("lint regression: the enabling variable itself is checked") {
    CHECK(
        lint_text("", {{"NEMO_GYM_OTEL_ENABLED", "enabled"}}) ==
        Lines{"environment: NEMO_GYM_OTEL_ENABLED: 'enabled' is not a boolean nemo-lens accepts (1, true, yes, on, 0, "
              "false, no, off)"});
}

TEST_CASE("check_rule names: a single unknown name is not repeated") {
    CHECK(goe::check_rule(field("span_groups"), "rollouts") ==
          Lines{"'rollouts' is not one of job, server, http_client, rollout, verify, agent, model_call, sandbox, "
                "startup, default, per_rollout, all (nemo-lens rejects it); did you mean 'rollout'?"});
}

namespace {

// lint_otlp over a config, with the translation the pipeline makes of it.
std::vector<std::string> otlp_text(const std::string& yaml, const goe::Environment& env = {}) {
    goe::Outcome o = outcome_of(yaml, env);
    std::vector<std::string> out;
    for (const auto& d : goe::lint_otlp(o.settings, o.translation, env)) out.push_back(d.str());
    return out;
}

std::string block(const std::string& fields) { return "telemetry:\n  enabled: true\n" + fields; }

}  // namespace

TEST_CASE("lint_otlp: grpc with an endpoint on port 4318, the OTLP/HTTP port") {
    CHECK(otlp_text(block("  otlp_endpoint: http://collector:4318\n  otlp_protocol: grpc\n")) ==
          Lines{"c.yaml:3:18: telemetry.otlp_endpoint: 'http://collector:4318' has port 4318, the OTLP/HTTP port, "
                "but the protocol is grpc (c.yaml:4:18 telemetry.otlp_protocol): use port 4317, or otlp_protocol: "
                "http/protobuf"});
    // No protocol set: nemo-lens' default, grpc.
    CHECK(otlp_text(block("  otlp_endpoint: https://collector:4318/base\n")) ==
          Lines{"c.yaml:3:18: telemetry.otlp_endpoint: 'https://collector:4318/base' has port 4318, the OTLP/HTTP "
                "port, but the protocol is grpc (otlp_protocol is not set, so the SDK uses grpc): use port 4317, or "
                "otlp_protocol: http/protobuf"});
    // The protocol from the environment, read as nemo-lens reads it.
    CHECK(otlp_text(block("  otlp_endpoint: http://collector:4318\n"), {{"OTEL_EXPORTER_OTLP_PROTOCOL", " GRPC "}}) ==
          Lines{"c.yaml:3:18: telemetry.otlp_endpoint: 'http://collector:4318' has port 4318, the OTLP/HTTP port, "
                "but the protocol is grpc (OTEL_EXPORTER_OTLP_PROTOCOL in the environment): use port 4317, or "
                "otlp_protocol: http/protobuf"});
}

TEST_CASE("lint_otlp: http/protobuf or http/json with port 4317, the gRPC port; the URL's secrets not shown") {
    CHECK(otlp_text(block("  otlp_endpoint: http://u:pw@[::1]:4317?key=k\n  otlp_protocol: http/json\n")) ==
          Lines{"c.yaml:3:18: telemetry.otlp_endpoint: 'http://***@[::1]:4317?***' has port 4317, the OTLP/gRPC "
                "port, but the protocol is http/json (c.yaml:4:18 telemetry.otlp_protocol): use port 4318, or "
                "otlp_protocol: grpc"});
    // The endpoint from the environment.
    CHECK(otlp_text(block("  otlp_protocol: http/protobuf\n"),
                    {{"OTEL_EXPORTER_OTLP_ENDPOINT", "http://collector:4317"}}) ==
          Lines{"environment: OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4317' has port 4317, the OTLP/gRPC "
                "port, but the protocol is http/protobuf (c.yaml:3:18 telemetry.otlp_protocol): use port 4318, or "
                "otlp_protocol: grpc"});
}

TEST_CASE("lint_otlp: the matching port, no port, another port, a path or an unknown protocol say nothing") {
    CHECK(otlp_text(block("  otlp_endpoint: http://collector:4317\n  otlp_protocol: grpc\n")).empty());
    CHECK(otlp_text(block("  otlp_endpoint: http://collector:4318\n  otlp_protocol: http/protobuf\n")).empty());
    CHECK(otlp_text(block("  otlp_endpoint: http://collector\n")).empty());
    CHECK(otlp_text(block("  otlp_endpoint: https://[::1]\n  otlp_protocol: http/json\n")).empty());
    CHECK(otlp_text(block("  otlp_endpoint: http://collector:14318\n")).empty());
    CHECK(otlp_text(block("  otlp_endpoint: http://collector/4318\n")).empty());
    CHECK(otlp_text(block("  otlp_endpoint: http://collector:4318\n  otlp_protocol: zipkin\n")).empty());
    // The console exporter sends nothing; telemetry off is no excuse (the config is wrong either way).
    CHECK(otlp_text(block("  otlp_endpoint: http://collector:4318\n  exporter: console\n")).empty());
    CHECK(
        otlp_text(block("  otlp_endpoint: http://collector:4318\n"), {{"NEMO_GYM_OTEL_EXPORTER", " console"}}).empty());
    CHECK(otlp_text("telemetry:\n  otlp_endpoint: http://c:4318\n").size() == 1);
}

TEST_CASE("lint_otlp: a generic endpoint already ending in /v1/<signal> over HTTP") {
    CHECK(otlp_text(block("  otlp_endpoint: https://api.example/v1/traces\n  otlp_protocol: http/protobuf\n")) ==
          Lines{"c.yaml:3:18: telemetry.otlp_endpoint: 'https://api.example/v1/traces' already ends in /v1/traces, "
                "and over http/protobuf the SDK appends /v1/<signal> to it (traces go to "
                "https://api.example/v1/traces/v1/traces): drop the path, or set OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, "
                "which the SDK uses as it is"});
    CHECK(otlp_text(block("  otlp_endpoint: http://c:4318/otlp/v1/logs/\n  otlp_protocol: http/json\n")) ==
          Lines{"c.yaml:3:18: telemetry.otlp_endpoint: 'http://c:4318/otlp/v1/logs/' already ends in /v1/logs, and "
                "over http/json the SDK appends /v1/<signal> to it (logs go to http://c:4318/otlp/v1/logs/v1/logs): "
                "drop the path, or set OTEL_EXPORTER_OTLP_LOGS_ENDPOINT, which the SDK uses as it is"});
    // gRPC takes only the host and port; another path is the user's.
    CHECK(otlp_text(block("  otlp_endpoint: http://c:4317/v1/traces\n  otlp_protocol: grpc\n")).empty());
    CHECK(otlp_text(block("  otlp_endpoint: http://c:4318/v1/metric\n  otlp_protocol: http/protobuf\n")).empty());
}

TEST_CASE("lint_otlp: a per-signal variable in the environment overrides what this writes, for its signal") {
    auto yaml = block("  otlp_endpoint: http://c:4317\n  otlp_headers: k=s3cret\n");
    CHECK(otlp_text(yaml, {{"OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "http://other:4318/v1/traces"},
                           {"OTEL_EXPORTER_OTLP_LOGS_HEADERS", "k=other"},
                           {"OTEL_EXPORTER_OTLP_METRICS_PROTOCOL", "grpc"}}) ==
          Lines{"environment: OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: already set, so traces are exported with it, not "
                "with the OTEL_EXPORTER_OTLP_ENDPOINT written from c.yaml:3:18 telemetry.otlp_endpoint (unset it to "
                "use the config's; --explain shows where each signal goes)",
                "environment: OTEL_EXPORTER_OTLP_LOGS_HEADERS: already set, so logs are exported with it, not with "
                "the OTEL_EXPORTER_OTLP_HEADERS written from c.yaml:4:17 telemetry.otlp_headers (unset it to use the "
                "config's; --explain shows where each signal goes)"});
    // Nothing written for the generic variable (null, kept, or telemetry off): nothing overridden.
    CHECK(otlp_text(yaml, {{"OTEL_EXPORTER_OTLP_METRICS_PROTOCOL", "grpc"}}).empty());
    CHECK(otlp_text(yaml, {{"OTEL_EXPORTER_OTLP_ENDPOINT", "http://kept:4317"},
                           {"OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "http://other:4317"}})
              .empty());
    CHECK(otlp_text("telemetry:\n  otlp_endpoint: http://c:4317\n", {{"OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "x"}})
              .empty());
    // Blank is not set (the OpenTelemetry rule).
    CHECK(otlp_text(yaml, {{"OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", " "}}).empty());
}

namespace {
std::vector<std::string> empty_secrets(const std::string& yaml, const goe::Environment& env) {
    goe::testing::MemoryFileSystem fs;
    fs.files["c.yaml"] = yaml;
    goe::LoadRequest request;
    request.configs = {"c.yaml"};
    auto outcome = goe::run_pipeline(request, env, fs, [] { return std::string("0123456789ab"); });
    std::vector<std::string> out;
    for (const auto& d : goe::lint_empty_secrets(outcome, env)) out.push_back(d.str());
    return out;
}
}  // namespace

TEST_CASE("lint_empty_secrets: a header sent empty or with a bare scheme, naming the variable it came from") {
    const std::string yaml =
        "telemetry:\n"
        "  enabled: true\n"
        "  otlp_headers: authorization=Bearer%20${oc.env:OTLP_TOKEN},x-team=${oc.env:TEAM,''},x-ok=${oc.env:OK}\n";
    CHECK(empty_secrets(yaml, {{"OTLP_TOKEN", ""}, {"OK", "fine"}}) ==
          Lines{"c.yaml:3:17: telemetry.otlp_headers: the 'authorization' header holds only an authentication "
                "scheme, no credential: OTLP_TOKEN is empty",
                "c.yaml:3:17: telemetry.otlp_headers: the 'x-team' header is sent empty: TEAM is not set, and its "
                "default is empty"});
    CHECK(empty_secrets(yaml, {{"OTLP_TOKEN", "t0k3n"}, {"TEAM", "gym"}, {"OK", "fine"}}).empty());
    // Blanks count as nothing, as the SDK strips them; a literal empty value has no variable to name.
    CHECK(
        empty_secrets("telemetry: {enabled: true, otlp_headers: 'a=Basic%20%20, b= , c=x'}\n", {}) ==
        Lines{"c.yaml:1:42: telemetry.otlp_headers: the 'a' header holds only an authentication scheme, no credential",
              "c.yaml:1:42: telemetry.otlp_headers: the 'b' header is sent empty"});
    // A list that is one variable, empty: the list is empty.
    CHECK(empty_secrets("telemetry: {enabled: true, otlp_headers: '${oc.env:H}'}\n", {{"H", " "}}) ==
          Lines{"c.yaml:1:42: telemetry.otlp_headers: the header list is empty: H is empty"});
    // The headers in effect: the environment's wins, and is named; per-signal ones too.
    CHECK(empty_secrets(yaml, {{"OTLP_TOKEN", ""},
                               {"OK", "x"},
                               {"OTEL_EXPORTER_OTLP_HEADERS", "authorization=bearer"},
                               {"OTEL_EXPORTER_OTLP_LOGS_HEADERS", "k="}}) ==
          Lines{"environment: OTEL_EXPORTER_OTLP_HEADERS: the 'authorization' header holds only an authentication "
                "scheme, no credential",
                "environment: OTEL_EXPORTER_OTLP_LOGS_HEADERS: the 'k' header is sent empty"});
    // Nothing is sent while telemetry is off or exports to the console.
    CHECK(empty_secrets("telemetry: {enabled: false, otlp_headers: 'a='}\n", {}).empty());
    CHECK(empty_secrets("telemetry: {enabled: true, exporter: console, otlp_headers: 'a='}\n", {}).empty());
}

TEST_CASE("lint_command: the command's warnings as diagnostics, with the names this run exports") {
    goe::Outcome o;
    o.reading.exec = true;
    o.reading.gym = true;
    o.reading.launch = goe::launched({"env", "-u", "OTEL_SERVICE_NAME", "gym"}, {});
    o.files = {"c.yaml"};
    CHECK(goe::lint_command(o).empty());  // nothing exported, nothing lost
    o.translation.exports.push_back(
        goe::Export{"OTEL_SERVICE_NAME", "svc", goe::Export::Source::config, {}, {}, false});
    Lines texts;
    for (const auto& d : goe::lint_command(o)) texts.push_back(d.str(true));
    CHECK(texts == Lines{"env -u OTEL_SERVICE_NAME removes the OTEL_SERVICE_NAME that gym-otel-env exports, so gym "
                         "never sees it: put gym-otel-env after env (env ... gym-otel-env --exec -- gym ...)"});
    o.reading.exec = false;
    CHECK(goe::lint_command(o).empty());
}

// docs/diagnostics.md's "Lint rules": one row per field of every schema (a row may name
// several), in no other order, and a row of a field whose rule allows a list of words
// lists exactly those words, so that a field or a word added to the schema fails here
// until the table follows.
TEST_CASE("docs/diagnostics.md's lint rules name every field of every schema, with the words each rule allows") {
    // The `code spans` of a Markdown text, in order.
    auto code_spans = [](const std::string& text) {
        static const std::regex kSpan("`([^`]*)`");
        std::vector<std::string> out;
        for (auto it = std::sregex_iterator(text.begin(), text.end(), kSpan); it != std::sregex_iterator(); ++it)
            out.push_back((*it)[1].str());
        return out;
    };
    std::map<std::string, std::string> rule_of;  // field -> its row's rule column
    for (const auto& line :
         goe::testing::section(goe::testing::source_file("docs/diagnostics.md"), "## Lint rules", "## ")) {
        if (!line.starts_with("| `")) continue;
        size_t rule_at = line.find(" | ", 2) + 3;
        for (const auto& field : code_spans(line.substr(2, rule_at - 5)))
            rule_of[field] = line.substr(rule_at, line.find(" | ", rule_at) - rule_at);
    }
    std::vector<goe::Field> fields;  // each key once: a key is the same field in every schema (test_schema)
    for (const auto& schema : goe::known_schemas())
        for (const auto& f : schema.fields)
            if (std::none_of(fields.begin(), fields.end(), [&](const goe::Field& g) { return g.key == f.key; }))
                fields.push_back(f);
    CHECK(rule_of.size() == fields.size());
    for (const auto& f : fields) {
        INFO(f.key);
        auto row = rule_of.find(std::string(f.key));
        REQUIRE(row != rule_of.end());
        if (f.words.empty()) continue;  // the endpoint's and the headers' rules are prose
        // The lists of words are the code spans with a blank in them (span_groups': the
        // names, then the presets), in the schema's order.
        std::string words, listed;
        for (auto w : f.words) words += (words.empty() ? "" : " ") + std::string(w);
        for (const auto& span : code_spans(row->second))
            if (span.find(' ') != std::string::npos) listed += (listed.empty() ? "" : " ") + span;
        CHECK(listed == words);
    }
}
