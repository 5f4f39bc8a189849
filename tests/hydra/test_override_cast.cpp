// override_cast: Hydra's int(), float(), str() and bool() (grammar_functions.py) on one
// parsed value, with Python's own conversions; a list has its items cast, a dict its values.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "gym_otel_env/hydra/override.hpp"
#include "gym_otel_env/hydra/override_shown.hpp"

using namespace goe;
using K = OverrideValue::Kind;

namespace {

OverrideValue text(std::string t, K kind = K::string) {
    OverrideValue v;
    v.kind = kind;
    v.text = std::move(t);
    return v;
}
OverrideValue quoted(std::string t) { return text(std::move(t), K::quoted); }
OverrideValue integer(std::string decimal) { return text(std::move(decimal), K::integer); }
OverrideValue real(double x) {
    OverrideValue v;
    v.kind = K::real;
    v.real = x;
    return v;
}
OverrideValue boolean(bool b) {
    OverrideValue v;
    v.kind = K::boolean;
    v.boolean = b;
    return v;
}
OverrideValue null() {
    OverrideValue v;
    v.kind = K::null;
    return v;
}
OverrideValue list(std::vector<OverrideValue> items, K kind = K::list) {
    OverrideValue v;
    v.kind = kind;
    v.items = std::move(items);
    return v;
}
// Keys and values alternate, as in OverrideValue.
OverrideValue dict(std::vector<OverrideValue> items) { return list(std::move(items), K::dict); }

// The value the cast gives, as dump() prints it, or "TYPE: message" for what Python raises.
std::string cast(std::string_view name, const OverrideValue& value) {
    try {
        return dump(hydra_cast(name, value));
    } catch (const CastError& e) {
        return e.type + ": " + e.message;
    }
}

struct Row {
    std::string_view name;
    OverrideValue value;
    std::string expected;
};

void check(const std::vector<Row>& rows) {
    for (const auto& r : rows) {
        INFO(r.name << "(" << dump(r.value) << ")");
        CHECK(cast(r.name, r.value) == r.expected);
    }
}

}  // namespace

TEST_CASE("hydra_cast int(): Python's int() of a text, base 10, '_' between digits") {
    check({
        {"int", text("010"), "int(10)"},
        {"int", quoted(" 1_000 "), "int(1000)"},
        {"int", text("+5"), "int(5)"},
        {"int", text("-0012"), "int(-12)"},
        {"int", text("-0"), "int(0)"},
        {"int", text("\t7\n"), "int(7)"},
        {"int", text(std::string(4300, '9')), "int(" + std::string(4300, '9') + ")"},
        {"int", text(""), "ValueError: invalid literal for int() with base 10: ''"},
        {"int", text("x"), "ValueError: invalid literal for int() with base 10: 'x'"},
        {"int", text("1__0"), "ValueError: invalid literal for int() with base 10: '1__0'"},
        {"int", text("_1"), "ValueError: invalid literal for int() with base 10: '_1'"},
        {"int", text("1_"), "ValueError: invalid literal for int() with base 10: '1_'"},
        {"int", text("- 1"), "ValueError: invalid literal for int() with base 10: '- 1'"},
        {"int", text("0x10"), "ValueError: invalid literal for int() with base 10: '0x10'"},
        {"int", text("1.5"), "ValueError: invalid literal for int() with base 10: '1.5'"},
        {"int", text("it's"), "ValueError: invalid literal for int() with base 10: \"it's\""},
        {"int", quoted("\xc2\xa0\xd9\xa1_\xd9\xa2"), "int(12)"},  // NBSP, Arabic-Indic 1_2
        {"int", quoted("\xe2\x85\xa0"), "ValueError: invalid literal for int() with base 10: '\xe2\x85\xa0'"},
    });
}

TEST_CASE("hydra_cast int(): of a number, truncated toward zero; of a bool, 0 or 1") {
    check({
        {"int", integer("-12"), "int(-12)"},
        {"int", real(-1.9), "int(-1)"},
        {"int", real(-0.5), "int(0)"},
        {"int", real(2.5), "int(2)"},
        {"int", real(1e20), "int(100000000000000000000)"},
        {"int", real(-1e20), "int(-100000000000000000000)"},
        {"int", boolean(true), "int(1)"},
        {"int", boolean(false), "int(0)"},
        {"int", real(HUGE_VAL), "OverflowError: cannot convert float infinity to integer"},
        {"int", real(-HUGE_VAL), "OverflowError: cannot convert float infinity to integer"},
        {"int", real(std::nan("")), "ValueError: cannot convert float NaN to integer"},
        // Hydra's casts assert a primitive: None fails with an empty message.
        {"int", null(), "AssertionError: "},
    });
}

TEST_CASE("hydra_cast float(): of a number or a bool") {
    check({
        {"float", integer("1"), "float(1.0)"},
        {"float", integer("-3"), "float(-3.0)"},
        {"float", integer("12345678901234567890123"), "float(1.2345678901234568e+22)"},
        {"float", integer("1" + std::string(400, '0')), "OverflowError: int too large to convert to float"},
        {"float", real(1.5), "float(1.5)"},
        {"float", boolean(true), "float(1.0)"},
        {"float", boolean(false), "float(0.0)"},
        {"float", null(), "AssertionError: "},
    });
}

// The rule itself is core/python's (python_float_of, tests/core/test_python.cpp); here,
// that the cast uses it and words its refusal as Python does.
TEST_CASE("hydra_cast float(): of a text, as Python's float()") {
    check({
        {"float", text(" 1_0 "), "float(10.0)"},
        {"float", text("-infinity"), "float(-inf)"},
        {"float", text("1e400"), "float(inf)"},
        {"float", text("x"), "ValueError: could not convert string to float: 'x'"},
        {"float", text("1_.0"), "ValueError: could not convert string to float: '1_.0'"},
        // Python reads any script's digits and Unicode spaces (a quoted value may hold them).
        {"float", quoted("\xd9\xa1.\xd9\xa5\xe3\x80\x80"), "float(1.5)"},
        {"float", quoted("\xc2\xb2"), "ValueError: could not convert string to float: '\xc2\xb2'"},
    });
}

TEST_CASE("hydra_cast str(): Python's str(), a bool lower-cased as Hydra does") {
    check({
        {"str", boolean(true), "str('true')"},
        {"str", boolean(false), "str('false')"},
        {"str", integer("-12"), "str('-12')"},
        {"str", real(1.5), "str('1.5')"},
        {"str", real(1e20), "str('1e+20')"},
        {"str", real(HUGE_VAL), "str('inf')"},
        {"str", text("x"), "str('x')"},
        {"str", quoted("010"), "str('010')"},  // a quoted text becomes a plain one
        {"str", null(), "AssertionError: "},
    });
}

TEST_CASE("hydra_cast bool(): 'true' or 'false' in any case for a text, Python's bool() otherwise") {
    check({
        {"bool", text("TRUE"), "bool(True)"},
        {"bool", quoted("False"), "bool(False)"},
        {"bool", text("yes"), "ValueError: Cannot cast 'yes' to bool"},
        {"bool", text("1"), "ValueError: Cannot cast '1' to bool"},
        {"bool", text(""), "ValueError: Cannot cast '' to bool"},
        {"bool", integer("0"), "bool(False)"},
        {"bool", integer("-3"), "bool(True)"},
        {"bool", real(0.0), "bool(False)"},
        {"bool", real(std::nan("")), "bool(True)"},
        {"bool", boolean(false), "bool(False)"},
        {"bool", null(), "bool(False)"},  // bool(None): no assertion here
    });
}

TEST_CASE("hydra_cast: a list has every item cast, a dict every value, keys as they are") {
    check({
        {"int", list({integer("1"), text("2"), boolean(true)}), "[int(1), int(2), int(1)]"},
        {"str", list({integer("1"), boolean(true)}), "[str('1'), str('true')]"},
        {"int", list({list({quoted("7")})}), "[[int(7)]]"},
        {"bool", list({}), "[]"},
        {"int", dict({text("a"), text("2"), integer("1"), real(2.5)}), "{str('a'): int(2), int(1): int(2)}"},
        {"str", dict({text("k"), list({boolean(false)})}), "{str('k'): [str('false')]}"},
        // The first item that fails stops the cast.
        {"int", list({integer("1"), text("x"), text("y")}), "ValueError: invalid literal for int() with base 10: 'x'"},
        {"float", dict({text("k"), null()}), "AssertionError: "},
    });
}
