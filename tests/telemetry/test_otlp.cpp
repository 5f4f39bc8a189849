// otlp: the OTLP exporter's names, default protocol and port, per-signal variables and
// endpoint URLs, as the lint, --explain and --probe read them.
#include <catch2/catch.hpp>

#include "gym_otel_env/telemetry/otlp.hpp"
#include "gym_otel_env/telemetry/schema.hpp"
#include "gym_otel_env/telemetry/secrecy.hpp"

using namespace goe;

TEST_CASE("parse_protocol: nemo-lens' reading, blanks around removed and case ignored") {
    CHECK(parse_protocol("grpc") == Protocol::grpc);
    CHECK(parse_protocol(" HTTP/protobuf ") == Protocol::http_protobuf);
    CHECK(parse_protocol("http/json") == Protocol::http_json);
    CHECK_FALSE(parse_protocol("http"));
    CHECK_FALSE(parse_protocol(""));
    CHECK(kDefaultProtocol == Protocol::grpc);
}

TEST_CASE("default_port: 4317 for gRPC, 4318 for OTLP/HTTP") {
    CHECK(default_port(Protocol::grpc) == "4317");
    CHECK(default_port(Protocol::http_protobuf) == "4318");
    CHECK(default_port(Protocol::http_json) == "4318");
}

TEST_CASE("signal_variable: OTEL_EXPORTER_OTLP_<SIGNAL>_<OPTION>") {
    CHECK(signal_variable(Signal::traces, "ENDPOINT") == "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT");
    CHECK(signal_variable(Signal::metrics, "HEADERS") == "OTEL_EXPORTER_OTLP_METRICS_HEADERS");
    CHECK(signal_variable(Signal::logs, "PROTOCOL") == "OTEL_EXPORTER_OTLP_LOGS_PROTOCOL");
    CHECK(name(Signal::metrics) == "metrics");
    CHECK(name(Protocol::http_json) == "http/json");
}

TEST_CASE("parse_url, url_text, and shown_url (the schema's mask): userinfo and query never shown") {
    auto u = parse_url("HTTPS://user:s3cret@Collector.example:4318/base?api_key=s3cret#frag");
    REQUIRE(u);
    CHECK(*u == Url{"https", "user:s3cret", "Collector.example", "4318", "/base", "api_key=s3cret"});
    CHECK(url_text(*u) == "https://user:s3cret@Collector.example:4318/base?api_key=s3cret");
    CHECK(shown_url(*u) == "https://***@Collector.example:4318/base?***");
    auto v6 = parse_url("http://[::1]:4318");
    REQUIRE(v6);
    CHECK(v6->host == "[::1]");
    CHECK(v6->port == "4318");
    CHECK(shown_url(*parse_url("http://h")) == "http://h");
    CHECK(parse_url("host:4317")->scheme.empty());
    CHECK_FALSE(parse_url("http://"));
    CHECK_FALSE(parse_url("http://[::1"));
    CHECK_FALSE(parse_url("1http://h"));
}

TEST_CASE("parse_url: the port of scheme://host:port/path, an IPv6 literal's, or none") {
    CHECK(parse_url("http://collector:4318/v1/traces")->port == "4318");
    CHECK(parse_url("http://collector:4318/v1/traces")->path == "/v1/traces");
    CHECK(parse_url("https://[::1]:4317")->port == "4317");
    CHECK(parse_url("https://[::1]/x")->port.empty());
    CHECK(parse_url("http://collector")->port.empty());
    CHECK(parse_url("http://u:4318@collector/x")->port.empty());
    CHECK(parse_url("http://collector/a:4318")->port.empty());
    CHECK_FALSE(parse_url("http://collector:43x8"));
}

TEST_CASE("signal_path: the generic endpoint's path plus v1/<signal>") {
    CHECK(signal_path("", Signal::traces) == "/v1/traces");
    CHECK(signal_path("/", Signal::metrics) == "/v1/metrics");
    CHECK(signal_path("/base", Signal::logs) == "/base/v1/logs");
    CHECK(signal_path("/v1/traces", Signal::traces) == "/v1/traces/v1/traces");
}

TEST_CASE("parse_headers: W3C baggage's list, blanks dropped, percent-decoded, what cannot be sent skipped") {
    CHECK(goe::parse_headers("authorization=Bearer%20tok, x-team = gym ,,") ==
          std::vector<goe::Header>{{"authorization", "Bearer tok"}, {"x-team", "gym"}});
    CHECK(goe::parse_headers("a=b=c") == std::vector<goe::Header>{{"a", "b=c"}});
    CHECK(goe::parse_headers("k=%2C%3d%zz%4") == std::vector<goe::Header>{{"k", ",=%zz%4"}});
    CHECK(goe::parse_headers("x-empty=") == std::vector<goe::Header>{{"x-empty", ""}});
    CHECK(goe::parse_headers("novalue,=v,bad key=v,ok=1").size() == 1);
    CHECK(goe::parse_headers("evil=a%0d%0aInjected: 1,ok=1") == std::vector<goe::Header>{{"ok", "1"}});
    CHECK(goe::parse_headers("").empty());
}

TEST_CASE("percent_decode: %XX in either case; anything else stays") {
    CHECK(goe::percent_decode("a%20b%2fc%2F") == "a b/c/");
    CHECK(goe::percent_decode("100%") == "100%");
    CHECK(goe::percent_decode("%G0%1") == "%G0%1");
}

// The rule the lint and --probe share (issue 34): what the SDK does with an endpoint, per protocol.
TEST_CASE("read_endpoint: host:port over gRPC, with TLS unless insecure; a URL over HTTP; only http and https") {
    using P = EndpointReading::Problem;
    struct Row {
        std::string_view text;
        Protocol protocol;
        bool insecure;
        P problem;
        std::string_view scheme;  // as the SDK uses it
    };
    for (const auto& r : {
             Row{"collector:4317", Protocol::grpc, false, P::none, "https"},
             Row{"collector:4317", Protocol::grpc, true, P::none, "http"},
             Row{"http://collector:4317", Protocol::grpc, false, P::none, "http"},
             Row{"HTTPS://collector:4317", Protocol::grpc, true, P::none, "https"},
             Row{"grpc://collector:4317", Protocol::grpc, false, P::other_scheme, "grpc"},
             Row{"collector:4318", Protocol::http_protobuf, false, P::no_scheme, ""},
             Row{"collector:4318", Protocol::http_json, true, P::no_scheme, ""},
             Row{"http://collector:4318/base", Protocol::http_protobuf, false, P::none, "http"},
             Row{"unix:///run/otel.sock", Protocol::http_protobuf, false, P::not_a_url, ""},
             Row{"", Protocol::grpc, false, P::not_a_url, ""},
             Row{"http://", Protocol::http_json, false, P::not_a_url, ""},
         }) {
        INFO(r.text << " " << name(r.protocol));
        EndpointReading reading = read_endpoint(r.text, r.protocol, r.insecure);
        CHECK(reading.problem == r.problem);
        if (r.problem == P::none || r.problem == P::other_scheme) CHECK(reading.url.scheme == r.scheme);
    }
    CHECK(read_endpoint("collector:4317", Protocol::grpc).url.host == "collector");
}
