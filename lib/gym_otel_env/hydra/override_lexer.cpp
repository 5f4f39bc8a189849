#include "gym_otel_env/hydra/override_lexer.hpp"

#include <array>

#include "gym_otel_env/core/text.hpp"
#include "gym_otel_env/core/value.hpp"

namespace goe {
namespace {

using Kind = OverrideToken::Kind;

class Lexer {
public:
    explicit Lexer(std::string_view s) : s_(s) {}

    std::vector<OverrideToken> run() {
        std::vector<OverrideToken> out;
        bool value_mode = false;
        while (p_ < s_.size()) {
            auto [kind, n] = value_mode ? value_token() : key_token();
            if (n == 0) {
                out.push_back({Kind::error, std::string(s_.substr(p_, 1)), p_});
                return out;
            }
            out.push_back({kind, std::string(s_.substr(p_, n)), p_});
            // Only KEY mode's EQUAL switches modes; VALUE mode never switches back.
            if (!value_mode && kind == Kind::equal) value_mode = true;
            p_ += n;
        }
        out.push_back({Kind::eof, "", s_.size()});
        return out;
    }

private:
    char at(size_t p) const { return p < s_.size() ? s_[p] : '\0'; }
    bool has(size_t p) const { return p < s_.size(); }
    size_t ws(size_t p) const {
        size_t n = 0;
        while (has(p + n) && is_blank(s_[p + n])) ++n;
        return n;
    }
    bool word_ci(size_t p, std::string_view w) const {
        if (p + w.size() > s_.size()) return false;
        for (size_t i = 0; i < w.size(); ++i)
            if (ascii_lower(s_[p + i]) != w[i]) return false;
        return true;
    }
    // ID: (CHAR|'_') (CHAR|DIGIT|'_'|'-')*; with `dollar`, KEY_SPECIAL, which allows '$'.
    size_t id(size_t p, bool dollar) const {
        char c = at(p);
        if (!(has(p) && (is_alpha(c) || c == '_' || (dollar && c == '$')))) return 0;
        size_t n = 1;
        for (char d = at(p + n);
             has(p + n) && (is_alpha(d) || is_digit(d) || d == '_' || d == '-' || (dollar && d == '$')); d = at(p + n))
            ++n;
        return n;
    }
    // DIGIT (('_')? DIGIT)* after `p`, as long as it goes.
    size_t digits(size_t p) const {
        if (!is_digit(at(p)) || !has(p)) return 0;
        size_t n = 1;
        while (true) {
            if (has(p + n) && is_digit(s_[p + n])) ++n;
            else if (at(p + n) == '_' && has(p + n + 1) && is_digit(s_[p + n + 1])) n += 2;
            else return n;
        }
    }
    // INT_UNSIGNED: '0' | [1-9] (('_')? DIGIT)*
    size_t int_unsigned(size_t p) const {
        if (!has(p)) return 0;
        if (s_[p] == '0') return 1;
        if (s_[p] >= '1' && s_[p] <= '9') return digits(p);
        return 0;
    }
    size_t dot_path(size_t p) const {
        auto segment = [&](size_t q) { return is_digit(at(q)) && has(q) ? int_unsigned(q) : id(q, true); };
        size_t n = segment(p);
        if (n == 0) return 0;
        size_t dots = 0;
        while (at(p + n) == '.' && has(p + n)) {
            size_t m = segment(p + n + 1);
            if (m == 0) break;
            n += 1 + m;
            ++dots;
        }
        return dots ? n : 0;
    }
    // [eE] [+-]? DIGIT (('_')? DIGIT)* at p, or 0.
    size_t exponent(size_t p) const {
        if (!has(p) || ascii_lower(s_[p]) != 'e') return 0;
        size_t q = p + 1;
        if (at(q) == '+' || at(q) == '-') ++q;
        size_t d = digits(q);
        return d ? q + d - p : 0;
    }
    size_t real(size_t p) const {
        size_t q = p;
        if (at(q) == '+' || at(q) == '-') ++q;
        if (word_ci(q, "inf") || word_ci(q, "nan")) return q + 3 - p;
        size_t best = 0;
        size_t iu = int_unsigned(q);
        size_t point = 0;  // end of the longest POINT_FLOAT, relative to p
        if (at(q + iu) == '.' && has(q + iu)) {
            if (iu) point = q + iu + 1 - p;
            if (size_t f = digits(q + iu + 1)) point = q + iu + 1 + f - p;
        }
        best = point;
        if (iu)
            if (size_t e = exponent(q + iu)) best = std::max(best, q + iu + e - p);
        if (point)
            if (size_t e = exponent(p + point)) best = std::max(best, point + e);
        return best;
    }
    size_t quoted(size_t p) const {
        char q = at(p);
        if (!has(p) || (q != '\'' && q != '"')) return 0;
        size_t backslashes = 0;
        for (size_t j = p + 1; j < s_.size(); ++j) {
            if (s_[j] == q && backslashes % 2 == 0) return j + 1 - p;
            backslashes = s_[j] == '\\' ? backslashes + 1 : 0;
        }
        return 0;
    }
    size_t interpolation(size_t p) {
        if (at(p) != '$' || at(p + 1) != '{' || !has(p + 2) || s_[p + 2] == '}') return 0;
        // Remember the next '}' so that a run of "${" without one stays linear.
        if (close_ == std::string_view::npos || close_ < p + 2) {
            if (no_close_after_ <= p + 2) return 0;
            close_ = s_.find('}', p + 2);
            if (close_ == std::string_view::npos) {
                no_close_after_ = p + 2;
                return 0;
            }
        }
        return close_ + 1 - p;
    }
    size_t esc(size_t p) const {
        static constexpr std::string_view escaped = "\\()[]{}:=, \t";
        size_t n = 0;
        while (at(p + n) == '\\' && has(p + n + 1) && escaped.find(s_[p + n + 1]) != std::string_view::npos) n += 2;
        return n;
    }
    // WS? c WS? (or without the trailing WS)
    size_t ws_char(size_t p, char c, bool before, bool after) const {
        size_t n = before ? ws(p) : 0;
        if (!has(p + n) || s_[p + n] != c) return 0;
        ++n;
        return after ? n + ws(p + n) : n;
    }

    std::pair<Kind, size_t> key_token() const {
        char c = s_[p_];
        if (c == '=') return {Kind::equal, 1 + ws(p_ + 1)};
        if (c == '~') return {Kind::tilde, 1};
        if (c == '+') return {Kind::plus, 1};
        if (c == '@') return {Kind::at, 1};
        if (c == ':') return {Kind::colon, 1};
        if (c == '/') return {Kind::slash, 1};
        // KEY_ID before KEY_SPECIAL: an ID-shaped name stays an ID.
        std::pair<Kind, size_t> best{Kind::id, id(p_, false)};
        if (size_t n = id(p_, true); n > best.second) best = {Kind::key_special, n};
        if (size_t n = dot_path(p_); n > best.second) best = {Kind::dot_path, n};
        return best;
    }

    std::pair<Kind, size_t> value_token() {
        // In the order of OverrideLexer.g4's VALUE_MODE: the first longest match wins.
        std::array<std::pair<Kind, size_t>, 19> c{{
            {Kind::popen, ws_char(p_, '(', true, true)},
            {Kind::comma, ws_char(p_, ',', true, true)},
            {Kind::pclose, ws_char(p_, ')', true, false)},
            {Kind::bracket_open, ws_char(p_, '[', false, true)},
            {Kind::bracket_close, ws_char(p_, ']', true, false)},
            {Kind::brace_open, ws_char(p_, '{', false, true)},
            {Kind::brace_close, ws_char(p_, '}', true, false)},
            {Kind::colon, ws_char(p_, ':', true, true)},
            {Kind::equal, ws_char(p_, '=', true, true)},
            {Kind::real, real(p_)},
            {Kind::integer, (at(p_) == '+' || at(p_) == '-') ? (int_unsigned(p_ + 1) ? 1 + int_unsigned(p_ + 1) : 0)
                                                             : int_unsigned(p_)},
            {Kind::boolean, word_ci(p_, "true")    ? 4u
                            : word_ci(p_, "false") ? 5u
                                                   : 0u},
            {Kind::null_, word_ci(p_, "null") ? 4u : 0u},
            {Kind::unquoted_char, std::string_view("/-\\+.$%*@?|").find(s_[p_]) != std::string_view::npos ? 1u : 0u},
            {Kind::id, id(p_, false)},
            {Kind::esc, esc(p_)},
            {Kind::ws, ws(p_)},
            {Kind::quoted, quoted(p_)},
            {Kind::interpolation, interpolation(p_)},
        }};
        std::pair<Kind, size_t> best{Kind::error, 0};
        for (const auto& candidate : c)
            if (candidate.second > best.second) best = candidate;
        return best;
    }

    std::string_view s_;
    size_t p_ = 0;
    size_t close_ = std::string_view::npos;
    size_t no_close_after_ = std::string_view::npos;
};

// "id" / "bracket_open" ... as dump names them.
std::string_view token_kind_name(OverrideToken::Kind kind) {
    switch (kind) {
        case Kind::equal: return "equal";
        case Kind::tilde: return "tilde";
        case Kind::plus: return "plus";
        case Kind::at: return "at";
        case Kind::colon: return "colon";
        case Kind::slash: return "slash";
        case Kind::id: return "id";
        case Kind::key_special: return "key_special";
        case Kind::dot_path: return "dot_path";
        case Kind::popen: return "popen";
        case Kind::comma: return "comma";
        case Kind::pclose: return "pclose";
        case Kind::bracket_open: return "bracket_open";
        case Kind::bracket_close: return "bracket_close";
        case Kind::brace_open: return "brace_open";
        case Kind::brace_close: return "brace_close";
        case Kind::real: return "float";
        case Kind::integer: return "int";
        case Kind::boolean: return "bool";
        case Kind::null_: return "null";
        case Kind::unquoted_char: return "unquoted_char";
        case Kind::esc: return "esc";
        case Kind::ws: return "ws";
        case Kind::quoted: return "quoted";
        case Kind::interpolation: return "interpolation";
        case Kind::eof: return "eof";
        case Kind::error: return "error";
    }
    return "?";
}

}  // namespace

std::vector<OverrideToken> lex_override(std::string_view text) { return Lexer(text).run(); }

std::string dump(const std::vector<OverrideToken>& tokens) {
    std::string out;
    for (const auto& t : tokens) {
        if (!out.empty()) out += ' ';
        out += token_kind_name(t.kind);
        if (t.kind != Kind::eof) out += "(" + python_repr(t.text) + ")";
    }
    return out;
}

}  // namespace goe
