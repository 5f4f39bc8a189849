// The telemetry block's fields: one row each, read by validation, translation,
// --explain, the lint and the docs. Adding a field is adding a row.
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

enum class FieldType { boolean, integer, string, optional_string };

// What a value must look like for nemo-lens or the OpenTelemetry SDK to accept it at
// start-up. Gym takes any value of the field's type, so a value that breaks a rule is a
// warning (lint.hpp), found before the servers start instead of minutes later.
enum class Rule {
    none,
    lens_bool,    // one of `words`, ignoring case and surrounding whitespace
    lens_int,     // a plain decimal integer, surrounding whitespace allowed
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

// The Secrecy column is read by nothing: a field's secrecy is its variable's, decided by
// the table of secret variables (secrecy.hpp). The column goes with the per-version tables.
enum class Secrecy {
    none,
    always,       // every value: the OTLP headers
    credentials,  // a URL that holds userinfo, a query or a fragment: the endpoint
};

// What translation makes of a field besides exporting its value.
enum class Role {
    value,    // nothing more
    enables,  // decides whether anything is exported; exported as "1" when it does
    run_id,   // given no value, it gets SLURM_JOB_ID inside a Slurm job, else a random id
};

struct Field {
    std::string_view key;  // name in the telemetry block
    FieldType type;
    std::string_view fallback;                // the default as exported text ("1", "-1", "otlp")
    bool null_default;                        // the default is null (nothing exported)
    std::string_view variable;                // the environment variable it becomes
    std::string_view lens;                    // nemo-lens variable carried over when set, or empty
    Secrecy secrecy;                          // which of its values are secret
    Omit omit;                                // config values that are not exported
    Role role;                                // what translation does beyond exporting it
    Rule rule;                                // what the variable's value must look like
    std::span<const std::string_view> words;  // the values `rule` allows
};

// One row per field, kept as a table.
// clang-format off
inline constexpr std::array<Field, 15> kSchema{{
    // key                      type                        default      null   variable                                 lens fallback                secrecy               omit         role           rule               words
    {"enabled",                 FieldType::boolean,         "0",         false, "NEMO_GYM_OTEL_ENABLED",                 "NEMO_LENS_ENABLED",         Secrecy::none,        Omit::never, Role::enables, Rule::lens_bool,   kLensBooleans},
    {"span_groups",             FieldType::string,          "default",   false, "NEMO_GYM_OTEL_SPAN_GROUPS",             "NEMO_LENS_SPAN_GROUPS",     Secrecy::none,        Omit::never, Role::value,   Rule::names,       kSpanGroups},
    {"export_strategy",         FieldType::string,          "all_ranks", false, "NEMO_GYM_OTEL_EXPORT_STRATEGY",         "NEMO_LENS_EXPORT_STRATEGY", Secrecy::none,        Omit::never, Role::value,   Rule::one_of,      kExportStrategies},
    {"export_rank",             FieldType::integer,         "-1",        false, "NEMO_GYM_OTEL_EXPORT_RANK",             "NEMO_LENS_EXPORT_RANK",     Secrecy::none,        Omit::never, Role::value,   Rule::lens_int,    {}},
    {"traces_enabled",          FieldType::boolean,         "1",         false, "NEMO_GYM_OTEL_TRACES_ENABLED",          "NEMO_LENS_TRACES_ENABLED",  Secrecy::none,        Omit::never, Role::value,   Rule::lens_bool,   kLensBooleans},
    {"metrics_enabled",         FieldType::boolean,         "1",         false, "NEMO_GYM_OTEL_METRICS_ENABLED",         "NEMO_LENS_METRICS_ENABLED", Secrecy::none,        Omit::never, Role::value,   Rule::lens_bool,   kLensBooleans},
    {"logs_enabled",            FieldType::boolean,         "0",         false, "NEMO_GYM_OTEL_LOGS_ENABLED",            "NEMO_LENS_LOGS_ENABLED",    Secrecy::none,        Omit::never, Role::value,   Rule::lens_bool,   kLensBooleans},
    {"exporter",                FieldType::string,          "otlp",      false, "NEMO_GYM_OTEL_EXPORTER",                "NEMO_LENS_EXPORTER",        Secrecy::none,        Omit::never, Role::value,   Rule::one_of,      kExporters},
    {"run_id",                  FieldType::optional_string, "",          true,  "NEMO_GYM_OTEL_RUN_ID",                  "NEMO_LENS_RUN_ID",          Secrecy::none,        Omit::blank, Role::run_id,  Rule::none,        {}},
    {"service_name_per_server", FieldType::boolean,         "1",         false, "NEMO_GYM_OTEL_SERVICE_NAME_PER_SERVER", "",                          Secrecy::none,        Omit::never, Role::value,   Rule::lens_bool,   kLensBooleans},
    {"instrument_aiohttp",      FieldType::boolean,         "1",         false, "NEMO_GYM_OTEL_INSTRUMENT_AIOHTTP",      "",                          Secrecy::none,        Omit::never, Role::value,   Rule::lens_bool,   kLensBooleans},
    {"otlp_endpoint",           FieldType::optional_string, "",          true,  "OTEL_EXPORTER_OTLP_ENDPOINT",           "",                          Secrecy::credentials, Omit::never, Role::value,   Rule::endpoint,    {}},
    {"otlp_protocol",           FieldType::optional_string, "",          true,  "OTEL_EXPORTER_OTLP_PROTOCOL",           "",                          Secrecy::none,        Omit::never, Role::value,   Rule::one_of,      kOtlpProtocols},
    {"otlp_headers",            FieldType::optional_string, "",          true,  "OTEL_EXPORTER_OTLP_HEADERS",            "",                          Secrecy::always,      Omit::never, Role::value,   Rule::header_list, {}},
    {"service_name",            FieldType::string,          "nemo-gym",  false, "OTEL_SERVICE_NAME",                     "",                          Secrecy::none,        Omit::empty, Role::value,   Rule::none,        {}},
}};
// clang-format on

// The row for `key`, or nullptr.
const Field* find_field(std::string_view key);

// The known key closest to `key` by edit distance, or empty when none is close.
std::string_view closest_field(std::string_view key);
// The same among `words`.
std::string_view closest_word(std::string_view key, std::span<const std::string_view> words);

// The field whose value `variable` carries: a schema variable, its nemo-lens fallback
// (NEMO_LENS_ENABLED carries enabled), or a per-signal one (OTEL_EXPORTER_OTLP_TRACES_HEADERS
// carries otlp_headers); nullptr for any other.
const Field* field_of_variable(std::string_view variable);

}  // namespace goe
