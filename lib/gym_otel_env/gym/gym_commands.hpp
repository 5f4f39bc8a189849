// Gym's argparse tree as data (nemo_gym/cli/main.py COMMANDS): each command with its
// flags in Gym's order, what each flag takes and what Hydra tokens it translates to.
#pragma once

#include <string>
#include <vector>

namespace goe::gym {

enum class Take { flag, one, append, two, constant };

struct Opt {
    std::vector<std::string> names;
    Take take = Take::one;
    std::string dest;
    std::string constant;  // Take::constant
    std::vector<std::string> choices;
};

// What a flag adds to the override tokens (main.py's translate_to_hydra).
enum class Emit {
    nothing,
    config,
    selector,
    value,
    quoted,
    boolean,
    entrypoint,
    revision,
    format_json,
    name,
    search_terms,
    onboarding,
    init_target,
    reward_range,
    reward_direction
};

struct Positional {
    std::string dest;
    bool optional = true;
    std::vector<std::string> choices;
};

struct Flag {
    Emit emit = Emit::nothing;
    std::string key;  // the Hydra key of value/quoted/boolean flags, the selector's name
    std::vector<Opt> opts;
    std::vector<Positional> positionals;
    bool exclusive = false;  // an argparse mutually exclusive group
};

struct Command {
    std::string name;
    std::vector<Flag> flags;
};

// Every command, named as typed ("env start"), in COMMANDS' order.
const std::vector<Command>& commands();

}  // namespace goe::gym
