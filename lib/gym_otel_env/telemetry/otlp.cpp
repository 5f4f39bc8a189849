#include "gym_otel_env/telemetry/otlp.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "gym_otel_env/core/python.hpp"
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

namespace {

// opentelemetry/util/re.py: _KEY_FORMAT, [\x21\x23-\x27\x2a\x2b\x2d\x2e\x30-\x39\x41-\x5a\x5e-\x7a\x7c\x7e]
bool sdk_name_byte(char c) {
    auto u = static_cast<unsigned char>(c);
    return u == 0x21 || (u >= 0x23 && u <= 0x27) || u == 0x2a || u == 0x2b || u == 0x2d || u == 0x2e ||
           (u >= 0x30 && u <= 0x39) || (u >= 0x41 && u <= 0x5a) || (u >= 0x5e && u <= 0x7a) || u == 0x7c || u == 0x7e;
}

// _LIBERAL_VALUE_FORMAT, [\x20\x21\x23-\x2b\x2d-\x3a\x3c-\x5b\x5d-\x7e]: printable ASCII but
// '"', ',', ';' and '\\' (_VALUE_FORMAT, the strict one, also leaves out the space).
bool sdk_value_byte(char c) {
    auto u = static_cast<unsigned char>(c);
    return u == 0x20 || u == 0x21 || (u >= 0x23 && u <= 0x2b) || (u >= 0x2d && u <= 0x3a) || (u >= 0x3c && u <= 0x5b) ||
           (u >= 0x5d && u <= 0x7e);
}

// One stripped, non-empty entry: `{_OWS}{_KEY_FORMAT}{_OWS}={_OWS}{value}{_OWS}` fullmatched.
SdkHeaderEntry read_sdk_entry(std::string_view entry) {
    SdkHeaderEntry out;
    size_t eq = entry.find('=');
    std::string_view name = eq == std::string_view::npos ? entry : trim(entry.substr(0, eq), " \t");
    if (eq == std::string_view::npos || name.empty()) {
        out.drop = SdkHeaderEntry::Drop::no_name;
        return out;
    }
    if (auto bad = std::find_if_not(name.begin(), name.end(), sdk_name_byte); bad != name.end()) {
        out.drop = SdkHeaderEntry::Drop::name_byte;
        out.byte = *bad;
        return out;
    }
    std::string_view value = trim(entry.substr(eq + 1), " \t");
    if (auto bad = std::find_if_not(value.begin(), value.end(), sdk_value_byte); bad != value.end()) {
        out.drop = SdkHeaderEntry::Drop::value_byte;
        out.byte = *bad;
        return out;
    }
    // The strict form (no space in the value) is unquote()d, the liberal one is not; both
    // are then stripped and lower-cased.
    bool strict = value.find(' ') == std::string_view::npos;
    std::string key = strict ? percent_decode(name) : std::string(name);
    out.name = ascii_lower(python_strip(key));
    return out;
}

}  // namespace

std::vector<SdkHeaderEntry> sdk_header_entries(std::string_view list) {
    std::vector<SdkHeaderEntry> out;
    auto entries = split(list, ',');
    for (size_t i = 0; i < entries.size(); ++i) {
        // The delimiter takes the blanks on both sides of each comma.
        std::string_view raw = entries[i];
        if (i > 0) raw = raw.substr(std::min(raw.size(), raw.find_first_not_of(" \t")));
        if (i + 1 < entries.size()) raw = raw.substr(0, raw.find_last_not_of(" \t") + 1);  // npos + 1 is 0
        if (raw.empty()) continue;                                                         // `if not header: continue`
        std::string_view stripped = python_strip(raw);
        SdkHeaderEntry e = stripped.empty() ? SdkHeaderEntry{} : read_sdk_entry(stripped);
        if (stripped.empty()) e.drop = SdkHeaderEntry::Drop::blank;
        e.number = i + 1;
        for (auto& earlier : out)
            if (e.drop == SdkHeaderEntry::Drop::none && earlier.drop == SdkHeaderEntry::Drop::none &&
                earlier.name == e.name) {
                earlier.drop = SdkHeaderEntry::Drop::replaced;
                earlier.replaced_by = e.number;
            }
        out.push_back(std::move(e));
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
