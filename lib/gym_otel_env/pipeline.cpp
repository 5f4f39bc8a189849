#include "gym_otel_env/pipeline.hpp"

#include "gym_otel_env/resolve.hpp"

namespace goe {

Outcome run_pipeline(const LoadRequest& request, const Environment& env, FileSystem& fs,
                     const std::function<std::string()>& random_hex12) {
    Outcome out;
    out.loaded = load(request, env, fs);
    NodePtr block = resolve_subtree(out.loaded.root, "telemetry", env);
    out.settings = validate(block);
    out.translation = translate(out.settings, env, random_hex12);
    return out;
}

}  // namespace goe
