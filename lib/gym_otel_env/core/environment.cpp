#include "gym_otel_env/core/environment.hpp"

#include "gym_otel_env/core/text.hpp"

namespace goe {

std::optional<std::string_view> lookup(const Environment& env, std::string_view name) {
    auto it = env.find(name);
    if (it == env.end()) return std::nullopt;
    return std::string_view(it->second);
}

bool is_set(const Environment& env, std::string_view name) {
    auto value = lookup(env, name);
    return value && !trim(*value).empty();
}

}  // namespace goe
