// --explain: what the pipeline exported and why, as text for stderr. One row per
// telemetry variable with its value (secrets masked) and where the value came from,
// or why nothing was exported.
#pragma once

#include <string>
#include <vector>

#include "gym_otel_env/core/environment.hpp"
#include "gym_otel_env/telemetry/outcome.hpp"

namespace goe {

// Every line starts with "gym-otel-env: explain: " or is an indented row; ends in "\n".
// `kept_written`: the kept variables the output writes with their values (a format read
// elsewhere), which the rows tell from those it leaves out. `withdrawn`: the variables
// this tool's earlier output set in the shell that this one unsets (output/record.hpp).
std::string explain(const Outcome& outcome, const Environment& env, const std::vector<std::string>& kept_written = {},
                    const std::vector<std::string>& withdrawn = {});

// The one-line, direnv-like form: "gym-otel-env: +NAME ... ~KEPT_NAME ... -UNSET\n" (=NAME
// for a kept variable that is written), or "gym-otel-env: telemetry off: <why>\n" (and
// " -UNSET ..." after it when the output unsets what the earlier one set).
std::string explain_short(const Outcome& outcome, const Environment& env,
                          const std::vector<std::string>& kept_written = {},
                          const std::vector<std::string>& withdrawn = {});

// The variables the environment keeps against what the config wrote (a set
// NEMO_GYM_OTEL_ENABLED=0 over `enabled: true`, OTEL_SERVICE_NAME over `service_name`, a
// NEMO_LENS_ variable carried over its field), in stdout's order: report() names them.
std::vector<std::string> kept_over_config(const Outcome& outcome);

// Why telemetry is on or off: "telemetry.enabled is false (c.yaml:4:12)",
// "NEMO_GYM_OTEL_ENABLED=0 in the environment", "no telemetry block".
std::string enablement(const Outcome& outcome, const Environment& env);

// The keys the telemetry block sets although telemetry ends up off, so that none of
// them is exported: "service_name, otlp_endpoint"; empty when telemetry is on or the
// block sets nothing but `enabled`.
std::string set_while_off(const Outcome& outcome);

}  // namespace goe
