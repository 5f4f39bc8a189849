// probe_verdict: one line per signal from what came back, with the likely fix; header
// values and URL userinfo never in it.
#include <catch2/catch.hpp>

#include "gym_otel_env/probe/probe_verdict.hpp"

using namespace goe;
using namespace goe::probe;

namespace {

Target target(Environment env) {
    env.emplace("NEMO_GYM_OTEL_ENABLED", "1");
    return plan(env).targets.at(0);
}

Target http(const char* endpoint = "http://127.0.0.1:4318") {
    return target({{"OTEL_EXPORTER_OTLP_PROTOCOL", "http/protobuf"},
                   {"OTEL_EXPORTER_OTLP_ENDPOINT", endpoint},
                   {"OTEL_EXPORTER_OTLP_HEADERS", "x-honeycomb-team=s3cretkey,x-dataset=gym"}});
}

Target grpc(const char* endpoint = "http://127.0.0.1:4317") {
    return target({{"OTEL_EXPORTER_OTLP_PROTOCOL", "grpc"}, {"OTEL_EXPORTER_OTLP_ENDPOINT", endpoint}});
}

Outcome answer(long status, std::string type, int version = 1) {
    Outcome o;
    o.status = status;
    o.content_type = std::move(type);
    o.http_version = version;
    o.elapsed_ms = 3;
    return o;
}

Outcome grpc_answer(std::optional<int> code, std::string message = "") {
    Outcome o = answer(200, "application/grpc", 2);
    o.grpc_status = code;
    o.grpc_message = std::move(message);
    return o;
}

Outcome failure(Transport transport, std::string error, long ms = 2) {
    Outcome o;
    o.transport = transport;
    o.error = std::move(error);
    o.elapsed_ms = ms;
    return o;
}

const std::string kHttp = "traces: http/protobuf http://127.0.0.1:4318/v1/traces";
const std::string kGrpc =
    "traces: grpc http://127.0.0.1:4317/opentelemetry.proto.collector.trace.v1.TraceService/Export";

}  // namespace

TEST_CASE("judge: accepted, with the status and the time") {
    auto v = judge(http(), answer(200, "application/x-protobuf"));
    CHECK(v.accepted);
    CHECK(v.line == kHttp + ": accepted (HTTP 200, 3 ms)");
    CHECK(judge(http(), answer(204, "")).accepted);
    v = judge(grpc(), grpc_answer(0));
    CHECK(v.accepted);
    CHECK(v.line == kGrpc + ": accepted (gRPC OK, 3 ms)");
}

TEST_CASE("judge: 401 and 403 say check otlp_headers, with keys only") {
    auto v = judge(http(), answer(401, "text/plain"));
    CHECK_FALSE(v.accepted);
    CHECK(v.line ==
          kHttp + ": rejected: HTTP 401 (3 ms): check otlp_headers (sent: x-honeycomb-team=***, x-dataset=***)");
    CHECK(v.line.find("s3cretkey") == std::string::npos);
    CHECK(judge(grpc(), answer(403, "", 2)).line ==
          kGrpc + ": rejected: HTTP 403 (3 ms): check otlp_headers (none sent)");
    auto own = target({{"OTEL_EXPORTER_OTLP_PROTOCOL", "http/json"},
                       {"OTEL_EXPORTER_OTLP_TRACES_HEADERS", "authorization=Basic%20abc"}});
    CHECK(judge(own, answer(403, "")).line ==
          "traces: http/json http://localhost:4318/v1/traces: rejected: HTTP 403 (3 ms): check "
          "OTEL_EXPORTER_OTLP_TRACES_HEADERS (sent: authorization=***)");
    CHECK(judge(grpc(), grpc_answer(16, "bad%20key")).line ==
          kGrpc + ": rejected: gRPC status 16 UNAUTHENTICATED 'bad key' (3 ms): check otlp_headers (none sent)");
    CHECK(judge(grpc(), grpc_answer(7)).line ==
          kGrpc + ": rejected: gRPC status 7 PERMISSION_DENIED (3 ms): check otlp_headers (none sent)");
}

TEST_CASE("judge: 404 names the path the SDK appended to, or the endpoint used as is") {
    CHECK(
        judge(http("http://127.0.0.1:4318/v1/traces"), answer(404, "text/plain")).line ==
        "traces: http/protobuf http://127.0.0.1:4318/v1/traces/v1/traces: rejected: HTTP 404 (3 ms): the endpoint has "
        "the path /v1/traces, to which the SDK appends /v1/traces: set otlp_endpoint to the receiver's base URL "
        "(scheme://host:port)");
    CHECK(judge(http(), answer(404, "")).line ==
          kHttp +
              ": rejected: HTTP 404 (3 ms): no OTLP/HTTP receiver at /v1/traces: is 127.0.0.1:4318 the receiver's "
              "OTLP/HTTP port (4318 on a collector)?");
    auto own = target(
        {{"OTEL_EXPORTER_OTLP_PROTOCOL", "http/protobuf"}, {"OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "http://h:4318"}});
    CHECK(
        judge(own, answer(404, "")).line ==
        "traces: http/protobuf http://h:4318: rejected: HTTP 404 (3 ms): OTEL_EXPORTER_OTLP_TRACES_ENDPOINT is used as "
        "is: give the whole URL, usually ending in /v1/traces");
}

TEST_CASE("judge: gRPC against HTTP, and HTTP against gRPC") {
    CHECK(judge(grpc(), answer(404, "text/html", 1)).line ==
          kGrpc +
              ": answered HTTP/1.1 404, not gRPC (3 ms): otlp_protocol is grpc but the endpoint speaks HTTP: set "
              "otlp_protocol to http/protobuf, or use the receiver's gRPC port (4317 on a collector)");
    CHECK(judge(grpc(), failure(Transport::garbled, "Error in the HTTP2 framing layer")).line ==
          kGrpc +
              ": no HTTP/2 answer (2 ms): otlp_protocol is grpc but the "
              "endpoint speaks HTTP: set otlp_protocol to http/protobuf, or use the receiver's gRPC port (4317 on a "
              "collector)");
    CHECK(judge(grpc(), answer(200, "application/json", 2)).line ==
          kGrpc +
              ": answered HTTP/2 200 with application/json, not gRPC (3 ms): otlp_protocol is grpc but the endpoint "
              "speaks HTTP: set otlp_protocol to http/protobuf, or use the receiver's gRPC port (4317 on a collector)");
    CHECK(judge(http(), failure(Transport::garbled, "Received HTTP/0.9 when not allowed")).line ==
          kHttp +
              ": no HTTP/1.1 answer (2 ms): otlp_protocol is http/protobuf "
              "but the endpoint speaks gRPC: set otlp_protocol to grpc, or use the receiver's OTLP/HTTP port (4318 on "
              "a collector)");
    CHECK(judge(http(), answer(200, "application/grpc", 2)).line ==
          kHttp +
              ": answered gRPC (HTTP/2 200) (3 ms): otlp_protocol is http/protobuf but the endpoint speaks gRPC: set "
              "otlp_protocol to grpc, or use the receiver's OTLP/HTTP port (4318 on a collector)");
    // No protocol set: the SDK's default, said so.
    auto unset = target({{"OTEL_EXPORTER_OTLP_ENDPOINT", "http://127.0.0.1:4318"}});
    CHECK(
        judge(unset, answer(404, "", 1)).line ==
        "traces: grpc http://127.0.0.1:4318/opentelemetry.proto.collector.trace.v1.TraceService/Export: answered "
        "HTTP/1.1 404, not gRPC (3 ms): otlp_protocol is not set, so the SDK uses grpc, but the endpoint speaks HTTP: "
        "set otlp_protocol to http/protobuf, or use the receiver's gRPC port (4317 on a collector)");
}

TEST_CASE("judge: no answer: refused, DNS, TLS, timeout") {
    CHECK(judge(http(), failure(Transport::connect, "connection refused")).line ==
          kHttp +
              ": cannot connect: connection refused (2 ms): is the receiver running on 127.0.0.1:4318? else check "
              "otlp_endpoint");
    CHECK(judge(http("http://nowhere.invalid:4318"), failure(Transport::dns, "Could not resolve host: nowhere.invalid"))
              .line ==
          "traces: http/protobuf http://nowhere.invalid:4318/v1/traces: cannot resolve the host "
          "nowhere.invalid (2 ms): check otlp_endpoint");
    CHECK(
        judge(target({}), failure(Transport::connect, "connection refused")).line ==
        "traces: grpc http://localhost:4317/opentelemetry.proto.collector.trace.v1.TraceService/Export: cannot "
        "connect: connection refused (2 ms): is the receiver running on localhost:4317? else no otlp_endpoint is set, "
        "so the SDK sends to localhost: set otlp_endpoint");
    CHECK(judge(http("https://127.0.0.1:4318"),
                failure(Transport::untrusted, "SSL certificate problem: unable to get local issuer certificate"))
              .line ==
          "traces: http/protobuf https://127.0.0.1:4318/v1/traces: TLS: the server's certificate is not "
          "trusted: SSL certificate problem: unable to get local issuer certificate (2 ms): for a private "
          "CA, set OTEL_EXPORTER_OTLP_CERTIFICATE to its certificate file");
    auto with_ca = target({{"OTEL_EXPORTER_OTLP_PROTOCOL", "http/protobuf"},
                           {"OTEL_EXPORTER_OTLP_ENDPOINT", "https://h"},
                           {"OTEL_EXPORTER_OTLP_CERTIFICATE", "/etc/ca.pem"}});
    CHECK(judge(with_ca, failure(Transport::untrusted, "x")).line ==
          "traces: http/protobuf https://h/v1/traces: TLS: the server's certificate is not trusted: x (2 ms): the CA "
          "file /etc/ca.pem did not sign it");
    CHECK(judge(http("https://127.0.0.1:4318"),
                failure(Transport::tls, "error:0A00010B:SSL routines::wrong version number"))
              .line ==
          "traces: http/protobuf https://127.0.0.1:4318/v1/traces: TLS handshake failed: "
          "error:0A00010B:SSL routines::wrong version number (2 ms): the endpoint speaks plain HTTP: use "
          "http://, not https://");
    CHECK(judge(with_ca, failure(Transport::tls_files, "error setting certificate file: /etc/ca.pem")).line ==
          "traces: http/protobuf https://h/v1/traces: cannot use the TLS files: error setting certificate file: "
          "/etc/ca.pem (2 ms): check OTEL_EXPORTER_OTLP_CERTIFICATE, _CLIENT_CERTIFICATE and _CLIENT_KEY");
    CHECK(judge(http(), failure(Transport::timeout, "Operation timed out", 5001)).line ==
          kHttp +
              ": no answer within 5000 ms (5001 ms): the receiver is slow or the packets are dropped; "
              "--probe-timeout gives it longer");
    auto sdk = target({{"OTEL_EXPORTER_OTLP_PROTOCOL", "http/protobuf"}, {"OTEL_EXPORTER_OTLP_TIMEOUT", "300"}});
    CHECK(judge(sdk, failure(Transport::timeout, "Operation timed out", 301)).line ==
          "traces: http/protobuf http://localhost:4318/v1/traces: no answer within 300 ms (301 ms): the SDK would give "
          "up too (OTEL_EXPORTER_OTLP_TIMEOUT): the receiver is slow or the packets are dropped");
    CHECK(judge(http(), failure(Transport::other, "line\nbreak")).line == kHttp + ": failed: line\\x0abreak (2 ms)");
}

TEST_CASE("judge: other HTTP statuses and gRPC codes") {
    CHECK(judge(http(), answer(400, "")).line ==
          kHttp +
              ": rejected: HTTP 400 (3 ms): the receiver cannot read an empty http/protobuf export request: check "
              "otlp_protocol");
    CHECK(judge(http(), answer(415, "")).line ==
          kHttp +
              ": rejected: HTTP 415 (3 ms): the receiver cannot read an empty http/protobuf export request: check "
              "otlp_protocol");
    CHECK(judge(http(), answer(405, "")).line ==
          kHttp +
              ": rejected: HTTP 405 (3 ms): the endpoint takes no POST: is 127.0.0.1:4318 an OTLP/HTTP receiver "
              "(4318 on a collector)?");
    CHECK(judge(http(), answer(301, "")).line ==
          kHttp + ": rejected: HTTP 301 (3 ms): a redirect: set the endpoint to the URL it redirects to");
    CHECK(judge(http(), answer(503, "")).line ==
          kHttp + ": rejected: HTTP 503 (3 ms): the receiver is overloaded or failing");
    CHECK(judge(http(), answer(418, "")).line == kHttp + ": rejected: HTTP 418 (3 ms)");
    CHECK(judge(grpc(), grpc_answer(12)).line ==
          kGrpc +
              ": rejected: gRPC status 12 UNIMPLEMENTED (3 ms): the server has no OTLP traces service: is this the "
              "OTLP gRPC port of a collector?");
    CHECK(judge(grpc(), grpc_answer(14)).line ==
          kGrpc + ": rejected: gRPC status 14 UNAVAILABLE (3 ms): the receiver is overloaded or restarting");
    CHECK(judge(grpc(), grpc_answer(99)).line == kGrpc + ": rejected: gRPC status 99 (3 ms)");
    CHECK(judge(grpc(), grpc_answer(std::nullopt)).line ==
          kGrpc + ": answered HTTP/2 200 without a gRPC status (3 ms): is this an OTLP gRPC receiver?");
}

TEST_CASE("judge: a URL's userinfo is never shown, also not in libcurl's words") {
    auto t = http("http://user:pa55word@127.0.0.1:4318");
    auto v = judge(t, failure(Transport::other, "URL http://user:pa55word@127.0.0.1 rejected"));
    CHECK(v.line ==
          "traces: http/protobuf http://***@127.0.0.1:4318/v1/traces: failed: URL http://***@127.0.0.1 "
          "rejected (2 ms)");
    CHECK(judge(t, answer(200, "")).line ==
          "traces: http/protobuf http://***@127.0.0.1:4318/v1/traces: accepted (HTTP 200, 3 ms)");
}

TEST_CASE("judge: an endpoint's query and password are hidden as the schema's rule says, echoed or not") {
    auto t = target({{"OTEL_EXPORTER_OTLP_PROTOCOL", "http/protobuf"},
                     {"OTEL_EXPORTER_OTLP_ENDPOINT", "http://127.0.0.1:4318/otlp?token=q7u3ry-t0k"}});
    CHECK(judge(t, failure(Transport::other, "no route for token=q7u3ry-t0k or q7u3ry-t0k")).line ==
          "traces: http/protobuf http://127.0.0.1:4318/otlp/v1/traces?***: failed: no route for *** or *** (2 ms)");
    auto u = target({{"OTEL_EXPORTER_OTLP_PROTOCOL", "http/protobuf"},
                     {"OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "http://user:pa55word@127.0.0.1:4318/v1/traces"}});
    CHECK(judge(u, failure(Transport::other, "bad password pa55word")).line ==
          "traces: http/protobuf http://***@127.0.0.1:4318/v1/traces: failed: bad password *** (2 ms)");
}

TEST_CASE("judge: a header value the receiver echoes back is hidden (regression: grpc-message leaked the key)") {
    // The per-signal variable and the percent-decoded value: neither is known to
    // gym-otel-env's redactor, only to the probe that sent it.
    auto t = target({{"OTEL_EXPORTER_OTLP_PROTOCOL", "grpc"},
                     {"OTEL_EXPORTER_OTLP_ENDPOINT", "http://127.0.0.1:4317"},
                     {"OTEL_EXPORTER_OTLP_TRACES_HEADERS", "x-api-key=abc%2Fsecret-123,x-team=ab"}});
    CHECK(judge(t, grpc_answer(16, "unknown API key abc/secret-123 for ab")).line ==
          kGrpc +
              ": rejected: gRPC status 16 UNAUTHENTICATED 'unknown API key *** for ab' (3 ms): check "
              "OTEL_EXPORTER_OTLP_TRACES_HEADERS (sent: x-api-key=***, x-team=***)");
    auto h = target({{"OTEL_EXPORTER_OTLP_PROTOCOL", "http/protobuf"},
                     {"OTEL_EXPORTER_OTLP_ENDPOINT", "http://127.0.0.1:4318"},
                     {"OTEL_EXPORTER_OTLP_HEADERS", "authorization=Bearer%20tok-9876"}});
    CHECK(judge(h, failure(Transport::other, "server said Bearer tok-9876")).line ==
          kHttp + ": failed: server said *** (2 ms)");
}

TEST_CASE("judge: a signal the SDK cannot export is not accepted") {
    auto t = target({{"OTEL_EXPORTER_OTLP_PROTOCOL", "http/xml"}});
    auto v = judge(t, {});
    CHECK_FALSE(v.accepted);
    CHECK(v.line ==
          "traces: the SDK cannot export: OTEL_EXPORTER_OTLP_PROTOCOL is 'http/xml', not grpc, http/protobuf or "
          "http/json");
}

TEST_CASE("without_requests: one line when nothing is sent") {
    CHECK(without_requests(plan({}))->line == "telemetry is off: nothing is exported, nothing to probe");
    CHECK(without_requests(plan({}))->accepted);
    auto console = without_requests(plan({{"NEMO_GYM_OTEL_ENABLED", "1"}, {"NEMO_GYM_OTEL_EXPORTER", "console"}}));
    CHECK(console->line == "the console exporter writes to each server's output: nothing to probe");
    CHECK(console->accepted);
    auto zipkin = without_requests(plan({{"NEMO_GYM_OTEL_ENABLED", "1"}, {"NEMO_GYM_OTEL_EXPORTER", "zipkin"}}));
    CHECK(zipkin->line == "the exporter 'zipkin' is neither otlp nor console: nemo-lens refuses it");
    CHECK_FALSE(zipkin->accepted);
    auto none = without_requests(plan({{"NEMO_GYM_OTEL_ENABLED", "1"},
                                       {"NEMO_GYM_OTEL_TRACES_ENABLED", "0"},
                                       {"NEMO_GYM_OTEL_METRICS_ENABLED", "0"}}));
    CHECK(none->line == "traces, metrics and logs are all off: nothing is exported, nothing to probe");
    CHECK_FALSE(without_requests(plan({{"NEMO_GYM_OTEL_ENABLED", "1"}})));
    CHECK(grpc_status_name(16) == "UNAUTHENTICATED");
    CHECK(grpc_status_name(17).empty());
}
