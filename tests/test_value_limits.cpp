#include <fmt/format.h>
#include <catch2/catch.hpp>

#include "gym_otel_env/parse.hpp"
#include "gym_otel_env/value.hpp"

namespace {
// Each level lists the previous one ten times: 10^30 leaves, a few lines of text.
goe::NodePtr bomb() {
    std::string text = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n";
    for (int i = 1; i < 30; ++i) {
        text += fmt::format("a{}: &a{} [", i, i);
        for (int k = 0; k < 10; ++k) text += fmt::format("{}*a{}", k ? ", " : "", i - 1);
        text += "]\n";
    }
    return *goe::parse_yaml(text, "c.yaml")->find("a29");
}
}  // namespace

TEST_CASE("append_python_str stops at max_bytes") {
    std::string out;
    CHECK_FALSE(goe::append_python_str(*bomb(), out, 1000));
    CHECK(out.size() < 1100);
    out.clear();
    auto small = goe::parse_yaml("a: [1, 'x', {b: null}]\n", "c.yaml");
    CHECK(goe::append_python_str(**small->find("a"), out, 100));
    CHECK(out == "[1, 'x', {'b': None}]");
}

TEST_CASE("python_str throws for a shared tree too large to print") {
    try {
        goe::python_str(*bomb(), 1 << 20);
        FAIL("no error");
    } catch (const goe::Error& e) {
        CHECK(std::string(e.what()) == "c.yaml:30:6: list too large to use as text (more than 1048576 bytes)");
    }
    // A long scalar is not a blow-up: it is printed whole.
    CHECK(goe::python_str(*goe::make_string(std::string(100, 'x')), 10).size() == 100);
}

TEST_CASE("python_str_brief cuts between UTF-8 characters") {
    CHECK(goe::python_str_brief(*bomb(), 20) == "[[[[[[[[[[[[[[[[[[[[...");
    CHECK(goe::python_str_brief(*goe::make_string("ab\xc3\xa9\xc3\xa9"), 3) == "ab...");
    CHECK(goe::python_str_brief(*goe::make_string("short"), 20) == "short");
}
