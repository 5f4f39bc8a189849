#include "gym_otel_env/resolve.hpp"

#include <cmath>
#include <cstdlib>
#include <map>
#include <optional>
#include <unordered_set>

#include <fmt/format.h>

#include "gym_otel_env/interpolation.hpp"

namespace goe {
namespace {

constexpr std::string_view kMissing = "???";

std::string join_path(const std::string& base, const std::string& key) {
    return base.empty() ? key : base + "." + key;
}

// Where a value sits: the containers from the root down to the one holding it.
struct Location {
    std::vector<NodePtr> parents;
    std::string path;
};

struct Resolved {
    NodePtr node;
    std::optional<Location> where;  // absent for values a resolver made
};

// OmegaConf's split_key: "a.b[c]" -> a, b, c. Leading dots were stripped before.
std::vector<std::string> split_key(std::string_view key) {
    std::vector<std::string> parts;
    size_t i = 0;
    size_t head = key.find_first_of(".[");
    std::string first(key.substr(0, head == std::string_view::npos ? key.size() : head));
    i = first.size();
    if (!(i < key.size() && key[i] == '[' && first.empty())) parts.push_back(first);
    while (i < key.size()) {
        if (key[i] == '.') {
            size_t end = key.find_first_of(".[", i + 1);
            if (end == std::string_view::npos) end = key.size();
            parts.emplace_back(key.substr(i + 1, end - i - 1));
            i = end;
        } else {  // '['
            size_t end = key.find(']', i + 1);
            if (end == std::string_view::npos) break;
            parts.emplace_back(key.substr(i + 1, end - i - 1));
            i = end + 1;
        }
    }
    return parts;
}

std::string without_underscores(std::string_view s) {
    std::string out;
    for (char c : s)
        if (c != '_') out += c;
    return out;
}

// Python's int() of an INT token of the grammar (sign, digits, single underscores).
std::string grammar_int(std::string_view text) {
    std::string digits = without_underscores(text);
    bool negative = !digits.empty() && digits[0] == '-';
    if (!digits.empty() && (digits[0] == '-' || digits[0] == '+')) digits.erase(0, 1);
    std::string decimal = decimal_from_digits(digits, 10);
    return negative ? negate_decimal(decimal) : decimal;
}

double grammar_float(std::string_view text) {
    std::string clean = without_underscores(text);
    return std::strtod(clean.c_str(), nullptr);
}

class Resolver {
public:
    Resolver(NodePtr root, const Environment& env, const ResolveLimits& limits)
        : root_(std::move(root)), env_(env), limits_(limits) {}

    // Every value under `node`, resolved, as a fresh tree.
    NodePtr deep(const NodePtr& node, const Location& where, size_t depth = 0) {
        if (++visited_ > limits_.max_nodes)
            throw Error(node->origin, where.path,
                        fmt::format("more than {} values to resolve under the block", limits_.max_nodes));
        if (depth > limits_.max_depth)
            throw Error(node->origin, where.path, fmt::format("nesting deeper than {} levels", limits_.max_depth));
        if (node->type == Type::string && node->text == kMissing)
            throw Error(node->origin, where.path, "mandatory value missing: the value is '\?\?\?'");
        Resolved r = value(node, where);
        const NodePtr& v = r.node;
        if (!v->is_container()) return v;
        auto out = std::make_shared<Node>(*v);
        Location inner;
        if (r.where) {
            inner.parents = r.where->parents;
            inner.parents.push_back(v);
        }
        if (v->type == Type::mapping) {
            for (auto& e : out->entries) {
                inner.path = join_path(where.path, e.key);
                if (r.where) e.value = deep(e.value, inner, depth + 1);
            }
        } else {
            for (size_t i = 0; i < out->items.size(); ++i) {
                inner.path = fmt::format("{}[{}]", where.path, i);
                if (r.where) out->items[i] = deep(out->items[i], inner, depth + 1);
            }
        }
        return out;
    }

    // The value of one node, or nullptr when it cannot be resolved.
    NodePtr try_value(const NodePtr& node, const Location& where) {
        try {
            return value(node, where).node;
        } catch (const Error&) {
            return nullptr;
        }
    }

private:
    // The value of one node: an interpolation string evaluated, anything else as is.
    Resolved value(const NodePtr& node, const Location& where) {
        if (node->type != Type::string || !has_interpolation(node->text)) return {node, where};
        if (auto hit = memo_.find(where.path); hit != memo_.end()) return hit->second;
        if (!active_.insert(where.path).second)
            throw Error(node->origin, where.path, "recursive interpolation detected");
        if (active_.size() > limits_.max_depth)
            throw Error(node->origin, where.path,
                        fmt::format("interpolations nested deeper than {} levels", limits_.max_depth));
        Template t;
        try {
            t = parse_template(node->text);
        } catch (const ParseError& e) {
            throw Error(node->origin, where.path, fmt::format("invalid interpolation: {}", e.message));
        }
        Frame frame{node, where};
        Resolved r = text(t.tokens, frame, true);
        if (!r.where) {
            // A computed value is reported at the place where the interpolation was written.
            auto copy = std::make_shared<Node>(*r.node);
            copy->origin = node->origin;
            r.node = copy;
        }
        active_.erase(where.path);
        memo_.emplace(where.path, r);
        return r;
    }

    struct Frame {
        NodePtr node;        // the value being resolved
        Location where;      // its location
    };

    [[noreturn]] void fail(const Frame& f, const std::string& what) const {
        throw Error(f.node->origin, f.where.path, what);
    }

    NodePtr string_result(std::string s, const Frame& f) const {
        if (s.size() > limits_.max_result_bytes)
            fail(f, fmt::format("interpolation result larger than {} bytes", limits_.max_result_bytes));
        return make_string(std::move(s), f.node->origin);
    }

    // The text rule: one interpolation keeps its type, anything else is a string.
    Resolved text(const std::vector<Token>& tokens, const Frame& f, bool top) {
        (void)top;
        if (tokens.size() == 1 && tokens[0].kind == Token::Kind::interpolation)
            return interpolation(*tokens[0].inter, f);
        return {string_result(unescape(tokens, f), f), std::nullopt};
    }

    std::string unescape(const std::vector<Token>& tokens, const Frame& f) {
        std::string out;
        for (size_t i = 0; i < tokens.size(); ++i) {
            const Token& t = tokens[i];
            bool next_inter = i + 1 < tokens.size() && tokens[i + 1].kind == Token::Kind::interpolation;
            auto halve = [](const std::string& s) {
                std::string h;
                for (size_t k = 1; k < s.size(); k += 2) h += s[k];
                return h;
            };
            switch (t.kind) {
                case Token::Kind::interpolation: out += python_str(*interpolation(*t.inter, f).node); break;
                case Token::Kind::esc_inter: out += t.text.substr(t.text.size() - (t.text.size() / 2 + 1)); break;
                case Token::Kind::esc: out += halve(t.text); break;
                case Token::Kind::top_esc: out += next_inter ? halve(t.text) : t.text; break;
                case Token::Kind::quoted_esc: out += (next_inter || i + 1 == tokens.size()) ? halve(t.text) : t.text; break;
                default: out += t.text; break;
            }
            if (out.size() > limits_.max_result_bytes)
                fail(f, fmt::format("interpolation result larger than {} bytes", limits_.max_result_bytes));
        }
        return out;
    }

    std::string key_text(const std::vector<Token>& pieces, const Frame& f, std::string_view what) {
        std::string key;
        for (const auto& p : pieces) {
            if (p.kind != Token::Kind::interpolation) {
                key += p.text;
                continue;
            }
            NodePtr v = interpolation(*p.inter, f).node;
            if (v->type != Type::string)
                fail(f, fmt::format("an interpolation used as {} must give a string, got {} {}", what,
                                    type_name(v->type), python_str(*v)));
            key += v->text;
        }
        return key;
    }

    Resolved interpolation(const Interpolation& in, const Frame& f) {
        if (in.kind == Interpolation::Kind::node) {
            std::string key = key_text(in.key, f, "a key");
            auto found = select(key, f);
            if (!found) fail(f, fmt::format("interpolation key '{}' not found", key));
            if (found->node->type == Type::string && found->node->text == kMissing)
                fail(f, fmt::format("interpolation key '{}' is a missing mandatory value: '\?\?\?'", key));
            return *found;
        }
        std::string name;
        for (size_t i = 0; i < in.name.size(); ++i) {
            if (i) name += '.';
            name += key_text({in.name[i]}, f, "a resolver name");
        }
        std::vector<NodePtr> args;
        for (const auto& e : in.args) args.push_back(element(e, f));
        return {call(name, args, f), std::nullopt};
    }

    // A node by OmegaConf key: absolute from the root, or relative with leading dots.
    std::optional<Resolved> select(std::string_view key, const Frame& f) {
        Location at;  // the container the key starts from
        if (!key.empty() && key[0] == '.') {
            at.parents = f.where.parents;
            key.remove_prefix(1);
            while (!key.empty() && key[0] == '.') {
                key.remove_prefix(1);
                if (at.parents.size() <= 1) fail(f, fmt::format("relative key '{}' goes above the root", key));
                at.parents.pop_back();
            }
            if (at.parents.empty()) fail(f, "relative key has no parent");
            // Rebuild the path of the starting container for messages and memo keys.
            at.path = path_of(at.parents);
        } else {
            at.parents = {root_};
            at.path = "";
        }
        NodePtr cur = at.parents.back();
        at.parents.pop_back();
        Location cur_where{at.parents, at.path};
        auto parts = split_key(key);
        if (parts.size() == 1 && parts[0].empty()) return Resolved{cur, cur_where};
        for (const auto& part : parts) {
            Resolved r = value(cur, cur_where);
            if (r.node->type == Type::string && r.node->text == kMissing) return Resolved{r.node, cur_where};
            if (!r.node->is_container() || !r.where) return std::nullopt;
            Location child;
            child.parents = r.where->parents;
            child.parents.push_back(r.node);
            NodePtr next;
            if (r.node->type == Type::mapping) {
                const NodePtr* hit = r.node->find(part);
                if (!hit) return std::nullopt;
                next = *hit;
                child.path = join_path(r.where->path, part);
            } else {
                char* end = nullptr;
                long index = std::strtol(part.c_str(), &end, 10);
                if (part.empty() || *end) return std::nullopt;
                auto size = static_cast<long>(r.node->items.size());
                if (index < 0) index += size;
                if (index < 0 || index >= size) return std::nullopt;
                next = r.node->items[static_cast<size_t>(index)];
                child.path = fmt::format("{}[{}]", r.where->path, index);
            }
            cur = next;
            cur_where = child;
        }
        return value(cur, cur_where);
    }

    // The dotted path of the last container in `parents`, found by identity.
    static std::string path_of(const std::vector<NodePtr>& parents) {
        std::string path;
        for (size_t i = 1; i < parents.size(); ++i) {
            const Node& up = *parents[i - 1];
            if (up.type == Type::mapping) {
                for (const auto& e : up.entries)
                    if (e.value == parents[i]) path = join_path(path, e.key);
            } else {
                for (size_t k = 0; k < up.items.size(); ++k)
                    if (up.items[k] == parents[i]) path += fmt::format("[{}]", k);
            }
        }
        return path;
    }

    NodePtr element(const Element& e, const Frame& f) {
        switch (e.kind) {
            case Element::Kind::empty: return make_string("", f.node->origin);
            case Element::Kind::quoted: {
                if (e.tokens.empty()) return make_string("", f.node->origin);
                Resolved r = text(e.tokens, f, false);
                return string_result(python_str(*r.node), f);
            }
            case Element::Kind::primitive: return primitive(e.tokens, f);
            case Element::Kind::list: {
                auto out = std::make_shared<Node>();
                out->type = Type::sequence;
                out->origin = f.node->origin;
                for (const auto& item : e.items) out->items.push_back(element(item, f));
                return out;
            }
            case Element::Kind::dict: {
                auto out = std::make_shared<Node>();
                out->type = Type::mapping;
                out->origin = f.node->origin;
                for (size_t i = 0; i < e.items.size(); ++i) {
                    std::string key = python_str(*primitive(e.keys[i], f));
                    NodePtr v = element(e.items[i], f);
                    bool replaced = false;
                    for (auto& existing : out->entries)
                        if (existing.key == key) existing.value = v, replaced = true;
                    if (!replaced) out->entries.push_back(Entry{key, v});
                }
                return out;
            }
        }
        return make_null();
    }

    NodePtr primitive(const std::vector<Token>& tokens, const Frame& f) {
        if (tokens.size() != 1) return string_result(unescape(tokens, f), f);
        const Token& t = tokens[0];
        const Origin& o = f.node->origin;
        switch (t.kind) {
            case Token::Kind::interpolation: return interpolation(*t.inter, f).node;
            case Token::Kind::null_: return make_null(o);
            case Token::Kind::integer: return make_int(grammar_int(t.text), o);
            case Token::Kind::real: return make_real(grammar_float(t.text), o);
            case Token::Kind::boolean: return make_bool(t.text.size() == 4, o);
            default: return string_result(unescape(tokens, f), f);
        }
    }

    NodePtr call(const std::string& name, const std::vector<NodePtr>& args, const Frame& f) {
        if (name == "oc.env") {
            if (args.empty() || args.size() > 2)
                fail(f, fmt::format("oc.env takes a variable name and an optional default, got {} arguments",
                                    args.size()));
            if (args[0]->type != Type::string)
                fail(f, fmt::format("oc.env: the variable name must be a string, got {}", python_str(*args[0])));
            if (auto v = lookup(env_, args[0]->text)) return make_string(std::string(*v), f.node->origin);
            if (args.size() == 1) fail(f, fmt::format("environment variable '{}' not found", args[0]->text));
            if (args[1]->type == Type::null) return make_null(f.node->origin);
            return string_result(python_str(*args[1]), f);
        }
        if (name == "oc.select") {
            if (args.empty() || args.size() > 2)
                fail(f, fmt::format("oc.select takes a key and an optional default, got {} arguments", args.size()));
            if (args[0]->type != Type::string)
                fail(f, fmt::format("oc.select: the key must be a string, got {}", python_str(*args[0])));
            auto found = select(args[0]->text, f);
            if (!found || (found->node->type == Type::string && found->node->text == kMissing))
                return args.size() == 2 ? args[1] : make_null(f.node->origin);
            return found->node;
        }
        if (name == "oc.decode") {
            if (args.size() != 1) fail(f, fmt::format("oc.decode takes one argument, got {}", args.size()));
            if (args[0]->type == Type::null) return make_null(f.node->origin);
            if (args[0]->type != Type::string)
                fail(f, fmt::format("oc.decode can only take strings or None as input, got {} {}",
                                    type_name(args[0]->type), python_str(*args[0])));
            Element e;
            try {
                e = parse_element(args[0]->text);
            } catch (const ParseError& err) {
                fail(f, fmt::format("oc.decode: cannot parse '{}': {}", args[0]->text, err.message));
            }
            return element(e, f);
        }
        if (name == "oc.create" || name == "oc.deprecated" || name == "oc.dict.keys" || name == "oc.dict.values")
            fail(f, fmt::format("resolver '{}' is not supported by gym-otel-env", name));
        fail(f, fmt::format("unsupported interpolation type '{}' (unknown resolver)", name));
    }

    NodePtr root_;
    const Environment& env_;
    ResolveLimits limits_;
    std::map<std::string, Resolved> memo_;
    std::unordered_set<std::string> active_;
    size_t visited_ = 0;
};

}  // namespace

NodePtr resolve_subtree(const NodePtr& root, std::string_view key, const Environment& env,
                        const ResolveLimits& limits) {
    if (!root || root->type != Type::mapping) return nullptr;
    const NodePtr* block = root->find(key);
    if (!block) return nullptr;
    Resolver resolver(root, env, limits);
    Location where{{root}, std::string(key)};
    NodePtr resolved = resolver.deep(*block, where);
    if (resolved->type != Type::mapping) return resolved;
    // Keep where each top-level value was written, for validation messages.
    const Node& written = **block;
    if (written.type != Type::mapping) return resolved;
    auto out = std::make_shared<Node>(*resolved);
    for (auto& e : out->entries) {
        if (const NodePtr* src = written.find(e.key); src && (*src)->origin.line && e.value->origin.str() != (*src)->origin.str()) {
            auto copy = std::make_shared<Node>(*e.value);
            copy->origin = (*src)->origin;
            e.value = copy;
        }
    }
    return out;
}

NodePtr dereference_container(const std::vector<NodePtr>& parents, const std::string& path, const NodePtr& value,
                              const Environment& env) {
    if (parents.empty()) return nullptr;
    Resolver resolver(parents.front(), env, ResolveLimits{});
    NodePtr target = resolver.try_value(value, Location{parents, path});
    return target && target->is_container() ? target : nullptr;
}

namespace {
// The way from the checked root down to a node, so that a key path is built only for
// an error: building one per node cost more than the check on a large config.
struct Step {
    const Step* up;
    const std::string* key;  // mapping key, or nullptr for a list index
    size_t index;
};

std::string path_at(const Step* step, const std::string& base) {
    if (!step) return base;
    std::string up = path_at(step->up, base);
    return step->key ? join_path(up, *step->key) : fmt::format("{}[{}]", up, step->index);
}

void check_node(const Node& node, const Step* at, const std::string& base) {
    if (node.type == Type::string && has_interpolation(node.text)) {
        try {
            parse_template(node.text);
        } catch (const ParseError& e) {
            throw Error(node.origin, path_at(at, base), fmt::format("invalid interpolation: {}", e.message));
        }
    }
    for (const auto& e : node.entries) {
        Step step{at, &e.key, 0};
        check_node(*e.value, &step, base);
    }
    for (size_t i = 0; i < node.items.size(); ++i) {
        Step step{at, nullptr, i};
        check_node(*node.items[i], &step, base);
    }
}
}  // namespace

void check_interpolations(const NodePtr& node, const std::string& path) {
    if (node) check_node(*node, nullptr, path);
}

}  // namespace goe
