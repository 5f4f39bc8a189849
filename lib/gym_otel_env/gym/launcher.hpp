// The launchers a command may run Gym behind. Those that run it here, in this process
// tree, file system and environment, are read through by their own option grammar
// (coreutils env, nohup, timeout, nice, stdbuf; util-linux taskset; numactl), env's changes
// to the environment and working directory included. Those that start it on other nodes,
// in a container or with another environment (srun, mpirun, mpiexec, apptainer,
// singularity) are only named: what Gym there reads is not known here. And what the
// report says about the command under --exec when its configs were not read.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "gym_otel_env/core/environment.hpp"
#include "gym_otel_env/gym/command_line_version.hpp"

namespace goe {

struct Launched {
    // Why what the launchers run is not known: none (it is `command`), a launcher that
    // starts its command elsewhere, or one that starts none (taskset -p, --help, env with
    // no command, a line the launcher refuses).
    enum class Stop { none, elsewhere, no_command };
    // The program behind the launchers and its arguments, env -S strings split: the whole
    // command when there is no launcher in front.
    std::vector<std::string> command;
    // Its environment: the one given, as env's NAME=VALUE, -u and -i change it.
    Environment env;
    // env -C: its working directory, relative to the caller's; nullopt when unchanged.
    std::optional<std::string> directory;
    std::vector<std::string> through;  // the launchers read through, as written

    Stop stop = Stop::none;
    std::string launcher;  // stop: the launcher as written ("srun", "/usr/bin/taskset")
    std::string why;       // no_command: why, a clause ("taskset -p changes a running process")

    // What becomes of the variables added to the caller's environment before the first
    // launcher: env -i (or `-`) drops them all, as written ("env -i"); env -u NAME or
    // NAME=VALUE replaces one (name, "env -u NAME").
    std::string cleared;
    std::vector<std::pair<std::string, std::string>> replaced;
};

// What `command` runs behind the launchers in front of it, given the environment it is
// started with. Reads nothing but its arguments.
Launched launched(const std::vector<std::string>& command, const Environment& env);

// env -S STRING split as coreutils' env splits it (build_argv): the words, or the message
// env stops with. `${VAR}` is expanded from `env`.
struct SplitString {
    std::vector<std::string> words;
    std::string error;
};
SplitString split_string(std::string_view text, const Environment& env);

// How the command under --exec was read, for the report and --explain.
struct CommandReading {
    bool exec = false;          // under --exec
    bool gym = false;           // what runs behind the launchers is Gym's entry point
    bool config_given = false;  // CONFIG was given, so Gym's command line is not read
    std::string program;        // gym: Gym's entry point as written ("gym", "python3")
    std::string command;        // gym, its line read: the Gym command run ("env start"), "" for help, --version
    Launched launch;
    // The command is there for execvp to find: when it is not, the run ends in "command
    // not found" (127), and nothing is said of what its arguments would have meant.
    bool found = true;
    // CONFIG given: the words of Gym's command line that name configs or set config
    // values, as written (an override token's value and other options' values left out).
    std::vector<std::string> ignored;
    // Which Gym's command line (and loader) is read, and why (command_line_version.hpp).
    CommandLineRead command_line;
    // What that Gym warns of as it reads its command line, in its words: a deprecated
    // agent directory, environment name or config path that a selector found.
    std::vector<std::string> gym_warnings;
};

// For --explain: "Gym's command line read as Gym 52755d025d's command line (found in ...)",
// when a Gym command line was read; "" otherwise.
std::string command_line_note(const CommandReading& reading);

// Why no config came from the command: "" when Gym's command line was read, CONFIG was
// given or there is no --exec; else a clause for --explain ("srun starts its command on
// other nodes, ..., so its arguments are not read").
std::string unread_reason(const CommandReading& reading);

struct CommandWarning {
    enum class Kind {
        cleared,         // env -i: nothing added reaches the command
        replaced,        // env -u NAME / NAME=: one exported variable does not reach it
        unread,          // nothing was read, and the command's arguments were not read
        config_ignored,  // CONFIG given while Gym's command line names configs too
        gym_says,        // a deprecation Gym itself warns of (CommandReading::gym_warnings)
    };
    Kind kind;
    std::string text;
};

// The warnings about the command: `files_read` whether any config file was read,
// `exported` the names this run exports.
std::vector<CommandWarning> command_warnings(const CommandReading& reading, bool files_read,
                                             const std::vector<std::string>& exported);

}  // namespace goe
