// What Gym's parse() does to the config between the directives and reading the
// telemetry block: the dummy_model merge, every top-level value resolved (an
// unresolvable one fails the run), and the top-level defaults Gym fills in
// (use_absolute_ip, port_range_low/high, head_server, allow_openai_version_skew).
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "gym_otel_env/core/environment.hpp"
#include "gym_otel_env/core/value.hpp"
#include "gym_otel_env/omegaconf/merge.hpp"
#include "gym_otel_env/omegaconf/resolve.hpp"

namespace goe {

// The address Gym takes for this host with use_absolute_ip (gethostbyname(gethostname())),
// or nullopt when it cannot be found. lib/ does no I/O: the caller looks it up.
using HostAddress = std::function<std::optional<std::string>()>;

// The config as Gym has it when it reads the telemetry block. Without `host_address`,
// a use_absolute_ip that would decide head_server.host is an error. Changes `root` in
// place when it is handed over as the only reference (writable, value.hpp).
// `merge_limits` and `resolve_limits` hold the dummy_model merges and the top-level values resolved.
NodePtr apply_gym_defaults(NodePtr root, const Environment& env, const HostAddress& host_address = {},
                           const MergeLimits& merge_limits = {}, const ResolveLimits& resolve_limits = {},
                           ResolveContext& context = omegaconf_alone());

}  // namespace goe
