// What a telemetry schema is: its fields, one row each, read by validation, translation,
// --explain, the lint, the probe and the docs. A schema is a value: each Gym version's is
// a table of its own (schema_versions.hpp), and every consumer takes the one in force.
// Adding a field is adding a row.
#pragma once

#include <array>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "gym_otel_env/core/environment.hpp"
#include "gym_otel_env/telemetry/otlp.hpp"

namespace goe {

// positive_float: a float greater than 0 (pydantic's Field(gt=0)), the one bound a schema has so far.
enum class FieldType { boolean, integer, positive_float, string, optional_string };

// What a value must look like for nemo-lens or the OpenTelemetry SDK to accept it at
// start-up. Gym takes any value of the field's type, so a value that breaks a rule is a
// warning (lint.hpp), found before the servers start instead of minutes later.
enum class Rule {
    none,
    lens_bool,    // one of `words`, ignoring case and surrounding whitespace
    lens_int,     // a plain decimal integer, surrounding whitespace allowed
    positive,     // a number greater than 0 as pydantic's float reads the text (Gym reads it back so)
    one_of,       // exactly one of `words`
    names,        // comma-separated, each one of `words` ignoring case and whitespace
    endpoint,     // an endpoint the SDK takes over the protocol in effect (otlp.hpp, read_endpoint)
    header_list,  // key=value[,key=value...]
};

inline constexpr std::array<std::string_view, 8> kLensBooleans{"1", "true", "yes", "on", "0", "false", "no", "off"};
inline constexpr std::array<std::string_view, 4> kExportStrategies{"all_ranks", "single_rank", "sampled",
                                                                   "first_rank_per_node"};
inline constexpr std::array<std::string_view, 12> kSpanGroups{
    "job",        "server",  "http_client", "rollout", "verify",      "agent",
    "model_call", "sandbox", "startup",     "default", "per_rollout", "all"};  // the last three are presets
inline constexpr std::array<std::string_view, 2> kExporters{"otlp", "console"};
inline constexpr std::array<std::string_view, 3> kOtlpProtocols{"grpc", "http/protobuf", "http/json"};

// A config value that translation leaves out rather than export, so that the variable's
// reader applies its own default (OpenTelemetry's service name, nemo-lens' run id).
enum class Omit {
    never,
    empty,  // the empty string
    blank,  // empty once ASCII whitespace is trimmed
};

// What translation makes of a field besides exporting its value.
enum class Role {
    value,    // nothing more
    enables,  // decides whether anything is exported; exported as "1" when it does
    run_id,   // given no value, it gets SLURM_JOB_ID inside a Slurm job, else a random id
};

struct Field {
    // Its path in the telemetry block: a name, or a nested block's name, a dot and a name
    // in it ("memory_profiling.enabled"): a nested block is the fields that share a prefix.
    std::string_view key;
    FieldType type;
    std::string_view fallback;                // the default as exported text ("1", "-1", "otlp")
    bool null_default;                        // the default is null (nothing exported)
    std::string_view variable;                // the environment variable it becomes
    std::string_view lens;                    // nemo-lens variable carried over when set, or empty
    Omit omit;                                // config values that are not exported
    Role role;                                // what translation does beyond exporting it
    Rule rule;                                // what the variable's value must look like
    std::span<const std::string_view> words;  // the values `rule` allows

    // The nested block the field is in ("memory_profiling"), empty at the top.
    std::string_view block() const;
    // Its name in that block.
    std::string_view name() const;
};

// What translation does with a set nemo-lens variable (Field::lens) while the config
// gives the field a value.
enum class LensRule {
    carry,  // SPEC 5: the Gym variable gets the nemo-lens one's value
    defer,  // Gym's main: the Gym variable is not written, so nemo-lens reads its own; a
            // config value that differs is named as Gym warns
};

// One version of the telemetry schema: a Gym's TelemetryConfig and setup.py, as a table.
struct Schema {
    std::string_view name;          // how --gym-version and messages name it: "seed", "2e5014086a"
    std::string_view commit;        // the Gym commit it copies; empty for the seed document's
    std::string_view what;          // where it comes from, for --version and --explain
    std::span<const Field> fields;  // in the order Gym writes their variables
    LensRule lens;

    // The field at `key` (a path, as Field::key), or nullptr.
    const Field* find(std::string_view key) const;
    // Whether `key` names a nested block of this schema.
    bool is_block(std::string_view key) const;
    // The key of `block` (empty: the top) closest to `key` by edit distance, or empty.
    std::string_view closest(std::string_view key, std::string_view block = {}) const;
    // The field whose value `variable` carries: a field's variable, its nemo-lens
    // fallback (NEMO_LENS_ENABLED carries enabled), or a per-signal OTLP variable
    // (OTEL_EXPORTER_OTLP_TRACES_HEADERS carries the field of OTEL_EXPORTER_OTLP_HEADERS);
    // nullptr for any other.
    const Field* of_variable(std::string_view variable) const;
    // The field's place in `fields`.
    size_t index(const Field& field) const { return static_cast<size_t>(&field - fields.data()); }
};

// The word of `words` closest to `key` by edit distance, or empty when none is close.
std::string_view closest_word(std::string_view key, std::span<const std::string_view> words);

// The field whose value `variable` carries: a schema variable, its nemo-lens fallback
// (NEMO_LENS_ENABLED carries enabled), or a per-signal one (OTEL_EXPORTER_OTLP_TRACES_HEADERS
// carries otlp_headers); nullptr for any other.
const Field* field_of_variable(std::string_view variable);

}  // namespace goe
