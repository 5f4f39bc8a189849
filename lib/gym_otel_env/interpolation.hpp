// OmegaConf's interpolation grammar: a string value is parsed once into tokens
// (text, ${node.path}, ${resolver:args}) and evaluated later by resolve.cpp.
// Follows omegaconf/grammar/OmegaConfGrammar{Lexer,Parser}.g4: same lexer modes,
// same longest-match rule, same escapes.
#pragma once

#include <exception>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace goe {

struct Interpolation;

// One lexer token kept by the parser. `text` is the token's source text.
struct Token {
    enum class Kind {
        text,        // ANY_STR: literal
        esc,         // ESC: always un-escaped (\, \: ...)
        esc_inter,   // ESC_INTER: \${ -> ${
        top_esc,     // TOP_ESC: even backslashes, halved only before an interpolation
        quoted_esc,  // QUOTED_ESC: halved before an interpolation or the closing quote
        id,
        null_,
        integer,
        real,
        boolean,
        unquoted_char,
        colon,
        ws,
        interpolation,
    };
    Kind kind;
    std::string text;
    std::shared_ptr<Interpolation> inter;  // kind == interpolation
};

// An element of a resolver's argument list.
struct Element {
    enum class Kind { primitive, quoted, list, dict, empty };
    Kind kind = Kind::primitive;
    std::vector<Token> tokens;             // primitive, quoted (the quoted text)
    std::vector<Element> items;            // list; dict values
    std::vector<std::vector<Token>> keys;  // dict keys (primitive tokens)
};

struct Interpolation {
    enum class Kind { node, resolver };
    Kind kind = Kind::node;
    // node: the key path as pieces; a piece is literal text (dots, brackets, names)
    // or a nested interpolation whose value names a key.
    std::vector<Token> key;
    // resolver: name pieces joined by '.', each an id or a nested interpolation.
    std::vector<Token> name;
    std::vector<Element> args;
};

// A parsed string value: the top-level text rule.
struct Template {
    std::vector<Token> tokens;
};

// Deepest nesting of ${...}, lists, dicts and quotes inside one value.
constexpr size_t kMaxInterpolationNesting = 64;
// Most lexer tokens in one value (a token is at least one byte, often just one).
constexpr size_t kMaxInterpolationTokens = 100'000;

// True when OmegaConf treats the string as an interpolation (it contains "${").
bool has_interpolation(std::string_view value);

// Parses `value` by the configValue rule. Throws ParseError with a column (from 1)
// inside `value` on a grammar error.
Template parse_template(std::string_view value);

// Parses `value` by the singleElement rule in value mode (what oc.decode does).
Element parse_element(std::string_view value);

// A grammar error inside one value. Not an Error: it has no origin yet; the stage that
// parsed a config's value adds the origin and key path.
struct ParseError : std::exception {
    ParseError(std::string what, size_t at) : message(std::move(what)), offset(at) {}
    const char* what() const noexcept override { return message.c_str(); }

    std::string message;
    size_t offset = 0;
};

// A printable form for tests: "text('a-') inter(node[.x])".
std::string dump(const Template& t);

}  // namespace goe
