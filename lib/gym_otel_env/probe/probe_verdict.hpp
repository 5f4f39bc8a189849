// --probe, what came back: the outcome of one empty export request (as the probe
// executable saw it through libcurl) judged as the SDK would take it, in one line per
// signal with the likely fix. Header values never appear: only `key=***`.
#pragma once

#include <optional>
#include <string>

#include "gym_otel_env/probe/probe_plan.hpp"

namespace goe::probe {

enum class Transport {
    answered,   // an HTTP response came back: status and the rest below
    dns,        // the host name does not resolve
    connect,    // no connection: refused, unreachable (`error` says which)
    untrusted,  // TLS: the server's certificate did not verify
    tls,        // TLS: the handshake failed otherwise
    tls_files,  // TLS: the CA file, client certificate or key cannot be used
    timeout,    // no complete answer within the request's limit
    garbled,    // not the HTTP version asked for came back (HTTP/1 for HTTP/2, or the reverse), or a hang-up
    other,
};

struct Outcome {
    Transport transport = Transport::answered;
    std::string error;     // libcurl's words when there is no answer, or the OS's
    long status = 0;       // HTTP status
    int http_version = 0;  // 1 (HTTP/1.x) or 2
    std::optional<int> grpc_status;
    std::string grpc_message;  // as sent (percent-encoded)
    std::string content_type;
    long elapsed_ms = 0;  // from the start of the request (name lookup included) to its end
};

struct Verdict {
    bool accepted = false;
    std::string line;  // "traces: http/protobuf http://host:4318/v1/traces: accepted (HTTP 200, 3 ms)"
};

// The verdict on one signal's request. A target the SDK cannot use (Target::invalid) is
// not accepted whatever the outcome.
Verdict judge(const Target& target, const Outcome& outcome);

// The one line when the plan sends nothing (telemetry off, the console exporter, an
// unknown exporter, every signal off); nullopt when there are requests to send.
std::optional<Verdict> without_requests(const Plan& plan);

// The name of a gRPC status code ("UNAUTHENTICATED"), or "" for a code gRPC does not define.
std::string_view grpc_status_name(int code);

}  // namespace goe::probe
