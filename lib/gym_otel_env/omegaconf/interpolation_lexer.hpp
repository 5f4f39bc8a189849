// The lexer of OmegaConf's interpolation grammar (omegaconf/grammar/OmegaConfGrammarLexer.g4):
// its five modes, its token types after the `-> type(...)` remaps, ANTLR's rule that the
// longest match wins and a tie goes to the rule written first. interpolation.cpp's
// parser pulls the tokens one at a time.
#pragma once

#include <exception>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace goe {

// Most lexer tokens in one value (a token is at least one byte, often just one).
constexpr size_t kMaxInterpolationTokens = 100'000;

// A grammar error inside one value, at a byte offset in it. Not an Error: it has no
// origin yet; the stage that parsed a config's value adds the origin and key path.
struct ParseError : std::exception {
    ParseError(std::string what, size_t at) : message(std::move(what)), offset(at) {}
    const char* what() const noexcept override { return message.c_str(); }

    std::string message;
    size_t offset = 0;
};

struct Lexeme {
    // clang-format off
    enum class Kind {
        inter_open, inter_close, brace_open, brace_close, quote_open, quote_close, comma,
        bracket_open, bracket_close, colon, dot, real, integer, boolean, null_, unquoted_char,
        id, inter_key, esc, ws, any_str, esc_inter, top_esc, quoted_esc, eof
    };
    // clang-format on
    Kind kind;
    std::string text;  // the token's source text
    size_t offset;     // byte offset in the value
};

class InterpolationLexer {
public:
    // The grammar's modes: DEFAULT_MODE (top), VALUE_MODE (a resolver's arguments),
    // INTERPOLATION_MODE (a key or a resolver name), and the two quoted-string modes.
    enum class Mode { top, value, inter, single_quoted, double_quoted };

    InterpolationLexer(std::string_view text, Mode start) : s_(text), modes_{start} {}

    // The next token, or eof (again and again at the end). Throws ParseError where no
    // rule matches. Tokens are made as the parser asks for them, so that its nesting
    // limit comes before the lexer has read a megabyte of "${".
    Lexeme pull();

private:
    Lexeme next();
    Lexeme next_text(char quote);
    Lexeme next_inter();
    Lexeme next_value();
    Lexeme emit(Lexeme::Kind kind, size_t len);
    void pop();
    [[noreturn]] void fail() const;

    // Lengths of what the rules match at `p`, 0 for no match.
    size_t ws_at(size_t p) const;
    bool at(size_t p, std::string_view lit) const { return s_.substr(p, lit.size()) == lit; }
    size_t ws_char(size_t p, char c, bool trailing_ws) const;
    size_t id_len(size_t p) const;
    size_t digits(size_t p) const;
    size_t int_unsigned(size_t p) const;
    std::vector<size_t> point_floats(size_t p) const;
    size_t exponent_at(size_t p) const;
    size_t keyword(size_t p, std::string_view word) const;
    size_t float_len(size_t p) const;
    size_t int_len(size_t p) const;
    size_t esc_len(size_t p) const;

    std::string_view s_;
    size_t p_ = 0;
    size_t count_ = 0;
    std::vector<Mode> modes_;
};

// A printable form for tests: "inter_open('${') id('a') inter_close('}') eof".
std::string dump(const std::vector<Lexeme>& lexemes);

}  // namespace goe
