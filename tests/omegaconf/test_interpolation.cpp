#include <catch2/catch.hpp>

#include <chrono>

#include "gym_otel_env/omegaconf/interpolation.hpp"
#include "gym_otel_env/yaml/parse.hpp"
#include "support.hpp"

using namespace goe;
using goe::testing::error_of;
using goe::testing::laughs;
using goe::testing::repeat;

namespace {

std::string tokens(std::string_view value) {
    try {
        return dump(parse_template(value));
    } catch (const ParseError& e) {
        return "error at " + std::to_string(e.offset) + ": " + e.message;
    }
}

}  // namespace

TEST_CASE("parse_template splits text and interpolations as OmegaConf's lexer does") {
    CHECK(tokens("a-${x.y}-b") == "text('a-') node[x.y] text('-b')");
    CHECK(tokens("${.x}${..y[0]}") == "node[.x] node[..y[0]]");
    CHECK(tokens("${ a }") == "node[a]");
    CHECK(tokens("\\${x}") == "esc_inter('\\${') text('x}')");
    CHECK(tokens("\\\\${x}") == "top_esc('\\\\') node[x]");
    CHECK(tokens("a\\\\b ${x}") == "text('a\\\\b ') node[x]");
    CHECK(tokens("$ ${x} $$") == "text('$') text(' ') node[x] text(' ') text('$') text('$')");
    CHECK(tokens("${a.${b}}") == "node[a.node[b]]");
}

TEST_CASE("parse_template reads resolver arguments as typed elements") {
    CHECK(tokens("${oc.env:V,8080}") == "call[oc.env](prim(id('V')), prim(int('8080')))");
    CHECK(tokens("${oc.env:V, 'a, b' }") == "call[oc.env](prim(id('V')), quoted(text('a, b')))");
    CHECK(tokens("${oc.env:V,}") == "call[oc.env](prim(id('V')), empty)");
    CHECK(tokens("${f:a b,1.5,true,null,x\\,y}") ==
          "call[f](prim(id('a') ws(' ') id('b')), prim(float('1.5')), prim(bool('true')), prim(null('null')), "
          "prim(id('x') esc('\\,') id('y')))");
    CHECK(tokens("${f:[1,[2]],{k: v}}") ==
          "call[f](list(prim(int('1')), list(prim(int('2')))), dict(id('k'): prim(id('v'))))");
    CHECK(tokens("${f:http://h:80}") ==
          "call[f](prim(id('http') colon(':') char('/') char('/') id('h') colon(':') int('80')))");
    CHECK(tokens("${oc.env:V,${oc.env:W,x}}") ==
          "call[oc.env](prim(id('V')), prim(call[oc.env](prim(id('W')), prim(id('x')))))");
}

TEST_CASE("check_interpolations rejects a malformed interpolation anywhere, as OmegaConf does at load") {
    auto check = [](std::string_view doc) { check_interpolations(parse_yaml(doc, "c.yaml"), ""); };
    CHECK(error_of([&] { check("other:\n  deep: [1, 'abc ${x']\n"); }) ==
          "c.yaml:2:13: other.deep[1]: invalid interpolation: unterminated '${': the closing '}' is missing");
    CHECK(error_of([&] { check("telemetry:\n  a: ${oc.env:X,a=b}\n"); }) ==
          "c.yaml:2:6: telemetry.a: invalid interpolation: token recognition error at: '='");
    CHECK(error_of([&] { check("a: {b: ['${x}', '${y']}\n"); }) ==
          "c.yaml:1:17: a.b[1]: invalid interpolation: unterminated '${': the closing '}' is missing");
    CHECK_NOTHROW(check("a: {b: '${x}'}\n"));
}

TEST_CASE("check_interpolations visits each shared node once", "[limits]") {
    auto root = parse_yaml(laughs(40, "'${oc.env:HOME}'"), "c.yaml");
    auto start = std::chrono::steady_clock::now();
    check_interpolations(root, {});
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(20));
    auto bad = parse_yaml(laughs(40, "'${oc.env:HOME'"), "c.yaml");
    CHECK(error_of([&] { check_interpolations(bad, {}); }) ==
          "c.yaml:1:10: a0[0]: invalid interpolation: unterminated '${': the closing '}' is missing");
}

TEST_CASE("parse_template rejects what OmegaConf's grammar rejects") {
    CHECK(tokens("${x") == "error at 3: unterminated '${': the closing '}' is missing");
    CHECK(tokens("${}") == "error at 2: no viable alternative at input '}'");
    CHECK(tokens("${a b}") == "error at 3: token recognition error at: ' '");
    CHECK(tokens("${f:a=b}") == "error at 5: token recognition error at: '='");
    CHECK(tokens("${foo${bar}}") == "error at 6: token recognition error at: '{'");
    CHECK(tokens("${f:'x}") == "error at 7: unterminated '${': the closing '}' is missing");
}

TEST_CASE("parse_template stops nesting at kMaxInterpolationNesting instead of overflowing the stack", "[limits]") {
    // A megabyte of "${" is as deep as it is long.
    CHECK(tokens(repeat("${", 500000)) == "error at 128: nested deeper than 64 levels");
    CHECK(tokens(repeat("${oc.env:X,", 100000)) == "error at 352: nested deeper than 64 levels");
    CHECK(tokens("${oc.decode:" + repeat("[", 100000) + "}") == "error at 75: nested deeper than 64 levels");
    CHECK_NOTHROW(parse_template(repeat("${oc.env:X,", 30) + "d" + repeat("}", 30)));
}

TEST_CASE("parse_template reports an unterminated interpolation of a megabyte", "[limits]") {
    CHECK(tokens("${" + std::string(1 << 20, 'a')) ==
          "error at 1048578: unterminated '${': the closing '}' is missing");
}

TEST_CASE("parse_element stops nesting too", "[limits]") {
    try {
        parse_element(repeat("[", 1000));
        FAIL("no error");
    } catch (const ParseError& e) {
        CHECK(e.message == "nested deeper than 64 levels");
    }
}

TEST_CASE("parse_template limits the tokens of one value", "[limits]") {
    // 20 MB of '$' would be 20 million tokens.
    CHECK(tokens("${x}" + std::string(200000, '$')) == "error at 100001: more than 100000 tokens");
    CHECK(tokens("${" + std::string(200000, '.')) == "error at 100001: more than 100000 tokens");
    CHECK(tokens("${x" + repeat("[a]", 100000) + "}") == "error at 100001: more than 100000 tokens");
}

TEST_CASE("ParseError is a std::exception whose what() is its message") {
    try {
        parse_template("${a");
        FAIL("no error");
    } catch (const std::exception& e) {
        auto* parse_error = dynamic_cast<const ParseError*>(&e);
        REQUIRE(parse_error);
        CHECK(std::string(e.what()) == "unterminated '${': the closing '}' is missing");
        CHECK(parse_error->offset == 3);
    }
}
