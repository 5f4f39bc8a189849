// The telemetry schemas the tool knows, each a table beside the Gym commit it copies
// (schema_versions.cpp), and how the one in force is chosen: by name, or from the field
// names of an installed Gym's nemo_gym/telemetry/config.py (SPEC 8).
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "gym_otel_env/telemetry/schema.hpp"

namespace goe {

// Every known schema; the first is the default, in force where no Gym is found.
std::span<const Schema> known_schemas();
const Schema& default_schema();

// The schema `name` names (Schema::name, or a prefix of its commit of at least 7 hex
// digits), or nullptr.
const Schema* find_schema(std::string_view name);

// How messages name a schema: "Gym 27c821d975", "the seed schema".
std::string schema_title(const Schema& schema);

// The schema a Gym's nemo_gym/telemetry/config.py describes, read by its field names:
// the fields of TelemetryConfig, and those of a nested model a field is typed with.
struct DetectedSchema {
    const Schema* schema = nullptr;    // the known one with the same fields, else the closest
    std::vector<std::string> unknown;  // fields in the file that schema does not have
    std::vector<std::string> missing;  // fields of that schema the file does not have
    bool exact() const { return unknown.empty() && missing.empty(); }
};
// nullopt when the text holds no TelemetryConfig.
std::optional<DetectedSchema> detect_schema(std::string_view config_py);

// The field paths in a config.py text, in file order ("memory_profiling.enabled").
std::vector<std::string> config_py_fields(std::string_view config_py);

// The schema in force and why, as --version and --explain say it.
struct SchemaInForce {
    const Schema* schema = nullptr;
    std::string why;  // "--gym-version 27c821d975", "the fields of /opt/gym/nemo_gym/telemetry/config.py", ...
    std::optional<DetectedSchema> detected;  // when read from an install
};

}  // namespace goe
