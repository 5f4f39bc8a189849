// The telemetry block's fields: one row each, read by validation, translation,
// --explain, the lint and the docs. Adding a field is adding a row.
#pragma once

#include <array>
#include <optional>
#include <string_view>

namespace goe {

enum class FieldType { boolean, integer, string, optional_string };

struct Field {
    std::string_view key;       // name in the telemetry block
    FieldType type;
    std::string_view fallback;  // the default as exported text ("1", "-1", "otlp")
    bool null_default;          // the default is null (nothing exported)
    std::string_view variable;  // the environment variable it becomes
    std::string_view lens;      // nemo-lens variable carried over when set, or empty
    bool secret;                // never shown in messages
};

inline constexpr std::array<Field, 15> kSchema{{
    {"enabled", FieldType::boolean, "0", false, "NEMO_GYM_OTEL_ENABLED", "NEMO_LENS_ENABLED", false},
    {"span_groups", FieldType::string, "default", false, "NEMO_GYM_OTEL_SPAN_GROUPS", "NEMO_LENS_SPAN_GROUPS", false},
    {"export_strategy", FieldType::string, "all_ranks", false, "NEMO_GYM_OTEL_EXPORT_STRATEGY", "NEMO_LENS_EXPORT_STRATEGY", false},
    {"export_rank", FieldType::integer, "-1", false, "NEMO_GYM_OTEL_EXPORT_RANK", "NEMO_LENS_EXPORT_RANK", false},
    {"traces_enabled", FieldType::boolean, "1", false, "NEMO_GYM_OTEL_TRACES_ENABLED", "NEMO_LENS_TRACES_ENABLED", false},
    {"metrics_enabled", FieldType::boolean, "1", false, "NEMO_GYM_OTEL_METRICS_ENABLED", "NEMO_LENS_METRICS_ENABLED", false},
    {"logs_enabled", FieldType::boolean, "0", false, "NEMO_GYM_OTEL_LOGS_ENABLED", "NEMO_LENS_LOGS_ENABLED", false},
    {"exporter", FieldType::string, "otlp", false, "NEMO_GYM_OTEL_EXPORTER", "NEMO_LENS_EXPORTER", false},
    {"run_id", FieldType::optional_string, "", true, "NEMO_GYM_OTEL_RUN_ID", "NEMO_LENS_RUN_ID", false},
    {"service_name_per_server", FieldType::boolean, "1", false, "NEMO_GYM_OTEL_SERVICE_NAME_PER_SERVER", "", false},
    {"instrument_aiohttp", FieldType::boolean, "1", false, "NEMO_GYM_OTEL_INSTRUMENT_AIOHTTP", "", false},
    {"otlp_endpoint", FieldType::optional_string, "", true, "OTEL_EXPORTER_OTLP_ENDPOINT", "", false},
    {"otlp_protocol", FieldType::optional_string, "", true, "OTEL_EXPORTER_OTLP_PROTOCOL", "", false},
    {"otlp_headers", FieldType::optional_string, "", true, "OTEL_EXPORTER_OTLP_HEADERS", "", true},
    {"service_name", FieldType::string, "nemo-gym", false, "OTEL_SERVICE_NAME", "", false},
}};

// The row for `key`, or nullptr.
const Field* find_field(std::string_view key);

// The known key closest to `key` by edit distance, or empty when none is close.
std::string_view closest_field(std::string_view key);

// "key=***" for each comma-separated pair of an OTLP header list.
std::string mask_headers(std::string_view headers);

}  // namespace goe
