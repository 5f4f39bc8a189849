#include "gym_otel_env/telemetry/secrecy.hpp"

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "gym_otel_env/core/text.hpp"
#include "gym_otel_env/telemetry/schema_versions.hpp"

namespace goe {

namespace {

// A URL's parts that may hold a credential, read leniently: a text that fails to parse as
// a URL must not escape the rule. After an optional "scheme://", the authority runs to
// the first '/', '?' or '#', and its userinfo is what comes before its last '@'; the
// query runs from the first '?' to a '#', the fragment from the first '#' after it.
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

bool secret_form(SecretForm form, std::string_view value) {
    if (form == SecretForm::header_list) return true;
    UrlParts p = url_parts(value);
    return !p.userinfo.empty() || !p.query.empty() || !p.fragment.empty();
}

void add_part(std::vector<std::string>& parts, std::string_view part) {
    if (!part.empty() && std::find(parts.begin(), parts.end(), part) == parts.end()) parts.emplace_back(part);
}

void add_parts(std::vector<std::string>& parts, SecretForm form, std::string_view value) {
    if (!secret_form(form, value)) return;
    add_part(parts, value);
    if (form == SecretForm::header_list) {
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
        return;
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
}

std::string masked_form(SecretForm form, std::string_view value) {
    if (!secret_form(form, value)) return std::string(value);
    if (form == SecretForm::header_list) {
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

}  // namespace

const SecretVariable* secret_variable(std::string_view variable) {
    for (const auto& row : kSecretVariables)
        if (row.variable == variable) return &row;
    return nullptr;
}

std::vector<std::string> secret_parts(std::string_view variable, std::string_view value) {
    std::vector<std::string> parts;
    if (const SecretVariable* row = secret_variable(variable)) add_parts(parts, row->form, value);
    return parts;
}

bool is_secret(std::string_view variable, std::string_view value) {
    const SecretVariable* row = secret_variable(variable);
    return row && secret_form(row->form, value);
}

bool is_secret(std::string_view variable, const Node& value) {
    return is_secret(variable, value.type == Type::string ? value.text() : python_str(value));
}

std::string masked(std::string_view variable, std::string_view value) {
    const SecretVariable* row = secret_variable(variable);
    return row ? masked_form(row->form, value) : std::string(value);
}

std::string shown_url(const Url& url) { return masked_form(SecretForm::url, url_text(url)); }

std::vector<std::string> secret_parts_of_source(std::string_view text) {
    std::vector<std::string> parts;
    std::vector<SecretForm> forms;
    for (const auto& row : kSecretVariables) {
        if (std::find(forms.begin(), forms.end(), row.form) != forms.end()) continue;
        forms.push_back(row.form);
        add_parts(parts, row.form, text);
    }
    return parts;
}

std::vector<std::string> environment_secrets(const Environment& env) {
    std::vector<std::string> out;
    for (const auto& [name, value] : env)
        for (auto& part : secret_parts(name, value)) out.push_back(std::move(part));
    return out;
}

bool may_be_secret(const Field& field) { return secret_variable(field.variable) != nullptr; }

bool may_hold_secret(std::string_view text) {
    std::string lower = ascii_lower(text);
    for (const auto& f : default_schema().fields) {
        const SecretVariable* row = secret_variable(f.variable);
        size_t at = lower.find(f.key);
        if (!row || at == std::string::npos) continue;
        if (row->form == SecretForm::header_list) return true;
        if (lower.find_first_of("@?#", at + f.key.size()) != std::string::npos) return true;
    }
    return false;
}

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

}  // namespace goe
