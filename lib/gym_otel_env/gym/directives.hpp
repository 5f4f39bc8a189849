// Gym's config directives (_inherit_from, _copy, _delete_key, ${inherit_from:...},
// ${copy:...}) applied to the merged tree as Gym's _recursively_swap_keys applies them,
// and the two resolvers Gym registers for them. Gym's check that no '???' is left comes
// next, in missing_values.hpp.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "gym_otel_env/core/environment.hpp"
#include "gym_otel_env/core/value.hpp"
#include "gym_otel_env/omegaconf/merge.hpp"
#include "gym_otel_env/omegaconf/resolve.hpp"

namespace goe {

// The limits of the directives pass and of the '???' check after it.
struct DirectiveLimits {
    size_t max_steps = 1'000'000;      // mappings visited and directives applied: aliases multiply paths
    size_t max_missing_listed = 1000;  // '???' paths named in the one error (missing_values.hpp)
};

// The tree after every directive, as a new tree sharing every untouched subtree. A
// value moved or copied keeps the origin where it was written. Throws Error at the
// directive's origin when a source path does not exist or a directive is malformed, and
// as resolve_subtree does when a list item's interpolation fails: Gym's pass reads every
// list item it meets, and `env` is what oc.env reads there.
// `merge_limits` and `resolve_limits` hold the merges of _inherit_from and the list items read.
// `context` is the resolution's (resolve.hpp), Gym's resolvers added (GymResolvers).
NodePtr apply_directives(const NodePtr& root, const DirectiveLimits& limits = {}, const Environment& env = {},
                         const MergeLimits& merge_limits = {}, const ResolveLimits& resolve_limits = {},
                         ResolveContext& context = omegaconf_alone());

// The resolvers Gym registers into OmegaConf's table when global_config.py is imported,
// so that a directive string left where the pass does not look (a list item, a
// swapped-in source) reads as itself: `${inherit_from:a}` is the string "${inherit_from:a}".
std::span<const RegisteredResolver> gym_resolvers();
// `inner` with Gym's resolvers registered: every resolution Gym makes has them. The rest
// (the YAML reader, where warnings and unset variables go) is `inner`'s.
class GymResolvers final : public ResolveContext {
public:
    explicit GymResolvers(ResolveContext& inner) : inner_(inner) {}
    bool reads_yaml() const override { return inner_.reads_yaml(); }
    NodePtr read_yaml(std::string_view text) const override { return inner_.read_yaml(text); }
    std::span<const RegisteredResolver> resolvers() const override { return gym_resolvers(); }
    void deprecated(DeprecatedKey warning) override { inner_.deprecated(std::move(warning)); }
    bool unset(const Error& error) override { return inner_.unset(error); }

private:
    ResolveContext& inner_;
};

}  // namespace goe
