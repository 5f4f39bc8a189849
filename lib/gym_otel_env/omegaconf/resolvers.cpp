// OmegaConf 2.3's own resolvers (omegaconf/resolvers/oc/), their table and the dispatch
// that also finds those registered from above: members of the evaluator (evaluator.hpp),
// since they read nodes by key and evaluate arguments as the grammar does.
#include "gym_otel_env/omegaconf/resolvers.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>

#include <fmt/format.h>

#include "gym_otel_env/core/python.hpp"
#include "gym_otel_env/core/text.hpp"
#include "gym_otel_env/omegaconf/evaluator.hpp"
#include "gym_otel_env/omegaconf/value_kind.hpp"

namespace goe {
namespace resolution {
namespace {

// string.Template(message).safe_substitute(OLD_KEY=..., NEW_KEY=...): $NAME and
// ${NAME} of those two names replaced, $$ is $, anything else left as written.
std::string substitute_keys(std::string_view message, std::string_view old_key, std::string_view new_key) {
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

std::shared_ptr<Node> new_list(const Evaluator::Frame& f) {
    auto out = std::make_shared<Node>();
    out->type = Type::sequence;
    out->origin = f.node->origin;
    return out;
}

}  // namespace

std::span<const Evaluator::ResolverRow> Evaluator::resolvers() {
    // clang-format off
    static constexpr ResolverRow kResolvers[] = {
        {{"oc.env",         1, 2, "a variable name and an optional default"}, &Evaluator::oc_env},
        {{"oc.select",      1, 2, "a key and an optional default"},           &Evaluator::oc_select},
        {{"oc.decode",      1, 1, "one argument"},                            &Evaluator::oc_decode},
        {{"oc.create",      1, 1, "one argument"},                            &Evaluator::oc_create},
        {{"oc.deprecated",  1, 2, "a key and an optional message"},           &Evaluator::oc_deprecated},
        {{"oc.dict.keys",   1, 1, "one argument"},                            &Evaluator::oc_dict_keys},
        {{"oc.dict.values", 1, 1, "one argument"},                            &Evaluator::oc_dict_values},
    };
    // clang-format on
    return kResolvers;
}

Resolved Evaluator::call(const std::string& name, const std::vector<NodePtr>& args, const Frame& f) {
    auto arity = [&](const ResolverSignature& s) {
        if (args.size() < s.min_args || args.size() > s.max_args)
            fail(f,
                 fmt::format("{} takes {}, got {}{}", name, s.takes, args.size(), s.max_args > 1 ? " arguments" : ""));
    };
    auto own = resolvers();
    auto row = std::find_if(own.begin(), own.end(), [&](const ResolverRow& r) { return r.name == name; });
    if (row != own.end()) {
        arity(*row);
        return (this->*row->fn)(name, args, f);
    }
    auto from_above = context_.resolvers();
    auto registered =
        std::find_if(from_above.begin(), from_above.end(), [&](const RegisteredResolver& r) { return r.name == name; });
    if (registered == from_above.end())
        fail(f, fmt::format("unsupported interpolation type '{}' (unknown resolver)", name));
    arity(*registered);
    NodePtr out = registered->fn(name, args, f.node->origin, *this);
    if (out->type == Type::string && out->text().size() > limits_.max_result_bytes) too_large(f);
    return made(std::move(out));
}

Resolved Evaluator::oc_env(const std::string&, const std::vector<NodePtr>& args, const Frame& f) {
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
    if (args.size() == 1) {
        Error unset =
            Error(f.node->origin, f.where.path, fmt::format("environment variable '{}' not found", args[0]->text()))
                .because(Error::Cause::unset_variable, std::string(args[0]->text()));
        if (!context_.unset(unset)) throw unset;
        return made(make_string("", f.node->origin));
    }
    if (args[1]->type == Type::null) return made(make_null(f.node->origin));
    return made(string_result(str_of(*args[1], f), f));
}

Resolved Evaluator::oc_select(const std::string&, const std::vector<NodePtr>& args, const Frame& f) {
    if (args[0]->type != Type::string)
        fail(f, fmt::format("oc.select: the key must be a string, got {}", python_str_brief(*args[0])));
    auto found = select(args[0]->text(), f);
    if (!found || is_missing(*found->node)) return made(args.size() == 2 ? args[1] : make_null(f.node->origin));
    if (found->node->is_container()) return *found;
    return made(found->node);
}

Resolved Evaluator::oc_decode(const std::string&, const std::vector<NodePtr>& args, const Frame& f) {
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

Resolved Evaluator::oc_create(const std::string&, const std::vector<NodePtr>& args, const Frame& f) {
    const NodePtr& obj = args[0];
    // OmegaConf.create(None) is a DictConfig whose value is None.
    if (obj->type == Type::null) return made(make_null(f.node->origin));
    if (obj->is_container()) return {obj, f.where};
    if (obj->type == Type::string) return {create_from_yaml(obj->text(), f), f.where};
    fail(f, fmt::format("oc.create: object of unsupported type: {} {}", type_name(obj->type), python_str_brief(*obj)));
}

NodePtr Evaluator::create_from_yaml(std::string_view text, const Frame& f) {
    if (!context_.reads_yaml())
        fail(f, "oc.create of a YAML string is not supported by gym-otel-env; give it a mapping or a list");
    NodePtr doc;
    try {
        doc = context_.read_yaml(text);
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
        fail(f, fmt::format("oc.create: the YAML string gives a {}, not a mapping or a list", type_name(doc->type)));
    out->mutable_entries().push_back(Entry{doc->text(), make_null(f.node->origin)});
    return out;
}

Resolved Evaluator::oc_deprecated(const std::string&, const std::vector<NodePtr>& args, const Frame& f) {
    if (args[0]->type != Type::string)
        fail(f, fmt::format("oc.deprecated: interpolation key type is not a string ({} {})", type_name(args[0]->type),
                            python_str_brief(*args[0])));
    if (args.size() == 2 && args[1]->type != Type::string)
        fail(f, fmt::format("oc.deprecated: interpolation message type is not a string ({} {})",
                            type_name(args[1]->type), python_str_brief(*args[1])));
    const std::string key(args[0]->text());
    auto found = select(key, f);
    if (!found) fail(f, fmt::format("in oc.deprecated resolver at '{}': key not found: '{}'", f.where.real, key));
    std::string_view message =
        args.size() == 2 ? args[1]->text() : "'$OLD_KEY' is deprecated. Change your code and config to use '$NEW_KEY'";
    deprecations_.push_back(DeprecatedKey{
        f.node->origin, f.where.path, substitute_keys(message, f.where.real, found->where ? found->where->real : key)});
    return *found;
}

Resolved Evaluator::dict_input(const std::string& name, const NodePtr& key, const Frame& f) {
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

Resolved Evaluator::oc_dict_keys(const std::string& name, const std::vector<NodePtr>& args, const Frame& f) {
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

Resolved Evaluator::oc_dict_values(const std::string& name, const std::vector<NodePtr>& args, const Frame& f) {
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

}  // namespace resolution

std::vector<ResolverSignature> omegaconf_resolvers() {
    auto rows = resolution::Evaluator::resolvers();
    return {rows.begin(), rows.end()};
}

}  // namespace goe
