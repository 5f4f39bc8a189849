#include "gym_otel_env/gym_versions.hpp"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>

#include "gym_otel_env/core/error.hpp"
#include "gym_otel_env/core/text.hpp"
#include "gym_otel_env/core/value.hpp"

namespace goe {

const GymVersion* find_gym_version(std::string_view name) {
    for (const auto& v : kGymVersions)
        if (v.name == name) return &v;
    // A commit is named by a prefix as git names one: at least 7 hex digits, any case.
    if (name.size() < 7 ||
        !std::all_of(name.begin(), name.end(), [](char c) { return std::isxdigit(static_cast<unsigned char>(c)); }))
        return nullptr;
    std::string lower = ascii_lower(name);
    const GymVersion* found = nullptr;
    for (const auto& v : kGymVersions) {
        if (v.commit.empty() || !v.commit.starts_with(lower)) continue;
        if (found) return nullptr;
        found = &v;
    }
    return found;
}

const GymVersion& gym_version_named(std::string_view name) {
    if (const GymVersion* v = find_gym_version(name)) return *v;
    throw Error(fmt::format("--gym-version: {} is no Gym version the tool knows; known: {} (or 7 or more hex digits "
                            "of one of their commits)",
                            python_repr(name), gym_version_names()),
                Error::Kind::usage);
}

std::string gym_version_names() {
    std::string out;
    for (const auto& v : kGymVersions) out += (out.empty() ? "" : ", ") + std::string(v.name);
    return out;
}

}  // namespace goe
