#include "gym_otel_env/output/render.hpp"

#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "gym_otel_env/core/error.hpp"
#include "gym_otel_env/core/text.hpp"
#include "gym_otel_env/output/kubernetes.hpp"
#include "gym_otel_env/output/record.hpp"
#include "gym_otel_env/telemetry/diagnose.hpp"
#include "gym_otel_env/telemetry/schema.hpp"
#include "gym_otel_env/telemetry/secrecy.hpp"

// The reasons behind each rule below are in docs/formats.md.
namespace goe {

namespace {

unsigned char byte_at(std::string_view s, size_t i) { return i < s.size() ? static_cast<unsigned char>(s[i]) : 0; }

// ---- sh -------------------------------------------------------------------------------
// The reasons, shell by shell, are in docs/formats.md ("sh").

// Bytes that may stand literally in the output, in a single-quoted value or in a printf
// format. Before `eval $(...)` parses the text, the shell splits it at IFS and, in some
// shell or option, reads nearly every other punctuation byte as syntax: `*?[` globs,
// `(` `|` `<>` zsh and extglob groups, `#^~` extendedglob, `{` `,` brace expansion
// (ksh93, mksh), `~` `=` tilde and equals expansion (zsh globsubst), `:` and `,` IFS
// values people use. A byte of 0x80 and above never stands literally: GB18030 and Big5
// read it together with the byte after it.
bool sh_literal_ok(unsigned char c) {
    auto ch = static_cast<char>(c);
    return is_alpha(ch) || is_digit(ch) || ch == '_' || ch == '-' || ch == '.' || ch == '/' || ch == '@' || ch == '+';
}

bool sh_needs_printf(std::string_view value) {
    for (size_t i = 0; i < value.size(); ++i) {
        // One space between words survives word splitting and eval's re-joining; two do not.
        if (value[i] == ' ' ? byte_at(value, i + 1) == ' ' : !sh_literal_ok(byte_at(value, i))) return true;
    }
    return false;
}

std::string sh_single_quoted(std::string_view value) { return fmt::format("'{}'", value); }

// printf format text printing `value`: every byte outside sh_literal_ok as a three-digit
// octal escape (so `%`, `'`, `\` and spaces too), and a leading '-' (printf would take it
// for an option).
std::string sh_printf_format(std::string_view value) {
    std::string out;
    for (size_t i = 0; i < value.size(); ++i) {
        auto c = byte_at(value, i);
        if (!sh_literal_ok(c) || (i == 0 && c == '-')) out += fmt::format("\\{:03o}", c);
        else out += static_cast<char>(c);
    }
    return out;
}

// mksh and posh have no printf builtin, and Linux refuses an argument over 128 KiB to
// /usr/bin/printf: a long value is printed in pieces of this many bytes, each by its own
// printf.
constexpr size_t sh_piece_bytes = 8192;

// Where the piece that starts at `start` ends: after sh_piece_bytes, or before a backslash
// that closes a stretch of bytes of 0x80 and above, not whole UTF-8 characters, opening
// the piece or following a backslash. bash 5.2 strips a pattern (${_goe_p%.}) in a
// multibyte locale by converting the string to wide characters a stretch at a time, each
// ending at a backslash; a stretch that is only the start of a character (`\xe0` in UTF-8,
// `\xb3` of Big5's 0xb3 0x5c) comes out as random bytes. Cut before that backslash, the
// stretch ends at the guard instead, and bash takes the string as bytes.
// Also after a '.' that a byte of 0x80 or above follows: yash cuts a string at a byte its
// locale cannot hold, and a cut right after the value's own '.' would leave it looking
// like the guard, so that the check passed and a shorter value was set. Cut there, the
// next piece loses its guard instead, and eval fails.
size_t sh_piece_end(std::string_view value, size_t start) {
    size_t limit = std::min(value.size(), start + sh_piece_bytes);
    size_t stretch = start;  // where the current stretch began
    for (size_t i = start; i < limit; ++i) {
        if (value[i] == '.' && byte_at(value, i + 1) >= 0x80) return i + 1;
        if (value[i] != '\\') continue;
        std::string_view before = value.substr(stretch, i - stretch);
        bool high = !before.empty() && std::all_of(before.begin(), before.end(),
                                                   [](char c) { return static_cast<unsigned char>(c) >= 0x80; });
        if (high && !valid_utf8(before)) return i;
        stretch = i + 1;
    }
    return limit;
}

// One printed piece into the helper _goe_p: `...` rather than $(...), whose '(' zsh's
// globsubst reads as a glob group; a guard byte '.' after the piece, because `...`
// removes trailing newlines, stripped with ${_goe_p%.}. '.' (0x2e) is never the second
// byte of a GB18030, Big5 or Shift_JIS character, so the strip cannot split one. The
// test fails when the guard is missing: yash silently cuts a string at the first byte
// that is not a character of the locale, and so does any shell that drops bytes.
std::string sh_piece(std::string_view piece) {
    return fmt::format("_goe_p=\"`printf '{}.'`\" && test \"${{_goe_p%.}}\" != \"$_goe_p\"", sh_printf_format(piece));
}

// The value is assembled in helpers and exported only when every piece was printed, so a
// printf that fails (E2BIG, a missing printf) leaves the variable as it was, never shorter.
std::string sh_printf_statement(const Export& e) {
    std::string_view value = e.value;
    if (sh_piece_end(value, 0) == value.size())
        return fmt::format("{} && export {}=\"${{_goe_p%.}}\"", sh_piece(value), e.name);
    // Quoted assignments: zsh's globsubst would expand a `~` or `:=` of the value in an
    // unquoted one. Two steps: posh 0.14 crashes on "$_goe_v${_goe_p%.}" past 40 KB.
    std::string out = "_goe_v=";
    for (size_t i = 0, end = 0; i < value.size(); i = end) {
        end = sh_piece_end(value, i);
        out += fmt::format(" &&\n{} && _goe_p=\"${{_goe_p%.}}\" && _goe_v=\"$_goe_v$_goe_p\"",
                           sh_piece(value.substr(i, end - i)));
    }
    return out + fmt::format(" && export {}=\"$_goe_v\"", e.name);
}

}  // namespace

// The output is one and-or list, a statement per line (`a &&`, `b &&`, ..., `z;`): the
// first statement that fails stops the rest and makes eval itself fail, with or without
// `set -e`, while `eval "$(...)"` and `eval $(...)` read the same list.
std::string render_sh(const std::vector<Export>& exports, const RenderOptions&) {
    std::string out;
    bool helpers = false;
    for (size_t i = 0; i < exports.size(); ++i) {
        const Export& e = exports[i];
        if (e.source == Export::Source::withdrawn) {
            out += fmt::format("unset {}", e.name);
        } else if (sh_needs_printf(e.value)) {
            helpers = true;
            out += sh_printf_statement(e);
        } else {
            out += fmt::format("export {}={}", e.name, sh_single_quoted(e.value));
        }
        out += i + 1 < exports.size() || helpers ? " &&\n" : ";\n";
    }
    if (helpers) out += "unset _goe_p _goe_v;\n";
    return out;
}

namespace {

// ---- fish -----------------------------------------------------------------------------

// Inside fish's single quotes only \\ and \' are escapes; every other byte is literal.
std::string fish_statement(const Export& e) {
    if (e.source == Export::Source::withdrawn) return fmt::format("set -e -g {};\n", e.name);
    std::string quoted = "'";
    for (char c : e.value) {
        if (c == '\\' || c == '\'') quoted += '\\';
        quoted += c;
    }
    return fmt::format("set -gx {} {}';\n", e.name, quoted);
}

// ---- dotenv ---------------------------------------------------------------------------

// White space that a dotenv reader trims from an unquoted value: JavaScript's trim()
// (npm dotenv) and Python's str.isspace() (python-dotenv), together.
bool unicode_space(char32_t c) {
    return (c >= 0x09 && c <= 0x0D) || (c >= 0x1C && c <= 0x20) || c == 0x85 || c == 0xA0 || c == 0x1680 ||
           c == 0x180E || (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F ||
           c == 0x3000 || c == 0xFEFF;
}

// Unquoted, the value is taken as is by docker --env-file, npm dotenv and python-dotenv
// alike, when it is one line without '#' or control bytes, does not start with a quote
// and neither starts nor ends with white space.
bool dotenv_bare_ok(std::string_view v) {
    if (v.empty()) return true;
    for (char ch : v) {
        auto c = static_cast<unsigned char>(ch);
        if (c < 0x20 || c == 0x7f || c == '#') return false;
    }
    if (v.front() == '\'' || v.front() == '"' || v.front() == '`') return false;
    // `v` is UTF-8 (checked before).
    size_t last_start = floor_char_boundary(v, v.size() - 1);
    return !unicode_space(decode_utf8(v, 0).code_point) && !unicode_space(decode_utf8(v, last_start).code_point);
}

// Single quotes: literal in npm dotenv; python-dotenv reads \\ and \' as escapes; both
// readers turn a CR in the file into LF.
bool dotenv_single_ok(std::string_view v) {
    return v.find_first_of("'\r") == std::string_view::npos && v.find("\\\\") == std::string_view::npos;
}

// Double quotes, with \n and \r written for LF and CR: npm dotenv decodes only those two,
// python-dotenv also \\ \' \" \a \b \f \t \v, so a backslash in the value must not be
// followed by any of them (nor by a LF or CR, which would become one).
bool dotenv_double_ok(std::string_view v) {
    if (v.find('"') != std::string_view::npos) return false;
    for (size_t i = v.find('\\'); i != std::string_view::npos; i = v.find('\\', i + 1))
        if (i + 1 < v.size() && std::string_view("\\'\"abfnrtv\n\r").find(v[i + 1]) != std::string_view::npos)
            return false;
    return true;
}

std::string dotenv_double_quoted(std::string_view v) {
    std::string out = "\"";
    for (char c : v) {
        if (c == '\n') out += "\\n";
        else if (c == '\r') out += "\\r";
        else out += c;
    }
    return out + "\"";
}

[[noreturn]] void unwritable(const Export& e, std::string_view why, std::string_view instead) {
    throw Error(e.origin, e.name, fmt::format("{}; {}", why, instead));
}

// What helps the reader of each format when a value cannot be written for it: another
// format only where that reader can take one, else the variables made where they are used.
constexpr std::string_view kDotenvInstead =
    "run the program that reads the file under gym-otel-env instead (gym-otel-env c.yaml --exec -- python app.py), "
    "or have it read --format json";
constexpr std::string_view kGithubInstead =
    "compute the variables in the step that uses them (gym-otel-env c.yaml --exec -- gym ...), or keep such a "
    "value in a secret and give it to that step's env:";
constexpr std::string_view kGitlabInstead =
    "compute the variables inside the job that needs them (gym-otel-env c.yaml --exec -- gym ...), or keep such "
    "a value in a CI/CD variable";

// docker, podman and kubectl read the env file; each has its own way around it.
std::string env_file_instead(const Export& e) {
    return fmt::format(
        "for docker or podman, export the variables here and pass each by name (eval \"$(gym-otel-env c.yaml)\"; "
        "docker run -e {} ...), or run gym-otel-env inside the container; for kubectl, use --format kubernetes",
        e.name);
}

// python-dotenv's interpolation, on by default in load_dotenv(), dotenv_values() and
// `dotenv run` (variables.py, \$\{(?P<name>[^\}:]*)(?::-(?P<default>[^\}]*))?\}): every
// value, in any quotes, has each such `${...}` replaced, and nothing escapes it.
bool python_dotenv_interpolates(std::string_view v) {
    for (size_t i = v.find("${"); i != std::string_view::npos; i = v.find("${", i + 1)) {
        size_t j = v.find_first_of("}:", i + 2);
        if (j == std::string_view::npos) return false;
        if (v[j] == '}') return true;
        if (j + 1 < v.size() && v[j + 1] == '-' && v.find('}', j + 2) != std::string_view::npos) return true;
    }
    return false;
}

std::string dotenv_statement(const Export& e) {
    const std::string& v = e.value;
    if (!valid_utf8(v))
        unwritable(e, "cannot be written as dotenv: it is not UTF-8, and dotenv files are read as UTF-8",
                   kDotenvInstead);
    if (python_dotenv_interpolates(v))
        unwritable(e,
                   "cannot be written as dotenv: python-dotenv would replace the ${...} in it, in any quotes, and "
                   "has no escape for it",
                   kDotenvInstead);
    if (dotenv_bare_ok(v)) return fmt::format("{}={}\n", e.name, v);
    // A multi-line value reads best on one line, with \n.
    bool multiline = v.find_first_of("\r\n") != std::string::npos;
    if (multiline && dotenv_double_ok(v)) return fmt::format("{}={}\n", e.name, dotenv_double_quoted(v));
    if (dotenv_single_ok(v)) return fmt::format("{}='{}'\n", e.name, v);
    if (dotenv_double_ok(v)) return fmt::format("{}={}\n", e.name, dotenv_double_quoted(v));
    unwritable(e,
               "cannot be written as dotenv: it needs quotes, and npm dotenv or python-dotenv would read "
               "it back changed from both single and double quotes",
               kDotenvInstead);
}

// ---- GitHub Actions ---------------------------------------------------------------------

// The runner (actions/runner, FileCommandManager.cs) reads $GITHUB_ENV as UTF-8 and splits
// lines at LF only: NAME=VALUE for one line, else NAME<<DELIMITER, the lines of the value,
// DELIMITER.
std::string github_statement(const Export& e, const RandomToken& random_token) {
    if (!valid_utf8(e.value))
        unwritable(e, "cannot be written for $GITHUB_ENV: it is not UTF-8, and the runner reads the file as UTF-8",
                   kGithubInstead);
    if (e.value.find_first_of("\r\n") == std::string::npos) return fmt::format("{}={}\n", e.name, e.value);
    std::string delimiter;
    do delimiter = "ghadelimiter_" + random_token();
    while (e.value.find(delimiter) != std::string::npos);
    return fmt::format("{0}<<{1}\n{2}\n{1}\n", e.name, delimiter, e.value);
}

// ---- env-file ---------------------------------------------------------------------------

// docker run --env-file (docker/cli pkg/kvfile), podman run --env-file (podman pkg/env
// ParseFile) and kubectl create configmap|secret --from-env-file (kubectl cmd/util
// env_file.go) read lines with Go's bufio.Scanner and take everything after the first '='
// as is. podman 5 too: pkg/env/env.go reads an env file the same way in every tag from
// v5.0.0 to v5.8.2 as in v4.3.1, quotes, '#' and white space after the '=' kept. Only
// podman 4.7.0 unquoted and joined multi-line values (commit 170a7863, its options/env-file.md
// promised "multiline values in double quotes and single quotes"); 4.7.1 and 4.8.0 reverted
// it as a breaking change (617af9be, podman issue #19565), so no value is refused for it. The scanner's buffer
// (bufio.MaxScanTokenSize, 64 KiB) must hold a line and its LF, or docker and podman fail with "token too long" and
// kubectl, which ignores the scanner's error, silently drops the line and every line after it.
constexpr size_t env_file_max_line = 65535;

std::string env_file_statement(const Export& e) {
    const std::string& v = e.value;
    constexpr std::string_view cannot = "cannot be written as an env file";
    if (!valid_utf8(v))
        unwritable(e, fmt::format("{}: it is not UTF-8, and docker and kubectl refuse such a file", cannot),
                   env_file_instead(e));
    if (v.find('\n') != std::string::npos)
        unwritable(e, fmt::format("{}: it holds a line break, and each line of the file is one variable", cannot),
                   env_file_instead(e));
    // ScanLines drops a CR right before the LF; a CR elsewhere stays in the value.
    if (!v.empty() && v.back() == '\r')
        unwritable(e,
                   fmt::format("{}: it ends in a carriage return, which the readers take for part of the line "
                               "break",
                               cannot),
                   env_file_instead(e));
    std::string line = fmt::format("{}={}", e.name, v);
    if (line.size() > env_file_max_line)
        unwritable(e,
                   fmt::format("{}: its line would be {} bytes, and docker, podman and kubectl read at most {} "
                               "bytes per line",
                               cannot, line.size(), env_file_max_line),
                   env_file_instead(e));
    return line + "\n";
}

// ---- GitLab CI --------------------------------------------------------------------------

// GitLab's own limits on one dotenv report (plan limits dotenv_variables and dotenv_size,
// their defaults on a self-managed instance).
constexpr size_t gitlab_max_variables = 20;
constexpr size_t gitlab_max_bytes = 5120;

// What Ruby's String#strip removes from both ends of the value (Ci::ParseDotenvArtifactService).
bool ruby_space(char c) { return c == ' ' || (c >= '\t' && c <= '\r') || c == '\0'; }

// A reference GitLab replaces in a variable that is not raw, which dotenv variables are
// not: the runner's os.Expand changes `$` before `{`, a name byte, a digit or one of
// `*#$@!?-` (`$$` too, but `$$NAME` does not escape: the server reads the `$NAME` in it);
// the server also replaces `%NAME%`, the Windows form, for the variables it knows.
bool gitlab_expands(std::string_view v) {
    auto name_byte = [](char c) { return is_alpha(c) || is_digit(c) || c == '_'; };
    for (size_t i = v.find('$'); i != std::string_view::npos; i = v.find('$', i + 1))
        if (i + 1 < v.size() &&
            (name_byte(v[i + 1]) || std::string_view("{*#$@!?-").find(v[i + 1]) != std::string_view::npos))
            return true;
    for (size_t i = v.find('%'); i != std::string_view::npos; i = v.find('%', i + 1)) {
        size_t j = i + 1;
        if (j >= v.size() || !(is_alpha(v[j]) || v[j] == '_')) continue;
        while (j < v.size() && name_byte(v[j])) ++j;
        if (j < v.size() && v[j] == '%') return true;
    }
    return false;
}

std::string gitlab_statement(const Export& e) {
    const std::string& v = e.value;
    constexpr std::string_view cannot = "cannot be written for a GitLab dotenv report";
    if (!valid_utf8(v))
        unwritable(e, fmt::format("{}: it is not UTF-8, and GitLab reads the file as UTF-8", cannot), kGitlabInstead);
    // Ruby's each_line splits at LF only; a CR inside the value stays, one at an end is stripped.
    if (v.find('\n') != std::string::npos)
        unwritable(e, fmt::format("{}: it holds a line break, and GitLab reads one variable per line", cannot),
                   kGitlabInstead);
    if (!v.empty() && (ruby_space(v.front()) || ruby_space(v.back())))
        unwritable(e, fmt::format("{}: it starts or ends with white space, which GitLab strips", cannot),
                   kGitlabInstead);
    if (gitlab_expands(v))
        unwritable(e,
                   fmt::format("{}: GitLab would expand the $NAME, ${{...}} or %NAME% in it, and has no escape "
                               "for dotenv variables",
                               cannot),
                   kGitlabInstead);
    return fmt::format("{}={}\n", e.name, v);
}

// ---- Ray ----------------------------------------------------------------------------------

// Python's os.path.expandvars pattern, \$(\w+|\{[^}]*\}) with re.ASCII: `$` and a word
// byte, or `${` with a `}` anywhere after it. expandvars replaces a match only when the
// name is set in the worker's environment, which cannot be known here, so every match is
// refused. (Python 3.14 reads an unclosed `${` too, but leaves it unchanged.)
bool python_expandvars_matches(std::string_view v) {
    for (size_t i = v.find('$'); i != std::string_view::npos; i = v.find('$', i + 1)) {
        char next = i + 1 < v.size() ? v[i + 1] : '\0';
        if (is_alpha(next) || is_digit(next) || next == '_') return true;
        if (next == '{' && v.find('}', i + 2) != std::string_view::npos) return true;
    }
    return false;
}

void check_ray_value(const Export& e) {
    if (python_expandvars_matches(e.value))
        unwritable(e,
                   "cannot be written for Ray: the worker passes env_vars values through os.path.expandvars, "
                   "which would replace the $NAME or ${...} in it and has no escape",
                   "run gym-otel-env inside the job instead: ray job submit -- gym-otel-env c.yaml --exec -- "
                   "python run.py");
}

// One statement per export, as `statement` writes it.
template <class Statement>
std::string each(const std::vector<Export>& exports, Statement statement) {
    std::string out;
    for (const auto& e : exports) out += statement(e);
    return out;
}

}  // namespace

std::string render_fish(const std::vector<Export>& exports, const RenderOptions&) {
    return each(exports, fish_statement);
}

// A byte outside UTF-8 is written as its lone surrogate: json.loads and then
// str.encode(errors="surrogateescape") (what os.environ does) give the byte back.
std::string render_json(const std::vector<Export>& exports, const RenderOptions&) {
    std::string out = "{";
    for (size_t i = 0; i < exports.size(); ++i)
        out += fmt::format("{}{}: {}", i ? ", " : "", json_quoted(exports[i].name, NonAscii::raw),
                           json_quoted(exports[i].value, NonAscii::raw));
    return out + "}\n";
}

std::string render_dotenv(const std::vector<Export>& exports, const RenderOptions&) {
    return each(exports, dotenv_statement);
}

std::string render_github(const std::vector<Export>& exports, const RenderOptions& options) {
    return each(exports, [&](const Export& e) { return github_statement(e, options.random_token); });
}

std::string render_env_file(const std::vector<Export>& exports, const RenderOptions&) {
    return each(exports, env_file_statement);
}

namespace {

// A dotenv report is a job artifact: everyone who can see the pipeline can download it,
// unmasked, and GitLab has no way to restrict that (its issues 347160 and 356946). A
// secret the environment kept never gets here (written()), so each one refused came from
// the config; all are named at once, never shown.
void refuse_gitlab_secrets(const std::vector<Export>& exports) {
    std::vector<std::string> lines, names;
    for (const auto& e : exports) {
        if (!e.secret) continue;
        lines.push_back(locate(e.origin, e.name, "holds a secret, and --format gitlab writes none"));
        names.push_back(e.name);
    }
    if (names.empty()) return;
    bool one = names.size() == 1;
    lines.push_back(fmt::format(
        "a GitLab dotenv report is an artifact that everyone who can see the pipeline can download, unmasked: make "
        "{} {} (the job's own {} and {} left out of the report), or run gym-otel-env c.yaml --exec -- gym ... in "
        "the job that needs {}; --allow-secrets-in-artifact writes {} anyway",
        fmt::join(names, " and "), one ? "a masked CI/CD variable" : "masked CI/CD variables",
        one ? "value wins" : "values win", one ? "is" : "are", one ? "it" : "them", one ? "it" : "them"));
    throw Error(lines);
}

}  // namespace

// The limits are GitLab's for the whole report, checked after every value is.
std::string render_gitlab(const std::vector<Export>& exports, const RenderOptions& options) {
    if (!options.allow_secrets) refuse_gitlab_secrets(exports);
    std::string out = each(exports, gitlab_statement);
    if (exports.size() > gitlab_max_variables)
        throw Error(
            fmt::format("--format gitlab: {} variables, and GitLab takes at most {} from one dotenv report "
                        "(its dotenv_variables limit, {} by default; a self-managed instance can change it); {}",
                        exports.size(), gitlab_max_variables, gitlab_max_variables, kGitlabInstead));
    if (out.size() >= gitlab_max_bytes)
        throw Error(
            fmt::format("--format gitlab: the report would be {} bytes, and GitLab refuses one of {} bytes "
                        "or more (its dotenv_size limit, {} by default; a self-managed instance can change "
                        "it); {}",
                        out.size(), gitlab_max_bytes, gitlab_max_bytes, kGitlabInstead));
    return out;
}

// `ray job submit --runtime-env-json`: the JSON object under "env_vars".
std::string render_ray(const std::vector<Export>& exports, const RenderOptions& options) {
    for (const auto& e : exports) check_ray_value(e);
    std::string object = render_json(exports, options);
    object.pop_back();  // its newline
    return fmt::format("{{\"env_vars\": {}}}\n", object);
}

std::string render_kubernetes(const std::vector<Export>& exports, const RenderOptions& options) {
    return kubernetes_manifests(exports, options.name);
}

Format parse_format(std::string_view name) {
    for (const auto& f : kFormats)
        if (f.name == name) return &f;
    return nullptr;
}

std::vector<Export> written(const Translation& translation, Format format) {
    if (!carries_kept(format->reader)) return translation.exports;
    auto out = with_kept(translation);
    if (format->reader == Reader::elsewhere_but_secrets)
        std::erase_if(out, [](const Export& e) { return e.source == Export::Source::kept && e.secret; });
    return out;
}

std::string render(const std::vector<Export>& exports, Format format, const RenderOptions& options) {
    return options.terminal ? render_for_terminal(exports, format, options) : format->render(exports, options);
}

std::string render(const Translation& translation, Format format, const RenderOptions& options) {
    return render(written(translation, format), format, options);
}

bool terminal_printable(std::string_view value) {
    for (size_t i = 0; i < value.size();) {
        Decoded d = decode_utf8(value, i);
        char32_t c = d.code_point;
        if (d.length == 0 || c < 0x20 || (c >= 0x7f && c < 0xa0) || c == 0x2028 || c == 0x2029 ||
            (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069))
            return false;
        i += d.length;
    }
    return true;
}

namespace {

// fish: the printable runs of `value` in single quotes, anything else as \xHH (ASCII) or
// \XHH (one byte), which fish reads outside quotes as that character or byte.
std::string fish_terminal_statement(const Export& e) {
    if (e.source == Export::Source::withdrawn) return fmt::format("set -e -g {}\n", e.name);
    std::string out = fmt::format("set -gx {} ", e.name);
    std::string_view v = e.value;
    if (v.empty()) return out + "''\n";
    for (size_t i = 0; i < v.size();) {
        size_t run = i;
        while (run < v.size()) {
            Decoded d = decode_utf8(v, run);
            if (d.length == 0 || !terminal_printable(v.substr(run, d.length))) break;
            run += d.length;
        }
        if (run > i) {
            out += '\'';
            for (char c : v.substr(i, run - i))
                out += c == '\\' || c == '\'' ? std::string{'\\', c} : std::string(1, c);
            out += '\'';
            i = run;
            continue;
        }
        Decoded d = decode_utf8(v, i);
        size_t n = d.length == 0 ? 1 : d.length;
        for (size_t k = i; k < i + n; ++k) {
            auto byte = static_cast<unsigned char>(v[k]);
            out += fmt::format("\\{}{:02X}", byte < 0x80 ? 'x' : 'X', byte);
        }
        i += n;
    }
    return out + "\n";
}

}  // namespace

std::string render_for_terminal(const std::vector<Export>& all, Format format, const RenderOptions& options) {
    // What a person reads, and pastes, is theirs: no record of the tool's own output
    // (output/record.hpp), which only an eval or a source keeps.
    std::vector<Export> exports = all;
    std::erase_if(exports, [](const Export& e) { return e.name == kRecordVariable; });
    if (format->name == "sh") {
        std::string out;
        bool helpers = false;
        for (const auto& e : exports) {
            if (e.source == Export::Source::withdrawn) {
                out += fmt::format("unset {}\n", e.name);
            } else if (terminal_printable(e.value)) {
                std::string quoted;
                for (char c : e.value) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
                out += fmt::format("export {}='{}'\n", e.name, quoted);
            } else {
                helpers = true;
                out += sh_printf_statement(e) + ";\n";
            }
        }
        if (helpers) out += "unset _goe_p _goe_v\n";
        return out;
    }
    if (format->name == "fish") return each(exports, fish_terminal_statement);
    std::string text = format->render(exports, options), out;
    for (size_t start = 0; start < text.size();) {
        size_t end = std::min(text.find('\n', start), text.size());
        out += printable(std::string_view(text).substr(start, end - start));
        if (end < text.size()) out += '\n';
        start = end + 1;
    }
    return out;
}

std::string render(const std::vector<Export>& exports, Format format, const RandomToken& random_token) {
    RenderOptions options;
    options.random_token = random_token;
    return render(exports, format, options);
}

std::string github_masks(const std::vector<Export>& exports) {
    std::string out;
    for (const auto& e : exports) {
        if (!e.secret) continue;
        // The runner unescapes %25, %0D and %0A in a command's data; it masks each line of
        // a multi-line value too, and every encoded form of each (base64, URL, JSON).
        // Not a part worth_hiding() refuses: `::add-mask::Bearer ` (an empty token, as a
        // fork's pull request gets) or a one-letter user name would mask that text in every
        // later line of the job's log.
        for (const auto& part : secret_parts(e.name, e.value)) {
            if (!worth_hiding(part)) continue;
            std::string data;
            for (char c : part) data += c == '%' ? "%25" : c == '\r' ? "%0D" : c == '\n' ? "%0A" : std::string(1, c);
            out += fmt::format("::add-mask::{}\n", data);
        }
    }
    return out;
}

std::string log_masks(const std::vector<Export>& exports, Format format, const Environment& env) {
    if (!format->masks || lookup(env, "GITHUB_ACTIONS") != "true") return {};
    return format->masks(exports);
}

std::string render_failure(Format format) { return std::string(format->on_failure); }

}  // namespace goe
