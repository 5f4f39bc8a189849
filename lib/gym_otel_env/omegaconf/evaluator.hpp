// OmegaConf's evaluator of an interpolation: resolve's internal header, which only
// omegaconf/ units include (resolve.cpp's entry points, resolvers.cpp's resolvers). From
// a value's place in the tree it evaluates the parsed tokens by OmegaConf's text rule,
// finds nodes by OmegaConf's keys, calls the resolvers, and records the texts secret
// values are built from.
#pragma once

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "gym_otel_env/core/environment.hpp"
#include "gym_otel_env/core/mapping_index.hpp"
#include "gym_otel_env/core/value.hpp"
#include "gym_otel_env/omegaconf/interpolation.hpp"
#include "gym_otel_env/omegaconf/resolve.hpp"

namespace goe::resolution {

// A container on the way from the root to a value, linked upwards and shared, so
// that stepping into a container costs the same at any depth.
struct Parent {
    NodePtr node;
    size_t cut = 0;  // the length of this container's own path in Location::real
    std::shared_ptr<const Parent> up;
};
using Parents = std::shared_ptr<const Parent>;

// Where a value sits: the containers from the root down to the one holding it.
struct Location {
    Parents parents;   // the innermost first
    std::string path;  // the key path messages show, also the memo key
    std::string real;  // the path where the value sits, through references

    // The location of a value of `container`, which sits here: `step` is its key
    // or its index in brackets ("[3]").
    Location inside(const NodePtr& container, std::string_view step, std::string shown) const {
        Location out{std::make_shared<const Parent>(Parent{container, real.size(), parents}), std::move(shown), real};
        if (container->type == Type::mapping && !real.empty()) out.real += '.';
        out.real += step;
        return out;
    }
};

struct Resolved {
    NodePtr node;
    std::optional<Location> where;  // absent for values a resolver made
};

// One resolution's state: the memo of what it resolved, the limits' counters, and what
// it records on the way (secret texts, oc.deprecated's warnings).
class Evaluator : private ResolverContext {
public:
    Evaluator(NodePtr root, const Environment& env, const ResolveLimits& limits, ResolveContext& context)
        : root_(std::move(root)), env_(env), limits_(limits), context_(context) {}

    // Every value under `node`, resolved, as a fresh tree. A subtree with nothing to
    // resolve is returned as it is: aliases share subtrees, and a billion-laughs
    // document must not be walked path by path.
    NodePtr deep(const NodePtr& node, const Location& where);
    // The value of one node, a missing value or an unresolvable one being an error.
    NodePtr shallow(const NodePtr& node, const Location& where);
    // The value of one node, or nullptr when it cannot be resolved.
    NodePtr try_value(const NodePtr& node, const Location& where);

    // While a secret value is being resolved (recording_), every environment value read
    // and every node's value on the way is secret too. Resolver arguments (variable
    // names) are not: a name built from a secret contains it and is masked through it. A
    // number or a boolean is secret as a message shows it (str(), `12345`) and as it was
    // written (`0x3039`): another field that is given it quotes one or the other.
    void note(const Node& n);
    // The secret value itself: when a container, each of its keys and scalars (each
    // shared node looked at once); the containers on the way to it are not secret.
    void note_secret(const Node& n, std::unordered_set<const Node*>& seen);
    // Whether `text` is, or holds, a secret value read so far (all of it is, while a
    // secret is being resolved).
    bool holds_secret(std::string_view text) const;

    // oc.deprecated's warnings so far, handed to the context.
    void hand_over_deprecations();

    std::vector<DeprecatedKey> deprecations_;
    SecretTexts* secrets_ = nullptr;
    int recording_ = 0;
    std::string recording_key_;  // the secret key being resolved

    // The value being resolved: what a resolver is called from.
    struct Frame {
        NodePtr node;                   // the value being resolved
        const Location& where;          // its location
        mutable bool relative = false;  // a relative key was looked up from here
    };

    // OmegaConf's resolvers, as the dispatch reads them: the count of arguments (already
    // evaluated) each takes, in OmegaConf's words for the message, and the function;
    // then those registered from above (the context's).
    using ResolverFn = Resolved (Evaluator::*)(const std::string& name, const std::vector<NodePtr>& args,
                                               const Frame& f);
    struct ResolverRow : ResolverSignature {
        ResolverFn fn = nullptr;
    };
    // OmegaConf's own table, in the order OmegaConf registers them (resolvers.cpp).
    static std::span<const ResolverRow> resolvers();

private:
    // ---- the evaluator (evaluator.cpp) ----

    // True when nothing under `node` needs resolving or is a missing value. Each
    // shared node is looked at once.
    bool settled(const NodePtr& node);

    // Counts one level of the evaluator's recursion (references, resolver calls,
    // arguments), so that no config can overflow the stack.
    struct Nest {
        Nest(Evaluator& e, const Node& node, const std::string& path);
        ~Nest() { --evaluator.nesting_; }
        Nest(const Nest&) = delete;
        Nest& operator=(const Nest&) = delete;
        Evaluator& evaluator;
    };

    // The value of one node: an interpolation string evaluated, anything else as is.
    Resolved value(const NodePtr& node, const Location& where);

    [[noreturn]] void fail(const Frame& f, const std::string& what) const;
    // The same for one of the tool's own limits (Error::Cause::tool_limit): Gym has none.
    [[noreturn]] void over_limit(const Frame& f, const std::string& what) const;
    // A result over ResolveLimits::max_result_bytes.
    [[noreturn]] void too_large(const Frame& f) const;
    // Python's str() of a computed value, which may be a container of shared aliases.
    std::string str_of(const Node& v, const Frame& f) const;
    NodePtr string_result(std::string s, const Frame& f) const;

    // The text rule: one interpolation keeps its type, anything else is a string.
    Resolved text(const std::vector<Token>& tokens, const Frame& f);
    std::string unescape(const std::vector<Token>& tokens, const Frame& f);
    std::string key_text(const std::vector<Token>& pieces, const Frame& f, std::string_view what);
    Resolved interpolation(const Interpolation& in, const Frame& f);
    // OmegaConf refuses a node interpolation to a container that holds the value being
    // resolved (its parent or one above), as the container's own value. A container is
    // itself by node and by the path it sits at: an alias puts one node at many.
    static bool holds(const Location& where, const Resolved& target);
    // A node by OmegaConf key: absolute from the root, or relative with leading dots.
    std::optional<Resolved> select(std::string_view key, const Frame& f);
    const NodePtr* find(const Node& mapping, const std::string& key) { return index_.find(mapping, key); }
    NodePtr element(const Element& e, const Frame& f);
    NodePtr primitive(const std::vector<Token>& tokens, const Frame& f);

    // ---- the resolvers (resolvers.cpp) ----

    // The resolver `name` called with `args`: OmegaConf's own, else one registered from
    // above, else an unknown resolver.
    Resolved call(const std::string& name, const std::vector<NodePtr>& args, const Frame& f);
    static Resolved made(NodePtr node) { return {std::move(node), std::nullopt}; }
    Resolved oc_env(const std::string&, const std::vector<NodePtr>& args, const Frame& f);
    // A container comes back as the node it is, where it is: Gym's model reads it with
    // the interpolations inside it resolved there.
    Resolved oc_select(const std::string&, const std::vector<NodePtr>& args, const Frame& f);
    Resolved oc_decode(const std::string&, const std::vector<NodePtr>& args, const Frame& f);
    // OmegaConf.create with the value's parent as parent: the container it makes sits where
    // the value does, and the interpolations in it (a copied node keeps them) resolve
    // from there when Gym's model reads it.
    Resolved oc_create(const std::string&, const std::vector<NodePtr>& args, const Frame& f);
    // OmegaConf.create(str): the text read as YAML; nothing is an empty mapping, a string
    // the one key of a mapping (`abc` is {'abc': None}), any other scalar an error.
    NodePtr create_from_yaml(std::string_view text, const Frame& f);
    // The node at the key, as it is; the warning OmegaConf gives is kept for the report.
    Resolved oc_deprecated(const std::string&, const std::vector<NodePtr>& args, const Frame& f);
    // The mapping oc.dict.keys and oc.dict.values read, found as OmegaConf's
    // _get_and_validate_dict_input finds it.
    Resolved dict_input(const std::string& name, const NodePtr& key, const Frame& f);
    // A list of the keys, each with the type it has in the mapping (1 stays an int).
    Resolved oc_dict_keys(const std::string& name, const std::vector<NodePtr>& args, const Frame& f);
    // A list of interpolations to the values, which resolve when Gym's model reads the
    // list (or never: a string shows them as written). The list sits one level below
    // the value's parent, so a relative key gets one more dot.
    Resolved oc_dict_values(const std::string& name, const std::vector<NodePtr>& args, const Frame& f);

    // What a registered resolver reads (ResolverContext).
    const Environment& environment() const override { return env_; }
    const NodePtr& root() const override { return root_; }

    NodePtr root_;
    const Environment& env_;
    ResolveLimits limits_;
    ResolveContext& context_;
    std::unordered_map<std::string, Resolved> memo_;
    std::unordered_map<const Node*, Resolved> shared_memo_;
    std::unordered_map<const Node*, Template> templates_;
    std::unordered_set<std::string> active_;
    std::unordered_map<const Node*, bool> settled_;
    // The lists oc.dict.values made, with the prefix of their items' full keys.
    std::unordered_map<const Node*, std::string> dict_values_lists_;
    MappingIndex index_;
    size_t visited_ = 0;
    size_t nesting_ = 0;
    size_t evaluations_ = 0;
};

}  // namespace goe::resolution
