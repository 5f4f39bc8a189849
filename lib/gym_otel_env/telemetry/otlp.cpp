#include "gym_otel_env/telemetry/otlp.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "gym_otel_env/core/text.hpp"

namespace goe {

std::string_view name(Signal signal) {
    switch (signal) {
        case Signal::traces: return "traces";
        case Signal::metrics: return "metrics";
        case Signal::logs: return "logs";
    }
    return "";
}

std::string_view name(Protocol protocol) {
    switch (protocol) {
        case Protocol::grpc: return "grpc";
        case Protocol::http_protobuf: return "http/protobuf";
        case Protocol::http_json: return "http/json";
    }
    return "";
}

std::string_view default_port(Protocol protocol) { return protocol == Protocol::grpc ? "4317" : "4318"; }

std::optional<Protocol> parse_protocol(std::string_view text) {
    std::string value = ascii_lower(trim(text));  // nemo-lens: .strip().lower() (_resolve_otlp_protocol)
    for (auto p : {Protocol::grpc, Protocol::http_protobuf, Protocol::http_json})
        if (value == name(p)) return p;
    return std::nullopt;
}

std::string signal_variable(Signal signal, std::string_view option) {
    std::string upper;
    for (char c : name(signal)) upper += static_cast<char>(c - 'a' + 'A');
    return fmt::format("OTEL_EXPORTER_OTLP_{}_{}", upper, option);
}

std::string signal_path(std::string_view path, Signal signal) {
    return fmt::format("{}{}v1/{}", path, path.ends_with('/') ? "" : "/", name(signal));
}

bool is_http_token(std::string_view text) {
    return !text.empty() && std::all_of(text.begin(), text.end(), [](char c) {
        return is_alpha(c) || is_digit(c) || std::string_view("!#$%&'*+-.^_`|~").find(c) != std::string_view::npos;
    });
}

namespace {
int hex_value(char c) { return is_digit(c) ? c - '0' : ascii_lower(c) - 'a' + 10; }
}  // namespace

std::string percent_decode(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '%' && i + 2 < text.size() && is_hex_digit(text[i + 1]) && is_hex_digit(text[i + 2])) {
            out += static_cast<char>(hex_value(text[i + 1]) * 16 + hex_value(text[i + 2]));
            i += 2;
        } else {
            out += text[i];
        }
    }
    return out;
}

std::vector<Header> parse_headers(std::string_view text) {
    std::vector<Header> out;
    for (const auto& entry : split(text, ',')) {
        size_t eq = entry.find('=');
        if (eq == std::string::npos) continue;
        std::string key = percent_decode(trim(std::string_view(entry).substr(0, eq), " \t"));
        std::string value = percent_decode(trim(std::string_view(entry).substr(eq + 1), " \t"));
        if (!is_http_token(key) || value.find_first_of(std::string_view("\r\n\0", 3)) != std::string::npos) continue;
        out.push_back({std::move(key), std::move(value)});
    }
    return out;
}

std::optional<Url> parse_url(std::string_view text) {
    Url url;
    text = trim(text);
    if (size_t colon = text.find("://"); colon != std::string_view::npos) {
        std::string_view scheme = text.substr(0, colon);
        if (scheme.empty() || !is_alpha(scheme[0]) || !std::all_of(scheme.begin(), scheme.end(), [](char c) {
                return is_alpha(c) || is_digit(c) || c == '+' || c == '-' || c == '.';
            }))
            return std::nullopt;
        url.scheme = ascii_lower(scheme);
        text.remove_prefix(colon + 3);
    }
    text = text.substr(0, text.find('#'));
    size_t end = std::min(text.find('/'), text.find('?'));
    std::string_view authority = text.substr(0, end);
    std::string_view rest = end == std::string_view::npos ? std::string_view() : text.substr(end);
    if (size_t at = authority.rfind('@'); at != std::string_view::npos) {
        url.userinfo = authority.substr(0, at);
        authority.remove_prefix(at + 1);
    }
    std::string_view port;
    if (authority.starts_with('[')) {
        size_t close = authority.find(']');
        if (close == std::string_view::npos) return std::nullopt;
        url.host = authority.substr(0, close + 1);
        std::string_view after = authority.substr(close + 1);
        if (!after.empty() && !after.starts_with(':')) return std::nullopt;
        if (!after.empty()) port = after.substr(1);
    } else {
        size_t colon = authority.rfind(':');
        url.host = authority.substr(0, colon);
        if (colon != std::string_view::npos) port = authority.substr(colon + 1);
    }
    if (url.host.empty() || url.host == "[]" || port.size() > 5 || !std::all_of(port.begin(), port.end(), is_digit))
        return std::nullopt;
    url.port = port;
    size_t question = rest.find('?');
    url.path = rest.substr(0, question);
    if (question != std::string_view::npos) url.query = rest.substr(question + 1);
    return url;
}

std::string url_text(const Url& url) {
    return fmt::format("{}{}{}{}{}{}{}", url.scheme.empty() ? "" : url.scheme + "://",
                       url.userinfo.empty() ? "" : url.userinfo + "@", url.host, url.port.empty() ? "" : ":", url.port,
                       url.path, url.query.empty() ? "" : "?" + url.query);
}

EndpointReading read_endpoint(std::string_view text, Protocol protocol, bool insecure) {
    EndpointReading out;
    auto url = parse_url(text);
    bool grpc = protocol == Protocol::grpc;
    if (!url) {
        out.problem = EndpointReading::Problem::not_a_url;
        return out;
    }
    out.url = std::move(*url);
    if (out.url.scheme.empty()) {
        if (!grpc) {
            out.problem = EndpointReading::Problem::no_scheme;
            return out;
        }
        out.url.scheme = insecure ? "http" : "https";
    }
    if (out.url.scheme != "http" && out.url.scheme != "https") out.problem = EndpointReading::Problem::other_scheme;
    return out;
}

}  // namespace goe
