// The whole pipeline in one call: load -> merge -> directives -> Gym's defaults ->
// resolve -> validate -> translate.
#pragma once

#include <functional>
#include <string>

#include "gym_otel_env/gym_defaults.hpp"
#include "gym_otel_env/load.hpp"
#include "gym_otel_env/translate.hpp"
#include "gym_otel_env/validate.hpp"

namespace goe {

struct Outcome {
    Loaded loaded;  // root: the config as Gym reads the block (after directives and defaults)
    Settings settings;
    Translation translation;
};

// `secrets`, when given, receives every text a secret value was built from (SPEC 7),
// also when the pipeline throws, so that the error message can be masked.
Outcome run_pipeline(const LoadRequest& request, const Environment& env, FileSystem& fs,
                     const std::function<std::string()>& random_hex12, std::vector<std::string>* secrets = nullptr,
                     const HostAddress& host_address = {});

}  // namespace goe
