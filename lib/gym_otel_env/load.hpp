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
};

struct LoadRequest {
    std::vector<std::string> configs;  // "-" is standard input
    std::vector<std::string> search_dirs;
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
