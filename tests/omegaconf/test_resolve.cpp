// The entry points of resolution (omegaconf/resolve.hpp): the block, the top-level
// values, a list item and the dereference merge asks for; the secrets resolved first.
#include <fmt/format.h>
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "gym_otel_env/omegaconf/resolve.hpp"
#include "gym_otel_env/yaml/parse.hpp"
#include "support.hpp"

using namespace goe;
using goe::testing::error_of;
using goe::testing::kResolveEnv;

TEST_CASE("resolve_subtree leaves values outside the block alone, even unresolvable ones") {
    auto root = parse_yaml("other: ${oc.env:NOPE}\nmissing: ???\ntelemetry:\n  a: ${x}\nx: 1\n", "c.yaml");
    auto block = resolve_subtree(root, "telemetry", kResolveEnv);
    CHECK((*block->find("a"))->text() == "1");
}

TEST_CASE("resolve_subtree keeps the origin where a block value was written") {
    auto root = parse_yaml("x: 5\ntelemetry:\n  export_rank: ${x}\n", "c.yaml");
    auto block = resolve_subtree(root, "telemetry", kResolveEnv);
    CHECK((*block->find("export_rank"))->origin.str() == "c.yaml:3:16");
}

TEST_CASE("resolve_subtree: the texts a secret was built from, first and also when resolution throws") {
    const Environment env{{"K", "s3cret"}, {"P", "x-"}};
    auto secrets_of = [&](std::string_view doc) {
        SecretTexts secrets{{{"h", {}}}, {}, {}};
        try {
            resolve_subtree(parse_yaml(doc, "c.yaml"), "telemetry", env, {}, omegaconf_alone(), &secrets);
        } catch (const Error&) {
        }
        std::sort(secrets.texts.begin(), secrets.texts.end());
        secrets.texts.erase(std::unique(secrets.texts.begin(), secrets.texts.end()), secrets.texts.end());
        return secrets.texts;
    };
    using V = std::vector<std::string>;
    CHECK(secrets_of("telemetry: {h: 'k=${oc.env:K}'}\n") == V{"k=s3cret", "s3cret"});
    CHECK(secrets_of("telemetry: {h: plain}\n") == V{"plain"});
    // The other key fails first in the block's order, but h was resolved before it.
    CHECK(secrets_of("telemetry: {a: '${nope}', h: '${oc.env:K}'}\n") == V{"s3cret"});
    CHECK(secrets_of("telemetry: {h: '${oc.env:${oc.env:P}${oc.env:K}}'}\n") == V{"s3cret", "x-"});
    CHECK(secrets_of("s: {k: v1}\ntelemetry: {h: 'k=${s.k}'}\n") == V{"k=v1", "v1"});
    CHECK(secrets_of("telemetry: {a: '${oc.env:K}'}\n").empty());
    // A number as a message shows it and as it was written; a container's keys and scalars.
    CHECK(secrets_of("telemetry: {h: 0x3039}\n") == V{"0x3039", "12345"});
    CHECK(secrets_of("telemetry: {h: {key1: 5.0e3, key2: [true]}}\n") ==
          V{"5.0e3", "5000.0", "True", "key1", "key2", "true"});
    CHECK(secrets_of("s: {sibling: v2, k: 7}\ntelemetry: {h: '${s.k}'}\n") == V{"7"});
}

TEST_CASE("resolve_top_level: a top-level value may list the block's keys, unresolved inside") {
    NodePtr root = parse_yaml(
        "k: ${oc.dict.keys:telemetry}\nv: ${oc.dict.values:telemetry}\ntelemetry:\n  service_name: s\n  n: ${nope}\n",
        "c.yaml");
    CHECK(python_str(*resolve_top_level(root, "k", kResolveEnv)) == "['service_name', 'n']");
    CHECK(python_str(*resolve_top_level(root, "v", kResolveEnv)) == "['${telemetry.service_name}', '${telemetry.n}']");
}

TEST_CASE("resolve_subtree and resolve_top_level give nullptr for a key that is not there") {
    NodePtr root = parse_yaml("a: 1\n", "c.yaml");
    CHECK(resolve_subtree(root, "telemetry", kResolveEnv) == nullptr);
    CHECK(resolve_top_level(root, "telemetry", kResolveEnv) == nullptr);
    CHECK(resolve_subtree(parse_yaml("[1]\n", "c.yaml"), "telemetry", kResolveEnv) == nullptr);
}

TEST_CASE("resolve_top_level: the value itself, not the values inside the container it gives") {
    NodePtr root = parse_yaml("y: {bad: '${oc.env:NOPE}'}\nx: '${y}'\nz: '${oc.env:NOPE}'\n", "c.yaml");
    CHECK(python_str(*resolve_top_level(root, "x", kResolveEnv)) == "{'bad': '${oc.env:NOPE}'}");
    CHECK(error_of([&] { resolve_top_level(root, "z", kResolveEnv); }) ==
          "c.yaml:3:4: z: environment variable 'NOPE' not found");
}

// What merge asks when it merges a container onto an interpolation (merge.hpp's Dereference).
TEST_CASE("dereference_container: the container an interpolation gives, from where it sits, else nullptr") {
    NodePtr root = parse_yaml("p: {z: {k: 1}, w: '${.z}', s: '${.z.k}', bad: '${nope}'}\n", "c.yaml");
    const NodePtr& p = *root->find("p");
    const std::vector<Container> parents{{root, ""}, {p, "p"}};
    CHECK(python_str(*dereference_container(parents, "p.w", *p->find("w"), kResolveEnv)) == "{'k': 1}");
    CHECK(dereference_container(parents, "p.s", *p->find("s"), kResolveEnv) == nullptr);
    CHECK(dereference_container(parents, "p.bad", *p->find("bad"), kResolveEnv) == nullptr);
    CHECK(dereference_container({}, "p.w", *p->find("w"), kResolveEnv) == nullptr);
}

// What Gym's directives pass reads of a list item (ListConfig's __getitem__).
TEST_CASE("resolve_item: a list item's own interpolation, from where the list sits") {
    NodePtr root = parse_yaml("n: {k: 3, l: ['${..k}', '${x}', '${nope}']}\nx: {a: '${nope}'}\n", "c.yaml");
    const NodePtr& n = *root->find("n");
    const NodePtr& l = *n->find("l");
    const std::vector<Container> parents{{root, ""}, {n, "n"}, {l, "n.l"}};
    CHECK(python_str(*resolve_item(parents, "n.l[0]", l->items()[0], kResolveEnv)) == "3");
    CHECK(python_str(*resolve_item(parents, "n.l[1]", l->items()[1], kResolveEnv)) == "{'a': '${nope}'}");
    CHECK(error_of([&] { resolve_item(parents, "n.l[2]", l->items()[2], kResolveEnv); }) ==
          "c.yaml:1:33: n.l[2]: interpolation key 'nope' not found");
}

TEST_CASE("add_deprecation keeps one warning per text, the first, as Python's warning filter shows it") {
    std::vector<DeprecatedKey> warnings;
    add_deprecation(warnings, {Origin{"a.yaml"}, "a", "text one"});
    add_deprecation(warnings, {Origin{"b.yaml"}, "b", "text one"});
    add_deprecation(warnings, {Origin{"c.yaml"}, "c", "text two"});
    REQUIRE(warnings.size() == 2);
    CHECK(warnings[0].path == "a");
    CHECK(warnings[1].path == "c");
}
