#include "gym_otel_env/yaml/scalar.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <initializer_list>
#include <optional>
#include <utility>

#include <fmt/format.h>

#include "gym_otel_env/core/decimal.hpp"
#include "gym_otel_env/core/python.hpp"
#include "gym_otel_env/core/text.hpp"

namespace goe {
namespace {

constexpr std::string_view kTag = "tag:yaml.org,2002:";

// The bytes that start a plain scalar each of PyYAML's implicit resolvers may match
// (null also matches the empty scalar; merge is '<', value '='), as tables: each test is
// one lookup, at nearly every scalar.
using ByteSet = std::array<bool, 256>;
constexpr ByteSet byte_set(std::initializer_list<std::string_view> parts) {
    ByteSet set{};
    for (auto part : parts)
        for (char c : part) set[static_cast<unsigned char>(c)] = true;
    return set;
}
constexpr std::string_view kNullFirst = "~nN";
constexpr std::string_view kBoolFirst = "yYnNtTfFoO";
constexpr std::string_view kNumberFirst = "-+0123456789.";  // float; int is these but '.'
constexpr ByteSet kNullFirstBytes = byte_set({kNullFirst});
constexpr ByteSet kBoolFirstBytes = byte_set({kBoolFirst});
constexpr ByteSet kNumberFirstBytes = byte_set({kNumberFirst});
constexpr ByteSet kResolverFirstBytes = byte_set({kNullFirst, kBoolFirst, kNumberFirst, "<="});

bool starts_with_any(std::string_view text, const ByteSet& firsts) {
    return !text.empty() && firsts[static_cast<unsigned char>(text[0])];
}

bool is_digit_(char c) { return is_digit(c) || c == '_'; }

// A tiny cursor for hand-written versions of PyYAML's resolver regexes.
struct Scan {
    std::string_view s;
    size_t i = 0;

    bool done() const { return i == s.size(); }
    bool eat(char c) {
        if (i < s.size() && s[i] == c) return ++i, true;
        return false;
    }
    bool eat_any(std::string_view set) {
        if (i < s.size() && set.find(s[i]) != std::string_view::npos) return ++i, true;
        return false;
    }
    template <class Pred>
    size_t eat_while(Pred pred) {
        size_t start = i;
        while (i < s.size() && pred(s[i])) ++i;
        return i - start;
    }
    void sign() { eat_any("+-"); }
};

// Digits only, without a leading zero: an int for PyYAML (0|[1-9][0-9_]*), its text
// already the canonical decimal.
bool is_plain_decimal(std::string_view s) {
    return !s.empty() && (s[0] != '0' || s.size() == 1) && std::all_of(s.begin(), s.end(), is_digit);
}

bool is_null(std::string_view s) {
    if (s.size() > 4 || (!s.empty() && !starts_with_any(s, kNullFirstBytes))) return false;
    return s.empty() || s == "~" || s == "null" || s == "Null" || s == "NULL";
}

// "=" and "<<", which PyYAML resolves to the value and merge tags.
bool value_or_merge(std::string_view s) { return (s.size() == 1 && s[0] == '=') || (s.size() == 2 && s == "<<"); }

std::optional<bool> as_bool(std::string_view s) {
    // Most plain scalars start with another letter, or are longer than "FALSE".
    if (s.size() < 2 || s.size() > 5 || !starts_with_any(s, kBoolFirstBytes)) return std::nullopt;
    static constexpr std::array<std::string_view, 9> yes = {"yes",  "Yes", "YES", "true", "True",
                                                            "TRUE", "on",  "On",  "ON"};
    static constexpr std::array<std::string_view, 9> no = {"no",    "No",  "NO",  "false", "False",
                                                           "FALSE", "off", "Off", "OFF"};
    if (std::find(yes.begin(), yes.end(), s) != yes.end()) return true;
    if (std::find(no.begin(), no.end(), s) != no.end()) return false;
    return std::nullopt;
}

// (:[0-5]?[0-9])+
bool sexagesimal_tail(Scan& sc) {
    bool any = false;
    while (sc.eat(':')) {
        size_t start = sc.i;
        size_t n = sc.eat_while(is_digit);
        if (n == 0 || n > 2 || (n == 2 && sc.s[start] > '5')) return false;
        any = true;
    }
    return any;
}

bool matches_int(std::string_view s) {
    if (s.find('.') != std::string_view::npos) return false;  // in no form of an int (an address, a version)
    auto attempt = [&](auto body) {
        Scan sc{s};
        sc.sign();
        return body(sc) && sc.done();
    };
    return attempt([](Scan& sc) {  // 0b[0-1_]+
               return sc.eat('0') && sc.eat('b') &&
                      sc.eat_while([](char c) { return c == '0' || c == '1' || c == '_'; });
           }) ||
           attempt([](Scan& sc) {  // 0[0-7_]+
               return sc.eat('0') && sc.eat_while([](char c) { return (c >= '0' && c <= '7') || c == '_'; });
           }) ||
           attempt([](Scan& sc) {  // 0|[1-9][0-9_]*
               if (sc.eat('0')) return true;
               return sc.eat_any("123456789") && (sc.eat_while(is_digit_), true);
           }) ||
           attempt([](Scan& sc) {  // 0x[0-9a-fA-F_]+
               return sc.eat('0') && sc.eat('x') &&
                      sc.eat_while([](char c) { return digit_value(c) < 16 || c == '_'; });
           }) ||
           attempt([](Scan& sc) {  // [1-9][0-9_]*(:[0-5]?[0-9])+
               return sc.eat_any("123456789") && (sc.eat_while(is_digit_), true) && sexagesimal_tail(sc);
           });
}

bool exponent(Scan& sc, bool sign_required) {
    if (!sc.eat_any("eE")) return false;
    if (!sc.eat_any("+-") && sign_required) return false;
    return sc.eat_while(is_digit) > 0;
}

bool matches_float(std::string_view s) {
    if (std::count(s.begin(), s.end(), '.') > 1) return false;  // each form has one '.' at most
    auto attempt = [&](bool signed_form, auto body) {
        Scan sc{s};
        if (signed_form) sc.sign();
        return body(sc) && sc.done();
    };
    return attempt(true,
                   [](Scan& sc) {  // [0-9][0-9_]*\.[0-9_]*([eE][-+]?[0-9]+)?
                       if (!sc.eat_any("0123456789")) return false;
                       sc.eat_while(is_digit_);
                       if (!sc.eat('.')) return false;
                       sc.eat_while(is_digit_);
                       size_t mark = sc.i;
                       if (!exponent(sc, false)) sc.i = mark;
                       return true;
                   }) ||
           attempt(true,
                   [](Scan& sc) {  // [0-9][0-9_]*[eE][-+]?[0-9]+
                       return sc.eat_any("0123456789") && (sc.eat_while(is_digit_), true) && exponent(sc, false);
                   }) ||
           attempt(false,
                   [](Scan& sc) {  // \.[0-9_]+([eE][-+][0-9]+)?
                       if (!sc.eat('.') || !sc.eat_while(is_digit_)) return false;
                       size_t mark = sc.i;
                       if (!exponent(sc, true)) sc.i = mark;
                       return true;
                   }) ||
           attempt(true,
                   [](Scan& sc) {  // [0-9][0-9_]*(:[0-5]?[0-9])+\.[0-9_]*
                       return sc.eat_any("0123456789") && (sc.eat_while(is_digit_), true) && sexagesimal_tail(sc) &&
                              sc.eat('.') && (sc.eat_while(is_digit_), true);
                   }) ||
           s == ".inf" || s == ".Inf" || s == ".INF" || s == "+.inf" || s == "+.Inf" || s == "+.INF" || s == "-.inf" ||
           s == "-.Inf" || s == "-.INF" || s == ".nan" || s == ".NaN" || s == ".NAN";
}

[[noreturn]] void reject(const Origin& origin, const std::string& key_path, std::string_view what,
                         std::string_view text) {
    throw Error(origin, key_path, fmt::format("invalid {} literal '{}'", what, text));
}

// Python's int(text, base), as PyYAML calls it: any text int() takes, Unicode digits
// and spaces included.
std::string int_part(std::string_view part, int base, const Origin& origin, const std::string& key_path,
                     std::string_view text) {
    auto decimal = python_int_of(part, base);
    if (!decimal) reject(origin, key_path, "integer", text);
    return *decimal;
}

std::string times_60(const std::string& decimal) {
    if (!decimal.starts_with('-')) return decimal_times_add(decimal, 60, "0");
    return negate_decimal(decimal_times_add(std::string_view(decimal).substr(1), 60, "0"));
}

// PyYAML's construct_yaml_int: every '_' removed, then one sign, then the form its first
// characters name, each read by Python's int() with that form's base. An untagged int
// matched the resolver's regex already; a `!!int` text is anything, so int() decides
// (`!!int 0o17` is 15, `!!int ' 5'` is 5, `!!int --5` is 5).
NodePtr construct_int(std::string_view text, const Origin& origin, const std::string& key_path) {
    std::string value = without_underscores(text);
    bool negative = false;
    if (!value.empty() && (value[0] == '-' || value[0] == '+')) {
        negative = value[0] == '-';
        value.erase(0, 1);
    }
    // PyYAML indexes value[0]: an empty text is an IndexError there.
    if (value.empty()) reject(origin, key_path, "integer", text);
    // Converting is quadratic in the digits; Python refuses base 10 past the limit too.
    if (value.size() > kMaxIntDigits)
        throw Error(origin, key_path, fmt::format("integer literal longer than {} digits", kMaxIntDigits));
    std::string decimal;
    std::string_view v = value;
    if (v == "0") {
        decimal = "0";
    } else if (v.starts_with("0b")) {
        decimal = int_part(v.substr(2), 2, origin, key_path, text);
    } else if (v.starts_with("0x")) {
        decimal = int_part(v.substr(2), 16, origin, key_path, text);
    } else if (v[0] == '0') {
        decimal = int_part(v, 8, origin, key_path, text);
    } else if (v.find(':') != std::string_view::npos) {
        // Each part is int() of its own, which may carry a sign: `!!int 1:-30` is 30.
        decimal = "0";
        for (const auto& part : split(v, ':'))
            decimal = decimal_add(times_60(decimal), int_part(part, 10, origin, key_path, text));
    } else {
        decimal = int_part(v, 10, origin, key_path, text);
    }
    return make_int(negative ? negate_decimal(decimal) : decimal, origin);
}

// PyYAML's construct_yaml_float: every '_' removed and the text lower-cased, then one
// sign, then `.inf`, `.nan`, base 60 of float() parts, or float() of the rest. An
// untagged float matched the resolver's regex; a `!!float` text is anything float()
// takes (`!!float inf`, `!!float ' 1.5'`, Unicode digits), with its sign taken once.
NodePtr construct_float(std::string_view text, const Origin& origin, const std::string& key_path) {
    std::string value = ascii_lower(without_underscores(text));
    // PyYAML indexes value[0]: an empty text is an IndexError there.
    if (value.empty()) reject(origin, key_path, "float", text);
    double sign = 1;
    if (value[0] == '-' || value[0] == '+') {
        if (value[0] == '-') sign = -1;
        value.erase(0, 1);
    }
    if (value == ".inf") return make_real(sign * HUGE_VAL, origin);
    if (value == ".nan") return make_real(std::nan(""), origin);
    if (value.find(':') != std::string::npos) {
        auto parts = split(value, ':');
        double total = 0, base = 1;
        for (auto it = parts.rbegin(); it != parts.rend(); ++it) {
            auto part = python_float_of(*it);
            if (!part) reject(origin, key_path, "float", text);
            total += *part * base;
            base *= 60;
        }
        return make_real(sign * total, origin);
    }
    auto v = python_float_of(value);
    if (!v) reject(origin, key_path, "float", text);
    return make_real(sign * *v, origin);
}

// construct_yaml_timestamp's regex: a date, optionally a time and a zone. Which of
// datetime.date and datetime.datetime it builds, or nullopt when the text does not
// match (PyYAML then fails on the missing match).
std::optional<std::string_view> timestamp_class(std::string_view s) {
    Scan sc{s};
    auto digits = [&](size_t min, size_t max) {
        size_t n = 0;
        while (n < max && sc.i < s.size() && is_digit(s[sc.i])) ++sc.i, ++n;
        return n >= min;
    };
    if (!(digits(4, 4) && sc.eat('-') && digits(1, 2) && sc.eat('-') && digits(1, 2))) return std::nullopt;
    // `$` also matches before a final newline.
    auto at_end = [&] { return sc.done() || (sc.i + 1 == s.size() && s[sc.i] == '\n'); };
    if (at_end()) return "date";
    if (!sc.eat_any("Tt") && sc.eat_while(is_blank) == 0) return std::nullopt;
    if (!(digits(1, 2) && sc.eat(':') && digits(2, 2) && sc.eat(':') && digits(2, 2))) return std::nullopt;
    if (sc.eat('.')) sc.eat_while(is_digit);
    sc.eat_while(is_blank);
    if (!sc.eat('Z') && sc.eat_any("+-")) {
        if (!digits(1, 2)) return std::nullopt;
        size_t mark = sc.i;
        if (!(sc.eat(':') && digits(2, 2))) sc.i = mark;
    }
    return at_end() ? std::optional<std::string_view>("datetime") : std::nullopt;
}

// A plain scalar that starts with none of the resolvers' first bytes is a string,
// whatever follows. Most keys and values of a config start with a letter outside them,
// and one lookup saves the resolvers' calls (their code is out of the cache again at
// every scalar).
bool surely_string(std::string_view text) { return !text.empty() && !starts_with_any(text, kResolverFirstBytes); }

}  // namespace

bool plain_scalar_is_string(std::string_view text) {
    if (surely_string(text)) return true;
    if (is_plain_decimal(text)) return false;
    if (is_null(text) || value_or_merge(text) || as_bool(text)) return false;
    if (starts_with_any(text, kNumberFirstBytes)) return !matches_float(text) && !matches_int(text);
    return true;
}

NodePtr type_plain_scalar(std::string_view text, Origin origin, const std::string& key_path) {
    if (surely_string(text)) return make_string(text, std::move(origin));
    if (is_null(text)) return make_null(std::move(origin));
    // PyYAML resolves these to the value and merge tags, which SafeLoader cannot
    // construct as values (a "<<" key is handled by parse.cpp before it gets here).
    if (value_or_merge(text))
        throw Error(origin, key_path, fmt::format("'{}' is not a valid plain value in YAML 1.1; quote it", text));
    // The common number, a port or a count, needs no regexes and no conversion.
    if (is_plain_decimal(text) && text.size() <= kMaxIntDigits) return make_int(text, std::move(origin));
    if (auto b = as_bool(text)) return make_bool(*b, std::move(origin));
    if (starts_with_any(text, kNumberFirstBytes)) {
        if (matches_float(text)) {
            // A float shape PyYAML accepts but Python's float() does not (".", "._")
            // fails in Gym's loader too.
            return construct_float(text, origin, key_path);
        }
        if (matches_int(text)) return construct_int(text, origin, key_path);
    }
    return make_string(text, std::move(origin));
}

NodePtr type_tagged_scalar(std::string_view tag, std::string_view text, Origin origin, const std::string& key_path) {
    if (tag == "!") return make_string(text, std::move(origin));
    if (tag.substr(0, kTag.size()) == kTag) {
        auto name = tag.substr(kTag.size());
        if (name == "str") return make_string(text, std::move(origin));
        if (name == "null") return make_null(std::move(origin));
        if (name == "int") return construct_int(text, origin, key_path);
        if (name == "float") return construct_float(text, origin, key_path);
        if (name == "bool") {
            // bool_values[value.lower()]: anything else is a KeyError.
            if (auto b = as_bool(ascii_lower(text))) return make_bool(*b, std::move(origin));
            reject(origin, key_path, "boolean", text);
        }
        // Values SafeConstructor builds and OmegaConf's nodes cannot hold.
        if (name == "timestamp") {
            auto made = timestamp_class(text);
            if (!made) reject(origin, key_path, "timestamp", text);
            throw Error(origin, key_path, fmt::format("Value '{}' is not a supported primitive type", *made));
        }
        // OmegaConf holds bytes; this tool's tree does not (docs/decisions.md).
        if (name == "binary")
            throw Error(origin, key_path, "!!binary makes a bytes value, which gym-otel-env does not support");
        if (name == "seq") throw Error(origin, key_path, "expected a sequence node, but found scalar");
        if (name == "map" || name == "set") throw Error(origin, key_path, "expected a mapping node, but found scalar");
        if (name == "omap" || name == "pairs")
            throw Error(origin, key_path,
                        fmt::format("while constructing {}: expected a sequence, but found scalar",
                                    name == "omap" ? "an ordered map" : "pairs"));
    }
    throw Error(origin, key_path, fmt::format("unsupported YAML tag '{}'", tag));
}

CollectionTag collection_tag(std::string_view tag, Type type, const Origin& origin, const std::string& key_path) {
    if (tag == "?" || tag == "!") return CollectionTag::plain;
    const std::string_view found = type == Type::mapping ? "mapping" : "sequence";
    if (tag.substr(0, kTag.size()) == kTag) {
        auto name = tag.substr(kTag.size());
        if (name == "seq" || name == "map") {
            if ((name == "seq") == (type == Type::sequence)) return CollectionTag::plain;
            throw Error(origin, key_path,
                        fmt::format("expected a {} node, but found {}", name == "seq" ? "sequence" : "mapping", found));
        }
        if (name == "omap" || name == "pairs") {
            if (type == Type::sequence) return CollectionTag::pairs;
            throw Error(origin, key_path,
                        fmt::format("while constructing {}: expected a sequence, but found mapping",
                                    name == "omap" ? "an ordered map" : "pairs"));
        }
        // A set of the keys: Python's set, which OmegaConf refuses as a value.
        if (name == "set") {
            if (type == Type::mapping) throw Error(origin, key_path, "Value 'set' is not a supported primitive type");
            throw Error(origin, key_path, "expected a mapping node, but found sequence");
        }
        // The scalar constructors read construct_scalar, which takes no collection.
        if (name == "str" || name == "null" || name == "bool" || name == "int" || name == "float" || name == "binary" ||
            name == "timestamp")
            throw Error(origin, key_path, fmt::format("expected a scalar node, but found {}", found));
    }
    throw Error(origin, key_path, fmt::format("unsupported YAML tag '{}'", tag));
}

}  // namespace goe
