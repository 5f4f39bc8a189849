// How an override token appears in its messages (internal to the override stage): as
// written, or as KEY=*** when it may carry a secret, with columns counted in characters
// of what the user typed.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "gym_otel_env/core/error.hpp"
#include "gym_otel_env/hydra/override.hpp"

namespace goe {

class TokenShown {
public:
    // `typed` is what the user wrote; the parsed token has `added` characters in front
    // (the "++" of --set). A `secret` token is shown as KEY=***, and no piece of it is quoted.
    TokenShown(std::string_view typed, std::string source, size_t added, bool secret);

    bool secret() const { return secret_; }
    const std::string& token() const { return shown_; }
    const std::string& source() const { return source_; }

    // "Error parsing override 'TOKEN': WHAT at column N: 'TEXT'"; for a place in the value of
    // a token shown as KEY=***, "WHAT at character N of the hidden value" (counted from
    // the character after the '=', which is 1), and no TEXT.
    [[noreturn]] void fail(size_t offset, std::string_view what, std::string_view text) const;
    // "Error parsing override 'TOKEN': WHAT"
    [[noreturn]] void fail_whole(std::string_view what) const;
    // The same with a line of Hydra's own after it, which it prints on a line of its own
    // (Functions.eval's "Available: ..."): the error has two lines.
    [[noreturn]] void fail_whole(std::string_view what, std::string_view next_line) const;
    // WHAT as it is: Hydra's sentences that name the token themselves.
    [[noreturn]] void fail_plain(std::string_view what, const std::string& key = {}) const;

private:
    std::string typed_;
    std::string source_;
    size_t added_;
    bool secret_;
    std::string shown_;
};

}  // namespace goe

namespace goe {

// A Python exception raised by one of Hydra's cast functions: its type name and text.
struct CastError {
    std::string type;  // "ValueError", "TypeError", ...
    std::string message;
};

// Hydra's int(), float(), str(), bool() (hydra/_internal/grammar/grammar_functions.py)
// on one parsed value, with Python's conversions; mappings have their values cast,
// lists their items. Throws CastError.
OverrideValue hydra_cast(std::string_view name, const OverrideValue& value);

// What one of Hydra's functions returns: a value, or a sweep (which only --multirun
// takes). A choice sweep keeps its items, which sort() compares.
struct FunctionValue {
    enum class Sweep { none, simple_choice, choice, range, interval, glob };
    OverrideValue value;  // Sweep::none
    Sweep sweep = Sweep::none;
    std::vector<OverrideValue> choices;  // simple_choice, choice
    bool choices_known = true;           // false when an item is itself a sweep
};

// One argument of a call: `name` is empty for a positional one. Quoted strings among
// the arguments themselves are already plain strings (Functions.eval unquotes them).
struct FunctionArg {
    std::string name;
    FunctionValue value;
};

// Hydra's function `name` (one of those create_functions registers) on its arguments.
// Throws CastError with the Python exception Hydra's visitor reports.
FunctionValue call_hydra_function(std::string_view name, const std::vector<FunctionArg>& args);

// Python's sorted(items, reverse=reverse) on parsed values. Throws CastError (TypeError).
std::vector<OverrideValue> python_sorted(std::vector<OverrideValue> items, bool reverse);

}  // namespace goe
