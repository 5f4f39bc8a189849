#include "gym_otel_env/diagnose.hpp"

#include <fmt/format.h>

#include "gym_otel_env/explain.hpp"
#include "gym_otel_env/lint.hpp"

namespace goe {

std::string message_line(Severity severity, std::string_view text, bool colour) {
    std::string_view word = severity == Severity::error     ? "error:"
                            : severity == Severity::warning ? "warning:"
                                                            : "note:";
    if (!colour) return fmt::format("gym-otel-env: {} {}\n", word, text);
    std::string_view hue = severity == Severity::error     ? "\033[1;31m"
                           : severity == Severity::warning ? "\033[1;35m"
                                                           : "\033[1;36m";
    return fmt::format("\033[1mgym-otel-env:\033[0m {}{}\033[0m {}\n", hue, word, text);
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
    auto warnings = lint_top_level(outcome.loaded.root);
    for (auto& d : lint(outcome.settings, env)) warnings.push_back(std::move(d));
    for (auto& d : lint_run_id(outcome.translation, env)) warnings.push_back(std::move(d));
    out.failed = options.strict && !warnings.empty();
    Severity severity = options.strict ? Severity::error : Severity::warning;
    if (options.strict || !options.quiet) {
        size_t shown = std::min(warnings.size(), options.max_messages);
        for (size_t i = 0; i < shown; ++i)
            out.text += message_line(severity, warnings[i].str(options.strict), options.colour);
        if (shown < warnings.size())
            out.text += message_line(severity, fmt::format("... and {} more", warnings.size() - shown), options.colour);
    }
    if (out.failed) return out;
    // Not a warning: switching telemetry off while keeping its settings is a normal thing
    // to do, but under --check it is what a user asking "is this right?" wants to hear.
    if (options.notes && !options.quiet) {
        if (auto keys = set_while_off(outcome); !keys.empty())
            out.text += message_line(Severity::note,
                                     fmt::format("telemetry is off, so what the config sets is not exported ({}): {}",
                                                 keys, enablement(outcome, env)),
                                     options.colour);
    }
    if (options.explain == ExplainForm::full) out.text += explain(outcome, env);
    if (options.explain == ExplainForm::brief) out.text += explain_short(outcome, env);
    return out;
}

}  // namespace goe
