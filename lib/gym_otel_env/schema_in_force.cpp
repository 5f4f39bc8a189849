#include "gym_otel_env/schema_in_force.hpp"

#include <fmt/format.h>

#include "gym_otel_env/core/error.hpp"
#include "gym_otel_env/gym_versions.hpp"

namespace goe {

SchemaInForce schema_in_force(std::string_view gym_version, const std::string& gym_root, FileSystem& fs) {
    if (const GymVersion* row = gym_version.empty() ? nullptr : find_gym_version(gym_version))
        if (const Schema* schema = find_schema(row->schema))
            return {schema, fmt::format("--gym-version {}", row->name), std::nullopt};
    if (gym_root.empty()) return {&default_schema(), {}, std::nullopt};
    std::string path = gym_root + "/nemo_gym/telemetry/config.py";
    std::optional<std::string> text;
    try {
        text = fs.read(path);
    } catch (const Error&) {
        text.reset();  // not a readable file: as if there were none
    }
    std::optional<DetectedSchema> detected = text ? detect_schema(*text) : std::nullopt;
    if (!detected)
        return {&default_schema(),
                text ? fmt::format("the default: {} defines no TelemetryConfig", path)
                     : fmt::format("the default: Gym at {} has no nemo_gym/telemetry/config.py", gym_root),
                std::nullopt};
    return {detected->schema, fmt::format("the fields of {}", path), detected};
}

}  // namespace goe
