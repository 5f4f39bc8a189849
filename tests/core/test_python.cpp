#include <catch2/catch.hpp>

#include <cmath>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "gym_otel_env/core/decimal.hpp"
#include "gym_otel_env/core/python.hpp"

using namespace goe;

namespace {

NodePtr mapping(std::vector<Entry> entries) {
    auto n = std::make_shared<Node>();
    n->type = Type::mapping;
    n->mutable_entries() = std::move(entries);
    return n;
}

NodePtr sequence(std::vector<NodePtr> items) {
    auto n = std::make_shared<Node>();
    n->type = Type::sequence;
    n->mutable_items() = std::move(items);
    return n;
}

// What Python prints for float(text): its repr, or "error" for the ValueError.
std::string float_shown(std::string_view text) {
    auto value = python_float_of(text);
    return value ? python_float(*value) : "error";
}

}  // namespace

TEST_CASE("python_truthy is Python's bool()") {
    struct Row {
        const char* shown;  // the value as Python writes it
        NodePtr node;
        bool truthy;
    };
    for (const auto& r : std::vector<Row>{
             {"None", make_null(), false},
             {"False", make_bool(false), false},
             {"True", make_bool(true), true},
             {"0", make_int("0"), false},
             {"1", make_int("1"), true},
             {"-1", make_int("-1"), true},
             {"10**20", make_int("100000000000000000000"), true},
             {"0.0", make_real(0.0), false},
             {"-0.0", make_real(-0.0), false},
             {"5e-324", make_real(5e-324), true},
             {"0.5", make_real(0.5), true},
             {"inf", make_real(HUGE_VAL), true},
             {"nan", make_real(std::nan("")), true},
             {"''", make_string(""), false},
             {"' '", make_string(" "), true},
             {"'0'", make_string("0"), true},
             {"'False'", make_string("False"), true},
             {"{}", mapping({}), false},
             {"{'a': None}", mapping({{"a", make_null()}}), true},
             {"[]", sequence({}), false},
             {"[None]", sequence({make_null()}), true},
             {"[0]", sequence({make_int("0")}), true},
         }) {
        CAPTURE(r.shown);
        CHECK(python_truthy(*r.node) == r.truthy);
    }
}

TEST_CASE("key_identity: a key's identity, the same for keys a Python dict takes as one") {
    using namespace std::string_literals;
    auto [type, key, identity] = GENERATE(table<Type, std::string, std::string>({
        {Type::string, "a", "a"},
        {Type::string, "1", "1"},
        {Type::string, "", ""},
        {Type::string, "True", "True"},
        {Type::integer, "1",
         "\0"s
         "1"},
        {Type::integer, "-12",
         "\0"s
         "-12"},
        {Type::integer, "100000000000000000000",
         "\0"s
         "100000000000000000000"},
        {Type::boolean, "True",
         "\0"s
         "1"},
        {Type::boolean, "False",
         "\0"s
         "0"},
        {Type::real, "1.0",
         "\0"s
         "1"},
        {Type::real, "-0.0",
         "\0"s
         "0"},
        {Type::real, "1000.0",
         "\0"s
         "1000"},
        {Type::real, "1e+20",
         "\0"s
         "100000000000000000000"},
        {Type::real, "1.5",
         "\0"s
         "1.5"},
        {Type::real, "inf",
         "\0"s
         "inf"},
        {Type::real, "-inf",
         "\0"s
         "-inf"},
        {Type::real, "nan",
         "\0"s
         "nan"},
        {Type::null, "None",
         "\0"s
         "None"},
    }));
    CAPTURE(type_name(type), key);
    CHECK(key_identity(type, key) == identity);
    CHECK(key_identity(Entry{key, make_null(), type}) == identity);
}

TEST_CASE("key_identity: keys are one key exactly where Python's dict says so") {
    auto [type_a, a, type_b, b, same] = GENERATE(table<Type, std::string, Type, std::string, bool>({
        {Type::integer, "1", Type::boolean, "True", true},
        {Type::integer, "0", Type::boolean, "False", true},
        {Type::integer, "1", Type::real, "1.0", true},
        {Type::integer, "0", Type::real, "-0.0", true},
        {Type::boolean, "True", Type::real, "1.0", true},
        {Type::integer, "1000", Type::real, "1000.0", true},
        {Type::integer, "100000000000000000000", Type::real, "1e+20", true},  // 1e20 == 10**20
        {Type::integer, "9007199254740993", Type::real, "9007199254740992.0", false},
        {Type::real, "1.5", Type::real, "1.5", true},
        {Type::real, "inf", Type::real, "inf", true},
        {Type::real, "inf", Type::real, "-inf", false},
        // PyYAML's .nan is one shared object, so it is the same key wherever it is.
        {Type::real, "nan", Type::real, "nan", true},
        {Type::null, "None", Type::null, "None", true},
        {Type::integer, "1", Type::string, "1", false},
        {Type::real, "1.5", Type::string, "1.5", false},
        {Type::boolean, "True", Type::string, "True", false},
        {Type::null, "None", Type::string, "None", false},
        {Type::integer, "2", Type::boolean, "True", false},
        {Type::string, "a", Type::string, "a", true},
        {Type::string, "a", Type::string, "A", false},
    }));
    CAPTURE(type_name(type_a), a, type_name(type_b), b);
    CHECK((key_identity(type_a, a) == key_identity(type_b, b)) == same);
}

TEST_CASE("python_float_of is Python's float() of a str") {
    // The expected column is what CPython 3.11 prints for repr(float(text)).
    auto [text, shown] = GENERATE(table<std::string, std::string>({
        {"1.5", "1.5"},
        {"  1.5\t\n", "1.5"},
        {"\v1\f", "1.0"},
        {"\r-2\r", "-2.0"},
        {"1\x1c", "error"},  // str.strip() drops \x1c, float() does not
        {"\x1f"
         "1",
         "error"},
        // One '_' between two digits only (PEP 515).
        {"1_0.5", "10.5"},
        {"+1_000", "1000.0"},
        {"1_000_000.000_1", "1000000.0001"},
        {"1e1_0", "10000000000.0"},
        {" 1_0 ", "10.0"},
        {"1_.0", "error"},
        {"1._5", "error"},
        {"_1", "error"},
        {"-_1", "error"},
        {"1__0", "error"},
        {"1_", "error"},
        {"1_ ", "error"},
        {"1_e5", "error"},
        {"1e_5", "error"},
        {"1e5_", "error"},
        {"in_f", "error"},
        // Infinities and NaN, in any case, with a sign.
        {"inf", "inf"},
        {"-inf", "-inf"},
        {"+INF", "inf"},
        {"Infinity", "inf"},
        {"-iNfInItY", "-inf"},
        {" nan ", "nan"},
        {"-NaN", "nan"},
        {"infinit", "error"},
        {"infinityy", "error"},
        {"nan(1)", "error"},
        // No hex, and a digit before or after the point.
        {"0x10", "error"},
        {"0x1p3", "error"},
        {"1.", "1.0"},
        {".5", "0.5"},
        {".", "error"},
        {"", "error"},
        {"  ", "error"},
        {"+", "error"},
        {"-", "error"},
        {"e5", "error"},
        {".e5", "error"},
        {"1e", "error"},
        {"1e+", "error"},
        {"1e-5", "1e-05"},
        {"1E5", "100000.0"},
        {"-.5e-3", "-0.0005"},
        {"-0", "-0.0"},
        {"00.5", "0.5"},
        {"007", "7.0"},
        {"1 2", "error"},
        {"1.5.5", "error"},
        {"--1", "error"},
        {"+-1", "error"},
        {"1e5.5", "error"},
        {std::string("1\0", 2), "error"},
        // Correctly rounded; past the range, an infinity or a zero.
        {"0.30000000000000004", "0.30000000000000004"},
        {"9007199254740993", "9007199254740992.0"},
        {"1.7976931348623157e308", "1.7976931348623157e+308"},
        {"1.7976931348623159e308", "inf"},
        {"2.4703282292062328e-324", "5e-324"},
        {"2.4703282292062327e-324", "0.0"},
        {"5e-324", "5e-324"},
        {"1e400", "inf"},
        {"-1e400", "-inf"},
        {"1e-400", "0.0"},
        {"-1e-400", "-0.0"},
        {"1e99999999999999999999", "inf"},
        {"1e-99999999999999999999", "0.0"},
        {"1" + std::string(400, '0') + "e-5", "inf"},
        {"0." + std::string(400, '0') + "1", "0.0"},
        // Unicode spaces and decimal digits of any script (values from CPython 3.13).
        {"1\xc2\xa0", "1.0"},          // NO-BREAK SPACE
        {"\xd9\xa1", "1.0"},           // ARABIC-INDIC DIGIT ONE
        {"\xd9\xa1.\xd9\xa5", "1.5"},  // U+0661 . U+0665
        {"\xe3\x80\x80-\xd9\xa2_\xd9\xa3"
         "e\xd9\xa1\xe2\x80\xa8",
         "-230.0"},                     // U+3000 -2_3e1 U+2028
        {"\xf0\x9d\x9f\x99.5", "1.5"},  // MATHEMATICAL DOUBLE-STRUCK DIGIT ONE
        {"\xf0\x9e\x93\xb3", "3.0"},    // NAG MUNDARI DIGIT THREE (Unicode 15)
        {"\xc2\x85"
         "1\xc2\x85",
         "1.0"},                            // NEL around
        {"\xd9\xa1\xe2\x80\x8b", "error"},  // ZERO WIDTH SPACE is no space
        {"\xe2\x85\xa0", "error"},          // ROMAN NUMERAL ONE is no Nd digit
        {"\xc2\xb2", "error"},              // SUPERSCRIPT TWO neither
        {"\xe2\x88\x92"
         "1",
         "error"},           // MINUS SIGN is no sign
        {"1\xff", "error"},  // not UTF-8: a surrogate to Python
    }));
    CAPTURE(text);
    CHECK(float_shown(text) == shown);
}

TEST_CASE("python_float_of keeps NaN's sign as Python does") {
    CHECK_FALSE(std::signbit(*python_float_of("nan")));
    CHECK(std::signbit(*python_float_of("-nan")));
    CHECK(std::signbit(*python_float_of("-0.0")));
}

TEST_CASE("python_int_of is Python's int() of a str, base 10") {
    // Expected values from CPython 3.11: str(int(text)), or None for ValueError.
    auto [text, expected] = GENERATE(table<std::string, std::optional<std::string>>({
        {"0", "0"},
        {"-0", "0"},
        {"+12", "12"},
        {" 1_0 ", "10"},
        {"\t7\n", "7"},
        {"010", "10"},
        {"-0010", "-10"},
        {"12345678901234567890123", "12345678901234567890123"},
        {"1__0", std::nullopt},
        {"_1", std::nullopt},
        {"1_", std::nullopt},
        {"", std::nullopt},
        {"-", std::nullopt},
        {"+-1", std::nullopt},
        {"1.0", std::nullopt},
        {"0x10", std::nullopt},
        {"1 0", std::nullopt},
        // Unicode spaces and digits (CPython 3.13).
        {"\xd9\xa1", "1"},                                  // ARABIC-INDIC DIGIT ONE
        {"\xe0\xa5\xa6\xe0\xa5\xa7\xe0\xa5\xa8", "12"},     // DEVANAGARI DIGITS ZERO ONE TWO
        {"\xef\xbc\x91\xef\xbc\x92", "12"},                 // FULLWIDTH DIGITS ONE TWO
        {"\xf0\x91\xbd\x92", "2"},                          // KAWI DIGIT TWO (Unicode 15)
        {"\xc2\xa0-\xd9\xa1_\xd9\xa2\xe3\x80\x80", "-12"},  // NBSP -1_2 IDEOGRAPHIC SPACE
        {"\xd9\xa1.\xd9\xa5", std::nullopt},
        {"\xd9\xa1\xe2\x80\x8b", std::nullopt},  // ZERO WIDTH SPACE
        {"\xc2\xb2", std::nullopt},              // SUPERSCRIPT TWO
        {"1\xff", std::nullopt},
    }));
    CAPTURE(text);
    bool too_long = true;
    CHECK(python_int_of(text, &too_long) == expected);
    CHECK_FALSE(too_long);
}

TEST_CASE("python_int_of refuses more digits than Python converts, and says so") {
    bool too_long = false;
    CHECK(python_int_of(std::string(kMaxIntDigits, '1'), &too_long) == std::string(kMaxIntDigits, '1'));
    CHECK_FALSE(too_long);
    CHECK(python_int_of("0" + std::string(kMaxIntDigits, '1'), &too_long) == std::nullopt);
    CHECK(too_long);
}

TEST_CASE("python_int_of with a base is Python's int(text, base)") {
    // Expected values from CPython 3.13: str(int(text, base)), or None for ValueError.
    auto [text, base, expected] = GENERATE(table<std::string, int, std::optional<std::string>>({
        {"ff", 16, "255"},
        {"FF", 16, "255"},
        {"0x10", 16, "16"},
        {"0X_1f", 16, "31"},
        {"-0x10", 16, "-16"},
        {"1_0", 16, "16"},
        {"0x", 16, std::nullopt},
        {"0x__1", 16, std::nullopt},
        {"0o17", 8, "15"},
        {"017", 8, "15"},
        {"0o", 8, std::nullopt},
        {"08", 8, std::nullopt},
        {"0b101", 2, "5"},
        {" 0b1 ", 2, "1"},
        {"+0b1", 2, "1"},
        {"0b2", 2, std::nullopt},
        {"0x1", 10, std::nullopt},
        {"\xd9\xa1\xd9\xa0", 2, "2"},            // Arabic-Indic 1 0 in base 2
        {"\xef\xbc\x91\xef\xbc\x92", 16, "18"},  // fullwidth 1 2 in base 16
        {"\xe3\x80\x80-\xd9\xa2_\xd9\xa3"
         "e\xd9\xa1\xe2\x80\xa8",
         16, "-9185"},
    }));
    CAPTURE(text, base);
    CHECK(python_int_of(text, base) == expected);
}

TEST_CASE("python_int_of's digit limit is base 10's only, as Python's is") {
    bool too_long = true;
    CHECK(python_int_of(std::string(kMaxIntDigits + 1, '1'), 2, &too_long) ==
          decimal_from_digits(std::string(kMaxIntDigits + 1, '1'), 2));
    CHECK_FALSE(too_long);
    CHECK(python_int_of(std::string(kMaxIntDigits + 1, '7'), 8, &too_long).has_value());
    CHECK(python_int_of(std::string(kMaxIntDigits + 1, '1'), 10, &too_long) == std::nullopt);
    CHECK(too_long);
}

TEST_CASE("python_compare_int_float compares an int and a float exactly, as Python does") {
    // -1: the int is smaller; CPython 3.13's int < float and int > float at any size.
    auto [decimal, x, expected] = GENERATE(table<std::string, double, std::optional<int>>({
        {"9007199254740993", 9007199254740992.0, 1},
        {"9007199254740992", 9007199254740992.0, 0},
        {"-9007199254740993", -9007199254740992.0, -1},
        {"1", 1.5, -1},
        {"-1", -1.5, 1},
        {"0", -0.0, 0},
        {"1" + std::string(400, '0'), HUGE_VAL, -1},
        {"-1" + std::string(400, '0'), -HUGE_VAL, 1},
        {"100000000000000000000", 1e20, 0},
        {"99999999999999999999", 1e20, -1},
        {"5", std::nan(""), std::nullopt},
    }));
    CAPTURE(decimal, x);
    CHECK(python_compare_int_float(decimal, x) == expected);
    CHECK(python_compare_ints("-12", "3") == -1);
    CHECK(python_compare_ints("-12", "-3") == -1);
    CHECK(python_compare_ints("12", "12") == 0);
    CHECK(python_compare_ints("120", "13") == 1);
}
