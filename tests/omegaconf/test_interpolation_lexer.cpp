#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "gym_otel_env/omegaconf/interpolation_lexer.hpp"

using goe::InterpolationLexer;
using Mode = InterpolationLexer::Mode;

namespace {

// The tokens of `text` up to eof, or up to the error and then the error.
std::string lexed(std::string_view text, Mode start) {
    InterpolationLexer lexer(text, start);
    std::vector<goe::Lexeme> tokens;
    try {
        do tokens.push_back(lexer.pull());
        while (tokens.back().kind != goe::Lexeme::Kind::eof);
    } catch (const goe::ParseError& e) {
        return (tokens.empty() ? "" : dump(tokens) + " ") + "error at " + std::to_string(e.offset) + ": " + e.message;
    }
    return dump(tokens);
}

}  // namespace

// Rows are what OmegaConf's own lexer (OmegaConfGrammarLexer under antlr4) gives for the
// same input, in its 2.3 form (where ID may contain '-'), but for the rows that say
// otherwise.
TEST_CASE("InterpolationLexer: DEFAULT_MODE, the text around interpolations") {
    auto [text, tokens] = GENERATE(table<std::string, std::string>({
        {"", "eof"},
        {"abc", "any_str('abc') eof"},
        {"a$b", "any_str('a') any_str('$') any_str('b') eof"},
        {"$", "any_str('$') eof"},
        {"$$", "any_str('$') any_str('$') eof"},
        {"}", "any_str('}') eof"},
        {"a${b}c", "any_str('a') inter_open('${') id('b') inter_close('}') any_str('c') eof"},
        {"${a}}", "inter_open('${') id('a') inter_close('}') any_str('}') eof"},
        {"${a", "inter_open('${') id('a') eof"},  // the parser, not the lexer, finds the '}' missing
        // Backslashes: escaped only before an interpolation, in pairs.
        {"\\${a}", "esc_inter('\\${') any_str('a}') eof"},
        {"\\\\${a}", "top_esc('\\\\') inter_open('${') id('a') inter_close('}') eof"},
        {"\\\\\\${a}", "esc_inter('\\\\\\${') any_str('a}') eof"},
        {"\\\\", "top_esc('\\\\') eof"},
        {"a\\", "any_str('a') any_str('\\') eof"},
        {"a\\\\b", "any_str('a\\\\b') eof"},
    }));
    CAPTURE(text);
    CHECK(lexed(text, Mode::top) == tokens);
}

TEST_CASE("InterpolationLexer: INTERPOLATION_MODE, keys and resolver names") {
    auto [text, tokens] = GENERATE(table<std::string, std::string>({
        {"${ a }", "inter_open('${ ') id('a') inter_close(' }') eof"},
        {"${a }", "inter_open('${') id('a') inter_close(' }') eof"},
        {"${a.b[0]}",
         "inter_open('${') id('a') dot('.') id('b') bracket_open('[') inter_key('0') bracket_close(']') "
         "inter_close('}') eof"},
        {"${..a}", "inter_open('${') dot('.') dot('.') id('a') inter_close('}') eof"},
        {"${a.${b}}",
         "inter_open('${') id('a') dot('.') inter_open('${') id('b') inter_close('}') inter_close('}') eof"},
        // A tie between ID and INTER_KEY goes to ID, written first; INTER_KEY takes any
        // byte but its specials.
        {"${a-b_1}", "inter_open('${') id('a-b_1') inter_close('}') eof"},
        {"${a-b.c}", "inter_open('${') id('a-b') dot('.') id('c') inter_close('}') eof"},
        {"${a/b}", "inter_open('${') inter_key('a/b') inter_close('}') eof"},
        {"${1}", "inter_open('${') inter_key('1') inter_close('}') eof"},
        {"${\xc3\xa9}", "inter_open('${') inter_key('\xc3\xa9') inter_close('}') eof"},
        {"${a:b}", "inter_open('${') id('a') colon(':') id('b') brace_close('}') eof"},
        {"${a: b }", "inter_open('${') id('a') colon(': ') id('b') brace_close(' }') eof"},
        {"${a:}", "inter_open('${') id('a') colon(':') brace_close('}') eof"},
        {"${oc.env:X,1}",
         "inter_open('${') id('oc') dot('.') id('env') colon(':') id('X') comma(',') int('1') brace_close('}') eof"},
        // antlr4 quotes ' b', the characters it read before it gave up; this lexer quotes
        // the one it stopped at.
        {"${a b}", "inter_open('${') id('a') error at 3: token recognition error at: ' '"},
    }));
    CAPTURE(text);
    CHECK(lexed(text, Mode::top) == tokens);
}

TEST_CASE("InterpolationLexer: VALUE_MODE, a resolver's arguments") {
    auto [text, tokens] = GENERATE(table<std::string, std::string>({
        {"${f:1,2.5,-3,1e3,inf,NaN,true,False,null,NULL}",
         "inter_open('${') id('f') colon(':') int('1') comma(',') float('2.5') comma(',') int('-3') comma(',') "
         "float('1e3') comma(',') float('inf') comma(',') float('NaN') comma(',') bool('true') comma(',') "
         "bool('False') comma(',') null('null') comma(',') null('NULL') brace_close('}') eof"},
        // Numbers: the longest match, single '_' between digits, no leading zeros.
        {"${f:1_000,0_1,01}",
         "inter_open('${') id('f') colon(':') int('1_000') comma(',') int('0') id('_1') comma(',') int('0') int('1') "
         "brace_close('}') eof"},
        {"${f:.5,5.,1.e2,1_0.0_1e-1_0}",
         "inter_open('${') id('f') colon(':') float('.5') comma(',') float('5.') comma(',') float('1.e2') comma(',') "
         "float('1_0.0_1e-1_0') brace_close('}') eof"},
        {"${f:+inf,-nan,infinity}",
         "inter_open('${') id('f') colon(':') float('+inf') comma(',') float('-nan') comma(',') id('infinity') "
         "brace_close('}') eof"},
        {"${f:trueish,nullx}",
         "inter_open('${') id('f') colon(':') id('trueish') comma(',') id('nullx') brace_close('}') eof"},
        // White space belongs to the punctuation around it, or is WS between words.
        {"${f:a b}", "inter_open('${') id('f') colon(':') id('a') ws(' ') id('b') brace_close('}') eof"},
        {"${f:a-b,-a}",
         "inter_open('${') id('f') colon(':') id('a-b') comma(',') unquoted_char('-') id('a') brace_close('}') eof"},
        {"${f: x }", "inter_open('${') id('f') colon(': ') id('x') brace_close(' }') eof"},
        {"${f:1 , 2}", "inter_open('${') id('f') colon(':') int('1') comma(' , ') int('2') brace_close('}') eof"},
        {"${f:http://h:80}",
         "inter_open('${') id('f') colon(':') id('http') colon(':') unquoted_char('/') unquoted_char('/') id('h') "
         "colon(':') int('80') brace_close('}') eof"},
        {"${f:/-\\+.$%*@?|}",
         "inter_open('${') id('f') colon(':') unquoted_char('/') unquoted_char('-') unquoted_char('\\') "
         "unquoted_char('+') unquoted_char('.') unquoted_char('$') unquoted_char('%') unquoted_char('*') "
         "unquoted_char('@') unquoted_char('?') unquoted_char('|') brace_close('}') eof"},
        {"${f:a\\,b}", "inter_open('${') id('f') colon(':') id('a') esc('\\,') id('b') brace_close('}') eof"},
        {"${f:\\(\\)\\[\\]\\{\\}\\:\\=\\ }",
         "inter_open('${') id('f') colon(':') esc('\\(\\)\\[\\]\\{\\}\\:\\=\\ ') brace_close('}') eof"},
        {"${f:[1,{a:2}]}",
         "inter_open('${') id('f') colon(':') bracket_open('[') int('1') comma(',') brace_open('{') id('a') colon(':') "
         "int('2') brace_close('}') bracket_close(']') brace_close('}') eof"},
        {"${f:{}}", "inter_open('${') id('f') colon(':') brace_open('{') brace_close('}') brace_close('}') eof"},
        {"${f:[]}", "inter_open('${') id('f') colon(':') bracket_open('[') bracket_close(']') brace_close('}') eof"},
        {"${f:${g:}}",
         "inter_open('${') id('f') colon(':') inter_open('${') id('g') colon(':') brace_close('}') brace_close('}') "
         "eof"},
        // No rule takes '=' or a character outside ASCII; the error quotes the whole character.
        {"${f:a=b}", "inter_open('${') id('f') colon(':') id('a') error at 5: token recognition error at: '='"},
        {"${f:\xc3\xa9}", "inter_open('${') id('f') colon(':') error at 4: token recognition error at: '\xc3\xa9'"},
        {"${f:\xf0\x9f\x98\x80}",
         "inter_open('${') id('f') colon(':') error at 4: token recognition error at: '\xf0\x9f\x98\x80'"},
    }));
    CAPTURE(text);
    CHECK(lexed(text, Mode::top) == tokens);
}

TEST_CASE("InterpolationLexer: the quoted modes") {
    auto [text, tokens] = GENERATE(table<std::string, std::string>({
        {"${a:'b'}",
         "inter_open('${') id('a') colon(':') quote_open(''') any_str('b') quote_close(''') brace_close('}') eof"},
        {"${f:'a,b'}",
         "inter_open('${') id('f') colon(':') quote_open(''') any_str('a,b') quote_close(''') brace_close('}') eof"},
        {"${f:\"'\"}",
         "inter_open('${') id('f') colon(':') quote_open('\"') any_str(''') quote_close('\"') brace_close('}') eof"},
        {"${f:'a\\'b'}",
         "inter_open('${') id('f') colon(':') quote_open(''') any_str('a') esc('\\'') any_str('b') quote_close(''') "
         "brace_close('}') eof"},
        {"${f:\"x\\\"y\"}",
         "inter_open('${') id('f') colon(':') quote_open('\"') any_str('x') esc('\\\"') any_str('y') quote_close('\"') "
         "brace_close('}') eof"},
        {"${f:'${a}'}",
         "inter_open('${') id('f') colon(':') quote_open(''') inter_open('${') id('a') inter_close('}') "
         "quote_close(''') "
         "brace_close('}') eof"},
        {"${f:'a$b'}",
         "inter_open('${') id('f') colon(':') quote_open(''') any_str('a') any_str('$') any_str('b') quote_close(''') "
         "brace_close('}') eof"},
        // Pairs of backslashes are QUOTED_ESC before an interpolation or the closing quote.
        {"${f:'\\\\${a}'}",
         "inter_open('${') id('f') colon(':') quote_open(''') quoted_esc('\\\\') inter_open('${') id('a') "
         "inter_close('}') quote_close(''') brace_close('}') eof"},
        {"${f:'a\\\\'}",
         "inter_open('${') id('f') colon(':') quote_open(''') any_str('a') quoted_esc('\\\\') quote_close(''') "
         "brace_close('}') eof"},
        {"${f:'a\\\\b'}",
         "inter_open('${') id('f') colon(':') quote_open(''') any_str('a\\\\b') quote_close(''') brace_close('}') eof"},
        {"${f:'}", "inter_open('${') id('f') colon(':') quote_open(''') any_str('}') eof"},
    }));
    CAPTURE(text);
    CHECK(lexed(text, Mode::top) == tokens);
}

TEST_CASE("InterpolationLexer: starting in VALUE_MODE, as oc.decode reads a value") {
    auto [text, tokens] = GENERATE(table<std::string, std::string>({
        {"", "eof"},
        {"1", "int('1') eof"},
        {"a b ", "id('a') ws(' ') id('b') ws(' ') eof"},
        {"[1, 2]", "bracket_open('[') int('1') comma(', ') int('2') bracket_close(']') eof"},
        {"{a: 1}", "brace_open('{') id('a') colon(': ') int('1') brace_close('}') eof"},
        {"'x'", "quote_open(''') any_str('x') quote_close(''') eof"},
        {"${x}", "inter_open('${') id('x') inter_close('}') eof"},
        // antlr4 fails on its empty mode stack ("Empty Stack").
        {"}", "error at 0: unbalanced closing brace"},
    }));
    CAPTURE(text);
    CHECK(lexed(text, Mode::value) == tokens);
}

TEST_CASE("InterpolationLexer::pull stops at kMaxInterpolationTokens", "[limits]") {
    std::string many(goe::kMaxInterpolationTokens + 1, '$');
    CHECK(lexed(many, Mode::top).ends_with("error at 100000: more than 100000 tokens"));
    CHECK(lexed(std::string(goe::kMaxInterpolationTokens, '$'), Mode::top).ends_with("any_str('$') eof"));
}
