// The record of what this tool's own sh or fish output set in a shell (direnv's
// DIRENV_DIFF does the same for direnv): names and a digest of each value, never a value.
// A later run in that shell reads it, so that an edited config takes effect: a variable
// whose value is still the one the record names is the tool's, not the user's.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gym_otel_env/core/environment.hpp"
#include "gym_otel_env/telemetry/translate.hpp"

namespace goe {

inline constexpr std::string_view kRecordVariable = "GYM_OTEL_ENV_RECORD";

// What the environment holds of the tool's earlier output.
struct Earlier {
    // The environment as the user made it: the record, and every variable whose value is
    // still the one the record names, taken out. What the user set before the first run,
    // or changed since, stays.
    Environment user;
    std::vector<std::string> own;  // the variables taken out, in the record's order
    // The run id the earlier output made up (generated, or from SLURM_JOB_ID), when it is
    // still in the environment as it was set.
    std::optional<std::string> made_run_id;
    bool recorded = false;  // the environment holds a record, readable or not
};

// `env` with this tool's earlier output told apart. A record this tool did not write
// (a value set by hand, another version's, one naming a variable the tool never writes)
// counts as none: every variable is the user's.
Earlier read_record(const Environment& env);

// For a shell that evaluates the output (a Reader::shell format, or the child under
// --exec): `exports` with, after them, each variable the earlier output set that these
// do not give (Source::withdrawn: unset it), and the new record of what they set
// (Source::record), or its withdrawal when they set nothing. A digest is 64 bits of the
// SHA-256 of the name and value: it tells a change, and holds nothing a reader could use
// that a guess at the value would not already give them.
std::vector<Export> recorded(const std::vector<Export>& exports, const Earlier& earlier);

// For the child under --exec (and --probe's): `exports` with each variable the earlier
// output set that these do not give withdrawn, and the record withdrawn too. The child gets
// the variables Gym would give and the user's, nothing of the tool's own: a run inside it
// treats what it inherited as the user's, as before any record.
std::vector<Export> for_child(const std::vector<Export>& exports, const Earlier& earlier);

}  // namespace goe
