// OmegaConf's interpolation grammar: a string value is parsed once into tokens
// (text, ${node.path}, ${resolver:args}) and evaluated later by evaluator.cpp.
// Follows omegaconf/grammar/OmegaConfGrammarParser.g4 over the tokens of
// interpolation_lexer.hpp: same rules, same escapes.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "gym_otel_env/core/value.hpp"
#include "gym_otel_env/omegaconf/interpolation_lexer.hpp"

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

// Parses `value` by the configValue rule. Throws ParseError with a column (from 1)
// inside `value` on a grammar error.
Template parse_template(std::string_view value);

// Parses `value` by the singleElement rule in value mode (what oc.decode does).
Element parse_element(std::string_view value);

// A printable form for tests: "text('a-') inter(node[.x])".
std::string dump(const Template& t);

// Throws Error when a string anywhere in `node` has a malformed interpolation, as
// OmegaConf does when it creates a config (it validates every string with "${").
// `path` is the key path of `node`, for the message.
void check_interpolations(const NodePtr& node, const std::string& path);

}  // namespace goe
