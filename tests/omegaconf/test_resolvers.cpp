// OmegaConf's resolvers (omegaconf/resolvers.hpp): what each gives and refuses, their
// arguments held to the table, and those registered from above.
#include <fmt/format.h>
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>
#include <string>
#include <utility>

#include "gym_otel_env/omegaconf/resolve.hpp"
#include "gym_otel_env/omegaconf/resolvers.hpp"
#include "gym_otel_env/yaml/parse.hpp"
#include "support.hpp"

using namespace goe;
using goe::testing::error_of;
using goe::testing::kResolveEnv;
using goe::testing::resolve_block;
using goe::testing::single_quoted;
using goe::testing::TestContext;

namespace {

const goe::testing::ResolveRow kRows[] = {
    // oc.env reads the environment; a default of null gives None.
    {R"~(${oc.env:E})~", "string", R"~(env-val)~"},
    {R"~(${oc.env:EMPTY})~", "string", R"~()~"},
    {R"~(${oc.env:NOPE,def})~", "string", R"~(def)~"},
    {R"~(${oc.env:NOPE,null})~", "null", R"~(None)~"},
    {R"~(${oc.env:NOPE})~", "error", R"~(environment variable 'NOPE' not found)~"},
    {R"~(${oc.env:N})~", "string", R"~(42)~"},
    // oc.select: the node at the key, or its default when the key is not found.
    {R"~(${oc.select:x.n,5})~", "integer", R"~(42)~"},
    {R"~(${oc.select:x.zz,5})~", "integer", R"~(5)~"},
    {R"~(${oc.select:x.zz})~", "null", R"~(None)~"},
    {R"~(${oc.select:x.zz,null})~", "null", R"~(None)~"},
    {R"~(${oc.select:.o})~", "string", R"~(other)~"},
    {R"~(${oc.select:x.l.-1,d})~", "string", R"~(d)~"},
    {R"~(${oc.select:x.l.5,d})~", "string", R"~(d)~"},
    {R"~(${oc.select:x.s.k,d})~", "string", R"~(d)~"},
    // oc.decode parses a string as a resolver argument.
    {R"~(${oc.decode:'123'})~", "integer", R"~(123)~"},
    {R"~(${oc.decode:'[1, a]'})~", "list", R"~([1, 'a'])~"},
    {R"~(${oc.decode:'{a: 1}'})~", "mapping", R"~({'a': 1})~"},
    {R"~(${oc.decode:' true '})~", "string", R"~( true )~"},
    {R"~(${oc.decode:${oc.env:N}})~", "integer", R"~(42)~"},
    {R"~(${oc.decode:''})~", "error", R"~(oc.decode: cannot parse '': no viable alternative at input '<EOF>')~"},
    {R"~(${oc.decode:null})~", "null", R"~(None)~"},
    // Any other name is an unknown resolver.
    {R"~(${foo:bar})~", "error", R"~(unsupported interpolation type 'foo' (unknown resolver))~"},
    // oc.create: a container where the value is.
    {R"~(${oc.create:{a: 1, b: ${x.n}}})~", "mapping", R"~({'a': 1, 'b': 42})~"},
    {R"~(${oc.create:[1, ${x.s}]})~", "list", R"~([1, 'str'])~"},
    {R"~(${oc.create:${x.d}})~", "mapping", R"~({'k': 'v'})~"},
    {R"~(${oc.create:${x.l}})~", "list", R"~([10, 20])~"},
    {R"~(${oc.create:null})~", "null", R"~(None)~"},
    {R"~(v=${oc.create:{a: 1}})~", "string", R"~(v={'a': 1})~"},
    {R"~(${oc.create:5})~", "error", R"~(oc.create: object of unsupported type: integer 5)~"},
    {R"~(${oc.create:'a: 1'})~", "error",
     R"~(oc.create of a YAML string is not supported by gym-otel-env; give it a mapping or a list)~"},
    // oc.deprecated: the node at the key.
    {R"~(${oc.deprecated:x.n})~", "integer", R"~(42)~"},
    {R"~(${oc.deprecated:.o})~", "string", R"~(other)~"},
    {R"~(${oc.deprecated:x.d})~", "mapping", R"~({'k': 'v'})~"},
    {R"~(${oc.deprecated:x.zz})~", "error", R"~(in oc.deprecated resolver at 't.v': key not found: 'x.zz')~"},
    {R"~(${oc.deprecated:1})~", "error", R"~(oc.deprecated: interpolation key type is not a string (integer 1))~"},
    {R"~(${oc.deprecated:x.n,1})~", "error",
     R"~(oc.deprecated: interpolation message type is not a string (integer 1))~"},
    // oc.dict.keys and oc.dict.values: lists; the values' interpolations resolve when read.
    {R"~(${oc.dict.keys:x.d})~", "list", R"~(['k'])~"},
    {R"~(${oc.dict.keys:.})~", "list", R"~(['o', 'v'])~"},
    {R"~(v=${oc.dict.keys:x.d})~", "string", R"~(v=['k'])~"},
    {R"~(${oc.dict.keys:x.l})~", "error", R"~(oc.dict.keys cannot be applied to a list)~"},
    {R"~(${oc.dict.keys:x.nul})~", "error", R"~(oc.dict.keys cannot be applied to a null)~"},
    {R"~(${oc.dict.keys:x.zz})~", "error", R"~(oc.dict.keys: key not found: 'x.zz')~"},
    {R"~(${oc.dict.keys:1})~", "error", R"~(oc.dict.keys requires a string as input, got integer 1)~"},
    {R"~(${oc.dict.values:x.d})~", "list", R"~(['v'])~"},
    {R"~(${oc.dict.values:x})~", "list", R"~([42, 1.5, True, 'str', None, 'n', [10, 20], {'k': 'v'}])~"},
    {R"~(v=${oc.dict.values:x.d})~", "string", R"~(v=['${x.d.k}'])~"},
    {R"~(${oc.dict.values:..x.d})~", "list", R"~(['v'])~"},
};

}  // namespace

TEST_CASE("resolvers give what OmegaConf's give, and refuse what they refuse") {
    goe::testing::check_resolve_rows(kRows);
}

// OmegaConf names the item of oc.dict.values' list whatever fails on its way, and the
// list has no key of its own: full keys from OmegaConf 2.2.2 (to_container of the block).
TEST_CASE("oc.dict.values: regression: its errors named the failing node, not the item OmegaConf names") {
    auto [yaml, expected] = GENERATE(table<std::string, std::string>({
        {"foo: {b: '${nope}'}\ntelemetry: {x: '${oc.dict.values:foo}'}\n",
         "c.yaml:2:16: telemetry.[0]: interpolation key 'nope' not found"},
        {"foo: {a: 1, b: '${oc.env:NOPE_Q}'}\ntelemetry: {x: '${oc.dict.values:foo}'}\n",
         "c.yaml:2:16: telemetry.[1]: environment variable 'NOPE_Q' not found"},
        {"foo: {b: '${s.a}'}\ns: {a: '${nope}'}\ntelemetry: {x: '${oc.dict.values:foo}'}\n",
         "c.yaml:3:16: telemetry.[0]: interpolation key 'nope' not found"},
        {"foo: {b: '${nope}'}\ntelemetry: {x: {y: '${oc.dict.values:foo}'}}\n",
         "c.yaml:2:20: telemetry.x.[0]: interpolation key 'nope' not found"},
        {"foo: {b: '${nope}'}\ntelemetry: {x: ['${oc.dict.values:foo}']}\n",
         "c.yaml:2:17: telemetry.x[0]: interpolation key 'nope' not found"},
    }));
    CAPTURE(yaml);
    const std::string config = yaml;  // a lambda cannot capture a binding (clang 14)
    CHECK(error_of([&] { resolve_block(config); }) == expected);
}

TEST_CASE("resolvers: a container oc.create or oc.dict.values makes resolves from where the value is") {
    // `..z` in the copy of y is the block's z, not the root's.
    NodePtr block = resolve_block("y: {a: '${..z}'}\nz: 1\ntelemetry:\n  c: '${oc.create:${y}}'\n  z: 2\n");
    CHECK(python_str(*block) == "{'c': {'a': 2}, 'z': 2}");
    block = resolve_block(
        "x: {a: '${y}', b: 2}\ny: 1\ntelemetry:\n  v: ${oc.dict.values:x}\n  w: '${oc.dict.values:.w2}'\n  "
        "w2: {k: '${y}'}\n");
    CHECK(python_str(*block) == "{'v': [1, 2], 'w': [1], 'w2': {'k': 1}}");
    CHECK(error_of([&] { resolve_block("telemetry:\n  extra: '${oc.dict.values:.sub}'\n  sub: {a: '${nope}'}\n"); }) ==
          "c.yaml:2:10: telemetry.[0]: interpolation key 'nope' not found");  // OmegaConf names the item
    // oc.select and oc.deprecated give the node itself, resolved where it is.
    block = resolve_block("x: {a: '${.b}', b: 3}\ntelemetry:\n  s: ${oc.select:x}\n  d: ${oc.deprecated:x}\n");
    CHECK(python_str(*block) == "{'s': {'a': 3, 'b': 3}, 'd': {'a': 3, 'b': 3}}");
}

// OmegaConf 2.2.2 and 2.3.0: OmegaConf.create(str) reads the string as YAML.
TEST_CASE("oc.create of a string reads it as YAML, with the reader it is given") {
    TestContext reader;
    reader.reads = true;
    auto [value, expected] = GENERATE(table<std::string, std::string>({
        {"${oc.create:'a: 1'}", "{'a': 1}"},
        {"${oc.create:'[1, yes]'}", "[1, True]"},
        {"${oc.create:abc}", "{'abc': None}"},
        {"${oc.create:''}", "{}"},
        {"${oc.create:'~'}", "{}"},
        {"${oc.create:'null'}", "{}"},
        {"${oc.create:'&a'}", "{}"},
        {R"(${oc.create:'b: \${..z}'})", "{'b': 2}"},
        {"${oc.create:'b: ${..z}'}", "error: interpolation key '..z' not found"},
        {"v=${oc.create:'a: 1'}", "v={'a': 1}"},
        {"${oc.create:'5'}", "error: oc.create: the YAML string gives a integer, not a mapping or a list"},
        {"${oc.create:'a: [1'}",
         "error: oc.create: the string:1:6: while parsing a flow sequence: expected ',' or ']', but got '<stream "
         "end>'"},
    }));
    std::string doc = "telemetry:\n  v: " + single_quoted(value) + "\n  z: 2\n";
    CAPTURE(doc);
    std::string got;
    try {
        // The secrets known (none here), as in the block: the reader's message is shown.
        SecretTexts secrets{{{"h", {}}}, {}, {}};
        NodePtr block = resolve_subtree(parse_yaml(doc, "c.yaml"), "telemetry", kResolveEnv, {}, reader, &secrets);
        got = python_str(*block->find("v")->get());
    } catch (const Error& e) {
        got = "error: " + e.detail();
    }
    CHECK(got == expected);
}

// The reader's message quotes a piece of its text ("unsupported YAML tag '!kS3CRET'"),
// which masking the whole secret would not hide.
TEST_CASE("oc.create of a secret that is no YAML shows none of it") {
    TestContext reader;
    reader.reads = true;
    SecretTexts secrets{{{"h", {}}}, {}, {}};
    Environment env;
    const std::string doc = "telemetry: {h: '!kS3CRET a', s: '${oc.create:${telemetry.h}}'}\n";
    std::string message =
        error_of([&] { resolve_subtree(parse_yaml(doc, "c.yaml"), "telemetry", env, {}, reader, &secrets); });
    CHECK(message ==
          "c.yaml:1:33: telemetry.s: oc.create: the YAML string cannot be read (its text is not shown: it may hold a "
          "secret)");
    CHECK(message.find("S3CRET") == std::string::npos);
    // Where the secrets are not known, as in Gym's pass over the top level, no text is shown.
    CHECK(error_of([&] {
              resolve_subtree(parse_yaml("telemetry: {s: '${oc.create:\"a: [1\"}'}\n", "c.yaml"), "telemetry",
                              kResolveEnv, {}, reader);
          }) ==
          "c.yaml:1:16: telemetry.s: oc.create: the YAML string cannot be read (its text is not shown: it may hold a "
          "secret)");
}

TEST_CASE("oc.dict.keys keeps each key's type") {
    NodePtr block = resolve_block("x: {1: a, false: b, 1.5: c, s: d}\ntelemetry:\n  k: ${oc.dict.keys:x}\n");
    const NodePtr& keys = *block->find("k");
    CHECK(python_str(*keys) == "[1, False, 1.5, 's']");
    CHECK(keys->items()[0]->type == Type::integer);
    CHECK(keys->items()[1]->type == Type::boolean);
    CHECK(keys->items()[2]->type == Type::real);
}

TEST_CASE("oc.deprecated's warning, with the keys put in and each text once") {
    NodePtr root = parse_yaml(
        "a: ${b}\nb: svc\ntelemetry:\n  s: ${oc.deprecated:a}\n  t: ${oc.deprecated:a}\n"
        "  u: ${oc.deprecated:b,'$$OLD_KEY $OLD_KEYS $OTHER $ \\${OLD_KEY} $NEW_KEY'}\n",
        "c.yaml");
    TestContext context;
    NodePtr block = resolve_subtree(root, "telemetry", kResolveEnv, {}, context);
    const auto& warnings = context.warnings;
    CHECK(python_str(*block) == "{'s': 'svc', 't': 'svc', 'u': 'svc'}");
    REQUIRE(warnings.size() == 3);
    CHECK(locate(warnings[0].origin, warnings[0].path, warnings[0].message) ==
          "c.yaml:4:6: telemetry.s: 'telemetry.s' is deprecated. Change your code and config to use 'b'");
    CHECK(warnings[1].message == "'telemetry.t' is deprecated. Change your code and config to use 'b'");
    CHECK(warnings[2].message == "$OLD_KEY $OLD_KEYS $OTHER $ telemetry.u b");
}

// A resolver added to OmegaConf's table (omegaconf_resolvers) without its calls here, one
// argument short of its fewest and one past its most, fails the last checks.
TEST_CASE("resolvers: each takes the arguments its row says, in OmegaConf's words") {
    struct Call {
        const char* name;
        size_t args;
        const char* message;
    };
    const Call calls[] = {
        {"oc.env", 0, "oc.env takes a variable name and an optional default, got 0 arguments"},
        {"oc.env", 3, "oc.env takes a variable name and an optional default, got 3 arguments"},
        {"oc.select", 0, "oc.select takes a key and an optional default, got 0 arguments"},
        {"oc.select", 3, "oc.select takes a key and an optional default, got 3 arguments"},
        {"oc.decode", 0, "oc.decode takes one argument, got 0"},
        {"oc.decode", 2, "oc.decode takes one argument, got 2"},
        {"oc.create", 0, "oc.create takes one argument, got 0"},
        {"oc.create", 2, "oc.create takes one argument, got 2"},
        {"oc.deprecated", 0, "oc.deprecated takes a key and an optional message, got 0 arguments"},
        {"oc.deprecated", 3, "oc.deprecated takes a key and an optional message, got 3 arguments"},
        {"oc.dict.keys", 0, "oc.dict.keys takes one argument, got 0"},
        {"oc.dict.keys", 2, "oc.dict.keys takes one argument, got 2"},
        {"oc.dict.values", 0, "oc.dict.values takes one argument, got 0"},
        {"oc.dict.values", 2, "oc.dict.values takes one argument, got 2"},
    };
    std::set<std::pair<std::string, size_t>> called;
    for (const auto& c : calls) {
        std::string args;
        for (size_t i = 0; i < c.args; ++i) args += i ? ",a" : "a";
        const std::string config = fmt::format("telemetry:\n  a: '${{{}:{}}}'\n", c.name, args);
        CAPTURE(config);
        CHECK(error_of([&] { resolve_block(config); }) == "c.yaml:2:6: telemetry.a: " + std::string(c.message));
        called.emplace(c.name, c.args);
    }
    CHECK(error_of([] { resolve_block("telemetry:\n  a: '${oc.envx:A}'\n"); }) ==
          "c.yaml:2:6: telemetry.a: unsupported interpolation type 'oc.envx' (unknown resolver)");

    // The calls above are the table's: each row one short and one past, no other name.
    std::set<std::string> names;
    for (const auto& r : omegaconf_resolvers()) {
        CAPTURE(r.name);
        names.emplace(r.name);
        if (r.min_args > 0) CHECK(called.count({std::string(r.name), r.min_args - 1}) == 1);
        CHECK(called.count({std::string(r.name), r.max_args + 1}) == 1);
    }
    for (const auto& c : calls) CHECK(names.count(c.name) == 1);
}

// OmegaConf.register_new_resolver: a name OmegaConf does not have is looked up among the
// resolvers registered from above, with its own arity; OmegaConf's own names stay its own.
TEST_CASE("resolvers: those registered from above come after OmegaConf's own") {
    static constexpr auto kJoin = [](std::string_view name, const std::vector<NodePtr>& args, const Origin& where,
                                     const ResolverContext&) {
        std::string out(name);
        for (const auto& a : args) out += "+" + python_str(*a);
        return make_string(out, where);
    };
    // What a resolver reads of the resolution (ResolverContext): the environment and the root.
    static constexpr auto kContext = [](std::string_view, const std::vector<NodePtr>& args, const Origin& where,
                                        const ResolverContext& context) {
        auto value = lookup(context.environment(), args[0]->text());
        return make_string(fmt::format("{}/{} keys", value ? *value : "unset", context.root()->entries().size()),
                           where);
    };
    static constexpr RegisteredResolver kRegistered[] = {
        {{"join", 1, 2, "one or two arguments"}, +kJoin},
        {{"oc.env", 0, 9, "anything"}, +kJoin},  // OmegaConf's name: never reached
        {{"ctx", 1, 1, "one argument"}, +kContext},
    };
    TestContext context;
    context.registered = kRegistered;
    NodePtr root = parse_yaml(
        "x: {s: str}\ntelemetry:\n  a: ${join:${x.s},2}\n  b: 'p-${join:1}'\n  c: ${oc.env:E}\n  d: ${ctx:E}\n",
        "c.yaml");
    CHECK(python_str(*resolve_subtree(root, "telemetry", {{"E", "e"}}, {}, context)) ==
          "{'a': 'join+str+2', 'b': 'p-join+1', 'c': 'e', 'd': 'e/2 keys'}");
    root = parse_yaml("telemetry:\n  a: ${join:1,2,3}\n", "c.yaml");
    CHECK(error_of([&] { resolve_subtree(root, "telemetry", {}, {}, context); }) ==
          "c.yaml:2:6: telemetry.a: join takes one or two arguments, got 3 arguments");
    // Without the registration, the name is unknown.
    CHECK(error_of([&] { resolve_subtree(root, "telemetry", {}); }) ==
          "c.yaml:2:6: telemetry.a: unsupported interpolation type 'join' (unknown resolver)");
}
