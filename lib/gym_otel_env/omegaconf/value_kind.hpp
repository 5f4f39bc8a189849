// What kind of value OmegaConf sees in a node, as its get_value_kind (omegaconf/_utils.py)
// decides: its missing value '???', an interpolation, or a plain value.
#pragma once

#include <string_view>

#include "gym_otel_env/core/value.hpp"

namespace goe {

// OmegaConf's MISSING: a string, quoted or not; no other type's text is ever it.
inline constexpr std::string_view kMissing = "???";

// OmegaConf takes any string containing "${" for an interpolation, an escaped `\${` and a
// malformed one included (which it then reports). Inline: the parser asks at every string.
inline bool has_interpolation(std::string_view text) { return text.find("${") != std::string_view::npos; }

// A node holding OmegaConf's missing value: a string whose text is exactly "???".
inline bool is_missing(const Node& node) { return node.type == Type::string && node.text() == kMissing; }

// A node OmegaConf resolves before use: a string with "${" in it.
inline bool is_interpolation(const Node& node) { return node.type == Type::string && has_interpolation(node.text()); }

}  // namespace goe
