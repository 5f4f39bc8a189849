// What the command line asked for, as data: main fills it with CLI11, this stage turns
// it into a LoadRequest. Kept out of main so the rules are testable.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gym_otel_env/core/file_system.hpp"
#include "gym_otel_env/gym/gym_entry.hpp"
#include "gym_otel_env/gym/load.hpp"
#include "gym_otel_env/output/render.hpp"
#include "gym_otel_env/telemetry/diagnose.hpp"

namespace goe {

struct Invocation {
    std::vector<std::string> configs;
    std::vector<std::string> sets;
    std::vector<std::string> search_dirs;
    std::string gym_root;     // --gym-root, or found from the command under --exec (install_root.hpp)
    std::string gym_version;  // --gym-version NAME, as given (gym_versions.hpp); "" for none
    std::string env_yaml;
    bool no_env_yaml = false;
    std::string format = "sh";
    std::optional<std::string> name;         // --name, for --format kubernetes only
    bool allow_secrets_in_artifact = false;  // for --format gitlab only
    bool exec = false;
    bool check = false;
    std::string explain;  // "" (none), "full" or "short"
    ReportOptions report;
    std::vector<std::string> command;  // after "--"
    // A word right after a --set value (`--set k=a b`), which CLI11 takes for a CONFIG:
    // the word and the value it followed. Only a word argv holds once, so that the CONFIG
    // it became is known.
    struct AfterSet {
        std::string word;
        std::string value;
    };
    std::vector<AfterSet> after_set;

    bool probe = false;
    std::string probe_timeout;  // --probe-timeout SECONDS, "" for the default
};

// Splits argv (without the program name) at the first "--": what follows is the command.
// Notes the words that follow a --set value (Invocation::after_set).
std::vector<std::string> split_command(std::vector<std::string> args, Invocation& inv);

// An option as the parser defines it (apps/gym-otel-env/cli.cpp), for the usage errors
// that name it in the tool's words rather than the parser's.
struct OptionShape {
    std::string name;                 // "--format", "-q"
    std::string argument;             // its value as --help names it ("KEY=VALUE"); "": a flag
    std::vector<std::string> values;  // the values it takes, when it takes a fixed few
    bool attached = false;            // a flag that may take a value after '=' (--explain=short)
};

// The first mistake in `args` (argv without the program name, up to "--") that the
// parser would word in its own terms, as a usage Error in ours: an option it does not
// know (with the closest known one), an option without its value (its value is the next
// word, as the parser takes it, unless that word is a known option), a value not among
// those an option takes, a value after '=' for a flag that takes none (--check=x), and a
// command after --exec without the "--" before it. Nothing
// when --help or --version is asked for.
void check_usage(const std::vector<std::string>& args, const std::vector<OptionShape>& options);

// Whether a CONFIG word is a Hydra override as Gym's users type one on Gym's command
// line (`+a.b=c`, `++a.b=c`, `a.b=c`, `~a.b`), read as one rather than as a file name: a
// word starting with + or ~, or KEY=VALUE with a dotted KEY and no .yaml or .yml at the end.
bool override_word(std::string_view word);

// The --format named in `args`, read before parsing so that a usage error still prints
// what that format prints on failure; sh when none is named or it is unknown.
Format requested_format(const std::vector<std::string>& args);

// What `format` needs besides the exports: --name, checked (a usage error when it is
// given for another format or is not a name Kubernetes takes), --allow-secrets-in-artifact
// (a usage error for any format but gitlab, the only one that refuses a secret: elsewhere
// it would be silently without effect), and `random_token`.
RenderOptions render_options(const Invocation& inv, Format format, RandomToken random_token);

// The world as the command under --exec sees it, behind its launchers (launcher.hpp):
// the environment it gets (env's NAME=VALUE, -u, -i), and, when its Gym command line is
// read, the file system from its working directory (env -C). Without --exec, ours.
class CommandView {
public:
    CommandView(const Invocation& inv, const Environment& env, FileSystem& fs);
    // The view keeps a reference to the environment: a temporary would be gone before it.
    CommandView(const Invocation& inv, Environment&& env, FileSystem& fs) = delete;
    const GymEntry& entry() const { return entry_; }
    const Environment& env() const { return inv_.exec ? entry_.launch.env : env_; }
    FileSystem& fs() { return moved_ ? *moved_ : base_; }
    // Ours, before any launcher: what the command after "--" itself is looked up in.
    const Environment& own_env() const { return env_; }
    FileSystem& own_fs() { return base_; }
    // A path of our own command line (--search-dir, --env-yaml, --gym-root) as fs() finds it.
    std::string ours(const std::string& path);
    // Gym's install root found from the entry point (install_root.hpp), as ours() gives it.
    std::optional<std::string> install_root();

private:
    const Invocation& inv_;
    const Environment& env_;
    FileSystem& base_;
    GymEntry entry_;
    std::optional<InDirectory> moved_;
};

// The configs, roots and overrides to load. With --exec and no CONFIG, they come from
// the command after "--" when it is Gym's (gym_args.hpp), behind its launchers, its asset
// selectors looked up on the search roots through view.fs(); --set overrides apply after
// those. With CONFIG, Gym's config inputs are only listed, for the report. The Gym
// command line read is --gym-version's, else the one detected under the install root
// (request.reading.command_line; request.gym_version names the --gym-version row).
LoadRequest load_request(const Invocation& inv, CommandView& view);
LoadRequest load_request(const Invocation& inv, const Environment& env, FileSystem& fs);

}  // namespace goe
