// Python's difflib.get_close_matches(word, candidates, n=1), which Gym uses for every
// "Did you mean" it prints: the same suggestion, so our message is the one Gym gives.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace goe {

// difflib.SequenceMatcher(None, a, b).ratio(), over code points.
double sequence_ratio(std::string_view a, std::string_view b);

// The candidate with the highest ratio to `word` of at least 0.6 (ties: the greatest
// string, as heapq.nlargest orders (score, text) pairs), or empty when none is that close.
std::string close_match(std::string_view word, const std::vector<std::string>& candidates);

// Gym's did_you_mean: " Did you mean `X`?", or empty.
std::string did_you_mean(std::string_view word, const std::vector<std::string>& candidates);

}  // namespace goe
