// Hydra's cast functions. Python's own conversions decide what they accept: int('010')
// is 10, int(1.9) is 1, float('1_0') is 10.0, str(True) is 'true' (Hydra lowers it).
#include <cmath>
#include <optional>

#include <fmt/format.h>

#include "gym_otel_env/core/decimal.hpp"
#include "gym_otel_env/core/python.hpp"
#include "gym_otel_env/core/text.hpp"
#include "gym_otel_env/hydra/override.hpp"
#include "gym_otel_env/hydra/override_shown.hpp"

namespace goe {
namespace {

using K = OverrideValue::Kind;

OverrideValue integer(std::string decimal) {
    OverrideValue v;
    v.kind = K::integer;
    size_t nz = decimal.find_first_not_of('0');
    v.text = nz == std::string::npos ? "0" : decimal.substr(nz);
    return v;
}

OverrideValue real(double x) {
    OverrideValue v;
    v.kind = K::real;
    v.real = x;
    return v;
}

// Python's int(str), base 10.
OverrideValue int_of_text(const std::string& text) {
    bool too_long = false;
    std::optional<std::string> decimal = python_int_of(text, &too_long);
    if (too_long)
        throw CastError{"ValueError",
                        fmt::format("Exceeds the limit ({} digits) for integer string conversion", kMaxIntDigits)};
    if (!decimal)
        throw CastError{"ValueError", fmt::format("invalid literal for int() with base 10: {}", python_repr(text))};
    return integer(std::move(*decimal));
}

// float(str), with Python's error.
double float_of_text(const std::string& text) {
    if (auto x = python_float_of(text)) return *x;
    throw CastError{"ValueError", fmt::format("could not convert string to float: {}", python_repr(text))};
}

OverrideValue cast_one(std::string_view name, const OverrideValue& v) {
    if (v.kind == K::list) {
        OverrideValue out = v;
        for (auto& item : out.items) item = cast_one(name, item);
        return out;
    }
    if (v.kind == K::dict) {
        OverrideValue out = v;
        for (size_t i = 1; i < out.items.size(); i += 2) out.items[i] = cast_one(name, out.items[i]);
        return out;
    }
    bool text = v.kind == K::string || v.kind == K::quoted;
    if (name == "bool") {
        OverrideValue out;
        out.kind = K::boolean;
        if (text) {
            std::string lower = ascii_lower(v.text);
            if (lower != "true" && lower != "false")
                throw CastError{"ValueError", fmt::format("Cannot cast '{}' to bool", v.text)};
            out.boolean = lower == "true";
        } else {
            out.boolean = python_truthy(*override_node(v));  // bool(value)
        }
        return out;
    }
    // int(), float() and str() assert a primitive: null fails with an empty message.
    if (v.kind == K::null) throw CastError{"AssertionError", ""};
    if (name == "str") {
        OverrideValue out;
        out.kind = K::string;
        if (text || v.kind == K::integer) out.text = v.text;
        else if (v.kind == K::boolean) out.text = v.boolean ? "true" : "false";
        else out.text = python_float(v.real);
        return out;
    }
    if (name == "int") {
        if (text) return int_of_text(v.text);
        if (v.kind == K::boolean) return integer(v.boolean ? "1" : "0");
        if (v.kind == K::integer) return v;
        if (std::isnan(v.real)) throw CastError{"ValueError", "cannot convert float NaN to integer"};
        if (std::isinf(v.real)) throw CastError{"OverflowError", "cannot convert float infinity to integer"};
        double t = std::trunc(v.real);
        OverrideValue out = integer(decimal_from_integral_double(std::fabs(t)));
        if (t < 0) out.text = negate_decimal(out.text);
        return out;
    }
    // float
    if (text) return real(float_of_text(v.text));
    if (v.kind == K::boolean) return real(v.boolean ? 1 : 0);
    if (v.kind == K::real) return v;
    double x = std::strtod(v.text.c_str(), nullptr);
    if (std::isinf(x)) throw CastError{"OverflowError", "int too large to convert to float"};
    return real(x);
}

}  // namespace

OverrideValue hydra_cast(std::string_view name, const OverrideValue& value) { return cast_one(name, value); }

}  // namespace goe
