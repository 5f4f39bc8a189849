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
    SecretTexts found;
    for (const auto& f : kSchema)
        if (f.secret) found.keys.emplace_back(f.key);
    auto hand_over = [&] {
        if (secrets) secrets->insert(secrets->end(), found.texts.begin(), found.texts.end());
    };
    NodePtr block;
    try {
        // Gym's parse(): directives, the '???' check, then its own steps and defaults,
        // all before it reads the block.
        NodePtr root = apply_directives(out.loaded.root);
        check_missing(root);
        // Gym resolves the top level before the block, and a failure there may quote what
        // the block's headers are built from: learn the secrets first, whatever happens.
        try {
            resolve_subtree(root, "telemetry", env, {}, &found);
        } catch (const Error&) {
        }
        out.loaded.root = apply_gym_defaults(root, env, host_address);
        block = resolve_subtree(out.loaded.root, "telemetry", env, {}, &found);
    } catch (...) {
        hand_over();
        throw;
    }
    hand_over();
    out.settings = validate(block);
    out.translation = translate(out.settings, env, random_hex12);
    return out;
}

}  // namespace goe
