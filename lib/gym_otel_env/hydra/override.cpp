#include "gym_otel_env/hydra/override.hpp"

#include <algorithm>
#include <cmath>
#include <unordered_map>

#include <fmt/format.h>

#include "gym_otel_env/core/decimal.hpp"
#include "gym_otel_env/core/python.hpp"
#include "gym_otel_env/core/text.hpp"
#include "gym_otel_env/hydra/override_lexer.hpp"
#include "gym_otel_env/hydra/override_shown.hpp"

namespace goe {
namespace {

using Kind = OverrideToken::Kind;

// The parse tree of one VALUE element before Hydra's visitor turns it into a value:
// functions are kept so that they are refused only after the whole token parsed, in
// the order Hydra's visitor meets them.
struct Elem {
    enum class Kind { primitive, list, dict, function };
    Kind kind = Kind::primitive;
    std::vector<const OverrideToken*> tokens;  // primitive or dict key
    std::vector<Elem> items;                   // list; dict: key, value, key, value...; function args
    std::string text;                          // function: its source text (ANTLR's getText)
    std::vector<std::string> arg_names;        // function: "" for a positional argument
};

class Parser {
public:
    Parser(const std::vector<OverrideToken>& tokens, const TokenShown& shown, int max_nesting)
        : t_(tokens), shown_(shown), max_nesting_(max_nesting) {}

    ParsedOverride run(ParsedOverride out, std::optional<Elem>& value, std::vector<Elem>& rest, bool& sweep) {
        if (at(Kind::plus)) {
            ++p_;
            out.type = ParsedOverride::Type::add;
            if (at(Kind::plus)) {
                ++p_;
                out.type = ParsedOverride::Type::force_add;
            }
        } else if (at(Kind::tilde)) {
            ++p_;
            out.type = ParsedOverride::Type::del;
        }
        key(out);
        if (out.type == ParsedOverride::Type::del && at(Kind::eof)) return out;
        expect(Kind::equal);
        if (!at(Kind::eof)) {
            value = element();
            if (at(Kind::comma)) {
                // simpleChoiceSweep: element (COMMA element)+, a sweep of its own kind.
                while (at(Kind::comma)) {
                    ++p_;
                    rest.push_back(element());
                }
                sweep = true;
            }
        } else {
            value.reset();
            empty_value_ = true;
        }
        expect(Kind::eof);
        return out;
    }

    bool empty_value() const { return empty_value_; }

private:
    bool at(Kind k) const { return t_[p_].kind == k; }
    const OverrideToken& cur() const { return t_[p_]; }

    [[noreturn]] void fail() const {
        const OverrideToken& tok = cur();
        if (tok.kind == Kind::error) shown_.fail(tok.offset, "token recognition error", tok.text);
        if (tok.kind == Kind::eof) shown_.fail(tok.offset, "unexpected end of the override", {});
        // An '=' in VALUE is the usual slip (OTLP headers are k=v,k2=v2): say how to write it.
        if (tok.kind == Kind::equal && p_ > 1)
            shown_.fail(tok.offset, "unexpected '=' (quote the value: KEY='...')", {});
        shown_.fail(tok.offset, "unexpected", tok.text);
    }
    void expect(Kind k) {
        if (!at(k)) fail();
        ++p_;
    }

    void key(ParsedOverride& out) {
        // packageOrGroup: package | ID (SLASH ID)+; package: (empty) | ID | KEY_SPECIAL | DOT_PATH
        if (at(Kind::id) && t_[p_ + 1].kind == Kind::slash) {
            out.key = cur().text;
            ++p_;
            while (at(Kind::slash)) {
                ++p_;
                if (!at(Kind::id)) fail();
                out.key += "/" + cur().text;
                ++p_;
            }
        } else if (at(Kind::id) || at(Kind::key_special) || at(Kind::dot_path)) {
            out.key = cur().text;
            ++p_;
        }
        if (at(Kind::at)) {
            ++p_;
            out.package = "";
            if (at(Kind::id) || at(Kind::key_special) || at(Kind::dot_path)) {
                *out.package = cur().text;
                ++p_;
            }
        }
    }

    static bool primitive_token(Kind k, bool dict_key) {
        switch (k) {
            case Kind::id:
            case Kind::null_:
            case Kind::integer:
            case Kind::real:
            case Kind::boolean:
            case Kind::unquoted_char:
            case Kind::esc:
            case Kind::ws: return true;
            case Kind::colon:
            case Kind::interpolation: return !dict_key;
            default: return false;
        }
    }

    void nest() {
        if (++depth_ > max_nesting_)
            shown_.fail(cur().offset, fmt::format("nesting deeper than {} levels", max_nesting_), {});
    }

    Elem element() {
        Elem e;
        if (at(Kind::bracket_open)) {
            nest();
            e.kind = Elem::Kind::list;
            ++p_;
            if (!at(Kind::bracket_close)) {
                e.items.push_back(element());
                while (at(Kind::comma)) {
                    ++p_;
                    e.items.push_back(element());
                }
            }
            expect(Kind::bracket_close);
            --depth_;
            return e;
        }
        if (at(Kind::brace_open)) {
            nest();
            e.kind = Elem::Kind::dict;
            ++p_;
            if (!at(Kind::brace_close)) {
                while (true) {
                    Elem k;
                    if (!primitive_token(cur().kind, true)) fail();
                    while (primitive_token(cur().kind, true)) k.tokens.push_back(&t_[p_++]);
                    expect(Kind::colon);
                    e.items.push_back(std::move(k));
                    e.items.push_back(element());
                    if (!at(Kind::comma)) break;
                    ++p_;
                }
            }
            expect(Kind::brace_close);
            --depth_;
            return e;
        }
        if (at(Kind::id) && t_[p_ + 1].kind == Kind::popen) {
            // function: ID POPEN (argName? element (COMMA argName? element)*)? PCLOSE
            nest();
            e.kind = Elem::Kind::function;
            size_t begin = p_;
            p_ += 2;
            if (!at(Kind::pclose)) {
                while (true) {
                    std::string name;
                    if (at(Kind::id) && t_[p_ + 1].kind == Kind::equal) {
                        name = cur().text;
                        p_ += 2;
                    }
                    e.arg_names.push_back(name);
                    e.items.push_back(element());
                    if (!at(Kind::comma)) break;
                    ++p_;
                }
            }
            expect(Kind::pclose);
            for (size_t i = begin; i < p_; ++i) e.text += t_[i].text;
            --depth_;
            return e;
        }
        if (at(Kind::quoted)) {
            e.tokens.push_back(&t_[p_++]);
            return e;
        }
        if (!primitive_token(cur().kind, false)) fail();
        while (primitive_token(cur().kind, false)) e.tokens.push_back(&t_[p_++]);
        return e;
    }

    const std::vector<OverrideToken>& t_;
    const TokenShown& shown_;
    int max_nesting_;
    size_t p_ = 0;
    int depth_ = 0;
    bool empty_value_ = false;
};

// Hydra's visitor: lexer tokens -> typed values.
class Visitor {
public:
    explicit Visitor(const TokenShown& shown) : shown_(shown) {}

    // An element as a function's argument, or as the whole VALUE or one item of a sweep
    // a,b: where Hydra's visitor lets a function give a sweep.
    FunctionValue evaluate(const Elem& e) {
        if (e.kind == Elem::Kind::function) return function(e);
        FunctionValue out;
        out.value = element(e);
        return out;
    }

    // The first sweep met inside a list or dict. OmegaConf cannot hold it, but Hydra's
    // visitor evaluates the rest of the value first.
    const std::optional<std::string>& nested_sweep() const { return nested_sweep_; }

private:
    OverrideValue element(const Elem& e) {
        OverrideValue v;
        switch (e.kind) {
            case Elem::Kind::primitive: return primitive(e.tokens);
            case Elem::Kind::list:
                v.kind = OverrideValue::Kind::list;
                for (const auto& item : e.items) v.items.push_back(element(item));
                return v;
            case Elem::Kind::dict: return dict(e);
            case Elem::Kind::function: {
                FunctionValue f = function(e);
                if (f.sweep != FunctionValue::Sweep::none && !nested_sweep_)
                    nested_sweep_ = shown_.secret() ? "***" : e.text;
                return f.value;
            }
        }
        return v;
    }

    // Hydra evaluates functions while it visits the tree, arguments first.
    FunctionValue function(const Elem& e) {
        std::string name = e.text.substr(0, e.text.find('('));
        static const std::vector<std::string_view> known = {"bool",  "choice",  "float", "glob", "int", "interval",
                                                            "range", "shuffle", "sort",  "str",  "tag"};
        // A secret's value can be anywhere in the call: its text, the function's name, a
        // keyword's name, the text a cast quotes. None of them is shown for such a token.
        std::string shown_text = shown_.secret() ? "***" : e.text;
        std::string shown_name = shown_.secret() ? "***" : name;
        // Functions.eval puts the names on a line of their own.
        if (std::find(known.begin(), known.end(), name) == known.end())
            shown_.fail_whole(
                fmt::format("HydraException while evaluating '{}': Unknown function '{}'", shown_text, shown_name),
                "Available: bool,choice,float,glob,int,interval,range,shuffle,sort,str,tag");
        std::vector<FunctionArg> args;
        bool in_kwargs = false;
        for (size_t i = 0; i < e.items.size(); ++i) {
            if (e.arg_names[i].empty() && in_kwargs) shown_.fail_whole("positional argument follows keyword argument");
            in_kwargs = in_kwargs || !e.arg_names[i].empty();
            FunctionValue arg = evaluate(e.items[i]);
            if (arg.value.kind == OverrideValue::Kind::quoted) arg.value.kind = OverrideValue::Kind::string;
            args.push_back(FunctionArg{e.arg_names[i], std::move(arg)});
        }
        try {
            return call_hydra_function(name, args);
        } catch (const CastError& error) {
            if (shown_.secret()) shown_.fail_whole(fmt::format("{} while evaluating '***'", error.type));
            shown_.fail_whole(fmt::format("{} while evaluating '{}': {}", error.type, shown_text, error.message));
        }
    }

    OverrideValue dict(const Elem& e) {
        OverrideValue v;
        v.kind = OverrideValue::Kind::dict;
        // Python's dict(): a repeated key keeps its first place and takes the last value;
        // 1, 1.0 and True are the same key. A NaN is float()'s new object each time, so
        // no other key is the same key as it.
        std::unordered_map<std::string, size_t> index;
        for (size_t i = 0; i + 1 < e.items.size(); i += 2) {
            OverrideValue key = element(e.items[i]);
            OverrideValue value = element(e.items[i + 1]);
            if (key.kind != OverrideValue::Kind::real || !std::isnan(key.real)) {
                NodePtr k = override_node(key);
                std::string id = key_identity(k->type, python_str(*k));
                if (auto it = index.find(id); it != index.end()) {
                    v.items[it->second + 1] = std::move(value);
                    continue;
                }
                index.emplace(std::move(id), v.items.size());
            }
            v.items.push_back(std::move(key));
            v.items.push_back(std::move(value));
        }
        return v;
    }

    // _createPrimitive: one token is typed; several are one string, whitespace around
    // them dropped and ESC sequences unescaped.
    OverrideValue primitive(const std::vector<const OverrideToken*>& tokens) {
        size_t first = 0, last = tokens.size();
        if (tokens.front()->kind == Kind::ws) {
            if (last == 1) shown_.fail_whole("Trying to parse a primitive that is all whitespaces");
            first = 1;
        }
        if (tokens.back()->kind == Kind::ws) --last;
        OverrideValue v;
        if (last - first > 1) {
            for (size_t i = first; i < last; ++i)
                v.text += tokens[i]->kind == Kind::esc ? unescape(tokens[i]->text) : tokens[i]->text;
            return v;
        }
        const OverrideToken& t = *tokens[first];
        switch (t.kind) {
            case Kind::quoted:
                v.kind = OverrideValue::Kind::quoted;
                v.quote = t.text.front();
                v.text = unquote(t.text);
                return v;
            case Kind::integer: return integer(t);
            case Kind::real: return real(t);
            case Kind::null_: v.kind = OverrideValue::Kind::null; return v;
            case Kind::boolean:
                v.kind = OverrideValue::Kind::boolean;
                v.boolean = t.text.size() == 4;  // "true" in any case; "false" has five letters
                return v;
            case Kind::esc: v.text = unescape(t.text); return v;
            default: v.text = t.text; return v;
        }
    }

    static std::string unescape(std::string_view esc) {
        std::string out;
        for (size_t i = 1; i < esc.size(); i += 2) out += esc[i];
        return out;
    }

    // A quoted value without its quotes: backslashes before a quote (the closing one
    // included) are halved, the quote kept when their number was odd; others stay.
    static std::string unquote(std::string_view text) {
        char q = text.front();
        std::string_view body = text.substr(1);
        std::string out;
        for (size_t i = 0; i < body.size();) {
            if (body[i] == '\\') {
                size_t n = 0;
                while (i + n < body.size() && body[i + n] == '\\') ++n;
                if (i + n < body.size() && body[i + n] == q) {
                    out.append(n / 2, '\\');
                    if (n % 2) out += q;
                    i += n + 1;
                } else {
                    out.append(n, '\\');
                    i += n;
                }
                continue;
            }
            if (body[i] == q && i + 1 == body.size()) break;  // the closing quote
            out += body[i++];
        }
        return out;
    }

    OverrideValue integer(const OverrideToken& t) {
        OverrideValue v;
        v.kind = OverrideValue::Kind::integer;
        std::string digits;
        for (char c : t.text)
            if (is_digit(c)) digits += c;
        // Python's int() refuses more digits than this (sys.int_info.default_max_str_digits).
        if (digits.size() > kMaxIntDigits)
            shown_.fail_whole(fmt::format("an integer of more than {} digits", kMaxIntDigits));
        v.text = t.text.front() == '-' ? negate_decimal(digits) : digits;
        return v;
    }

    // Hydra's visitor reads a FLOAT token with float(); the lexer's FLOAT is one it takes.
    static OverrideValue real(const OverrideToken& t) {
        OverrideValue v;
        v.kind = OverrideValue::Kind::real;
        v.real = python_float_of(t.text).value_or(std::nan(""));
        return v;
    }

    const TokenShown& shown_;
    std::optional<std::string> nested_sweep_;
};

ParsedOverride parse(std::string_view token, std::string source, const TokenShown& shown, int max_nesting) {
    auto tokens = lex_override(token);
    ParsedOverride out;
    out.input = std::string(token);
    out.source = std::move(source);
    out.secret = shown.secret();
    std::optional<Elem> value;
    std::vector<Elem> rest;  // the other elements of a sweep a,b,c
    bool sweep = false;
    Parser parser(tokens, shown, max_nesting);
    out = parser.run(std::move(out), value, rest, sweep);
    Visitor visitor(shown);
    // Hydra refuses sweeps only after every token parsed: apply_overrides does. Its
    // visitor still evaluates the elements, so a bad function in one fails here.
    std::optional<FunctionValue> top;
    if (value) top = visitor.evaluate(*value);
    for (const auto& e : rest) visitor.evaluate(e);
    if (visitor.nested_sweep())
        shown.fail_whole(fmt::format("a sweep inside a value is not supported: '{}'", *visitor.nested_sweep()));
    using Sweep = FunctionValue::Sweep;
    if (sweep || (top && top->sweep == Sweep::simple_choice)) out.sweep = ParsedOverride::Sweep::simple_choice;
    else if (top && top->sweep != Sweep::none) out.sweep = ParsedOverride::Sweep::function;
    else if (top) out.value = std::move(top->value);
    else if (parser.empty_value()) out.value = OverrideValue{};  // `KEY=`: the empty string
    return out;
}

}  // namespace

ParsedOverride parse_override(std::string_view token, const std::string& source, SecretTest secret, int max_nesting) {
    TokenShown shown(token, source, 0, secret && secret(token));
    return parse(token, source, shown, max_nesting);
}

ParsedOverride parse_set(std::string_view text, SecretTest secret, int max_nesting) {
    if (text.find('=') == std::string_view::npos)
        throw Error(Origin{"--set"}, {}, fmt::format("expected KEY=VALUE, got {}", python_repr(text)),
                    Error::Kind::usage);
    // --set always adds or overrides, so a + or ++ written in front (as the tool has long
    // accepted) changes nothing and is dropped; ~ is refused by the grammar.
    std::string_view key = text;
    size_t plus = key.starts_with("++") ? 2 : key.starts_with("+") ? 1 : 0;
    // `++=x` parses, and sets a key that is nothing, which no config reads back: the
    // user's mistake, said as one.
    if (key[plus] == '=')
        throw Error(Origin{"--set"}, {},
                    fmt::format("expected KEY=VALUE, got {} (no KEY before '=')", python_repr(text)),
                    Error::Kind::usage);
    std::string token = "++" + std::string(key.substr(plus));
    TokenShown shown(text, "--set", 2 - plus, secret && secret(text));
    ParsedOverride out = parse(token, "--set", shown, max_nesting);
    out.input = std::string(text);
    return out;
}

std::string dump(const OverrideValue& v) {
    switch (v.kind) {
        case OverrideValue::Kind::string: return "str(" + python_repr(v.text) + ")";
        case OverrideValue::Kind::quoted: return "quoted(" + python_repr(v.text) + ")";
        case OverrideValue::Kind::integer: return "int(" + v.text + ")";
        case OverrideValue::Kind::real: return "float(" + python_float(v.real) + ")";
        case OverrideValue::Kind::boolean: return v.boolean ? "bool(True)" : "bool(False)";
        case OverrideValue::Kind::null: return "null";
        case OverrideValue::Kind::list: {
            std::string out = "[";
            for (size_t i = 0; i < v.items.size(); ++i) out += (i ? ", " : "") + dump(v.items[i]);
            return out + "]";
        }
        case OverrideValue::Kind::dict: {
            std::string out = "{";
            for (size_t i = 0; i + 1 < v.items.size(); i += 2)
                out += (i ? ", " : "") + dump(v.items[i]) + ": " + dump(v.items[i + 1]);
            return out + "}";
        }
    }
    return "?";
}

std::string dump(const ParsedOverride& o) {
    static constexpr std::string_view prefix[] = {"", "+", "++", "~"};
    std::string out = fmt::format("{}key({})", prefix[static_cast<int>(o.type)], o.key);
    if (o.package) out += "@package(" + *o.package + ")";
    if (o.sweep == ParsedOverride::Sweep::simple_choice) out += " = sweep(a,b)";
    if (o.sweep == ParsedOverride::Sweep::function) out += " = sweep()";
    if (o.value) out += " = " + dump(*o.value);
    return out;
}

}  // namespace goe
