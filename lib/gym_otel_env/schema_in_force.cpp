#include "gym_otel_env/schema_in_force.hpp"

#include <fmt/format.h>

#include "gym_otel_env/core/error.hpp"

namespace goe {

SchemaInForce schema_in_force(std::string_view named, const std::string& gym_root, FileSystem& fs) {
    if (const Schema* schema = named.empty() ? nullptr : find_schema(named))
        return {schema, fmt::format("--gym-version {}", named), std::nullopt};
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
