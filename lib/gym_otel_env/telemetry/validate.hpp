// The resolved telemetry block -> typed settings, accepting exactly what a pydantic v2
// model in lax mode accepts for each field of the schema.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "gym_otel_env/core/value.hpp"
#include "gym_otel_env/telemetry/schema.hpp"
#include "gym_otel_env/telemetry/schema_versions.hpp"

namespace goe {

struct Setting {
    const Field* field;
    std::optional<std::string> value;  // exported text: "1"/"0", decimal, the string; nullopt = null
    Origin origin;                     // where it was written; empty for a default
    bool invalid = false;              // written, but pydantic refuses it (Settings::errors says why)
};

struct UnknownKey {
    std::string key;
    Origin origin;  // where the key was written
};

struct Settings {
    const Schema* schema = &default_schema();  // the schema in force, whose rows `fields` follow
    std::vector<Setting> fields;               // one per schema row, in schema order
    std::vector<UnknownKey> unknown;
    bool present = false;  // the config had a telemetry block
    // What pydantic refuses, every field of it, in block order, as its ValidationError
    // lists them all: the settings are not to be exported when there is one.
    std::vector<Error> errors;

    // The setting of the field at `key`, or nullptr where the schema in force has none.
    const Setting* find(std::string_view key) const;
    // The setting whose field has `role` (enabled's: every schema has one).
    const Setting& with_role(Role role) const;
};

// `block` is the resolved value of `telemetry` (nullptr when absent). Refused values are
// collected in Settings::errors, not thrown: a run reports all of them at once. `written`,
// when given, is the block as written, before resolution: a key is found where its value
// was written, which a value an interpolation gives (a mapping elsewhere) does not say.
Settings validate(const Schema& schema, const NodePtr& block, const std::string& block_key = "telemetry",
                  const Node* written = nullptr);

// pydantic's lax float of a string (pydantic-core's str_as_float): Rust's float syntax on
// the text trimmed of Unicode blanks, else with its underscores dropped; nullopt when it
// refuses it. The memory profiling interval is read so, in the block and from its variable.
std::optional<double> pydantic_float(std::string_view text);

}  // namespace goe
