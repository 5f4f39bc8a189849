// Lint: what Gym accepts but fails later. Unknown keys in the telemetry block, and
// values of the variables in effect that nemo-lens or the OpenTelemetry SDK reject at
// start-up, by the rules of the schema table. Returns warnings; throws nothing.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "gym_otel_env/environment.hpp"
#include "gym_otel_env/validate.hpp"

namespace goe {

// A warning, or under --strict an error: "ORIGIN: KEY.PATH: what".
struct Diagnostic {
    Origin origin;         // where the value was written, or "environment"
    std::string key_path;  // "telemetry.exporter", or the variable's name
    std::string what;

    std::string str() const { return locate(origin, key_path, what); }
};

// Unknown keys in block order, then one warning per broken rule in schema order. A
// field is checked on the value that will be in effect: the variable when the
// environment sets it, else its nemo-lens fallback, else the config value (defaults
// follow the rules and are not checked). Runs whether or not telemetry is enabled.
std::vector<Diagnostic> lint(const Settings& settings, const Environment& env);

// What is wrong with `value` under `field`'s rule: one sentence per problem, none when
// the value follows it. Secret values are shown masked.
std::vector<std::string> check_rule(const Field& field, std::string_view value);

}  // namespace goe
