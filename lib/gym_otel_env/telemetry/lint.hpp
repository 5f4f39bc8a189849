// Lint: what Gym accepts but fails later. Unknown keys in the telemetry block, and
// values of the variables in effect that nemo-lens or the OpenTelemetry SDK reject at
// start-up, by the rules of the schema table. Returns warnings; throws nothing.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "gym_otel_env/core/environment.hpp"
#include "gym_otel_env/telemetry/otlp.hpp"
#include "gym_otel_env/telemetry/outcome.hpp"
#include "gym_otel_env/telemetry/translate.hpp"
#include "gym_otel_env/telemetry/validate.hpp"

namespace goe {

// A warning, or under --strict an error: "ORIGIN: KEY.PATH: what[, ignored][hint]".
struct Diagnostic {
    Origin origin;         // where the value was written, or "environment"
    std::string key_path;  // "telemetry.exporter", or the variable's name
    std::string what;
    bool ignored = false;  // a warning says ", ignored"; an error does not, nothing is ignored
    std::string hint;      // "; did you mean 'exporter'?"

    std::string str(bool as_error = false) const {
        return locate(origin, key_path, what + (ignored && !as_error ? ", ignored" : "") + hint);
    }
};

// Unknown keys in block order, then one warning per broken rule in schema order. A
// field is checked on the value that will be in effect: the variable when the
// environment sets it, else its nemo-lens fallback, else the config value (defaults
// follow the rules and are not checked). Runs whether or not telemetry is enabled.
std::vector<Diagnostic> lint(const Settings& settings, const Environment& env);

// A top-level key that is `telemetry` misspelt or in another case (`telemtry`,
// `Telemetry`): the block the user meant is not read, and telemetry silently stays off.
// And, when the block is null, empty or missing, a top-level key named as one of its
// fields holding a scalar or null (`telemetry:` then `enabled: true` at column 1): Gym
// reads neither. A field's name holding a mapping or a list is a server or Gym's own.
std::vector<Diagnostic> lint_top_level(const NodePtr& root, const Schema& schema);

// Gym main's warning for each config value a set nemo-lens variable overrides
// (Translation::lens_overrides): `telemetry.exporter`, "'otlp' from the config is ignored
// because NEMO_LENS_EXPORTER='console' is set".
std::vector<Diagnostic> lint_lens_overrides(const Translation& translation);

// Inside a Slurm job, a kept NEMO_GYM_OTEL_RUN_ID that is neither SLURM_JOB_ID nor
// SLURM_ARRAY_JOB_ID: most often a login shell's random id that sbatch carried into the
// job, so that separate jobs report under one run.
std::vector<Diagnostic> lint_run_id(const Translation& translation, const Environment& env);

// First mistakes on the way to the collector, none of which the SDK reports before the
// first export fails: an endpoint on the other protocol's default port (4317 gRPC, 4318
// OTLP/HTTP), a generic endpoint over HTTP that already ends in /v1/<signal> (the SDK
// appends it again), and an OTEL_EXPORTER_OTLP_<SIGNAL>_{ENDPOINT,HEADERS,PROTOCOL}
// already in the environment, which overrides for that signal the generic variable this
// writes. Nothing when the exporter in effect is not otlp; the first two, like lint(),
// run whether or not telemetry is enabled.
std::vector<Diagnostic> lint_otlp(const Settings& settings, const Translation& translation, const Environment& env);

// A header that will be sent empty, or with an authentication scheme and no credential
// (`authorization=Bearer%20` once OTLP_TOKEN is empty, as GitHub gives a fork's pull
// request its secrets): the collector answers 401 at the first export. Checked on the
// headers in effect, generic and per signal, when telemetry is on and exports over OTLP;
// the warning names the variables the config built the header from that are empty or
// unset (the pipeline's Outcome::secret_reads), never a header's value.
std::vector<Diagnostic> lint_empty_secrets(const Outcome& outcome, const Environment& env);

// The command under --exec (launcher.hpp's command_warnings): env dropping what this run
// exports, a run that read no config because the command's arguments are not read, Gym's
// own config inputs left unread beside CONFIG.
std::vector<Diagnostic> lint_command(const Outcome& outcome);

// What is wrong with `value` under `field`'s rule: one sentence per problem, none when
// the value follows it. Secret values are shown masked. `protocol` is the one in effect,
// for the endpoint's rule.
std::vector<std::string> check_rule(const Field& field, std::string_view value, Protocol protocol = kDefaultProtocol);

// The header_list rule: one sentence per entry of `headers` that the OpenTelemetry
// Python SDK drops (parse_env_headers(s, liberal=True): sdk_header_entries), in the order
// written, naming the list as `shown` (masked) and never a value. Empty entries
// (`a=1,`, `a=1,,b=2`) are skipped by the SDK without a word and are not findings.
std::vector<std::string> header_list_findings(std::string_view shown, std::string_view headers);

}  // namespace goe
