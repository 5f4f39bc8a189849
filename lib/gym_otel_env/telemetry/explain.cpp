#include "gym_otel_env/telemetry/explain.hpp"

#include <algorithm>
#include <array>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "gym_otel_env/core/text.hpp"
#include "gym_otel_env/gym/launcher.hpp"
#include "gym_otel_env/telemetry/otlp.hpp"
#include "gym_otel_env/telemetry/schema_versions.hpp"
#include "gym_otel_env/telemetry/secrecy.hpp"

namespace goe {

namespace {

// A value as --explain shows it: as is when it is plain printable text, else Python's
// repr; a secret one masked as every message masks it.
std::string shown_value(const Field& field, std::string_view value) {
    std::string text = masked(field.variable, value);
    bool plain = !text.empty() && text.front() != ' ' && text.back() != ' ' && text.front() != '\'' &&
                 text.front() != '"' && std::none_of(text.begin(), text.end(), [](char c) {
                     return static_cast<unsigned char>(c) < 0x20 || c == 0x7f;
                 });
    return plain ? text : python_repr(text);
}

constexpr std::string_view kPrefix = "gym-otel-env: explain: ";

// Why the command under --exec gave no config (launcher.hpp): ": srun starts ...", or "".
std::string because(const Outcome& outcome) {
    std::string why = unread_reason(outcome.reading);
    return why.empty() ? why : ": " + why;
}
constexpr size_t kMaxValueColumn = 60;

// How the row of one schema variable reads: "NAME=value" and where it came from.
struct Row {
    std::string assignment;
    std::string origin;
    char mark = 0;  // '+' exported, '~' kept and not written, '=' kept and written, 0 neither
};

std::string config_origin(const Origin& origin, const Field& f) {
    return fmt::format("{} telemetry.{}", origin.str(), f.key);
}

std::string kept_origin(bool written) {
    return written ? "set in the environment: kept, written with its value"
                   : "set in the environment: kept, not written";
}

std::string export_origin(const Export& e, const Field& f) {
    switch (e.source) {
        case Export::Source::config: return config_origin(e.origin, f);
        case Export::Source::default_value: return "default";
        case Export::Source::lens: return fmt::format("carried from {} in the environment", e.from);
        case Export::Source::slurm: return fmt::format("from {}", e.from);
        case Export::Source::generated: return "generated (random)";
        case Export::Source::enabled:
            if (e.from == "telemetry.enabled") return config_origin(e.origin, f);
            return fmt::format("{} is on in the environment", e.from);
        case Export::Source::kept: return kept_origin(true);
        case Export::Source::earlier: return "made up by this tool's earlier output in this shell, kept for the run";
        case Export::Source::withdrawn: return "unset: this tool's earlier output set it, and nothing gives it now";
        case Export::Source::record: return "the record of what this output sets";
    }
    return {};
}

// Why a variable with neither an export nor a kept value was left out.
std::string left_out(const Setting& s) {
    std::string what = !s.value ? "null" : s.value->empty() ? "empty" : "blank";
    if (s.origin.empty()) return fmt::format("not exported: {} by default", what);
    return fmt::format("not exported: {} at {}", what, config_origin(s.origin, *s.field));
}

std::vector<Row> rows(const Outcome& outcome, const std::vector<std::string>& kept_written) {
    const auto& t = outcome.translation;
    std::vector<Row> out;
    for (const auto& s : outcome.settings.fields) {
        const Field& f = *s.field;
        auto e =
            std::find_if(t.exports.begin(), t.exports.end(), [&](const Export& x) { return x.name == f.variable; });
        // Gym's main keeps a set nemo-lens variable in place of its own (LensRule::defer).
        auto k = std::find_if(t.kept.begin(), t.kept.end(), [&](const Export& x) {
            return x.name == f.variable || (!f.lens.empty() && x.name == f.lens);
        });
        if (e != t.exports.end()) {
            std::string origin = export_origin(*e, f);
            if (e->source == Export::Source::lens && overrides_config(s, e->value))
                origin +=
                    fmt::format(", over {}={} at {}", f.key, shown_value(f, *s.value), config_origin(s.origin, f));
            out.push_back(Row{fmt::format("{}={}", f.variable, shown_value(f, e->value)), origin, '+'});
        } else if (k != t.kept.end()) {
            bool written = std::find(kept_written.begin(), kept_written.end(), k->name) != kept_written.end();
            std::string origin = kept_origin(written);
            if (k->name != f.variable)
                origin += fmt::format("; {} is left unwritten so that nemo-lens reads this, as {} does", f.variable,
                                      schema_title(*t.schema));
            if (overrides_config(s, k->value))
                origin +=
                    fmt::format(", over {}={} at {}", f.key, shown_value(f, *s.value), config_origin(s.origin, f));
            out.push_back(Row{fmt::format("{}={}", k->name, shown_value(f, k->value)), origin, written ? '=' : '~'});
        } else {
            out.push_back(Row{std::string(f.variable), left_out(s), 0});
        }
    }
    // A run id from SLURM_JOB_ID or generated comes last on stdout (translate() adds it
    // after the fields); the rows follow stdout's order.
    auto run_id = std::find_if(t.exports.begin(), t.exports.end(), [](const Export& x) {
        return x.name == "NEMO_GYM_OTEL_RUN_ID" &&
               (x.source == Export::Source::slurm || x.source == Export::Source::generated ||
                x.source == Export::Source::earlier);
    });
    if (run_id != t.exports.end()) {
        auto row = std::find_if(out.begin(), out.end(),
                                [](const Row& r) { return r.assignment.starts_with("NEMO_GYM_OTEL_RUN_ID="); });
        std::rotate(row, row + 1, out.end());
    }
    return out;
}

// Where each signal goes, once the environment sets an OTEL_EXPORTER_OTLP_<SIGNAL>_*
// variable: it wins over the generic one this writes, for that signal only. A row per
// signal and option: the value (headers masked) and which variable gave it.
std::string per_signal(const Outcome& outcome, const Environment& env) {
    bool any = std::any_of(kSignals.begin(), kSignals.end(), [&](Signal s) {
        return std::any_of(kSignalOptions.begin(), kSignalOptions.end(),
                           [&](std::string_view o) { return is_set(env, signal_variable(s, o)); });
    });
    if (!any) return {};
    const auto& t = outcome.translation;
    std::vector<std::array<std::string, 3>> rows;
    for (Signal signal : kSignals) {
        for (std::string_view option : kSignalOptions) {
            std::string own = signal_variable(signal, option);
            const Field* generic = outcome.settings.schema->of_variable(own);
            if (!generic) continue;  // the schema in force writes no such variable
            const Field& f = *generic;
            auto e =
                std::find_if(t.exports.begin(), t.exports.end(), [&](const Export& x) { return x.name == f.variable; });
            auto k = std::find_if(t.kept.begin(), t.kept.end(), [&](const Export& x) { return x.name == f.variable; });
            std::array<std::string, 3> row{fmt::format("{} {}", name(signal), ascii_lower(option)), "-", ""};
            if (is_set(env, own)) {
                row[1] = shown_value(f, *lookup(env, own));
                row[2] = fmt::format("{} in the environment", own);
            } else if (e != t.exports.end()) {
                row[1] = shown_value(f, e->value);
                row[2] = fmt::format("{}, {}", f.variable, export_origin(*e, f));
            } else if (k != t.kept.end()) {
                row[1] = shown_value(f, k->value);
                row[2] = fmt::format("{}, set in the environment", f.variable);
            } else {
                row[2] = option == "PROTOCOL" ? fmt::format("not set: {}, nemo-lens' default", name(kDefaultProtocol))
                                              : std::string("not set: the SDK's default");
            }
            rows.push_back(std::move(row));
        }
    }
    if (rows.empty()) return {};
    size_t first = 0, second = 0;
    for (const auto& r : rows) {
        first = std::max(first, r[0].size());
        if (r[1].size() <= kMaxValueColumn) second = std::max(second, r[1].size());
    }
    std::string out = fmt::format(
        "{}per signal (an OTEL_EXPORTER_OTLP_<SIGNAL>_* variable in the environment wins "
        "over the generic one, for its signal):\n",
        kPrefix);
    for (const auto& r : rows) out += fmt::format("  {:<{}}  {:<{}}  {}\n", r[0], first, r[1], second, r[2]);
    return out;
}

}  // namespace

std::string enablement(const Outcome& outcome, const Environment& env) {
    const auto& t = outcome.translation;
    const Setting& enabled = outcome.settings.with_role(Role::enables);
    if (t.decided_by != "telemetry.enabled")
        return fmt::format("{}={} in the environment", t.decided_by,
                           shown_value(*enabled.field, lookup(env, t.decided_by).value_or("")));
    if (!enabled.origin.empty())
        return fmt::format("telemetry.enabled is {} ({})", t.enabled ? "true" : "false", enabled.origin.str());
    if (outcome.settings.present) return "telemetry.enabled is not set (default false)";
    const NodePtr* block = outcome.root ? outcome.root->find("telemetry") : nullptr;
    if (block) return fmt::format("the telemetry block is empty ({})", (*block)->origin.str());
    return "no telemetry block";
}

std::string set_while_off(const Outcome& outcome) {
    if (outcome.translation.enabled) return {};
    std::vector<std::string_view> keys;
    for (const auto& s : outcome.settings.fields)
        if (!s.origin.empty() && s.field->key != "enabled") keys.push_back(s.field->key);
    return fmt::format("{}", fmt::join(keys, ", "));
}

std::vector<std::string> kept_over_config(const Outcome& outcome) {
    const auto& t = outcome.translation;
    std::vector<std::string> out;
    auto against = [&](const Export& e, const std::string& variable) {
        const Field* f = field_of_variable(variable);
        if (!f || (f->variable != variable && f->lens != variable)) return;  // a per-signal one: lint_otlp's
        for (const auto& s : outcome.settings.fields)
            if (s.field == f && overrides_config(s, e.value)) out.push_back(variable);
    };
    for (const auto& e : with_kept(t)) {
        // Gym's main warns of a nemo-lens variable that overrides the config (lint's).
        const Field* f = t.schema->of_variable(e.name);
        bool warned = t.schema->lens == LensRule::defer && f && f->lens == e.name;
        if (e.source == Export::Source::kept && !warned) against(e, e.name);
        if (e.source == Export::Source::lens) against(e, e.from);
    }
    return out;
}

// The rows of the variables this output unsets, as the output lists them.
std::string withdrawn_rows(const std::vector<std::string>& withdrawn) {
    std::string out;
    for (const auto& name : withdrawn)
        out += fmt::format("  {}  unset: this tool's earlier output in this shell set it, and nothing gives it now\n",
                           name);
    return out;
}

std::string explain(const Outcome& outcome, const Environment& env, const std::vector<std::string>& kept_written,
                    const std::vector<std::string>& withdrawn) {
    const auto& files = outcome.files;
    std::string out = fmt::format(
        "{}{}\n", kPrefix,
        files.empty() ? "no config file read" + because(outcome) : fmt::format("read {}", fmt::join(files, ", ")));
    // Which Gym's command line was read, so that a user can tell why an option was taken or not.
    if (auto note = command_line_note(outcome.reading); !note.empty()) out += fmt::format("{}{}\n", kPrefix, note);
    // Which Gym's schema, where it was chosen: the default needs no line.
    if (!outcome.schema.why.empty())
        out += fmt::format("{}telemetry schema: {} ({})\n", kPrefix, schema_title(*outcome.settings.schema),
                           outcome.schema.why);
    if (!outcome.translation.enabled) {
        out += fmt::format("{}telemetry off, nothing exported: {}\n", kPrefix, enablement(outcome, env));
        if (auto keys = set_while_off(outcome); !keys.empty())
            out += fmt::format("{}set but not exported while telemetry is off: {}\n", kPrefix, keys);
        return out + withdrawn_rows(withdrawn);
    }
    out += fmt::format("{}telemetry on: {}\n", kPrefix, enablement(outcome, env));
    auto all = rows(outcome, kept_written);
    size_t width = 0;
    for (const auto& r : all)
        if (r.assignment.size() <= kMaxValueColumn) width = std::max(width, r.assignment.size());
    for (const auto& r : all) out += fmt::format("  {:<{}}  {}\n", r.assignment, width, r.origin);
    return out + withdrawn_rows(withdrawn) + per_signal(outcome, env);
}

std::string explain_short(const Outcome& outcome, const Environment& env, const std::vector<std::string>& kept_written,
                          const std::vector<std::string>& withdrawn) {
    std::vector<std::string> unset;
    unset.reserve(withdrawn.size());
    for (const auto& name : withdrawn) unset.push_back("-" + name);
    if (!outcome.translation.enabled) {
        auto keys = set_while_off(outcome);
        return fmt::format("gym-otel-env: telemetry off: {}{}{}{}\n", enablement(outcome, env),
                           keys.empty() ? std::string() : "; set but not exported: " + keys,
                           outcome.files.empty() && !because(outcome).empty()
                               ? "; no config file read" + because(outcome)
                               : std::string(),
                           unset.empty() ? std::string() : fmt::format(" {}", fmt::join(unset, " ")));
    }
    std::vector<std::string> marks;
    for (const auto& r : rows(outcome, kept_written))
        if (r.mark) marks.push_back(r.mark + r.assignment.substr(0, r.assignment.find('=')));
    marks.insert(marks.end(), unset.begin(), unset.end());
    return fmt::format("gym-otel-env: {}\n", fmt::join(marks, " "));
}

}  // namespace goe
