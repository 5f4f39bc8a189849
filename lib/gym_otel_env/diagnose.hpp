// What the user reads on stderr besides the exports: warnings from the lint (errors
// under --strict), --explain, and the shape and colour of every such line. The text is
// returned; main prints it.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "gym_otel_env/pipeline.hpp"

namespace goe {

enum class Severity { note, warning, error };
enum class ExplainForm { none, full, brief };

struct ReportOptions {
    bool strict = false;         // every warning is an error
    bool quiet = false;          // no warnings (errors still show)
    bool colour = false;         // ANSI colours, see colour_wanted()
    bool notes = false;          // --check: also what the config sets to no effect
    ExplainForm explain = ExplainForm::none;
    size_t max_messages = 20;    // then one "... and N more" line
};

struct Report {
    std::string text;     // for stderr, every line ending in "\n"
    bool failed = false;  // --strict and at least one warning: exit 1, export nothing
};

Report report(const Outcome& outcome, const Environment& env, const ReportOptions& options);

// "gym-otel-env: warning: TEXT\n" or "gym-otel-env: error: TEXT\n", coloured as
// compilers do when `colour`.
std::string message_line(Severity severity, std::string_view text, bool colour);

// Colour only for a terminal, and never when NO_COLOR is set to anything non-empty or
// TERM is "dumb" (https://no-color.org).
bool colour_wanted(const Environment& env, bool stderr_is_terminal);

// "full" / "short" (the --explain argument) -> the form, or nullopt.
std::optional<ExplainForm> parse_explain_form(std::string_view name);

}  // namespace goe
