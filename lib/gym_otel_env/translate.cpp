#include "gym_otel_env/translate.hpp"

#include <algorithm>

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

Translation translate(const Settings& settings, const Environment& env,
                      const std::function<std::string()>& random_hex12) {
    Translation out;
    const Setting& enabled = settings["enabled"];
    InEffect on = in_effect(enabled, env);
    if (on.from == InEffect::From::config) {
        out.decided_by = "telemetry.enabled";
        out.enabled = on.value == "1";
    } else {
        out.decided_by = std::string(on.name);
        out.enabled = truthy(*on.value);
    }
    if (!out.enabled) return out;

    const std::string variable(enabled.field->variable);
    if (on.from == InEffect::From::variable) out.kept.push_back(Kept{variable, std::string(*on.value)});
    else out.exports.push_back(Export{variable, "1", Export::Source::enabled, enabled.origin, out.decided_by});

    bool run_id_given = false;
    for (const auto& s : settings.fields) {
        const Field& f = *s.field;
        if (&s == &enabled) continue;
        InEffect v = in_effect(s, env);
        if (v.from == InEffect::From::variable) {
            out.kept.push_back(Kept{std::string(f.variable), std::string(*v.value)});
        } else if (v.from == InEffect::From::lens) {
            out.exports.push_back(
                Export{std::string(f.variable), std::string(*v.value), Export::Source::lens, {}, std::string(v.name)});
        } else if (!v.value) {
            continue;
        } else if (f.key == "run_id" && trim(*v.value).empty()) {
            continue;
        } else if (f.key == "service_name" && v.value->empty()) {
            continue;
        } else {
            out.exports.push_back(Export{std::string(f.variable),
                                         std::string(*v.value),
                                         s.origin.empty() ? Export::Source::default_value : Export::Source::config,
                                         s.origin,
                                         {}});
        }
        if (f.key == "run_id") run_id_given = true;
    }

    if (!run_id_given) {
        if (is_set(env, "SLURM_JOB_ID")) {
            out.exports.push_back(Export{"NEMO_GYM_OTEL_RUN_ID",
                                         std::string(trim(*lookup(env, "SLURM_JOB_ID"))),
                                         Export::Source::slurm,
                                         {},
                                         "SLURM_JOB_ID"});
        } else {
            out.exports.push_back(Export{"NEMO_GYM_OTEL_RUN_ID", random_hex12(), Export::Source::generated, {}, {}});
        }
    }
    return out;
}

}  // namespace goe
