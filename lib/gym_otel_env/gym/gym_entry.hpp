// Which of Gym's entry points a command runs, if any: the console scripts of Gym's
// pyproject.toml [project.scripts], `python -m nemo_gym.cli.main`, and either behind
// `uv run`, and all of them behind the launchers read through (launcher.hpp: env, nohup,
// nice, ...). Nothing else is Gym's, so nothing else is read.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gym_otel_env/core/environment.hpp"
#include "gym_otel_env/gym/launcher.hpp"

namespace goe {

// How the command reaches Gym's CLI, for finding Gym's install root (install_root.hpp).
struct GymEntry {
    enum class Kind {
        none,    // not Gym's: its arguments mean something else
        script,  // a console script of Gym's pyproject ([project.scripts]): gym, ng, ng_run, ...
        module,  // PYTHON -m nemo_gym.cli.main
        uv,      // uv run [uv options] <one of the above>
    };
    Kind kind = Kind::none;
    std::string program;  // the script or the interpreter as written: "gym", "/venv/bin/gym", "python3"
    std::string script;   // the console script's name ("gym", "ng_run"), "" for -m
    std::optional<std::string> uv_project;  // uv run --project / --directory, when given
    size_t args = 0;                        // index of Gym's first argument in launch.command
    // The launchers in front, what they run (Gym's words are in launch.command) and the
    // environment and working directory they run it with.
    Launched launch;
};

// Which entry point `command` runs, if any, started with `env`. Behind `srun`, `sh -c ...`
// and the like nothing is Gym's: what they run is not known from their words alone.
GymEntry gym_entry(const std::vector<std::string>& command, const Environment& env = {});

// The gym command words a legacy script stands for (nemo_gym/cli/legacy.py: ng_run is
// "env start"), empty for ng_reinstall; nullptr for gym, ng and anything else.
const std::vector<std::string_view>* legacy_tokens(std::string_view script);

}  // namespace goe
