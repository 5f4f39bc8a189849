// Which Gym command line is read (SPEC 8): the one --gym-version names, else the one Gym's
// own nemo_gym/cli/main.py under its install root shows it has, else the default. Decided
// by what Gym's files say, through the FileSystem, never by their hash.
#pragma once

#include <optional>
#include <string>

#include "gym_otel_env/core/file_system.hpp"
#include "gym_otel_env/gym/gym_commands.hpp"

namespace goe {

struct CommandLineRead {
    gym::CommandLine version = gym::kDefaultCommandLine;
    enum class How {
        fallback,  // no Gym install root, or none whose main.py the tool can read
        option,    // --gym-version
        detected,  // from the install root's nemo_gym/cli/main.py
    } how = How::fallback;
    std::string from;  // option: the --gym-version value; detected: the main.py read; fallback: the root, if any
};

// How messages name it: "Gym 52755d025d's command line (found in /g/nemo_gym/cli/main.py)".
std::string describe(const CommandLineRead& read);

// The command line of the Gym installed at `install_root`, from its nemo_gym/cli/main.py:
// 52755d025d's when its selectors look under harnesses/ with responses_api_agents/ as the
// old place, 2e5014086a's when it builds them with _asset_selector but not so; nullopt when
// there is no such file or it is neither.
std::optional<gym::CommandLine> detect_command_line(const std::string& install_root, FileSystem& fs);

// The command line to read: `named` (from --gym-version, whose value is `named_as`) wins;
// else detected under `install_root`; else the default.
CommandLineRead choose_command_line(std::optional<gym::CommandLine> named, const std::string& named_as,
                                    const std::optional<std::string>& install_root, FileSystem& fs);

}  // namespace goe
