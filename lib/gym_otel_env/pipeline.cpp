#include "gym_otel_env/pipeline.hpp"

#include <utility>

#include "gym_otel_env/gym/missing_values.hpp"
#include "gym_otel_env/hydra/override.hpp"
#include "gym_otel_env/omegaconf/interpolation.hpp"
#include "gym_otel_env/telemetry/schema.hpp"
#include "gym_otel_env/yaml/parse.hpp"

namespace goe {
namespace {

NodePtr read_yaml_string(std::string_view text) { return parse_yaml(text, "the string"); }

// The limits with what the resolver needs from the folders above it.
PipelineLimits with_readers(PipelineLimits limits) {
    if (!limits.resolve.read_yaml) limits.resolve.read_yaml = read_yaml_string;
    limits.resolve = with_gym_resolvers(limits.resolve);  // Gym's import registers them
    return limits;
}

}  // namespace

Merged merged_config(const LoadRequest& request, const Environment& env, FileSystem& fs, const PipelineLimits& given) {
    const PipelineLimits limits = with_readers(given);
    // Gym's Hydra runs first: the CLI config, which OmegaConf checks as it makes it.
    NodePtr cli =
        command_line_config(request.gym_overrides, request.sets, may_hold_secret, limits.load.parse.max_depth);
    check_interpolations(cli, {});

    // The files (their config_paths naming more), env.yaml and the CLI config, merged in
    // that order. A container merged onto an interpolation is merged into what the
    // interpolation gives, in the config as merged so far.
    Loaded loaded = load(request, cli, env, fs, limits.load, limits.merge, limits.resolve);
    Dereference dereference = [&env, &limits](const std::vector<Container>& parents, const std::string& path,
                                              const NodePtr& value) {
        return dereference_container(parents, path, value, env, limits.resolve);
    };
    // Each tree is let go as it is merged, so that the merged root is the only reference
    // to its top mapping and the steps after change it in place. The files' own trees are
    // released as they go: the merged config keeps what it uses.
    NodePtr root;
    for (auto& tree : loaded.trees) root = merge(root, std::exchange(tree, nullptr), dereference, limits.merge);
    return Merged{with_config_paths(std::move(root), loaded), std::move(loaded.files)};
}

Outcome run_pipeline(const LoadRequest& request, const Environment& env, FileSystem& fs,
                     const std::function<std::string()>& random_hex12, std::vector<std::string>* secrets,
                     const HostAddress& host_address, const PipelineLimits& given) {
    Outcome out;
    out.reading = request.reading;
    // OmegaConf warns wherever Gym resolves an oc.deprecated (config_paths, the directives'
    // list items, the top level, the block), each text once; `quiet` looks ahead for the
    // secrets, which Gym does not.
    PipelineLimits limits = with_readers(given);
    limits.resolve.deprecations = &out.deprecations;
    PipelineLimits quiet = limits;
    quiet.resolve.deprecations = nullptr;
    NodePtr root;
    {
        Merged merged = merged_config(request, env, fs, limits);
        root = std::move(merged.root);
        out.files = std::move(merged.files);
    }

    SecretTexts found;
    for (const auto& f : kSchema) {
        if (f.secrecy == Secrecy::none) continue;
        const Field* field = &f;
        found.keys.push_back({std::string(f.key), [field](const Node& value) {
                                  return value.type == Type::string ? is_secret(*field, value.text())
                                                                    : field->secrecy == Secrecy::always;
                              }});
    }
    // Each text a secret was built from, and the parts of it that the schema's rule says a
    // message could quote alone (a header's value, a URL's password).
    auto hand_over = [&] {
        if (!secrets) return;
        for (const auto& text : found.texts) {
            secrets->push_back(text);
            for (const auto& f : kSchema)
                for (auto& part : secret_parts(f, text)) secrets->push_back(std::move(part));
        }
    };
    NodePtr block;
    try {
        // Gym's parse(): directives, the '???' check, then its own steps and defaults,
        // all before it reads the block.
        try {
            root = apply_directives(root, limits.directives, env, limits.merge, limits.resolve);
        } catch (const Error&) {
            // The pass resolves list items, and a failure may quote what the block's
            // headers are built from: learn the secrets from the config as it was.
            try {
                resolve_subtree(root, "telemetry", env, quiet.resolve, &found);
            } catch (const Error&) {
            }
            throw;
        }
        check_missing(root, limits.directives);
        // Gym resolves the top level before the block, and a failure there may quote what
        // the block's headers are built from: learn the secrets first, whatever happens.
        try {
            resolve_subtree(root, "telemetry", env, quiet.resolve, &found);
        } catch (const Error&) {
        }
        out.root = apply_gym_defaults(std::move(root), env, host_address, limits.merge, limits.resolve);
        found.reads.clear();  // the earlier passes read the same variables
        block = resolve_subtree(out.root, "telemetry", env, limits.resolve, &found);
        out.secret_reads = found.reads;
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
