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
        // Python reads Unicode spaces and digits too (float('1\xa0') and float('١') are
        // 1.0); this reads ASCII only.
        {"1\xc2\xa0", "error"},
        {"\xd9\xa1", "error"},
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
        {"\xd9\xa1", std::nullopt},  // ARABIC-INDIC DIGIT ONE: Python reads 1; refused here
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
