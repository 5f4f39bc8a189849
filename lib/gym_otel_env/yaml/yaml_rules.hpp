// Where yaml-cpp and PyYAML's pure-Python SafeLoader (OmegaConf's loader) read a value
// differently, fixed beside the parser: the line breaks PyYAML reads that yaml-cpp does
// not, the escapes \N and \_, block scalars kept with `>+`, U+2028 and U+2029 in quoted
// and plain scalars, and columns counted in characters. The documents PyYAML refuses are
// pyyaml_scan's. Each rule is a row of tests/yaml/test_yaml_rules.cpp or test_parse.cpp.
#pragma once

#include <string>
#include <string_view>

namespace goe {

// `text` with each line break PyYAML reads and yaml-cpp does not written as one yaml-cpp
// reads, every byte offset kept: a lone CR as LF, NEL (U+0085) as CR LF. PyYAML reads
// both as "\n" everywhere, inside quoted and block scalars too.
std::string normalize_line_breaks(std::string_view text);

// A scalar's value as PyYAML reads it: yaml-cpp writes the escapes \N and \_ as the
// single bytes 0x85 and 0xA0, PyYAML as the characters U+0085 and U+00A0. The text was
// checked to be UTF-8, so a byte that is not part of a UTF-8 sequence came from them.
std::string pyyaml_escapes(std::string value);

// A block scalar's value as PyYAML reads it: yaml-cpp drops one of the trailing line
// breaks a folded scalar with keep chomping (`>+`) keeps when blank lines end it.
// `pos` is the offset of the scalar's indicator in `text` (normalized).
std::string pyyaml_block_scalar(std::string value, std::string_view text, size_t pos);

// A quoted scalar's value as PyYAML reads it: U+2028 and U+2029 written raw are line
// breaks that fold, kept themselves but without the spaces and tabs around them
// (`"a<U+2029>  b"` is 'a\u2029b'); yaml-cpp keeps those spaces. A double-quoted
// scalar with escapes is left as yaml-cpp read it: `\L` gives the same character.
// `pos` is the offset of the opening quote in `text`.
std::string pyyaml_quoted_breaks(std::string value, std::string_view text, size_t pos);

// A plain scalar's value as PyYAML reads it when it goes on over a U+2028 or U+2029:
// yaml-cpp, which read those as "\n", folded them into a space or newlines; PyYAML keeps
// them (`a: x<U+2028>  y` is 'x\u2028y'). `pos` is the offset of the scalar in `text`;
// `value` is yaml-cpp's.
std::string pyyaml_plain_breaks(const std::string& value, std::string_view text, size_t pos);

// Where a node's content starts in `text` (normalized) when yaml-cpp's mark for it is at
// `pos`: yaml-cpp marks a node where its properties (an anchor, a tag) start, and the
// content follows them after blanks, line breaks and comments (`&a !!str x`).
size_t after_properties(std::string_view text, size_t pos);

// The column, counted in characters from 1, of the byte at offset `pos`, which is
// `byte_column` bytes (from 1) into its line: yaml-cpp counts bytes, PyYAML characters.
int char_column(std::string_view text, size_t pos, int byte_column);

}  // namespace goe
