#include "gym_otel_env/omegaconf/resolve.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <map>
#include <optional>
#include <unordered_map>
#include <unordered_set>

#include <fmt/format.h>

#include "gym_otel_env/core/decimal.hpp"
#include "gym_otel_env/core/mapping_index.hpp"
#include "gym_otel_env/core/python.hpp"
#include "gym_otel_env/core/text.hpp"
#include "gym_otel_env/omegaconf/interpolation.hpp"
#include "gym_otel_env/omegaconf/value_kind.hpp"

namespace goe {
namespace {

// A container on the way from the root to a value, linked upwards and shared, so
// that stepping into a container costs the same at any depth.
struct Parent {
    NodePtr node;
    size_t cut = 0;  // the length of this container's own path in Location::real
    std::shared_ptr<const Parent> up;
};
using Parents = std::shared_ptr<const Parent>;

// Where a value sits: the containers from the root down to the one holding it.
struct Location {
    Parents parents;   // the innermost first
    std::string path;  // the key path messages show, also the memo key
    std::string real;  // the path where the value sits, through references

    // The location of a value of `container`, which sits here: `step` is its key
    // or its index in brackets ("[3]").
    Location inside(const NodePtr& container, std::string_view step, std::string shown) const {
        Location out{std::make_shared<const Parent>(Parent{container, real.size(), parents}), std::move(shown), real};
        if (container->type == Type::mapping && !real.empty()) out.real += '.';
        out.real += step;
        return out;
    }
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

// Python's float() of a FLOAT token of the grammar, which is always one it takes.
double grammar_float(std::string_view text) { return python_float_of(text).value_or(std::nan("")); }

class Resolver {
public:
    Resolver(NodePtr root, const Environment& env, const ResolveLimits& limits)
        : root_(std::move(root)), env_(env), limits_(limits) {}

    // Every value under `node`, resolved, as a fresh tree. A subtree with nothing to
    // resolve is returned as it is: aliases share subtrees, and a billion-laughs
    // document must not be walked path by path.
    NodePtr deep(const NodePtr& node, const Location& where) {
        if (settled(node)) return node;
        if (++visited_ > limits_.max_nodes)
            throw Error(node->origin, where.path,
                        fmt::format("more than {} values to resolve under the block", limits_.max_nodes));
        Nest nest(*this, *node, where.path);
        if (is_missing(*node)) throw Error(node->origin, where.path, "mandatory value missing: the value is '\?\?\?'");
        Resolved r = value(node, where);
        const NodePtr& v = r.node;
        if (!v->is_container()) return v;
        auto out = std::make_shared<Node>(*v);
        if (!r.where) return out;
        if (v->type == Type::mapping) {
            for (auto& e : out->mutable_entries())
                e.value = deep(e.value, r.where->inside(v, e.key, join_key_path(where.path, e.key)));
        } else {
            auto made = dict_values_lists_.find(v.get());
            for (size_t i = 0; i < out->items().size(); ++i) {
                std::string index = fmt::format("[{}]", i);
                if (made == dict_values_lists_.end()) {
                    out->mutable_items()[i] = deep(out->items()[i], r.where->inside(v, index, where.path + index));
                    continue;
                }
                // An item of oc.dict.values' list is what OmegaConf names when anything on
                // its way fails: the list has no key, so the item's full key is its
                // parent's and the index (`telemetry.[1]`).
                try {
                    out->mutable_items()[i] = deep(out->items()[i], r.where->inside(v, index, where.path + index));
                } catch (const Error& e) {
                    throw Error(out->items()[i]->origin, made->second + index, e.detail(), e.kind());
                }
            }
        }
        return out;
    }

    // The value of one node, a missing value or an unresolvable one being an error.
    NodePtr shallow(const NodePtr& node, const Location& where) {
        if (is_missing(*node)) throw Error(node->origin, where.path, "mandatory value missing: the value is '\?\?\?'");
        return value(node, where).node;
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
    // True when nothing under `node` needs resolving or is a missing value. Each
    // shared node is looked at once.
    bool settled(const NodePtr& node) {
        if (node->type == Type::string) return !is_missing(*node) && !is_interpolation(*node);
        if (!node->is_container()) return true;
        if (auto hit = settled_.find(node.get()); hit != settled_.end()) return hit->second;
        bool all = true;
        for (const auto& e : node->entries()) all = all && settled(e.value);
        for (const auto& item : node->items()) all = all && settled(item);
        settled_.emplace(node.get(), all);
        return all;
    }

    // Counts one level of the evaluator's recursion (references, resolver calls,
    // arguments), so that no config can overflow the stack.
    struct Nest {
        Nest(Resolver& r, const Node& node, const std::string& path) : resolver(r) {
            if (++resolver.nesting_ > resolver.limits_.max_depth)
                throw Error(node.origin, path,
                            fmt::format("interpolations nested deeper than {} levels", resolver.limits_.max_depth));
        }
        ~Nest() { --resolver.nesting_; }
        Nest(const Nest&) = delete;
        Nest& operator=(const Nest&) = delete;
        Resolver& resolver;
    };

    // The value of one node: an interpolation string evaluated, anything else as is.
    Resolved value(const NodePtr& node, const Location& where) {
        if (!is_interpolation(*node)) {
            note(*node);
            return {node, where};
        }
        // Keyed by node and path: the path alone is ambiguous when a key holds a dot
        // ({"a.b": ..., a: {b: ...}}).
        const std::string key = fmt::format("{}@{}", static_cast<const void*>(node.get()), where.path);
        if (auto hit = memo_.find(key); hit != memo_.end()) return hit->second;
        // An alias puts one string under many paths; unless it looked around itself
        // (a relative key), its value is the same under all of them.
        if (auto hit = shared_memo_.find(node.get()); hit != shared_memo_.end()) return hit->second;
        if (!active_.insert(key).second) throw Error(node->origin, where.path, "recursive interpolation detected");
        Nest nest(*this, *node, where.path);
        auto parsed = templates_.find(node.get());
        if (parsed == templates_.end()) {
            try {
                parsed = templates_.emplace(node.get(), parse_template(node->text())).first;
            } catch (const ParseError& e) {
                throw Error(node->origin, where.path, fmt::format("invalid interpolation: {}", e.message));
            }
        }
        Frame frame{node, where};
        Resolved r = text(parsed->second.tokens, frame);
        if (!r.where) {
            // A computed value is reported at the place where the interpolation was written.
            auto copy = std::make_shared<Node>(*r.node);
            copy->origin = node->origin;
            r.node = copy;
        }
        note(*r.node);
        active_.erase(key);
        memo_.emplace(key, r);
        if (!frame.relative) shared_memo_.emplace(node.get(), r);
        return r;
    }

    struct Frame {
        NodePtr node;                   // the value being resolved
        const Location& where;          // its location
        mutable bool relative = false;  // a relative key was looked up from here
    };

    [[noreturn]] void fail(const Frame& f, const std::string& what) const {
        throw Error(f.node->origin, f.where.path, what);
    }

    // Python's str() of a computed value, which may be a container of shared aliases.
    std::string str_of(const Node& v, const Frame& f) const {
        std::string out;
        if (!append_python_str(v, out, limits_.max_result_bytes))
            fail(f, fmt::format("interpolation result larger than {} bytes", limits_.max_result_bytes));
        return out;
    }

    NodePtr string_result(std::string s, const Frame& f) const {
        if (s.size() > limits_.max_result_bytes)
            fail(f, fmt::format("interpolation result larger than {} bytes", limits_.max_result_bytes));
        return make_string(std::move(s), f.node->origin);
    }

public:
    // While a secret value is being resolved, every environment value read and every
    // node's value on the way is secret too. Resolver arguments (variable names) are
    // not: a name built from a secret contains it and is masked through it. A number or
    // a boolean is secret as a message shows it (str(), `12345`) and as it was written
    // (`0x3039`): another field that is given it quotes one or the other.
    void note(const Node& n) {
        if (!recording_ || !secrets_ || n.is_container() || n.type == Type::null) return;
        if (n.type == Type::string) {
            if (!n.text().empty()) secrets_->texts.emplace_back(n.text());
            return;
        }
        secrets_->texts.push_back(python_str(n, limits_.max_result_bytes));
        if (auto written = n.origin.source.plain_scalar_at(n.origin.line, n.origin.column);
            written && !written->empty())
            secrets_->texts.emplace_back(*written);
    }

    // The secret value itself: when a container, each of its keys and scalars (each
    // shared node looked at once); the containers on the way to it are not secret.
    void note_secret(const Node& n, std::unordered_set<const Node*>& seen) {
        if (!n.is_container()) return note(n);
        if (!seen.insert(&n).second) return;
        for (const auto& e : n.entries()) {
            if (!e.key.empty()) secrets_->texts.emplace_back(e.key.view());
            note_secret(*e.value, seen);
        }
        for (const auto& item : n.items()) note_secret(*item, seen);
    }

    // Whether `text` is, or holds, a secret value read so far (all of it is, while a
    // secret is being resolved).
    bool holds_secret(std::string_view text) const {
        if (recording_) return true;
        return std::any_of(secrets_->texts.begin(), secrets_->texts.end(),
                           [&](const std::string& s) { return !s.empty() && text.find(s) != std::string_view::npos; });
    }

private:
    // The text rule: one interpolation keeps its type, anything else is a string.
    Resolved text(const std::vector<Token>& tokens, const Frame& f) {
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
                case Token::Kind::interpolation:
                    if (!append_python_str(*interpolation(*t.inter, f).node, out, limits_.max_result_bytes))
                        fail(f, fmt::format("interpolation result larger than {} bytes", limits_.max_result_bytes));
                    break;
                case Token::Kind::esc_inter: out += t.text.substr(t.text.size() - (t.text.size() / 2 + 1)); break;
                case Token::Kind::esc: out += halve(t.text); break;
                case Token::Kind::top_esc: out += next_inter ? halve(t.text) : t.text; break;
                case Token::Kind::quoted_esc:
                    out += (next_inter || i + 1 == tokens.size()) ? halve(t.text) : t.text;
                    break;
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
                                    type_name(v->type), python_str_brief(*v)));
            key += v->text();
        }
        return key;
    }

    Resolved interpolation(const Interpolation& in, const Frame& f) {
        Nest nest(*this, *f.node, f.where.path);
        // Memoized by path, but values under shared aliases sit at many paths: the
        // total work needs its own bound.
        if (++evaluations_ > limits_.max_evaluations)
            fail(f, fmt::format("more than {} interpolations to evaluate", limits_.max_evaluations));
        if (in.kind == Interpolation::Kind::node) {
            std::string key = key_text(in.key, f, "a key");
            auto found = select(key, f);
            if (!found) fail(f, fmt::format("interpolation key '{}' not found", key));
            if (is_missing(*found->node))
                fail(f, fmt::format("interpolation key '{}' is a missing mandatory value: '\?\?\?'", key));
            if (holds(f.where, *found))
                fail(f, fmt::format("interpolation to parent node detected: '{}' contains this value", key));
            return *found;
        }
        std::string name;
        for (size_t i = 0; i < in.name.size(); ++i) {
            if (i) name += '.';
            name += key_text({in.name[i]}, f, "a resolver name");
        }
        std::vector<NodePtr> args;
        for (const auto& e : in.args) args.push_back(element(e, f));
        return call(name, args, f);
    }

    // OmegaConf refuses a node interpolation to a container that holds the value being
    // resolved (its parent or one above), as the container's own value. A container is
    // itself by node and by the path it sits at: an alias puts one node at many.
    static bool holds(const Location& where, const Resolved& target) {
        if (!target.where || !target.node->is_container()) return false;
        const std::string& at = target.where->real;
        for (const Parent* p = where.parents.get(); p; p = p->up.get())
            if (p->node == target.node && p->cut == at.size() && where.real.compare(0, p->cut, at) == 0) return true;
        return false;
    }

    // A node by OmegaConf key: absolute from the root, or relative with leading dots.
    std::optional<Resolved> select(std::string_view key, const Frame& f) {
        const std::string whole(key);
        Location cur_where;  // of the container the key starts from
        NodePtr cur;
        if (!key.empty() && key[0] == '.') {
            f.relative = true;
            Parents at = f.where.parents;
            key.remove_prefix(1);
            while (!key.empty() && key[0] == '.') {
                key.remove_prefix(1);
                if (!at || !at->up) fail(f, fmt::format("relative key '{}' goes above the root", key));
                at = at->up;
            }
            if (!at) fail(f, "relative key has no parent");
            cur = at->node;
            cur_where.parents = at->up;
            cur_where.real = f.where.real.substr(0, at->cut);
        } else {
            cur = root_;
        }
        // Within a key, the shown path is where the value really sits.
        cur_where.path = cur_where.real;
        auto parts = split_key(key);
        if (parts.size() == 1 && parts[0].empty()) return Resolved{cur, cur_where};
        for (const auto& part : parts) {
            Resolved r = value(cur, cur_where);
            if (is_missing(*r.node)) return Resolved{r.node, cur_where};
            if (!r.node->is_container() || !r.where) return std::nullopt;
            std::string step;
            if (r.node->type == Type::mapping) {
                const NodePtr* hit = find(*r.node, part);
                if (!hit) return std::nullopt;
                cur = *hit;
                step = part;
            } else {
                // ListConfig reads an index as Python's int() does (" 1_0" is 10) and
                // finds no negative one; a text int() refuses is an error, not a
                // missing key, also for oc.select's default.
                std::optional<std::string> decimal = python_int_of(part);
                if (!decimal) fail(f, fmt::format("list index '{}' in key '{}' is not an int", part, whole));
                size_t index = 0;
                const char* end = decimal->data() + decimal->size();
                // Too large for size_t is past the end too.
                auto [ptr, ec] = std::from_chars(decimal->data(), end, index);
                if (decimal->front() == '-' || ec != std::errc{} || ptr != end || index >= r.node->items().size())
                    return std::nullopt;
                cur = r.node->items()[index];
                step = fmt::format("[{}]", index);
            }
            cur_where = r.where->inside(r.node, step, {});
            cur_where.path = cur_where.real;
        }
        return value(cur, cur_where);
    }

    const NodePtr* find(const Node& mapping, const std::string& key) { return index_.find(mapping, key); }

    NodePtr element(const Element& e, const Frame& f) {
        Nest nest(*this, *f.node, f.where.path);
        switch (e.kind) {
            case Element::Kind::empty: return make_string("", f.node->origin);
            case Element::Kind::quoted: {
                if (e.tokens.empty()) return make_string("", f.node->origin);
                Resolved r = text(e.tokens, f);
                return string_result(str_of(*r.node, f), f);
            }
            case Element::Kind::primitive: return primitive(e.tokens, f);
            case Element::Kind::list: {
                auto out = std::make_shared<Node>();
                out->type = Type::sequence;
                out->origin = f.node->origin;
                for (const auto& item : e.items) out->mutable_items().push_back(element(item, f));
                return out;
            }
            case Element::Kind::dict: {
                auto out = std::make_shared<Node>();
                out->type = Type::mapping;
                out->origin = f.node->origin;
                std::unordered_map<std::string, size_t> index;
                for (size_t i = 0; i < e.items.size(); ++i) {
                    NodePtr k = primitive(e.keys[i], f);
                    Type key_type = k->type == Type::string ? Type::string : k->type;
                    std::string key = str_of(*k, f);
                    NodePtr v = element(e.items[i], f);
                    auto [it, fresh] = index.emplace(key_identity(key_type, key), out->entries().size());
                    if (fresh) out->mutable_entries().push_back(Entry{key, std::move(v), key_type});
                    else out->mutable_entries()[it->second].value = std::move(v);
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
            case Token::Kind::integer:
                if (t.text.size() > kMaxIntDigits)
                    fail(f, fmt::format("integer literal longer than {} digits", kMaxIntDigits));
                return make_int(python_int_of(t.text).value_or("0"), o);  // an INT token is always one int() takes
            case Token::Kind::real: return make_real(grammar_float(t.text), o);
            case Token::Kind::boolean: return make_bool(t.text.size() == 4, o);
            default: return string_result(unescape(tokens, f), f);
        }
    }

    // OmegaConf's resolvers, as the dispatch reads them: the count of arguments (already
    // evaluated) each takes, in OmegaConf's words for the message, and the function;
    // then those registered from above (limits_.resolvers).
    using ResolverFn = Resolved (Resolver::*)(const std::string& name, const std::vector<NodePtr>& args,
                                              const Frame& f);
    struct ResolverRow {
        std::string_view name;
        size_t min_args, max_args;
        std::string_view takes;
        ResolverFn fn;
    };

    Resolved call(const std::string& name, const std::vector<NodePtr>& args, const Frame& f) {
        // clang-format off
        static constexpr ResolverRow kResolvers[] = {
            {"oc.env",         1, 2, "a variable name and an optional default", &Resolver::oc_env},
            {"oc.select",      1, 2, "a key and an optional default",           &Resolver::oc_select},
            {"oc.decode",      1, 1, "one argument",                            &Resolver::oc_decode},
            {"oc.create",      1, 1, "one argument",                            &Resolver::oc_create},
            {"oc.deprecated",  1, 2, "a key and an optional message",           &Resolver::oc_deprecated},
            {"oc.dict.keys",   1, 1, "one argument",                            &Resolver::oc_dict_keys},
            {"oc.dict.values", 1, 1, "one argument",                            &Resolver::oc_dict_values},
        };
        // clang-format on
        auto arity = [&](size_t min_args, size_t max_args, std::string_view takes) {
            if (args.size() < min_args || args.size() > max_args)
                fail(f,
                     fmt::format("{} takes {}, got {}{}", name, takes, args.size(), max_args > 1 ? " arguments" : ""));
        };
        const ResolverRow* row = std::find_if(std::begin(kResolvers), std::end(kResolvers),
                                              [&](const ResolverRow& r) { return r.name == name; });
        if (row != std::end(kResolvers)) {
            arity(row->min_args, row->max_args, row->takes);
            return (this->*row->fn)(name, args, f);
        }
        auto registered = std::find_if(limits_.resolvers.begin(), limits_.resolvers.end(),
                                       [&](const RegisteredResolver& r) { return r.name == name; });
        if (registered == limits_.resolvers.end())
            fail(f, fmt::format("unsupported interpolation type '{}' (unknown resolver)", name));
        arity(registered->min_args, registered->max_args, registered->takes);
        NodePtr out = registered->fn(name, args, f.node->origin);
        if (out->type == Type::string && out->text().size() > limits_.max_result_bytes)
            fail(f, fmt::format("interpolation result larger than {} bytes", limits_.max_result_bytes));
        return made(std::move(out));
    }

    static Resolved made(NodePtr node) { return {std::move(node), std::nullopt}; }

    Resolved oc_env(const std::string&, const std::vector<NodePtr>& args, const Frame& f) {
        if (args[0]->type != Type::string)
            fail(f, fmt::format("oc.env: the variable name must be a string, got {}", python_str_brief(*args[0])));
        auto v = lookup(env_, args[0]->text());
        if (recording_ && secrets_ && (v || args.size() == 2))
            secrets_->reads.push_back(SecretTexts::Read{recording_key_, std::string(args[0]->text()),
                                                        v ? std::optional<std::string>(*v) : std::nullopt});
        if (v) {
            NodePtr out = make_string(std::string(*v), f.node->origin);
            note(*out);
            return made(out);
        }
        if (args.size() == 1)
            throw Error(f.node->origin, f.where.path,
                        fmt::format("environment variable '{}' not found", args[0]->text()))
                .because(Error::Cause::unset_variable, std::string(args[0]->text()));
        if (args[1]->type == Type::null) return made(make_null(f.node->origin));
        return made(string_result(str_of(*args[1], f), f));
    }

    // A container comes back as the node it is, where it is: Gym's model reads it with
    // the interpolations inside it resolved there.
    Resolved oc_select(const std::string&, const std::vector<NodePtr>& args, const Frame& f) {
        if (args[0]->type != Type::string)
            fail(f, fmt::format("oc.select: the key must be a string, got {}", python_str_brief(*args[0])));
        auto found = select(args[0]->text(), f);
        if (!found || is_missing(*found->node)) return made(args.size() == 2 ? args[1] : make_null(f.node->origin));
        if (found->node->is_container()) return *found;
        return made(found->node);
    }

    Resolved oc_decode(const std::string&, const std::vector<NodePtr>& args, const Frame& f) {
        if (args[0]->type == Type::null) return made(make_null(f.node->origin));
        if (args[0]->type != Type::string)
            fail(f, fmt::format("oc.decode can only take strings or None as input, got {} {}", type_name(args[0]->type),
                                python_str_brief(*args[0])));
        Element e;
        try {
            e = parse_element(args[0]->text());
        } catch (const ParseError& err) {
            fail(f, fmt::format("oc.decode: cannot parse '{}': {}", args[0]->text(), err.message));
        }
        return made(element(e, f));
    }

    // OmegaConf.create with the value's parent as parent: the container it makes sits where
    // the value does, and the interpolations in it (a copied node keeps them) resolve
    // from there when Gym's model reads it.
    Resolved oc_create(const std::string&, const std::vector<NodePtr>& args, const Frame& f) {
        const NodePtr& obj = args[0];
        // OmegaConf.create(None) is a DictConfig whose value is None.
        if (obj->type == Type::null) return made(make_null(f.node->origin));
        if (obj->is_container()) return {obj, f.where};
        if (obj->type == Type::string) return {create_from_yaml(obj->text(), f), f.where};
        fail(f,
             fmt::format("oc.create: object of unsupported type: {} {}", type_name(obj->type), python_str_brief(*obj)));
    }

    // OmegaConf.create(str): the text read as YAML; nothing is an empty mapping, a string
    // the one key of a mapping (`abc` is {'abc': None}), any other scalar an error.
    NodePtr create_from_yaml(std::string_view text, const Frame& f) {
        if (!limits_.read_yaml)
            fail(f, "oc.create of a YAML string is not supported by gym-otel-env; give it a mapping or a list");
        NodePtr doc;
        try {
            doc = limits_.read_yaml(text);
        } catch (const Error& e) {
            // The reader quotes pieces of the text (a tag, a token), which masking the
            // whole secret would not catch. Where the secrets are not known (Gym's pass
            // over the top level), any text may hold one.
            if (!secrets_ || holds_secret(text))
                fail(f, "oc.create: the YAML string cannot be read (its text is not shown: it may hold a secret)");
            fail(f, fmt::format("oc.create: {}", e.what()));
        }
        auto out = std::make_shared<Node>();
        out->origin = f.node->origin;
        out->type = Type::mapping;
        // yaml.load gives None for an empty text, `~`, `null` or a lone anchor: {}.
        if (!doc || doc->type == Type::null) return out;
        if (doc->is_container()) return doc;
        if (doc->type != Type::string)
            fail(f,
                 fmt::format("oc.create: the YAML string gives a {}, not a mapping or a list", type_name(doc->type)));
        out->mutable_entries().push_back(Entry{doc->text(), make_null(f.node->origin)});
        return out;
    }

    // The node at the key, as it is; the warning OmegaConf gives is kept for the report.
    Resolved oc_deprecated(const std::string&, const std::vector<NodePtr>& args, const Frame& f) {
        if (args[0]->type != Type::string)
            fail(f, fmt::format("oc.deprecated: interpolation key type is not a string ({} {})",
                                type_name(args[0]->type), python_str_brief(*args[0])));
        if (args.size() == 2 && args[1]->type != Type::string)
            fail(f, fmt::format("oc.deprecated: interpolation message type is not a string ({} {})",
                                type_name(args[1]->type), python_str_brief(*args[1])));
        const std::string key(args[0]->text());
        auto found = select(key, f);
        if (!found) fail(f, fmt::format("in oc.deprecated resolver at '{}': key not found: '{}'", f.where.real, key));
        std::string_view message = args.size() == 2
                                       ? args[1]->text()
                                       : "'$OLD_KEY' is deprecated. Change your code and config to use '$NEW_KEY'";
        deprecations_.push_back(
            DeprecatedKey{f.node->origin, f.where.path,
                          substitute_keys(message, f.where.real, found->where ? found->where->real : key)});
        return *found;
    }

    // string.Template(message).safe_substitute(OLD_KEY=..., NEW_KEY=...): $NAME and
    // ${NAME} of those two names replaced, $$ is $, anything else left as written.
    static std::string substitute_keys(std::string_view message, std::string_view old_key, std::string_view new_key) {
        auto is_id = [](char c, bool first) { return c == '_' || is_alpha(c) || (!first && is_digit(c)); };
        std::string out;
        for (size_t i = 0; i < message.size(); ++i) {
            if (message[i] != '$' || i + 1 == message.size()) {
                out += message[i];
                continue;
            }
            if (message[i + 1] == '$') {
                out += '$';
                ++i;
                continue;
            }
            bool braced = message[i + 1] == '{';
            size_t begin = i + (braced ? 2 : 1);
            size_t end = begin;
            while (end < message.size() && is_id(message[end], end == begin)) ++end;
            std::string_view name = message.substr(begin, end - begin);
            bool whole = !name.empty() && (!braced || (end < message.size() && message[end] == '}'));
            if (whole && (name == "OLD_KEY" || name == "NEW_KEY")) {
                out += name == "OLD_KEY" ? old_key : new_key;
                i = braced ? end : end - 1;
            } else {
                out += '$';
            }
        }
        return out;
    }

    // The mapping oc.dict.keys and oc.dict.values read, found as OmegaConf's
    // _get_and_validate_dict_input finds it.
    Resolved dict_input(const std::string& name, const NodePtr& key, const Frame& f) {
        if (key->type != Type::string)
            fail(f, fmt::format("{} requires a string as input, got {} {}", name, type_name(key->type),
                                python_str_brief(*key)));
        auto found = select(key->text(), f);
        if (!found) fail(f, fmt::format("{}: key not found: '{}'", name, key->text()));
        if (is_missing(*found->node))
            fail(f, fmt::format("{}: key '{}' is a missing mandatory value: '\?\?\?'", name, key->text()));
        if (found->node->type != Type::mapping)
            fail(f, fmt::format("{} cannot be applied to a {}", name, type_name(found->node->type)));
        return *found;
    }

    static std::shared_ptr<Node> new_list(const Frame& f) {
        auto out = std::make_shared<Node>();
        out->type = Type::sequence;
        out->origin = f.node->origin;
        return out;
    }

    // A list of the keys, each with the type it has in the mapping (1 stays an int).
    Resolved oc_dict_keys(const std::string& name, const std::vector<NodePtr>& args, const Frame& f) {
        Resolved in = dict_input(name, args[0], f);
        auto out = new_list(f);
        const Origin& o = f.node->origin;
        for (const auto& e : in.node->entries()) {
            std::string_view k = e.key.view();
            switch (e.key_type) {
                case Type::integer: out->mutable_items().push_back(make_int(k, o)); break;
                case Type::boolean: out->mutable_items().push_back(make_bool(k == "True", o)); break;
                case Type::real:
                    out->mutable_items().push_back(make_real(python_float_of(k).value_or(std::nan("")), o));
                    break;
                default: out->mutable_items().push_back(make_string(k, o)); break;
            }
        }
        return {out, f.where};
    }

    // A list of interpolations to the values, which resolve when Gym's model reads the
    // list (or never: a string shows them as written). The list sits one level below
    // the value's parent, so a relative key gets one more dot.
    Resolved oc_dict_values(const std::string& name, const std::vector<NodePtr>& args, const Frame& f) {
        Resolved in = dict_input(name, args[0], f);
        std::string key(args[0]->text());
        if (!key.empty() && key[0] == '.') key.insert(0, 1, '.');
        auto out = new_list(f);
        for (const auto& e : in.node->entries())
            out->mutable_items().push_back(make_string(fmt::format("${{{}.{}}}", key, e.key.view()), f.node->origin));
        // OmegaConf's full key of an item: the parent's, then `[i]` (after a '.' when the
        // parent is a mapping with a key of its own).
        const Parent* parent = f.where.parents.get();
        std::string prefix = parent ? f.where.real.substr(0, parent->cut) : std::string();
        if (parent && parent->node->type == Type::mapping && !prefix.empty()) prefix += '.';
        dict_values_lists_.emplace(out.get(), std::move(prefix));
        return {out, f.where};
    }

    NodePtr root_;
    const Environment& env_;
    ResolveLimits limits_;
    std::unordered_map<std::string, Resolved> memo_;
    std::unordered_map<const Node*, Resolved> shared_memo_;
    std::unordered_map<const Node*, Template> templates_;
    std::unordered_set<std::string> active_;
    std::unordered_map<const Node*, bool> settled_;
    // The lists oc.dict.values made, with the prefix of their items' full keys.
    std::unordered_map<const Node*, std::string> dict_values_lists_;
    MappingIndex index_;
    size_t visited_ = 0;
    size_t nesting_ = 0;
    size_t evaluations_ = 0;

public:
    void hand_over_deprecations(std::vector<DeprecatedKey>* to) {
        if (!to) return;
        for (auto& d : deprecations_) add_deprecation(*to, std::move(d));
        deprecations_.clear();
    }

    std::vector<DeprecatedKey> deprecations_;
    SecretTexts* secrets_ = nullptr;
    int recording_ = 0;
    std::string recording_key_;  // the secret key being resolved
};

}  // namespace

void add_deprecation(std::vector<DeprecatedKey>& warnings, DeprecatedKey warning) {
    if (std::none_of(warnings.begin(), warnings.end(),
                     [&](const DeprecatedKey& d) { return d.message == warning.message; }))
        warnings.push_back(std::move(warning));
}

NodePtr resolve_subtree(const NodePtr& root, std::string_view key, const Environment& env, const ResolveLimits& limits,
                        SecretTexts* secrets, std::vector<DeprecatedKey>* deprecations) {
    if (!root || root->type != Type::mapping) return nullptr;
    const NodePtr* block = root->find(key);
    if (!block) return nullptr;
    Resolver resolver(root, env, limits);
    Location where{std::make_shared<const Parent>(Parent{root, 0, nullptr}), std::string(key), std::string(key)};
    resolver.secrets_ = secrets;
    if (secrets && (*block)->type == Type::mapping) {
        for (const auto& k : secrets->keys) {
            const NodePtr* v = (*block)->find(k.key);
            if (!v) continue;
            size_t texts = secrets->texts.size(), reads = secrets->reads.size();
            resolver.recording_key_ = k.key;
            ++resolver.recording_;
            try {
                // A plain value is settled: deep() returns it without a look.
                std::unordered_set<const Node*> seen;
                NodePtr value = resolver.deep(*v, where.inside(*block, k.key, join_key_path(where.path, k.key)));
                resolver.note_secret(*value, seen);
                if (k.secret && !k.secret(*value)) {
                    secrets->texts.resize(texts);
                    secrets->reads.resize(reads);
                }
            } catch (...) {
                --resolver.recording_;
                throw;
            }
            --resolver.recording_;
        }
    }
    NodePtr resolved = resolver.deep(*block, where);
    resolver.hand_over_deprecations(deprecations ? deprecations : limits.deprecations);
    if (resolved->type != Type::mapping) return resolved;
    // Keep where each top-level value was written, for validation messages.
    const Node& written = **block;
    if (resolved == *block || written.type != Type::mapping) return resolved;
    auto out = std::make_shared<Node>(*resolved);
    for (size_t i = 0; i < out->entries().size(); ++i) {
        Entry& e = out->mutable_entries()[i];
        // deep() keeps the entries in place; find() only if that ever changes.
        const NodePtr* src = i < written.entries().size() && written.entries()[i].key == e.key
                                 ? &written.entries()[i].value
                                 : written.find(e.key);
        if (src && (*src)->origin.line && e.value->origin.str() != (*src)->origin.str()) {
            auto copy = std::make_shared<Node>(*e.value);
            copy->origin = (*src)->origin;
            e.value = copy;
        }
    }
    return out;
}

NodePtr resolve_top_level(const NodePtr& root, std::string_view key, const Environment& env,
                          const ResolveLimits& limits) {
    if (!root || root->type != Type::mapping) return nullptr;
    const NodePtr* value = root->find(key);
    return value ? resolve_top_level(root, key, *value, env, limits) : nullptr;
}

NodePtr resolve_top_level(const NodePtr& root, std::string_view key, const NodePtr& value, const Environment& env,
                          const ResolveLimits& limits) {
    Resolver resolver(root, env, limits);
    Location where{std::make_shared<const Parent>(Parent{root, 0, nullptr}), std::string(key), std::string(key)};
    NodePtr out = resolver.shallow(value, where);
    resolver.hand_over_deprecations(limits.deprecations);
    return out;
}

namespace {
Parents chain_of(const std::vector<Container>& parents) {
    Parents chain;
    for (const auto& c : parents) chain = std::make_shared<const Parent>(Parent{c.node, c.path.size(), chain});
    return chain;
}
}  // namespace

NodePtr dereference_container(const std::vector<Container>& parents, const std::string& path, const NodePtr& value,
                              const Environment& env, const ResolveLimits& limits) {
    if (parents.empty()) return nullptr;
    Resolver resolver(parents.front().node, env, limits);
    NodePtr target = resolver.try_value(value, Location{chain_of(parents), path, path});
    if (target) resolver.hand_over_deprecations(limits.deprecations);
    return target && target->is_container() ? target : nullptr;
}

NodePtr resolve_item(const std::vector<Container>& parents, const std::string& path, const NodePtr& value,
                     const Environment& env, const ResolveLimits& limits) {
    Resolver resolver(parents.front().node, env, limits);
    NodePtr out = resolver.shallow(value, Location{chain_of(parents), path, path});
    resolver.hand_over_deprecations(limits.deprecations);
    return out;
}

}  // namespace goe
