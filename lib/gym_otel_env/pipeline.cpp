#include "gym_otel_env/pipeline.hpp"

#include "gym_otel_env/directives.hpp"
#include "gym_otel_env/resolve.hpp"
#include "gym_otel_env/schema.hpp"

namespace goe {

Outcome run_pipeline(const LoadRequest& request, const Environment& env, FileSystem& fs,
                     const std::function<std::string()>& random_hex12, std::vector<std::string>* secrets,
                     const HostAddress& host_address) {
    Outcome out;
    out.loaded = load(request, env, fs);
    // Gym's parse(): directives, the '???' check, then its own steps and defaults,
    // all before it reads the block.
    NodePtr root = apply_directives(out.loaded.root);
    check_missing(root);
    out.loaded.root = apply_gym_defaults(root, env, host_address);
    SecretTexts found;
    for (const auto& f : kSchema)
        if (f.secret) found.keys.emplace_back(f.key);
    NodePtr block;
    try {
        block = resolve_subtree(out.loaded.root, "telemetry", env, {}, &found);
    } catch (...) {
        if (secrets) secrets->insert(secrets->end(), found.texts.begin(), found.texts.end());
        throw;
    }
    if (secrets) secrets->insert(secrets->end(), found.texts.begin(), found.texts.end());
    out.settings = validate(block);
    out.translation = translate(out.settings, env, random_hex12);
    return out;
}

}  // namespace goe
