// The whole pipeline in one call: the CLI config, load, merge, directives, Gym's defaults,
// resolve, validate, translate. Rendering and the report come after, from its Outcome.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "gym_otel_env/core/file_system.hpp"
#include "gym_otel_env/gym/directives.hpp"
#include "gym_otel_env/gym/gym_defaults.hpp"
#include "gym_otel_env/gym/load.hpp"
#include "gym_otel_env/omegaconf/merge.hpp"
#include "gym_otel_env/omegaconf/resolve.hpp"
#include "gym_otel_env/telemetry/outcome.hpp"
#include "gym_otel_env/telemetry/schema_versions.hpp"

namespace goe {

// The size limits of the stages that have them. The defaults are the tool's; the fuzz
// target makes them smaller so that a bomb costs it milliseconds.
struct PipelineLimits {
    LoadLimits load;
    MergeLimits merge;
    DirectiveLimits directives;
    ResolveLimits resolve;
};

struct Merged {
    NodePtr root;                    // every source merged, config_paths as Gym writes it over them
    std::vector<std::string> files;  // the files loaded, in merge order, env.yaml last
    std::vector<LoadWarning> warnings;
};

// The pipeline's first steps: the CLI config Hydra's overrides build, the files loaded
// in Gym's order, env.yaml and the CLI config, merged as OmegaConf merges them. `context`
// is the resolutions' (config_paths lists, merges onto an interpolation); without it,
// the pipeline's YAML reader and Gym's resolvers, and the warnings dropped.
Merged merged_config(const LoadRequest& request, const Environment& env, FileSystem& fs,
                     const PipelineLimits& limits = {}, ResolveContext* context = nullptr);

// `secrets`, when given, receives every text a secret value was built from (SPEC 7),
// also when the pipeline throws, so that the error message can be masked. `schema` is the
// telemetry schema in force (schema_versions.hpp): the installed Gym's, else the default.
Outcome run_pipeline(const LoadRequest& request, const Environment& env, FileSystem& fs,
                     const std::function<std::string()>& random_hex12, std::vector<std::string>* secrets = nullptr,
                     const HostAddress& host_address = {}, const PipelineLimits& limits = {},
                     const SchemaInForce& schema = {});

}  // namespace goe
