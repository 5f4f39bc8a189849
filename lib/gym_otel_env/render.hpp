// Exports -> text for a consumer: POSIX sh (safe under quoted and unquoted eval),
// fish, JSON, dotenv, GitHub Actions' $GITHUB_ENV, a Ray runtime environment.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gym_otel_env/translate.hpp"

namespace goe {

enum class Format { sh, fish, json, dotenv, github, ray };

std::optional<Format> parse_format(std::string_view name);

// `random_token` gives fresh random hex text for GitHub heredoc delimiters. Throws Error
// when a value cannot be written so that the format's readers get it back byte for byte
// (dotenv, github: not UTF-8; dotenv: no quoting fits); sh, fish and json take any bytes.
std::string render(const std::vector<Export>& exports, Format format, const std::function<std::string()>& random_token);

// What stdout holds when the tool fails: `false` for the shell formats, so that an
// eval fails and `set -e` stops; nothing otherwise.
std::string render_failure(Format format);

}  // namespace goe
