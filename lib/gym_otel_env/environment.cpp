#include "gym_otel_env/environment.hpp"

namespace goe {

std::optional<std::string_view> lookup(const Environment& env, std::string_view name) {
    auto it = env.find(name);
    if (it == env.end()) return std::nullopt;
    return std::string_view(it->second);
}

std::string_view trim(std::string_view text) {
    constexpr std::string_view space = " \t\n\r\f\v";
    auto first = text.find_first_not_of(space);
    if (first == std::string_view::npos) return {};
    auto last = text.find_last_not_of(space);
    return text.substr(first, last - first + 1);
}

std::string ascii_lower(std::string_view text) {
    std::string out(text);
    for (char& c : out)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return out;
}

bool is_set(const Environment& env, std::string_view name) {
    auto value = lookup(env, name);
    return value && !trim(*value).empty();
}

}  // namespace goe
