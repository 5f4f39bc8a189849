#include "gym_otel_env/telemetry/diagnose.hpp"

#include <algorithm>
#include <string_view>
#include <tuple>
#include <unordered_map>

#include <fmt/format.h>

#include "gym_otel_env/core/text.hpp"
#include "gym_otel_env/core/value.hpp"
#include "gym_otel_env/telemetry/explain.hpp"
#include "gym_otel_env/telemetry/lint.hpp"
#include "gym_otel_env/telemetry/otlp.hpp"
#include "gym_otel_env/telemetry/schema_versions.hpp"

namespace goe {

namespace {

// A text as the Redactor compares it, with where each of its bytes came from: ASCII
// letters lower-cased and each %XX as its byte, so that one secret matches its encoded,
// decoded and case-changed forms alike. from[i] is the offset in the original text of
// folded byte i; from.back() is the original's size.
struct Folded {
    std::string text;
    std::vector<size_t> from;
};

Folded fold(std::string_view text) {
    Folded out;
    for (size_t i = 0; i < text.size();) {
        out.from.push_back(i);
        if (text[i] == '%' && i + 2 < text.size() && is_hex_digit(text[i + 1]) && is_hex_digit(text[i + 2])) {
            out.text += ascii_lower(percent_decode(text.substr(i, 3))[0]);
            i += 3;
        } else {
            out.text += ascii_lower(text[i++]);
        }
    }
    out.from.push_back(text.size());
    return out;
}

// How python_repr() writes `text` inside its quotes: a message that quotes a value
// (`'it\'s'`, `'a\\b'`) shows a secret so.
std::string unquoted_repr(std::string_view text) {
    std::string repr = python_repr(text);
    return repr.substr(1, repr.size() - 2);
}

}  // namespace

void Redactor::add_text(std::string_view text) {
    if (!worth_hiding(text)) return;
    for (const std::string& form : {std::string(text), unquoted_repr(text)}) {
        std::string folded = fold(form).text;
        if (!worth_hiding(folded) || std::find(texts_.begin(), texts_.end(), folded) != texts_.end()) continue;
        texts_.push_back(std::move(folded));
    }
    std::stable_sort(texts_.begin(), texts_.end(), [](const auto& a, const auto& b) { return a.size() > b.size(); });
}

void Redactor::add(std::string_view secret) {
    add_text(secret);
    if (secret.find(',') == std::string_view::npos) return;
    for (const auto& item : split(secret, ',')) add_text(trim(item));
}

std::string Redactor::clean(std::string_view text) const {
    if (texts_.empty()) return printable(text);
    Folded folded = fold(text);
    std::vector<bool> hidden(text.size(), false);
    for (const auto& secret : texts_)
        for (size_t at = folded.text.find(secret); at != std::string::npos; at = folded.text.find(secret, at + 1))
            std::fill(hidden.begin() + static_cast<std::ptrdiff_t>(folded.from[at]),
                      hidden.begin() + static_cast<std::ptrdiff_t>(folded.from[at + secret.size()]), true);
    std::string out;
    for (size_t i = 0; i < text.size(); ++i) {
        if (!hidden[i]) out += text[i];
        else if (i == 0 || !hidden[i - 1]) out += "***";
    }
    return printable(out);
}

std::string printable(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (size_t i = 0; i < text.size(); ++i) {
        auto c = static_cast<unsigned char>(text[i]);
        size_t n = decode_utf8(text, i).length;  // 0: a byte that starts no character
        if (c == '\n') out += "\\n";
        else if (c == '\t') out += "\\t";
        else if (c == '\r') out += "\\r";
        else if (c < 0x20 || c == 0x7f || n == 0) out += fmt::format("\\x{:02x}", c);
        else if (c < 0x80) out += static_cast<char>(c);
        else if (c == 0xC2 && static_cast<unsigned char>(text[i + 1]) < 0xA0) {  // C1: U+0080..U+009F
            out += fmt::format("\\x{:02x}", static_cast<unsigned char>(text[i + 1]));
            ++i;
        } else {
            out.append(text.substr(i, n));
            i += n - 1;
        }
    }
    return out;
}

std::string message_line(Severity severity, std::string_view raw, bool colour, const Redactor* redactor) {
    std::string text = redactor ? redactor->clean(raw) : printable(raw);
    std::string_view word = severity == Severity::error     ? "error:"
                            : severity == Severity::warning ? "warning:"
                                                            : "note:";
    if (!colour) return fmt::format("gym-otel-env: {} {}\n", word, text);
    std::string_view hue = severity == Severity::error     ? "\033[1;31m"
                           : severity == Severity::warning ? "\033[1;35m"
                                                           : "\033[1;36m";
    return fmt::format("\033[1mgym-otel-env:\033[0m {}{}\033[0m {}\n", hue, word, text);
}

std::string message_lines(Severity severity, const std::vector<std::string>& lines, bool colour,
                          const Redactor* redactor) {
    std::string out;
    for (const auto& line : lines) out += message_line(severity, line, colour, redactor);
    return out;
}

bool colour_wanted(const Environment& env, bool stderr_is_terminal) {
    return stderr_is_terminal && lookup(env, "NO_COLOR").value_or("").empty() &&
           lookup(env, "TERM").value_or("") != "dumb";
}

std::optional<ExplainForm> parse_explain_form(std::string_view name) {
    if (name == "full") return ExplainForm::full;
    if (name == "short") return ExplainForm::brief;
    return std::nullopt;
}

namespace {

// One line of the report before it is shaped: an error, or a warning (an error under --strict).
struct Finding {
    bool error = false;
    Diagnostic d;
};

// Where a finding sorts: what concerns the whole run first (no origin: the command under
// --exec), then the files in the order they were merged (env.yaml last), then the command
// line, --set and the environment, as they are merged over the files; by line and column
// within a file. Equal places keep the order the checks found them in.
std::vector<Finding> in_file_order(std::vector<Finding> findings, const std::vector<std::string>& files) {
    // Ranked once each: a config may have thousands of findings and a thousand files.
    std::unordered_map<std::string_view, size_t> file_rank;
    for (size_t i = 0; i < files.size(); ++i) file_rank.emplace(files[i], 1 + i);
    const size_t after = files.size() + 1;
    auto rank = [&](const Origin& o) -> size_t {
        if (o.empty()) return 0;
        const std::string& source = o.source.str();
        if (auto file = file_rank.find(source); file != file_rank.end()) return file->second;
        if (source == "command line") return after + 1;
        if (source == "--set") return after + 2;
        if (source == "environment") return after + 3;
        return after;  // a text no file holds (oc.decode's "the string"): beside the files
    };
    struct Key {
        size_t rank;
        int line, column;
        size_t index;
    };
    std::vector<Key> keys;
    keys.reserve(findings.size());
    for (size_t i = 0; i < findings.size(); ++i) {
        const Origin& o = findings[i].d.origin;
        keys.push_back(Key{rank(o), o.line, o.column, i});
    }
    std::stable_sort(keys.begin(), keys.end(), [](const Key& a, const Key& b) {
        return std::tie(a.rank, a.line, a.column) < std::tie(b.rank, b.line, b.column);
    });
    std::vector<Finding> out;
    out.reserve(findings.size());
    for (const auto& k : keys) out.push_back(std::move(findings[k.index]));
    return out;
}

// A run that read no config: no file (no CONFIG, nothing from Gym's command line, no
// env.yaml) and no telemetry value from --set or Gym's override tokens, so only the
// environment can switch telemetry on. Under --exec only when Gym's command line was read
// and starts a command (not `gym --help`); a command that is not read has
// command_warnings' own "no config read: ...".
std::vector<Diagnostic> nothing_read(const Outcome& outcome) {
    const CommandReading& reading = outcome.reading;
    if (!outcome.files.empty() || (reading.exec && (!reading.gym || reading.command.empty()))) return {};
    // Files gave nothing, so a telemetry key can only be an override's.
    if (outcome.root && outcome.root->type == Type::mapping && outcome.root->find("telemetry")) return {};
    std::string_view env_yaml =
        outcome.no_env_yaml ? "--no-env-yaml" : "no env.yaml in the working directory or the search roots";
    std::string what =
        reading.exec ? fmt::format(
                           "no config read (no --config or asset selector on {0}'s command line, and {1}), so only "
                           "the environment can switch telemetry on: name a config (gym-otel-env --exec -- {0} ... "
                           "--config c.yaml)",
                           reading.program, env_yaml)
                     : fmt::format(
                           "no config read (no CONFIG given, and {}), so only the environment can switch telemetry "
                           "on: name a config (gym-otel-env c.yaml), or see gym-otel-env --help",
                           env_yaml);
    return {Diagnostic{{}, {}, std::move(what), false, {}}};
}

// An installed Gym whose telemetry fields are no known version's: the closest is used.
std::vector<Diagnostic> unknown_schema(const SchemaInForce& in_force) {
    if (!in_force.detected || in_force.detected->exact()) return {};
    const DetectedSchema& d = *in_force.detected;
    std::string differs;
    if (!d.unknown.empty()) differs += fmt::format("fields no known Gym has: {}", fmt::join(d.unknown, ", "));
    if (!d.missing.empty())
        differs += fmt::format("{}without {}", differs.empty() ? "" : "; ", fmt::join(d.missing, ", "));
    return {Diagnostic{{},
                       {},
                       fmt::format("the installed Gym's telemetry schema is no version this tool knows ({}): read "
                                   "as {}'s, the closest ({})",
                                   differs, schema_title(*d.schema), in_force.why),
                       false,
                       {}}};
}

}  // namespace

Report report(const Outcome& outcome, const Environment& env, const ReportOptions& options) {
    Report out;
    std::vector<Finding> found;
    auto warn = [&](std::vector<Diagnostic> ds) {
        for (auto& d : ds) found.push_back(Finding{false, std::move(d)});
    };
    warn(lint_command(outcome));
    warn(nothing_read(outcome));
    warn(unknown_schema(outcome.schema));
    for (const auto& w : outcome.load_warnings)
        found.push_back(Finding{false, Diagnostic{w.origin, w.key_path, w.what, false, {}}});
    // OmegaConf warns as it resolves, before Gym reads anything.
    for (const auto& d : outcome.deprecations)
        found.push_back(Finding{false, Diagnostic{d.origin, d.path, d.message, false, {}}});
    warn(lint_top_level(outcome.root, *outcome.settings.schema));
    for (const auto& e : outcome.settings.errors)
        found.push_back(Finding{true, Diagnostic{e.origin(), e.key_path(), e.detail(), false, {}}});
    warn(lint(outcome.settings, env));
    warn(lint_otlp(outcome.settings, outcome.translation, env));
    warn(lint_lens_overrides(outcome.translation));
    warn(lint_run_id(outcome.translation, env));
    warn(lint_empty_secrets(outcome, env));
    found = in_file_order(std::move(found), outcome.files);

    bool errors = !outcome.settings.errors.empty();
    out.failed = errors || (options.strict && !found.empty());
    // --quiet hides the warnings, never an error; --strict makes every warning one.
    std::vector<const Finding*> shown;
    for (const auto& f : found)
        if (f.error || options.strict || !options.quiet) shown.push_back(&f);
    size_t listed = std::min(shown.size(), options.max_messages);
    for (size_t i = 0; i < listed; ++i) {
        const Finding& f = *shown[i];
        bool as_error = f.error || options.strict;
        out.text += message_line(as_error ? Severity::error : Severity::warning, f.d.str(as_error), options.colour,
                                 options.redactor);
    }
    if (listed < shown.size()) {
        bool more_errors = options.strict || std::any_of(shown.begin() + static_cast<std::ptrdiff_t>(listed),
                                                         shown.end(), [](const Finding* f) { return f->error; });
        out.text +=
            message_line(more_errors ? Severity::error : Severity::warning,
                         fmt::format("... and {} more", shown.size() - listed), options.colour, options.redactor);
    }
    if (out.failed) return out;
    // Not a warning: switching telemetry off while keeping its settings is a normal thing
    // to do, but under --check it is what a user asking "is this right?" wants to hear.
    if (options.notes && !options.quiet) {
        if (auto keys = set_while_off(outcome); !keys.empty())
            out.text += message_line(Severity::note,
                                     fmt::format("telemetry is off, so what the config sets is not exported ({}): {}",
                                                 keys, enablement(outcome, env)),
                                     options.colour, options.redactor);
    }
    // "Existing variables win" is the promise, so not a warning; but a value the user set
    // long ago, silently beating the config just edited, is what a person must hear of.
    if (!options.quiet)
        if (auto kept = kept_over_config(outcome); !kept.empty())
            out.text += message_line(
                Severity::note,
                fmt::format("the environment sets {}, which {} over the config (unset {} to use the config's; "
                            "--explain shows both)",
                            fmt::join(kept, ", "), kept.size() == 1 ? "wins" : "win", kept.size() == 1 ? "it" : "them"),
                options.colour, options.redactor);
    std::string lines;
    if (options.explain == ExplainForm::full) lines = explain(outcome, env, options.kept_written, options.withdrawn);
    if (options.explain == ExplainForm::brief)
        lines = explain_short(outcome, env, options.kept_written, options.withdrawn);
    // Line by line: the explanation's own line breaks stay, any other control is escaped.
    for (size_t start = 0; start < lines.size();) {
        size_t end = std::min(lines.find('\n', start), lines.size());
        std::string_view line = std::string_view(lines).substr(start, end - start);
        out.text += (options.redactor ? options.redactor->clean(line) : printable(line)) + "\n";
        start = end + 1;
    }
    return out;
}

}  // namespace goe
