// Reads the command after `--exec --` the way NeMo Gym reads its own command line, and
// only when it is one of Gym's entry points: which words are Hydra override tokens,
// what --config and the asset selectors add to +config_paths, and the --search-dir roots.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gym_otel_env/gym/command_line_version.hpp"
#include "gym_otel_env/gym/gym_entry.hpp"

namespace goe {

// The config path an asset selector names (assets.hpp), given the Gym command line's
// --search-dir roots: a callback so that this stage stays free of the file system.
using SelectorResolver = std::function<std::string(std::string_view flag, std::string_view value,
                                                   const std::vector<std::string>& search_dirs)>;

struct GymCommandLine {
    bool is_gym = false;
    GymEntry entry;
    // The Hydra override tokens Gym's command handler receives, in Gym's order: the tokens
    // its flags translate to (--config and the selectors as +config_paths), then the words
    // argparse left over, all +config_paths=[...] tokens coalesced into the first.
    std::vector<std::string> overrides;
    // --search-dir values split as Gym splits NEMO_GYM_EXTRA_ROOTS (`:`, empty dropped).
    std::vector<std::string> search_dirs;
    std::string command;  // the Gym command run ("env start"), "" for none (help, --version)
    // The words that name configs or set config values, as written: `--config c.yaml`,
    // `--environment e`, `--search-dir d`, another such option by its name alone
    // (`--model`), an override token by its key (`+telemetry.exporter=...`). Never a value
    // that could be a secret, so that a message may list them.
    std::vector<std::string> inputs;
};

// Throws a usage Error, Gym's argparse message on one line, for a command line Gym
// refuses (an unknown option, a missing value, an unknown command, what its command
// handlers refuse before reading a config). `read` says which Gym's command line it is
// (command_line_version.hpp); an option that Gym's does not have is refused in words that
// name it, and the way around. `command` is read through its launchers (gym_entry) with an
// empty environment.
GymCommandLine read_gym_command(const std::vector<std::string>& command, const SelectorResolver& resolve,
                                const CommandLineRead& read = {});
GymCommandLine read_gym_command(const GymEntry& entry, const SelectorResolver& resolve,
                                const CommandLineRead& read = {});

// Gym's _merge_config_paths: every `+config_paths=[...]` token (exactly that prefix and a
// closing `]`) becomes one, first, its items split on `,` as text, empty items dropped;
// every other token keeps its place.
std::vector<std::string> merge_config_paths(const std::vector<std::string>& tokens);

}  // namespace goe
