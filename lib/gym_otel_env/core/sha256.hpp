// SHA-256 (FIPS 180-4), for the record of what the tool's own output set: a digest
// tells a value the tool wrote from one changed since, without holding the value.
#pragma once

#include <string>
#include <string_view>

namespace goe {

// The digest of `data`, 64 lowercase hex digits.
std::string sha256_hex(std::string_view data);

}  // namespace goe
