// Interpolation of the telemetry block against the merged tree, lazily: only the
// block and the nodes its values reference are resolved, as OmegaConf does when Gym
// reads the block. The entry points of resolution (resolve.cpp); the evaluator behind
// them is evaluator.hpp, OmegaConf's resolvers resolvers.hpp.
#pragma once

#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "gym_otel_env/core/environment.hpp"
#include "gym_otel_env/core/error.hpp"
#include "gym_otel_env/core/value.hpp"
#include "gym_otel_env/omegaconf/merge.hpp"
#include "gym_otel_env/omegaconf/resolvers.hpp"

namespace goe {

// OmegaConf's warning for a value that reads a key through ${oc.deprecated:KEY[,MESSAGE]}:
// where the value was written, its key path, and the message with $OLD_KEY and $NEW_KEY
// put in. Python shows a warning of the same text once.
struct DeprecatedKey {
    Origin origin;
    std::string path;
    std::string message;
};

// Adds `warning` unless a warning of the same text is there: Python's warning filter
// shows a text once per process, wherever OmegaConf resolved it.
void add_deprecation(std::vector<DeprecatedKey>& warnings, DeprecatedKey warning);

struct ResolveLimits {
    size_t max_depth = 256;               // nested references, resolver calls and arguments; the stack
    size_t max_result_bytes = 16u << 20;  // one interpolated string
    size_t max_nodes = 250'000;           // values with something to resolve under the block
    size_t max_evaluations = 250'000;     // ${...} evaluated in all
};

// What a resolution needs from outside OmegaConf's folder, and where it reports what it
// finds besides the value. The defaults are OmegaConf alone: no YAML reader, no resolver
// registered, warnings dropped, an unset variable OmegaConf's error. The pipeline hands in
// its own (pipeline.cpp), Gym's folder adds its resolvers (directives.hpp, GymResolvers).
class ResolveContext {
public:
    virtual ~ResolveContext() = default;
    // OmegaConf's YAML reader, for ${oc.create:STRING}: it sits above this folder. When
    // reads_yaml() is false, oc.create of a string is refused as not supported. read_yaml
    // returns the document's value, null for an empty one; throws Error.
    virtual bool reads_yaml() const { return false; }
    virtual NodePtr read_yaml(std::string_view text) const;
    // The resolvers registered from above, after OmegaConf's own (a name of OmegaConf's
    // stays OmegaConf's); any other name is an unknown resolver.
    virtual std::span<const RegisteredResolver> resolvers() const { return {}; }
    // oc.deprecated's warning, from a resolution that succeeded (Gym resolves at several
    // points before the block; add_deprecation keeps each text once).
    virtual void deprecated(DeprecatedKey warning) { (void)warning; }
    // An oc.env of an unset variable without a default: true when the context notes it
    // and the resolution goes on with the empty string, so that one pass names every
    // unset variable where OmegaConf stops at the first; false: OmegaConf's error.
    virtual bool unset(const Error& error) {
        (void)error;
        return false;
    }
};

// OmegaConf alone: the defaults above, for the callers that need nothing more.
ResolveContext& omegaconf_alone();

// SPEC 7: the block keys whose values may be secret, and (filled in, also when resolution
// throws) every text such a value was built from: environment values read, strings
// computed or referenced on the way, the value itself. Those keys are resolved first,
// so that the texts are known before any other message can quote them.
struct SecretTexts {
    struct Key {
        std::string key;
        // Whether the resolved value is secret, and with it what it was built from (an
        // endpoint only when it holds credentials); empty: always. A value that fails to
        // resolve is taken as secret.
        std::function<bool(const Node& value)> secret;
    };
    // An environment variable read while a secret value was resolved: its value, or
    // nullopt when it is unset and a default stood in.
    struct Read {
        std::string key;
        std::string variable;
        std::optional<std::string> value;
    };
    std::vector<Key> keys;
    std::vector<std::string> texts;
    std::vector<Read> reads;
};

// The value under the top-level `key` of `root` with every interpolation inside it
// resolved, or nullptr when the key is absent. Top-level values of a resolved
// mapping keep the origin where they were written. Throws Error naming the key path
// and position of the value that failed. `secrets`, when given, learns the secret texts
// as the same pass resolves them (SecretTexts).
NodePtr resolve_subtree(const NodePtr& root, std::string_view key, const Environment& env,
                        const ResolveLimits& limits = {}, ResolveContext& context = omegaconf_alone(),
                        SecretTexts* secrets = nullptr);

// The value under the top-level `key` with its own interpolation resolved, but not the
// values inside a container it gives, as Gym's loop over the config's top-level
// values() resolves them; nullptr when the key is absent. Throws Error as above.
NodePtr resolve_top_level(const NodePtr& root, std::string_view key, const Environment& env,
                          const ResolveLimits& limits = {}, ResolveContext& context = omegaconf_alone());
// The same for `value`, the one under `key` (found by the caller, which walks the keys).
NodePtr resolve_top_level(const NodePtr& root, std::string_view key, const NodePtr& value, const Environment& env,
                          const ResolveLimits& limits = {}, ResolveContext& context = omegaconf_alone());

// The container an interpolation `value` resolves to, when it resolves to one, else
// nullptr (also when it cannot be resolved). `parents` are the containers from the
// root down to the value's parent; `path` is the value's key path. For merge.cpp.
NodePtr dereference_container(const std::vector<Container>& parents, const std::string& path, const NodePtr& value,
                              const Environment& env, const ResolveLimits& limits = {},
                              ResolveContext& context = omegaconf_alone());

// A list item's own interpolation resolved, as Gym's directive pass reads every item of
// a list (ListConfig's __getitem__), not the values inside a container it gives.
// `parents` are the containers from the root down to the list (the list last); `path`
// is the item's key path ("more[0]"). Throws Error as resolve_subtree does.
NodePtr resolve_item(const std::vector<Container>& parents, const std::string& path, const NodePtr& value,
                     const Environment& env, const ResolveLimits& limits = {},
                     ResolveContext& context = omegaconf_alone());

}  // namespace goe
