#include "gym_otel_env/core/python.hpp"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <system_error>

#include "gym_otel_env/core/decimal.hpp"
#include "gym_otel_env/core/text.hpp"

namespace goe {
namespace {

// The end of the digits at s[i], a '_' allowed only between two of them (PEP 515); i
// when there is no digit there.
size_t digits_end(std::string_view s, size_t i) {
    if (i >= s.size() || !is_digit(s[i])) return i;
    ++i;
    while (i < s.size()) {
        if (is_digit(s[i])) ++i;
        else if (s[i] == '_' && i + 1 < s.size() && is_digit(s[i + 1])) i += 2;
        else break;
    }
    return i;
}

bool equals_ignoring_case(std::string_view text, std::string_view lower) {
    if (text.size() != lower.size()) return false;
    for (size_t i = 0; i < text.size(); ++i)
        if (ascii_lower(text[i]) != lower[i]) return false;
    return true;
}

// Whether `body` (no sign, no whitespace) is a decimal float literal as float() reads one.
bool decimal_literal(std::string_view body) {
    size_t whole = digits_end(body, 0);
    size_t i = whole, fraction = 0;
    if (i < body.size() && body[i] == '.') {
        size_t end = digits_end(body, i + 1);
        fraction = end - (i + 1);
        i = end;
    }
    if (whole == 0 && fraction == 0) return false;
    if (i < body.size() && (body[i] == 'e' || body[i] == 'E')) {
        size_t first = i + 1;
        if (first < body.size() && (body[first] == '-' || body[first] == '+')) ++first;
        i = digits_end(body, first);
        if (i == first) return false;
    }
    return i == body.size();
}

}  // namespace

bool python_truthy(const Node& node) {
    switch (node.type) {
        case Type::null: return false;
        case Type::boolean: return node.boolean;
        case Type::integer: return node.text() != "0";  // canonical: no "-0" or "00"
        case Type::real: return node.real() != 0;
        case Type::string: return !node.text().empty();
        case Type::mapping: return !node.entries().empty();
        case Type::sequence: return !node.items().empty();
    }
    return false;
}

std::string key_identity(const Entry& entry) { return key_identity(entry.key_type, entry.key); }

std::string key_identity(Type key_type, std::string_view key) {
    // A string key is its text; any other key gets a leading NUL, which a key from
    // YAML text could only carry through a "\0" escape, and its number as an int
    // when it is one, so that True, 1 and 1.0 meet.
    if (key_type == Type::string) return std::string(key);
    std::string out(1, '\0');
    if (key_type == Type::boolean) return out + (key == "True" ? "1" : "0");
    if (key_type == Type::real) {
        double d = std::strtod(std::string(key).c_str(), nullptr);
        if (std::isfinite(d) && d == std::floor(d)) return out + decimal_from_integral_double(d);
    }
    return out + std::string(key);
}

std::optional<double> python_float_of(std::string_view text) {
    std::string_view number = trim(text);  // C's isspace set: float('1\x1c') is an error
    std::string_view body = number;
    bool negative = !body.empty() && body[0] == '-';
    if (!body.empty() && (body[0] == '-' || body[0] == '+')) body.remove_prefix(1);
    if (equals_ignoring_case(body, "inf") || equals_ignoring_case(body, "infinity"))
        return negative ? -HUGE_VAL : HUGE_VAL;
    if (equals_ignoring_case(body, "nan"))
        return std::copysign(std::numeric_limits<double>::quiet_NaN(), negative ? -1.0 : 1.0);
    if (!decimal_literal(body)) return std::nullopt;
    // from_chars reads a '-' but neither a '+' nor a '_'; it parses the text in place
    // (no copy: YAML's float scalars come here), and is correctly rounded, as Python is.
    if (!negative) number = body;
    std::string without;
    if (number.find('_') != std::string_view::npos) {
        without = without_underscores(number);
        number = without;
    }
    double value = 0;
    if (std::from_chars(number.data(), number.data() + number.size(), value).ec == std::errc::result_out_of_range) {
        // Too large or too small for a double: Python gives an infinity or a zero, as
        // strtod does; from_chars only reports it.
        value = std::strtod(std::string(number).c_str(), nullptr);
    }
    return value;
}

std::optional<std::string> python_int_of(std::string_view text, bool* too_long) {
    if (too_long) *too_long = false;
    std::string_view s = trim(text);
    bool negative = !s.empty() && s.front() == '-';
    if (!s.empty() && (s.front() == '-' || s.front() == '+')) s.remove_prefix(1);
    if (s.empty() || digits_end(s, 0) != s.size()) return std::nullopt;
    std::string digits = without_underscores(s);
    if (digits.size() > kMaxIntDigits) {
        if (too_long) *too_long = true;
        return std::nullopt;
    }
    std::string decimal = decimal_from_digits(digits, 10);
    return negative ? negate_decimal(decimal) : decimal;
}

}  // namespace goe
