#include "gym_otel_env/probe/probe_plan.hpp"

#include <algorithm>
#include <array>

#include <fmt/format.h>

#include "gym_otel_env/core/error.hpp"
#include "gym_otel_env/core/text.hpp"
#include "gym_otel_env/telemetry/schema_versions.hpp"
#include "gym_otel_env/telemetry/translate.hpp"

namespace goe::probe {
namespace {

struct SignalNames {
    Signal signal;
    std::string_view name;     // traces
    std::string_view upper;    // TRACES, in OTEL_EXPORTER_OTLP_TRACES_*
    std::string_view field;    // the schema's switch for it, whose variable and nemo-lens fallback say it is on
    std::string_view service;  // the OTLP/gRPC service: opentelemetry.proto.collector.<package>.v1.<Service>
    std::string_view package;
};

constexpr std::array<SignalNames, 3> kSignalNames{{
    {Signal::traces, "traces", "TRACES", "traces_enabled", "TraceService", "trace"},
    {Signal::metrics, "metrics", "METRICS", "metrics_enabled", "MetricsService", "metrics"},
    {Signal::logs, "logs", "LOGS", "logs_enabled", "LogsService", "logs"},
}};

// The first of `names` that is set (not blank), as the variable's name and its value.
struct Found {
    std::string variable;
    std::string value;  // blanks around removed
};

std::optional<Found> first_set(const Environment& env, std::initializer_list<std::string> names) {
    for (const auto& name : names)
        if (is_set(env, name)) return Found{name, std::string(trim(*lookup(env, name)))};
    return std::nullopt;
}

// OTEL_EXPORTER_OTLP_<SIGNAL>_<OPTION>, else OTEL_EXPORTER_OTLP_<OPTION>.
std::optional<Found> option(const Environment& env, const SignalNames& s, std::string_view name) {
    return first_set(
        env, {fmt::format("OTEL_EXPORTER_OTLP_{}_{}", s.upper, name), fmt::format("OTEL_EXPORTER_OTLP_{}", name)});
}

std::optional<long> parse_milliseconds(std::string_view text) {
    if (text.empty() || text.size() > 12 || !std::all_of(text.begin(), text.end(), is_digit)) return std::nullopt;
    long out = 0;
    for (char c : text) out = out * 10 + (c - '0');
    return out;
}

// What no line may show of a variable's value: the schema's rule.
void note_secrets(Target& t, const std::string& variable, std::string_view value) {
    for (auto& part : secret_parts(variable, value)) t.secrets.push_back(std::move(part));
}

void fill_endpoint(Target& t, const Environment& env, const SignalNames& s) {
    auto own = first_set(env, {fmt::format("OTEL_EXPORTER_OTLP_{}_ENDPOINT", s.upper)});
    auto generic = own ? std::nullopt : first_set(env, {"OTEL_EXPORTER_OTLP_ENDPOINT"});
    const auto& found = own ? own : generic;
    bool grpc = t.protocol == Protocol::grpc;
    std::string text = found ? found->value : fmt::format("http://localhost:{}", default_port(t.protocol));
    t.endpoint_variable = found ? found->variable : "";
    if (found) note_secrets(t, found->variable, text);
    auto insecure = option(env, s, "INSECURE");
    auto reading = read_endpoint(text, t.protocol, insecure && ascii_lower(insecure->value) == "true");
    std::string what = found ? found->variable : "the default endpoint";
    switch (reading.problem) {
        case EndpointReading::Problem::not_a_url:
        case EndpointReading::Problem::no_scheme:
            t.invalid = fmt::format("{} is not a URL (scheme://host[:port][/path])", what);
            return;
        case EndpointReading::Problem::other_scheme:
            t.invalid = fmt::format("{} has the scheme '{}', not http or https", what, reading.url.scheme);
            return;
        case EndpointReading::Problem::none: break;
    }
    std::optional<Url> url = std::move(reading.url);
    t.tls = url->scheme == "https";
    if (grpc) {
        // The SDKs take the host and port of a gRPC endpoint and call the service's method.
        url->path = fmt::format("/opentelemetry.proto.collector.{}.v1.{}/Export", s.package, s.service);
        url->query.clear();
    } else if (!own) {
        t.endpoint_path = url->path;
        url->path = signal_path(url->path, s.signal);
    }
    t.url = std::move(*url);
}

Target target(const Environment& env, const SignalNames& s, long total_ms) {
    Target t;
    t.signal = s.signal;
    if (auto p = option(env, s, "PROTOCOL")) {
        t.protocol_variable = p->variable;
        if (auto protocol = parse_protocol(p->value)) t.protocol = *protocol;
        else t.invalid = fmt::format("{} is '{}', not grpc, http/protobuf or http/json", p->variable, p->value);
    }
    if (t.invalid.empty()) fill_endpoint(t, env, s);
    if (auto h = option(env, s, "HEADERS")) {
        t.headers = parse_headers(h->value);
        t.headers_variable = h->variable;
        note_secrets(t, h->variable, h->value);
    }
    if (auto c = option(env, s, "CERTIFICATE")) t.certificate = c->value;
    if (auto c = option(env, s, "CLIENT_CERTIFICATE")) t.client_certificate = c->value;
    if (auto k = option(env, s, "CLIENT_KEY")) t.client_key = k->value;
    long sdk = kDefaultSdkTimeoutMs;  // an unreadable value: the SDKs use their default
    if (auto v = option(env, s, "TIMEOUT"))
        if (auto ms = parse_milliseconds(v->value)) sdk = *ms;
    t.timeout_is_total = sdk == 0 || total_ms < sdk;  // 0: the SDK sets no limit
    t.timeout_ms = t.timeout_is_total ? total_ms : sdk;
    return t;
}

}  // namespace

Plan plan(const Environment& env, long total_ms) {
    Plan out;
    // nemo-lens' variables and their fallbacks, as the schema names them (the seed's has them all).
    const Schema& schema = default_schema();
    auto read = [&](std::string_view key) {
        const Field& f = *schema.find(key);
        return first_set(env, {std::string(f.variable), std::string(f.lens)});
    };
    auto enabled = read("enabled");
    if (!enabled || !truthy(enabled->value)) return out;
    auto exporter = read("exporter");
    out.exporter =
        exporter
            ? exporter->value
            : std::string(schema.find("exporter")->fallback);  // blanks around removed, as nemo-lens' from_env does
    if (out.exporter == "console") {
        out.kind = Plan::Kind::console;
        return out;
    }
    if (out.exporter != "otlp") {
        out.kind = Plan::Kind::unknown_exporter;
        return out;
    }
    out.kind = Plan::Kind::otlp;
    for (const auto& s : kSignalNames) {
        auto on = read(s.field);
        if (truthy(on ? std::string_view(on->value) : schema.find(s.field)->fallback))
            out.targets.push_back(target(env, s, total_ms));
    }
    return out;
}

std::optional<long> parse_total_timeout(std::string_view seconds) {
    size_t dot = seconds.find('.');
    std::string_view whole = seconds.substr(0, dot);
    std::string_view fraction = dot == std::string_view::npos ? std::string_view() : seconds.substr(dot + 1);
    auto digits = [](std::string_view s) { return std::all_of(s.begin(), s.end(), is_digit); };
    if ((whole.empty() && fraction.empty()) || whole.size() > 3 || !digits(whole) || !digits(fraction) ||
        (dot != std::string_view::npos && fraction.empty()))
        return std::nullopt;
    long ms = 0;
    for (char c : whole) ms = ms * 10 + (c - '0');
    ms *= 1000;
    long scale = 100;
    for (size_t i = 0; i < fraction.size() && i < 3; ++i, scale /= 10) ms += (fraction[i] - '0') * scale;
    bool beyond = fraction.size() > 3 && fraction.substr(3).find_first_not_of('0') != std::string_view::npos;
    if (ms == 0 && beyond) ms = 1;  // 0.0001 s: more than nothing
    if (ms <= 0 || ms > 600000 || (ms == 600000 && beyond)) return std::nullopt;
    return ms;
}

long total_timeout_option(bool probe, std::string_view seconds) {
    if (seconds.empty()) return kDefaultTotalMs;
    if (!probe) throw Error("--probe-timeout requires --probe", Error::Kind::usage);
    if (auto ms = parse_total_timeout(seconds)) return *ms;
    throw Error(fmt::format("--probe-timeout: expected seconds, more than 0 and at most 600, got '{}'", seconds),
                Error::Kind::usage);
}

Request request(Protocol protocol) {
    switch (protocol) {
        case Protocol::http_protobuf: return {"application/x-protobuf", "", {}, false};
        case Protocol::http_json: return {"application/json", "{}", {}, false};
        case Protocol::grpc:
            // One length-prefixed message: not compressed (0), length 0, no bytes.
            return {"application/grpc", std::string(5, '\0'), {"te: trailers"}, true};
    }
    return {};
}

}  // namespace goe::probe
