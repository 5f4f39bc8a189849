// What the pipeline made of a config, as the report and the formats read it: the tree Gym
// reads the block from, the files loaded, the typed settings and the exports, and how
// the command under --exec was read.
#pragma once

#include <string>
#include <vector>

#include "gym_otel_env/core/value.hpp"
#include "gym_otel_env/gym/launcher.hpp"
#include "gym_otel_env/gym/load.hpp"
#include "gym_otel_env/omegaconf/resolve.hpp"
#include "gym_otel_env/telemetry/schema_versions.hpp"
#include "gym_otel_env/telemetry/translate.hpp"
#include "gym_otel_env/telemetry/validate.hpp"

namespace goe {

struct Outcome {
    NodePtr root;                    // the config as Gym reads the block (after directives and defaults)
    std::vector<std::string> files;  // the files loaded, in merge order, env.yaml last
    Settings settings;
    Translation translation;
    std::vector<DeprecatedKey> deprecations;      // OmegaConf's warnings while the block was resolved
    std::vector<SecretTexts::Read> secret_reads;  // the variables the secret values were built from
    CommandReading reading;                       // how the command under --exec was read
    std::vector<LoadWarning> load_warnings;       // the loader's (load.hpp)
    bool no_env_yaml = false;                     // --no-env-yaml
    SchemaInForce schema;                         // which Gym's telemetry schema, and why
};

}  // namespace goe
