#include "gym_otel_env/telemetry/validate.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

#include "gym_otel_env/core/decimal.hpp"
#include "gym_otel_env/core/mapping_index.hpp"
#include "gym_otel_env/core/python.hpp"
#include "gym_otel_env/core/text.hpp"
#include "gym_otel_env/telemetry/secrecy.hpp"

namespace goe {

const Setting* Settings::find(std::string_view key) const {
    for (const auto& s : fields)
        if (s.field->key == key) return &s;
    return nullptr;
}

const Setting& Settings::with_role(Role role) const {
    for (const auto& s : fields)
        if (s.field->role == role) return s;
    throw std::logic_error("the schema has no field of that role");  // every schema has one: a bug
}

namespace {

// Unicode White_Space in UTF-8, as pydantic-core's str::trim() removes it.
size_t space_at(std::string_view s, size_t i) {
    auto c = static_cast<unsigned char>(s[i]);
    if (c == ' ' || (c >= 0x09 && c <= 0x0d)) return 1;
    static constexpr std::array<std::string_view, 19> wide = {
        "\u0085", "\u00a0", "\u1680", "\u2000", "\u2001", "\u2002", "\u2003", "\u2004", "\u2005", "\u2006",
        "\u2007", "\u2008", "\u2009", "\u200a", "\u2028", "\u2029", "\u202f", "\u205f", "\u3000"};
    for (auto w : wide)
        if (s.substr(i, w.size()) == w) return w.size();
    return 0;
}

std::string_view unicode_trim(std::string_view s) {
    size_t start = 0;
    while (start < s.size()) {
        size_t n = space_at(s, start);
        if (!n) break;
        start += n;
    }
    s.remove_prefix(start);
    for (;;) {
        bool trimmed = false;
        for (size_t n = 1; n <= 3 && n <= s.size(); ++n) {
            if (space_at(s, s.size() - n) == n) {
                s.remove_suffix(n);
                trimmed = true;
                break;
            }
        }
        if (!trimmed) return s;
    }
}

// pydantic-core's str -> int: [+-]? digits with single '_' between digits,
// optionally '.' and one or more zeros.
std::optional<std::string> parse_int_string(std::string_view text) {
    std::string_view s = unicode_trim(text);
    bool negative = false;
    if (!s.empty() && (s[0] == '+' || s[0] == '-')) {
        negative = s[0] == '-';
        s.remove_prefix(1);
    }
    if (auto dot = s.find('.'); dot != std::string_view::npos) {
        std::string_view fraction = s.substr(dot + 1);
        if (fraction.empty() || fraction.find_first_not_of('0') != std::string_view::npos) return std::nullopt;
        s = s.substr(0, dot);
    }
    std::string digits;
    for (size_t i = 0; i < s.size(); ++i) {
        if (is_digit(s[i])) {
            digits += s[i];
        } else if (s[i] == '_' && i > 0 && i + 1 < s.size() && s[i - 1] != '_' && is_digit(s[i + 1])) {
            continue;
        } else {
            return std::nullopt;
        }
    }
    if (digits.empty() || digits.size() > kMaxIntDigits) return std::nullopt;
    std::string decimal = decimal_from_digits(digits, 10);
    return negative ? negate_decimal(decimal) : decimal;
}

// A scalar given to `f` that a message may not show (SPEC 7).
bool secret(const Field* f, const Node& v) { return f && is_secret(f->variable, v); }

// `f`: the field given `v`, or nullptr for a block's own value.
std::string describe(const Node& v, const Field* f) {
    if (v.is_container() || secret(f, v)) return std::string(type_name(v.type));
    if (v.type == Type::null) return "null";
    if (v.type == Type::string) return fmt::format("'{}'", v.text());
    return fmt::format("{} {}", type_name(v.type), python_str(v));
}

// For a string field given a boolean or a number: the scalar quoted as the user wrote it
// (`0x10` -> '0x10', not '16'), so that following the hint keeps their text. Only for a
// plain scalar of a file, found at the value's origin: an interpolation's result, a value
// from --set or the command line (where the shell would take the quotes) and a tagged
// scalar get no hint. A secret is never quoted.
std::string quote_hint(const Node& v, const Field* f) {
    if (v.is_container() || v.type == Type::null || secret(f, v)) return {};
    auto written = v.origin.source.plain_scalar_at(v.origin.line, v.origin.column);
    if (!written) return {};
    std::string text = written->empty() ? python_str(v) : std::string(*written);
    std::string quoted;  // YAML's single quotes: a quote inside is doubled
    for (char c : text) quoted += c == '\'' ? "''" : std::string(1, c);
    return fmt::format(" (quote it: '{}')", quoted);
}

// The pydantic coercions: the exported text, or nullopt when invalid.
std::optional<std::string> coerce_bool(const Node& v) {
    switch (v.type) {
        case Type::boolean: return v.boolean ? "1" : "0";
        case Type::integer:
            if (v.text() == "0" || v.text() == "1") return std::string(v.text());
            return std::nullopt;
        case Type::real:
            if (v.real() == 0.0) return "0";
            if (v.real() == 1.0) return "1";
            return std::nullopt;
        case Type::string: {
            static constexpr std::array<std::string_view, 6> yes = {"1", "on", "t", "true", "y", "yes"};
            static constexpr std::array<std::string_view, 6> no = {"0", "off", "f", "false", "n", "no"};
            std::string lower = ascii_lower(v.text());
            if (std::find(yes.begin(), yes.end(), lower) != yes.end()) return "1";
            if (std::find(no.begin(), no.end(), lower) != no.end()) return "0";
            return std::nullopt;
        }
        default: return std::nullopt;
    }
}

std::optional<std::string> coerce_int(const Node& v) {
    switch (v.type) {
        case Type::boolean: return v.boolean ? "1" : "0";
        case Type::integer: return std::string(v.text());
        case Type::real: {
            constexpr double limit = 9223372036854775808.0;  // 2^63: pydantic's i64 bound
            if (!std::isfinite(v.real()) || v.real() != std::trunc(v.real())) return std::nullopt;
            if (v.real() <= -limit || v.real() >= limit) return std::nullopt;
            return decimal_from_integral_double(v.real());
        }
        case Type::string: return parse_int_string(v.text());
        default: return std::nullopt;
    }
}

// Why coerce_int refused `v`, where its type alone does not say it: coerce_int takes
// every whole float within pydantic's range.
std::string int_reason(const Node& v) {
    if (v.type == Type::real && std::isfinite(v.real()) && v.real() == std::trunc(v.real()))
        return " (out of range: pydantic turns a float into an integer only strictly between -2**63 and 2**63)";
    return {};
}

// Rust's f64 syntax (str::parse), which pydantic-core reads a string with: a sign, then
// inf, infinity or nan in any case, or digits with an optional '.' and an optional
// exponent, a digit on one side of the '.' at least. Out of range is infinity or zero.
std::optional<double> rust_f64(std::string_view s) {
    std::string_view body = s;
    bool negative = false;
    if (!body.empty() && (body[0] == '+' || body[0] == '-')) {
        negative = body[0] == '-';
        body.remove_prefix(1);
    }
    std::string word = ascii_lower(body);
    if (word == "inf" || word == "infinity") return negative ? -HUGE_VAL : HUGE_VAL;
    if (word == "nan") return std::nan("");
    size_t i = 0, digits = 0;
    while (i < body.size() && is_digit(body[i])) ++i, ++digits;
    if (i < body.size() && body[i] == '.')
        for (++i; i < body.size() && is_digit(body[i]); ++i) ++digits;
    if (!digits) return std::nullopt;
    if (i < body.size() && (body[i] == 'e' || body[i] == 'E')) {
        ++i;
        if (i < body.size() && (body[i] == '+' || body[i] == '-')) ++i;
        size_t exponent = i;
        while (i < body.size() && is_digit(body[i])) ++i;
        if (i == exponent) return std::nullopt;
    }
    if (i != body.size()) return std::nullopt;
    return python_float_of(s);  // the same number in Python's grammar, correctly rounded
}

// pydantic-core's str_as_float: Rust's syntax on the text trimmed of Unicode blanks, else
// on the text as it is with its underscores dropped (none at either end, none doubled).
}  // namespace

std::optional<double> pydantic_float(std::string_view text) {
    if (auto x = rust_f64(unicode_trim(text))) return x;
    if (text.find('_') == std::string_view::npos || text.starts_with('_') || text.ends_with('_') ||
        text.find("__") != std::string_view::npos)
        return std::nullopt;
    std::string kept;
    for (char c : text)
        if (c != '_') kept += c;
    return rust_f64(kept);
}

namespace {

// pydantic's lax float: a bool, an int (rounded as Python's float() rounds it, too
// large an int refused), a float, a string as above. nan and the infinities pass.
std::optional<double> coerce_real(const Node& v) {
    switch (v.type) {
        case Type::boolean: return v.boolean ? 1.0 : 0.0;
        case Type::integer: {
            double x = std::strtod(std::string(v.text()).c_str(), nullptr);
            if (std::isinf(x)) return std::nullopt;  // OverflowError: int too large to convert to float
            return x;
        }
        case Type::real: return v.real();
        case Type::string: return pydantic_float(v.text());
        default: return std::nullopt;
    }
}

}  // namespace

namespace {

// One mapping of the block (the block itself, or a nested block in it) against the
// schema's fields under `block` (empty: the top).
class Validator {
public:
    explicit Validator(Settings& out) : out_(out) {}

    void mapping(const Node& given, const Node* written, const std::string& path, std::string_view block) {
        // Where a key was written: before the value written under it. The block may hold
        // a hundred thousand unknown keys, each looked up in the written block: indexed.
        MappingIndex written_keys;
        auto as_written = [&](const Entry& entry) {
            return written && written->type == Type::mapping && entry.key_type == Type::string
                       ? written_keys.find(*written, entry.key.view())
                       : nullptr;
        };
        for (const auto& entry : given.entries()) {
            const NodePtr* at = as_written(entry);
            Origin key_at = key_origin(at ? (*at)->origin : entry.value->origin);
            std::string key = block.empty() ? entry.key.str() : fmt::format("{}.{}", block, entry.key.str());
            std::string where = path + "." + entry.key.str();
            // Gym's TelemetryConfig is a pydantic model: even with extra="allow" a key that
            // YAML typed (`1: x`, `true: x`) fails with "Keys should be strings". A nested
            // model ignores its extra keys without looking at them.
            if (entry.key_type != Type::string && block.empty()) {
                out_.errors.emplace_back(
                    key_at, where,
                    fmt::format("keys should be strings, got the {} key {}", type_name(entry.key_type), entry.key));
                continue;
            }
            if (entry.key_type == Type::string && out_.schema->is_block(key)) {
                nested(*entry.value, at ? at->get() : nullptr, where, key);
                continue;
            }
            const Field* f = entry.key_type == Type::string ? out_.schema->find(key) : nullptr;
            if (!f) {
                out_.unknown.push_back(UnknownKey{key, key_at});
                continue;
            }
            field(*f, *entry.value, where);
        }
    }

private:
    Settings& out_;

    Setting& setting(const Field& f) { return out_.fields[out_.schema->index(f)]; }

    // A nested block is a model of its own: its value must be a mapping (pydantic: "Input
    // should be a valid dictionary or instance of ..."), null included.
    void nested(const Node& v, const Node* written, const std::string& where, std::string_view block) {
        if (v.type == Type::mapping) {
            mapping(v, written && written->type == Type::mapping ? written : nullptr, where, block);
            return;
        }
        out_.errors.emplace_back(v.origin, where,
                                 fmt::format("expected a mapping of {} settings, got {}", block, describe(v, nullptr)));
        for (const auto& f : out_.schema->fields)
            if (f.block() == block) setting(f).invalid = true;
    }

    void field(const Field& f, const Node& v, const std::string& where) {
        Setting& s = setting(f);
        s.origin = v.origin;
        auto refuse = [&](std::string what) {
            out_.errors.emplace_back(v.origin, where, what);
            s.invalid = true;
            s.value = f.null_default ? std::nullopt : std::optional<std::string>(f.fallback);
        };
        switch (f.type) {
            case FieldType::boolean:
                s.value = coerce_bool(v);
                if (!s.value) refuse(fmt::format("expected a boolean, got {}", describe(v, &f)));
                break;
            case FieldType::integer:
                s.value = coerce_int(v);
                if (!s.value) refuse(fmt::format("expected an integer, got {}{}", describe(v, &f), int_reason(v)));
                break;
            case FieldType::positive_float: {
                std::optional<double> x = coerce_real(v);
                if (!x) {
                    refuse(fmt::format("expected a number, got {}", describe(v, &f)));
                } else if (!(*x > 0)) {  // Field(gt=0); nan is not greater either
                    refuse(fmt::format("expected a number greater than 0, got {}", describe(v, &f)));
                } else {
                    s.value = python_float(*x);  // as Gym's str() writes it
                }
                break;
            }
            case FieldType::string:
                if (v.type != Type::string) {
                    refuse(fmt::format("expected a string, got {}{}", describe(v, &f), quote_hint(v, &f)));
                    break;
                }
                s.value = v.text();
                break;
            case FieldType::optional_string:
                if (v.type != Type::string && v.type != Type::null) {
                    // Headers look like a mapping, and OmegaConf would take one; the SDK reads one string.
                    std::string hint = f.rule == Rule::header_list && v.type == Type::mapping
                                           ? " (write the headers as one string: key=value,key2=value2)"
                                           : quote_hint(v, &f);
                    refuse(fmt::format("expected a string or null, got {}{}", describe(v, &f), hint));
                    break;
                }
                s.value = v.type == Type::null ? std::nullopt : std::optional<std::string>(v.text());
                break;
        }
        // No environment can hold a NUL: each shell or child would see a different prefix.
        if (!s.invalid && s.value && s.value->find('\0') != std::string::npos)
            refuse("a NUL character cannot be in an environment variable (Python: embedded null byte)");
    }
};

}  // namespace

Settings validate(const Schema& schema, const NodePtr& block, const std::string& block_key, const Node* written) {
    Settings out;
    out.schema = &schema;
    for (const auto& f : schema.fields) {
        Setting s{&f, std::nullopt, Origin{}};
        if (!f.null_default) s.value = std::string(f.fallback);
        out.fields.push_back(std::move(s));
    }
    if (!block || block->type == Type::null) return out;
    out.present = true;
    if (block->type != Type::mapping) {
        out.errors.emplace_back(
            block->origin, block_key,
            fmt::format("expected a mapping of telemetry settings, got {}", describe(*block, nullptr)));
        return out;
    }
    Validator(out).mapping(*block, written, block_key, {});
    return out;
}

}  // namespace goe
