// yaml_rules: a scalar's value and position as PyYAML reads them, from what yaml-cpp read.
// The expected values are PyYAML 6's (yaml.safe_load of the same text).
#include <catch2/catch.hpp>

#include <string>

#include "gym_otel_env/yaml/yaml_rules.hpp"

using namespace goe;

TEST_CASE("normalize_line_breaks writes PyYAML's line breaks as yaml-cpp's, every offset kept") {
    // A lone CR is LF; NEL (two bytes) is CR LF (two bytes); CR LF and LF stay.
    CHECK(normalize_line_breaks("a\rb\xc2\x85"
                                "c\r\nd\ne") == "a\nb\r\nc\r\nd\ne");
    CHECK(normalize_line_breaks("\r") == "\n");
    CHECK(normalize_line_breaks("x\xc2\xa0y") == "x\xc2\xa0y");  // NBSP is no line break
}

TEST_CASE("pyyaml_escapes: yaml-cpp's bytes for \\N and \\_ are PyYAML's characters U+0085 and U+00A0") {
    // yaml.safe_load('"a\\N\\_"') is 'a\x85\xa0'.
    CHECK(pyyaml_escapes("a\x85\xa0") == "a\xc2\x85\xc2\xa0");
    CHECK(pyyaml_escapes("\xc3\xa9\x85") == "\xc3\xa9\xc2\x85");  // a UTF-8 character stays one
}

TEST_CASE("pyyaml_quoted_breaks: a raw U+2028 or U+2029 in quotes folds without the blanks around it") {
    // yaml.safe_load('"a\u2029  b"') is 'a\u2029b'; yaml-cpp keeps the spaces.
    const std::string text = "\"a\xe2\x80\xa9  b\"";
    CHECK(pyyaml_quoted_breaks("a\xe2\x80\xa9  b", text, 0) ==
          "a\xe2\x80\xa9"
          "b");
    CHECK(pyyaml_quoted_breaks("ab", "\"ab\"", 0) == "ab");
}

TEST_CASE("pyyaml_plain_breaks: a plain scalar keeps a U+2028 it goes on over") {
    // yaml.safe_load('x: a\u2028  b') is {'x': 'a\u2028b'}; yaml-cpp read the U+2028 as a
    // line break and folded it into a space.
    const std::string text = "x: a\xe2\x80\xa8  b\n";
    CHECK(pyyaml_plain_breaks("a b", text, 3) ==
          "a\xe2\x80\xa8"
          "b");
}

TEST_CASE("after_properties: where a node's content starts after its anchor and tag") {
    CHECK(after_properties("&a !!str x", 0) == 9);
    CHECK(after_properties("!t\n  # c\n  'q'", 0) == 11);
    CHECK(after_properties("x", 0) == 0);
}

TEST_CASE("char_column counts characters, as PyYAML's marks do, where yaml-cpp counts bytes") {
    // "é: x": 'x' is byte 4, byte column 5, character column 4.
    CHECK(char_column("\xc3\xa9: x", 4, 5) == 4);
    CHECK(char_column("ab\nc\xe2\x82\xac"
                      "d",
                      7, 5) == 3);
    CHECK(char_column("abc", 2, 3) == 3);
}
