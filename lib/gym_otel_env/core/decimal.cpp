#include "gym_otel_env/core/decimal.hpp"

#include <cmath>
#include <cstdint>
#include <vector>

#include <fmt/format.h>

namespace goe {
namespace {

// Little-endian base-10^9 limbs: enough arithmetic for literal conversion.
using Limbs = std::vector<uint32_t>;
constexpr uint32_t kLimb = 1000000000;

void mul_add(Limbs& n, uint32_t factor, uint32_t addend) {
    uint64_t carry = addend;
    for (auto& limb : n) {
        uint64_t cur = uint64_t{limb} * factor + carry;
        limb = static_cast<uint32_t>(cur % kLimb);
        carry = cur / kLimb;
    }
    while (carry) {
        n.push_back(static_cast<uint32_t>(carry % kLimb));
        carry /= kLimb;
    }
}

std::string to_decimal(const Limbs& n) {
    size_t top = n.size();
    while (top > 1 && n[top - 1] == 0) --top;
    if (top == 0) return "0";
    std::string out = fmt::format("{}", n[top - 1]);
    for (size_t i = top - 1; i-- > 0;) out += fmt::format("{:09d}", n[i]);
    return out;
}

Limbs from_decimal(std::string_view decimal) {
    Limbs n{0};
    for (char c : decimal) mul_add(n, 10, static_cast<uint32_t>(c - '0'));
    return n;
}

}  // namespace

int digit_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return 99;
}

std::string decimal_from_digits(std::string_view digits, int base) {
    Limbs n{0};
    for (char c : digits) mul_add(n, static_cast<uint32_t>(base), static_cast<uint32_t>(digit_value(c)));
    return to_decimal(n);
}

std::string decimal_from_integral_double(double value) {
    bool negative = value < 0;
    double magnitude = std::fabs(value);
    int exponent = 0;
    double mantissa = std::frexp(magnitude, &exponent);  // magnitude = mantissa * 2^exponent
    auto bits = static_cast<uint64_t>(std::ldexp(mantissa, 53));
    exponent -= 53;
    while (exponent < 0 && bits % 2 == 0 && bits) {
        bits /= 2;
        ++exponent;
    }
    if (exponent < 0) bits >>= -exponent, exponent = 0;  // not integral: truncate
    Limbs n = from_decimal(std::to_string(bits));
    for (int i = 0; i < exponent; ++i) mul_add(n, 2, 0);
    std::string out = to_decimal(n);
    return negative && out != "0" ? "-" + out : out;
}

std::string decimal_times_add(std::string_view decimal, int factor, std::string_view addend) {
    Limbs n = from_decimal(decimal);
    mul_add(n, static_cast<uint32_t>(factor), 0);
    Limbs a = from_decimal(addend);
    uint64_t carry = 0;
    for (size_t i = 0; i < std::max(n.size(), a.size()) || carry; ++i) {
        if (i == n.size()) n.push_back(0);
        uint64_t cur = uint64_t{n[i]} + (i < a.size() ? a[i] : 0) + carry;
        n[i] = static_cast<uint32_t>(cur % kLimb);
        carry = cur / kLimb;
    }
    return to_decimal(n);
}

std::string decimal_add(std::string_view a, std::string_view b) {
    bool na = a.starts_with('-'), nb = b.starts_with('-');
    if (na) a.remove_prefix(1);
    if (nb) b.remove_prefix(1);
    auto with_sign = [](bool negative, std::string magnitude) {
        return negative ? negate_decimal(magnitude) : magnitude;
    };
    if (na == nb) return with_sign(na, decimal_times_add(a, 1, b));
    // Opposite signs: the larger magnitude less the smaller, with the larger's sign.
    bool a_larger = a.size() != b.size() ? a.size() > b.size() : a.compare(b) >= 0;
    Limbs big = from_decimal(a_larger ? a : b);
    Limbs small = from_decimal(a_larger ? b : a);
    int64_t borrow = 0;
    for (size_t i = 0; i < big.size(); ++i) {
        int64_t cur = int64_t{big[i]} - (i < small.size() ? small[i] : 0) - borrow;
        borrow = cur < 0;
        big[i] = static_cast<uint32_t>(cur + (borrow ? kLimb : 0));
    }
    return with_sign(a_larger ? na : nb, to_decimal(big));
}

std::string negate_decimal(std::string_view decimal) {
    if (decimal == "0") return "0";
    if (!decimal.empty() && decimal.front() == '-') return std::string(decimal.substr(1));
    return "-" + std::string(decimal);
}

}  // namespace goe
