// YAML text -> config tree, as OmegaConf.load reads a file: one document, YAML 1.1
// scalar types, duplicate string keys rejected, merge keys (<<) applied, aliases shared.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "gym_otel_env/core/value.hpp"

namespace goe {

struct ParseLimits {
    int max_depth = 256;           // nesting of collections; yaml-cpp recurses per level (its own guard is at 2000)
    size_t max_nodes = 5'000'000;  // scalars (keys too) and collections in one document
    size_t max_merged_entries = 1'000'000;  // entries copied by merge keys (<<) in one document
};

// What a loader has the parser note while it builds, so that no pass walks the tree
// again for it.
struct ParseNotes {
    // Cleared on the first string whose ${...} does not parse by OmegaConf's grammar,
    // which OmegaConf checks at load (check_interpolations then reports the first one).
    bool* interpolations_valid = nullptr;
    // Called on each collection the parser completes, what it returns kept with
    // Node::set_marks: the loader's summary of what its later passes look for below it
    // (gym/subtree_marks.hpp). Without it, nothing is noted.
    uint8_t (*marks)(const Node& collection) = nullptr;
};

// `name` is how messages refer to the text ("c.yaml", "<stdin>"). Returns null for an
// empty document. Throws Error with the position of the first problem.
NodePtr parse_yaml(std::string_view text, const std::string& name, const ParseLimits& limits = {},
                   const ParseNotes& notes = {});

}  // namespace goe
