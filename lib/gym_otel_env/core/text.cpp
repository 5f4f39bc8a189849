#include "gym_otel_env/core/text.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace goe {

std::string ascii_lower(std::string_view text) {
    std::string out(text);
    for (char& c : out) c = ascii_lower(c);
    return out;
}

std::string_view trim(std::string_view text, std::string_view space) {
    auto first = text.find_first_not_of(space);
    if (first == std::string_view::npos) return {};
    auto last = text.find_last_not_of(space);
    return text.substr(first, last - first + 1);
}

std::vector<std::string> split(std::string_view text, char sep) {
    std::vector<std::string> out;
    for (size_t start = 0;;) {
        size_t end = text.find(sep, start);
        if (end == std::string_view::npos) {
            out.emplace_back(text.substr(start));
            return out;
        }
        out.emplace_back(text.substr(start, end - start));
        start = end + 1;
    }
}

std::string without_underscores(std::string_view text) {
    std::string out;
    for (char c : text)
        if (c != '_') out += c;
    return out;
}

Decoded decode_utf8(std::string_view text, size_t i) {
    auto at = [&](size_t k) -> unsigned { return k < text.size() ? static_cast<unsigned char>(text[k]) : 0u; };
    if (i >= text.size()) return {};
    unsigned c = at(i);
    if (c < 0x80) return {c, 1};
    size_t len = c < 0xC2 ? 0 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : c < 0xF5 ? 4 : 0;
    if (len == 0 || i + len > text.size()) return {};
    // The second byte's range is what excludes overlong forms, surrogates and > U+10FFFF.
    unsigned lo = c == 0xE0 ? 0xA0 : c == 0xF0 ? 0x90 : 0x80;
    unsigned hi = c == 0xED ? 0x9F : c == 0xF4 ? 0x8F : 0xBF;
    if (at(i + 1) < lo || at(i + 1) > hi) return {};
    char32_t cp = c & (0x7Fu >> len);
    for (size_t k = 1; k < len; ++k) {
        if ((at(i + k) & 0xC0) != 0x80) return {};
        cp = (cp << 6) | (at(i + k) & 0x3Fu);
    }
    return {cp, len};
}

bool valid_utf8(std::string_view text) {
    for (size_t i = 0, n = 0; i < text.size(); i += n)
        if ((n = decode_utf8(text, i).length) == 0) return false;
    return true;
}

std::u32string code_points(std::string_view text) {
    std::u32string out;
    for (size_t i = 0; i < text.size();) {
        Decoded d = decode_utf8(text, i);
        if (d.length == 0) {
            out.push_back(0xDC00 + static_cast<unsigned char>(text[i]));
            ++i;
        } else {
            out.push_back(d.code_point);
            i += d.length;
        }
    }
    return out;
}

size_t char_count(std::string_view text) {
    return static_cast<size_t>(std::count_if(text.begin(), text.end(), [](char c) { return !is_continuation(c); }));
}

size_t floor_char_boundary(std::string_view text, size_t i) {
    if (i >= text.size()) return text.size();
    while (i > 0 && is_continuation(text[i])) --i;
    return i;
}

size_t ceil_char_boundary(std::string_view text, size_t i) {
    while (i < text.size() && is_continuation(text[i])) ++i;
    return std::min(i, text.size());
}

std::string json_quoted(std::string_view text, NonAscii non_ascii) {
    std::string out = "\"";
    for (size_t i = 0; i < text.size();) {
        auto [cp, len] = decode_utf8(text, i);
        if (len == 0) {
            out += fmt::format("\\udc{:02x}", static_cast<unsigned char>(text[i]));
            ++i;
            continue;
        }
        switch (cp) {
            case '"': out += "\\\""; break;
            case '\\': out += "\\\\"; break;
            case '\n': out += "\\n"; break;
            case '\r': out += "\\r"; break;
            case '\t': out += "\\t"; break;
            case '\b': out += "\\b"; break;
            case '\f': out += "\\f"; break;
            default:
                bool printable_ascii = cp >= 0x20 && cp < 0x7F;
                if (printable_ascii || (cp >= 0x80 && non_ascii == NonAscii::raw)) {
                    out.append(text.substr(i, len));
                } else if (cp > 0xFFFF) {  // a surrogate pair, as JSON writes it
                    char32_t v = cp - 0x10000;
                    out += fmt::format("\\u{:04x}\\u{:04x}", static_cast<unsigned>(0xD800 + (v >> 10)),
                                       static_cast<unsigned>(0xDC00 + (v & 0x3FF)));
                } else {  // a control character, DEL, or non-ASCII escaped
                    out += fmt::format("\\u{:04x}", static_cast<unsigned>(cp));
                }
        }
        i += len;
    }
    return out + "\"";
}

size_t edit_distance(std::string_view a, std::string_view b) {
    std::vector<std::vector<size_t>> d(a.size() + 1, std::vector<size_t>(b.size() + 1));
    for (size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
    for (size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
    for (size_t i = 1; i <= a.size(); ++i) {
        for (size_t j = 1; j <= b.size(); ++j) {
            d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
                d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
        }
    }
    return d[a.size()][b.size()];
}

}  // namespace goe
