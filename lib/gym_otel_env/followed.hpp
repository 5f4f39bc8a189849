// The outside systems the tool reproduces, and which version of each: written once, here.
// --version prints it, and docs/contract.md's "What it follows" lists it (held to this
// table by tests/test_followed.cpp).
#pragma once

#include <array>
#include <string_view>

namespace goe {

struct Followed {
    std::string_view system;   // as people name it
    std::string_view version;  // a release, or a commit for Gym, which has none for this
    std::string_view part;     // what of it the tool follows
};

// clang-format off
inline constexpr std::array<Followed, 5> kFollowed{{
    {"NeMo Gym",  "2e5014086a17", "loader, CLI, telemetry schema; --gym-version for others"},
    {"OmegaConf", "2.3",          "merge, interpolation"},
    {"Hydra",     "1.3",          "override grammar"},
    {"PyYAML",    "6",            "SafeLoader"},
    {"pydantic",  "2",            "lax mode"},
}};
// clang-format on

}  // namespace goe
