#include "gym_otel_env/yaml/yaml_rules.hpp"

#include <algorithm>

#include "gym_otel_env/core/text.hpp"

namespace goe {

std::string normalize_line_breaks(std::string_view text) {
    std::string out(text);
    for (size_t i = 0; i < out.size(); ++i) {
        if (out[i] == '\r' && (i + 1 == out.size() || out[i + 1] != '\n')) out[i] = '\n';
        else if (out[i] == '\xc2' && i + 1 < out.size() && out[i + 1] == '\x85') out.replace(i++, 2, "\r\n");
    }
    return out;
}

std::string pyyaml_escapes(std::string value) {
    for (size_t i = 0; i < value.size(); ++i) {
        auto c = static_cast<unsigned char>(value[i]);
        if (c < 0x80) continue;
        if (size_t len = decode_utf8(value, i).length) {
            i += len - 1;
        } else if (c == 0x85 || c == 0xA0) {
            value.insert(i, 1, '\xc2');
            ++i;
        }
    }
    return value;
}

std::string pyyaml_block_scalar(std::string value, std::string_view text, size_t pos) {
    if (pos >= text.size() || text[pos] != '>' || value.empty() || value.back() != '\n') return value;
    size_t eol = text.find('\n', pos);
    std::string_view header = text.substr(pos, eol == std::string_view::npos ? std::string_view::npos : eol - pos);
    header = header.substr(0, header.find_first_of(" #"));
    if (header.find('+') == std::string_view::npos || eol == std::string_view::npos) return value;
    // The content indentation is the first non-blank line's; the scalar ends at a
    // non-blank line indented less. Count the blank lines after its last content line.
    size_t content_indent = std::string_view::npos, blanks = 0;
    for (size_t at = eol + 1; at < text.size();) {
        size_t end = text.find('\n', at);
        std::string_view line = text.substr(at, end == std::string_view::npos ? std::string_view::npos : end - at);
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        size_t indent = line.find_first_not_of(' ');
        if (indent == std::string_view::npos) {
            ++blanks;
        } else if (content_indent == std::string_view::npos || indent >= content_indent) {
            if (content_indent == std::string_view::npos) content_indent = indent;
            blanks = 0;
        } else {
            break;
        }
        if (end == std::string_view::npos) {
            if (indent == std::string_view::npos) --blanks;  // spaces at the very end: no line break
            break;
        }
        at = end + 1;
    }
    // yaml-cpp keeps them right after a more-indented last line (one that starts with a
    // space or a tab after the indentation, a line of spaces beyond it too): in its value
    // that line follows a line break, as it is.
    std::string_view body(value);
    while (!body.empty() && body.back() == '\n') body.remove_suffix(1);
    std::string_view last = body.substr(body.rfind('\n') == std::string_view::npos ? 0 : body.rfind('\n') + 1);
    if (!last.empty() && (last[0] == ' ' || last[0] == '\t')) return value;
    if (blanks > 0) value += '\n';
    return value;
}

std::string pyyaml_quoted_breaks(std::string value, std::string_view text, size_t pos) {
    if (pos >= text.size() || (text[pos] != '\'' && text[pos] != '"')) return value;
    char quote = text[pos];
    size_t end = pos + 1;
    bool escapes = false;
    while (end < text.size()) {
        if (quote == '"' && text[end] == '\\') {
            escapes = true;
            end += 2;
            continue;
        }
        if (text[end] == quote && !(quote == '\'' && end + 1 < text.size() && text[end + 1] == '\'')) break;
        end += text[end] == quote ? 2 : 1;
    }
    std::string_view raw = text.substr(pos, end - pos);
    bool raw_break =
        raw.find("\xe2\x80\xa8") != std::string_view::npos || raw.find("\xe2\x80\xa9") != std::string_view::npos;
    if (!raw_break || escapes) return value;
    std::string out;
    for (size_t i = 0; i < value.size();) {
        std::string_view here = std::string_view(value).substr(i, 3);
        if (here == "\xe2\x80\xa8" || here == "\xe2\x80\xa9") {
            while (!out.empty() && (out.back() == ' ' || out.back() == '\t')) out.pop_back();
            out += here;
            i += 3;
            while (i < value.size() && (value[i] == ' ' || value[i] == '\t')) ++i;
        } else {
            out += value[i++];
        }
    }
    return out;
}

namespace {
// A PyYAML line break at `at`: its length, 0 if none, and the character it adds to a
// value (scanner.py scan_line_break: U+2028 and U+2029 are themselves, others "\n").
std::pair<size_t, std::string_view> line_break_at(std::string_view text, size_t at) {
    if (text.substr(at, 2) == "\r\n") return {2, "\n"};
    if (at < text.size() && (text[at] == '\n' || text[at] == '\r')) return {1, "\n"};
    std::string_view three = text.substr(at, 3);
    if (three == "\xe2\x80\xa8" || three == "\xe2\x80\xa9") return {3, three};
    return {0, {}};
}
}  // namespace

std::string pyyaml_plain_breaks(const std::string& value, std::string_view text, size_t pos) {
    std::string out;
    size_t v = 0, r = pos;
    while (v < value.size() && r < text.size()) {
        size_t run = r;
        while (run < text.size() && text[run] == ' ') ++run;
        if (line_break_at(text, run).first == 0) {
            // Within a line the value is the text (its spaces too).
            size_t n = run - r + 1;
            out.append(text.substr(r, n));
            v += n, r += n;
            continue;
        }
        // A fold: PyYAML keeps a first break that is not "\n" and writes the further
        // ones; yaml-cpp, which read each of them as "\n", wrote " " or n-1 newlines.
        std::vector<std::string_view> breaks;
        for (r = run; r < text.size();) {
            if (text[r] == ' ') {
                ++r;
            } else if (auto [len, adds] = line_break_at(text, r); len > 0) {
                breaks.push_back(adds);
                r += len;
            } else {
                break;
            }
        }
        v += breaks.size() == 1 ? 1 : breaks.size() - 1;
        if (breaks[0] != "\n") out += breaks[0];
        else if (breaks.size() == 1) out += ' ';
        for (size_t k = 1; k < breaks.size(); ++k) out += breaks[k];
    }
    return out;
}

size_t after_properties(std::string_view text, size_t pos) {
    auto blank = [&](size_t at) { return text[at] == ' ' || text[at] == '\t' || line_break_at(text, at).first > 0; };
    while (pos < text.size() && (text[pos] == '&' || text[pos] == '!')) {
        while (pos < text.size() && !blank(pos)) ++pos;  // an anchor or a tag has no blank
        while (pos < text.size()) {
            if (text[pos] == '#') {
                while (pos < text.size() && line_break_at(text, pos).first == 0) ++pos;
            } else if (blank(pos)) {
                pos += std::max<size_t>(1, line_break_at(text, pos).first);
            } else {
                break;
            }
        }
    }
    return pos;
}

int char_column(std::string_view text, size_t pos, int byte_column) {
    if (byte_column <= 1 || pos > text.size() || static_cast<size_t>(byte_column - 1) > pos) return byte_column;
    size_t line_start = pos - static_cast<size_t>(byte_column - 1);
    return 1 + static_cast<int>(char_count(text.substr(line_start, pos - line_start)));
}

}  // namespace goe
