// --probe, what to send: from the environment a run's servers would get, where the
// OpenTelemetry SDK would export each enabled signal (endpoint, protocol, headers, TLS
// files, timeout) and the empty export request of each protocol. Sending is the probe
// executable's (apps/gym-otel-env-probe); the verdict on the answer is probe_verdict.hpp's.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gym_otel_env/core/environment.hpp"
#include "gym_otel_env/telemetry/otlp.hpp"
#include "gym_otel_env/telemetry/schema.hpp"
#include "gym_otel_env/telemetry/secrecy.hpp"

namespace goe::probe {

// The OTLP names and URL rules are the telemetry folder's (otlp.hpp).
using goe::name;
using goe::Protocol;
using goe::Signal;

using goe::Header;
using goe::parse_headers;
using goe::percent_decode;

using goe::parse_url;
using goe::shown_url;
using goe::Url;

struct Target {
    Signal signal = Signal::traces;
    Protocol protocol = kDefaultProtocol;
    std::string protocol_variable;  // the variable that chose it, "" for the SDK default
    Url url;                        // what is requested (gRPC: the Export method's path)
    std::string endpoint_variable;  // OTEL_EXPORTER_OTLP_<SIGNAL>_ENDPOINT, OTEL_EXPORTER_OTLP_ENDPOINT or ""
    std::string endpoint_path;      // the path OTEL_EXPORTER_OTLP_ENDPOINT had before /v1/<signal> was added
    std::vector<Header> headers;
    std::string headers_variable;  // where the headers came from, "" when none
    bool tls = false;
    std::string certificate;  // CA file (OTEL_EXPORTER_OTLP_[<SIGNAL>_]CERTIFICATE) or "": the system's
    std::string client_certificate;
    std::string client_key;
    long timeout_ms = 0;               // for this request: the SDK's timeout bounded by the total
    bool timeout_is_total = false;     // the total limit (--probe-timeout) is the tighter bound
    std::string invalid;               // why the SDK could not export this signal at all ("" if it can)
    std::vector<std::string> secrets;  // what no line may show: the schema's secret parts of the values read
};

struct Plan {
    enum class Kind {
        off,               // telemetry disabled: nothing is exported
        console,           // the console exporter: nothing goes over the network
        unknown_exporter,  // neither otlp nor console (nemo-lens refuses it)
        otlp,
    };
    Kind kind = Kind::off;
    std::string exporter;         // NEMO_GYM_OTEL_EXPORTER as set
    std::vector<Target> targets;  // otlp: one per enabled signal, traces, metrics, logs
};

inline constexpr long kDefaultSdkTimeoutMs = 10000;  // the OTLP exporter spec's default
inline constexpr long kDefaultTotalMs = 5000;        // --probe-timeout's default

// The plan for the environment `env` (the child's, exports applied). `total_ms` bounds
// every request, which run concurrently.
Plan plan(const Environment& env, long total_ms = kDefaultTotalMs);

// --probe-timeout's value, seconds as a decimal number ("2", "0.5"), in milliseconds;
// nullopt unless it is more than 0 and at most 600 seconds.
std::optional<long> parse_total_timeout(std::string_view seconds);

// The command line's --probe-timeout ("" when not given) in milliseconds, the default when
// not given; a usage error (goe::Error) when it is not such a time or comes without --probe.
long total_timeout_option(bool probe, std::string_view seconds);

// The empty export request of a protocol: no resource, no spans, metrics or records.
struct Request {
    std::string content_type;
    std::string body;                  // empty protobuf message: no bytes; OTLP/JSON: "{}"
    std::vector<std::string> headers;  // besides Content-Type, as "name: value"
    bool http2 = false;                // gRPC is HTTP/2 only
};

Request request(Protocol protocol);

}  // namespace goe::probe
