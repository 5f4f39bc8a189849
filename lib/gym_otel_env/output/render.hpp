// Exports -> text for a consumer: POSIX sh (safe under quoted and unquoted eval),
// fish, JSON, dotenv, the env file of docker, podman and kubectl, GitHub Actions'
// $GITHUB_ENV, a GitLab dotenv report, a Ray runtime environment, Kubernetes manifests.
#pragma once

#include <array>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "gym_otel_env/output/kubernetes.hpp"
#include "gym_otel_env/telemetry/translate.hpp"

namespace goe {

// Fresh random hex text, for GitHub heredoc delimiters.
using RandomToken = std::function<std::string()>;

// What a format may need besides the exports; each format reads only its own fields.
struct RenderOptions {
    RandomToken random_token;                                // github: heredoc delimiters
    std::string name = std::string(kDefaultKubernetesName);  // kubernetes: --name
    // stdout is a terminal: a person reads it (render_for_terminal below), not eval.
    bool terminal = false;
    // gitlab: --allow-secrets-in-artifact, write a secret the config gave (else refused).
    bool allow_secrets = false;
};

// Each format's whole text for stdout. Throws Error when a value cannot be written so
// that the format's readers get it back byte for byte (dotenv, env-file, github, gitlab,
// kubernetes: not UTF-8; dotenv: no quoting fits; env-file, gitlab: line breaks and the
// like; gitlab, ray: what they would expand; kubernetes: over 1 MiB); sh, fish and json
// take any bytes. docs/formats.md says why.
std::string render_sh(const std::vector<Export>& exports, const RenderOptions& options);
std::string render_fish(const std::vector<Export>& exports, const RenderOptions& options);
std::string render_json(const std::vector<Export>& exports, const RenderOptions& options);
std::string render_dotenv(const std::vector<Export>& exports, const RenderOptions& options);
std::string render_env_file(const std::vector<Export>& exports, const RenderOptions& options);
std::string render_github(const std::vector<Export>& exports, const RenderOptions& options);
std::string render_gitlab(const std::vector<Export>& exports, const RenderOptions& options);
std::string render_ray(const std::vector<Export>& exports, const RenderOptions& options);
std::string render_kubernetes(const std::vector<Export>& exports, const RenderOptions& options);

// Who reads a format, and so what it holds of a variable the environment already sets
// (a kept one): docs/formats.md says why each format is read where it is.
enum class Reader {
    // This shell, which evaluates the output (sh's eval, fish's source): the kept variable
    // is there already, and is left out; the output also records what it sets and unsets
    // what the tool's earlier output set and this one does not give (output/record.hpp).
    shell,
    // A process that inherits this environment (a program started from here that merges
    // json into its own): the kept variable is there already, and is left out.
    inherits,
    // A process elsewhere (a container, a pod, a Ray worker, a later CI step): the kept
    // variable is written with its value, so that it still wins where it is read.
    elsewhere,
    // The later jobs of a GitLab pipeline: as elsewhere, but a kept secret is left where
    // it came from. GitLab hands every job its CI/CD variables, masked ones included, and
    // they outrank a dotenv report's; the report is readable, unmasked, by everyone who
    // can see the pipeline's artifacts.
    elsewhere_but_secrets,
};

// Whether a format's reader is elsewhere, so that it must carry the kept variables.
constexpr bool carries_kept(Reader reader) { return reader != Reader::shell && reader != Reader::inherits; }

struct FormatInfo {
    std::string_view name;         // the value of --format
    std::string_view description;  // a few words, as the fish completion shows them
    std::string (*render)(const std::vector<Export>& exports, const RenderOptions& options);
    // What stdout holds when the tool fails: `false` for the shells, so that an eval
    // fails and `set -e` stops; nothing for a file or a program to read.
    std::string_view on_failure;
    Reader reader;
    // The lines that make the CI platform that reads the format hide its secrets in the
    // job's log, for stderr (log_masks below); nullptr where the platform has none.
    std::string (*masks)(const std::vector<Export>& exports);
};

// GitHub Actions: a `::add-mask::` workflow command per secret part (the schema's rule),
// which the runner reads on a step's stderr as on its stdout and never logs.
std::string github_masks(const std::vector<Export>& exports);

// Every format, the default first: --format's check and help, the completions (held to
// this table by a test), parse_format, render and render_failure read it. Adding a
// format is adding a row and its render function.
// clang-format off
inline constexpr std::array<FormatInfo, 9> kFormats{{
    {"sh",         "POSIX shell (default)",           render_sh,         "false\n", Reader::shell,     nullptr},
    {"fish",       "fish shell",                      render_fish,       "false\n", Reader::shell,     nullptr},
    {"json",       "JSON object",                     render_json,       "",        Reader::inherits,  nullptr},
    {"dotenv",     "dotenv file",                     render_dotenv,     "",        Reader::elsewhere, nullptr},
    {"env-file",   "docker/podman/kubectl env file",  render_env_file,   "",        Reader::elsewhere, nullptr},
    {"github",     "GitHub Actions env file",         render_github,     "",        Reader::elsewhere, github_masks},
    {"gitlab",     "GitLab CI dotenv report",         render_gitlab,     "",        Reader::elsewhere_but_secrets, nullptr},
    {"ray",        "Ray runtime environment",         render_ray,        "",        Reader::elsewhere, nullptr},
    {"kubernetes", "Kubernetes ConfigMap and Secret", render_kubernetes, "",        Reader::elsewhere, nullptr},
}};
// clang-format on

// A row of kFormats: the default is &kFormats[0].
using Format = const FormatInfo*;
inline constexpr Format kDefaultFormat = &kFormats[0];

// The row named `name`, or nullptr.
Format parse_format(std::string_view name);

// The variables `format` writes: what changes, and for a format read elsewhere also the
// kept ones with their values, as its Reader says.
std::vector<Export> written(const Translation& translation, Format format);

// The exports as `format` writes them (render_for_terminal's text when options.terminal);
// throws as its render function does.
std::string render(const std::vector<Export>& exports, Format format, const RenderOptions& options);
// What `format` prints for `translation`: render(written(translation, format), ...).
std::string render(const Translation& translation, Format format, const RenderOptions& options);

// The same text for a person at a terminal. sh: `export NAME='value'`, a line each, as
// a person would write it, and still pasted into bash, zsh or dash as it is; a value that
// is not terminal_printable keeps the printf form, whose escapes show it and paste it
// exactly. fish: single-quoted runs with fish's \xHH and \XHH escapes between them. The
// other formats, which a program reads, as they are but with no control character or
// invalid byte sent raw: \xNN (a line break stays one).
std::string render_for_terminal(const std::vector<Export>& exports, Format format, const RenderOptions& options);

// Whether `value` can be shown as itself to a person: well-formed UTF-8 with no control
// character (C0, DEL, C1) and none of the code points that move text about on a terminal
// (U+2028, U+2029, the bidirectional embeddings, overrides and isolates).
bool terminal_printable(std::string_view value);
// The same with the default options and `random_token`.
std::string render(const std::vector<Export>& exports, Format format, const RandomToken& random_token);

// The format's masks for the secrets among `exports`, when the environment is its
// platform's (GitHub Actions sets GITHUB_ACTIONS=true): anywhere else the lines would show
// the secrets they are meant to hide. Empty otherwise.
std::string log_masks(const std::vector<Export>& exports, Format format, const Environment& env);

// What stdout holds when the tool fails in `format`.
std::string render_failure(Format format);

}  // namespace goe
