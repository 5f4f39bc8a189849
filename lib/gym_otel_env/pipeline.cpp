#include "gym_otel_env/pipeline.hpp"

#include <algorithm>
#include <optional>
#include <string_view>
#include <utility>

#include <fmt/format.h>

#include "gym_otel_env/gym/missing_values.hpp"
#include "gym_otel_env/hydra/override.hpp"
#include "gym_otel_env/omegaconf/interpolation.hpp"
#include "gym_otel_env/omegaconf/value_kind.hpp"
#include "gym_otel_env/telemetry/schema.hpp"
#include "gym_otel_env/telemetry/secrecy.hpp"
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

// Whether telemetry is off as Gym decides it (SPEC 5.1: the environment's switch, else
// `enabled`), told from `enabled` as written in the block: nullopt when that cannot be
// told without resolving it (an interpolation, a block that is not a plain mapping).
std::optional<bool> off_as_written(const NodePtr& root, const Environment& env) {
    auto on = std::make_shared<Node>();
    on->type = Type::mapping;
    if (const NodePtr* block = root && root->type == Type::mapping ? root->find("telemetry") : nullptr) {
        if ((*block)->type == Type::mapping) {
            if (const NodePtr* enabled = (*block)->find("enabled")) {
                if (is_interpolation(**enabled)) return std::nullopt;
                on->mutable_entries().push_back(Entry{"enabled", *enabled});
            }
        } else if ((*block)->type != Type::null) {
            return std::nullopt;
        }
    }
    Settings settings = validate(on);
    if (!settings.errors.empty()) return std::nullopt;
    return !translate(settings, env, [] { return std::string(12, '0'); }).enabled;
}

// The default to suggest for an unset variable: one that passes validation and the lint
// where the value is the interpolation alone, `${oc.env:KEY}` as a field's whole value
// in `root`'s block: null for a field whose default is null (an empty endpoint is no
// URL), else the field's default; inside a longer string, the empty string.
std::string unset_default(const Error& e, const NodePtr& root) {
    constexpr std::string_view block = "telemetry.";
    const Field* field = e.key_path().starts_with(block) ? find_field(e.key_path().substr(block.size())) : nullptr;
    const NodePtr* telemetry = field && root && root->type == Type::mapping ? root->find("telemetry") : nullptr;
    const NodePtr* value =
        telemetry && (*telemetry)->type == Type::mapping ? (*telemetry)->find(std::string(field->key)) : nullptr;
    if (!value || (*value)->type != Type::string || (*value)->text() != fmt::format("${{oc.env:{}}}", e.subject()))
        return "''";
    if (field->null_default) return "null";
    if (field->type == FieldType::string) return fmt::format("'{}'", field->fallback);
    // oc.env gives a default's text, which pydantic reads as the model's type.
    if (field->type == FieldType::boolean) return field->fallback == "1" ? "true" : "false";
    return std::string(field->fallback);
}

// Gym fails where these errors are found too; a user who switched telemetry off, or who
// only wanted the telemetry block read, is told why, and an unset variable how to fix it.
std::string gym_too(const Error& e, std::string_view why, const NodePtr& root) {
    std::string out = e.detail();
    if (e.cause() == Error::Cause::unset_variable)
        out += fmt::format(" (set it, or give it a default: ${{oc.env:{},{}}})", e.subject(), unset_default(e, root));
    if (!why.empty()) out += fmt::format("; Gym fails here too{}", why);
    return out;
}

Error explained(const Error& e, std::string_view why, const NodePtr& root = nullptr) {
    if (e.lines().size() != 1) return e;                  // a list of findings (every '???') says it all
    if (e.cause() == Error::Cause::tool_limit) return e;  // Gym has no such limit
    return Error(e.origin(), e.key_path(), gym_too(e, why, root), e.kind()).because(e.cause(), e.subject());
}

// `first`, an unset variable where OmegaConf stopped, and every other one under the top-
// level `key`, each at its place, as one error: a second resolution that goes on past
// them (ResolveLimits::unset) finds them. What that resolution finds beyond them may come
// of the empty strings it put in their place, and is left for the run after the fix.
// Going further, it may read secrets the first stopped before: `found` learns them, so
// that no line names a variable built from one.
Error every_unset(const Error& first, const NodePtr& root, std::string_view key, const Environment& env,
                  ResolveLimits limits, std::string_view why, SecretTexts* found) {
    std::vector<Error> unset;
    limits.unset = &unset;
    limits.deprecations = nullptr;
    try {
        resolve_subtree(root, key, env, limits, found);
    } catch (const Error&) {
    }
    // In file order, as the other lists of findings, when they are all in one file.
    bool one_file = std::all_of(unset.begin(), unset.end(),
                                [&](const Error& e) { return e.origin().source == first.origin().source; });
    if (one_file)
        std::stable_sort(unset.begin(), unset.end(), [](const Error& a, const Error& b) {
            return std::pair(a.origin().line, a.origin().column) < std::pair(b.origin().line, b.origin().column);
        });
    std::vector<std::string> lines;
    for (const auto& e : unset) {
        std::string line = explained(e, why, root).lines().front();
        if (std::find(lines.begin(), lines.end(), line) == lines.end()) lines.push_back(std::move(line));
    }
    if (lines.size() < 2) return explained(first, why, root);
    return Error(lines);
}

constexpr std::string_view kResolvedWhileOff =
    ", with telemetry off as well: it resolves the whole telemetry block before it reads 'enabled'";
constexpr std::string_view kValidatedWhileOff =
    ", with telemetry off as well: it validates the whole telemetry block before it reads 'enabled'";
constexpr std::string_view kTopLevel = ": it resolves every value at the top level of the config as it loads it";

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
    return Merged{with_config_paths(std::move(root), loaded), std::move(loaded.files), std::move(loaded.warnings)};
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
    out.no_env_yaml = request.no_env_yaml;
    NodePtr root;
    {
        Merged merged;
        try {
            merged = merged_config(request, env, fs, limits);
        } catch (const Error& e) {
            throw explained(e, {});
        }
        root = std::move(merged.root);
        out.files = std::move(merged.files);
        out.load_warnings = std::move(merged.warnings);
    }

    SecretTexts found;
    for (const auto& f : kSchema) {
        if (!may_be_secret(f)) continue;
        std::string_view variable = f.variable;
        found.keys.push_back(
            {std::string(f.key), [variable](const Node& value) { return is_secret(variable, value); }});
    }
    // Each text a secret was built from, and the parts of it that the schema's rule says a
    // message could quote alone (a header's value, a URL's password).
    auto hand_over = [&] {
        if (!secrets) return;
        for (const auto& text : found.texts) {
            secrets->push_back(text);
            for (auto& part : secret_parts_of_source(text)) secrets->push_back(std::move(part));
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
        try {
            out.root = apply_gym_defaults(std::move(root), env, host_address, limits.merge, limits.resolve);
        } catch (const Error& e) {
            throw explained(e, e.cause() == Error::Cause::unset_variable ? kTopLevel : std::string_view());
        }
        found.reads.clear();  // the earlier passes read the same variables
        try {
            block = resolve_subtree(out.root, "telemetry", env, limits.resolve, &found);
        } catch (const Error& e) {
            std::string_view why = off_as_written(out.root, env).value_or(false) ? kResolvedWhileOff : "";
            if (e.cause() == Error::Cause::unset_variable)
                throw every_unset(e, out.root, "telemetry", env, quiet.resolve, why, &found);
            throw explained(e, why, out.root);
        }
        out.secret_reads = found.reads;
    } catch (...) {
        hand_over();
        throw;
    }
    hand_over();
    const NodePtr* written = out.root && out.root->type == Type::mapping ? out.root->find("telemetry") : nullptr;
    out.settings = validate(block, "telemetry", written ? written->get() : nullptr);
    if (!out.settings.errors.empty() && !out.settings["enabled"].invalid &&
        !translate(out.settings, env, [] { return std::string(12, '0'); }).enabled) {
        for (auto& e : out.settings.errors) e = explained(e, kValidatedWhileOff);
    }
    // Refused values are reported, all of them, and nothing is exported.
    if (out.settings.errors.empty())
        out.translation = translate(out.settings, env, random_hex12, request.earlier_run_id);
    return out;
}

}  // namespace goe
