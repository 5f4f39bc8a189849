#include <catch2/catch.hpp>

#include <string>

#include "gym_otel_env/core/decimal.hpp"

using namespace goe;

// Expected values are Python's int() on the same input.
TEST_CASE("decimal_from_digits is Python's int(digits, base), exact at any size") {
    auto [digits, base, decimal] = GENERATE(table<std::string, int, std::string>({
        {"0", 10, "0"},
        {"000", 10, "0"},
        {"7", 10, "7"},
        {"999999999", 10, "999999999"},    // one limb, full
        {"1000000000", 10, "1000000000"},  // two limbs
        {"123456789012345678901234567890", 10, "123456789012345678901234567890"},
        {"ff", 16, "255"},
        {"FF", 16, "255"},
        {"1111111111111111111111111111111111111111", 16, "97433442488726861213578988847752201310395502865"},
        {"777", 8, "511"},
        {"1111111111111111111111111111111111111111111111111111111111111111111", 2, "147573952589676412927"},
    }));
    CAPTURE(digits, base);
    CHECK(decimal_from_digits(digits, base) == decimal);
}

TEST_CASE("decimal_from_integral_double is Python's int(float)") {
    auto [value, decimal] = GENERATE(table<double, std::string>({
        {0.0, "0"},
        {-0.0, "0"},
        {1e20, "100000000000000000000"},
        {18446744073709551616.0, "18446744073709551616"},  // 2**64
        {-9007199254740993.0, "-9007199254740992"},        // 2**53 + 1 is not a double
        {-2.5, "-2"},                                      // not integral: truncated
        {1e300,
         "1000000000000000052504760255204420248704468581108159154915854115511802457988908195786371375080447864"
         "0437044438328838781769425232353604305756447921847867069828483872009265758037378302337947880900593689"
         "53234970799945081119038967640880074652742780142494579258788820056842838115669472196386865459400540160"},
    }));
    CAPTURE(value);
    CHECK(decimal_from_integral_double(value) == decimal);
}

TEST_CASE("decimal_times_add is a * factor + b, for base-60 literals") {
    CHECK(decimal_times_add("0", 60, "0") == "0");
    CHECK(decimal_times_add("1", 60, "30") == "90");
    CHECK(decimal_times_add("999999999", 60, "999999999") == "60999999939");  // carries across a limb
    CHECK(decimal_times_add("999999999999999999", 60, "59") == "59999999999999999999");
}

TEST_CASE("decimal_add is a + b for any signs") {
    auto [a, b, sum] = GENERATE(table<std::string, std::string, std::string>({
        {"0", "0", "0"},
        {"60", "-30", "30"},
        {"-60", "30", "-30"},
        {"-60", "-30", "-90"},
        {"30", "-30", "0"},
        {"-30", "30", "0"},
        {"1000000000", "-1", "999999999"},  // a borrow across a limb
        {"-1", "1000000000000000000", "999999999999999999"},
        {"999999999", "1", "1000000000"},
    }));
    CAPTURE(a, b);
    CHECK(decimal_add(a, b) == sum);
}

TEST_CASE("negate_decimal flips the sign, and 0 stays 0") {
    CHECK(negate_decimal("0") == "0");
    CHECK(negate_decimal("5") == "-5");
    CHECK(negate_decimal("-5") == "5");
    CHECK(negate_decimal("123456789012345678901234567890") == "-123456789012345678901234567890");
}
