#include "gym_otel_env/pipeline.hpp"

#include <algorithm>
#include <optional>
#include <string_view>
#include <utility>

#include <fmt/format.h>

#include "gym_otel_env/core/text.hpp"
#include "gym_otel_env/gym/missing_values.hpp"
#include "gym_otel_env/hydra/override.hpp"
#include "gym_otel_env/omegaconf/interpolation.hpp"
#include "gym_otel_env/omegaconf/value_kind.hpp"
#include "gym_otel_env/telemetry/schema.hpp"
#include "gym_otel_env/telemetry/secrecy.hpp"
#include "gym_otel_env/yaml/parse.hpp"

namespace goe {
namespace {

// What the pipeline's resolutions need from the folders above omegaconf's, and where they
// report: OmegaConf's YAML reader (oc.create), Gym's resolvers (Gym's import registers
// them), oc.deprecated's warnings (wherever Gym resolves one: config_paths, the directives'
// list items, the top level, the block; each text once), and, where asked, every unset
// variable past the first.
class PipelineContext final : public ResolveContext {
public:
    explicit PipelineContext(std::vector<DeprecatedKey>* deprecations) : deprecations_(deprecations) {}
    bool reads_yaml() const override { return true; }
    NodePtr read_yaml(std::string_view text) const override { return parse_yaml(text, "the string"); }
    std::span<const RegisteredResolver> resolvers() const override { return gym_resolvers(); }
    void deprecated(DeprecatedKey warning) override {
        if (deprecations_) add_deprecation(*deprecations_, std::move(warning));
    }
    bool unset(const Error& error) override {
        if (!unset_) return false;
        unset_->push_back(error);
        return true;
    }
    // From now on, an unset variable is noted in `to` and the resolution goes on.
    void note_unset(std::vector<Error>* to) { unset_ = to; }

private:
    std::vector<DeprecatedKey>* deprecations_;
    std::vector<Error>* unset_ = nullptr;
};

// Whether telemetry is off as Gym decides it (SPEC 5.1: the environment's switch, else
// `enabled`), told from `enabled` as written in the block: nullopt when that cannot be
// told without resolving it (an interpolation, a block that is not a plain mapping).
std::optional<bool> off_as_written(const NodePtr& root, const Environment& env, const Schema& schema) {
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
    Settings settings = validate(schema, on);
    if (!settings.errors.empty()) return std::nullopt;
    return !translate(settings, env, [] { return std::string(12, '0'); }).enabled;
}

// The default to suggest for an unset variable: one that passes validation and the lint
// where the value is the interpolation alone, `${oc.env:KEY}` as a field's whole value
// in `root`'s block: null for a field whose default is null (an empty endpoint is no
// URL), else the field's default; inside a longer string, the empty string.
std::string unset_default(const Error& e, const NodePtr& root, const Schema& schema) {
    constexpr std::string_view block = "telemetry.";
    const Field* field = e.key_path().starts_with(block) ? schema.find(e.key_path().substr(block.size())) : nullptr;
    const NodePtr* telemetry = field && root && root->type == Type::mapping ? root->find("telemetry") : nullptr;
    // The value at the field's path, through a nested block.
    const NodePtr* value = telemetry;
    for (const auto& part : field ? split(field->key, '.') : std::vector<std::string>{})
        value = value && (*value)->type == Type::mapping ? (*value)->find(part) : nullptr;
    if (!field) value = nullptr;
    if (!value || (*value)->type != Type::string || (*value)->text() != fmt::format("${{oc.env:{}}}", e.subject()))
        return "''";
    if (field->null_default) return "null";
    if (field->type == FieldType::string) return fmt::format("'{}'", field->fallback);
    // oc.env gives a default's text, which pydantic reads as the model's type.
    if (field->type == FieldType::boolean) return field->fallback == "1" ? "true" : "false";
    if (field->type == FieldType::positive_float) return fmt::format("'{}'", field->fallback);
    return std::string(field->fallback);
}

// Gym fails where these errors are found too; a user who switched telemetry off, or who
// only wanted the telemetry block read, is told why, and an unset variable how to fix it.
std::string gym_too(const Error& e, std::string_view why, const NodePtr& root, const Schema* schema) {
    std::string out = e.detail();
    if (e.cause() == Error::Cause::unset_variable)
        out += fmt::format(" (set it, or give it a default: ${{oc.env:{},{}}})", e.subject(),
                           schema ? unset_default(e, root, *schema) : std::string("''"));
    if (!why.empty()) out += fmt::format("; Gym fails here too{}", why);
    return out;
}

Error explained(const Error& e, std::string_view why, const NodePtr& root = nullptr, const Schema* schema = nullptr) {
    if (e.lines().size() != 1) return e;                  // a list of findings (every '???') says it all
    if (e.cause() == Error::Cause::tool_limit) return e;  // Gym has no such limit
    return Error(e.origin(), e.key_path(), gym_too(e, why, root, schema), e.kind()).because(e.cause(), e.subject());
}

// The unset variables the block's pass went on past (ResolveContext::unset), each at its
// place, as one error; the first is where OmegaConf stopped. What the pass found beyond
// them may come of the empty strings it put in their place, and is left for the run after
// the fix. Going further, the pass read the secrets OmegaConf would have stopped before,
// so that no line names a variable built from one.
Error every_unset(std::vector<Error> unset, const NodePtr& root, std::string_view why, const Schema& schema) {
    const Error first = unset.front();
    // In file order, as the other lists of findings, when they are all in one file.
    bool one_file = std::all_of(unset.begin(), unset.end(),
                                [&](const Error& e) { return e.origin().source == first.origin().source; });
    if (one_file)
        std::stable_sort(unset.begin(), unset.end(), [](const Error& a, const Error& b) {
            return std::pair(a.origin().line, a.origin().column) < std::pair(b.origin().line, b.origin().column);
        });
    std::vector<std::string> lines;
    for (const auto& e : unset) {
        std::string line = explained(e, why, root, &schema).lines().front();
        if (std::find(lines.begin(), lines.end(), line) == lines.end()) lines.push_back(std::move(line));
    }
    if (lines.size() < 2) return explained(first, why, root, &schema);
    return Error(lines);
}

constexpr std::string_view kResolvedWhileOff =
    ", with telemetry off as well: it resolves the whole telemetry block before it reads 'enabled'";
constexpr std::string_view kValidatedWhileOff =
    ", with telemetry off as well: it validates the whole telemetry block before it reads 'enabled'";
constexpr std::string_view kTopLevel = ": it resolves every value at the top level of the config as it loads it";

}  // namespace

Merged merged_config(const LoadRequest& request, const Environment& env, FileSystem& fs, const PipelineLimits& limits,
                     ResolveContext* given_context) {
    PipelineContext own(nullptr);
    ResolveContext& context = given_context ? *given_context : own;
    // Gym's Hydra runs first: the CLI config, which OmegaConf checks as it makes it.
    NodePtr cli =
        command_line_config(request.gym_overrides, request.sets, may_hold_secret, limits.load.parse.max_depth);
    check_interpolations(cli, {});

    // The files (their config_paths naming more), env.yaml and the CLI config, merged in
    // that order. A container merged onto an interpolation is merged into what the
    // interpolation gives, in the config as merged so far.
    Loaded loaded = load(request, cli, env, fs, limits.load, limits.merge, limits.resolve, context);
    Dereference dereference = [&env, &limits, &context](const std::vector<Container>& parents, const std::string& path,
                                                        const NodePtr& value) {
        return dereference_container(parents, path, value, env, limits.resolve, context);
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
                     const HostAddress& host_address, const PipelineLimits& limits, const SchemaInForce& in_force) {
    Outcome out;
    const Schema& schema = in_force.schema ? *in_force.schema : default_schema();
    out.schema = in_force;
    out.schema.schema = &schema;
    out.reading = request.reading;
    PipelineContext context(&out.deprecations);
    out.no_env_yaml = request.no_env_yaml;
    NodePtr root;
    {
        Merged merged;
        try {
            merged = merged_config(request, env, fs, limits, &context);
        } catch (const Error& e) {
            throw explained(e, {});
        }
        root = std::move(merged.root);
        out.files = std::move(merged.files);
        out.load_warnings = std::move(merged.warnings);
    }

    SecretTexts found;
    for (const auto& f : schema.fields) {
        if (!may_be_secret(f)) continue;
        std::string_view variable = f.variable;
        found.keys.push_back(
            {std::string(f.key), [variable](const Node& value) { return is_secret(variable, value); }});
    }
    // Each text a secret was built from, and the parts of it that the rule says a message
    // could quote alone (a header's value, a URL's password).
    auto hand_over = [&] {
        if (!secrets) return;
        for (const auto& text : found.texts) {
            secrets->push_back(text);
            for (auto& part : secret_parts_of_source(text)) secrets->push_back(std::move(part));
        }
    };
    // Where Gym stops before it reads the block, its error may quote what the block's
    // secrets are built from, which no pass has resolved yet: only then, the block is
    // resolved in the config as it was, for its secrets alone (Gym makes no such pass:
    // its warnings are nobody's, and it stops at an unset variable).
    auto learn_secrets = [&](const NodePtr& config) {
        PipelineContext quiet(nullptr);
        try {
            resolve_subtree(config, "telemetry", env, limits.resolve, quiet, &found);
        } catch (const Error&) {
        }
    };
    NodePtr block;
    try {
        // Gym's parse(): directives, the '???' check, then its own steps and defaults,
        // all before it reads the block.
        try {
            root = apply_directives(root, limits.directives, env, limits.merge, limits.resolve, context);
        } catch (const Error&) {
            learn_secrets(root);  // the pass resolves list items, and its message may quote one
            throw;
        }
        check_missing(root, limits.directives);
        // Gym resolves the top level before the block. The config as it was is kept for
        // learn_secrets, at the cost of a copy of the top mapping (not of what it holds).
        NodePtr before = root;
        try {
            out.root = apply_gym_defaults(std::move(root), env, host_address, limits.merge, limits.resolve, context);
        } catch (const Error& e) {
            learn_secrets(before);
            throw explained(e, e.cause() == Error::Cause::unset_variable ? kTopLevel : std::string_view());
        }
        before = nullptr;
        // The block's one pass: it learns the secrets as it resolves them (their keys
        // first), and goes on past an unset variable to name every one.
        std::vector<Error> unset;
        context.note_unset(&unset);
        std::optional<Error> failed;
        try {
            block = resolve_subtree(out.root, "telemetry", env, limits.resolve, context, &found);
        } catch (const Error& e) {
            failed = e;
        }
        context.note_unset(nullptr);
        if (failed || !unset.empty()) {
            std::string_view why = off_as_written(out.root, env, schema).value_or(false) ? kResolvedWhileOff : "";
            if (!unset.empty()) throw every_unset(std::move(unset), out.root, why, schema);
            throw explained(*failed, why, out.root, &schema);
        }
        out.secret_reads = found.reads;
    } catch (...) {
        hand_over();
        throw;
    }
    hand_over();
    const NodePtr* written = out.root && out.root->type == Type::mapping ? out.root->find("telemetry") : nullptr;
    out.settings = validate(schema, block, "telemetry", written ? written->get() : nullptr);
    if (!out.settings.errors.empty() && !out.settings.with_role(Role::enables).invalid &&
        !translate(out.settings, env, [] { return std::string(12, '0'); }).enabled) {
        for (auto& e : out.settings.errors) e = explained(e, kValidatedWhileOff);
    }
    // Refused values are reported, all of them, and nothing is exported.
    if (out.settings.errors.empty())
        out.translation = translate(out.settings, env, random_hex12, request.earlier_run_id);
    return out;
}

}  // namespace goe
