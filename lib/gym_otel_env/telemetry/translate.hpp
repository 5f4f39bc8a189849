// Settings + an environment snapshot -> the ordered variables to export, each with
// where its value came from. Variables already set always win.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gym_otel_env/core/environment.hpp"
#include "gym_otel_env/telemetry/validate.hpp"

namespace goe {

struct Export {
    // kept: the variable is already set, with this value, and nothing here changes it.
    // earlier: the run id this tool's earlier output made up (output/record.hpp), kept for
    // the run while the config gives none. withdrawn (no value): the earlier output set it
    // and this one does not, so a shell unsets it. record: output/record.hpp's own variable.
    enum class Source { config, default_value, lens, slurm, generated, enabled, kept, earlier, withdrawn, record };
    std::string name;
    std::string value;
    Source source;
    Origin origin;        // config: where the value was written
    std::string from;     // lens: the NEMO_LENS_ variable; slurm: SLURM_JOB_ID
    bool secret = false;  // secrecy's rule (is_secret) on this variable's value
};

// A config value Gym's main ignores because a set nemo-lens variable stands in for it
// (LensRule::defer): Gym warns of it.
struct LensOverride {
    const Setting* setting;  // the config's, with its value and origin
    std::string variable;    // NEMO_LENS_<KEY>
    std::string value;       // its value, stripped as Gym reads it
};

struct Translation {
    const Schema* schema = &default_schema();  // the one the settings follow
    bool enabled = false;
    std::string decided_by;       // "NEMO_GYM_OTEL_ENABLED", "NEMO_LENS_ENABLED" or "telemetry.enabled"
    std::vector<Export> exports;  // what changes, in the order stdout prints it
    // The variables left alone because the environment sets them: the block's, the switch
    // that turned telemetry off (NEMO_LENS_ENABLED's as NEMO_GYM_OTEL_ENABLED=0, a lens
    // export), and the per-signal OTLP variables the exporters read first.
    std::vector<Export> kept;
    std::vector<LensOverride> lens_overrides;  // in schema order
};

// Every variable in effect, the kept ones with their values, in the order stdout prints
// them: what a format read where this environment is not must carry (render.hpp).
std::vector<Export> with_kept(const Translation& translation);

// The precedence every field follows, written once for translate() and the lint: the
// variable when the environment sets it, else its nemo-lens variable when it has one and
// that is set, else the config's value (the default when the config has none).
struct InEffect {
    enum class From { variable, lens, config };
    From from;
    std::string_view name;                  // variable, lens: the variable read; config: empty
    std::optional<std::string_view> value;  // nullopt: the config's value is null
};
InEffect in_effect(const Setting& setting, const Environment& env);

// `random_hex12` supplies 12 lowercase hex digits from a secure source when a run id
// must be generated; it is not called otherwise. `earlier_run_id`, the run id this
// tool's earlier output made up, is the run's while neither the config nor a Slurm job
// gives one: every process of a run started from one shell shares it, and each job that
// shell submits is a run of its own.
Translation translate(const Settings& settings, const Environment& env,
                      const std::function<std::string()>& random_hex12,
                      std::optional<std::string_view> earlier_run_id = std::nullopt);

// Whether the environment's `value` for `setting`'s variable (or its lens fallback) sets
// it otherwise than the config wrote it: a boolean by nemo-lens' truth test, an integer
// with the blanks around it dropped, anything else as it is. False where the config
// wrote nothing, so that a default is never "overridden".
bool overrides_config(const Setting& setting, std::string_view value);

// Gym main's _same_setting, negated: whether a set nemo-lens variable's `value` asks for
// another setting than the config wrote (a boolean by truthiness, anything else as text,
// the value stripped as Python strips it). False where the config wrote nothing.
bool lens_overrides_config(const Setting& setting, std::string_view value);

// nemo-lens' truth test for ENABLED: trimmed, lower-cased 1/true/yes/on.
bool truthy(std::string_view value);

}  // namespace goe
