// Each known schema held to its copies, as ccache holds its key tables: docs/manual.md's
// field tables, the man page's TELEMETRY BLOCK and the completions' --set keys list every
// field of each version in schema order, with its type, default, variable and lens
// fallback, and nothing else.
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "gym_otel_env/telemetry/schema.hpp"
#include "gym_otel_env/telemetry/schema_versions.hpp"
#include "support.hpp"

namespace {

using goe::testing::matched_words;
using goe::testing::source_file;
using Lines = std::vector<std::string>;

std::string_view type_name(goe::FieldType type) {
    switch (type) {
        case goe::FieldType::boolean: return "bool";
        case goe::FieldType::integer: return "int";
        case goe::FieldType::positive_float: return "float > 0";
        case goe::FieldType::string: return "str";
        case goe::FieldType::optional_string: return "str or null";
    }
    return "?";
}

// The default as the docs write it: a YAML value, not the exported text.
std::string default_text(const goe::Field& f) {
    if (f.null_default) return "null";
    if (f.type == goe::FieldType::boolean) return f.fallback == "1" ? "true" : f.fallback == "0" ? "false" : "?";
    return std::string(f.fallback);
}

// "key | type | default | variable | lens" for each field, in schema order.
Lines schema_rows(const goe::Schema& schema) {
    Lines out;
    for (const auto& f : schema.fields)
        out.push_back(
            fmt::format("{} | {} | {} | {} | {}", f.key, type_name(f.type), default_text(f), f.variable, f.lens));
    return out;
}

bool schema_rows_equal(const goe::Field& a, const goe::Field& b) {
    return a.type == b.type && a.fallback == b.fallback && a.null_default == b.null_default &&
           a.variable == b.variable && a.lens == b.lens && a.omit == b.omit && a.role == b.role && a.rule == b.rule &&
           std::equal(a.words.begin(), a.words.end(), b.words.begin(), b.words.end());
}

Lines lines_of(const std::string& text) {
    Lines out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
}

std::string trimmed(std::string_view s) {
    while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
    while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
    return std::string(s);
}

std::string unquoted(std::string cell) {  // `x` -> x
    if (cell.size() >= 2 && cell.front() == '`' && cell.back() == '`') return cell.substr(1, cell.size() - 2);
    return cell;
}

// The table of `schema` under "## The telemetry block and its variables", after the
// "### `NAME`..." heading that names it, in the same row shape.
Lines manual_rows(const std::string& manual, const goe::Schema& schema) {
    Lines lines = lines_of(manual);
    auto at = std::find(lines.begin(), lines.end(), "## The telemetry block and its variables");
    if (at == lines.end()) return {"(no section 'The telemetry block and its variables')"};
    std::string heading = fmt::format("### `{}`", schema.name);
    at = std::find_if(at, lines.end(), [&](const std::string& l) { return l.starts_with(heading); });
    if (at == lines.end()) return {"(no heading " + heading + ")"};
    at = std::find_if(at, lines.end(), [](const std::string& l) { return l.starts_with("|"); });
    if (at == lines.end() || *at != "| field | type | default | variable | lens fallback |")
        return {"(the table's header is not 'field | type | default | variable | lens fallback')"};
    Lines out;
    for (at += 2; at != lines.end() && at->starts_with("|"); ++at) {
        std::vector<std::string> cells;
        std::string_view row = std::string_view(*at).substr(1);  // after the leading '|'
        for (size_t bar; (bar = row.find('|')) != std::string_view::npos; row.remove_prefix(bar + 1))
            cells.push_back(unquoted(trimmed(row.substr(0, bar))));
        out.push_back(cells.size() == 5
                          ? fmt::format("{} | {} | {} | {} | {}", cells[0], cells[1], cells[2], cells[3], cells[4])
                          : "(not five cells) " + *at);
    }
    return out;
}

// The arguments of a roff request line: blank-separated, "double quotes" group, \- is '-'.
std::vector<std::string> roff_arguments(std::string_view line) {
    std::vector<std::string> out;
    std::string arg;
    bool quoted = false, any = false;
    for (size_t i = 0; i < line.size(); ++i) {
        char c = line[i];
        if (c == '"') {
            quoted = !quoted;
            any = true;
        } else if (c == ' ' && !quoted) {
            if (any) out.push_back(arg);
            arg.clear();
            any = false;
        } else if (c == '\\' && i + 1 < line.size() && line[i + 1] == '-') {
            arg += '-';
            ++i;
            any = true;
        } else {
            arg += c;
            any = true;
        }
    }
    if (any) out.push_back(arg);
    return out;
}

// The man page's TELEMETRY BLOCK, under `.SS NAME ...` for `schema`: per field `.TP`,
// `.B key`, then `.RB "TYPE, default " DEFAULT ", exported as " VARIABLE [" (lens fallback " LENS )]`.
Lines man_rows(const std::string& man, const goe::Schema& schema) {
    Lines lines = lines_of(man);
    auto at = std::find(lines.begin(), lines.end(), ".SH TELEMETRY BLOCK");
    if (at == lines.end()) return {"(no section TELEMETRY BLOCK)"};
    std::string heading = fmt::format(".SS {}", schema.name);
    at = std::find_if(at, lines.end(),
                      [&](const std::string& l) { return l == heading || l.starts_with(heading + " "); });
    if (at == lines.end()) return {"(no subsection " + heading + ")"};
    Lines out;
    for (++at; at != lines.end() && !at->starts_with(".SH") && !at->starts_with(".SS"); ++at) {
        if (*at != ".TP") continue;
        if (at + 2 >= lines.end()) return out;
        auto key = roff_arguments(*++at);
        auto what = roff_arguments(*++at);
        const std::string prefix = ", default ";
        bool shaped = key.size() == 2 && key[0] == ".B" && what.size() >= 5 && what[0] == ".RB" &&
                      what[1].ends_with(prefix) && what[3] == ", exported as " &&
                      (what.size() == 5 || (what.size() == 8 && what[5] == " (lens fallback " && what[7] == ")"));
        if (!shaped) {
            out.push_back("(not a field entry) " + *(at - 1) + " / " + *at);
            continue;
        }
        out.push_back(fmt::format("{} | {} | {} | {} | {}", key[1], what[1].substr(0, what[1].size() - prefix.size()),
                                  what[2], what[4], what.size() == 8 ? what[6] : ""));
    }
    return out;
}

// Every known schema's keys, each once, in the order the schemas first name them.
Lines schema_keys() {
    Lines out;
    for (const auto& schema : goe::known_schemas())
        for (const auto& f : schema.fields)
            if (std::find(out.begin(), out.end(), f.key) == out.end()) out.emplace_back(f.key);
    return out;
}

// Row by row, so that a failure shows the row that differs.
void check_rows(const Lines& docs, const Lines& schema) {
    for (size_t i = 0; i < std::max(docs.size(), schema.size()); ++i) {
        INFO("row " << i + 1);
        CHECK((i < docs.size() ? docs[i] : "(missing)") == (i < schema.size() ? schema[i] : "(not in the schema)"));
    }
}

}  // namespace

TEST_CASE("every schema: one field enables telemetry; keys and variables are unique; lens fallbacks are nemo-lens'") {
    for (const auto& schema : goe::known_schemas()) {
        INFO(schema.name);
        auto enabling = std::count_if(schema.fields.begin(), schema.fields.end(),
                                      [](const auto& f) { return f.role == goe::Role::enables; });
        CHECK(enabling == 1);
        std::set<std::string_view> keys, variables;
        for (const auto& f : schema.fields) {
            INFO(f.key);
            CHECK(keys.insert(f.key).second);
            CHECK(variables.insert(f.variable).second);
            // nemo-lens carries a NEMO_LENS_ variable over to its own NEMO_GYM_OTEL_ one only.
            if (!f.lens.empty()) CHECK((f.lens.starts_with("NEMO_LENS_") && f.variable.starts_with("NEMO_GYM_OTEL_")));
            // A block's name is no field's (schema.find and is_block never both answer).
            CHECK_FALSE(schema.is_block(f.key));
        }
    }
}

TEST_CASE("every schema: a field several schemas have is the same field in each (the probe reads one default)") {
    for (const auto& a : goe::known_schemas())
        for (const auto& b : goe::known_schemas())
            for (const auto& f : a.fields) {
                const goe::Field* g = b.find(f.key);
                if (!g) continue;
                INFO(a.name << " " << b.name << " " << f.key);
                CHECK(schema_rows_equal(f, *g));
            }
}

TEST_CASE("docs/manual.md has a field table per schema: every field, its type, default, variable and lens") {
    for (const auto& schema : goe::known_schemas()) {
        INFO(schema.name);
        check_rows(manual_rows(source_file("docs/manual.md"), schema), schema_rows(schema));
    }
}

TEST_CASE("the man page's TELEMETRY BLOCK has a subsection per schema: every field, its type, default, variable") {
    for (const auto& schema : goe::known_schemas()) {
        INFO(schema.name);
        check_rows(man_rows(source_file("docs/gym-otel-env.1"), schema), schema_rows(schema));
    }
}

TEST_CASE("every completion file offers exactly the fields of every schema as --set keys") {
    CHECK(matched_words("completions/gym-otel-env.bash", R"(local keys="([^"]*)\")") == schema_keys());
    CHECK(matched_words("completions/_gym-otel-env", R"(local -a keys=\(([^)]*)\))") == schema_keys());
    CHECK(matched_words("completions/gym-otel-env.fish", R"(for key in ((?:[^\n\\]|\\\n)*)\n)") == schema_keys());
}

namespace {
const goe::Field& field(std::string_view key) { return *goe::default_schema().find(key); }
}  // namespace

TEST_CASE("field_of_variable: the schema's variables, their lens fallbacks and the per-signal ones") {
    CHECK(goe::field_of_variable("OTEL_EXPORTER_OTLP_HEADERS") == &field("otlp_headers"));
    CHECK(goe::field_of_variable("OTEL_EXPORTER_OTLP_TRACES_HEADERS") == &field("otlp_headers"));
    CHECK(goe::field_of_variable("OTEL_EXPORTER_OTLP_LOGS_ENDPOINT") == &field("otlp_endpoint"));
    CHECK(goe::field_of_variable("OTEL_EXPORTER_OTLP_METRICS_PROTOCOL") == &field("otlp_protocol"));
    CHECK(goe::field_of_variable("NEMO_GYM_OTEL_RUN_ID") == &field("run_id"));
    CHECK(goe::field_of_variable("NEMO_LENS_RUN_ID") == &field("run_id"));
    CHECK(goe::field_of_variable("NEMO_LENS_ENABLED") == &field("enabled"));
    CHECK(goe::field_of_variable("NEMO_LENS_SERVICE_NAME_PER_SERVER") == nullptr);  // a field with no fallback
    CHECK(goe::field_of_variable("OTEL_EXPORTER_OTLP_TRACES_TIMEOUT") == nullptr);
}
