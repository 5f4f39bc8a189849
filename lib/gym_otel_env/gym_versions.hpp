// The Gym versions the tool knows, one row each: which command line (gym/gym_commands.hpp)
// and which telemetry schema that Gym has. --gym-version names a row; the rest of the tool
// reads the row's columns.
#pragma once

#include <array>
#include <string>
#include <string_view>

#include "gym_otel_env/gym/gym_commands.hpp"

namespace goe {

struct GymVersion {
    std::string_view name;          // "2e5014086a", or "seed"
    std::string_view commit;        // NVIDIA-NeMo/Gym's full commit; "" for the seed
    gym::CommandLine command_line;  // the table of its command line
    std::string_view schema;        // its telemetry schema version: "seed", "2e5014086a" or "27c821d975"
    std::string_view what;          // one line for docs and messages
};

inline constexpr std::array<GymVersion, 4> kGymVersions{{
    {"seed", "", gym::CommandLine::v2e5014086a, "seed",
     "the SPEC's seed: its 15-field telemetry schema, 2e5014086a's command line"},
    {"2e5014086a", "2e5014086a172aa34654e195e504df496e9c95f5", gym::CommandLine::v2e5014086a, "2e5014086a",
     "Gym's telemetry branches (ahmadki/lens-gym-callsites)"},
    // Its main.py is not in the store this was written from; it has the telemetry of Gym's
    // main, and main's command line moved to --agent-type and repeatable selectors
    // (docs/decisions.md). Detection from an install root reads the real one.
    {"27c821d975", "27c821d975210e4f5f1a6c830ec64ff4f3ea6b8c", gym::CommandLine::v52755d025d, "27c821d975",
     "Gym's main after its telemetry was merged"},
    {"52755d025d", "52755d025d3b535350feda96654f23d733706129", gym::CommandLine::v52755d025d, "27c821d975",
     "Gym's newer command line (September 2026): --agent-type, repeatable selectors, harnesses/"},
}};

// The row `name` names: a row's name, or a prefix of at least 7 hex digits of exactly one
// row's commit. nullptr otherwise.
const GymVersion* find_gym_version(std::string_view name);

// The same, or a usage Error that lists the known names.
const GymVersion& gym_version_named(std::string_view name);

// "seed, 2e5014086a, 27c821d975, 52755d025d".
std::string gym_version_names();

}  // namespace goe
