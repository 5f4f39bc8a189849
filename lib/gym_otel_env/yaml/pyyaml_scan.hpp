// PyYAML's scanner rules, run over the text beside yaml-cpp: the documents PyYAML refuses
// that yaml-cpp accepts (tabs between tokens, anchor names, duplicate anchors, empty flow
// entries, a directive without `---`, a simple key without ':'), and the spaces yaml-cpp
// needs to end a token where PyYAML does. Each rule is a row of tests/yaml/test_parse.cpp
// with PyYAML's verdict.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "gym_otel_env/core/error.hpp"

namespace goe {

// What a scan of the text by PyYAML's scanner rules found, for the parser to read it as
// PyYAML does: the spaces, line breaks and tags where yaml-cpp's reading would differ,
// the last token, and the first thing PyYAML refuses. Empty for nearly every document,
// which then is parsed as it is.
struct PyYamlScan {
    // Spaces yaml-cpp needs where PyYAML ends a token without one: after an anchor or
    // alias name before `?` or `:` (`*x: 2` is the alias x as a key; yaml-cpp reads the
    // name `x:`), and after a `?` or `:` indicator in a flow collection (`[?x]`,
    // `{a:[1]}`; yaml-cpp wants a blank after them). A space there changes nothing for
    // PyYAML. Their offsets in the spaced text, ascending.
    std::vector<size_t> at;
    // Offsets in `text` of the U+2028 and U+2029 that are line breaks between tokens or
    // in a plain scalar (not in a quoted or block scalar). yaml-cpp reads each as "  \n",
    // the same three bytes, so that its lines are PyYAML's.
    std::vector<size_t> breaks;
    // Offsets in `text` of the nodes whose tag is the non-specific `!` (`! x`, `&a ! x`),
    // ascending: where the node's properties start, as yaml-cpp's mark for it.
    std::vector<size_t> non_specific;
    // The first character of the last token read (0: none), comments and blanks aside:
    // what a flow collection left open at the end was waiting for after it.
    char last_token = 0;
    // Where a quoted scalar that the text never closes opens (line, column): PyYAML names
    // that place ("while scanning a quoted scalar") beside the end of the text. {0, 0}: none.
    std::pair<int, int> open_quote{0, 0};

    // The first thing PyYAML refuses in the text that yaml-cpp would accept, if any; the
    // spaces above are those before it. PyYAML's scanner reads lazily, so a syntax error
    // yaml-cpp finds before that token is reported instead, and any one before OmegaConf's.
    std::optional<Error> refused;
    std::pair<int, int> refused_from{0, 0};  // line and column where the refused token starts
    bool refused_syntax = true;              // false: OmegaConf's refusal (a null key), after PyYAML's

    // The text yaml-cpp reads: `text` with the spaces.
    std::string apply(std::string_view text) const;
    // A yaml-cpp position in that text (byte offset, byte column from 0) as the same
    // position in `text`; an inserted space maps to the character after it.
    std::pair<size_t, int> original(size_t pos, int column) const;
};

// The spaces yaml-cpp needs to read `text` (normalized) as PyYAML does, and the first
// thing PyYAML refuses there that yaml-cpp would accept, as an Error with the line and the
// column in characters. `ascii`: every byte of `text` is ASCII (a byte is a column).
// `whole_lines`: an ordinary `key: value` line is read in one step, which must come to
// the same as reading it token by token (false; the tests compare the two).
PyYamlScan check_yaml_rules(std::string_view text, const std::string& name, bool ascii, bool whole_lines = true);

}  // namespace goe
