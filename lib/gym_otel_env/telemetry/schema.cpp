#include "gym_otel_env/telemetry/schema.hpp"

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "gym_otel_env/core/text.hpp"
#include "gym_otel_env/telemetry/otlp.hpp"
#include "gym_otel_env/telemetry/schema_versions.hpp"

namespace goe {

std::string_view Field::block() const {
    size_t dot = key.rfind('.');
    return dot == std::string_view::npos ? std::string_view() : key.substr(0, dot);
}

std::string_view Field::name() const {
    size_t dot = key.rfind('.');
    return dot == std::string_view::npos ? key : key.substr(dot + 1);
}

const Field* Schema::find(std::string_view key) const {
    for (const auto& f : fields)
        if (f.key == key) return &f;
    return nullptr;
}

bool Schema::is_block(std::string_view key) const {
    return std::any_of(fields.begin(), fields.end(), [&](const Field& f) { return f.block() == key; });
}

// Close means at most one edit per three characters (at least one), so a short word
// is not "corrected" into an unrelated one ('foo' is not a typo of 'job').
std::string_view closest_word(std::string_view key, std::span<const std::string_view> words) {
    std::string_view best;
    size_t best_distance = std::max<size_t>(1, key.size() / 3) + 1;
    for (auto word : words) {
        size_t d = edit_distance(key, word);
        if (d < best_distance) {
            best_distance = d;
            best = word;
        }
    }
    return best;
}

std::string_view Schema::closest(std::string_view key, std::string_view block) const {
    // The names at that level: the fields in it, and the nested blocks under it.
    std::vector<std::string_view> names;
    for (const auto& f : fields) {
        std::string_view here = f.block() == block ? f.name() : f.block();
        if ((f.block() == block || (block.empty() && !f.block().empty())) &&
            std::find(names.begin(), names.end(), here) == names.end())
            names.push_back(here);
    }
    return closest_word(key, names);
}

const Field* Schema::of_variable(std::string_view variable) const {
    for (const auto& f : fields)
        if (f.variable == variable || (!f.lens.empty() && f.lens == variable)) return &f;
    for (Signal signal : kSignals)
        for (std::string_view option : kSignalOptions)
            if (signal_variable(signal, option) == variable)
                return of_variable(fmt::format("OTEL_EXPORTER_OTLP_{}", option));
    return nullptr;
}

namespace {

// An endpoint's parts that may hold a credential, read leniently: a text that fails to
// parse as a URL must not escape the rule. After an optional "scheme://", the authority
// runs to the first '/', '?' or '#', and its userinfo is what comes before its last '@';
// the query runs from the first '?' to a '#', the fragment from the first '#' after it.
struct UrlParts {
    std::string_view head;      // up to the userinfo: "scheme://", or nothing
    std::string_view userinfo;  // without its '@'
    bool has_userinfo = false;  // an '@' in the authority
    std::string_view middle;    // host, port and path
    std::string_view query;     // without its '?'
    bool has_query = false;
    std::string_view fragment;  // without its '#'
    bool has_fragment = false;
};

bool scheme_text(std::string_view s) {
    return !s.empty() && is_alpha(s[0]) && std::all_of(s.begin(), s.end(), [](char c) {
        return is_alpha(c) || is_digit(c) || c == '+' || c == '-' || c == '.';
    });
}

UrlParts url_parts(std::string_view text) {
    UrlParts p;
    size_t start = 0;
    if (size_t colon = text.find("://"); colon != std::string_view::npos && scheme_text(text.substr(0, colon)))
        start = colon + 3;
    p.head = text.substr(0, start);
    std::string_view rest = text.substr(start);
    if (size_t hash = rest.find('#'); hash != std::string_view::npos) {
        p.has_fragment = true;
        p.fragment = rest.substr(hash + 1);
        rest = rest.substr(0, hash);
    }
    if (size_t question = rest.find('?'); question != std::string_view::npos) {
        p.has_query = true;
        p.query = rest.substr(question + 1);
        rest = rest.substr(0, question);
    }
    size_t authority_end = std::min(rest.find('/'), rest.size());
    if (size_t at = rest.substr(0, authority_end).rfind('@'); at != std::string_view::npos) {
        p.has_userinfo = true;
        p.userinfo = rest.substr(0, at);
        rest.remove_prefix(at + 1);
    }
    p.middle = rest;
    return p;
}

bool url_secret(const UrlParts& p) { return !p.userinfo.empty() || !p.query.empty() || !p.fragment.empty(); }

void add_part(std::vector<std::string>& parts, std::string_view part) {
    if (!part.empty() && std::find(parts.begin(), parts.end(), part) == parts.end()) parts.emplace_back(part);
}

}  // namespace

bool is_auth_scheme(std::string_view word) {
    static constexpr std::array<std::string_view, 17> kAuthSchemes{
        "basic", "bearer",       "concealed",   "digest",        "dpop",  "gnap",  "hoba",   "mutual", "negotiate",
        "oauth", "privatetoken", "scram-sha-1", "scram-sha-256", "vapid", "token", "apikey", "api-key"};
    std::string lower = ascii_lower(word);
    return std::find(kAuthSchemes.begin(), kAuthSchemes.end(), lower) != kAuthSchemes.end();
}

bool worth_hiding(std::string_view part) {
    // As the SDK sends it too: `Bearer%20` is the scheme alone.
    std::string sent = percent_decode(part);
    std::string_view core = trim(sent);
    return core.size() >= kMinSecretLength && !is_auth_scheme(core);
}

bool is_secret(const Field& field, std::string_view value) {
    switch (field.secrecy) {
        case Secrecy::none: return false;
        case Secrecy::always: return true;
        case Secrecy::credentials: return url_secret(url_parts(value));
    }
    return true;
}

std::string masked(const Field& field, std::string_view value) {
    if (!is_secret(field, value)) return std::string(value);
    if (field.secrecy == Secrecy::always) {
        std::vector<std::string> pairs;
        for (const auto& pair : split(value, ',')) {
            size_t eq = pair.find('=');
            pairs.push_back(eq == std::string::npos ? std::string("***") : pair.substr(0, eq) + "=***");
        }
        return fmt::format("{}", fmt::join(pairs, ","));
    }
    UrlParts p = url_parts(value);
    return fmt::format("{}{}{}{}{}", p.head, p.has_userinfo ? "***@" : "", p.middle,
                       p.has_query ? (p.query.empty() ? "?" : "?***") : "",
                       p.has_fragment ? (p.fragment.empty() ? "#" : "#***") : "");
}

std::vector<std::string> secret_parts(const Field& field, std::string_view value) {
    std::vector<std::string> parts;
    if (!is_secret(field, value)) return parts;
    add_part(parts, value);
    if (field.secrecy == Secrecy::always) {
        for (const auto& pair : split(value, ',')) {
            size_t eq = pair.find('=');
            if (eq == std::string::npos) continue;
            // The value as written, as the SDK sends it (percent-decoded), and the
            // credential after an authentication scheme: a collector's answer may quote
            // any of them.
            std::string_view written = trim(std::string_view(pair).substr(eq + 1), " \t");
            std::string sent = percent_decode(written);
            add_part(parts, written);
            add_part(parts, sent);
            if (size_t space = sent.find(' '); space != std::string::npos)
                add_part(parts, trim(std::string_view(sent).substr(space + 1), " \t"));
        }
        return parts;
    }
    UrlParts p = url_parts(value);
    add_part(parts, p.userinfo);
    if (size_t colon = p.userinfo.find(':'); colon != std::string_view::npos) {
        add_part(parts, p.userinfo.substr(0, colon));
        add_part(parts, p.userinfo.substr(colon + 1));
    }
    add_part(parts, p.query);
    for (const auto& pair : split(p.query, '&')) {
        size_t eq = pair.find('=');
        add_part(parts, eq == std::string::npos ? std::string_view(pair) : std::string_view(pair).substr(eq + 1));
    }
    add_part(parts, p.fragment);
    return parts;
}

std::string shown_url(const Url& url) {
    static const Field* endpoint = field_of_variable("OTEL_EXPORTER_OTLP_ENDPOINT");
    return masked(*endpoint, url_text(url));
}

const Field* field_of_variable(std::string_view variable) {
    for (const auto& schema : known_schemas())
        if (const Field* f = schema.of_variable(variable)) return f;
    return nullptr;
}

std::vector<std::string> environment_secrets(const Environment& env) {
    std::vector<std::string> out;
    for (const auto& [name, value] : env) {
        const Field* f = field_of_variable(name);
        if (!f) continue;
        for (auto& part : secret_parts(*f, value)) out.push_back(std::move(part));
    }
    return out;
}

bool may_hold_secret(std::string_view text) {
    std::string lower = ascii_lower(text);
    for (const auto& f : default_schema().fields) {
        size_t at = lower.find(f.key);
        if (f.secrecy == Secrecy::none || at == std::string::npos) continue;
        if (f.secrecy == Secrecy::always) return true;
        if (lower.find_first_of("@?#", at + f.key.size()) != std::string::npos) return true;
    }
    return false;
}

}  // namespace goe
