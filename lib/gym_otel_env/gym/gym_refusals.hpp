// What Gym refuses on its command line once argparse has read it, in Gym's words: an
// unknown option (main()), and what the command handlers refuse before they read any
// config (_env_init, _env_test, _eval_health_check). Each is a usage Error.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "gym_otel_env/gym/command_line_version.hpp"
#include "gym_otel_env/gym/gym_commands.hpp"

namespace goe {

// The usage Error of every refusal of Gym's command line: "gym command line: WHAT".
[[noreturn]] void refuse_gym_command(const std::string& what);

// Whether the command has an option of that name (argparse's option strings).
bool has_option(const gym::Command& command, std::string_view name);

// main()'s refusal of the leftovers that start with "-". `known` are the options of the
// parser that read them (for Gym's did-you-mean), `command` the command run (null: none).
// An option another Gym command line has on that command gets no did-you-mean (it would
// point at an option that does something else) but that Gym's name; every refusal names
// the command line read (`read`) and the way around it, through `program`.
void refuse_unknown_options(const std::vector<std::string>& leftovers, const std::vector<std::string>& known,
                            const gym::Command* command, const CommandLineRead& read, const std::string& program);

// The command handlers' refusals, given the parsed values (dest -> values), the words left
// to Hydra, and the tokens the handler receives.
void handler_checks(const gym::Command& command, const std::map<std::string, std::vector<std::string>>& values,
                    const std::vector<std::string>& leftovers, const std::vector<std::string>& tokens,
                    gym::CommandLine version);

}  // namespace goe
