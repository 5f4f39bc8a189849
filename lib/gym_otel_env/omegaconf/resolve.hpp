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
    // OmegaConf's YAML reader, for ${oc.create:STRING}: it sits above this folder, so the
    // pipeline hands it in. Returns the document's value, null for an empty one; throws
    // Error. Without it, oc.create of a string is refused as not supported.
    NodePtr (*read_yaml)(std::string_view text) = nullptr;
    // The resolvers registered from above, after OmegaConf's own (a name of OmegaConf's
    // stays OmegaConf's); any other name is an unknown resolver.
    std::span<const RegisteredResolver> resolvers;
    // Where oc.deprecated's warnings go (add_deprecation), from every resolution made
    // with these limits, as Gym resolves at several points before the block; none when
    // null. Not a limit, but handed everywhere the limits are.
    std::vector<DeprecatedKey>* deprecations = nullptr;
    // When given, an oc.env of an unset variable without a default is noted here (the
    // error OmegaConf would raise) and gives the empty string, so that one resolution
    // names every unset variable where OmegaConf stops at the first. Not OmegaConf's
    // resolution: only for that list.
    std::vector<Error>* unset = nullptr;
};

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
// and position of the value that failed. `deprecations` (when given) gets the warnings of
// oc.deprecated, each text once, in place of `limits.deprecations`.
NodePtr resolve_subtree(const NodePtr& root, std::string_view key, const Environment& env,
                        const ResolveLimits& limits = {}, SecretTexts* secrets = nullptr,
                        std::vector<DeprecatedKey>* deprecations = nullptr);

// The value under the top-level `key` with its own interpolation resolved, but not the
// values inside a container it gives, as Gym's loop over the config's top-level
// values() resolves them; nullptr when the key is absent. Throws Error as above.
NodePtr resolve_top_level(const NodePtr& root, std::string_view key, const Environment& env,
                          const ResolveLimits& limits = {});
// The same for `value`, the one under `key` (found by the caller, which walks the keys).
NodePtr resolve_top_level(const NodePtr& root, std::string_view key, const NodePtr& value, const Environment& env,
                          const ResolveLimits& limits = {});

// The container an interpolation `value` resolves to, when it resolves to one, else
// nullptr (also when it cannot be resolved). `parents` are the containers from the
// root down to the value's parent; `path` is the value's key path. For merge.cpp.
NodePtr dereference_container(const std::vector<Container>& parents, const std::string& path, const NodePtr& value,
                              const Environment& env, const ResolveLimits& limits = {});

// A list item's own interpolation resolved, as Gym's directive pass reads every item of
// a list (ListConfig's __getitem__), not the values inside a container it gives.
// `parents` are the containers from the root down to the list (the list last); `path`
// is the item's key path ("more[0]"). Throws Error as resolve_subtree does.
NodePtr resolve_item(const std::vector<Container>& parents, const std::string& path, const NodePtr& value,
                     const Environment& env, const ResolveLimits& limits = {});

}  // namespace goe
