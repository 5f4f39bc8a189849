#include "gym_otel_env/diagnose.hpp"

#include <fmt/format.h>

#include "gym_otel_env/explain.hpp"
#include "gym_otel_env/lint.hpp"

namespace goe {

std::string message_line(Severity severity, std::string_view text, bool colour) {
    std::string_view word = severity == Severity::error ? "error:" : "warning:";
    std::string_view hue = severity == Severity::error ? "\033[1;31m" : "\033[1;35m";
    // An error made of several findings (Error's list of lines) gets the prefix on each.
    std::string out;
    size_t start = 0;
    do {
        size_t end = text.find('\n', start);
        std::string_view line = text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
        if (!colour) out += fmt::format("gym-otel-env: {} {}\n", word, line);
        else out += fmt::format("\033[1mgym-otel-env:\033[0m {}{}\033[0m {}\n", hue, word, line);
        start = end == std::string_view::npos ? text.size() + 1 : end + 1;
    } while (start < text.size());
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
    auto warnings = lint(outcome.settings, env);
    out.failed = options.strict && !warnings.empty();
    Severity severity = options.strict ? Severity::error : Severity::warning;
    if (options.strict || !options.quiet) {
        size_t shown = std::min(warnings.size(), options.max_messages);
        for (size_t i = 0; i < shown; ++i) out.text += message_line(severity, warnings[i].str(), options.colour);
        if (shown < warnings.size())
            out.text += message_line(severity, fmt::format("... and {} more", warnings.size() - shown), options.colour);
    }
    if (out.failed) return out;
    if (options.explain == ExplainForm::full) out.text += explain(outcome, env);
    if (options.explain == ExplainForm::brief) out.text += explain_short(outcome, env);
    return out;
}

}  // namespace goe
