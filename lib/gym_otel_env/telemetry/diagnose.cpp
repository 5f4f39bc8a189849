#include "gym_otel_env/telemetry/diagnose.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "gym_otel_env/core/text.hpp"
#include "gym_otel_env/telemetry/explain.hpp"
#include "gym_otel_env/telemetry/lint.hpp"

namespace goe {

void Redactor::add(std::string_view secret) {
    if (secret.size() < kMinLength) return;
    texts_.emplace_back(secret);
    std::sort(texts_.begin(), texts_.end(), [](const auto& a, const auto& b) { return a.size() > b.size(); });
    texts_.erase(std::unique(texts_.begin(), texts_.end()), texts_.end());
}

std::string Redactor::clean(std::string_view text) const {
    std::string out(text);
    for (const auto& secret : texts_) {
        for (size_t at = out.find(secret); at != std::string::npos; at = out.find(secret, at + 3))
            out.replace(at, secret.size(), "***");
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

Report report(const Outcome& outcome, const Environment& env, const ReportOptions& options) {
    Report out;
    // OmegaConf warns as it resolves, before Gym reads anything.
    std::vector<Diagnostic> warnings = lint_command(outcome);  // the command under --exec, before any file
    for (const auto& d : outcome.deprecations) warnings.push_back(Diagnostic{d.origin, d.path, d.message, false, {}});
    for (auto& d : lint_top_level(outcome.root)) warnings.push_back(std::move(d));
    for (auto& d : lint(outcome.settings, env)) warnings.push_back(std::move(d));
    for (auto& d : lint_otlp(outcome.settings, outcome.translation, env)) warnings.push_back(std::move(d));
    for (auto& d : lint_run_id(outcome.translation, env)) warnings.push_back(std::move(d));
    for (auto& d : lint_empty_secrets(outcome, env)) warnings.push_back(std::move(d));
    out.failed = options.strict && !warnings.empty();
    Severity severity = options.strict ? Severity::error : Severity::warning;
    if (options.strict || !options.quiet) {
        size_t shown = std::min(warnings.size(), options.max_messages);
        for (size_t i = 0; i < shown; ++i)
            out.text += message_line(severity, warnings[i].str(options.strict), options.colour, options.redactor);
        if (shown < warnings.size())
            out.text += message_line(severity, fmt::format("... and {} more", warnings.size() - shown), options.colour,
                                     options.redactor);
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
    std::string lines;
    if (options.explain == ExplainForm::full) lines = explain(outcome, env, options.kept_written);
    if (options.explain == ExplainForm::brief) lines = explain_short(outcome, env, options.kept_written);
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
