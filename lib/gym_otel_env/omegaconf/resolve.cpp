#include "gym_otel_env/omegaconf/resolve.hpp"

#include <algorithm>
#include <unordered_set>

#include "gym_otel_env/core/text.hpp"
#include "gym_otel_env/omegaconf/evaluator.hpp"

namespace goe {

using resolution::Evaluator;
using resolution::Location;
using resolution::Parent;
using resolution::Parents;

NodePtr ResolveContext::read_yaml(std::string_view) const { return nullptr; }

ResolveContext& omegaconf_alone() {
    static ResolveContext alone;  // stateless: every default does nothing
    return alone;
}

void add_deprecation(std::vector<DeprecatedKey>& warnings, DeprecatedKey warning) {
    if (std::none_of(warnings.begin(), warnings.end(),
                     [&](const DeprecatedKey& d) { return d.message == warning.message; }))
        warnings.push_back(std::move(warning));
}

NodePtr resolve_subtree(const NodePtr& root, std::string_view key, const Environment& env, const ResolveLimits& limits,
                        ResolveContext& context, SecretTexts* secrets) {
    if (!root || root->type != Type::mapping) return nullptr;
    const NodePtr* block = root->find(key);
    if (!block) return nullptr;
    Evaluator evaluator(root, env, limits, context);
    Location where{std::make_shared<const Parent>(Parent{root, 0, nullptr}), std::string(key), std::string(key)};
    evaluator.secrets_ = secrets;
    if (secrets && (*block)->type == Type::mapping) {
        for (const auto& k : secrets->keys) {
            const NodePtr* v = (*block)->find(k.key);
            if (!v) continue;
            size_t texts = secrets->texts.size(), reads = secrets->reads.size();
            evaluator.recording_key_ = k.key;
            ++evaluator.recording_;
            try {
                // A plain value is settled: deep() returns it without a look.
                std::unordered_set<const Node*> seen;
                NodePtr value = evaluator.deep(*v, where.inside(*block, k.key, join_key_path(where.path, k.key)));
                evaluator.note_secret(*value, seen);
                if (k.secret && !k.secret(*value)) {
                    secrets->texts.resize(texts);
                    secrets->reads.resize(reads);
                }
            } catch (...) {
                --evaluator.recording_;
                throw;
            }
            --evaluator.recording_;
        }
    }
    NodePtr resolved = evaluator.deep(*block, where);
    evaluator.hand_over_deprecations();
    if (resolved->type != Type::mapping) return resolved;
    // Keep where each top-level value was written, for validation messages.
    const Node& written = **block;
    if (resolved == *block || written.type != Type::mapping) return resolved;
    auto out = std::make_shared<Node>(*resolved);
    for (size_t i = 0; i < out->entries().size(); ++i) {
        Entry& e = out->mutable_entries()[i];
        // deep() keeps the entries in place; find() only if that ever changes.
        const NodePtr* src = i < written.entries().size() && written.entries()[i].key == e.key
                                 ? &written.entries()[i].value
                                 : written.find(e.key);
        if (src && (*src)->origin.line && e.value->origin.str() != (*src)->origin.str()) {
            auto copy = std::make_shared<Node>(*e.value);
            copy->origin = (*src)->origin;
            e.value = copy;
        }
    }
    return out;
}

NodePtr resolve_top_level(const NodePtr& root, std::string_view key, const Environment& env,
                          const ResolveLimits& limits, ResolveContext& context) {
    if (!root || root->type != Type::mapping) return nullptr;
    const NodePtr* value = root->find(key);
    return value ? resolve_top_level(root, key, *value, env, limits, context) : nullptr;
}

NodePtr resolve_top_level(const NodePtr& root, std::string_view key, const NodePtr& value, const Environment& env,
                          const ResolveLimits& limits, ResolveContext& context) {
    Evaluator evaluator(root, env, limits, context);
    Location where{std::make_shared<const Parent>(Parent{root, 0, nullptr}), std::string(key), std::string(key)};
    NodePtr out = evaluator.shallow(value, where);
    evaluator.hand_over_deprecations();
    return out;
}

namespace {
Parents chain_of(const std::vector<Container>& parents) {
    Parents chain;
    for (const auto& c : parents) chain = std::make_shared<const Parent>(Parent{c.node, c.path.size(), chain});
    return chain;
}
}  // namespace

NodePtr dereference_container(const std::vector<Container>& parents, const std::string& path, const NodePtr& value,
                              const Environment& env, const ResolveLimits& limits, ResolveContext& context) {
    if (parents.empty()) return nullptr;
    Evaluator evaluator(parents.front().node, env, limits, context);
    NodePtr target = evaluator.try_value(value, Location{chain_of(parents), path, path});
    if (target) evaluator.hand_over_deprecations();
    return target && target->is_container() ? target : nullptr;
}

NodePtr resolve_item(const std::vector<Container>& parents, const std::string& path, const NodePtr& value,
                     const Environment& env, const ResolveLimits& limits, ResolveContext& context) {
    Evaluator evaluator(parents.front().node, env, limits, context);
    NodePtr out = evaluator.shallow(value, Location{chain_of(parents), path, path});
    evaluator.hand_over_deprecations();
    return out;
}

}  // namespace goe
