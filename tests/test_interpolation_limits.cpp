#include <fmt/format.h>
#include <catch2/catch.hpp>

#include <string>

#include "gym_otel_env/interpolation.hpp"

namespace {

std::string parse_error(const std::string& value) {
    try {
        goe::parse_template(value);
    } catch (const goe::ParseError& e) {
        return fmt::format("{} (at {})", e.message, e.offset);
    }
    return "no error";
}

std::string repeat(std::string_view s, size_t n) {
    std::string out;
    for (size_t i = 0; i < n; ++i) out += s;
    return out;
}

}  // namespace

TEST_CASE("parse_template stops nesting at kMaxInterpolationNesting instead of overflowing the stack") {
    // A megabyte of "${" is as deep as it is long.
    CHECK(parse_error(repeat("${", 500000)) == "nested deeper than 64 levels (at 128)");
    CHECK(parse_error(repeat("${oc.env:X,", 100000)) == "nested deeper than 64 levels (at 352)");
    CHECK(parse_error("${oc.decode:" + repeat("[", 100000) + "}") == "nested deeper than 64 levels (at 75)");
    std::string ok = repeat("${oc.env:X,", 30) + "d" + repeat("}", 30);
    CHECK(parse_error(ok) == "no error");
}

TEST_CASE("parse_template reports an unterminated interpolation of a megabyte") {
    CHECK(parse_error("${" + std::string(1 << 20, 'a')) ==
          "unterminated '${': the closing '}' is missing (at 1048578)");
}

TEST_CASE("parse_element stops nesting too") {
    try {
        goe::parse_element(repeat("[", 1000));
        FAIL("no error");
    } catch (const goe::ParseError& e) {
        CHECK(e.message == "nested deeper than 64 levels");
    }
}

TEST_CASE("parse_template limits the tokens of one value") {
    // 20 MB of '$' would be 20 million tokens.
    CHECK(parse_error("${x}" + std::string(200000, '$')) == "more than 100000 tokens (at 100001)");
    CHECK(parse_error("${" + std::string(200000, '.')) == "more than 100000 tokens (at 100001)");
    CHECK(parse_error("${x" + repeat("[a]", 100000) + "}") == "more than 100000 tokens (at 100001)");
}
