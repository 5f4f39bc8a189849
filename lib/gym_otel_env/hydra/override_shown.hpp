// How an override token appears in its messages (internal to the override stage): as
// written, or as KEY=*** when it may carry a secret, with columns counted in characters
// of what the user typed.
#pragma once

#include <string>
#include <string_view>

#include "gym_otel_env/core/error.hpp"

namespace goe {

class TokenShown {
public:
    // `typed` is what the user wrote; the parsed token has `added` characters in front
    // (the "++" of --set).
    TokenShown(std::string_view typed, std::string source, size_t added);

    bool secret() const { return secret_; }
    const std::string& token() const { return shown_; }
    const std::string& source() const { return source_; }

    // "Error parsing override 'TOKEN': WHAT at column N: 'TEXT'"
    [[noreturn]] void fail(size_t offset, std::string_view what, std::string_view text) const;
    // "Error parsing override 'TOKEN': WHAT"
    [[noreturn]] void fail_whole(std::string_view what) const;
    // WHAT as it is: Hydra's sentences that name the token themselves.
    [[noreturn]] void fail_plain(std::string_view what, const std::string& key = {}) const;

private:
    std::string typed_;
    std::string source_;
    size_t added_;
    bool secret_;
    std::string shown_;
};

// True when `text` may hold the value of a secret setting (telemetry.otlp_headers).
bool may_hold_secret(std::string_view text);

}  // namespace goe

namespace goe {

struct OverrideValue;

// A Python exception raised by one of Hydra's cast functions: its type name and text.
struct CastError {
    std::string type;  // "ValueError", "TypeError", ...
    std::string message;
};

// Hydra's int(), float(), str(), bool() (hydra/_internal/grammar/grammar_functions.py)
// on one parsed value, with Python's conversions; mappings have their values cast,
// lists their items. Throws CastError.
OverrideValue hydra_cast(std::string_view name, const OverrideValue& value);

}  // namespace goe
