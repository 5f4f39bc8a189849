#include "gym_otel_env/yaml/pyyaml_scan.hpp"

#include <algorithm>
#include <array>
#include <map>
#include <optional>
#include <vector>

#include <fmt/format.h>

#include "gym_otel_env/core/error.hpp"
#include "gym_otel_env/core/text.hpp"

// The scan below follows the token rules of PyYAML's scanner.py (scan_to_next_token
// skips spaces only; scan_anchor's name characters and what may follow them) far enough
// to know where quoted scalars, block scalars and comments are. Where it cannot tell
// (the exact indentation of a block scalar), it takes the lenient side: it may miss
// something PyYAML refuses, never refuse what PyYAML reads.
namespace goe {

std::string PyYamlScan::apply(std::string_view text) const {
    std::string broken;
    if (!breaks.empty()) {
        broken = text;
        for (size_t b : breaks) broken.replace(b, 3, "  \n");
        text = broken;
    }
    std::string out;
    out.reserve(text.size() + at.size());
    size_t from = 0;
    for (size_t k = 0; k < at.size(); ++k) {
        size_t before = at[k] - k;
        out.append(text.substr(from, before - from));
        out += ' ';
        from = before;
    }
    out.append(text.substr(from));
    return out;
}

std::pair<size_t, int> PyYamlScan::original(size_t pos, int column) const {
    if (at.empty() || column < 0 || static_cast<size_t>(column) > pos) return {pos, column};
    auto earlier = [&](size_t offset) {
        return static_cast<size_t>(std::lower_bound(at.begin(), at.end(), offset) - at.begin());
    };
    size_t before = earlier(pos);
    size_t on_line = before - earlier(pos - static_cast<size_t>(column));
    return {pos - before, column - static_cast<int>(on_line)};
}

namespace {

class Scanner {
public:
    Scanner(std::string_view text, const std::string& name, bool ascii, bool whole_lines)
        : t_(text), name_(name), ascii_(ascii), whole_lines_(whole_lines) {}

    PyYamlScan run() {
        try {
            while (i_ < t_.size()) {
                if (at_line_start_) {
                    start_line();
                    if (whole_lines_ && simple_pair()) continue;
                }
                if (i_ >= t_.size()) break;
                token();
            }
            // The end of the text is a token too, wherever it is.
            if (pending_ && pending_->required) {
                Pending key = *pending_;
                from_ = {key.line, key.column};
                fail(fmt::format("while scanning a simple key at line {}, column {}: could not find expected ':'",
                                 key.line, key.column));
            }
            // PyYAML's parser wants a document after directives; yaml-cpp reads none.
            if (directive_) {
                from_ = {line_, column_};
                fail("expected '<document start>' ('---') after a directive, but found '<stream end>'");
            }
        } catch (const Error& e) {
            spaces_.refused = e;
        }
        return std::move(spaces_);
    }

private:
    char peek(size_t k = 0) const { return i_ + k < t_.size() ? t_[i_ + k] : '\0'; }
    bool space_or_end(size_t k) const {
        char c = peek(k);
        return c == '\0' || c == ' ' || c == '\t' || c == '\n' || c == '\r' || unicode_break(k);
    }

    void advance() {
        char c = t_[i_++];
        if (c == '\n') {
            ++line_;
            column_ = 1;
            at_line_start_ = !in_quotes_;
        } else if (!is_continuation(c)) {
            ++column_;
        }
    }
    // U+2028 and U+2029 are line breaks to PyYAML, plain text to yaml-cpp.
    bool unicode_break(size_t k = 0) const {
        if (peek(k) != '\xe2') return false;  // the scan asks at nearly every byte
        return t_.substr(i_ + k, 3) == "\xe2\x80\xa8" || t_.substr(i_ + k, 3) == "\xe2\x80\xa9";
    }
    void unicode_line_break() {
        spaces_.breaks.push_back(i_);
        i_ += 3;
        ++line_;
        column_ = 1;
        at_line_start_ = true;
    }
    void skip_line() {
        while (i_ < t_.size() && t_[i_] != '\n') advance();
    }
    // scanner.py scan_to_next_token: a comment ends at any line break.
    void skip_comment() {
        while (i_ < t_.size() && t_[i_] != '\n' && !unicode_break()) advance();
    }

    // The error is where the scan stands; the token it concerns starts at from_ (a simple
    // key's error concerns the key).
    [[noreturn]] void fail(const std::string& what) {
        spaces_.refused_from = from_;
        throw Error(Origin{name_, line_, column_}, {}, what);
    }

    // scanner.py's simple keys, in the block context: a token at the column of the
    // innermost block collection must be a key, so a `:` must follow it on its line
    // (`a:\nb`, `a: x<U+2028>y` are errors there). PyYAML reports it where the next
    // token starts; a plain scalar's scan already stops at a comment line.
    void stale_key() {
        if (!pending_ || pending_->line == line_) return;
        Pending key = *pending_;
        pending_.reset();
        from_ = {key.line, key.column};
        if (key.required)
            fail(fmt::format("while scanning a simple key at line {}, column {}: could not find expected ':'", key.line,
                             key.column));
    }
    // A token that may start a simple key, at the current position.
    void key_start(bool plain) {
        if (flow_ > 0 || !allow_key_) return;
        allow_key_ = false;
        int top = indents_.empty() ? 0 : indents_.back();
        pending_ = Pending{line_, column_, column_ == top, plain};
    }
    void push_indent(int column) {
        if (indents_.empty() || indents_.back() < column) indents_.push_back(column);
    }

    void start_line() {
        at_line_start_ = false;
        indent_ = 0;
        while (peek() == ' ') {  // advance() for a space is a column
            ++i_;
            ++column_;
            ++indent_;
        }
        from_ = {line_, column_};
        if (peek() == '\t' && flow_ == 0)
            fail("tabs are not allowed for indentation (PyYAML: found character '\\t' that cannot start any token)");
        bool blank = peek() == '\n' || peek() == '\r' || peek() == '\0' || unicode_break();
        if (!blank && (peek() != '#' || (pending_ && pending_->plain))) stale_key();
        if (!blank && peek() != '#' && flow_ == 0) {
            while (!indents_.empty() && indents_.back() > column_) indents_.pop_back();
            allow_key_ = true;
        }
        bool marker = column_ == 1 && (t_.substr(i_, 3) == "---" || t_.substr(i_, 3) == "...") && space_or_end(3);
        if (marker) {
            // A document starts or ends: no collection is open.
            indents_.clear();
            pending_.reset();
            allow_key_ = false;
        }
        if (column_ == 1 && peek() == '%' && !content_) {
            directive_ = true;
            directive();
        } else if (marker && t_.substr(i_, 3) == "---") {
            directive_ = false;
            content_ = true;
            i_ += 3;
            column_ += 3;
        } else if (directive_ && peek() != '#' && peek() != '\n' && peek() != '\r' && peek() != '\0') {
            fail("expected '<document start>' ('---') after a directive, but found content");
        }
    }

    void token() {
        char c = peek();
        if (c == ' ') return advance();
        if (c == '\n' || c == '\r') return advance();
        from_ = {line_, column_};
        if (c == '\t') fail("found character '\\t' that cannot start any token");
        if (c == '#') return skip_comment();
        if (unicode_break() && !in_quotes_) return unicode_line_break();
        spaces_.last_token = c;
        content_ = true;
        bool was_expecting = expect_entry_;
        expect_entry_ = false;
        bool after_json = json_like_;
        json_like_ = false;
        char after_indicator = flow_indicator_;
        flow_indicator_ = 0;
        // A node's properties (anchor, tag) come first; yaml-cpp marks the node there.
        if (c != '!' && c != '&') properties_start_ = std::string_view::npos;
        else if (properties_start_ == std::string_view::npos) properties_start_ = i_;
        switch (c) {
            case '\'': key_start(false); return single_quoted();
            case '"': key_start(false); return double_quoted();
            case '&':
            case '*': key_start(false); return anchor(c == '&');
            case '!': key_start(false); return tag();
            case '[':
            case '{':
                key_start(false);
                ++flow_;
                expect_entry_ = true;
                return advance();
            case ']':
            case '}':
                if (flow_ > 0) --flow_;
                allow_key_ = false;
                json_like_ = true;
                return advance();
            case ',':
                if (flow_ > 0 && was_expecting) fail("expected the node content, but found ','");
                expect_entry_ = flow_ > 0;
                return advance();
            case '|':
            case '>':
                if (flow_ == 0) {
                    pending_.reset();
                    return block_scalar();
                }
                return plain();
            case '-':
            case '?':
            case ':':
                if (space_or_end(1) || (flow_ > 0 && c != '-')) {
                    // Mid-line, after a scalar, `- ` and `? ` are more of a plain scalar.
                    if (flow_ == 0 && (c == ':' || allow_key_)) indicator(c);
                    if (flow_ > 0 && c != '-') flow_indicator(c, after_json, after_indicator);
                    return advance();
                }
                key_start(true);
                return plain();
            default: key_start(true); return plain();
        }
    }

    // `-`, `?` and `:` in the block context open a collection at their column (a `:`
    // at its key's), and a simple key may follow each.
    void indicator(char c) {
        if (c == ':') {
            if (pending_) push_indent(pending_->column);
            pending_.reset();
        } else {
            push_indent(column_);
        }
        allow_key_ = true;
    }

    // In a flow collection PyYAML reads every `?` and `:` where a token starts as an
    // indicator; yaml-cpp only with a blank after it, a `:` also before `,]}` or right
    // after a quoted scalar or a collection (as in JSON: `{"a":1}`). Where a node must
    // follow a `:` or `?`, another indicator is an error (`{a: ???}`, OmegaConf's MISSING
    // unquoted in a flow mapping); `? :` is PyYAML's null key, which OmegaConf refuses.
    void flow_indicator(char c, bool after_json, char after) {
        if (after == ':' || (after == '?' && c == '?'))
            fail(fmt::format("expected the node content, but found '{}'", c));
        if (after == '?') {
            line_ = key_line_, column_ = key_column_;
            spaces_.refused_syntax = false;
            fail("a mapping key must not be null");
        }
        flow_indicator_ = c;
        key_line_ = line_, key_column_ = column_;
        if (space_or_end(1)) return;
        if (c == ':' && (after_json || std::string_view(",]}").find(peek(1)) != std::string_view::npos)) return;
        space_before(i_ + 1);
    }
    void space_before(size_t offset) { spaces_.at.push_back(offset + spaces_.at.size()); }

    // Inside quotes any character may follow a line break (tabs too): no line start.
    struct InQuotes {
        Scanner& s;
        explicit InQuotes(Scanner& scanner) : s(scanner) { s.in_quotes_ = true; }
        ~InQuotes() { s.in_quotes_ = false; }
    };

    void single_quoted() {
        InQuotes guard(*this);
        json_like_ = true;
        std::pair<int, int> start{line_, column_};
        advance();
        while (i_ < t_.size()) {
            if (column_ == 1) separator_in_quotes(start);
            if (peek() == '\'') {
                advance();
                if (peek() != '\'') return;
            }
            advance();
        }
        spaces_.open_quote = start;
    }

    void double_quoted() {
        InQuotes guard(*this);
        json_like_ = true;
        std::pair<int, int> start{line_, column_};
        advance();
        while (i_ < t_.size()) {
            if (column_ == 1) separator_in_quotes(start);
            if (peek() == '\\') {
                advance();
                escape();
                continue;
            }
            if (peek() == '"') return advance();
            advance();
        }
        spaces_.open_quote = start;
    }

    // scanner.py scan_flow_scalar_breaks: a line of a quoted scalar may not start with a
    // document separator, `---` or `...` then a blank or the end.
    void separator_in_quotes(std::pair<int, int> start) {
        if ((t_.substr(i_, 3) != "---" && t_.substr(i_, 3) != "...") || !space_or_end(3)) return;
        from_ = start;
        fail(fmt::format("while scanning a quoted scalar at line {}, column {}: found unexpected document separator",
                         start.first, start.second));
    }

    // scanner.py scan_flow_scalar_non_spaces, after a backslash: one of ESCAPE_REPLACEMENTS,
    // x, u or U and 2, 4 or 8 hexadecimal digits, or a line break. yaml-cpp also reads
    // `\'` (and reports the others further on).
    void escape() {
        char c = peek();
        if (i_ < t_.size() && std::string_view("0abt\tnvfre \"\\/N_LP\n\r").find(c) != std::string_view::npos)
            return advance();
        if (unicode_break()) return;  // a line break, which the scan reads as any character
        size_t digits = c == 'x' ? 2 : c == 'u' ? 4 : c == 'U' ? 8 : 0;
        if (digits == 0) {
            fail("while scanning a double-quoted scalar: found unknown escape character " + quoted_char());
        }
        advance();
        for (size_t k = 0; k < digits; ++k) {
            if (!is_hex_digit(peek(k)))
                fail(fmt::format(
                    "while scanning a double-quoted scalar: expected escape sequence of {} hexadecimal numbers, but "
                    "found '{}'",
                    digits, shown_char(k)));
        }
        for (size_t k = 0; k < digits; ++k) advance();
    }

    // scanner.py scan_anchor: the name is [0-9A-Za-z_-]+, and what follows it is a space,
    // a line break or one of ?:,]}%@` (so `&x: 1` anchors x, `&x.y` is an error).
    void anchor(bool defining) {
        int line = line_, column = column_;
        advance();
        size_t start = i_;
        while (name_char(peek())) advance();
        std::string_view name = t_.substr(start, i_ - start);
        char next = peek();
        // space_or_end counts U+2028 and U+2029, line breaks to PyYAML.
        bool follows = space_or_end(0) || std::string_view("?:,]}%@`").find(next) != std::string_view::npos;
        if (name.empty() || !follows)
            fail(fmt::format("while scanning an {}: expected alphabetic or numeric character, but found '{}'",
                             defining ? "anchor" : "alias", shown_char()));
        // PyYAML ends the name before ? : % @ and a backquote, yaml-cpp reads on: `*x: 2`
        // is the alias x as a key, `&x: 1` PyYAML's anchored empty key, which OmegaConf
        // refuses as a null key (in a flow collection every `:` is an indicator). No
        // token starts with % @ or a backquote there.
        if (next == '%' || next == '@' || next == '`')
            fail(fmt::format("found character '{}' that cannot start any token", next));
        if (next == '?' || next == ':') space_before(i_);
        if (defining && next == ':' && (space_or_end(1) || flow_ > 0)) {
            line_ = line, column_ = column;
            spaces_.refused_syntax = false;
            fail("a mapping key must not be null");
        }
        if (!defining) return;
        auto [it, fresh] = anchors_.emplace(std::string(name), std::pair{line, column});
        if (!fresh) {
            line_ = line, column_ = column;
            fail(fmt::format("found duplicate anchor '{}'; first occurrence at line {}, column {}", name,
                             it->second.first, it->second.second));
        }
    }

    // scanner.py scan_tag: `!` alone (non-specific), `!<uri>`, or an optional handle
    // (`!!`, `!name!`) and a URI suffix; a blank or line break must follow, in flow
    // collections too (`{a: !x}` is an error there).
    void tag() {
        advance();
        if (space_or_end(0) || unicode_break()) {
            spaces_.non_specific.push_back(properties_start_);
            return;
        }
        bool verbatim = peek() == '<';
        if (verbatim) advance();
        const size_t first = i_;
        size_t suffix = first;  // after the handle `!name!`, if there is one
        while (i_ < t_.size() && uri_char(peek())) {
            if (!verbatim && peek() == '!' && suffix == first) suffix = i_ + 1;
            advance();
        }
        if (i_ == suffix) fail(fmt::format("while parsing a tag: expected URI, but found '{}'", shown_char()));
        if (verbatim) {
            if (peek() != '>') fail(fmt::format("while parsing a tag: expected '>', but found '{}'", shown_char()));
            advance();
        }
        if (!space_or_end(0) && !unicode_break())
            fail(fmt::format("while scanning a tag: expected ' ', but found '{}'", shown_char()));
    }
    // The characters of an anchor's, a directive's and a tag handle's name in scanner.py.
    static bool name_char(char ch) { return is_digit(ch) || is_alpha(ch) || ch == '_' || ch == '-'; }
    // scanner.py scan_tag_uri's characters.
    static bool uri_char(char ch) {
        return ch != '\0' && (is_digit(ch) || is_alpha(ch) ||
                              std::string_view("-;/?:@&=+$,_.!~*'()[]%").find(ch) != std::string_view::npos);
    }
    // The end of the text or of its line, `k` bytes on.
    bool line_end(size_t k = 0) const {
        char c = peek(k);
        return c == '\0' || c == '\n' || c == '\r' || unicode_break(k);
    }
    void skip_spaces() {
        while (peek() == ' ') advance();
    }

    // scanner.py scan_directive, at the `%` in column 1: a name of [0-9A-Za-z_-], then for
    // YAML a version (digits `.` digits), for TAG a handle (`!`, `!!`, `!name!`) and a URI
    // prefix, for any other name the rest of the line; then spaces and a comment at most.
    // The directive's meaning is yaml-cpp's to check (one YAML directive, version 1.x, a
    // handle once), where PyYAML's parser checks it, at the directive.
    void directive() {
        auto fail_here = [&](std::string_view expected) {
            fail(fmt::format("while scanning a directive: expected {}, but found {}", expected, quoted_char()));
        };
        advance();
        const size_t start = i_;
        while (name_char(peek())) advance();
        std::string_view name = t_.substr(start, i_ - start);
        if (name.empty() || (peek() != ' ' && !line_end())) fail_here("alphabetic or numeric character");
        if (name == "YAML") {
            skip_spaces();
            auto number = [&] {
                if (!is_digit(peek())) fail_here("a digit");
                while (is_digit(peek())) advance();
            };
            number();
            if (peek() != '.') fail_here("a digit or '.'");
            advance();
            number();
            if (peek() != ' ' && !line_end()) fail_here("a digit or ' '");
        } else if (name == "TAG") {
            skip_spaces();
            if (peek() != '!') fail_here("'!'");
            size_t length = 1;
            if (peek(1) != ' ') {
                while (name_char(peek(length))) ++length;
                if (peek(length) != '!') {
                    while (length-- > 0) advance();
                    fail_here("'!'");
                }
                ++length;
            }
            while (length-- > 0) advance();
            if (peek() != ' ') fail_here("' '");
            skip_spaces();
            directive_prefix();
            if (peek() != ' ' && !line_end()) fail_here("' '");
        } else {
            while (!line_end()) advance();
        }
        skip_spaces();
        if (peek() == '#') skip_comment();
        if (!line_end()) fail_here("a comment or a line break");
    }
    // scanner.py scan_tag_uri and scan_uri_escapes for a TAG directive's prefix: URI
    // characters, each `%` followed by two hexadecimal digits, the escaped bytes UTF-8.
    void directive_prefix() {
        bool any = false;
        while (uri_char(peek())) {
            any = true;
            if (peek() != '%') {
                advance();
                continue;
            }
            const int line = line_, column = column_;
            std::string bytes;
            while (peek() == '%') {
                advance();
                for (size_t k = 0; k < 2; ++k)
                    if (!is_hex_digit(peek(k)))
                        fail(
                            fmt::format("while scanning a directive: expected URI escape sequence of 2 hexadecimal "
                                        "numbers, but found {}",
                                        quoted_char(k)));
                bytes += static_cast<char>(std::stoi(std::string(t_.substr(i_, 2)), nullptr, 16));
                advance();
                advance();
            }
            if (!valid_utf8(bytes)) {
                line_ = line, column_ = column;
                fail("while scanning a directive: the URI escapes are not UTF-8");
            }
        }
        if (!any) fail(fmt::format("while parsing a directive: expected URI, but found {}", quoted_char()));
    }
    // The character `k` bytes on in quotes, as Python's repr() shows it in PyYAML's messages.
    std::string quoted_char(size_t k = 0) const {
        return peek(k) == '\'' ? std::string("\"'\"") : "'" + shown_char(k) + "'";
    }

    // The character `k` bytes past the current position as PyYAML's messages show it.
    std::string shown_char(size_t k = 0) const {
        char next = peek(k);
        if (next == '\t') return "\\t";
        if (next == '\n') return "\\n";
        if (next == '\0') return "\\0";
        if (static_cast<unsigned char>(next) < 0x80) return std::string(1, next);
        return std::string(t_.substr(i_ + k, ceil_char_boundary(t_, i_ + k + 1) - i_ - k));
    }

    // scanner.py scan_block_scalar_indicators and scan_block_scalar_ignored_line: at most
    // one chomping indicator and one indentation indicator 1-9, in either order, then a
    // space, a line break or the end (`|#` and `|\t` are errors, yaml-cpp reads them as
    // `|`), then spaces and a comment at most (`| x` is an error).
    void block_scalar_header() {
        advance();
        auto chomping = [&] {
            if (peek() != '+' && peek() != '-') return false;
            advance();
            return true;
        };
        auto indentation = [&] {
            if (!is_digit(peek())) return false;
            if (peek() == '0')
                fail("while scanning a block scalar: expected indentation indicator in the range 1-9, but found 0");
            advance();
            return true;
        };
        if (chomping()) indentation();
        else if (indentation()) chomping();
        if (peek() != ' ' && !line_end())
            fail(fmt::format(
                "while scanning a block scalar: expected chomping or indentation indicators, but found '{}'",
                shown_char()));
        skip_spaces();
        if (peek() == '#') skip_comment();
        if (!line_end())
            fail(fmt::format("while scanning a block scalar: expected a comment or a line break, but found '{}'",
                             shown_char()));
    }

    // The header line, then every line that is blank or indented deeper than the line
    // the indicator is on: PyYAML's own bound (the enclosing node's indentation) is at
    // most that deep, so this never ends the scalar early.
    void block_scalar() {
        int parent = indent_;
        block_scalar_header();
        skip_line();
        while (i_ < t_.size()) {
            size_t k = i_ + 1, spaces = 0;
            while (k < t_.size() && t_[k] == ' ') ++k, ++spaces;
            bool blank = k >= t_.size() || t_[k] == '\n' || t_[k] == '\r';
            if (!blank && spaces <= static_cast<size_t>(parent)) return;
            advance();  // the line break
            at_line_start_ = false;
            skip_line();
            if (i_ >= t_.size()) return;
        }
    }

    // scanner.py scan_plain: in the block context a plain scalar goes on over line
    // breaks while the next non-blank line is indented deeper than the innermost block
    // collection and does not start with a comment or a document marker.
    bool plain_continues() const { return plain_continues(i_, indents_.empty() ? 0 : indents_.back()); }
    bool plain_continues(size_t from, int top) const {
        size_t k = from, column = 1;
        while (k < t_.size()) {
            char c = t_[k];
            if (c == '\n' || c == '\r') {
                ++k, column = 1;
            } else if (c == '\xe2' && (t_.substr(k, 3) == "\xe2\x80\xa8" || t_.substr(k, 3) == "\xe2\x80\xa9")) {
                k += 3, column = 1;
            } else if (c == ' ') {
                ++k, ++column;
            } else {
                break;
            }
        }
        if (k >= t_.size() || t_[k] == '#' || t_[k] == '\t') return false;
        if (column == 1 && (t_.substr(k, 3) == "---" || t_.substr(k, 3) == "...")) return false;
        return static_cast<int>(column) > top;
    }

    // Most lines of a config are `key: value` or `key:` in the block context, with ASCII
    // plain scalars: for such a line this leaves the scan as token() would, token by token
    // (the key, `:`, the value), at the line break, and says true. Anything else, or a
    // value that goes on over the line break, it leaves to token(), touching nothing.
    bool simple_pair() {
        static constexpr auto kStarts = [] {
            std::array<bool, 256> starts{};
            for (int c = 0; c < 256; ++c)
                starts[static_cast<size_t>(c)] = is_alpha(static_cast<char>(c)) || is_digit(static_cast<char>(c));
            for (char c : std::string_view("_$/.~")) starts[static_cast<unsigned char>(c)] = true;
            return starts;
        }();
        // An ASCII byte that does not end a plain scalar (0xE2 is no ASCII byte).
        auto inner = [](char c) {
            return static_cast<unsigned char>(c) < 0x80 && !kBlockStops[static_cast<unsigned char>(c)];
        };
        if (flow_ > 0 || !kStarts[static_cast<unsigned char>(peek())]) return false;
        const size_t key = i_;
        size_t colon = key + 1;
        while (colon < t_.size() && inner(t_[colon])) ++colon;
        if (colon + 1 >= t_.size() || t_[colon] != ':' || (t_[colon + 1] != ' ' && t_[colon + 1] != '\n')) return false;
        size_t value = colon + 1;
        while (t_[value] == ' ' && value + 1 < t_.size()) ++value;
        size_t end = value;
        if (t_[value] != '\n') {
            if (!kStarts[static_cast<unsigned char>(t_[value])]) return false;
            // A `:` not followed by a blank is part of the scalar (`http://x`).
            for (++end; end < t_.size(); ++end) {
                char c = t_[end];
                if (inner(c)) continue;
                if (c != ':' || end + 1 == t_.size()) break;
                char next = t_[end + 1];
                if (next == ' ' || next == '\t' || next == '\n' || next == '\r' || next == '\xe2') break;
            }
            // It must end at its line's end, there: no comment, no trailing blank, no fold.
            const int key_column = column_;
            if (end == t_.size() || t_[end] != '\n' || plain_continues(end, key_column)) return false;
        }
        // The key: a possible simple key, which its `:` makes one and opens a mapping at.
        content_ = true;
        expect_entry_ = json_like_ = false;
        flow_indicator_ = 0;
        properties_start_ = std::string_view::npos;
        push_indent(column_);
        const int at = column_ + static_cast<int>(colon - key);  // the `:`
        column_ += static_cast<int>(end - key);
        i_ = end;
        if (t_[value] == '\n') {
            allow_key_ = true;
            pending_.reset();
            from_ = {line_, at};
            spaces_.last_token = ':';
            return true;
        }
        // The value: a possible simple key too, which the next line finds stale.
        const int value_column = at + static_cast<int>(value - colon);
        allow_key_ = false;
        pending_ = Pending{line_, value_column, false, true};
        from_ = {line_, value_column};
        spaces_.last_token = t_[value];
        return true;
    }

    // The bytes that may end a plain scalar or its line, in the block context and in a
    // flow collection; U+2028 and U+2029 start with 0xE2.
    static constexpr auto kBlockStops = [] {
        std::array<bool, 256> stops{};
        for (char c : std::string_view(" \t\n\r:\xe2")) stops[static_cast<unsigned char>(c)] = true;
        return stops;
    }();
    static constexpr auto kFlowStops = [] {
        std::array<bool, 256> stops = kBlockStops;
        for (char c : std::string_view(",?[]{}")) stops[static_cast<unsigned char>(c)] = true;
        return stops;
    }();

    void plain() {
        const auto& stops = flow_ > 0 ? kFlowStops : kBlockStops;
        while (i_ < t_.size()) {
            // Most bytes of a plain scalar are none of those: a run of them is passed in
            // one go, one column per character.
            size_t j = i_;
            while (j < t_.size() && !stops[static_cast<unsigned char>(t_[j])]) ++j;
            column_ += static_cast<int>(ascii_ ? j - i_ : char_count(t_.substr(i_, j - i_)));
            i_ = j;
            if (i_ == t_.size()) return;
            char c = peek();
            if ((c == '\n' || c == '\r' || unicode_break()) && flow_ == 0 && plain_continues()) {
                while (peek() == '\n' || peek() == '\r' || peek() == ' ' || unicode_break())
                    unicode_break() ? unicode_line_break() : advance();
                at_line_start_ = false;
                continue;
            }
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || unicode_break()) return;
            if (c == ':' &&
                (space_or_end(1) || (flow_ > 0 && std::string_view(",[]{}").find(peek(1)) != std::string_view::npos)))
                return;
            if (flow_ > 0 && std::string_view(",?[]{}").find(c) != std::string_view::npos) return;
            advance();
        }
    }

    std::string_view t_;
    const std::string& name_;
    bool ascii_;
    bool whole_lines_;
    size_t i_ = 0;
    int line_ = 1, column_ = 1, indent_ = 0;
    int flow_ = 0;
    bool at_line_start_ = true;
    bool in_quotes_ = false;
    bool expect_entry_ = false;
    bool directive_ = false;             // a %-directive seen, `---` not yet
    bool content_ = false;               // a token other than a directive or comment seen
    bool json_like_ = false;             // the last token was a quoted scalar or a flow collection's end
    char flow_indicator_ = 0;            // the last token was this `?` or `:` in a flow collection
    int key_line_ = 0, key_column_ = 0;  // where it was
    PyYamlScan spaces_;
    size_t properties_start_ = std::string_view::npos;  // where the current node's anchor or tag began
    std::map<std::string, std::pair<int, int>, std::less<>> anchors_;
    std::pair<int, int> from_{1, 1};  // line and column where the current token starts
    struct Pending {
        int line, column;
        bool required, plain;
    };
    std::optional<Pending> pending_;  // the possible simple key in the block context
    std::vector<int> indents_;        // columns of the open block collections
    bool allow_key_ = true;
};

}  // namespace

PyYamlScan check_yaml_rules(std::string_view text, const std::string& name, bool ascii, bool whole_lines) {
    return Scanner(text, name, ascii, whole_lines).run();
}

}  // namespace goe
