#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "gym_otel_env/error.hpp"
#include "gym_otel_env/render.hpp"

namespace {

using goe::Format;

goe::Export make(std::string name, std::string value) {
    return goe::Export{std::move(name), std::move(value), goe::Export::Source::config, goe::Origin{"c.yaml", 3, 16}, {}};
}

std::string token() { return "0123456789abcdef"; }

// One variable rendered alone.
std::string one(Format format, const std::string& value, const std::string& name = "V") {
    return goe::render({make(name, value)}, format, token);
}

std::string error_text(Format format, const std::string& value) {
    try {
        one(format, value, "OTEL_SERVICE_NAME");
    } catch (const goe::Error& e) {
        return e.what();
    }
    return "(no error)";
}

}  // namespace

TEST_CASE("parse_format knows the five formats") {
    CHECK(goe::parse_format("sh") == Format::sh);
    CHECK(goe::parse_format("fish") == Format::fish);
    CHECK(goe::parse_format("json") == Format::json);
    CHECK(goe::parse_format("dotenv") == Format::dotenv);
    CHECK(goe::parse_format("github") == Format::github);
    CHECK_FALSE(goe::parse_format("bash").has_value());
}

TEST_CASE("render_failure prints false for the shells only") {
    CHECK(goe::render_failure(Format::sh) == "false\n");
    CHECK(goe::render_failure(Format::fish) == "false\n");
    CHECK(goe::render_failure(Format::json).empty());
    CHECK(goe::render_failure(Format::dotenv).empty());
    CHECK(goe::render_failure(Format::github).empty());
}

TEST_CASE("render sh: simple values read naturally, single-quoted") {
    CHECK(one(Format::sh, "my-gym", "OTEL_SERVICE_NAME") == "export OTEL_SERVICE_NAME='my-gym';\n");
    CHECK(one(Format::sh, "") == "export V='';\n");
    CHECK(one(Format::sh, "a b") == "export V='a b';\n");
    CHECK(one(Format::sh, " lead") == "export V=' lead';\n");
    CHECK(one(Format::sh, "it's") == "export V='it'\"'\"'s';\n");
    CHECK(one(Format::sh, "$HOME `id` \\ ~ # ; & | {a,b} ! %") == "export V='$HOME `id` \\ ~ # ; & | {a,b} ! %';\n");
    CHECK(one(Format::sh, "http://collector:4317") == "export V='http://collector:4317';\n");
    CHECK(one(Format::sh, "gr\xc3\xbc\xc3\x9f" "e") == "export V='gr\xc3\xbc\xc3\x9f" "e';\n");
    CHECK(one(Format::sh, "-n") == "export V='-n';\n");
}

TEST_CASE("render sh: what unquoted eval would change goes through printf octal escapes") {
    CHECK(one(Format::sh, "a  b") == "export V=\"$(printf 'a\\040\\040b')\";\n");
    CHECK(one(Format::sh, "a\tb") == "export V=\"$(printf 'a\\011b')\";\n");
    CHECK(one(Format::sh, "*.yaml") == "export V=\"$(printf '\\052.yaml')\";\n");
    CHECK(one(Format::sh, "a?[b]") == "export V=\"$(printf 'a\\077\\133b]')\";\n");
    CHECK(one(Format::sh, "@(x)") == "export V=\"$(printf '@\\050x)')\";\n");
    CHECK(one(Format::sh, "\x01\x7f") == "export V=\"$(printf '\\001\\177')\";\n");
    CHECK(one(Format::sh, "it's  \\") == "export V=\"$(printf 'it\\047s\\040\\040\\134')\";\n");
    CHECK(one(Format::sh, "%s  %d") == "export V=\"$(printf '%%s\\040\\040%%d')\";\n");
}

TEST_CASE("render sh: non-ASCII bytes in a printf format are octal too") {
    CHECK(one(Format::sh, "\xc3\xbc\t") == "export V=\"$(printf '\\303\\274\\011')\";\n");
    CHECK(one(Format::sh, "\xff") == "export V='\xff';\n");
}

TEST_CASE("render sh: regression: a leading dash in the printf format was taken for an option") {
    CHECK(one(Format::sh, "-v  x") == "export V=\"$(printf '\\055v\\040\\040x')\";\n");
    CHECK(one(Format::sh, "--\t") == "export V=\"$(printf '\\055-\\011')\";\n");
}

TEST_CASE("render sh: trailing newlines survive $(...) through a guard byte") {
    CHECK(one(Format::sh, "a\n") == "V=\"$(printf 'a\\012_')\"; export V=\"${V%_}\";\n");
    CHECK(one(Format::sh, "\n\n") == "V=\"$(printf '\\012\\012_')\"; export V=\"${V%_}\";\n");
    CHECK(one(Format::sh, "-\n") == "V=\"$(printf '\\055\\012_')\"; export V=\"${V%_}\";\n");
}

TEST_CASE("render sh: one statement per variable, in order") {
    auto out = goe::render({make("A", "1"), make("B", "x y")}, Format::sh, token);
    CHECK(out == "export A='1';\nexport B='x y';\n");
    CHECK(goe::render({}, Format::sh, token).empty());
}

TEST_CASE("render fish: single quotes with only \\\\ and \\' escaped") {
    CHECK(one(Format::fish, "my-gym") == "set -gx V 'my-gym';\n");
    CHECK(one(Format::fish, "it's \\ $x") == "set -gx V 'it\\'s \\\\ $x';\n");
    CHECK(one(Format::fish, "a\n\tb\n") == "set -gx V 'a\n\tb\n';\n");
    CHECK(one(Format::fish, "") == "set -gx V '';\n");
}

TEST_CASE("render json: one object, UTF-8 as is, control bytes escaped") {
    auto out = goe::render({make("A", "1"), make("B", "q\"b\\n\n\t\x01\x7f\xc3\xbc")}, Format::json, token);
    CHECK(out == "{\"A\": \"1\", \"B\": \"q\\\"b\\\\n\\n\\t\\u0001\\u007f\xc3\xbc\"}\n");
    CHECK(goe::render({}, Format::json, token) == "{}\n");
}

TEST_CASE("render json: a byte outside UTF-8 becomes its surrogateescape code point") {
    CHECK(one(Format::json, "a\xff") == "{\"V\": \"a\\udcff\"}\n");
    CHECK(one(Format::json, "\xc3") == "{\"V\": \"\\udcc3\"}\n");           // truncated
    CHECK(one(Format::json, "\xc0\xaf") == "{\"V\": \"\\udcc0\\udcaf\"}\n");  // overlong
    CHECK(one(Format::json, "\xed\xa0\x80") == "{\"V\": \"\\udced\\udca0\\udc80\"}\n");  // surrogate
    CHECK(one(Format::json, "\xf4\x90\x80\x80") == "{\"V\": \"\\udcf4\\udc90\\udc80\\udc80\"}\n");  // > U+10FFFF
    CHECK(one(Format::json, "\xf0\x9f\x8e\x89") == "{\"V\": \"\xf0\x9f\x8e\x89\"}\n");
}

TEST_CASE("render dotenv: unquoted when docker and dotenv readers take it as is") {
    CHECK(one(Format::dotenv, "my-gym") == "V=my-gym\n");
    CHECK(one(Format::dotenv, "") == "V=\n");
    CHECK(one(Format::dotenv, "a b") == "V=a b\n");
    CHECK(one(Format::dotenv, "it's \"x\" $y \\n") == "V=it's \"x\" $y \\n\n");
    CHECK(one(Format::dotenv, "k1=v1,k2=v2") == "V=k1=v1,k2=v2\n");
    CHECK(one(Format::dotenv, "caf\xc3\xa9") == "V=caf\xc3\xa9\n");
}

TEST_CASE("render dotenv: quoted when an unquoted value would be read changed") {
    CHECK(one(Format::dotenv, " lead") == "V=' lead'\n");
    CHECK(one(Format::dotenv, "trail ") == "V='trail '\n");
    CHECK(one(Format::dotenv, "\xc2\xa0nbsp") == "V='\xc2\xa0nbsp'\n");
    CHECK(one(Format::dotenv, "a#b") == "V='a#b'\n");
    CHECK(one(Format::dotenv, "'x") == "V=\"'x\"\n");
    CHECK(one(Format::dotenv, "\"x\"") == "V='\"x\"'\n");
    CHECK(one(Format::dotenv, "a\tb") == "V='a\tb'\n");
    CHECK(one(Format::dotenv, "#a\\b") == "V='#a\\b'\n");
}

TEST_CASE("render dotenv: multi-line values on one line with \\n, else literal in single quotes") {
    CHECK(one(Format::dotenv, "a\nb\n") == "V=\"a\\nb\\n\"\n");
    CHECK(one(Format::dotenv, "x\ry'") == "V=\"x\\ry'\"\n");
    CHECK(one(Format::dotenv, "\"x\"\n") == "V='\"x\"\n'\n");
    CHECK(one(Format::dotenv, "a\\\n") == "V='a\\\n'\n");
}

TEST_CASE("render dotenv: refuses what no dotenv quoting carries, naming where it was written") {
    CHECK(error_text(Format::dotenv, "'\"'\"'") ==
          "c.yaml:3:16: OTEL_SERVICE_NAME: cannot be written as dotenv: it needs quotes, and npm dotenv or "
          "python-dotenv would read it back changed from both single and double quotes; use --format sh, fish or "
          "json");
    CHECK(error_text(Format::dotenv, "#a\\\\b'") != "(no error)");
    CHECK(error_text(Format::dotenv, "a\xff") ==
          "c.yaml:3:16: OTEL_SERVICE_NAME: cannot be written as dotenv: it is not UTF-8, and dotenv files are read "
          "as UTF-8; use --format sh, fish or json");
}

TEST_CASE("render github: NAME=VALUE for one line, else a heredoc with a random delimiter") {
    CHECK(one(Format::github, "my gym") == "V=my gym\n");
    CHECK(one(Format::github, "") == "V=\n");
    CHECK(one(Format::github, "a<<b") == "V=a<<b\n");
    CHECK(one(Format::github, "a\nb\n") == "V<<ghadelimiter_0123456789abcdef\na\nb\n\nghadelimiter_0123456789abcdef\n");
    CHECK(one(Format::github, "x\r") == "V<<ghadelimiter_0123456789abcdef\nx\r\nghadelimiter_0123456789abcdef\n");
}

TEST_CASE("render github: a delimiter that occurs in the value is drawn again") {
    std::vector<std::string> tokens{"aaaa", "bbbb"};
    size_t next = 0;
    auto out = goe::render({make("V", "ghadelimiter_aaaa\nx")}, Format::github, [&] { return tokens.at(next++); });
    CHECK(out == "V<<ghadelimiter_bbbb\nghadelimiter_aaaa\nx\nghadelimiter_bbbb\n");
}

TEST_CASE("render github: refuses a value that is not UTF-8") {
    CHECK(error_text(Format::github, "\xc3(") ==
          "c.yaml:3:16: OTEL_SERVICE_NAME: cannot be written for $GITHUB_ENV: it is not UTF-8, and the runner "
          "reads the file as UTF-8; use --format sh, fish or json");
}
