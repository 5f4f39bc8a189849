// Text helpers every stage shares: ASCII classes and case, trim and split, UTF-8 read
// as Python reads bytes, and the edit distance behind "did you mean".
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace goe {

// ---- ASCII ----------------------------------------------------------------------------
// The grammars read here (YAML 1.1's resolvers, OmegaConf's, Hydra's) are ASCII, and so
// are these classes, whatever the locale.

constexpr bool is_digit(char c) { return c >= '0' && c <= '9'; }
constexpr bool is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
constexpr bool is_hex_digit(char c) { return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }
// A space or a tab: WS in OmegaConf's and Hydra's grammars.
constexpr bool is_blank(char c) { return c == ' ' || c == '\t'; }

// ASCII letters lower-cased, other bytes kept (the case folding every rule here uses).
constexpr char ascii_lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }
std::string ascii_lower(std::string_view text);

// C's isspace.
inline constexpr std::string_view kAsciiSpace = " \t\n\v\f\r";
// What Python's str.strip() removes among ASCII: isspace's, and \x1c to \x1f.
inline constexpr std::string_view kPythonAsciiSpace = " \t\n\v\f\r\x1c\x1d\x1e\x1f";

// `text` without the leading and trailing bytes found in `space`.
std::string_view trim(std::string_view text, std::string_view space = kAsciiSpace);

// Python's str.split(sep): every piece, the empty ones too ("" is one empty piece).
std::vector<std::string> split(std::string_view text, char sep);

// The digits of a number literal without its '_' separators.
std::string without_underscores(std::string_view text);

// ---- UTF-8 ----------------------------------------------------------------------------
// Values are bytes. Where Python would see a str (os.environ, sys.argv, a file opened as
// UTF-8) a byte outside a well-formed sequence is a character of its own.

constexpr bool is_continuation(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

struct Decoded {
    char32_t code_point = 0;
    size_t length = 0;  // 0: no well-formed sequence starts there
};

// The well-formed sequence at text[i] (RFC 3629: the shortest form, no surrogates,
// nothing above U+10FFFF), or length 0.
Decoded decode_utf8(std::string_view text, size_t i);

bool valid_utf8(std::string_view text);

// The code points of `text`, a byte outside a well-formed sequence as the lone surrogate
// U+DC80..U+DCFF: Python's surrogateescape, with which os.environ and sys.argv read bytes.
std::u32string code_points(std::string_view text);

// Characters counted as the bytes that start one (all but continuation bytes), which in
// UTF-8 text is its code points.
size_t char_count(std::string_view text);

// The nearest offset at or before `i` (at or after it) where no character goes on, so
// that text cut there keeps whole characters: Rust's str::floor_char_boundary and
// ceil_char_boundary. Both give text.size() for an `i` past the end.
size_t floor_char_boundary(std::string_view text, size_t i);
size_t ceil_char_boundary(std::string_view text, size_t i);

// ---- JSON -----------------------------------------------------------------------------

enum class NonAscii { raw, escaped };

// `text` as a JSON string literal: '"', '\\' and control characters (DEL too) escaped,
// and a byte outside UTF-8 as its lone surrogate "\udcXX", which json.loads and then
// surrogateescape turn back into the byte. Other characters beyond ASCII are written as
// they are, or (`escaped`, as Python's json.dumps does by default) as "\uXXXX", in UTF-16
// pairs above U+FFFF.
std::string json_quoted(std::string_view text, NonAscii non_ascii);

// ---- Distance -------------------------------------------------------------------------

// Optimal string alignment distance, over bytes: Levenshtein plus swapping two
// neighbours, the commonest typo ("otpl").
size_t edit_distance(std::string_view a, std::string_view b);

}  // namespace goe
