// The command line on CLI11: the options, in groups; the --help text, written from those
// options and the formats table; the --version text, from what the tool follows and what
// it was built with.
#pragma once

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "gym_otel_env/invocation.hpp"

namespace goe::app {

// Every option, bound to `o`, and the help and version flags.
void build_cli(CLI::App& app, Invocation& o);

// Every option as check_usage (invocation.hpp) reads it: its names, its value, the
// formats for --format.
std::vector<OptionShape> option_shapes(const CLI::App& app);

// What --version prints: the version, what it follows (kFollowed), how it was built.
std::string version_text();

}  // namespace goe::app
