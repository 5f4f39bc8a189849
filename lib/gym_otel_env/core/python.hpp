// Python's built-in rules that every system here copies (PyYAML, OmegaConf, Hydra and Gym
// all run on them): a value's truth, when two dict keys are one key, int() and float() of
// a text.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "gym_otel_env/core/value.hpp"

namespace goe {

// unicodedata.decimal(c, -1): the digit a decimal digit (category Nd) of any script
// stands for, or -1; what int(), float() and a regex's \d take for a digit.
int python_decimal_value(char32_t c);

// Python's str.strip() with no argument on a UTF-8 text: the characters str.isspace()
// takes (ASCII's and \x1c..\x1f, and the Unicode spaces) removed from both ends. A byte
// that is not UTF-8 is not a space (os.environ reads it as a surrogate).
std::string_view python_strip(std::string_view text);

// -1, 0 or 1 as Python orders two ints, given as canonical decimals of any size.
int python_compare_ints(std::string_view a, std::string_view b);
// The same for an int and a float, exactly as Python compares them (never through a
// double: 2**53 + 1 > 2.0**53); nullopt when `x` is NaN, to which every comparison is false.
std::optional<int> python_compare_int_float(std::string_view decimal, double x);

// Python's bool(value): None, False, 0, 0.0, '', [] and {} are false, all else true (a
// NaN too).
bool python_truthy(const Node& node);

// What makes two keys one key in a Python dict: keys with equal identities are one key,
// so index mappings by it. 1, True and 1.0 are one key; '1' is another. `key` is the
// key's Python str() ("1", "True", "1.5"), as in Entry. Every NaN gets the same identity,
// as PyYAML's `.nan`, one shared object, is the same key wherever it appears; a NaN made
// by float() is a new object, equal to no key but itself, which its caller keeps apart.
std::string key_identity(Type key_type, std::string_view key);
std::string key_identity(const Entry& entry);

// Python's float(text), or nullopt where it raises ValueError: a Unicode space is a
// space and a decimal digit of any script (category Nd, scripts/unicode-digits) its
// digit, as float('\u0661.\u0665') is 1.5; then ASCII whitespace around is dropped; then a sign,
// and digits with one '.' and an exponent, where a '_' may stand only between two digits
// ("1_0.5", not "1_.0"), or inf, infinity, nan in any case; no hex. Overflow gives an
// infinity and underflow zero, as in Python.
std::optional<double> python_float_of(std::string_view text);

// Python's int(text) in base 10, as canonical decimal text ("-12", "0"), or nullopt where
// it raises ValueError: Unicode spaces and digits read as float() reads them; then ASCII
// whitespace around is dropped; then a sign and digits where a '_' may stand only between
// two digits ("1_0", not "_1" or "1__0"). Python also refuses more than kMaxIntDigits
// digits, with its own message: `too_long` (when given) tells that refusal apart.
std::optional<std::string> python_int_of(std::string_view text, bool* too_long = nullptr);
// int(text, base) for base 2, 8, 10 or 16: the same, with that base's digits, and its
// prefix allowed after the sign (int('0x_1f', 16) is 31); the limit is base 10's only.
std::optional<std::string> python_int_of(std::string_view text, int base, bool* too_long = nullptr);

}  // namespace goe
