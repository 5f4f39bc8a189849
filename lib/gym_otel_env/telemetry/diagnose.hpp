// What the user reads on stderr besides the exports: the block's errors and the lint's
// warnings (errors under --strict), --explain, and the shape and colour of every such line. The text is
// returned; main prints it.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gym_otel_env/core/environment.hpp"
#include "gym_otel_env/telemetry/outcome.hpp"
#include "gym_otel_env/telemetry/schema.hpp"
#include "gym_otel_env/telemetry/secrecy.hpp"

namespace goe {

enum class Severity { note, warning, error };

// SPEC 7: the texts no message may show. Every line this stage makes goes through
// clean(): each secret text becomes "***" wherever it appears, whatever message carries it
// and in whatever form a message can derive from it, and then control characters are
// escaped. Which texts are secret is secrecy.hpp's rule (secret_parts, environment_secrets);
// this only hides them.
class Redactor {
public:
    // Hides `secret` and, as a message may quote a list's item alone, each of its
    // comma-separated items; each only when worth_hiding() (secrecy.hpp): not a bare
    // authentication scheme, not shorter than kMinLength.
    void add(std::string_view secret);
    // Matches a secret in any ASCII case (a rule lower-cases what it quotes), percent-encoded
    // or decoded in any mix (headers are sent decoded, URLs are shown encoded), and as
    // Python's repr escapes it.
    std::string clean(std::string_view text) const;

    static constexpr size_t kMinLength = kMinSecretLength;

private:
    void add_text(std::string_view text);
    std::vector<std::string> texts_;  // folded (fold() in diagnose.cpp), longest first
};

// `text` with C0 and C1 control characters, DEL and bytes that are not UTF-8 written as
// \n, \t, \r or \xNN, so that no config, key, path or value can start a line of its own
// or drive the terminal.
std::string printable(std::string_view text);
enum class ExplainForm { none, full, brief };

struct ReportOptions {
    bool strict = false;  // every warning is an error
    bool quiet = false;   // no warnings (errors still show)
    bool colour = false;  // ANSI colours, see colour_wanted()
    bool notes = false;   // --check: also what the config sets to no effect
    ExplainForm explain = ExplainForm::none;
    std::vector<std::string> kept_written = {};  // the kept variables the output writes: --explain says so
    std::vector<std::string> withdrawn = {};     // what the output unsets of the tool's earlier output: the same
    size_t max_messages = 20;                    // then one "... and N more" line
    const Redactor* redactor = nullptr;
};

struct Report {
    std::string text;     // for stderr, every line ending in "\n"
    bool failed = false;  // an error, or --strict and a warning: exit 1, export nothing
};

// The errors of the block (Settings::errors) and every warning, in file order (file as
// merged, line, column; what concerns the whole run first, then the command line, --set
// and the environment), capped at `max_messages`; then a note, --explain.
Report report(const Outcome& outcome, const Environment& env, const ReportOptions& options);

// "gym-otel-env: warning: TEXT\n" or "gym-otel-env: error: TEXT\n", coloured as
// compilers do when `colour`; TEXT cleaned by `redactor` (or only made printable).
std::string message_line(Severity severity, std::string_view text, bool colour, const Redactor* redactor = nullptr);
// An error of several findings (Error::lines): each its own line with the prefix. A line
// break inside one finding is escaped like any other control character.
std::string message_lines(Severity severity, const std::vector<std::string>& lines, bool colour,
                          const Redactor* redactor = nullptr);

// Colour only for a terminal, and never when NO_COLOR is set to anything non-empty or
// TERM is "dumb" (https://no-color.org).
bool colour_wanted(const Environment& env, bool stderr_is_terminal);

// "full" / "short" (the --explain argument) -> the form, or nullopt.
std::optional<ExplainForm> parse_explain_form(std::string_view name);

}  // namespace goe
