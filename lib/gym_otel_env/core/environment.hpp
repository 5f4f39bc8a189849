// A snapshot of the process environment, passed into the library as data.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace goe {

using Environment = std::map<std::string, std::string, std::less<>>;

// The value when the variable exists (even empty).
std::optional<std::string_view> lookup(const Environment& env, std::string_view name);

// The OpenTelemetry rule: set means present with a value that is not blank.
bool is_set(const Environment& env, std::string_view name);

}  // namespace goe
