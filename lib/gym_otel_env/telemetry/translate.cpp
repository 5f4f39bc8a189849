#include "gym_otel_env/telemetry/translate.hpp"

#include <stdexcept>

#include <fmt/format.h>

#include "gym_otel_env/core/error.hpp"

#include "gym_otel_env/core/text.hpp"

namespace goe {

bool truthy(std::string_view value) {
    std::string v = ascii_lower(trim(value));
    return v == "1" || v == "true" || v == "yes" || v == "on";
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

Export kept(const Field& f, std::string_view value) {
    return Export{std::string(f.variable), std::string(value), Export::Source::kept, {}, std::string(f.variable)};
}

const Setting& enabling(const Settings& settings) {
    for (const auto& s : settings.fields)
        if (s.field->role == Role::enables) return s;
    throw std::logic_error("no setting enables telemetry");  // the schema has one: a bug, not a config error
}

}  // namespace

Translation translate(const Settings& settings, const Environment& env,
                      const std::function<std::string()>& random_hex12) {
    Translation out;
    const Setting& enabled = enabling(settings);
    InEffect on = in_effect(enabled, env);
    if (on.from == InEffect::From::config) {
        out.decided_by = fmt::format("telemetry.{}", enabled.field->key);
        out.enabled = on.value == "1";
    } else {
        out.decided_by = std::string(on.name);
        out.enabled = truthy(*on.value);
    }
    if (!out.enabled) return out;

    const std::string variable(enabled.field->variable);
    if (on.from == InEffect::From::variable) out.kept.push_back(kept(*enabled.field, *on.value));
    else out.exports.push_back(Export{variable, "1", Export::Source::enabled, enabled.origin, out.decided_by});

    std::vector<const Field*> no_run_id;  // run ids that nothing gave a value, in schema order
    for (const auto& s : settings.fields) {
        const Field& f = *s.field;
        if (&s == &enabled) continue;
        InEffect v = in_effect(s, env);
        if (v.from == InEffect::From::variable) {
            out.kept.push_back(kept(f, *v.value));
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
        if (is_set(env, "SLURM_JOB_ID")) {
            out.exports.push_back(Export{std::string(f->variable),
                                         std::string(trim(*lookup(env, "SLURM_JOB_ID"))),
                                         Export::Source::slurm,
                                         {},
                                         "SLURM_JOB_ID"});
        } else {
            out.exports.push_back(Export{std::string(f->variable), random_hex12(), Export::Source::generated, {}, {}});
        }
    }
    for (auto* list : {&out.exports, &out.kept})
        for (auto& e : *list) e.secret = is_secret(*field_of_variable(e.name), e.value);
    return out;
}

std::vector<Export> with_kept(const Translation& translation) {
    // The exports in their order, each kept variable at its field's place among them.
    std::vector<Export> out;
    auto kept = translation.kept.begin();
    auto place = [](const std::string& name) { return field_of_variable(name) - kSchema.data(); };
    for (const auto& e : translation.exports) {
        bool last = e.source == Export::Source::slurm || e.source == Export::Source::generated;
        while (kept != translation.kept.end() && (last || place(kept->name) < place(e.name))) out.push_back(*kept++);
        out.push_back(e);
    }
    out.insert(out.end(), kept, translation.kept.end());
    return out;
}

}  // namespace goe
