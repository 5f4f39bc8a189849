// Hydra's _apply_overrides_to_config on the empty config Gym's Hydra starts from. The
// config is in struct mode there (set_struct(cfg, True)), which is what makes KEY=V
// fail on a key nobody added.
#include <algorithm>
#include <memory>

#include <fmt/format.h>

#include "gym_otel_env/core/python.hpp"
#include "gym_otel_env/core/text.hpp"
#include "gym_otel_env/hydra/override.hpp"
#include "gym_otel_env/hydra/override_shown.hpp"
#include "gym_otel_env/omegaconf/value_kind.hpp"

namespace goe {
namespace {

using Type_ = ParsedOverride::Type;

struct KeyedCell;

// A mutable copy of the tree while the overrides are applied; NodePtr at the end.
struct Cell {
    Type type = Type::mapping;
    NodePtr scalar;  // a non-container value
    std::vector<KeyedCell> entries;
    std::vector<Cell> items;
    Origin origin;

    bool container() const { return type == Type::mapping || type == Type::sequence; }
    // A key path's segment is a string: it does not find the int key 1 under "1".
    Cell* find(std::string_view key);
    // The entry a Python dict takes for this key: 1, True and 1.0 are one key.
    Cell* find_same(const std::string& key, Type key_type);
};

// A mapping entry. Not a std::pair<std::string, Cell>: with libstdc++ 12, clang before 16
// needs Cell complete to make that pair inside Cell, and stops (scripts/fuzz builds with
// clang 14).
struct KeyedCell {
    KeyedCell(std::string key, Cell cell, Type type = Type::string)
        : first(std::move(key)), second(std::move(cell)), key_type(type) {}
    std::string first;
    Cell second;
    Type key_type;  // as Entry::key_type
};

Cell* Cell::find(std::string_view key) {
    for (auto& e : entries)
        if (e.key_type == Type::string && e.first == key) return &e.second;
    return nullptr;
}

// A NaN key is float()'s new object each time Hydra parses `nan`: no other key, a NaN of
// an earlier token included, is the same key as it (Python's dict compares by identity,
// then by ==, which a NaN never is).
bool fresh_nan(Type key_type, std::string_view key) { return key_type == Type::real && key == "nan"; }

Cell* Cell::find_same(const std::string& key, Type key_type) {
    if (key_type == Type::string) return find(key);
    if (fresh_nan(key_type, key)) return nullptr;
    std::string identity = key_identity(key_type, key);
    for (auto& e : entries)
        if (e.key_type != Type::string && key_identity(e.key_type, e.first) == identity) return &e.second;
    return nullptr;
}

// What OmegaConf raises inside the update; the caller words it as Hydra does.
struct StructError {};  // ConfigKeyError / ConfigAttributeError: "not in struct"
struct MergeError {
    std::string why;
};  // any other OmegaConfBaseException

Cell cell_of(const OverrideValue& v, const Origin& origin) {
    Cell c;
    c.origin = origin;
    if (v.kind == OverrideValue::Kind::list) {
        c.type = Type::sequence;
        for (const auto& item : v.items) c.items.push_back(cell_of(item, origin));
    } else if (v.kind == OverrideValue::Kind::dict) {
        c.type = Type::mapping;
        for (size_t i = 0; i + 1 < v.items.size(); i += 2) {
            const OverrideValue& k = v.items[i];
            if (k.kind == OverrideValue::Kind::null) throw MergeError{"Incompatible key type 'NoneType'"};
            NodePtr key = override_node(k, origin);
            c.entries.emplace_back(python_str(*key), cell_of(v.items[i + 1], origin), key->type);
        }
    } else {
        c.scalar = override_node(v, origin);
        c.type = c.scalar->type;
    }
    return c;
}

NodePtr node_of(const Cell& c) {
    if (!c.container()) return c.scalar;
    auto n = std::make_shared<Node>();
    n->type = c.type;
    n->origin = c.origin;
    for (const auto& e : c.entries) n->mutable_entries().push_back(Entry{e.first, node_of(e.second), e.key_type});
    for (const auto& item : c.items) n->mutable_items().push_back(node_of(item));
    return n;
}

// A list index as Python's int() reads a key segment; the grammar gives only digits.
std::optional<size_t> index_of(const std::string& segment, size_t size) {
    if (segment.empty() || segment.size() > 18) return std::nullopt;
    for (char c : segment)
        if (c < '0' || c > '9') return std::nullopt;
    size_t i = std::stoull(segment);
    if (i >= size) return std::nullopt;
    return i;
}

Cell* select(Cell& root, const std::vector<std::string>& path, int depth = 0);

// OmegaConf.select resolves an interpolation it meets. A plain `${a.b}` is followed here
// (against the config as built so far, as Hydra's is); any other interpolation is taken
// as a string, which is what it resolves to when it resolves.
Cell* follow(Cell& root, Cell* c, int depth) {
    if (!c || c->type != Type::string) return c;
    std::string_view t = c->scalar->text();
    if (t.size() < 4 || !t.starts_with("${") || t.back() != '}') return c;
    std::string target(t.substr(2, t.size() - 3));
    if (target.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.") !=
            std::string::npos ||
        target.starts_with("."))
        return c;
    if (depth > 32) throw MergeError{"Recursive interpolation detected"};
    Cell* to = select(root, split(target, '.'), depth + 1);
    if (!to) throw MergeError{fmt::format("Interpolation key '{}' not found", target)};
    return to;
}

// OmegaConf.select(cfg, key, throw_on_missing=False): the node, or nullptr when absent,
// null or '???'.
Cell* select(Cell& root, const std::vector<std::string>& path, int depth) {
    if (path.size() == 1 && path[0].empty()) return &root;
    Cell* c = &root;
    for (const auto& seg : path) {
        c = follow(root, c, depth);
        if (c->type == Type::mapping) {
            c = c->find(seg);
        } else if (c->type == Type::sequence) {
            bool digits = !seg.empty() && seg.find_first_not_of("0123456789") == std::string::npos;
            if (!digits) throw MergeError{fmt::format("Index '{}' (str) is not an int", seg)};
            auto i = index_of(seg, c->items.size());
            c = i ? &c->items[*i] : nullptr;
        } else {
            return nullptr;
        }
        if (!c) return nullptr;
    }
    c = follow(root, c, depth);
    // throw_on_missing=False: a '???' value selects as None too, so Hydra's `~KEY` of one
    // is "does not exist" and `+KEY=` may set it.
    bool missing = c->scalar && is_missing(*c->scalar);
    return c->type == Type::null || missing ? nullptr : c;
}

// BaseContainer.merge_with, in struct mode unless `open`.
void merge_into(Cell& dest, Cell src, bool open) {
    if (dest.type != src.type) throw MergeError{"Cannot merge DictConfig with ListConfig"};
    if (dest.type == Type::sequence) {
        dest.items = std::move(src.items);
        dest.origin = src.origin;
        return;
    }
    for (auto& [k, v, key_type] : src.entries) {
        Cell* d = dest.find_same(k, key_type);  // the first key stays, as in a Python dict
        if (!d) {
            if (!open) throw StructError{};
            dest.entries.emplace_back(k, std::move(v), key_type);
        } else if (d->container() && v.container()) {
            merge_into(*d, std::move(v), open);
        } else {
            *d = std::move(v);
        }
    }
}

// OmegaConf.update(cfg, key, value, merge=True, force_add=open).
void update(Cell& root, const std::vector<std::string>& path, Cell value, bool open, const Origin& origin) {
    Cell* c = &root;
    auto child = [&](Cell& parent, const std::string& seg, bool create) -> Cell* {
        if (parent.type == Type::sequence) {
            bool digits = !seg.empty() && seg.find_first_not_of("0123456789") == std::string::npos;
            if (!digits) throw MergeError{fmt::format("invalid literal for int() with base 10: '{}'", seg)};
            auto i = index_of(seg, parent.items.size());
            if (!i) throw MergeError{"list index out of range"};
            return &parent.items[*i];
        }
        Cell* found = parent.find(seg);
        if (!found) {
            if (!create) return nullptr;
            if (!open) throw StructError{};
            parent.entries.emplace_back(seg, Cell{});
            found = &parent.entries.back().second;
            found->origin = origin;
        }
        return found;
    };
    for (size_t i = 0; i + 1 < path.size(); ++i) {
        Cell* next = child(*c, path[i], true);
        if (!next->container()) {
            // OmegaConf puts an empty mapping in place of a scalar in the way.
            *next = Cell{};
            next->origin = origin;
        }
        c = next;
    }
    const std::string& last = path.back();
    if (value.container()) {
        Cell* node = c->type == Type::mapping ? c->find(last) : child(*c, last, false);
        if (node && node->container()) {
            merge_into(*node, std::move(value), open);
            return;
        }
    }
    Cell* target = child(*c, last, true);
    *target = std::move(value);
}

bool python_equal(const Node& a, const Node& b);

bool numeric(const Node& n) { return n.type == Type::boolean || n.type == Type::integer || n.type == Type::real; }

// An int (a bool as 0 or 1) as its decimal text.
std::string_view integer_text(const Node& n) {
    if (n.type == Type::boolean) return n.boolean ? "1" : "0";
    return n.text();
}

// Python's == of two numbers: exact between an int and a float at any size, never
// through a double; a NaN equals nothing.
bool numbers_equal(const Node& a, const Node& b) {
    if (a.type == Type::real && b.type == Type::real) return a.real() == b.real();
    if (a.type == Type::real) return python_compare_int_float(integer_text(b), a.real()) == 0;
    if (b.type == Type::real) return python_compare_int_float(integer_text(a), b.real()) == 0;
    return python_compare_ints(integer_text(a), integer_text(b)) == 0;
}

// Python's == between the parsed value and the node (1 == 1.0 == True; lists and
// dicts by content).
bool python_equal(const Node& a, const Node& b) {
    if (numeric(a) && numeric(b)) return numbers_equal(a, b);
    if (a.type != b.type) return false;
    switch (a.type) {
        case Type::null: return true;
        case Type::string: return a.text() == b.text();
        case Type::sequence:
            if (a.items().size() != b.items().size()) return false;
            for (size_t i = 0; i < a.items().size(); ++i)
                if (!python_equal(*a.items()[i], *b.items()[i])) return false;
            return true;
        case Type::mapping:
            if (a.entries().size() != b.entries().size()) return false;
            for (const auto& e : a.entries()) {
                // OmegaConf's _dict_conf_eq asks `k in d2`: a NaN key is in no other dict.
                if (fresh_nan(e.key_type, e.key.view())) return false;
                std::string identity = key_identity(e);
                auto other = std::find_if(b.entries().begin(), b.entries().end(),
                                          [&](const Entry& f) { return key_identity(f) == identity; });
                if (other == b.entries().end() || !python_equal(*e.value, *other->value)) return false;
            }
            return true;
        default: return false;
    }
}

bool hydra_key(const std::string& key) {
    return key == "hydra" || key.starts_with("hydra.") || key.starts_with("hydra/");
}

void apply(Cell& root, const ParsedOverride& o, SecretTest secret, int max_depth) {
    TokenShown shown(o.input, o.source, 0, o.secret);
    const std::string& key = o.key;
    Origin origin{o.source};
    if (o.package)
        shown.fail_plain(
            fmt::format("Override {} looks like a config group override, but config group '{}' does not exist.",
                        shown.token(), key),
            key);
    std::vector<std::string> path = split(key, '.');
    if (static_cast<int>(path.size()) > max_depth)
        throw Error(origin, key, fmt::format("nesting deeper than {} levels", max_depth), Error::Kind::usage);
    try {
        if (o.type == Type_::del) {
            Cell* at = select(root, path);
            if (!at) shown.fail_plain(fmt::format("Could not delete from config. '{}' does not exist.", key), key);
            if (o.value && o.value->kind != OverrideValue::Kind::null) {
                NodePtr given = override_node(*o.value, origin);
                NodePtr have = node_of(*at);
                if (!python_equal(*given, *have)) {
                    std::string have_text = python_str_brief(*have), given_text = python_str_brief(*given);
                    if (shown.secret() || (secret && secret(have_text))) have_text = given_text = "***";
                    shown.fail_plain(fmt::format("Could not delete from config. The value of '{}' is {} and not {}.",
                                                 key, have_text, given_text),
                                     key);
                }
            }
            std::vector<std::string> parent_path(path.begin(), path.end() - 1);
            Cell* parent = parent_path.empty() ? &root : select(root, parent_path);
            if (parent && parent->type == Type::mapping) {
                // select('') is the root itself, so `~` passes the check above; `del cfg['']`
                // then finds no such key.
                if (std::erase_if(parent->entries, [&](const auto& e) {
                        return e.key_type == Type::string && e.first == path.back();
                    }) == 0)
                    throw MergeError{fmt::format("Key not found: '{}'", path.back())};
            } else if (parent && parent->type == Type::sequence) {
                // Hydra deletes with the key as text, which a ListConfig refuses.
                throw MergeError{"list indices must be integers or slices, not str"};
            }
            return;
        }
        Cell value = cell_of(o.value ? *o.value : OverrideValue{}, origin);
        // Python evaluates the select first, so a select that fails fails the + of a
        // list or a mapping too.
        if (o.type == Type_::add && select(root, path) && !value.container()) {
            shown.fail_plain(fmt::format("Could not append to config. An item is already at '{}'. Either remove + "
                                         "prefix: '{}' or add a second + to add or override '{}': '+{}'",
                                         key, shown.token().substr(1), key, shown.token()),
                             key);
        }
        try {
            update(root, path, std::move(value), o.type != Type_::change, origin);
        } catch (const StructError&) {
            shown.fail_plain(
                fmt::format("Could not override '{}'. To append to your config use +{}", key, shown.token()), key);
        }
    } catch (const MergeError& e) {
        // The reason can quote a key path from the value (an interpolation's target).
        shown.fail_plain(fmt::format("Error merging override {}: {}", shown.token(), shown.secret() ? "***" : e.why),
                         key);
    }
}

}  // namespace

NodePtr override_node(const OverrideValue& v, const Origin& origin) {
    switch (v.kind) {
        case OverrideValue::Kind::string:
        case OverrideValue::Kind::quoted: return make_string(v.text, origin);
        case OverrideValue::Kind::integer: return make_int(v.text, origin);
        case OverrideValue::Kind::real: return make_real(v.real, origin);
        case OverrideValue::Kind::boolean: return make_bool(v.boolean, origin);
        case OverrideValue::Kind::null: return make_null(origin);
        case OverrideValue::Kind::list:
        case OverrideValue::Kind::dict: {
            try {
                return node_of(cell_of(v, origin));
            } catch (const MergeError& e) {
                throw Error(origin, {}, e.why, Error::Kind::usage);
            }
        }
    }
    return make_null(origin);
}

NodePtr apply_overrides(const std::vector<ParsedOverride>& overrides, SecretTest secret, int max_depth) {
    for (const auto& o : overrides) {
        TokenShown shown(o.input, o.source, 0, o.secret);
        if (o.sweep == ParsedOverride::Sweep::simple_choice)
            // Hydra's words for a run without --multirun, from a shell, on one line.
            shown.fail_plain(fmt::format(
                "Ambiguous value for argument '{}': to use it as a list, use key=[value1,value2]; to use it as string, "
                "quote the value: key=\\'value1,value2\\'; to sweep over it, add --multirun to your command line",
                shown.token()));
        if (o.sweep == ParsedOverride::Sweep::function)
            shown.fail_plain(fmt::format("Sweep parameters '{}' requires --multirun", shown.token()));
    }
    Cell root;
    for (const auto& o : overrides) {
        if (hydra_key(o.key)) continue;
        apply(root, o, secret, max_depth);
    }
    return node_of(root);
}

NodePtr command_line_config(const std::vector<std::string>& gym_overrides, const std::vector<std::string>& sets,
                            SecretTest secret, int max_depth) {
    std::vector<ParsedOverride> parsed;
    parsed.reserve(gym_overrides.size() + sets.size());
    for (const auto& token : gym_overrides) parsed.push_back(parse_override(token, "command line", secret));
    for (const auto& set : sets) parsed.push_back(parse_set(set, secret));
    return apply_overrides(parsed, secret, max_depth);
}

}  // namespace goe
