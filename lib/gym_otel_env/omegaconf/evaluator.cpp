#include "gym_otel_env/omegaconf/evaluator.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>

#include <fmt/format.h>

#include "gym_otel_env/core/decimal.hpp"
#include "gym_otel_env/core/python.hpp"
#include "gym_otel_env/core/text.hpp"
#include "gym_otel_env/omegaconf/value_kind.hpp"

namespace goe::resolution {
namespace {

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

}  // namespace

NodePtr Evaluator::deep(const NodePtr& node, const Location& where) {
    if (settled(node)) return node;
    if (++visited_ > limits_.max_nodes)
        throw Error(node->origin, where.path,
                    fmt::format("more than {} values to resolve under the block", limits_.max_nodes))
            .because(Error::Cause::tool_limit, {});
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

NodePtr Evaluator::shallow(const NodePtr& node, const Location& where) {
    if (is_missing(*node)) throw Error(node->origin, where.path, "mandatory value missing: the value is '\?\?\?'");
    return value(node, where).node;
}

NodePtr Evaluator::try_value(const NodePtr& node, const Location& where) {
    try {
        return value(node, where).node;
    } catch (const Error&) {
        return nullptr;
    }
}

bool Evaluator::settled(const NodePtr& node) {
    if (node->type == Type::string) return !is_missing(*node) && !is_interpolation(*node);
    if (!node->is_container()) return true;
    if (auto hit = settled_.find(node.get()); hit != settled_.end()) return hit->second;
    bool all = true;
    for (const auto& e : node->entries()) all = all && settled(e.value);
    for (const auto& item : node->items()) all = all && settled(item);
    settled_.emplace(node.get(), all);
    return all;
}

Evaluator::Nest::Nest(Evaluator& e, const Node& node, const std::string& path) : evaluator(e) {
    if (++evaluator.nesting_ > evaluator.limits_.max_depth)
        throw Error(node.origin, path,
                    fmt::format("interpolations nested deeper than {} levels", evaluator.limits_.max_depth))
            .because(Error::Cause::tool_limit, {});
}

Resolved Evaluator::value(const NodePtr& node, const Location& where) {
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

void Evaluator::fail(const Frame& f, const std::string& what) const { throw Error(f.node->origin, f.where.path, what); }

void Evaluator::over_limit(const Frame& f, const std::string& what) const {
    throw Error(f.node->origin, f.where.path, what).because(Error::Cause::tool_limit, {});
}

void Evaluator::too_large(const Frame& f) const {
    over_limit(f, fmt::format("interpolation result larger than {} bytes", limits_.max_result_bytes));
}

std::string Evaluator::str_of(const Node& v, const Frame& f) const {
    std::string out;
    if (!append_python_str(v, out, limits_.max_result_bytes)) too_large(f);
    return out;
}

NodePtr Evaluator::string_result(std::string s, const Frame& f) const {
    if (s.size() > limits_.max_result_bytes) too_large(f);
    return make_string(std::move(s), f.node->origin);
}

void Evaluator::note(const Node& n) {
    if (!recording_ || !secrets_ || n.is_container() || n.type == Type::null) return;
    if (n.type == Type::string) {
        if (!n.text().empty()) secrets_->texts.emplace_back(n.text());
        return;
    }
    secrets_->texts.push_back(python_str(n, limits_.max_result_bytes));
    if (auto written = n.origin.source.plain_scalar_at(n.origin.line, n.origin.column); written && !written->empty())
        secrets_->texts.emplace_back(*written);
}

void Evaluator::note_secret(const Node& n, std::unordered_set<const Node*>& seen) {
    if (!n.is_container()) return note(n);
    if (!seen.insert(&n).second) return;
    for (const auto& e : n.entries()) {
        if (!e.key.empty()) secrets_->texts.emplace_back(e.key.view());
        note_secret(*e.value, seen);
    }
    for (const auto& item : n.items()) note_secret(*item, seen);
}

bool Evaluator::holds_secret(std::string_view text) const {
    if (recording_) return true;
    return std::any_of(secrets_->texts.begin(), secrets_->texts.end(),
                       [&](const std::string& s) { return !s.empty() && text.find(s) != std::string_view::npos; });
}

void Evaluator::hand_over_deprecations() {
    for (auto& d : deprecations_) context_.deprecated(std::move(d));
    deprecations_.clear();
}

Resolved Evaluator::text(const std::vector<Token>& tokens, const Frame& f) {
    if (tokens.size() == 1 && tokens[0].kind == Token::Kind::interpolation) return interpolation(*tokens[0].inter, f);
    return {string_result(unescape(tokens, f), f), std::nullopt};
}

std::string Evaluator::unescape(const std::vector<Token>& tokens, const Frame& f) {
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
                if (!append_python_str(*interpolation(*t.inter, f).node, out, limits_.max_result_bytes)) too_large(f);
                break;
            case Token::Kind::esc_inter: out += t.text.substr(t.text.size() - (t.text.size() / 2 + 1)); break;
            case Token::Kind::esc: out += halve(t.text); break;
            case Token::Kind::top_esc: out += next_inter ? halve(t.text) : t.text; break;
            case Token::Kind::quoted_esc: out += (next_inter || i + 1 == tokens.size()) ? halve(t.text) : t.text; break;
            default: out += t.text; break;
        }
        if (out.size() > limits_.max_result_bytes) too_large(f);
    }
    return out;
}

std::string Evaluator::key_text(const std::vector<Token>& pieces, const Frame& f, std::string_view what) {
    std::string key;
    for (const auto& p : pieces) {
        if (p.kind != Token::Kind::interpolation) {
            key += p.text;
            continue;
        }
        NodePtr v = interpolation(*p.inter, f).node;
        if (v->type != Type::string)
            fail(f, fmt::format("an interpolation used as {} must give a string, got {} {}", what, type_name(v->type),
                                python_str_brief(*v)));
        key += v->text();
    }
    return key;
}

Resolved Evaluator::interpolation(const Interpolation& in, const Frame& f) {
    Nest nest(*this, *f.node, f.where.path);
    // Memoized by path, but values under shared aliases sit at many paths: the
    // total work needs its own bound.
    if (++evaluations_ > limits_.max_evaluations)
        over_limit(f, fmt::format("more than {} interpolations to evaluate", limits_.max_evaluations));
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

bool Evaluator::holds(const Location& where, const Resolved& target) {
    if (!target.where || !target.node->is_container()) return false;
    const std::string& at = target.where->real;
    for (const Parent* p = where.parents.get(); p; p = p->up.get())
        if (p->node == target.node && p->cut == at.size() && where.real.compare(0, p->cut, at) == 0) return true;
    return false;
}

std::optional<Resolved> Evaluator::select(std::string_view key, const Frame& f) {
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

NodePtr Evaluator::element(const Element& e, const Frame& f) {
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

NodePtr Evaluator::primitive(const std::vector<Token>& tokens, const Frame& f) {
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

}  // namespace goe::resolution
