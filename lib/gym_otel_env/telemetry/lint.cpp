#include "gym_otel_env/telemetry/lint.hpp"

#include <algorithm>
#include <array>
#include <optional>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "gym_otel_env/core/python.hpp"
#include "gym_otel_env/core/text.hpp"
#include "gym_otel_env/gym/launcher.hpp"
#include "gym_otel_env/omegaconf/value_kind.hpp"
#include "gym_otel_env/telemetry/otlp.hpp"
#include "gym_otel_env/telemetry/schema.hpp"
#include "gym_otel_env/telemetry/schema_versions.hpp"
#include "gym_otel_env/telemetry/secrecy.hpp"

namespace goe {

namespace {

bool listed(std::span<const std::string_view> words, std::string_view word) {
    return std::find(words.begin(), words.end(), word) != words.end();
}

// The word closest to `typed`, else the first that starts with it (`http` is the start of
// `http/protobuf`, too far off by edits), else empty.
std::string_view closest_or_longer(std::string_view typed, std::span<const std::string_view> words) {
    if (auto close = closest_word(typed, words); !close.empty()) return close;
    if (typed.size() < 3) return {};
    auto longer = std::find_if(words.begin(), words.end(), [&](std::string_view w) { return w.starts_with(typed); });
    return longer == words.end() ? std::string_view() : *longer;
}

std::string did_you_mean(std::string_view close) {
    return close.empty() ? std::string() : fmt::format("; did you mean '{}'?", close);
}

// Who reads the variable, and so who fails on a bad value.
std::string_view reader(const Field& f) {
    return f.variable.starts_with("OTEL_") ? "the OpenTelemetry SDK" : "nemo-lens";
}

bool plain_decimal(std::string_view s) {
    s = trim(s);
    if (!s.empty() && (s[0] == '-' || s[0] == '+')) s.remove_prefix(1);
    return !s.empty() && std::all_of(s.begin(), s.end(), is_digit);
}

// A field's value in effect (as lint() takes it) and where a message says it is: the
// config's origin and key path, or the environment and the variable.
struct Named {
    std::string value;
    Diagnostic where;
    bool environment = false;
};

std::optional<Named> named(const Settings& settings, std::string_view key, const Environment& env) {
    const Setting* found = settings.find(key);
    if (!found || found->invalid) return std::nullopt;  // validate's error says what is wrong with it
    const Setting& s = *found;                          // validate's error says what is wrong with it
    InEffect v = in_effect(s, env);
    bool config = v.from == InEffect::From::config;
    if (!v.value || (config && s.origin.empty()) || trim(*v.value).empty()) return std::nullopt;
    if (config) return Named{std::string(*v.value), {s.origin, fmt::format("telemetry.{}", key), {}, false, {}}, false};
    return Named{std::string(*v.value), {Origin{"environment"}, std::string(v.name), {}, false, {}}, true};
}

// "c.yaml:5:18 telemetry.otlp_protocol", or "OTEL_EXPORTER_OTLP_PROTOCOL in the environment".
std::string said_at(const Named& named) {
    if (named.environment) return fmt::format("{} in the environment", named.where.key_path);
    return fmt::format("{} {}", named.where.origin.str(), named.where.key_path);
}

std::string_view transport(Protocol protocol) { return protocol == Protocol::grpc ? "OTLP/gRPC" : "OTLP/HTTP"; }

// An endpoint on the default port of the protocol it is not spoken with.
std::optional<Diagnostic> wrong_port(const Named& endpoint, const Url& url, Protocol protocol,
                                     const std::optional<Named>& chosen) {
    Protocol other = protocol == Protocol::grpc ? Protocol::http_protobuf : Protocol::grpc;
    if (url.port != default_port(other)) return std::nullopt;
    std::string why = chosen ? said_at(*chosen) : "otlp_protocol is not set, so the SDK uses grpc";
    Diagnostic d = endpoint.where;
    d.what = fmt::format("{} has port {}, the {} port, but the protocol is {} ({}): use port {}, or otlp_protocol: {}",
                         python_repr(shown_url(url)), url.port, transport(other), name(protocol), why,
                         default_port(protocol), name(other));
    return d;
}

// A generic endpoint whose path already names a signal, which the SDK appends again.
std::optional<Diagnostic> doubled_path(const Named& endpoint, const Url& url, Protocol protocol) {
    if (protocol == Protocol::grpc) return std::nullopt;  // gRPC takes only host and port
    for (Signal signal : kSignals) {
        std::string tail = fmt::format("/v1/{}", name(signal));
        if (!url.path.ends_with(tail) && !url.path.ends_with(tail + "/")) continue;
        Url sent = url;
        sent.path = signal_path(url.path, signal);
        Diagnostic d = endpoint.where;
        d.what = fmt::format(
            "{} already ends in {}, and over {} the SDK appends /v1/<signal> to it ({} go to {}): drop the path, or "
            "set {}, which the SDK uses as it is",
            python_repr(shown_url(url)), tail, name(protocol), name(signal), shown_url(sent),
            signal_variable(signal, "ENDPOINT"));
        return d;
    }
    return std::nullopt;
}

// A key the schema in force does not have. A field of another known Gym is named as one:
// the config was written for that Gym, and this one ignores it.
Diagnostic unknown_key(const Schema& schema, const UnknownKey& u) {
    std::string path = "telemetry." + u.key;
    std::vector<std::string> others;
    for (const auto& known : known_schemas())
        if (&known != &schema && (known.find(u.key) || known.is_block(u.key))) others.push_back(schema_title(known));
    if (!others.empty())
        return Diagnostic{u.origin,
                          path,
                          fmt::format("not a field of {}, the telemetry schema in force, but of {} (--gym-version "
                                      "names the Gym that runs)",
                                      schema_title(schema), fmt::join(others, " and ")),
                          true,
                          {}};
    size_t dot = u.key.rfind('.');
    std::string_view block = dot == std::string::npos ? std::string_view() : std::string_view(u.key).substr(0, dot);
    std::string_view name =
        dot == std::string::npos ? std::string_view(u.key) : std::string_view(u.key).substr(dot + 1);
    return Diagnostic{u.origin, path, "unknown key", true, did_you_mean(schema.closest(name, block))};
}

}  // namespace

std::vector<Diagnostic> lint_otlp(const Settings& settings, const Translation& translation, const Environment& env) {
    std::vector<Diagnostic> out;
    // The console exporter sends nothing anywhere (nemo-lens reads the exporter trimmed).
    if (auto exporter = named(settings, "exporter", env); exporter && trim(exporter->value) != "otlp") return out;
    auto endpoint = named(settings, "otlp_endpoint", env);
    auto chosen = named(settings, "otlp_protocol", env);
    std::optional<Protocol> protocol = chosen ? parse_protocol(chosen->value) : kDefaultProtocol;
    std::optional<Url> url = endpoint ? parse_url(endpoint->value) : std::nullopt;
    if (url && protocol) {  // an unknown protocol is lint()'s
        if (auto d = wrong_port(*endpoint, *url, *protocol, chosen)) out.push_back(std::move(*d));
        if (auto d = doubled_path(*endpoint, *url, *protocol)) out.push_back(std::move(*d));
    }
    for (Signal signal : kSignals) {
        for (std::string_view option : kSignalOptions) {
            std::string own = signal_variable(signal, option);
            const Field* generic = settings.schema->of_variable(own);
            if (!generic) continue;  // the schema in force writes no such variable
            const Field& f = *generic;
            auto e = std::find_if(translation.exports.begin(), translation.exports.end(),
                                  [&](const Export& x) { return x.name == f.variable; });
            if (!is_set(env, own) || e == translation.exports.end()) continue;
            std::string from =
                e->origin.empty() ? "by default" : fmt::format("from {} telemetry.{}", e->origin.str(), f.key);
            out.push_back(
                Diagnostic{Origin{"environment"},
                           own,
                           fmt::format("already set, so {} are exported with it, not with the {} written {} "
                                       "(unset it to use the config's; --explain shows where each signal goes)",
                                       name(signal), f.variable, from),
                           false,
                           {}});
        }
    }
    return out;
}

namespace {

// Why a header as the SDK sends it (percent-decoded, blanks around it dropped) carries no
// credential, or empty when it carries one.
std::string_view no_credential(std::string_view written) {
    std::string sent(trim(percent_decode(trim(written, " \t")), " \t"));
    if (sent.empty()) return "is sent empty";
    if (is_auth_scheme(sent)) return "holds only an authentication scheme, no credential";
    return {};
}

// The read variable `name` written in `text` as a whole name (`${oc.env:NAME}`).
bool names_variable(std::string_view text, std::string_view name) {
    auto name_byte = [](char c) { return is_alpha(c) || is_digit(c) || c == '_'; };
    for (size_t at = text.find(name); at != std::string_view::npos; at = text.find(name, at + 1)) {
        bool starts = at == 0 || !name_byte(text[at - 1]);
        bool ends = at + name.size() == text.size() || !name_byte(text[at + name.size()]);
        if (starts && ends) return true;
    }
    return false;
}

// The variables the config read for the header list `key` that gave nothing, those
// written in `written` (all when it is empty): ": OTLP_TOKEN is empty".
std::string empty_reads(const std::vector<SecretTexts::Read>& reads, std::string_view key, std::string_view written) {
    std::vector<std::string> said;
    for (const auto& r : reads) {
        if (r.key != key || (!written.empty() && !names_variable(written, r.variable))) continue;
        std::string what = !r.value                 ? fmt::format("{} is not set, and its default is empty", r.variable)
                           : trim(*r.value).empty() ? fmt::format("{} is empty", r.variable)
                                                    : std::string();
        if (!what.empty() && std::find(said.begin(), said.end(), what) == said.end()) said.push_back(what);
    }
    return said.empty() ? std::string() : fmt::format(": {}", fmt::join(said, ", "));
}

// The entries of the header list `key` as written in the config, split at the commas
// outside its interpolations (`x=${oc.env:A,'d'}` is one entry); empty when it has none.
std::vector<std::string_view> written_entries(const NodePtr& root, std::string_view key) {
    const NodePtr* block = root && root->type == Type::mapping ? root->find("telemetry") : nullptr;
    const NodePtr* value = block && (*block)->type == Type::mapping ? (*block)->find(std::string(key)) : nullptr;
    if (!value || (*value)->type != Type::string) return {};
    std::string_view text = (*value)->text();
    if (!has_interpolation(text)) return {};
    std::vector<std::string_view> out;
    size_t start = 0, depth = 0;
    for (size_t i = 0; i < text.size(); ++i) {
        if (text.substr(i, 2) == "${") ++depth, ++i;
        else if (text[i] == '}' && depth > 0) --depth;
        else if (text[i] == ',' && depth == 0) out.push_back(text.substr(start, i - start)), start = i + 1;
    }
    out.push_back(text.substr(start));
    return out;
}

void empty_headers(std::vector<Diagnostic>& out, const Diagnostic& where, std::string_view headers,
                   const std::vector<SecretTexts::Read>& reads, std::string_view key,
                   const std::vector<std::string_view>& written) {
    auto entries = split(headers, ',');
    std::vector<bool> sent(entries.size(), false);  // what the SDK drops is lint()'s, not sent empty
    for (const auto& e : sdk_header_entries(headers)) sent[e.number - 1] = e.drop == SdkHeaderEntry::Drop::none;
    for (size_t i = 0; i < entries.size(); ++i) {
        std::string_view pair = entries[i];
        size_t eq = pair.find('=');
        if (!sent[i]) continue;
        std::string_view why = no_credential(pair.substr(eq + 1));
        if (why.empty()) continue;
        // Each entry as written, where the resolved list has as many; else every variable.
        std::string because = written.size() == entries.size() ? empty_reads(reads, key, written[i])
                              : written.empty()                ? std::string()
                                                               : empty_reads(reads, key, {});
        Diagnostic d = where;
        d.what = fmt::format("the '{}' header {}{}", trim(pair.substr(0, eq), " \t"), why, because);
        out.push_back(std::move(d));
    }
}

}  // namespace

std::vector<Diagnostic> lint_empty_secrets(const Outcome& outcome, const Environment& env) {
    std::vector<Diagnostic> out;
    const Settings& settings = outcome.settings;
    if (!outcome.translation.enabled) return out;
    if (auto exporter = named(settings, "exporter", env); exporter && trim(exporter->value) != "otlp") return out;
    const auto& reads = outcome.secret_reads;
    // Every header list of the table of secret variables: a field's (from the config or
    // the environment, as lint() takes it), else the variable's, when it is set.
    for (const auto& row : kSecretVariables) {
        if (row.form != SecretForm::header_list) continue;
        auto field = std::find_if(settings.fields.begin(), settings.fields.end(),
                                  [&](const Setting& s) { return s.field->variable == row.variable; });
        if (field == settings.fields.end()) {
            if (is_set(env, row.variable))
                empty_headers(out, Diagnostic{Origin{"environment"}, std::string(row.variable), {}, false, {}},
                              *lookup(env, row.variable), {}, {}, {});
            continue;
        }
        std::string_view key = field->field->key;
        if (auto headers = named(settings, key, env)) {
            empty_headers(out, headers->where, headers->value, headers->environment ? decltype(reads){} : reads, key,
                          headers->environment ? std::vector<std::string_view>{} : written_entries(outcome.root, key));
        } else if (const Setting& s = *field; s.value && in_effect(s, env).from == InEffect::From::config) {
            // A whole list built from variables that gave nothing.
            if (auto because = empty_reads(reads, key, {}); !because.empty())
                out.push_back(Diagnostic{s.origin,
                                         fmt::format("telemetry.{}", key),
                                         fmt::format("the header list is empty{}", because),
                                         false,
                                         {}});
        }
    }
    return out;
}

std::vector<std::string> check_rule(const Field& f, std::string_view value, Protocol protocol) {
    std::string shown = python_repr(masked(f.variable, value));
    std::string words = fmt::format("{}", fmt::join(f.words, ", "));
    std::vector<std::string> out;
    switch (f.rule) {
        case Rule::none: break;
        case Rule::lens_bool:
            if (!listed(f.words, ascii_lower(trim(value))))
                out.push_back(fmt::format("{} is not a boolean {} accepts ({})", shown, reader(f), words));
            break;
        case Rule::lens_int:
            if (!plain_decimal(value))
                out.push_back(fmt::format("{} is not a decimal integer ({} rejects it)", shown, reader(f)));
            break;
        case Rule::positive:
            // Each server validates the variable as the block's field again: a failure there
            // stops it.
            if (auto x = pydantic_float(value); !x || !(*x > 0))
                out.push_back(
                    fmt::format("{} is not a number greater than 0 (Gym's servers fail to start on it)", shown));
            break;
        case Rule::one_of: {
            // Both readers strip the word first (the SDK's _get_exporter_entry_point, nemo-lens'
            // exporter), then take it as it is: `GRPC` is refused.
            std::string_view word = python_strip(value);
            if (!listed(f.words, word))
                out.push_back(fmt::format("{} is not one of {} ({} rejects it){}", shown, words, reader(f),
                                          did_you_mean(closest_or_longer(ascii_lower(word), f.words))));
            break;
        }
        case Rule::names: {
            auto names = split(value, ',');
            std::string among = names.size() > 1 ? " in " + shown : std::string();
            for (const auto& piece : names) {
                std::string name = ascii_lower(trim(piece));
                if (!name.empty() && !listed(f.words, name))
                    out.push_back(fmt::format("{}{} is not one of {} ({} rejects it){}", python_repr(name), among,
                                              words, reader(f), did_you_mean(closest_word(name, f.words))));
            }
            break;
        }
        case Rule::endpoint: {
            auto reading = read_endpoint(value, protocol);
            switch (reading.problem) {
                case EndpointReading::Problem::none: break;
                case EndpointReading::Problem::not_a_url:
                    out.push_back(fmt::format("{} is not {} ({} rejects it)", shown,
                                              protocol == Protocol::grpc ? "host:port or a URL (http[s]://host[:port])"
                                                                         : "a URL (http[s]://host[:port][/path])",
                                              reader(f)));
                    break;
                case EndpointReading::Problem::no_scheme:
                    out.push_back(fmt::format("{} has no http:// or https://, which {} needs ({} rejects it)", shown,
                                              name(protocol), reader(f)));
                    break;
                case EndpointReading::Problem::other_scheme:
                    // The Python gRPC exporter (OTLPExporterMixin) keeps only urlparse's netloc and
                    // takes TLS unless the scheme is http: it does not refuse the URL.
                    if (protocol == Protocol::grpc)
                        out.push_back(fmt::format(
                            "{} has the scheme '{}', not http or https: over grpc {} ignores it and connects to the "
                            "host and port over TLS (plaintext only with OTEL_EXPORTER_OTLP_INSECURE=true)",
                            shown, reading.url.scheme, reader(f)));
                    else
                        out.push_back(fmt::format("{} has the scheme '{}', not http or https ({} rejects it)", shown,
                                                  reading.url.scheme, reader(f)));
                    break;
            }
            break;
        }
        case Rule::header_list:
            for (auto& finding : header_list_findings(shown, value)) out.push_back(std::move(finding));
            break;
    }
    return out;
}

std::vector<Diagnostic> lint(const Settings& settings, const Environment& env) {
    std::vector<Diagnostic> out;
    // The endpoint's rule depends on the protocol in effect; one the SDKs do not know
    // falls back to gRPC, as they do.
    auto chosen = named(settings, "otlp_protocol", env);
    Protocol protocol = chosen ? parse_protocol(chosen->value).value_or(Protocol::grpc) : kDefaultProtocol;
    for (const auto& u : settings.unknown) out.push_back(unknown_key(*settings.schema, u));
    for (const auto& s : settings.fields) {
        const Field& f = *s.field;
        if (f.rule == Rule::none || s.invalid) continue;
        // The value in effect, as translate() takes it; a default follows the rules.
        InEffect v = in_effect(s, env);
        bool config = v.from == InEffect::From::config;
        if (!v.value || (config && s.origin.empty())) continue;
        Diagnostic where = config ? Diagnostic{s.origin, fmt::format("telemetry.{}", f.key), {}, false, {}}
                                  : Diagnostic{Origin{"environment"}, std::string(v.name), {}, false, {}};
        for (auto& problem : check_rule(f, *v.value, protocol)) {
            where.what = std::move(problem);
            out.push_back(where);
        }
    }
    return out;
}

std::vector<Diagnostic> lint_top_level(const NodePtr& root, const Schema& schema) {
    std::vector<Diagnostic> out;
    if (!root || root->type != Type::mapping) return out;
    constexpr std::string_view block = "telemetry";
    for (const auto& e : root->entries()) {
        if (e.key == block) continue;
        // Closer than closest_word's own bound: top-level keys are the user's server
        // names, and `geometry` (3 edits away) is a fine one. The length test first: a
        // config can have thousands of servers, and most names are far longer or shorter.
        size_t gap = e.key.size() > block.size() ? e.key.size() - block.size() : block.size() - e.key.size();
        if (gap > 2 || edit_distance(ascii_lower(e.key), block) > 2) continue;
        out.push_back(
            Diagnostic{key_origin(e.value->origin), e.key.str(), "not the telemetry block", true, did_you_mean(block)});
    }
    // A block with keys of its own was written where it belongs: a field's name beside it
    // is the user's own top-level value, perhaps one the block interpolates.
    const NodePtr* written = root->find(block);
    bool empty = written && ((*written)->type == Type::null ||
                             ((*written)->type == Type::mapping && (*written)->entries().empty()));
    if (written && !empty) return out;
    std::string_view fix = written ? "; indent it under 'telemetry:'" : "; put it under a 'telemetry:' block";
    for (const auto& e : root->entries()) {
        if (!schema.find(e.key.str()) || e.value->type == Type::mapping || e.value->type == Type::sequence) continue;
        out.push_back(Diagnostic{key_origin(e.value->origin), e.key.str(),
                                 "a telemetry field at the top level, where Gym does not read it", true,
                                 std::string(fix)});
    }
    return out;
}

std::vector<Diagnostic> lint_command(const Outcome& outcome) {
    std::vector<std::string> exported;
    for (const auto& e : outcome.translation.exports) exported.push_back(e.name);
    std::vector<Diagnostic> out;
    for (auto& w : command_warnings(outcome.reading, !outcome.files.empty(), exported))
        out.push_back(Diagnostic{{}, {}, std::move(w.text), false, {}});
    return out;
}

std::vector<Diagnostic> lint_lens_overrides(const Translation& translation) {
    std::vector<Diagnostic> out;
    for (const auto& o : translation.lens_overrides) {
        const Setting& s = *o.setting;
        // As Gym's %r shows the model's value: a boolean as True or False.
        std::string config =
            s.field->type == FieldType::boolean ? (*s.value == "1" ? "True" : "False") : python_repr(*s.value);
        out.push_back(Diagnostic{
            s.origin,
            fmt::format("telemetry.{}", s.field->key),
            fmt::format("{} from the config is ignored because {}={} is set", config, o.variable, python_repr(o.value)),
            false,
            {}});
    }
    return out;
}

std::vector<Diagnostic> lint_run_id(const Translation& translation, const Environment& env) {
    auto kept = std::find_if(translation.kept.begin(), translation.kept.end(),
                             [](const Export& k) { return k.name == "NEMO_GYM_OTEL_RUN_ID"; });
    if (kept == translation.kept.end() || !is_set(env, "SLURM_JOB_ID")) return {};
    std::string job(trim(*lookup(env, "SLURM_JOB_ID")));
    std::string run(trim(kept->value));
    if (run == job || (is_set(env, "SLURM_ARRAY_JOB_ID") && run == trim(*lookup(env, "SLURM_ARRAY_JOB_ID")))) return {};
    return {Diagnostic{Origin{"environment"},
                       "NEMO_GYM_OTEL_RUN_ID",
                       fmt::format("{} is kept, but this Slurm job is SLURM_JOB_ID={}: its tasks report under "
                                   "another run id, perhaps one a login shell exported before sbatch (submit "
                                   "with 'env -u NEMO_GYM_OTEL_RUN_ID sbatch ...'; to group jobs on purpose, set "
                                   "telemetry.run_id)",
                                   python_repr(run), job),
                       false,
                       {}}};
}

}  // namespace goe
