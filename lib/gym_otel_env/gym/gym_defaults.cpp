#include "gym_otel_env/gym/gym_defaults.hpp"

#include <fmt/format.h>

#include "gym_otel_env/core/python.hpp"
#include "gym_otel_env/gym/directives.hpp"
#include "gym_otel_env/omegaconf/merge.hpp"
#include "gym_otel_env/omegaconf/resolve.hpp"
#include "gym_otel_env/omegaconf/value_kind.hpp"

namespace goe {
namespace {

const Origin kDefault{"Gym's default"};

std::shared_ptr<Node> copy_of(const NodePtr& n) { return std::make_shared<Node>(*n); }

void put(Node& m, std::string_view key, NodePtr value) {
    for (auto& e : m.mutable_entries())
        if (e.key == key) {
            e.value = std::move(value);
            return;
        }
    m.mutable_entries().push_back(Entry{std::string(key), std::move(value)});
}

// `key in mapping` as a DictConfig answers it: present and not '???'.
const NodePtr* present(const Node& m, std::string_view key) {
    const NodePtr* hit = m.type == Type::mapping ? m.find(key) : nullptr;
    return hit && !is_missing(**hit) ? hit : nullptr;
}

// Gym merges a `dummy_model` placeholder into the one real model beside it (the
// NO_MODEL config's policy_model), which changes what a reference into that model gives.
NodePtr merge_dummy_model(std::string_view name, const NodePtr& value, const MergeLimits& limits) {
    if (value->type != Type::mapping) return value;
    const NodePtr* models = present(*value, "responses_api_models");
    // Gym also tests a string or list here (len(), `in`); only mappings are models.
    if (!models || (*models)->type != Type::mapping) return value;
    const Node& ram = **models;
    if (!(value->entries().size() > 1 || ram.entries().size() > 1) || !present(ram, "dummy_model")) return value;
    std::string path = std::string(name) + ".responses_api_models";
    auto rest = copy_of(*models);
    NodePtr dummy;
    for (auto it = rest->entries().begin(); it != rest->entries().end(); ++it)
        if (it->key == "dummy_model") {
            dummy = it->value;
            rest->mutable_entries().erase(it);
            break;
        }
    if (rest->entries().empty())
        throw Error(dummy->origin, path + ".dummy_model", "dummy_model is the only model: nothing to merge it into");
    Entry& actual = rest->mutable_entries().front();
    // Gym would resolve these first; they are left as written.
    if (is_interpolation(*dummy) || is_interpolation(*actual.value)) return value;
    if (dummy->type != Type::mapping || actual.value->type != Type::mapping)
        throw Error(actual.value->origin, path + "." + actual.key.str(),
                    fmt::format("cannot merge dummy_model (a {}) with this {}", type_name(dummy->type),
                                type_name(actual.value->type)));
    actual.value = merge(dummy, actual.value, {}, limits);
    auto out = copy_of(value);
    put(*out, "responses_api_models", rest);
    return out;
}

// A value for a message. One that an interpolation gave may be built from a secret
// (`${telemetry.otlp_headers}`): only its type is shown.
std::string shown(const Node& raw, const Node& value) {
    if (is_interpolation(raw)) return fmt::format("a {} from '{}'", type_name(value.type), raw.text());
    return value.type == Type::string ? python_repr(value.text()) : python_str_brief(value);
}

}  // namespace

NodePtr apply_gym_defaults(NodePtr root, const Environment& env, const HostAddress& host_address,
                           const MergeLimits& merge_limits, const ResolveLimits& resolve_limits,
                           ResolveContext& omegaconf_context) {
    GymResolvers context(omegaconf_context);
    if (!root || root->type != Type::mapping) return root;
    auto out = writable(std::move(root));
    for (auto& e : out->mutable_entries()) e.value = merge_dummy_model(e.key, e.value, merge_limits);
    NodePtr tree = out;
    // values() resolves each top-level value, so an unresolvable one fails the run.
    for (const auto& e : out->entries())
        if (is_interpolation(*e.value)) resolve_top_level(tree, e.key, e.value, env, resolve_limits, context);
    auto value_of = [&](std::string_view key) -> NodePtr {
        return resolve_top_level(tree, key, env, resolve_limits, context);
    };

    // setdefault keeps a value that is there, null included.
    if (!out->find("use_absolute_ip")) put(*out, "use_absolute_ip", make_bool(false, kDefault));
    NodePtr absolute = value_of("use_absolute_ip");
    // Gym looks the address up whenever use_absolute_ip is true, before it reads
    // head_server, and fails there when the name does not resolve (socket.gaierror),
    // even where a head_server given in full leaves the address unused.
    std::optional<std::string> address;
    if (python_truthy(*absolute)) {
        address = host_address ? host_address() : std::nullopt;
        if (!address)
            throw Error(absolute->origin, "use_absolute_ip",
                        "cannot find this host's address (Gym: gethostbyname(gethostname()))");
    }

    NodePtr head = value_of("head_server");
    if (head && head->type != Type::mapping)
        throw Error((*out->find("head_server"))->origin, "head_server",
                    fmt::format("expected a mapping (Gym reads head_server.port), got {} {}", type_name(head->type),
                                shown(**out->find("head_server"), *head)));
    // head_server.get("port", 11000), read before the default head_server is put in.
    NodePtr head_port = make_int("11000", kDefault);
    if (head && head->type == Type::mapping) {
        if (const NodePtr* port = head->find("port")) {
            head_port = is_interpolation(**port) ? resolve_item({{tree, ""}, {head, "head_server"}}, "head_server.port",
                                                                *port, env, resolve_limits, context)
                                                 : *port;
        }
    }
    if (!out->find("port_range_low")) put(*out, "port_range_low", make_int("10001", kDefault));
    if (!out->find("port_range_high")) put(*out, "port_range_high", make_int("20000", kDefault));

    if (!head || !python_truthy(*head)) {
        NodePtr host;
        if (address) {
            host = make_string(*address, kDefault);
        } else {
            NodePtr given = value_of("default_host");
            host = given && python_truthy(*given) ? given : make_string("127.0.0.1", kDefault);
        }
        auto server = std::make_shared<Node>();
        server->type = Type::mapping;
        server->origin = kDefault;
        server->mutable_entries().push_back(Entry{"host", host});
        server->mutable_entries().push_back(Entry{"port", make_int("11000", kDefault)});
        put(*out, "head_server", server);
    }
    // Gym writes disallowed_ports here, before it reads the block, so that
    // ${oc.dict.keys:""} lists it: the head server's port (none when it is null), then
    // every server instance's port, picked at random where not configured. Server
    // instances are not detected here (SPEC 1), so the list holds the head server's port.
    auto ports = std::make_shared<Node>();
    ports->type = Type::sequence;
    ports->origin = kDefault;
    if (head_port->type != Type::null) ports->mutable_items().push_back(head_port);
    put(*out, "disallowed_ports", ports);

    if (!out->find("allow_openai_version_skew")) put(*out, "allow_openai_version_skew", make_bool(false, kDefault));
    NodePtr skew = value_of("allow_openai_version_skew");
    if (skew->type != Type::boolean)
        throw Error((*out->find("allow_openai_version_skew"))->origin, "allow_openai_version_skew",
                    fmt::format("allow_openai_version_skew must be a boolean (true/false), got {}.",
                                shown(**out->find("allow_openai_version_skew"), *skew)));
    return out;
}

}  // namespace goe
