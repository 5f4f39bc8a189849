#include "gym_otel_env/telemetry/schema_versions.hpp"

#include <algorithm>
#include <array>
#include <set>

#include <fmt/format.h>

#include "gym_otel_env/core/text.hpp"

namespace goe {
namespace {

// A field that every version has in the same row, named once.
// clang-format off
constexpr Field kEnabled{"enabled", FieldType::boolean, "0", false, "NEMO_GYM_OTEL_ENABLED", "NEMO_LENS_ENABLED", Omit::never, Role::enables, Rule::lens_bool, kLensBooleans};
constexpr Field kSpanGroupsField{"span_groups", FieldType::string, "default", false, "NEMO_GYM_OTEL_SPAN_GROUPS", "NEMO_LENS_SPAN_GROUPS", Omit::never, Role::value, Rule::names, kSpanGroups};
constexpr Field kExportStrategy{"export_strategy", FieldType::string, "all_ranks", false, "NEMO_GYM_OTEL_EXPORT_STRATEGY", "NEMO_LENS_EXPORT_STRATEGY", Omit::never, Role::value, Rule::one_of, kExportStrategies};
constexpr Field kExportRank{"export_rank", FieldType::integer, "-1", false, "NEMO_GYM_OTEL_EXPORT_RANK", "NEMO_LENS_EXPORT_RANK", Omit::never, Role::value, Rule::lens_int, {}};
constexpr Field kTraces{"traces_enabled", FieldType::boolean, "1", false, "NEMO_GYM_OTEL_TRACES_ENABLED", "NEMO_LENS_TRACES_ENABLED", Omit::never, Role::value, Rule::lens_bool, kLensBooleans};
constexpr Field kMetrics{"metrics_enabled", FieldType::boolean, "1", false, "NEMO_GYM_OTEL_METRICS_ENABLED", "NEMO_LENS_METRICS_ENABLED", Omit::never, Role::value, Rule::lens_bool, kLensBooleans};
constexpr Field kLogs{"logs_enabled", FieldType::boolean, "0", false, "NEMO_GYM_OTEL_LOGS_ENABLED", "NEMO_LENS_LOGS_ENABLED", Omit::never, Role::value, Rule::lens_bool, kLensBooleans};
constexpr Field kExporter{"exporter", FieldType::string, "otlp", false, "NEMO_GYM_OTEL_EXPORTER", "NEMO_LENS_EXPORTER", Omit::never, Role::value, Rule::one_of, kExporters};
constexpr Field kRunId{"run_id", FieldType::optional_string, "", true, "NEMO_GYM_OTEL_RUN_ID", "NEMO_LENS_RUN_ID", Omit::blank, Role::run_id, Rule::none, {}};
constexpr Field kPerServer{"service_name_per_server", FieldType::boolean, "1", false, "NEMO_GYM_OTEL_SERVICE_NAME_PER_SERVER", "", Omit::never, Role::value, Rule::lens_bool, kLensBooleans};
constexpr Field kAiohttp{"instrument_aiohttp", FieldType::boolean, "1", false, "NEMO_GYM_OTEL_INSTRUMENT_AIOHTTP", "", Omit::never, Role::value, Rule::lens_bool, kLensBooleans};
constexpr Field kEndpoint{"otlp_endpoint", FieldType::optional_string, "", true, "OTEL_EXPORTER_OTLP_ENDPOINT", "", Omit::never, Role::value, Rule::endpoint, {}};
constexpr Field kProtocol{"otlp_protocol", FieldType::optional_string, "", true, "OTEL_EXPORTER_OTLP_PROTOCOL", "", Omit::never, Role::value, Rule::one_of, kOtlpProtocols};
constexpr Field kHeaders{"otlp_headers", FieldType::optional_string, "", true, "OTEL_EXPORTER_OTLP_HEADERS", "", Omit::never, Role::value, Rule::header_list, {}};
constexpr Field kServiceName{"service_name", FieldType::string, "nemo-gym", false, "OTEL_SERVICE_NAME", "", Omit::empty, Role::value, Rule::none, {}};
// clang-format on

// The seed document's TelemetryConfig (SPEC 4 and 5): fifteen fields, in the order its
// setup writes them.
constexpr std::array<Field, 15> kSeed{kEnabled,  kSpanGroupsField, kExportStrategy, kExportRank, kTraces,  kMetrics,
                                      kLogs,     kExporter,        kRunId,          kPerServer,  kAiohttp, kEndpoint,
                                      kProtocol, kHeaders,         kServiceName};

// NVIDIA-NeMo/Gym@2e5014086a172aa34654e195e504df496e9c95f5, the telemetry branches
// (ahmadki/lens-gym-callsites): nemo_gym/telemetry/config.py's twelve fields, no otlp_*
// (extra="allow", so an otlp_endpoint: there is accepted and written nowhere), in the
// order setup.py's _ENV_FIELD_MAP writes them, OTEL_SERVICE_NAME last.
constexpr std::array<Field, 12> kBranch{kEnabled, kSpanGroupsField, kExportStrategy, kExportRank,
                                        kTraces,  kMetrics,         kLogs,           kExporter,
                                        kRunId,   kPerServer,       kAiohttp,        kServiceName};

// NVIDIA-NeMo/Gym@27c821d975210e4f5f1a6c830ec64ff4f3ea6b8c, Gym's main after its
// telemetry was merged: no export_* (set, they load and write nothing), the nested
// memory_profiling block (MemoryProfilingConfig: enabled, interval_seconds gt 0), whose
// two variables setup.py always writes, and the otlp_* fields, in setup.py's order:
// _ENV_FIELD_MAP, _MEMORY_PROFILING_ENV_FIELD_MAP, _OTLP_ENV_FIELD_MAP, OTEL_SERVICE_NAME.
// clang-format off
constexpr Field kMemoryEnabled{"memory_profiling.enabled", FieldType::boolean, "0", false, "NEMO_GYM_OTEL_MEMORY_PROFILING_ENABLED", "", Omit::never, Role::value, Rule::lens_bool, kLensBooleans};
constexpr Field kMemoryInterval{"memory_profiling.interval_seconds", FieldType::positive_float, "1.0", false, "NEMO_GYM_OTEL_MEMORY_PROFILING_INTERVAL_SECONDS", "", Omit::never, Role::value, Rule::positive, {}};
// clang-format on
constexpr std::array<Field, 15> kMain{kEnabled,        kSpanGroupsField, kTraces,    kMetrics, kLogs,
                                      kExporter,       kRunId,           kPerServer, kAiohttp, kMemoryEnabled,
                                      kMemoryInterval, kEndpoint,        kProtocol,  kHeaders, kServiceName};

constexpr std::array<Schema, 3> kSchemas{{
    {"seed", "", "the seed document's TelemetryConfig (15 fields)", kSeed, LensRule::carry},
    {"2e5014086a", "2e5014086a172aa34654e195e504df496e9c95f5", "Gym's telemetry branches (12 fields, no otlp_*)",
     kBranch, LensRule::carry},
    {"27c821d975", "27c821d975210e4f5f1a6c830ec64ff4f3ea6b8c", "Gym's main (memory_profiling, no export_*)", kMain,
     LensRule::defer},
}};

bool identifier(std::string_view s) {
    return !s.empty() && !is_digit(s[0]) &&
           std::all_of(s.begin(), s.end(), [](char c) { return is_alpha(c) || is_digit(c) || c == '_'; });
}

// A class's body in config.py: its lines indented by four spaces that annotate a name
// ("    name: type = ..."), outside the docstrings. Returns each name and its type.
struct Annotation {
    std::string name;
    std::string type;
};
std::vector<Annotation> class_fields(const std::vector<std::string>& lines, std::string_view cls) {
    std::vector<Annotation> out;
    std::string head = "class " + std::string(cls);
    auto at = std::find_if(lines.begin(), lines.end(), [&](const std::string& l) {
        return l.starts_with(head) && l.size() > head.size() && (l[head.size()] == '(' || l[head.size()] == ':');
    });
    if (at == lines.end()) return out;
    bool in_string = false;
    for (++at; at != lines.end(); ++at) {
        std::string_view line = *at;
        if (!in_string && !line.empty() && line[0] != ' ' && line[0] != '#' && line[0] != '\t') break;
        size_t quotes = 0;
        for (size_t i = line.find("\"\"\""); i != std::string_view::npos; i = line.find("\"\"\"", i + 3)) ++quotes;
        bool was_in_string = in_string;
        if (quotes % 2) in_string = !in_string;
        if (was_in_string || !line.starts_with("    ") || line.size() < 5 || line[4] == ' ') continue;
        size_t colon = line.find(':');
        if (colon == std::string_view::npos) continue;
        std::string_view name = trim(line.substr(4, colon - 4));
        if (!identifier(name)) continue;
        std::string_view type = line.substr(colon + 1);
        type = trim(type.substr(0, std::min(type.find('='), type.size())));
        out.push_back({std::string(name), std::string(type)});
    }
    return out;
}

}  // namespace

std::span<const Schema> known_schemas() { return kSchemas; }

std::string schema_title(const Schema& schema) {
    return schema.commit.empty() ? fmt::format("the {} schema", schema.name) : fmt::format("Gym {}", schema.name);
}
const Schema& default_schema() { return kSchemas[0]; }

const Schema* find_schema(std::string_view name) {
    for (const auto& s : kSchemas)
        if (s.name == name) return &s;
    bool hex = name.size() >= 7 && std::all_of(name.begin(), name.end(), [](char c) { return is_hex_digit(c); });
    const Schema* found = nullptr;
    for (const auto& s : kSchemas) {
        if (!hex || !s.commit.starts_with(ascii_lower(name))) continue;
        if (found) return nullptr;  // not unique
        found = &s;
    }
    return found;
}

std::vector<std::string> config_py_fields(std::string_view config_py) {
    std::vector<std::string> lines;
    for (auto& line : split(config_py, '\n')) lines.push_back(line);
    std::vector<std::string> out;
    for (const auto& field : class_fields(lines, "TelemetryConfig")) {
        // A field typed with a model of the same file is a nested block of its fields.
        auto nested = identifier(field.type) ? class_fields(lines, field.type) : std::vector<Annotation>{};
        if (nested.empty()) out.push_back(field.name);
        for (const auto& inner : nested) out.push_back(field.name + "." + inner.name);
    }
    return out;
}

std::optional<DetectedSchema> detect_schema(std::string_view config_py) {
    std::vector<std::string> fields = config_py_fields(config_py);
    if (fields.empty()) return std::nullopt;
    std::set<std::string_view> found(fields.begin(), fields.end());
    std::optional<DetectedSchema> best;
    for (const auto& schema : kSchemas) {
        DetectedSchema d{&schema, {}, {}};
        for (const auto& f : fields)
            if (!schema.find(f)) d.unknown.push_back(f);
        for (const auto& f : schema.fields)
            if (!found.contains(f.key)) d.missing.emplace_back(f.key);
        if (!best || d.unknown.size() + d.missing.size() < best->unknown.size() + best->missing.size())
            best = std::move(d);
    }
    return best;
}

}  // namespace goe
