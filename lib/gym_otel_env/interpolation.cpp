#include "gym_otel_env/interpolation.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace goe {
namespace {

// Lexer token types of OmegaConfGrammarLexer.g4 (after its `-> type(...)` remaps).
// clang-format off
enum class Lx {
    inter_open, inter_close, brace_open, brace_close, quote_open, quote_close, comma,
    bracket_open, bracket_close, colon, dot, real, integer, boolean, null_, unquoted_char,
    id, inter_key, esc, ws, any_str, esc_inter, top_esc, quoted_esc, eof
};
// clang-format on

struct Lexeme {
    Lx type;
    std::string text;
    size_t offset;
};

enum class Mode { top, value, inter, single_quoted, double_quoted };

bool is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_ws(char c) { return c == ' ' || c == '\t'; }

class Lexer {
public:
    Lexer(std::string_view s, Mode start) : s_(s), modes_{start} {}

    // The next token, or eof. Tokens are made as the parser asks for them, so that
    // its nesting limit comes before the lexer has read a megabyte of "${".
    Lexeme pull() {
        if (p_ >= s_.size()) return {Lx::eof, "", s_.size()};
        // Each '$' or '.' can be a token: 20 MB of them would be gigabytes.
        if (++count_ > kMaxInterpolationTokens)
            throw ParseError{fmt::format("more than {} tokens", kMaxInterpolationTokens), p_};
        return next();
    }

private:
    size_t ws_at(size_t p) const {
        size_t n = 0;
        while (p + n < s_.size() && is_ws(s_[p + n])) ++n;
        return n;
    }
    bool at(size_t p, std::string_view lit) const { return s_.substr(p, lit.size()) == lit; }
    // WS? c WS? (trailing_ws), or WS? c.
    size_t ws_char(size_t p, char c, bool trailing_ws) const {
        size_t n = ws_at(p);
        if (p + n >= s_.size() || s_[p + n] != c) return 0;
        ++n;
        return trailing_ws ? n + ws_at(p + n) : n;
    }
    size_t id_len(size_t p) const {
        if (p >= s_.size() || !(is_alpha(s_[p]) || s_[p] == '_')) return 0;
        size_t n = 1;
        while (p + n < s_.size() &&
               (is_alpha(s_[p + n]) || is_digit(s_[p + n]) || s_[p + n] == '_' || s_[p + n] == '-'))
            ++n;
        return n;
    }
    // DIGIT (('_')? DIGIT)*, starting with the first digit at p.
    size_t digits_(size_t p) const {
        if (p >= s_.size() || !is_digit(s_[p])) return 0;
        size_t n = 1;
        for (;;) {
            if (p + n < s_.size() && is_digit(s_[p + n])) ++n;
            else if (p + n + 1 < s_.size() && s_[p + n] == '_' && is_digit(s_[p + n + 1])) n += 2;
            else return n;
        }
    }
    size_t int_unsigned(size_t p) const {
        if (p >= s_.size()) return 0;
        if (s_[p] == '0') return 1;
        if (s_[p] < '1' || s_[p] > '9') return 0;
        return digits_(p);
    }
    // All lengths POINT_FLOAT can match at p (longest first is not enough for EXPONENT_FLOAT).
    std::vector<size_t> point_floats(size_t p) const {
        std::vector<size_t> out;
        size_t iu = int_unsigned(p);
        if (iu && at(p + iu, ".")) out.push_back(iu + 1);
        for (size_t lead : {iu, size_t{0}}) {
            if (at(p + lead, ".")) {
                size_t d = digits_(p + lead + 1);
                if (d) out.push_back(lead + 1 + d);
            }
        }
        return out;
    }
    size_t exponent_at(size_t p) const {
        if (p >= s_.size() || (s_[p] != 'e' && s_[p] != 'E')) return 0;
        size_t n = 1;
        if (p + n < s_.size() && (s_[p + n] == '+' || s_[p + n] == '-')) ++n;
        size_t d = digits_(p + n);
        return d ? n + d : 0;
    }
    size_t keyword(size_t p, std::string_view word) const {
        if (p + word.size() > s_.size()) return 0;
        for (size_t i = 0; i < word.size(); ++i)
            if (std::tolower(static_cast<unsigned char>(s_[p + i])) != word[i]) return 0;
        return word.size();
    }
    size_t float_len(size_t p) const {
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
    size_t int_len(size_t p) const {
        size_t sign = (p < s_.size() && (s_[p] == '+' || s_[p] == '-')) ? 1 : 0;
        size_t iu = int_unsigned(p + sign);
        return iu ? sign + iu : 0;
    }
    size_t esc_len(size_t p) const {
        size_t n = 0;
        while (p + n + 1 < s_.size() && s_[p + n] == '\\' &&
               std::string_view("\\()[]{}:=, \t").find(s_[p + n + 1]) != std::string_view::npos)
            n += 2;
        return n;
    }

    Lexeme emit(Lx type, size_t len) {
        Lexeme l{type, std::string(s_.substr(p_, len)), p_};
        p_ += len;
        return l;
    }

    [[noreturn]] void fail() const {
        // Quote the whole UTF-8 character, not one byte of it.
        size_t n = 1;
        while (p_ + n < s_.size() && (static_cast<unsigned char>(s_[p_ + n]) & 0xC0) == 0x80) ++n;
        throw ParseError{fmt::format("token recognition error at: '{}'", s_.substr(p_, n)), p_};
    }

    void pop() {
        modes_.pop_back();
        if (modes_.empty()) throw ParseError{"unbalanced closing brace", p_};
    }

    Lexeme next() {
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
    Lexeme next_text(char quote) {
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
            Lx type;
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
        return emit(best.type, best.len);
    }

    Lexeme next_inter() {
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
        while (p_ + key < s_.size() &&
               std::string_view("\\{}()[]:. \t'\"").find(s_[p_ + key]) == std::string_view::npos)
            ++key;
        if (id && id >= key) return emit(Lx::id, id);
        if (key) return emit(Lx::inter_key, key);
        fail();
    }

    Lexeme next_value() {
        struct Cand {
            Lx type;
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
        switch (best.type) {
            case Lx::inter_open: modes_.push_back(Mode::inter); break;
            case Lx::brace_open: modes_.push_back(Mode::value); break;
            case Lx::brace_close: pop(); break;
            case Lx::quote_open: modes_.push_back(c == '\'' ? Mode::single_quoted : Mode::double_quoted); break;
            default: break;
        }
        return emit(best.type, best.len);
    }

    std::string_view s_;
    size_t p_ = 0;
    size_t count_ = 0;
    std::vector<Mode> modes_;
};

class Parser {
public:
    explicit Parser(Lexer lexer) : lexer_(std::move(lexer)) {}

    Template text_rule() {
        Template out;
        while (peek() != Lx::eof) {
            switch (peek()) {
                case Lx::any_str: out.tokens.push_back(take(Token::Kind::text)); break;
                case Lx::esc_inter: out.tokens.push_back(take(Token::Kind::esc_inter)); break;
                case Lx::top_esc: out.tokens.push_back(take(Token::Kind::top_esc)); break;
                case Lx::inter_open: out.tokens.push_back(interpolation()); break;
                default: error();
            }
        }
        return out;
    }

    Element single_element() {
        Element e = element();
        expect(Lx::eof);
        return e;
    }

private:
    // Lexes up to token `n` (or eof).
    void fill(size_t n) {
        while (t_.size() <= n && (t_.empty() || t_.back().type != Lx::eof)) t_.push_back(lexer_.pull());
    }
    Lx peek(size_t k = 0) {
        fill(i_ + k);
        return t_[std::min(i_ + k, t_.size() - 1)].type;
    }
    const Lexeme& cur() {
        fill(i_);
        return t_[std::min(i_, t_.size() - 1)];
    }

    [[noreturn]] void error() {
        const Lexeme& l = cur();
        // The input ended inside `${...`: say so, rather than the grammar's "<EOF>".
        if (l.type == Lx::eof && open_interpolations_ > 0)
            throw ParseError{"unterminated '${': the closing '}' is missing", l.offset};
        std::string near = l.type == Lx::eof ? "<EOF>" : l.text;
        throw ParseError{fmt::format("no viable alternative at input '{}'", near), l.offset};
    }
    void expect(Lx type) {
        if (peek() != type) error();
        ++i_;
    }
    Token take(Token::Kind kind) {
        fill(i_);
        return Token{kind, t_[i_++].text, nullptr};
    }

    Token interpolation() {
        Nest nest(*this);
        expect(Lx::inter_open);
        Open open(open_interpolations_);
        auto inter = std::make_shared<Interpolation>();
        std::vector<Token> pieces;
        bool resolver_shape = true;  // ID/interpolation items joined by dots only
        while (peek() == Lx::dot) {
            pieces.push_back(take(Token::Kind::text));
            resolver_shape = false;
        }
        auto item = [&]() {
            if (peek() == Lx::inter_open) {
                pieces.push_back(interpolation());
            } else if (peek() == Lx::id) {
                pieces.push_back(take(Token::Kind::text));
            } else if (peek() == Lx::inter_key) {
                pieces.push_back(take(Token::Kind::text));
                resolver_shape = false;
            } else {
                error();
            }
        };
        auto bracketed = [&]() {
            pieces.push_back(take(Token::Kind::text));
            item();
            if (peek() != Lx::bracket_close) error();
            pieces.push_back(take(Token::Kind::text));
            resolver_shape = false;
        };
        if (peek() == Lx::bracket_open) bracketed();
        else item();
        for (;;) {
            if (peek() == Lx::dot) {
                pieces.push_back(take(Token::Kind::text));
                item();
            } else if (peek() == Lx::bracket_open) {
                bracketed();
            } else {
                break;
            }
        }
        if (peek() == Lx::inter_close) {
            ++i_;
            inter->kind = Interpolation::Kind::node;
            inter->key = std::move(pieces);
        } else if (peek() == Lx::colon && resolver_shape) {
            ++i_;
            inter->kind = Interpolation::Kind::resolver;
            for (auto& p : pieces)
                if (!(p.kind == Token::Kind::text && p.text == ".")) inter->name.push_back(std::move(p));
            if (peek() != Lx::brace_close) inter->args = sequence(Lx::brace_close);
            expect(Lx::brace_close);
        } else {
            error();
        }
        return Token{Token::Kind::interpolation, {}, std::move(inter)};
    }

    // sequence: (element (COMMA element?)*) | (COMMA element?)+ ; a missing element is "".
    std::vector<Element> sequence(Lx close) {
        std::vector<Element> out;
        bool previous_comma = true;
        while (peek() != close) {
            if (peek() == Lx::comma) {
                if (previous_comma) out.push_back(Element{Element::Kind::empty, {}, {}, {}});
                ++i_;
                previous_comma = true;
            } else {
                if (!previous_comma) error();
                out.push_back(element());
                previous_comma = false;
            }
        }
        if (previous_comma) out.push_back(Element{Element::Kind::empty, {}, {}, {}});
        return out;
    }

    static bool primitive_token(Lx type, bool dict_key) {
        switch (type) {
            case Lx::id:
            case Lx::null_:
            case Lx::integer:
            case Lx::real:
            case Lx::boolean:
            case Lx::unquoted_char:
            case Lx::esc:
            case Lx::ws: return true;
            case Lx::colon:
            case Lx::inter_open: return !dict_key;
            default: return false;
        }
    }

    std::vector<Token> primitive(bool dict_key) {
        std::vector<Token> out;
        while (primitive_token(peek(), dict_key)) {
            switch (peek()) {
                case Lx::inter_open: out.push_back(interpolation()); break;
                case Lx::id: out.push_back(take(Token::Kind::id)); break;
                case Lx::null_: out.push_back(take(Token::Kind::null_)); break;
                case Lx::integer: out.push_back(take(Token::Kind::integer)); break;
                case Lx::real: out.push_back(take(Token::Kind::real)); break;
                case Lx::boolean: out.push_back(take(Token::Kind::boolean)); break;
                case Lx::unquoted_char: out.push_back(take(Token::Kind::unquoted_char)); break;
                case Lx::colon: out.push_back(take(Token::Kind::colon)); break;
                case Lx::esc: out.push_back(take(Token::Kind::esc)); break;
                default: out.push_back(take(Token::Kind::ws)); break;
            }
        }
        if (out.empty()) error();
        return out;
    }

    Element element() {
        Nest nest(*this);
        Element e;
        switch (peek()) {
            case Lx::quote_open: {
                ++i_;
                e.kind = Element::Kind::quoted;
                while (peek() != Lx::quote_close) {
                    switch (peek()) {
                        case Lx::any_str: e.tokens.push_back(take(Token::Kind::text)); break;
                        case Lx::esc: e.tokens.push_back(take(Token::Kind::esc)); break;
                        case Lx::esc_inter: e.tokens.push_back(take(Token::Kind::esc_inter)); break;
                        case Lx::quoted_esc: e.tokens.push_back(take(Token::Kind::quoted_esc)); break;
                        case Lx::inter_open: e.tokens.push_back(interpolation()); break;
                        default: error();
                    }
                }
                ++i_;
                return e;
            }
            case Lx::bracket_open:
                ++i_;
                e.kind = Element::Kind::list;
                if (peek() != Lx::bracket_close) e.items = sequence(Lx::bracket_close);
                expect(Lx::bracket_close);
                return e;
            case Lx::brace_open:
                ++i_;
                e.kind = Element::Kind::dict;
                if (peek() != Lx::brace_close) {
                    for (;;) {
                        e.keys.push_back(primitive(true));
                        expect(Lx::colon);
                        e.items.push_back(element());
                        if (peek() != Lx::comma) break;
                        ++i_;
                    }
                }
                expect(Lx::brace_close);
                return e;
            default:
                e.kind = Element::Kind::primitive;
                e.tokens = primitive(false);
                return e;
        }
    }

    // The parser recurses per nested ${...}, [...], {...} and quote; a hostile value
    // ("${${${..." a megabyte long) must end in an error, not a stack overflow.
    struct Nest {
        explicit Nest(Parser& p) : parser(p) {
            if (++parser.depth_ > kMaxInterpolationNesting)
                throw ParseError{fmt::format("nested deeper than {} levels", kMaxInterpolationNesting),
                                 parser.cur().offset};
        }
        ~Nest() { --parser.depth_; }
        Nest(const Nest&) = delete;
        Nest& operator=(const Nest&) = delete;
        Parser& parser;
    };

    Lexer lexer_;
    std::vector<Lexeme> t_;
    size_t i_ = 0;
    size_t depth_ = 0;
    size_t open_interpolations_ = 0;  // `${` read whose `}` is not yet
    struct Open {
        explicit Open(size_t& n) : count(++n) {}
        ~Open() { --count; }
        Open(const Open&) = delete;
        Open& operator=(const Open&) = delete;
        size_t& count;
    };
};

void dump_tokens(const std::vector<Token>& tokens, std::string& out);

void dump_element(const Element& e, std::string& out) {
    switch (e.kind) {
        case Element::Kind::empty: out += "empty"; return;
        case Element::Kind::primitive:
            out += "prim(";
            dump_tokens(e.tokens, out);
            out += ")";
            return;
        case Element::Kind::quoted:
            out += "quoted(";
            dump_tokens(e.tokens, out);
            out += ")";
            return;
        case Element::Kind::list:
            out += "list(";
            for (size_t i = 0; i < e.items.size(); ++i) {
                if (i) out += ", ";
                dump_element(e.items[i], out);
            }
            out += ")";
            return;
        case Element::Kind::dict:
            out += "dict(";
            for (size_t i = 0; i < e.items.size(); ++i) {
                if (i) out += ", ";
                dump_tokens(e.keys[i], out);
                out += ": ";
                dump_element(e.items[i], out);
            }
            out += ")";
            return;
    }
}

void dump_tokens(const std::vector<Token>& tokens, std::string& out) {
    static constexpr const char* names[] = {"text", "esc",   "esc_inter", "top_esc", "quoted_esc", "id", "null",
                                            "int",  "float", "bool",      "char",    "colon",      "ws", ""};
    for (size_t i = 0; i < tokens.size(); ++i) {
        if (i) out += ' ';
        const Token& t = tokens[i];
        if (t.kind != Token::Kind::interpolation) {
            out += fmt::format("{}('{}')", names[static_cast<int>(t.kind)], t.text);
            continue;
        }
        const Interpolation& in = *t.inter;
        if (in.kind == Interpolation::Kind::node) {
            out += "node[";
            for (const auto& k : in.key) {
                if (k.kind == Token::Kind::interpolation) dump_tokens({k}, out);
                else out += k.text;
            }
            out += "]";
        } else {
            out += "call[";
            for (size_t n = 0; n < in.name.size(); ++n) {
                if (n) out += '.';
                if (in.name[n].kind == Token::Kind::interpolation) dump_tokens({in.name[n]}, out);
                else out += in.name[n].text;
            }
            out += "](";
            for (size_t a = 0; a < in.args.size(); ++a) {
                if (a) out += ", ";
                dump_element(in.args[a], out);
            }
            out += ")";
        }
    }
}

}  // namespace

bool has_interpolation(std::string_view value) { return value.find("${") != std::string_view::npos; }

Template parse_template(std::string_view value) { return Parser(Lexer(value, Mode::top)).text_rule(); }

Element parse_element(std::string_view value) { return Parser(Lexer(value, Mode::value)).single_element(); }

std::string dump(const Template& t) {
    std::string out;
    dump_tokens(t.tokens, out);
    return out;
}

}  // namespace goe
