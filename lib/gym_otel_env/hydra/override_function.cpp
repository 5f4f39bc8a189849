// Hydra's grammar functions (hydra/_internal/grammar/grammar_functions.py) called as
// Functions.eval calls them: arguments bound and type-checked first, then the function.
// sort() uses Python's sorted() (core/python_sort.hpp): the same order and, when two items
// cannot be compared, the same TypeError from the same pair, since the comparisons are
// made in CPython 3.13's order, at any length.
#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "gym_otel_env/core/decimal.hpp"
#include "gym_otel_env/core/python.hpp"
#include "gym_otel_env/core/python_sort.hpp"
#include "gym_otel_env/hydra/override.hpp"
#include "gym_otel_env/hydra/override_shown.hpp"

namespace goe {
namespace {

using K = OverrideValue::Kind;

// The class Python sees of a value. Inside a list a quoted item is still Hydra's QuotedString, which
// defines no order; a function's own arguments were unquoted before the call.
std::string_view type_name(const OverrideValue& v) {
    switch (v.kind) {
        case K::string: return "str";
        case K::quoted: return "QuotedString";
        case K::integer: return "int";
        case K::real: return "float";
        case K::boolean: return "bool";
        case K::null: return "NoneType";
        case K::list: return "list";
        case K::dict: return "dict";
    }
    return "object";
}

std::string_view type_name(const FunctionValue& v) {
    switch (v.sweep) {
        case FunctionValue::Sweep::none: return type_name(v.value);
        case FunctionValue::Sweep::simple_choice:
        case FunctionValue::Sweep::choice: return "ChoiceSweep";
        case FunctionValue::Sweep::range: return "RangeSweep";
        case FunctionValue::Sweep::interval: return "IntervalSweep";
        case FunctionValue::Sweep::glob: return "Glob";
    }
    return "object";
}

bool numeric(const OverrideValue& v) { return v.kind == K::integer || v.kind == K::real || v.kind == K::boolean; }

std::string integer_text(const OverrideValue& v) {
    if (v.kind == K::boolean) return v.boolean ? "1" : "0";
    return v.text;
}

// -1, 0, 1 for two numbers; nullopt when a NaN makes every comparison false.
std::optional<int> compare_numbers(const OverrideValue& a, const OverrideValue& b) {
    if (a.kind != K::real && b.kind != K::real) return python_compare_ints(integer_text(a), integer_text(b));
    if (a.kind == K::real && b.kind == K::real) {
        if (std::isnan(a.real) || std::isnan(b.real)) return std::nullopt;
        return a.real < b.real ? -1 : a.real > b.real ? 1 : 0;
    }
    if (a.kind == K::real) {
        auto c = python_compare_int_float(integer_text(b), a.real);
        if (c) return -*c;
        return c;
    }
    return python_compare_int_float(integer_text(a), b.real);
}

// Python's ==, which never raises here.
bool equal(const OverrideValue& a, const OverrideValue& b) {
    if (numeric(a) && numeric(b)) return compare_numbers(a, b) == 0;
    if (a.kind != b.kind) return false;
    switch (a.kind) {
        case K::string: return a.text == b.text;
        // A frozen dataclass: equal when both fields are, the quote included.
        case K::quoted: return a.text == b.text && a.quote == b.quote;
        case K::null: return true;
        case K::list:
        case K::dict:
            // A dict is equal to another with the same pairs in any order; Hydra's dicts
            // keep their keys unique, so each pair of one is looked up in the other.
            if (a.items.size() != b.items.size()) return false;
            if (a.kind == K::list)
                return std::equal(a.items.begin(), a.items.end(), b.items.begin(), b.items.end(), equal);
            for (size_t i = 0; i < a.items.size(); i += 2) {
                bool found = false;
                for (size_t j = 0; j < b.items.size() && !found; j += 2)
                    found = equal(a.items[i], b.items[j]) && equal(a.items[i + 1], b.items[j + 1]);
                if (!found) return false;
            }
            return true;
        default: return false;
    }
}

// Python's a < b.
bool less(const OverrideValue& a, const OverrideValue& b) {
    if (numeric(a) && numeric(b)) return compare_numbers(a, b) == -1;
    if (a.kind == K::string && b.kind == K::string) return a.text < b.text;  // UTF-8 keeps code point order
    if (a.kind == K::list && b.kind == K::list) {
        size_t n = std::min(a.items.size(), b.items.size());
        for (size_t i = 0; i < n; ++i)
            if (!equal(a.items[i], b.items[i])) return less(a.items[i], b.items[i]);
        return a.items.size() < b.items.size();
    }
    throw CastError{"TypeError",
                    fmt::format("'<' not supported between instances of '{}' and '{}'", type_name(a), type_name(b))};
}

using Sweep = FunctionValue::Sweep;

[[noreturn]] void raise(std::string type, std::string message) { throw CastError{std::move(type), std::move(message)}; }

// repr() of the object Hydra's visitor built.
std::string repr(const OverrideValue& v) {
    switch (v.kind) {
        case K::string: return python_repr(v.text);
        case K::quoted:
            return fmt::format("QuotedString(text={}, quote={})", python_repr(v.text),
                               v.quote == '"' ? "<Quote.double: 1>" : "<Quote.single: 0>");
        case K::integer: return v.text;
        case K::real: return python_float(v.real);
        case K::boolean: return v.boolean ? "True" : "False";
        case K::null: return "None";
        case K::list:
        case K::dict: {
            std::string out;
            for (size_t i = 0; i < v.items.size(); ++i) {
                if (v.kind == K::dict) out += i % 2 ? ": " : i ? ", " : "";
                else if (i) out += ", ";
                out += repr(v.items[i]);
            }
            return v.kind == K::list ? "[" + out + "]" : "{" + out + "}";
        }
    }
    return "?";
}

std::string repr(const FunctionValue& v) {
    if (v.sweep == Sweep::none) return repr(v.value);
    if (v.sweep == Sweep::simple_choice || v.sweep == Sweep::choice) {
        std::string items;
        for (size_t i = 0; i < v.choices.size(); ++i) items += (i ? ", " : "") + repr(v.choices[i]);
        return fmt::format("ChoiceSweep(tags=set(), list=[{}], simple_form={}, shuffle=False)", items,
                           v.sweep == Sweep::simple_choice ? "True" : "False");
    }
    return std::string(type_name(v)) + "(...)";
}

FunctionValue plain(OverrideValue v) {
    FunctionValue out;
    out.value = std::move(v);
    return out;
}

FunctionValue list_of(std::vector<OverrideValue> items) {
    OverrideValue v;
    v.kind = K::list;
    v.items = std::move(items);
    return plain(std::move(v));
}

// The annotations Functions.eval checks each bound argument against, as type_str prints
// them, and the classes each accepts (is_type_matching: isinstance for a Union, the
// exact class for a lone bool).
enum Accepts : unsigned {
    kStr = 1,
    kInt = 2,
    kFloat = 4,
    kBool = 8,
    kList = 16,
    kDict = 32,
    kNone = 64,
    kChoice = 128,
    kRange = 256,
    kInterval = 512,
    kGlob = 1024,
    kExactBool = 2048,  // bool itself: an int is refused, as bool is not int
};
constexpr unsigned kElement = kStr | kInt | kFloat | kBool | kList | kDict;
constexpr unsigned kSweep = kChoice | kRange | kInterval;

struct Param {
    std::string_view name;
    std::string_view annotation;  // type_str of it
    unsigned accepts;
    bool required = false;
    bool var_positional = false;
};

unsigned class_of(const FunctionValue& v) {
    switch (v.sweep) {
        case Sweep::simple_choice:
        case Sweep::choice: return kChoice;
        case Sweep::range: return kRange;
        case Sweep::interval: return kInterval;
        case Sweep::glob: return kGlob;
        case Sweep::none: break;
    }
    switch (v.value.kind) {
        case K::string:
        case K::quoted: return kStr;
        case K::integer: return kInt;
        case K::real: return kFloat;
        case K::boolean: return kBool;  // bool is an int for isinstance
        case K::null: return kNone;
        case K::list: return kList;
        case K::dict: return kDict;
    }
    return 0;
}

bool matches(const FunctionValue& v, unsigned accepts) {
    unsigned c = class_of(v);
    if (accepts & kExactBool) return c == kBool;
    if (c == kBool && (accepts & kInt)) return true;
    return (c & accepts) != 0;
}

// inspect.Signature.bind, then the type check: the arguments by parameter name, a
// var-positional one as a list. A parameter not given is absent.
struct Bound {
    std::vector<FunctionValue> positional;  // the *args
    std::vector<std::pair<std::string_view, FunctionValue>> named;

    const FunctionValue* get(std::string_view name) const {
        for (const auto& [n, v] : named)
            if (n == name) return &v;
        return nullptr;
    }
};

Bound bind(const std::vector<Param>& params, const std::vector<FunctionArg>& args) {
    Bound out;
    std::vector<const FunctionValue*> positional;
    for (const auto& a : args)
        if (a.name.empty()) positional.push_back(&a.value);
    size_t next = 0;
    for (const auto& p : params) {
        if (p.var_positional) {
            while (next < positional.size()) out.positional.push_back(*positional[next++]);
        } else if (next < positional.size()) {
            out.named.emplace_back(p.name, *positional[next++]);
        }
    }
    if (next < positional.size()) raise("TypeError", "too many positional arguments");
    // Hydra's visitor keeps the last value of a keyword written twice.
    std::vector<std::pair<std::string_view, const FunctionValue*>> keywords;
    for (const auto& a : args) {
        if (a.name.empty()) continue;
        auto it = std::find_if(keywords.begin(), keywords.end(), [&](const auto& k) { return k.first == a.name; });
        if (it != keywords.end()) it->second = &a.value;
        else keywords.emplace_back(a.name, &a.value);
    }
    for (const auto& p : params) {
        if (p.var_positional) continue;
        auto kw = std::find_if(keywords.begin(), keywords.end(), [&](const auto& k) { return k.first == p.name; });
        bool given = out.get(p.name) != nullptr;
        if (kw == keywords.end()) {
            if (!given && p.required) raise("TypeError", fmt::format("missing a required argument: '{}'", p.name));
            continue;
        }
        if (given) raise("TypeError", fmt::format("multiple values for argument '{}'", p.name));
        out.named.emplace_back(p.name, *kw->second);
        keywords.erase(kw);
    }
    if (!keywords.empty())
        raise("TypeError", fmt::format("got an unexpected keyword argument '{}'", keywords.front().first));
    // The check walks the parameters in their order.
    for (const auto& p : params) {
        auto mismatch = [&](std::string_view name, const FunctionValue& v) {
            raise("TypeError", fmt::format("mismatch type argument {}: {} is incompatible with {}", name, type_name(v),
                                           p.annotation));
        };
        if (p.var_positional) {
            for (size_t i = 0; i < out.positional.size(); ++i)
                if (!matches(out.positional[i], p.accepts))
                    mismatch(fmt::format("{}[{}]", p.name, i), out.positional[i]);
        } else if (const FunctionValue* v = out.get(p.name); v && !matches(*v, p.accepts)) {
            mismatch(p.name, *v);
        }
    }
    return out;
}

constexpr std::string_view kCastType =
    "Optional[Union[str, int, float, bool, List[Any], Dict[str, Any], QuotedString, Sweep]]";
constexpr unsigned kCastAccepts = kElement | kNone | kSweep;
constexpr std::string_view kOrderType = "Union[str, int, bool, float, list, dict, ChoiceSweep, RangeSweep]";
constexpr std::string_view kOrderSweepType = "Optional[Union[ChoiceSweep, RangeSweep]]";

// _list_to_simple_choice: several values are the sweep a,b,c.
FunctionValue simple_choice(const std::vector<FunctionValue>& args) {
    FunctionValue out;
    out.sweep = Sweep::simple_choice;
    for (const auto& a : args) {
        if (a.sweep != Sweep::none) raise("AssertionError", "");  // is_type_matching(arg, ParsedElementType)
        out.choices.push_back(a.value);
    }
    return out;
}

FunctionValue cast(std::string_view name, const Bound& b) {
    const FunctionValue* value = b.get("value");
    if (!b.positional.empty() && value) raise("TypeError", "cannot use both position and named arguments");
    if (b.positional.empty() && !value) raise("TypeError", "No positional args or value specified");
    FunctionValue v = value ? *value : b.positional.size() == 1 ? b.positional[0] : simple_choice(b.positional);
    switch (v.sweep) {
        case Sweep::none: return plain(hydra_cast(name, v.value));
        case Sweep::simple_choice:
        case Sweep::choice:
            if (v.choices_known)
                for (auto& item : v.choices) item = hydra_cast(name, item);
            return v;
        case Sweep::range:
            if (name != "int" && name != "float") raise("ValueError", "Range can only be cast to int or float");
            return v;
        case Sweep::interval:
            if (name == "str" || name == "bool")
                raise("ValueError", fmt::format("Intervals cannot be cast to {}", name));
            return v;
        case Sweep::glob: break;  // refused by the type check
    }
    return v;
}

FunctionValue sorted_sweep(FunctionValue sweep, bool reverse) {
    // A range is turned around; its bounds are not kept here, so nothing changes.
    if (sweep.sweep != Sweep::range && sweep.choices_known) sweep.choices = python_sorted(sweep.choices, reverse);
    return sweep;
}

FunctionValue sort(const Bound& b) {
    const FunctionValue* reverse_arg = b.get("reverse");
    bool reverse = reverse_arg && reverse_arg->value.boolean;
    if (const FunctionValue* list = b.get("list"); list && list->value.kind != K::null)
        return list_of(python_sorted(list->value.items, reverse));
    if (const FunctionValue* sweep = b.get("sweep"); sweep && sweep->value.kind != K::null)
        return sorted_sweep(*sweep, reverse);
    const auto& args = b.positional;
    if (args.size() == 1) {
        const FunctionValue& a = args[0];
        if (a.sweep == Sweep::choice || a.sweep == Sweep::simple_choice || a.sweep == Sweep::range)
            return sorted_sweep(a, reverse);
        if (a.value.kind == K::list) return list_of(python_sorted(a.value.items, reverse));
        return a;  // any other element is its own sorted form
    }
    for (const auto& a : args) {
        if (a.sweep != Sweep::none || a.value.kind == K::list || a.value.kind == K::dict) {
            std::string all;
            for (size_t i = 0; i < args.size(); ++i) all += (i ? ", " : "") + repr(args[i]);
            raise("TypeError", fmt::format("Invalid arguments: ({})", all));
        }
    }
    if (args.empty()) raise("ValueError", "empty sort input");
    return sorted_sweep(simple_choice(args), reverse);
}

// Python's random.shuffle decides Gym's order; the tool keeps the written one, which is
// one of the orders Gym may take.
FunctionValue shuffle(const Bound& b) {
    if (const FunctionValue* list = b.get("list"); list && list->value.kind != K::null) return *list;
    if (const FunctionValue* sweep = b.get("sweep"); sweep && sweep->value.kind != K::null) return *sweep;
    const auto& args = b.positional;
    if (args.size() == 1) {
        const FunctionValue& a = args[0];
        if (a.sweep != Sweep::none || a.value.kind == K::list) return a;
        return list_of({a.value});
    }
    return simple_choice(args);
}

FunctionValue choice(const Bound& b) {
    const auto& args = b.positional;
    if (args.empty()) raise("ValueError", "empty choice is not legal");
    if (args.size() == 1 && args[0].sweep == Sweep::simple_choice) {
        FunctionValue out = args[0];
        out.sweep = Sweep::choice;
        return out;
    }
    if (args.size() == 1 && args[0].sweep == Sweep::choice) raise("ValueError", "nesting choices is not supported");
    FunctionValue out;
    out.sweep = Sweep::choice;
    for (const auto& a : args) {
        out.choices.push_back(a.value);
        if (a.sweep != Sweep::none) out.choices_known = false;
    }
    return out;
}

FunctionValue tag(const Bound& b) {
    std::vector<FunctionValue> args = b.positional;
    if (args.empty()) raise("ValueError", "Not enough arguments to tag, must take at least a sweep");
    if (const FunctionValue* sweep = b.get("sweep"); sweep && sweep->value.kind != K::null) args.push_back(*sweep);
    if (args.back().sweep == Sweep::none || args.back().sweep == Sweep::glob)
        raise("ValueError", "Last argument to tag() must be a choice(), range() or interval(), got NoneType");
    return args.back();  // its tags matter only to a sweeper
}

FunctionValue sweep_of(Sweep kind) {
    FunctionValue out;
    out.sweep = kind;
    out.choices_known = false;
    return out;
}

}  // namespace

FunctionValue call_hydra_function(std::string_view name, const std::vector<FunctionArg>& args) {
    if (name == "int" || name == "float" || name == "str" || name == "bool")
        return cast(name,
                    bind({{"args", kCastType, kCastAccepts, false, true}, {"value", kCastType, kCastAccepts}}, args));
    if (name == "sort")
        return sort(bind({{"args", kOrderType, kElement | kChoice | kRange, false, true},
                          {"sweep", kOrderSweepType, kChoice | kRange | kNone},
                          {"list", "Optional[List[Any]]", kList | kNone},
                          {"reverse", "bool", kExactBool}},
                         args));
    if (name == "shuffle")
        return shuffle(bind({{"args", kOrderType, kElement | kChoice | kRange, false, true},
                             {"sweep", kOrderSweepType, kChoice | kRange | kNone},
                             {"list", "Optional[List[Any]]", kList | kNone}},
                            args));
    if (name == "choice")
        return choice(bind({{"args", "Union[str, int, float, bool, Dict[Any, Any], List[Any], ChoiceSweep]",
                             kElement | kChoice, false, true}},
                           args));
    if (name == "tag")
        return tag(bind(
            {{"args", "Union[str, Sweep]", kStr | kSweep, false, true}, {"sweep", "Optional[Sweep]", kSweep | kNone}},
            args));
    if (name == "range") {
        bind({{"start", "Union[int, float]", kInt | kFloat, true},
              {"stop", "Optional[Union[int, float]]", kInt | kFloat | kNone},
              {"step", "Union[int, float]", kInt | kFloat}},
             args);
        return sweep_of(Sweep::range);
    }
    if (name == "interval") {
        bind({{"start", "Union[int, float]", kInt | kFloat, true}, {"end", "Union[int, float]", kInt | kFloat, true}},
             args);
        return sweep_of(Sweep::interval);
    }
    // glob
    bind({{"include", "Union[List[str], str]", kList | kStr, true},
          {"exclude", "Optional[Union[List[str], str]]", kList | kStr | kNone}},
         args);
    return sweep_of(Sweep::glob);
}

std::vector<OverrideValue> python_sorted(std::vector<OverrideValue> items, bool reverse) {
    std::vector<size_t> order = python_sort_order(
        items.size(), [&](size_t i, size_t j) { return less(items[i], items[j]); }, reverse);
    std::vector<OverrideValue> out;
    out.reserve(items.size());
    for (size_t i : order) out.push_back(std::move(items[i]));
    return out;
}

}  // namespace goe
