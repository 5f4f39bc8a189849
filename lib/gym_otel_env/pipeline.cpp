#include "gym_otel_env/pipeline.hpp"

#include "gym_otel_env/directives.hpp"
#include "gym_otel_env/resolve.hpp"

namespace goe {

Outcome run_pipeline(const LoadRequest& request, const Environment& env, FileSystem& fs,
                     const std::function<std::string()>& random_hex12) {
    return run_pipeline(request, env, fs, random_hex12, HostAddress{});
}

Outcome run_pipeline(const LoadRequest& request, const Environment& env, FileSystem& fs,
                     const std::function<std::string()>& random_hex12, const HostAddress& host_address) {
    Outcome out;
    out.loaded = load(request, env, fs);
    // Gym's parse(): directives, the '???' check, then its own steps and defaults,
    // all before it reads the block.
    NodePtr root = apply_directives(out.loaded.root);
    check_missing(root);
    out.loaded.root = apply_gym_defaults(root, env, host_address);
    NodePtr block = resolve_subtree(out.loaded.root, "telemetry", env);
    out.settings = validate(block);
    out.translation = translate(out.settings, env, random_hex12);
    return out;
}

}  // namespace goe
