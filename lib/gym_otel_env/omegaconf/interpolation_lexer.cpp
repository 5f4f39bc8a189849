#include "gym_otel_env/omegaconf/interpolation_lexer.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "gym_otel_env/core/text.hpp"

namespace goe {

using Lx = Lexeme::Kind;
using Mode = InterpolationLexer::Mode;

Lexeme InterpolationLexer::pull() {
    if (p_ >= s_.size()) return {Lx::eof, "", s_.size()};
    // Each '$' or '.' can be a token: 20 MB of them would be gigabytes.
    if (++count_ > kMaxInterpolationTokens)
        throw ParseError{fmt::format("more than {} tokens", kMaxInterpolationTokens), p_};
    return next();
}

size_t InterpolationLexer::ws_at(size_t p) const {
    size_t n = 0;
    while (p + n < s_.size() && is_blank(s_[p + n])) ++n;
    return n;
}

// WS? c WS? (trailing_ws), or WS? c.
size_t InterpolationLexer::ws_char(size_t p, char c, bool trailing_ws) const {
    size_t n = ws_at(p);
    if (p + n >= s_.size() || s_[p + n] != c) return 0;
    ++n;
    return trailing_ws ? n + ws_at(p + n) : n;
}

size_t InterpolationLexer::id_len(size_t p) const {
    if (p >= s_.size() || !(is_alpha(s_[p]) || s_[p] == '_')) return 0;
    size_t n = 1;
    while (p + n < s_.size() && (is_alpha(s_[p + n]) || is_digit(s_[p + n]) || s_[p + n] == '_' || s_[p + n] == '-'))
        ++n;
    return n;
}

// DIGIT (('_')? DIGIT)*, starting with the first digit at p.
size_t InterpolationLexer::digits(size_t p) const {
    if (p >= s_.size() || !is_digit(s_[p])) return 0;
    size_t n = 1;
    for (;;) {
        if (p + n < s_.size() && is_digit(s_[p + n])) ++n;
        else if (p + n + 1 < s_.size() && s_[p + n] == '_' && is_digit(s_[p + n + 1])) n += 2;
        else return n;
    }
}

size_t InterpolationLexer::int_unsigned(size_t p) const {
    if (p >= s_.size()) return 0;
    if (s_[p] == '0') return 1;
    if (s_[p] < '1' || s_[p] > '9') return 0;
    return digits(p);
}

// All lengths POINT_FLOAT can match at p (longest first is not enough for EXPONENT_FLOAT).
std::vector<size_t> InterpolationLexer::point_floats(size_t p) const {
    std::vector<size_t> out;
    size_t iu = int_unsigned(p);
    if (iu && at(p + iu, ".")) out.push_back(iu + 1);
    for (size_t lead : {iu, size_t{0}}) {
        if (at(p + lead, ".")) {
            size_t d = digits(p + lead + 1);
            if (d) out.push_back(lead + 1 + d);
        }
    }
    return out;
}

size_t InterpolationLexer::exponent_at(size_t p) const {
    if (p >= s_.size() || (s_[p] != 'e' && s_[p] != 'E')) return 0;
    size_t n = 1;
    if (p + n < s_.size() && (s_[p + n] == '+' || s_[p + n] == '-')) ++n;
    size_t d = digits(p + n);
    return d ? n + d : 0;
}

// `word` (lower case) in any case.
size_t InterpolationLexer::keyword(size_t p, std::string_view word) const {
    if (p + word.size() > s_.size()) return 0;
    for (size_t i = 0; i < word.size(); ++i)
        if (ascii_lower(s_[p + i]) != word[i]) return 0;
    return word.size();
}

size_t InterpolationLexer::float_len(size_t p) const {
    size_t sign = (p < s_.size() && (s_[p] == '+' || s_[p] == '-')) ? 1 : 0;
    size_t q = p + sign, best = 0;
    auto bases = point_floats(q);
    for (size_t b : bases) best = std::max(best, b);
    if (size_t iu = int_unsigned(q)) bases.push_back(iu);
    for (size_t b : bases)
        if (size_t e = exponent_at(q + b)) best = std::max(best, b + e);
    best = std::max({best, keyword(q, "inf"), keyword(q, "nan")});
    return best ? sign + best : 0;
}

size_t InterpolationLexer::int_len(size_t p) const {
    size_t sign = (p < s_.size() && (s_[p] == '+' || s_[p] == '-')) ? 1 : 0;
    size_t iu = int_unsigned(p + sign);
    return iu ? sign + iu : 0;
}

size_t InterpolationLexer::esc_len(size_t p) const {
    size_t n = 0;
    while (p + n + 1 < s_.size() && s_[p + n] == '\\' &&
           std::string_view("\\()[]{}:=, \t").find(s_[p + n + 1]) != std::string_view::npos)
        n += 2;
    return n;
}

Lexeme InterpolationLexer::emit(Lx kind, size_t len) {
    Lexeme l{kind, std::string(s_.substr(p_, len)), p_};
    p_ += len;
    return l;
}

void InterpolationLexer::fail() const {
    // Quote the whole UTF-8 character, not one byte of it.
    size_t n = ceil_char_boundary(s_, p_ + 1) - p_;
    throw ParseError{fmt::format("token recognition error at: '{}'", s_.substr(p_, n)), p_};
}

void InterpolationLexer::pop() {
    modes_.pop_back();
    if (modes_.empty()) throw ParseError{"unbalanced closing brace", p_};
}

Lexeme InterpolationLexer::next() {
    switch (modes_.back()) {
        case Mode::top: return next_text(0);
        case Mode::single_quoted: return next_text('\'');
        case Mode::double_quoted: return next_text('"');
        case Mode::inter: return next_inter();
        case Mode::value: return next_value();
    }
    fail();
}

// DEFAULT_MODE and the two quoted modes differ only in the closing quote.
Lexeme InterpolationLexer::next_text(char quote) {
    if (at(p_, "${")) {
        modes_.push_back(Mode::inter);
        return emit(Lx::inter_open, 2 + ws_at(p_ + 2));
    }
    if (quote && s_[p_] == quote) {
        pop();
        return emit(Lx::quote_close, 1);
    }
    if (s_[p_] == '$') return emit(Lx::any_str, 1);
    size_t end = p_;
    while (end < s_.size() && s_[end] != '$' && !(quote && s_[end] == quote)) ++end;
    size_t any = 0;  // ANY_STR: longest run that does not end with a backslash
    for (size_t e = end; e > p_; --e)
        if (s_[e - 1] != '\\') {
            any = e - p_;
            break;
        }
    size_t n = 0;
    while (p_ + n < s_.size() && s_[p_ + n] == '\\') ++n;
    size_t esc_inter = (n % 2 == 1 && at(p_ + n, "${")) ? n + 2 : 0;
    size_t esc_quote = (quote && n % 2 == 1 && p_ + n < s_.size() && s_[p_ + n] == quote) ? n + 1 : 0;
    size_t even = n - n % 2;
    // Longest match; ties go to the rule defined first.
    struct Cand {
        Lx kind;
        size_t len;
    };
    const Cand cands[] = {{Lx::any_str, any},
                          {Lx::esc_inter, esc_inter},
                          {Lx::esc, esc_quote},
                          {quote ? Lx::quoted_esc : Lx::top_esc, even},
                          {Lx::any_str, n}};
    Cand best{Lx::any_str, 0};
    for (const auto& c : cands)
        if (c.len > best.len) best = c;
    if (!best.len) fail();
    return emit(best.kind, best.len);
}

Lexeme InterpolationLexer::next_inter() {
    if (at(p_, "${")) {
        modes_.push_back(Mode::inter);
        return emit(Lx::inter_open, 2 + ws_at(p_ + 2));
    }
    if (size_t n = ws_char(p_, ':', true)) {
        modes_.back() = Mode::value;
        return emit(Lx::colon, n);
    }
    if (size_t n = ws_char(p_, '}', false)) {
        pop();
        return emit(Lx::inter_close, n);
    }
    if (s_[p_] == '.') return emit(Lx::dot, 1);
    if (s_[p_] == '[') return emit(Lx::bracket_open, 1);
    if (s_[p_] == ']') return emit(Lx::bracket_close, 1);
    size_t id = id_len(p_), key = 0;
    while (p_ + key < s_.size() && std::string_view("\\{}()[]:. \t'\"").find(s_[p_ + key]) == std::string_view::npos)
        ++key;
    if (id && id >= key) return emit(Lx::id, id);
    if (key) return emit(Lx::inter_key, key);
    fail();
}

Lexeme InterpolationLexer::next_value() {
    struct Cand {
        Lx kind;
        size_t len;
    };
    char c = s_[p_];
    size_t ws = ws_at(p_);
    const Cand cands[] = {
        {Lx::inter_open, at(p_, "${") ? 2 + ws_at(p_ + 2) : 0},
        {Lx::brace_open, c == '{' ? 1 + ws_at(p_ + 1) : 0},
        {Lx::brace_close, ws_char(p_, '}', false)},
        {Lx::quote_open, c == '\'' ? 1u : 0u},
        {Lx::quote_open, c == '"' ? 1u : 0u},
        {Lx::comma, ws_char(p_, ',', true)},
        {Lx::bracket_open, c == '[' ? 1 + ws_at(p_ + 1) : 0},
        {Lx::bracket_close, ws_char(p_, ']', false)},
        {Lx::colon, ws_char(p_, ':', true)},
        {Lx::real, float_len(p_)},
        {Lx::integer, int_len(p_)},
        {Lx::boolean, std::max(keyword(p_, "true"), keyword(p_, "false"))},
        {Lx::null_, keyword(p_, "null")},
        {Lx::unquoted_char, std::string_view("/-\\+.$%*@?|").find(c) != std::string_view::npos ? 1u : 0u},
        {Lx::id, id_len(p_)},
        {Lx::esc, esc_len(p_)},
        {Lx::ws, ws},
    };
    Cand best{Lx::eof, 0};
    for (const auto& cand : cands)
        if (cand.len > best.len) best = cand;
    if (!best.len) fail();
    switch (best.kind) {
        case Lx::inter_open: modes_.push_back(Mode::inter); break;
        case Lx::brace_open: modes_.push_back(Mode::value); break;
        case Lx::brace_close: pop(); break;
        case Lx::quote_open: modes_.push_back(c == '\'' ? Mode::single_quoted : Mode::double_quoted); break;
        default: break;
    }
    return emit(best.kind, best.len);
}

namespace {
std::string_view kind_name(Lx kind) {
    switch (kind) {
        case Lx::inter_open: return "inter_open";
        case Lx::inter_close: return "inter_close";
        case Lx::brace_open: return "brace_open";
        case Lx::brace_close: return "brace_close";
        case Lx::quote_open: return "quote_open";
        case Lx::quote_close: return "quote_close";
        case Lx::comma: return "comma";
        case Lx::bracket_open: return "bracket_open";
        case Lx::bracket_close: return "bracket_close";
        case Lx::colon: return "colon";
        case Lx::dot: return "dot";
        case Lx::real: return "float";
        case Lx::integer: return "int";
        case Lx::boolean: return "bool";
        case Lx::null_: return "null";
        case Lx::unquoted_char: return "unquoted_char";
        case Lx::id: return "id";
        case Lx::inter_key: return "inter_key";
        case Lx::esc: return "esc";
        case Lx::ws: return "ws";
        case Lx::any_str: return "any_str";
        case Lx::esc_inter: return "esc_inter";
        case Lx::top_esc: return "top_esc";
        case Lx::quoted_esc: return "quoted_esc";
        case Lx::eof: return "eof";
    }
    return "?";
}
}  // namespace

std::string dump(const std::vector<Lexeme>& lexemes) {
    std::string out;
    for (const auto& l : lexemes) {
        if (!out.empty()) out += ' ';
        out += kind_name(l.kind);
        if (l.kind != Lx::eof) out += fmt::format("('{}')", l.text);
    }
    return out;
}

}  // namespace goe
