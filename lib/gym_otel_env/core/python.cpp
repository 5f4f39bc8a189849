#include "gym_otel_env/core/python.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <iterator>
#include <limits>
#include <system_error>

#include "gym_otel_env/core/decimal.hpp"
#include "gym_otel_env/core/text.hpp"

namespace goe {
namespace {

// scripts/unicode-digits: begin
// clang-format off
// Python 3.13's unicodedata, Unicode 15.1.0.
constexpr char32_t kDigitZeros[] = {
    0x00660, 0x006F0, 0x007C0, 0x00966, 0x009E6, 0x00A66, 0x00AE6, 0x00B66,
    0x00BE6, 0x00C66, 0x00CE6, 0x00D66, 0x00DE6, 0x00E50, 0x00ED0, 0x00F20,
    0x01040, 0x01090, 0x017E0, 0x01810, 0x01946, 0x019D0, 0x01A80, 0x01A90,
    0x01B50, 0x01BB0, 0x01C40, 0x01C50, 0x0A620, 0x0A8D0, 0x0A900, 0x0A9D0,
    0x0A9F0, 0x0AA50, 0x0ABF0, 0x0FF10, 0x104A0, 0x10D30, 0x11066, 0x110F0,
    0x11136, 0x111D0, 0x112F0, 0x11450, 0x114D0, 0x11650, 0x116C0, 0x11730,
    0x118E0, 0x11950, 0x11C50, 0x11D50, 0x11DA0, 0x11F50, 0x16A60, 0x16AC0,
    0x16B50, 0x1D7CE, 0x1D7D8, 0x1D7E2, 0x1D7EC, 0x1D7F6, 0x1E140, 0x1E2F0,
    0x1E4F0, 0x1E950, 0x1FBF0,
};
constexpr char32_t kSpaces[] = {
    0x00085, 0x000A0, 0x01680, 0x02000, 0x02001, 0x02002, 0x02003, 0x02004,
    0x02005, 0x02006, 0x02007, 0x02008, 0x02009, 0x0200A, 0x02028, 0x02029,
    0x0202F, 0x0205F, 0x03000,
};
// clang-format on
// scripts/unicode-digits: end

bool is_unicode_space(char32_t c) { return std::binary_search(std::begin(kSpaces), std::end(kSpaces), c); }

// What int() and float() of a str parse (_PyUnicode_TransformDecimalAndSpaceToASCII): a
// character past ASCII becomes a space when it is a Unicode space and its digit when it
// is a decimal digit of any script; anything else there refuses the text, as do bytes
// that are not UTF-8 (os.environ's surrogates are neither). ASCII stays as it is, so
// '\x1c', a space to str.strip(), is still refused. `text` itself when all ASCII.
std::optional<std::string_view> ascii_number(std::string_view text, std::string& storage) {
    if (std::all_of(text.begin(), text.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; })) return text;
    storage.clear();
    for (size_t i = 0; i < text.size();) {
        if (static_cast<unsigned char>(text[i]) < 0x80) {
            storage += text[i++];
            continue;
        }
        auto [cp, len] = decode_utf8(text, i);
        if (len == 0) return std::nullopt;
        if (is_unicode_space(cp)) storage += ' ';
        else if (int d = python_decimal_value(cp); d >= 0) storage += static_cast<char>('0' + d);
        else return std::nullopt;
        i += len;
    }
    return std::string_view(storage);
}

// The end of the digits of `base` at s[i], a '_' allowed only between two of them (PEP
// 515); i when there is no digit there.
size_t digits_end(std::string_view s, size_t i, int base = 10) {
    auto digit = [base](char c) { return digit_value(c) < base; };
    if (i >= s.size() || !digit(s[i])) return i;
    ++i;
    while (i < s.size()) {
        if (digit(s[i])) ++i;
        else if (s[i] == '_' && i + 1 < s.size() && digit(s[i + 1])) i += 2;
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

int python_decimal_value(char32_t c) {
    if (c < 0x80) return c >= '0' && c <= '9' ? static_cast<int>(c - '0') : -1;
    const char32_t* after = std::upper_bound(std::begin(kDigitZeros), std::end(kDigitZeros), c);
    if (after == std::begin(kDigitZeros) || c - after[-1] > 9) return -1;
    return static_cast<int>(c - after[-1]);
}

int python_compare_ints(std::string_view a, std::string_view b) {
    bool na = a.starts_with('-'), nb = b.starts_with('-');
    if (na != nb) return na ? -1 : 1;
    if (na) {
        a.remove_prefix(1);
        b.remove_prefix(1);
    }
    int magnitude = a.size() != b.size() ? (a.size() < b.size() ? -1 : 1) : a.compare(b) < 0 ? -1 : a == b ? 0 : 1;
    return na ? -magnitude : magnitude;
}

std::optional<int> python_compare_int_float(std::string_view decimal, double x) {
    if (std::isnan(x)) return std::nullopt;
    if (std::isinf(x)) return x > 0 ? -1 : 1;
    double t = std::trunc(x);
    std::string whole = decimal_from_integral_double(std::fabs(t));
    if (t < 0 && whole != "0") whole = negate_decimal(whole);
    if (int c = python_compare_ints(decimal, whole)) return c;
    return x > t ? -1 : x < t ? 1 : 0;
}

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
    std::string storage;
    auto ascii = ascii_number(text, storage);
    if (!ascii) return std::nullopt;
    std::string_view number = trim(*ascii);  // C's isspace set: float('1\x1c') is an error
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
    return python_int_of(text, 10, too_long);
}

std::optional<std::string> python_int_of(std::string_view text, int base, bool* too_long) {
    if (too_long) *too_long = false;
    std::string storage;
    auto ascii = ascii_number(text, storage);
    if (!ascii) return std::nullopt;
    std::string_view s = trim(*ascii);
    bool negative = !s.empty() && s.front() == '-';
    if (!s.empty() && (s.front() == '-' || s.front() == '+')) s.remove_prefix(1);
    // With its own base given, a number may still be written with that base's prefix
    // (int('0x10', 16) is 16), and one '_' may follow it.
    const char prefix = base == 16 ? 'x' : base == 8 ? 'o' : base == 2 ? 'b' : '\0';
    if (prefix && s.size() >= 2 && s[0] == '0' && ascii_lower(s[1]) == prefix) {
        s.remove_prefix(2);
        if (!s.empty() && s.front() == '_') s.remove_prefix(1);
    }
    if (s.empty() || digits_end(s, 0, base) != s.size()) return std::nullopt;
    std::string digits = without_underscores(s);
    // Only a base that is not a power of two has the limit.
    if (base == 10 && digits.size() > kMaxIntDigits) {
        if (too_long) *too_long = true;
        return std::nullopt;
    }
    std::string decimal = decimal_from_digits(digits, base);
    return negative ? negate_decimal(decimal) : decimal;
}

std::string_view python_strip(std::string_view text) {
    // The length of the space character that starts at `i`, 0 when none does.
    auto space_at = [&](size_t i) -> size_t {
        if (kPythonAsciiSpace.find(text[i]) != std::string_view::npos) return 1;
        auto [cp, len] = decode_utf8(text, i);
        return len > 1 && is_unicode_space(cp) ? len : 0;
    };
    size_t start = 0;
    while (start < text.size()) {
        size_t n = space_at(start);
        if (n == 0) break;
        start += n;
    }
    size_t end = text.size();
    while (end > start) {
        size_t begin = end - 1;  // back to the start of the last character
        while (begin > start && is_continuation(text[begin])) --begin;
        if (space_at(begin) != end - begin) break;
        end = begin;
    }
    return text.substr(start, end - start);
}

}  // namespace goe
