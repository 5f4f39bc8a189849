// OmegaConf's resolvers: its own table (oc.env, oc.select, ...; the functions are in
// resolvers.cpp) and those registered on top of it from above, as
// OmegaConf.register_new_resolver registers them.
#pragma once

#include <string_view>
#include <vector>

#include "gym_otel_env/core/environment.hpp"
#include "gym_otel_env/core/value.hpp"

namespace goe {

// A resolver's name and how many arguments it takes, with the words OmegaConf's message
// uses for them ("oc.decode takes one argument, got 2").
struct ResolverSignature {
    std::string_view name;
    size_t min_args = 0, max_args = 0;
    std::string_view takes;  // "one argument"
};

// OmegaConf 2.3's own resolvers, in the order it registers them: the one list, which the
// manual and docs/decisions.md are held to (tests/gym/test_directives.cpp).
std::vector<ResolverSignature> omegaconf_resolvers();

// What a registered resolver may read of the resolution that calls it, as an OmegaConf
// resolver reads `_root_` and `os.environ`: the environment and the config's root.
class ResolverContext {
public:
    virtual const Environment& environment() const = 0;
    virtual const NodePtr& root() const = 0;

protected:
    ~ResolverContext() = default;
};

// A resolver registered on top of OmegaConf's own, as OmegaConf.register_new_resolver
// registers one (Gym registers `inherit_from` and `copy`): its signature, and the
// function, given the arguments evaluated, the place the value was written and the
// resolution's context; it returns the value or throws Error.
struct RegisteredResolver : ResolverSignature {
    NodePtr (*fn)(std::string_view name, const std::vector<NodePtr>& args, const Origin& where,
                  const ResolverContext& context) = nullptr;
};

}  // namespace goe
