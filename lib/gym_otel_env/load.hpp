// Config sources -> one merged tree: CONFIG files and their config_paths includes in
// Gym's merge order, then env.yaml, then the CLI config that Hydra's overrides build
// (override.hpp). Files come through a FileSystem so the stage runs without a disk in tests.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "gym_otel_env/environment.hpp"
#include "gym_otel_env/parse.hpp"
#include "gym_otel_env/value.hpp"

namespace goe {

class FileSystem {
public:
    virtual ~FileSystem() = default;
    // The file's bytes, or nullopt when nothing exists at `path`. Throws Error when
    // something exists but cannot be read as a config (a directory, a FIFO, too large).
    virtual std::optional<std::string> read(const std::string& path) = 0;
    virtual std::string read_stdin() = 0;

    // What the search roots and Gym's asset selectors need besides reading. The defaults
    // keep a read-only double working: a path is a file when it can be read, there are no
    // directories or links, and the working directory is "." (paths stay as written).
    enum class Kind { none, file, directory, other };
    virtual Kind kind(const std::string& path) { return read(path) ? Kind::file : Kind::none; }
    // The names in a directory (no "." or ".."), any order; empty when it is not one.
    virtual std::vector<std::string> list(const std::string& /*directory*/) { return {}; }
    // An absolute path with symlinks followed and ".." collapsed, as Python's
    // Path.resolve() gives it: the part that does not exist is taken as written.
    virtual std::string resolve(const std::string& path);
    virtual std::string working_directory() { return "."; }
};

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
};

struct LoadLimits {
    ParseLimits parse;
    size_t max_files = 1000;
};

struct Loaded {
    NodePtr root;                    // the merged config (an empty mapping when nothing was loaded)
    std::vector<std::string> files;  // files in merge order, env.yaml last
};

Loaded load(const LoadRequest& request, const Environment& env, FileSystem& fs, const LoadLimits& limits = {});

}  // namespace goe
