#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "gym_otel_env/core/text.hpp"

using namespace goe;

using Pieces = std::vector<std::string>;

TEST_CASE("ASCII classes hold at their boundaries and refuse other bytes") {
    CHECK(!is_digit('/'));
    CHECK(is_digit('0'));
    CHECK(is_digit('9'));
    CHECK(!is_digit(':'));
    CHECK(!is_alpha('@'));
    CHECK(is_alpha('A'));
    CHECK(is_alpha('Z'));
    CHECK(!is_alpha('['));
    CHECK(!is_alpha('`'));
    CHECK(is_alpha('a'));
    CHECK(is_alpha('z'));
    CHECK(!is_alpha('{'));
    CHECK(!is_alpha('_'));
    CHECK(!is_alpha('\xc3'));  // the first byte of 'Ã'
    CHECK(!is_digit('\xd9'));
    CHECK(is_blank(' '));
    CHECK(is_blank('\t'));
    CHECK(!is_blank('\n'));
    CHECK(!is_blank('\r'));
}

TEST_CASE("ascii_lower folds A-Z only") {
    auto [text, lower] = GENERATE(table<std::string, std::string>({
        {"", ""},
        {"ABC", "abc"},
        {"MiXeD-123_@[`{", "mixed-123_@[`{"},
        {"\xc3\x84pfel", "\xc3\x84pfel"},  // 'Äpfel': not ASCII, kept
        {"OTLP_Headers", "otlp_headers"},
    }));
    CHECK(ascii_lower(text) == lower);
    CHECK(ascii_lower('A') == 'a');
    CHECK(ascii_lower('@') == '@');
    CHECK(ascii_lower('[') == '[');
    CHECK(ascii_lower('\xc3') == '\xc3');
}

TEST_CASE("trim removes the bytes of its set at both ends") {
    auto [text, trimmed] = GENERATE(table<std::string, std::string>({
        {"", ""},
        {"   ", ""},
        {" \t\n\v\f\r", ""},
        {" a ", "a"},
        {"a", "a"},
        {"\ta b\n", "a b"},
        {"\x1c"
         "a\x1f",
         "\x1c"
         "a\x1f"},  // not C's isspace
        {"\xc2\xa0"
         "a\xc2\xa0",
         "\xc2\xa0"
         "a\xc2\xa0"},  // U+00A0 is not ASCII
    }));
    CHECK(trim(text) == trimmed);
}

TEST_CASE("trim with another set: Python's ASCII white space, or spaces only") {
    CHECK(trim("\x1c a\t\x1f", kPythonAsciiSpace) == "a");
    CHECK(trim("\x1c\x1d\x1e\x1f", kPythonAsciiSpace).empty());
    CHECK(trim("\t a \t", " ") == "\t a \t");
    CHECK(trim("  a b  ", " ") == "a b");
    CHECK(trim("", " ").empty());
}

TEST_CASE("split is Python's str.split(sep): every piece, empty ones too") {
    auto [text, pieces] = GENERATE(table<std::string, Pieces>({
        {"", {""}},
        {",", {"", ""}},
        {"abc", {"abc"}},
        {"a,b", {"a", "b"}},
        {"a,,b,", {"a", "", "b", ""}},
        {",a", {"", "a"}},
        {" a , b ", {" a ", " b "}},
        {"\xc3\xa9,\xf0\x9f\x98\x80", {"\xc3\xa9", "\xf0\x9f\x98\x80"}},
    }));
    CHECK(split(text, ',') == pieces);
}

TEST_CASE("without_underscores drops every '_'") {
    CHECK(without_underscores("").empty());
    CHECK(without_underscores("1_000_000") == "1000000");
    CHECK(without_underscores("___").empty());
    CHECK(without_underscores("0x_ff") == "0xff");
    CHECK(without_underscores("abc") == "abc");
}

TEST_CASE("decode_utf8 reads one well-formed sequence (RFC 3629) or nothing") {
    auto [text, at, code_point, length] = GENERATE(table<std::string, size_t, char32_t, size_t>({
        {"", 0, 0, 0},
        {"a", 0, U'a', 1},
        {"a", 1, 0, 0},  // past the end
        {std::string(1, '\0'), 0, 0, 1},
        {"\x7f", 0, 0x7F, 1},
        {"\xc2\x80", 0, 0x80, 2},
        {"\xdf\xbf", 0, 0x7FF, 2},
        {"\xe0\xa0\x80", 0, 0x800, 3},
        {"\xed\x9f\xbf", 0, 0xD7FF, 3},
        {"\xee\x80\x80", 0, 0xE000, 3},
        {"\xef\xbf\xbf", 0, 0xFFFF, 3},
        {"\xf0\x90\x80\x80", 0, 0x10000, 4},
        {"\xf0\x9f\x98\x80", 0, 0x1F600, 4},  // U+1F600, 4 bytes
        {"\xf4\x8f\xbf\xbf", 0, 0x10FFFF, 4},
        {"a\xc3\xa9", 1, 0xE9, 2},
        {"a\xc3\xa9", 2, 0, 0},  // inside the character
        // Not UTF-8: a lone continuation byte, overlong forms, surrogates, beyond
        // U+10FFFF, bytes never used, cut short, a bad continuation byte.
        {"\x80", 0, 0, 0},
        {"\xbf", 0, 0, 0},
        {"\xc0\x80", 0, 0, 0},
        {"\xc1\xbf", 0, 0, 0},
        {"\xe0\x9f\xbf", 0, 0, 0},
        {"\xf0\x8f\xbf\xbf", 0, 0, 0},
        {"\xed\xa0\x80", 0, 0, 0},
        {"\xed\xbf\xbf", 0, 0, 0},
        {"\xf4\x90\x80\x80", 0, 0, 0},
        {"\xf5\x80\x80\x80", 0, 0, 0},
        {"\xf8\x88\x80\x80\x80", 0, 0, 0},
        {"\xfe", 0, 0, 0},
        {"\xff", 0, 0, 0},
        {"\xc3", 0, 0, 0},
        {"\xe2\x82", 0, 0, 0},
        {"\xf0\x9f\x98", 0, 0, 0},
        {"\xc3\x41", 0, 0, 0},
        {"\xe2\x28\xa1", 0, 0, 0},
        {"\xe2\x82\x28", 0, 0, 0},
        {"\xf0\x9f\x98\x41", 0, 0, 0},
    }));
    CAPTURE(text, at);
    Decoded d = decode_utf8(text, at);
    CHECK(static_cast<uint32_t>(d.code_point) == static_cast<uint32_t>(code_point));
    CHECK(d.length == length);
}

TEST_CASE("valid_utf8 is true when every byte is part of a well-formed sequence") {
    CHECK(valid_utf8(""));
    CHECK(valid_utf8("abc"));
    CHECK(valid_utf8("\xc3\xbcmlaut \xe2\x9c\x93"));  // 'ümlaut ✓'
    CHECK(valid_utf8("\xf0\x9f\x98\x80"));
    CHECK(!valid_utf8("\xff"));
    CHECK(!valid_utf8("abc\xc3"));               // cut inside the last character
    CHECK(!valid_utf8("\xed\xa0\x80"));          // a surrogate
    CHECK(!valid_utf8("\xf0\x9f\x98\x80\x80"));  // a continuation byte too many
}

TEST_CASE("code_points reads a byte outside UTF-8 as Python's surrogateescape does") {
    auto [text, cps] = GENERATE(table<std::string, std::u32string>({
        {"", U""},
        {"a\xc3\xa9\xf0\x9f\x98\x80", U"a\u00e9\U0001F600"},
        {"a\xff"
         "b",
         {U'a', 0xDCFF, U'b'}},
        {"\xc3", {0xDCC3}},
        {"\xed\xa0\x80", {0xDCED, 0xDCA0, 0xDC80}},
        {"\xf0\x9f\x98", {0xDCF0, 0xDC9F, 0xDC98}},
        {"\xc0\x80"
         "a",
         {0xDCC0, 0xDC80, U'a'}},
    }));
    CAPTURE(text);
    CHECK(code_points(text) == cps);
}

TEST_CASE("char_count counts the bytes that start a character") {
    CHECK(char_count("") == 0);
    CHECK(char_count("abc") == 3);
    CHECK(char_count("a\xc3\xa9") == 2);
    CHECK(char_count("\xf0\x9f\x98\x80") == 1);
    CHECK(char_count("\xe6\x97\xa5\xe6\x9c\xac") == 2);  // '日本'
}

TEST_CASE("floor_char_boundary and ceil_char_boundary never cut a character") {
    // 'a' at 0, 'é' at 1-2, U+1F600 at 3-6, 'b' at 7.
    const std::string text =
        "a\xc3\xa9\xf0\x9f\x98\x80"
        "b";
    auto [at, floor, ceil] = GENERATE(table<size_t, size_t, size_t>({
        {0, 0, 0},
        {1, 1, 1},
        {2, 1, 3},  // inside 'é'
        {3, 3, 3},
        {4, 3, 7},  // inside the 4-byte character
        {5, 3, 7},
        {6, 3, 7},
        {7, 7, 7},
        {8, 8, 8},  // the end
        {100, 8, 8},
    }));
    CAPTURE(at);
    CHECK(floor_char_boundary(text, at) == floor);
    CHECK(ceil_char_boundary(text, at) == ceil);
}

TEST_CASE("char boundaries of empty text, and a cut exactly after a character") {
    CHECK(floor_char_boundary("", 0) == 0);
    CHECK(floor_char_boundary("", 5) == 0);
    CHECK(ceil_char_boundary("", 0) == 0);
    CHECK(ceil_char_boundary("", 5) == 0);
    // "ab" then two 'é': a cut at 4 is right after the first 'é' and keeps it.
    CHECK(floor_char_boundary("ab\xc3\xa9\xc3\xa9", 4) == 4);
    CHECK(floor_char_boundary("ab\xc3\xa9\xc3\xa9", 3) == 2);
    // Bytes that are not UTF-8: a boundary is any byte that is not a continuation byte.
    CHECK(floor_char_boundary("a\x80\x80", 2) == 0);
    CHECK(ceil_char_boundary("\xff\x80"
                             "b",
                             1) == 2);
}

TEST_CASE("edit_distance is the optimal string alignment distance, over bytes") {
    auto [a, b, distance] = GENERATE(table<std::string, std::string, size_t>({
        {"", "", 0},
        {"a", "", 1},
        {"", "abc", 3},
        {"abc", "abc", 0},
        {"kitten", "sitting", 3},
        {"otpl", "otlp", 1},  // two neighbours swapped
        {"ca", "abc", 3},     // not 2: a swapped pair is not edited again
        {"exporter", "exportr", 1},
        {"\xc3\xa9", "e", 2},  // 'é' is two bytes
    }));
    CAPTURE(a, b);
    CHECK(edit_distance(a, b) == distance);
    CHECK(edit_distance(b, a) == distance);
}

TEST_CASE("json_quoted writes a JSON string, beyond ASCII raw or escaped as json.dumps does") {
    auto [text, raw, escaped] = GENERATE(table<std::string, std::string, std::string>({
        {"", "\"\"", "\"\""},
        {"plain", "\"plain\"", "\"plain\""},
        {"\"\\\n\r\t\b\f", "\"\\\"\\\\\\n\\r\\t\\b\\f\"", "\"\\\"\\\\\\n\\r\\t\\b\\f\""},
        {"\x01\x1f\x7f", "\"\\u0001\\u001f\\u007f\"", "\"\\u0001\\u001f\\u007f\""},
        {"\xc3\xa9", "\"\xc3\xa9\"", "\"\\u00e9\""},
        {"\xef\xbf\xbf", "\"\xef\xbf\xbf\"", "\"\\uffff\""},
        {"\xf0\x90\x80\x80", "\"\xf0\x90\x80\x80\"", "\"\\ud800\\udc00\""},  // a UTF-16 pair
        {"\xf0\x9f\x98\x80", "\"\xf0\x9f\x98\x80\"", "\"\\ud83d\\ude00\""},
        // A byte outside UTF-8 is the lone surrogate sys.argv and os.environ give it (Gym's
        // quoting of a flag value read one as a character: "\u00c1" for the first two).
        {"\xc3"
         "A\xff",
         "\"\\udcc3A\\udcff\"", "\"\\udcc3A\\udcff\""},
        {"\xed\xa0\x80", "\"\\udced\\udca0\\udc80\"", "\"\\udced\\udca0\\udc80\""},
    }));
    CAPTURE(text);
    CHECK(json_quoted(text, NonAscii::raw) == raw);
    CHECK(json_quoted(text, NonAscii::escaped) == escaped);
}
