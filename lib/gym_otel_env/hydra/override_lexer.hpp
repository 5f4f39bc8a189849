// Hydra 1.3's override lexer (hydra/grammar/OverrideLexer.g4): one command-line token
// such as `+db.port=[1, 2]` -> lexer tokens. The key part is lexed in Hydra's KEY mode,
// everything after the first `=` in its VALUE mode, with ANTLR's rule: the longest
// match wins, a tie goes to the rule written first.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace goe {

struct OverrideToken {
    enum class Kind {
        // KEY mode
        equal,
        tilde,
        plus,
        at,
        colon,
        slash,
        id,
        key_special,
        dot_path,
        // VALUE mode (colon and equal are shared, as the grammar's `-> type(...)` does)
        popen,
        comma,
        pclose,
        bracket_open,
        bracket_close,
        brace_open,
        brace_close,
        real,
        integer,
        boolean,
        null_,
        unquoted_char,
        esc,
        ws,
        quoted,
        interpolation,
        eof,
        // No rule matches at `offset`: ANTLR's "token recognition error". The parser
        // reports it when it gets there, as ANTLR's lazily lexing parser does.
        error,
    };
    Kind kind;
    std::string text;  // the token's source text
    size_t offset;     // byte offset in the override token
};

// Every token of `text`, ending with eof, or with error where lexing stopped.
std::vector<OverrideToken> lex_override(std::string_view text);

// A printable form for tests: "plus('+') id('a') equal('=') integer('1') eof".
std::string dump(const std::vector<OverrideToken>& tokens);

}  // namespace goe
