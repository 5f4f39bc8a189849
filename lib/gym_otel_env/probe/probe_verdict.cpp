#include "gym_otel_env/probe/probe_verdict.hpp"

#include <algorithm>
#include <array>
#include <vector>

#include <fmt/format.h>

#include "gym_otel_env/core/text.hpp"
#include "gym_otel_env/telemetry/secrecy.hpp"

namespace goe::probe {
namespace {

constexpr std::array<std::string_view, 17> kGrpcStatuses{
    "OK",        "CANCELLED",      "UNKNOWN",           "INVALID_ARGUMENT",   "DEADLINE_EXCEEDED",
    "NOT_FOUND", "ALREADY_EXISTS", "PERMISSION_DENIED", "RESOURCE_EXHAUSTED", "FAILED_PRECONDITION",
    "ABORTED",   "OUT_OF_RANGE",   "UNIMPLEMENTED",     "INTERNAL",           "UNAVAILABLE",
    "DATA_LOSS", "UNAUTHENTICATED"};

// Text from the other end (libcurl's words, a grpc-message) on one line: control
// characters as \xNN, so that a line stays one line.
std::string one_line(std::string_view text) {
    std::string out;
    for (char c : text) {
        auto u = static_cast<unsigned char>(c);
        if (u < 0x20 || u == 0x7f) out += fmt::format("\\x{:02x}", u);
        else out += c;
    }
    return out;
}

// No secret part of the values the probe read (secrecy.hpp's rule: a URL's userinfo and
// query, each header's value as written and as sent) reaches a line: libcurl may repeat
// a URL, a receiver may echo a key back in grpc-message, and this runs in the probe
// program, where gym-otel-env's redactor is not. A part the redactor would not hide on its
// own (worth_hiding) is left alone for the same reason: masking every "1" garbles the line.
std::string hidden(std::string text, const Target& t) {
    std::vector<std::string_view> secrets;
    for (const auto& s : t.secrets)
        if (worth_hiding(s)) secrets.emplace_back(s);
    std::sort(secrets.begin(), secrets.end(), [](auto a, auto b) { return a.size() > b.size(); });
    for (auto secret : secrets)
        for (size_t at = text.find(secret); at != std::string::npos; at = text.find(secret, at + 3))
            text.replace(at, secret.size(), "***");
    return text;
}

std::string authority(const Target& t) { return t.url.port.empty() ? t.url.host : t.url.host + ":" + t.url.port; }

// The name the user wrote it under: the config key when it is the generic variable the
// config becomes, else the variable itself.
std::string setting(const std::string& variable, std::string_view generic, std::string_view key) {
    return variable.empty() || variable == generic ? std::string(key) : variable;
}

std::string check_endpoint(const Target& t) {
    if (t.endpoint_variable.empty()) return "no otlp_endpoint is set, so the SDK sends to localhost: set otlp_endpoint";
    return "check " + setting(t.endpoint_variable, "OTEL_EXPORTER_OTLP_ENDPOINT", "otlp_endpoint");
}

std::string check_headers(const Target& t) {
    std::string sent;
    for (const auto& h : t.headers) sent += fmt::format("{}{}=***", sent.empty() ? "" : ", ", h.key);
    return fmt::format("check {} ({})", setting(t.headers_variable, "OTEL_EXPORTER_OTLP_HEADERS", "otlp_headers"),
                       sent.empty() ? "none sent" : "sent: " + sent);
}

std::string protocol_setting(const Target& t) {
    return setting(t.protocol_variable, "OTEL_EXPORTER_OTLP_PROTOCOL", "otlp_protocol");
}

// The protocol does not match what the endpoint speaks.
std::string wrong_protocol(const Target& t) {
    std::string is = t.protocol_variable.empty()
                         ? fmt::format("{} is not set, so the SDK uses grpc,", protocol_setting(t))
                         : fmt::format("{} is {}", protocol_setting(t), name(t.protocol));
    if (t.protocol == Protocol::grpc)
        return fmt::format(
            "{} but the endpoint speaks HTTP: set {} to http/protobuf, or use the receiver's gRPC port "
            "(4317 on a collector)",
            is, protocol_setting(t));
    return fmt::format(
        "{} but the endpoint speaks gRPC: set {} to grpc, or use the receiver's OTLP/HTTP port (4318 "
        "on a collector)",
        is, protocol_setting(t));
}

std::string not_found(const Target& t) {
    std::string_view signal = name(t.signal);
    if (!t.endpoint_variable.empty() && t.endpoint_variable != "OTEL_EXPORTER_OTLP_ENDPOINT")
        return fmt::format("{} is used as is: give the whole URL, usually ending in /v1/{}", t.endpoint_variable,
                           signal);
    if (!t.endpoint_path.empty() && t.endpoint_path != "/")
        return fmt::format(
            "the endpoint has the path {}, to which the SDK appends /v1/{}: set otlp_endpoint to the "
            "receiver's base URL (scheme://host:port)",
            t.endpoint_path, signal);
    return fmt::format("no OTLP/HTTP receiver at /v1/{}: is {} the receiver's OTLP/HTTP port (4318 on a collector)?",
                       signal, authority(t));
}

std::string failed(const Target& t, std::string_view head, std::string_view problem, const Outcome& o,
                   std::string_view fix) {
    return hidden(fmt::format("{}: {} ({} ms){}{}", head, problem, o.elapsed_ms, fix.empty() ? "" : ": ", fix), t);
}

Verdict judge_grpc(const Target& t, std::string_view head, const Outcome& o) {
    if (o.http_version == 1)
        return {false, failed(t, head, fmt::format("answered HTTP/1.1 {}, not gRPC", o.status), o, wrong_protocol(t))};
    if (!o.content_type.starts_with("application/grpc")) {
        if (o.status == 401 || o.status == 403)
            return {false, failed(t, head, fmt::format("rejected: HTTP {}", o.status), o, check_headers(t))};
        std::string type = o.content_type.empty() ? "no content-type" : one_line(o.content_type);
        return {false, failed(t, head, fmt::format("answered HTTP/2 {} with {}, not gRPC", o.status, type), o,
                              wrong_protocol(t))};
    }
    if (!o.grpc_status)
        return {false, failed(t, head, fmt::format("answered HTTP/2 {} without a gRPC status", o.status), o,
                              "is this an OTLP gRPC receiver?")};
    int code = *o.grpc_status;
    if (code == 0) return {true, fmt::format("{}: accepted (gRPC OK, {} ms)", head, o.elapsed_ms)};
    std::string_view status_name = grpc_status_name(code);
    std::string problem =
        fmt::format("rejected: gRPC status {}{}{}", code, status_name.empty() ? "" : " ", status_name);
    if (!o.grpc_message.empty()) problem += fmt::format(" '{}'", one_line(percent_decode(o.grpc_message)));
    std::string fix;
    if (code == 16 || code == 7) fix = check_headers(t);
    else if (code == 12)
        fix = fmt::format("the server has no OTLP {} service: is this the OTLP gRPC port of a collector?",
                          name(t.signal));
    else if (code == 14 || code == 8 || code == 4) fix = "the receiver is overloaded or restarting";
    else if (code == 3) fix = "the receiver refused even an empty export request: is it an OTLP receiver?";
    return {false, failed(t, head, problem, o, fix)};
}

Verdict judge_http(const Target& t, std::string_view head, const Outcome& o) {
    if (o.content_type.starts_with("application/grpc"))
        return {false, failed(t, head, fmt::format("answered gRPC (HTTP/2 {})", o.status), o, wrong_protocol(t))};
    long s = o.status;
    if (s >= 200 && s < 300) return {true, fmt::format("{}: accepted (HTTP {}, {} ms)", head, s, o.elapsed_ms)};
    std::string problem = fmt::format("rejected: HTTP {}", s);
    std::string fix;
    if (s == 401 || s == 403) fix = check_headers(t);
    else if (s == 404) fix = not_found(t);
    else if (s == 405)
        fix =
            fmt::format("the endpoint takes no POST: is {} an OTLP/HTTP receiver (4318 on a collector)?", authority(t));
    else if (s == 400 || s == 415)
        fix = fmt::format("the receiver cannot read an empty {} export request: check {}", name(t.protocol),
                          protocol_setting(t));
    else if (s >= 300 && s < 400) fix = "a redirect: set the endpoint to the URL it redirects to";
    else if (s == 408 || s == 429 || s >= 500) fix = "the receiver is overloaded or failing";
    return {false, failed(t, head, problem, o, fix)};
}

}  // namespace

std::string_view grpc_status_name(int code) {
    return code >= 0 && code < static_cast<int>(kGrpcStatuses.size()) ? kGrpcStatuses[static_cast<size_t>(code)] : "";
}

Verdict judge(const Target& t, const Outcome& o) {
    std::string_view signal = name(t.signal);
    if (!t.invalid.empty()) return {false, fmt::format("{}: the SDK cannot export: {}", signal, t.invalid)};
    std::string head = fmt::format("{}: {} {}", signal, name(t.protocol), shown_url(t.url));
    std::string error = one_line(o.error);
    switch (o.transport) {
        case Transport::answered: return t.protocol == Protocol::grpc ? judge_grpc(t, head, o) : judge_http(t, head, o);
        case Transport::dns:
            return {false,
                    failed(t, head, fmt::format("cannot resolve the host {}", t.url.host), o, check_endpoint(t))};
        case Transport::connect:
            return {false,
                    failed(t, head, fmt::format("cannot connect: {}", error), o,
                           fmt::format("is the receiver running on {}? else {}", authority(t), check_endpoint(t)))};
        case Transport::untrusted:
            return {false, failed(t, head, fmt::format("TLS: the server's certificate is not trusted: {}", error), o,
                                  t.certificate.empty()
                                      ? "for a private CA, set OTEL_EXPORTER_OTLP_CERTIFICATE to its certificate file"
                                      : fmt::format("the CA file {} did not sign it", one_line(t.certificate)))};
        case Transport::tls:
            return {false, failed(t, head, fmt::format("TLS handshake failed: {}", error), o,
                                  error.find("wrong version number") != std::string::npos
                                      ? "the endpoint speaks plain HTTP: use http://, not https://"
                                      : "does the endpoint speak TLS?")};
        case Transport::tls_files:
            return {false, failed(t, head, fmt::format("cannot use the TLS files: {}", error), o,
                                  "check OTEL_EXPORTER_OTLP_CERTIFICATE, _CLIENT_CERTIFICATE and _CLIENT_KEY")};
        case Transport::timeout:
            return {false,
                    failed(t, head, fmt::format("no answer within {} ms", t.timeout_ms), o,
                           t.timeout_is_total ? "the receiver is slow or the packets are dropped; --probe-timeout "
                                                "gives it longer"
                                              : "the SDK would give up too (OTEL_EXPORTER_OTLP_TIMEOUT): the "
                                                "receiver is slow or the packets are dropped")};
        case Transport::garbled:  // libcurl's words vary with the moment the other end hung up: left out
            return {false, failed(t, head, t.protocol == Protocol::grpc ? "no HTTP/2 answer" : "no HTTP/1.1 answer", o,
                                  wrong_protocol(t))};
        case Transport::other: return {false, failed(t, head, fmt::format("failed: {}", error), o, "")};
    }
    return {false, head};
}

std::optional<Verdict> without_requests(const Plan& plan) {
    switch (plan.kind) {
        case Plan::Kind::off: return Verdict{true, "telemetry is off: nothing is exported, nothing to probe"};
        case Plan::Kind::console:
            return Verdict{true, "the console exporter writes to each server's output: nothing to probe"};
        case Plan::Kind::unknown_exporter:
            return Verdict{false, fmt::format("the exporter '{}' is neither otlp nor console: nemo-lens refuses it",
                                              one_line(plan.exporter))};
        case Plan::Kind::otlp:
            if (plan.targets.empty())
                return Verdict{true, "traces, metrics and logs are all off: nothing is exported, nothing to probe"};
            return std::nullopt;
    }
    return std::nullopt;
}

}  // namespace goe::probe
