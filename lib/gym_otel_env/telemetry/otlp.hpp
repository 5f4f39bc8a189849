// The OTLP exporter's own rules, shared by the lint, --explain and --probe: its signals
// and protocols, nemo-lens' default protocol, the per-signal variables that override
// the generic ones, and the parts of an endpoint URL the SDKs read.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace goe {

enum class Signal { traces, metrics, logs };
enum class Protocol { grpc, http_protobuf, http_json };

inline constexpr std::array<Signal, 3> kSignals{Signal::traces, Signal::metrics, Signal::logs};

std::string_view name(Signal signal);      // "traces"
std::string_view name(Protocol protocol);  // "http/protobuf"

// No protocol set means gRPC: nemo-lens' _resolve_otlp_protocol falls back to it, as
// Python's exporters do, although the OTLP spec's default is http/protobuf
// (docs/decisions.md).
inline constexpr Protocol kDefaultProtocol = Protocol::grpc;

// The OpenTelemetry default ports: 4317 for OTLP/gRPC, 4318 for OTLP/HTTP.
std::string_view default_port(Protocol protocol);

// A protocol as nemo-lens reads it, blanks around removed and case ignored; nullopt for
// anything else.
std::optional<Protocol> parse_protocol(std::string_view text);

// OTEL_EXPORTER_OTLP_<SIGNAL>_<OPTION>, which the SDK reads for that signal before
// OTEL_EXPORTER_OTLP_<OPTION>.
std::string signal_variable(Signal signal, std::string_view option);

// The options this tool writes generically (telemetry.otlp_<option>, lower-cased), so that a
// per-signal variable can override them.
inline constexpr std::array<std::string_view, 3> kSignalOptions{"ENDPOINT", "PROTOCOL", "HEADERS"};

// The path a signal is sent to over OTLP/HTTP when OTEL_EXPORTER_OTLP_ENDPOINT (the
// generic one) has `path`: the SDK appends v1/<signal> ("/base" -> "/base/v1/traces").
std::string signal_path(std::string_view path, Signal signal);

// RFC 9110's token: what a header name may be.
bool is_http_token(std::string_view text);

struct Header {
    std::string key;
    std::string value;
    bool operator==(const Header&) const = default;
};

// OTEL_EXPORTER_OTLP_HEADERS' format (W3C baggage without properties): comma-separated
// key=value, blanks around each part dropped, key and value percent-decoded. An entry
// without '=' or with an empty key, or one that would break the request (a line break or
// NUL once decoded), is skipped, as the SDKs skip what they cannot parse.
std::vector<Header> parse_headers(std::string_view text);

// One entry of a header list as the OpenTelemetry Python SDK reads it: the OTLP exporters
// (proto-http _common/__init__.py _resolve_headers, proto-grpc exporter.py) call
// opentelemetry.util.re.parse_env_headers(s, liberal=True), which splits at
// `[ \t]*,[ \t]*`, skips an empty entry, str.strip()s the rest and fullmatches it against
// the spec's key=value (value percent-encoded), else against the same with spaces allowed
// in the value (then nothing is percent-decoded); an entry neither matches is dropped with
// a logged "Header format invalid!". Later entries overwrite earlier ones of the same name.
struct SdkHeaderEntry {
    enum class Drop {
        none,        // sent
        blank,       // only white space that the split left (a line break, say)
        no_name,     // no '=', or nothing before it
        name_byte,   // the name holds `byte`, which a token may not
        value_byte,  // the value holds `byte`, which the SDK takes in none of its forms
        replaced,    // a later entry has the same name: only the last is sent
    };
    size_t number = 0;  // 1-based among every comma-separated entry, empty ones too
    std::string name;   // as the SDK keys it (decoded, stripped, lower-cased); empty when dropped
    Drop drop = Drop::none;
    char byte = 0;           // for name_byte and value_byte
    size_t replaced_by = 0;  // for replaced: the number of the entry that is sent instead
};

// Every non-empty entry of `list`, in order, each with what becomes of it.
std::vector<SdkHeaderEntry> sdk_header_entries(std::string_view list);

// %XX (hex, either case) as the byte; a '%' not followed by two hex digits stays.
std::string percent_decode(std::string_view text);

// The parts of an endpoint URL the SDKs honour: scheme://[userinfo@]host[:port][/path][?query].
struct Url {
    std::string scheme;  // lower-cased; empty for gRPC's "host:port"
    std::string userinfo;
    std::string host;  // an IPv6 literal keeps its brackets
    std::string port;
    std::string path;
    std::string query;
    bool operator==(const Url&) const = default;
};

std::optional<Url> parse_url(std::string_view text);

// The URL as text again: scheme://[userinfo@]host[:port]path[?query]. Messages show it
// through secrecy's mask (shown_url in secrecy.hpp), never as is.
std::string url_text(const Url& url);

// How the SDK takes an endpoint over `protocol`, the one rule the lint and --probe share:
// OTLP/HTTP needs a URL with http:// or https://; gRPC also takes host:port, as gRPC
// clients do, and speaks TLS to it unless `insecure` (OTEL_EXPORTER_OTLP_[<SIGNAL>_]INSECURE
// is true); any other scheme is refused.
struct EndpointReading {
    enum class Problem { none, not_a_url, no_scheme, other_scheme };
    Problem problem = Problem::none;
    Url url;  // as the SDK uses it: gRPC's host:port gets http (insecure) or https
};
EndpointReading read_endpoint(std::string_view text, Protocol protocol, bool insecure = false);

}  // namespace goe
