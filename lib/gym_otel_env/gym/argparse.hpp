// argparse's reading of Gym's command line (Python 3.11's parse_known_args over Gym's
// parser tree, gym_commands.hpp): the command, each option's values, what is left over
// for Hydra. Throws a usage Error with argparse's message for what it refuses.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "gym_otel_env/gym/gym_commands.hpp"

namespace goe {

struct ParsedGymWords {
    const gym::Command* command = nullptr;  // none: help, --version, or no command
    bool help = false, version = false, json = false, verbose = false;
    std::map<std::string, std::vector<std::string>> values;  // dest -> values
    std::vector<std::string> extras;                         // argparse's leftovers, in order
    std::vector<std::string> known_names;                    // the deciding parser's options, for hints
    std::map<int, int> exclusive_seen;                       // flag -> the option used
    std::vector<std::string> inputs;                         // GymCommandLine::inputs of the options
};

// The words after Gym's program name, read with one command line's table.
ParsedGymWords parse_gym_words(std::vector<std::string> words, const std::vector<gym::Command>& table);

// main.py's _split_comma_separated: the items stripped; nullopt when one is empty.
std::optional<std::vector<std::string>> split_check_ids(const std::string& value);

}  // namespace goe
