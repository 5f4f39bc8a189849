// Exports -> text for a consumer: POSIX sh (safe under quoted and unquoted eval),
// fish, JSON, dotenv, GitHub Actions' $GITHUB_ENV, a Ray runtime environment.
#pragma once

#include <array>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gym_otel_env/telemetry/translate.hpp"

namespace goe {

enum class Format { sh, fish, json, dotenv, github, ray };

struct FormatInfo {
    std::string_view name;  // the value of --format
    Format format;
    std::string_view description;  // a few words, as the fish completion shows them
};

// Every format, the default first: --format's check and help, the completions (held to
// this table by a test) and parse_format read it. Adding a format is adding a row.
// clang-format off
inline constexpr std::array<FormatInfo, 6> kFormats{{
    {"sh",     Format::sh,     "POSIX shell (default)"},
    {"fish",   Format::fish,   "fish shell"},
    {"json",   Format::json,   "JSON object"},
    {"dotenv", Format::dotenv, "dotenv file"},
    {"github", Format::github, "GitHub Actions env file"},
    {"ray",    Format::ray,    "Ray runtime environment"},
}};
// clang-format on

std::optional<Format> parse_format(std::string_view name);

// `random_token` gives fresh random hex text for GitHub heredoc delimiters. Throws Error
// when a value cannot be written so that the format's readers get it back byte for byte
// (dotenv, github: not UTF-8; dotenv: no quoting fits); sh, fish and json take any bytes.
std::string render(const std::vector<Export>& exports, Format format, const std::function<std::string()>& random_token);

// What stdout holds when the tool fails: `false` for the shell formats, so that an
// eval fails and `set -e` stops; nothing otherwise.
std::string render_failure(Format format);

}  // namespace goe
