// probe_plan: where the SDK would send each signal, as the OpenTelemetry exporter
// environment rules say, and the empty request of each protocol.
#include <catch2/catch.hpp>

#include "gym_otel_env/core/error.hpp"
#include "gym_otel_env/probe/probe_plan.hpp"
#include "support.hpp"

using namespace goe;
using namespace goe::probe;
using goe::testing::error_of;

namespace {

Environment on(Environment env) {
    env.emplace("NEMO_GYM_OTEL_ENABLED", "1");
    return env;
}

std::vector<std::string> urls(const Plan& p) {
    std::vector<std::string> out;
    for (const auto& t : p.targets) out.push_back(std::string(name(t.signal)) + " " + shown_url(t.url));
    return out;
}

}  // namespace

TEST_CASE("plan: telemetry off, the console exporter and an unknown one send nothing") {
    CHECK(plan({}).kind == Plan::Kind::off);
    CHECK(plan({{"NEMO_GYM_OTEL_ENABLED", "0"}, {"NEMO_LENS_ENABLED", "1"}}).kind == Plan::Kind::off);
    CHECK(plan({{"NEMO_GYM_OTEL_ENABLED", " "}, {"NEMO_LENS_ENABLED", "On"}}).kind == Plan::Kind::otlp);
    CHECK(plan(on({{"NEMO_GYM_OTEL_EXPORTER", "console"}})).kind == Plan::Kind::console);
    auto zipkin = plan(on({{"NEMO_GYM_OTEL_EXPORTER", "zipkin"}}));
    CHECK(zipkin.kind == Plan::Kind::unknown_exporter);
    CHECK(zipkin.exporter == "zipkin");
    CHECK(plan(on({{"NEMO_LENS_EXPORTER", "console"}})).kind == Plan::Kind::console);
}

TEST_CASE(
    "plan: the exporter and the protocol as nemo-lens reads them (regression: ' console' and 'HTTP/protobuf' failed)") {
    // nemo-lens strips NEMO_GYM_OTEL_EXPORTER (config.py _env) and strips and lower-cases
    // the protocol (providers.py _resolve_otlp_protocol).
    CHECK(plan(on({{"NEMO_GYM_OTEL_EXPORTER", " console\t"}})).kind == Plan::Kind::console);
    CHECK(plan(on({{"NEMO_LENS_EXPORTER", "otlp "}})).kind == Plan::Kind::otlp);
    CHECK(plan(on({{"NEMO_GYM_OTEL_EXPORTER", "OTLP"}})).kind == Plan::Kind::unknown_exporter);
    auto t = plan(on({{"OTEL_EXPORTER_OTLP_PROTOCOL", "HTTP/Protobuf"}})).targets.at(0);
    CHECK(t.invalid.empty());
    CHECK(t.protocol == Protocol::http_protobuf);
    CHECK(plan(on({{"OTEL_EXPORTER_OTLP_TRACES_PROTOCOL", " GRPC "}})).targets.at(0).protocol == Protocol::grpc);
}

TEST_CASE("plan: traces and metrics by default, logs when switched on, each switch as nemo-lens reads it") {
    CHECK(urls(plan(on({}))) ==
          std::vector<std::string>{
              "traces http://localhost:4317/opentelemetry.proto.collector.trace.v1.TraceService/Export",
              "metrics http://localhost:4317/opentelemetry.proto.collector.metrics.v1.MetricsService/Export"});
    auto p = plan(on({{"NEMO_GYM_OTEL_TRACES_ENABLED", "0"},
                      {"NEMO_GYM_OTEL_METRICS_ENABLED", "no"},
                      {"NEMO_LENS_LOGS_ENABLED", " YES "}}));
    CHECK(urls(p) == std::vector<std::string>{
                         "logs http://localhost:4317/opentelemetry.proto.collector.logs.v1.LogsService/Export"});
    CHECK(plan(on({{"NEMO_GYM_OTEL_TRACES_ENABLED", "0"}, {"NEMO_GYM_OTEL_METRICS_ENABLED", "0"}})).targets.empty());
}

TEST_CASE("plan: OTEL_EXPORTER_OTLP_ENDPOINT gets /v1/<signal> for OTLP/HTTP, a signal's own endpoint is used as is") {
    auto p = plan(on({{"OTEL_EXPORTER_OTLP_PROTOCOL", "http/protobuf"},
                      {"OTEL_EXPORTER_OTLP_ENDPOINT", "https://collector.example:4318"},
                      {"OTEL_EXPORTER_OTLP_METRICS_ENDPOINT", "http://metrics.example/custom"},
                      {"NEMO_GYM_OTEL_LOGS_ENABLED", "1"}}));
    CHECK(urls(p) == std::vector<std::string>{"traces https://collector.example:4318/v1/traces",
                                              "metrics http://metrics.example/custom",
                                              "logs https://collector.example:4318/v1/logs"});
    CHECK(p.targets[0].tls);
    CHECK(p.targets[0].endpoint_variable == "OTEL_EXPORTER_OTLP_ENDPOINT");
    CHECK(p.targets[1].endpoint_variable == "OTEL_EXPORTER_OTLP_METRICS_ENDPOINT");
    CHECK_FALSE(p.targets[1].tls);

    auto path = [](const char* endpoint) {
        auto t = plan(on({{"OTEL_EXPORTER_OTLP_PROTOCOL", "http/json"}, {"OTEL_EXPORTER_OTLP_ENDPOINT", endpoint}}))
                     .targets[0];
        return t.url.path + " from " + t.endpoint_path;
    };
    CHECK(path("http://h:4318") == "/v1/traces from ");
    CHECK(path("http://h:4318/") == "/v1/traces from /");
    CHECK(path("http://h/otlp") == "/otlp/v1/traces from /otlp");
    CHECK(path("http://h/otlp/") == "/otlp/v1/traces from /otlp/");
    CHECK(path("http://h:4318/v1/traces") == "/v1/traces/v1/traces from /v1/traces");
}

TEST_CASE("plan: the SDK's defaults when no endpoint is set: 4318 for OTLP/HTTP, 4317 for gRPC") {
    CHECK(urls(plan(on({{"OTEL_EXPORTER_OTLP_PROTOCOL", "http/protobuf"}})))[0] ==
          "traces http://localhost:4318/v1/traces");
    auto t = plan(on({})).targets[0];
    CHECK(t.protocol == Protocol::grpc);
    CHECK(t.protocol_variable.empty());
    CHECK(t.endpoint_variable.empty());
    CHECK(shown_url(t.url) == "http://localhost:4317/opentelemetry.proto.collector.trace.v1.TraceService/Export");
}

TEST_CASE("plan: gRPC takes host and port; without a scheme, TLS unless OTEL_EXPORTER_OTLP_INSECURE is true") {
    auto grpc = [](Environment env) { return plan(on(std::move(env))).targets[0]; };
    auto t = grpc({{"OTEL_EXPORTER_OTLP_ENDPOINT", "https://api.example:443/ignored?x=1"}});
    CHECK(shown_url(t.url) == "https://api.example:443/opentelemetry.proto.collector.trace.v1.TraceService/Export");
    CHECK(t.tls);
    CHECK(grpc({{"OTEL_EXPORTER_OTLP_ENDPOINT", "collector:4317"}}).tls);
    CHECK_FALSE(grpc({{"OTEL_EXPORTER_OTLP_ENDPOINT", "collector:4317"}, {"OTEL_EXPORTER_OTLP_INSECURE", "True"}}).tls);
    CHECK_FALSE(grpc({{"OTEL_EXPORTER_OTLP_ENDPOINT", "collector:4317"},
                      {"OTEL_EXPORTER_OTLP_TRACES_INSECURE", "true"},
                      {"OTEL_EXPORTER_OTLP_INSECURE", "false"}})
                    .tls);
    CHECK(shown_url(grpc({{"OTEL_EXPORTER_OTLP_ENDPOINT", "collector:4317"}}).url) ==
          "https://collector:4317/opentelemetry.proto.collector.trace.v1.TraceService/Export");
}

TEST_CASE("plan: a signal's protocol, headers, timeout and certificate override the generic ones") {
    auto p = plan(on({{"OTEL_EXPORTER_OTLP_PROTOCOL", "grpc"},
                      {"OTEL_EXPORTER_OTLP_METRICS_PROTOCOL", "http/json"},
                      {"OTEL_EXPORTER_OTLP_HEADERS", "a=1"},
                      {"OTEL_EXPORTER_OTLP_METRICS_HEADERS", "b=2,c=3"},
                      {"OTEL_EXPORTER_OTLP_TIMEOUT", "3000"},
                      {"OTEL_EXPORTER_OTLP_METRICS_TIMEOUT", "1500"},
                      {"OTEL_EXPORTER_OTLP_CERTIFICATE", "/ca.pem"},
                      {"OTEL_EXPORTER_OTLP_METRICS_CERTIFICATE", "/m.pem"},
                      {"OTEL_EXPORTER_OTLP_METRICS_CLIENT_KEY", "/k.pem"},
                      {"OTEL_EXPORTER_OTLP_CLIENT_CERTIFICATE", "/c.pem"}}));
    const auto& traces = p.targets[0];
    const auto& metrics = p.targets[1];
    CHECK(traces.protocol == Protocol::grpc);
    CHECK(traces.protocol_variable == "OTEL_EXPORTER_OTLP_PROTOCOL");
    CHECK(metrics.protocol == Protocol::http_json);
    CHECK(metrics.protocol_variable == "OTEL_EXPORTER_OTLP_METRICS_PROTOCOL");
    CHECK(traces.headers == std::vector<Header>{{"a", "1"}});
    CHECK(metrics.headers == std::vector<Header>{{"b", "2"}, {"c", "3"}});
    CHECK(metrics.headers_variable == "OTEL_EXPORTER_OTLP_METRICS_HEADERS");
    CHECK(traces.timeout_ms == 3000);
    CHECK(metrics.timeout_ms == 1500);
    CHECK(traces.certificate == "/ca.pem");
    CHECK(metrics.certificate == "/m.pem");
    CHECK(metrics.client_key == "/k.pem");
    CHECK(traces.client_key.empty());
    CHECK(metrics.client_certificate == "/c.pem");
}

TEST_CASE("plan: the SDK's timeout (10 s by default, 0 for none) is bounded by the total") {
    auto t = [](Environment env, long total) { return plan(on(std::move(env)), total).targets[0]; };
    CHECK(t({}, 20000).timeout_ms == 10000);
    CHECK_FALSE(t({}, 20000).timeout_is_total);
    CHECK(t({}, 5000).timeout_ms == 5000);
    CHECK(t({}, 5000).timeout_is_total);
    CHECK(t({{"OTEL_EXPORTER_OTLP_TIMEOUT", "250"}}, 5000).timeout_ms == 250);
    CHECK(t({{"OTEL_EXPORTER_OTLP_TIMEOUT", "0"}}, 5000).timeout_ms == 5000);
    CHECK(t({{"OTEL_EXPORTER_OTLP_TIMEOUT", "0"}}, 5000).timeout_is_total);
    CHECK(t({{"OTEL_EXPORTER_OTLP_TIMEOUT", "2.5"}}, 20000).timeout_ms == 10000);  // unreadable: the default
    CHECK(t({{"OTEL_EXPORTER_OTLP_TIMEOUT", " 700 "}}, 5000).timeout_ms == 700);
}

TEST_CASE("plan: what the SDK cannot use is marked, not sent") {
    auto invalid = [](Environment env) { return plan(on(std::move(env))).targets[0].invalid; };
    CHECK(invalid({{"OTEL_EXPORTER_OTLP_PROTOCOL", "http"}}) ==
          "OTEL_EXPORTER_OTLP_PROTOCOL is 'http', not grpc, http/protobuf or http/json");
    CHECK(invalid(
              {{"OTEL_EXPORTER_OTLP_PROTOCOL", "http/protobuf"}, {"OTEL_EXPORTER_OTLP_ENDPOINT", "collector:4318"}}) ==
          "OTEL_EXPORTER_OTLP_ENDPOINT is not a URL (scheme://host[:port][/path])");
    CHECK(invalid({{"OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "ftp://h:21"}}) ==
          "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT has the scheme 'ftp', not http or https");
    CHECK(invalid({{"OTEL_EXPORTER_OTLP_ENDPOINT", "http://:4317"}}) ==
          "OTEL_EXPORTER_OTLP_ENDPOINT is not a URL (scheme://host[:port][/path])");
    CHECK(invalid({{"OTEL_EXPORTER_OTLP_ENDPOINT", "http://h:port"}}) ==
          "OTEL_EXPORTER_OTLP_ENDPOINT is not a URL (scheme://host[:port][/path])");
}

TEST_CASE("parse_total_timeout: seconds, more than 0, at most 600") {
    CHECK(parse_total_timeout("5") == 5000);
    CHECK(parse_total_timeout("0.5") == 500);
    CHECK(parse_total_timeout(".25") == 250);
    CHECK(parse_total_timeout("1.2345") == 1234);
    CHECK(parse_total_timeout("0.0001") == 1);
    CHECK(parse_total_timeout("600") == 600000);
    for (const char* bad : {"0", "0.0", "", ".", "1.", "-1", "601", "600.5", "1e3", "2s", " 2", "1000"})
        CHECK_FALSE(parse_total_timeout(bad));
}

TEST_CASE("total_timeout_option: the default, the value, or a usage error") {
    CHECK(total_timeout_option(false, "") == kDefaultTotalMs);
    CHECK(total_timeout_option(true, "") == 5000);
    CHECK(total_timeout_option(true, "2.5") == 2500);
    auto usage = Error::Kind::usage;
    CHECK(error_of([] { total_timeout_option(false, "2"); }, usage) == "--probe-timeout requires --probe");
    CHECK(error_of([] { total_timeout_option(true, "0"); }, usage) ==
          "--probe-timeout: expected seconds, more than 0 and at most 600, got '0'");
}

TEST_CASE("request: the empty export request of each protocol") {
    auto pb = request(Protocol::http_protobuf);
    CHECK(pb.content_type == "application/x-protobuf");
    CHECK(pb.body.empty());  // an empty protobuf message is no bytes
    CHECK_FALSE(pb.http2);
    auto json = request(Protocol::http_json);
    CHECK(json.content_type == "application/json");
    CHECK(json.body == "{}");
    auto grpc = request(Protocol::grpc);
    CHECK(grpc.content_type == "application/grpc");
    CHECK(grpc.body == std::string("\0\0\0\0\0", 5));  // not compressed, length 0
    CHECK(grpc.headers == std::vector<std::string>{"te: trailers"});
    CHECK(grpc.http2);
}
