#include "gym_otel_env/omegaconf/interpolation.hpp"

#include <algorithm>
#include <unordered_set>

#include <fmt/format.h>

#include "gym_otel_env/omegaconf/value_kind.hpp"

namespace goe {
namespace {

using Lx = Lexeme::Kind;
using Mode = InterpolationLexer::Mode;

class Parser {
public:
    explicit Parser(InterpolationLexer lexer) : lexer_(std::move(lexer)) {}

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
        while (t_.size() <= n && (t_.empty() || t_.back().kind != Lx::eof)) t_.push_back(lexer_.pull());
    }
    Lx peek(size_t k = 0) {
        fill(i_ + k);
        return t_[std::min(i_ + k, t_.size() - 1)].kind;
    }
    const Lexeme& cur() {
        fill(i_);
        return t_[std::min(i_, t_.size() - 1)];
    }

    [[noreturn]] void error() {
        const Lexeme& l = cur();
        // The input ended inside `${...`: say so, rather than the grammar's "<EOF>".
        if (l.kind == Lx::eof && open_interpolations_ > 0)
            throw ParseError{"unterminated '${': the closing '}' is missing", l.offset};
        std::string near = l.kind == Lx::eof ? "<EOF>" : l.text;
        throw ParseError{fmt::format("no viable alternative at input '{}'", near), l.offset};
    }
    void expect(Lx kind) {
        if (peek() != kind) error();
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

    static bool primitive_token(Lx kind, bool dict_key) {
        switch (kind) {
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

    InterpolationLexer lexer_;
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

Template parse_template(std::string_view value) { return Parser(InterpolationLexer(value, Mode::top)).text_rule(); }

Element parse_element(std::string_view value) {
    return Parser(InterpolationLexer(value, Mode::value)).single_element();
}

std::string dump(const Template& t) {
    std::string out;
    dump_tokens(t.tokens, out);
    return out;
}

namespace {
// The way from the checked root down to a node, so that a key path is built only for
// an error: building one per node cost more than the check on a large config.
struct Step {
    const Step* up;
    const KeyText* key;  // mapping key, or nullptr for a list index
    size_t index;
};

std::string path_at(const Step* step, const std::string& base) {
    if (!step) return base;
    std::string up = path_at(step->up, base);
    return step->key ? join_key_path(up, *step->key) : fmt::format("{}[{}]", up, step->index);
}

// Visits each shared node once: an alias is the same node under many paths, and a
// billion-laughs document has 10^30 paths but a few dozen nodes.
void check_node(const Node& node, const Step* at, const std::string& base, std::unordered_set<const Node*>& seen) {
    bool interpolated = is_interpolation(node);
    if ((interpolated || node.is_container()) && !seen.insert(&node).second) return;
    if (interpolated) {
        try {
            parse_template(node.text());
        } catch (const ParseError& e) {
            throw Error(node.origin, path_at(at, base), fmt::format("invalid interpolation: {}", e.message));
        }
    }
    for (const auto& e : node.entries()) {
        Step step{at, &e.key, 0};
        check_node(*e.value, &step, base, seen);
    }
    for (size_t i = 0; i < node.items().size(); ++i) {
        Step step{at, nullptr, i};
        check_node(*node.items()[i], &step, base, seen);
    }
}
}  // namespace

void check_interpolations(const NodePtr& node, const std::string& path) {
    std::unordered_set<const Node*> seen;
    if (node) check_node(*node, nullptr, path, seen);
}

}  // namespace goe
