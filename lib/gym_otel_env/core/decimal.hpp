// Arbitrary-precision integers, kept as canonical decimal text as Python prints them
// ("-12", "0"): what an integer node holds, and the arithmetic that literal conversion
// needs (other bases, base 60, integral floats).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace goe {

// Python refuses to convert longer decimal text to an int and back
// (sys.int_info.default_max_str_digits); converting it is quadratic here too.
constexpr size_t kMaxIntDigits = 4300;

// The value of the digit `c` (0-9, a-f, A-F), or 99 for any other byte.
int digit_value(char c);

// Digits in `base` (2, 8, 10, 16), no sign, no separators; empty `digits` is invalid.
std::string decimal_from_digits(std::string_view digits, int base);
// The exact decimal value of an integral double (1e20 -> "100000000000000000000").
std::string decimal_from_integral_double(double value);
// a * 60 + b for base-60 literals; both canonical, non-negative.
std::string decimal_times_add(std::string_view decimal, int factor, std::string_view addend);
// a + b for canonical decimals of any sign (PyYAML's base 60 with a signed part).
std::string decimal_add(std::string_view a, std::string_view b);
std::string negate_decimal(std::string_view decimal);

}  // namespace goe
