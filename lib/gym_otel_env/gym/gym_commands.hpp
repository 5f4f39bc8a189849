// Gym's argparse tree as data (nemo_gym/cli/main.py COMMANDS): each command with its
// flags in Gym's order, what each flag takes and what Hydra tokens it translates to. One
// table per Gym command line the tool knows, each beside the commit it copies.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace goe::gym {

// The Gym command lines the tool reads, named by the commit whose main.py they copy.
enum class CommandLine {
    v2e5014086a,  // NVIDIA-NeMo/Gym@2e5014086a: the selectors store one name each
    v52755d025d,  // NVIDIA-NeMo/Gym@52755d025d: --agent-type, repeatable selectors, harnesses/
};
inline constexpr CommandLine kCommandLines[] = {CommandLine::v2e5014086a, CommandLine::v52755d025d};
// Where no Gym is found (SPEC 8): the command line the tool has always read.
inline constexpr CommandLine kDefaultCommandLine = CommandLine::v2e5014086a;
// "2e5014086a".
std::string_view command_line_name(CommandLine version);

enum class Take { flag, one, append, two, constant };

// An argparse `type=` that can refuse a value: int, or main.py's _split_comma_separated.
enum class Check { none, integer, check_ids };

struct Opt {
    std::vector<std::string> names;
    Take take = Take::one;
    std::string dest;
    std::string constant;  // Take::constant
    std::vector<std::string> choices;
    Check check = Check::none;
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
    reward_direction,
    agent_type,  // a selector refused with --no-serve (52755d025d's _translate_agent_type)
    check_ids,   // _csv_list_flag: +KEY=["a","b"] of the checked, stripped items
    comma_list   // _comma_list_flag: +KEY=["a","b"], items stripped, empty ones dropped
};

struct Positional {
    std::string dest;
    bool optional = true;
    std::vector<std::string> choices;
    std::string metavar;  // how argparse names it in messages, when not `dest`
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

// Every command, named as typed ("env start"), in COMMANDS' order, of that command line.
const std::vector<Command>& commands(CommandLine version = kDefaultCommandLine);

// The shapes main.py builds its flags from (_value_flag, _bool_flag, ...), for the tables.
namespace flags {
std::string dest_of(std::string_view name);
Flag value_flag(const std::string& name, const std::string& key, std::vector<std::string> aliases = {},
                std::vector<std::string> choices = {}, bool quote = false);
Flag bool_flag(const std::string& name, const std::string& key);
Flag plain(std::vector<std::string> names, Take take, std::vector<std::string> choices = {});
}  // namespace flags

// The 2e5014086a table and the 52755d025d one, each in its own file.
const std::vector<Command>& commands_2e5014086a();
const std::vector<Command>& commands_52755d025d();

}  // namespace goe::gym
