// Config sources -> the trees to merge, in Gym's merge order: CONFIG files and their
// config_paths includes, then env.yaml, then the CLI config that Hydra's overrides built
// (override.hpp). Files come through a FileSystem so the stage runs without a disk in tests.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "gym_otel_env/core/environment.hpp"
#include "gym_otel_env/core/file_system.hpp"
#include "gym_otel_env/core/value.hpp"
#include "gym_otel_env/gym/launcher.hpp"
#include "gym_otel_env/omegaconf/merge.hpp"
#include "gym_otel_env/omegaconf/resolve.hpp"
#include "gym_otel_env/yaml/parse.hpp"

namespace goe {

struct LoadRequest {
    std::vector<std::string> configs;      // "-" is standard input
    std::vector<std::string> search_dirs;  // ours, then the Gym command line's (SPEC 1.3)
    std::optional<std::string> gym_root;   // Gym's install root (PARENT_DIR), searched last
    std::optional<std::string> env_yaml;
    bool no_env_yaml = false;
    // Hydra override tokens from Gym's command line, in order, as Gym's Hydra gets them.
    std::vector<std::string> gym_overrides;
    // --set KEY=VALUE, each the token ++KEY=VALUE, applied after gym_overrides.
    std::vector<std::string> sets;
    // How the command under --exec was read: for what the report says, and which Gym's
    // loader finds a relative config_paths entry (reading.command_line: 52755d025d's
    // finds one that moved between responses_api_agents/ and harnesses/).
    CommandReading reading;
    // The --gym-version row named (gym_versions.hpp), "" for none: with it the schema too
    // is that Gym's.
    std::string gym_version;
    // A CONFIG that is a word the shell split off a --set value (`--set k=a b`): when no
    // such file is found, the message says so (invocation.hpp finds them).
    struct StrayWord {
        size_t config = 0;       // its index in `configs`
        std::string set_shown;   // the --set value it followed, as messages show it (KEY=*** for a secret)
        std::string set_quoted;  // that value and the word, as the user should have typed them
        bool secret = false;     // the word belongs to a secret value: no message shows it
    };
    std::vector<StrayWord> stray_words;
    // Not for loading either: the run id the tool's own earlier output made up in this
    // shell (output/record.hpp), which stays the run's while nothing else gives one.
    std::optional<std::string> earlier_run_id;
};

struct LoadLimits {
    ParseLimits parse;
    size_t max_files = 1000;
};

// What the loader has to say that is not an error: a file named by a relative path read
// from a root before the working directory, which has the same path (Gym reads that one too).
struct LoadWarning {
    Origin origin;         // where the path was written; empty for a CONFIG argument
    std::string key_path;  // "config_paths[0]", or empty
    std::string what;
};

struct Loaded {
    // In merge order: each file after what it pulled in, env.yaml, the CLI config last
    // (when it has keys). At least one: an empty mapping when nothing was loaded.
    std::vector<NodePtr> trees;
    std::vector<std::string> files;  // the files among them, in the same order, env.yaml last
    // Every entry loaded (roots and includes, as resolved), which Gym writes over the merged
    // config_paths; null when there was none.
    NodePtr config_paths;
    std::vector<LoadWarning> warnings;
};

// `cli` is the CLI config (command_line_config in override.hpp): its config_paths name
// root files, and it is merged last. `merge_limits` and `resolve_limits` hold the
// merges and resolutions of config_paths lists that Gym does while it loads.
Loaded load(const LoadRequest& request, const NodePtr& cli, const Environment& env, FileSystem& fs,
            const LoadLimits& limits = {}, const MergeLimits& merge_limits = {},
            const ResolveLimits& resolve_limits = {}, ResolveContext& context = omegaconf_alone());

// Gym's last step of loading (`parse`: `global_config_dict["config_paths"] = config_paths`):
// the merged config with config_paths replaced by every entry loaded, so that
// `${config_paths}` gives every file, not the last list merged. Changes `merged` in place
// when it is handed over as the only reference (writable, value.hpp).
NodePtr with_config_paths(NodePtr merged, const Loaded& loaded);

}  // namespace goe
