#include "gym_otel_env/translate.hpp"

#include <algorithm>

namespace goe {

bool truthy(std::string_view value) {
    std::string v = ascii_lower(trim(value));
    return v == "1" || v == "true" || v == "yes" || v == "on";
}

Translation translate(const Settings& settings, const Environment& env,
                      const std::function<std::string()>& random_hex12) {
    Translation out;
    const Setting& enabled = settings["enabled"];
    if (is_set(env, enabled.field->variable)) {
        out.decided_by = std::string(enabled.field->variable);
        out.enabled = truthy(*lookup(env, enabled.field->variable));
    } else if (is_set(env, enabled.field->lens)) {
        out.decided_by = std::string(enabled.field->lens);
        out.enabled = truthy(*lookup(env, enabled.field->lens));
    } else {
        out.decided_by = "telemetry.enabled";
        out.enabled = enabled.value == "1";
    }
    if (!out.enabled) return out;

    auto keep_or = [&](const Field& f) {
        if (!is_set(env, f.variable)) return false;
        out.kept.push_back(Kept{std::string(f.variable), std::string(*lookup(env, f.variable))});
        return true;
    };
    auto from_config = [&](const Setting& s) {
        return Export{std::string(s.field->variable),
                      *s.value,
                      s.origin.empty() ? Export::Source::default_value : Export::Source::config,
                      s.origin,
                      {}};
    };

    if (!keep_or(*enabled.field))
        out.exports.push_back(
            Export{std::string(enabled.field->variable), "1", Export::Source::enabled, enabled.origin, out.decided_by});

    bool run_id_given = is_set(env, "NEMO_GYM_OTEL_RUN_ID");
    for (const auto& s : settings.fields) {
        const Field& f = *s.field;
        if (&f == enabled.field) continue;
        bool prefixed = f.variable.substr(0, 14) == "NEMO_GYM_OTEL_";
        if (keep_or(f)) continue;
        if (prefixed && !f.lens.empty() && is_set(env, f.lens)) {
            out.exports.push_back(Export{std::string(f.variable),
                                         std::string(*lookup(env, f.lens)),
                                         Export::Source::lens,
                                         {},
                                         std::string(f.lens)});
        } else if (!s.value) {
            continue;
        } else if (f.key == "run_id" && trim(*s.value).empty()) {
            continue;
        } else if (f.key == "service_name" && s.value->empty()) {
            continue;
        } else {
            out.exports.push_back(from_config(s));
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
