#include "gym_otel_env/telemetry/translate.hpp"

#include <stdexcept>

#include <fmt/format.h>

#include "gym_otel_env/core/error.hpp"

#include "gym_otel_env/core/python.hpp"
#include "gym_otel_env/core/text.hpp"
#include "gym_otel_env/telemetry/otlp.hpp"
#include "gym_otel_env/telemetry/secrecy.hpp"

namespace goe {

bool truthy(std::string_view value) {
    std::string v = ascii_lower(trim(value));
    return v == "1" || v == "true" || v == "yes" || v == "on";
}

bool overrides_config(const Setting& setting, std::string_view value) {
    if (setting.origin.empty() || !setting.value) return false;
    switch (setting.field->type) {
        case FieldType::boolean: return truthy(value) != (*setting.value == "1");
        case FieldType::integer:
        case FieldType::positive_float: return trim(value) != *setting.value;
        case FieldType::string:
        case FieldType::optional_string: return value != *setting.value;
    }
    return false;
}

bool lens_overrides_config(const Setting& setting, std::string_view value) {
    if (setting.origin.empty() || !setting.value) return false;
    std::string_view stripped = python_strip(value);
    if (setting.field->type == FieldType::boolean) return truthy(stripped) != (*setting.value == "1");
    return stripped != *setting.value;
}

InEffect in_effect(const Setting& setting, const Environment& env) {
    const Field& f = *setting.field;
    if (is_set(env, f.variable)) return {InEffect::From::variable, f.variable, lookup(env, f.variable)};
    if (!f.lens.empty() && is_set(env, f.lens)) return {InEffect::From::lens, f.lens, lookup(env, f.lens)};
    if (!setting.value) return {InEffect::From::config, {}, std::nullopt};
    return {InEffect::From::config, {}, *setting.value};
}

namespace {

bool omitted(Omit omit, std::string_view value) {
    switch (omit) {
        case Omit::never: return false;
        case Omit::empty: return value.empty();
        case Omit::blank: return trim(value).empty();
    }
    return false;
}

Export kept(std::string_view variable, std::string_view value) {
    return Export{std::string(variable), std::string(value), Export::Source::kept, {}, std::string(variable)};
}

void mark_secrets(Translation& t) {
    for (auto* list : {&t.exports, &t.kept})
        for (auto& e : *list) e.secret = is_secret(e.name, e.value);
}

}  // namespace

Translation translate(const Settings& settings, const Environment& env,
                      const std::function<std::string()>& random_hex12,
                      std::optional<std::string_view> earlier_run_id) {
    Translation out;
    out.schema = settings.schema;
    const Setting& enabled = settings.with_role(Role::enables);
    InEffect on = in_effect(enabled, env);
    if (on.from == InEffect::From::config) {
        out.decided_by = fmt::format("telemetry.{}", enabled.field->key);
        out.enabled = on.value == "1";
    } else {
        out.decided_by = std::string(on.name);
        out.enabled = truthy(*on.value);
    }
    if (!out.enabled) {
        // The switch travels: where the output is read, it keeps telemetry off there too.
        // nemo-lens' own switch travels as Gym's, which everything there reads first.
        if (on.from == InEffect::From::variable) out.kept.push_back(kept(on.name, *on.value));
        if (on.from == InEffect::From::lens)
            out.kept.push_back(
                Export{std::string(enabled.field->variable), "0", Export::Source::lens, {}, std::string(on.name)});
        mark_secrets(out);
        return out;
    }

    const std::string variable(enabled.field->variable);
    if (on.from == InEffect::From::variable) out.kept.push_back(kept(on.name, *on.value));
    else out.exports.push_back(Export{variable, "1", Export::Source::enabled, enabled.origin, out.decided_by});

    std::vector<const Field*> no_run_id;  // run ids that nothing gave a value, in schema order
    for (const auto& s : settings.fields) {
        const Field& f = *s.field;
        if (&s == &enabled) continue;
        InEffect v = in_effect(s, env);
        // Gym's main looks at a set nemo-lens variable before its setdefault, so it warns of
        // the config value it overrides even where the Gym variable is set too.
        if (settings.schema->lens == LensRule::defer && !f.lens.empty())
            if (auto lens = lookup(env, f.lens);
                lens && !python_strip(*lens).empty() && lens_overrides_config(s, *lens))
                out.lens_overrides.push_back({&s, std::string(f.lens), std::string(python_strip(*lens))});
        // A set variable is kept; so is a set nemo-lens one under Gym's main, which leaves
        // the Gym variable unwritten so that nemo-lens reads its own.
        bool lens_kept = v.from == InEffect::From::lens && settings.schema->lens == LensRule::defer;
        if (v.from == InEffect::From::variable || lens_kept) {
            out.kept.push_back(kept(v.name, *v.value));
        } else if (v.from == InEffect::From::lens) {
            out.exports.push_back(
                Export{std::string(f.variable), std::string(*v.value), Export::Source::lens, {}, std::string(v.name)});
        } else if (v.value && !omitted(f.omit, *v.value)) {
            out.exports.push_back(Export{std::string(f.variable),
                                         std::string(*v.value),
                                         s.origin.empty() ? Export::Source::default_value : Export::Source::config,
                                         s.origin,
                                         {}});
        } else if (f.role == Role::run_id) {
            no_run_id.push_back(&f);
        }
    }

    for (const Field* f : no_run_id) {
        // A Slurm job is a run of its own, even when the shell that submitted it had one.
        if (is_set(env, "SLURM_JOB_ID")) {
            out.exports.push_back(Export{std::string(f->variable),
                                         std::string(trim(*lookup(env, "SLURM_JOB_ID"))),
                                         Export::Source::slurm,
                                         {},
                                         "SLURM_JOB_ID"});
        } else if (earlier_run_id) {
            out.exports.push_back(
                Export{std::string(f->variable), std::string(*earlier_run_id), Export::Source::earlier, {}, {}});
        } else {
            out.exports.push_back(Export{std::string(f->variable), random_hex12(), Export::Source::generated, {}, {}});
        }
    }
    // The exporters read a per-signal variable before the generic one this writes (where
    // the schema has a field for that one).
    for (Signal signal : kSignals)
        for (std::string_view option : kSignalOptions)
            if (std::string own = signal_variable(signal, option);
                is_set(env, own) && settings.schema->of_variable(own))
                out.kept.push_back(Export{own, std::string(*lookup(env, own)), Export::Source::kept, {}, own});
    mark_secrets(out);
    return out;
}

std::vector<Export> with_kept(const Translation& translation) {
    // The exports in their order, each kept variable at its field's place among them.
    std::vector<Export> out;
    auto kept = translation.kept.begin();
    // A per-signal variable after the block's own.
    const Schema& schema = *translation.schema;
    auto place = [&](const std::string& name) {
        const Field* f = schema.of_variable(name);
        return f && (f->variable == name || f->lens == name) ? schema.index(*f) : schema.fields.size();
    };
    for (const auto& e : translation.exports) {
        bool last = e.source == Export::Source::slurm || e.source == Export::Source::generated ||
                    e.source == Export::Source::earlier;
        while (kept != translation.kept.end() && (last || place(kept->name) < place(e.name))) out.push_back(*kept++);
        out.push_back(e);
    }
    out.insert(out.end(), kept, translation.kept.end());
    return out;
}

}  // namespace goe
