#include <catch2/catch.hpp>

#include <algorithm>
#include <regex>
#include <string>
#include <string_view>
#include <vector>

#include "gym_otel_env/gym/directives.hpp"
#include "gym_otel_env/omegaconf/resolve.hpp"
#include "gym_otel_env/omegaconf/resolvers.hpp"
#include "support.hpp"

using namespace goe;
using goe::testing::error_of;
using goe::testing::Files;
using goe::testing::parse_marked;
using goe::testing::PipelineRun;

namespace {

// The config after the directives as Python's str() of it, or "error: " and the message.
std::string applied(const std::string& doc) {
    try {
        return python_str(*apply_directives(parse_marked(doc, "c.yaml")));
    } catch (const Error& e) {
        return std::string("error: ") + e.what();
    }
}

struct Row {
    const char* name;
    const char* doc;
    const char* expected;
};

// The resolvers named, as `${NAME:` or `oc.NAME` in backquotes, in the paragraph or list
// item of a doc that holds `marker`: each once, in the order first named.
std::vector<std::string> resolvers_named(std::string_view doc, const std::string& marker) {
    const std::string text = goe::testing::source_file(doc);
    size_t at = text.find(marker);
    if (at == std::string::npos) return {"(no '" + marker + "' in " + std::string(doc) + ")"};
    auto before = [&](const char* boundary) {
        size_t found = text.rfind(boundary, at);
        return found == std::string::npos ? 0 : found;
    };
    size_t from = std::max(before("\n\n"), before("\n- "));
    size_t to = std::min(text.find("\n\n", at), text.find("\n- ", at));  // npos: to the end
    const std::string passage = text.substr(from, to - from);
    static const std::regex kName(R"(\$\{([a-z_]+(?:\.[a-z_]+)*):|`(oc(?:\.[a-z_]+)+)`)");
    std::vector<std::string> out;
    for (auto it = std::sregex_iterator(passage.begin(), passage.end(), kName); it != std::sregex_iterator(); ++it) {
        std::string name = (*it)[1].matched ? (*it)[1].str() : (*it)[2].str();
        if (std::find(out.begin(), out.end(), name) == out.end()) out.push_back(name);
    }
    return out;
}

}  // namespace

// Every expected value is what Gym's _recursively_swap_keys leaves (OmegaConf's
// to_container(resolve=False) of the config), run on the same document.
TEST_CASE("apply_directives moves, copies and deletes as Gym's _recursively_swap_keys") {
    const Row rows[] = {
        {"inherit property", "base: {a: 1, b: 2}\nx: {_inherit_from: base, b: 3}\n", "{'x': {'a': 1, 'b': 3}}"},
        {"nested keys merge", "base: {a: {p: 1, q: 2}}\nx: {_copy: base, a: {q: 3}}\n",
         "{'base': {'a': {'p': 1, 'q': 2}}, 'x': {'a': {'p': 1, 'q': 3}}}"},
        {"a null or scalar in the source is replaced",
         "base: {a: null, b: 1}\nx: {_copy: base, a: {k: 1}, b: {k: 2}}\n",
         "{'base': {'a': None, 'b': 1}, 'x': {'a': {'k': 1}, 'b': {'k': 2}}}"},
        {"inherit string", "base: {a: 1}\nx: ${inherit_from:base}\n", "{'x': {'a': 1}}"},
        {"copy property", "base: {a: 1, b: 2}\nx: {_copy: base, b: 3}\n",
         "{'base': {'a': 1, 'b': 2}, 'x': {'a': 1, 'b': 3}}"},
        {"copy string", "base: {a: 1}\nx: ${copy:base}\n", "{'base': {'a': 1}, 'x': {'a': 1}}"},
        {"dotted path", "lib: {m: {a: 1}, n: 2}\nx: {_inherit_from: lib.m}\n", "{'lib': {'n': 2}, 'x': {'a': 1}}"},
        {"popped twice", "base: {a: 1}\nx: {_inherit_from: base}\ny: {_inherit_from: base}\n",
         "{'x': {'a': 1}, 'y': {'a': 1}}"},
        {"scalar sources", "v: 5\nx: ${copy:v}\ny: ${inherit_from:v}\n", "{'x': 5, 'y': 5}"},
        {"both keys: _copy's path, the source popped", "a: {p: 1}\nb: {q: 2}\nx: {_inherit_from: a, _copy: b}\n",
         "{'a': {'p': 1}, 'x': {'q': 2}}"},
        {"delete without a swap", "x: {a: 1, b: 2, c: 3, _delete_key: \"a, c\"}\n", "{'x': {'b': 2}}"},
        {"delete of an absent key without a swap", "x: {a: 1, _delete_key: zz}\n", "{'x': {'a': 1}}"},
        {"delete after the swap", "base: {a: 1, b: 2}\nx: {_inherit_from: base, _delete_key: b}\n", "{'x': {'a': 1}}"},
        {"a missing value to delete stays without a swap", "x:\n  a: ???\n  b: 1\n  _delete_key: a\n",
         "{'x': {'a': '\?\?\?', 'b': 1}}"},
        // The source is read from the tree as it was before the pass: its own
        // directives come along unprocessed.
        {"source's own directives", "base: {a: 1, b: 2, _delete_key: b}\nx: {_inherit_from: base}\n",
         "{'x': {'a': 1, 'b': 2, '_delete_key': 'b'}}"},
        {"traversal: later source", "x: {_inherit_from: later}\nlater: {a: {_copy: src}}\nsrc: {s: 1}\n",
         "{'x': {'a': {'_copy': 'src'}}, 'src': {'s': 1}}"},
        {"traversal: earlier source", "src: {s: 1}\nlater: {a: {_copy: src}}\nx: {_inherit_from: later}\n",
         "{'src': {'s': 1}, 'x': {'a': {'_copy': 'src'}}}"},
        {"popped before it is visited", "x: {_inherit_from: y.z}\ny: {z: {q: 1}, w: 2}\n",
         "{'x': {'q': 1}, 'y': {'w': 2}}"},
        {"inherit from a sibling", "g: {x: {_inherit_from: g.h}, h: {a: 1}}\n", "{'g': {'x': {'a': 1}}}"},
        {"inherit from itself comes back last", "a: {_inherit_from: a, k: 1}\nb: 2\n",
         "{'b': 2, 'a': {'_inherit_from': 'a', 'k': 1}}"},
        {"mappings in lists: their keys, not themselves",
         "l:\n  - {k: {_copy: src}}\n  - [{_copy: src}]\n  - {_copy: src}\n  - ${copy:src}\nsrc: {s: 1}\n",
         "{'l': [{'k': {'s': 1}}, [{'_copy': 'src'}], {'_copy': 'src'}, '${copy:src}'], 'src': {'s': 1}}"},
        {"missing source", "base: ???\nx: {_inherit_from: base, c: 1}\n", "{'x': '\?\?\?'}"},
        {"missing ancestor of the source", "base: ???\nx: ${copy:base.a}\n", "{'base': '\?\?\?', 'x': '\?\?\?'}"},
        {"_inherit_from: ??? is no directive", "x:\n  _inherit_from: ???\n  a: 1\n",
         "{'x': {'_inherit_from': '\?\?\?', 'a': 1}}"},
        {"nothing to do shares the tree", "a: {b: [1, {c: 2}]}\n", "{'a': {'b': [1, {'c': 2}]}}"},
        {"a directive string must start the value", "a: x ${copy:b}\nb: 1\n", "{'a': 'x ${copy:b}', 'b': 1}"},
    };
    for (const auto& row : rows) {
        INFO(row.name);
        CHECK(applied(row.doc) == row.expected);
    }
}

// Each row is what Gym's pass on OmegaConf 2.2.2 leaves (tests/differential/reference: with
// `telemetry: {enabled: true, service_name: "s-${shared}"}` the first gives s-{1: 'x', 'sub': {'c': 1}}).
TEST_CASE("apply_directives: regression: a mapping the pass rebuilt lost its keys' types, so 1 printed as '1'") {
    const Row rows[] = {
        {"a walked mapping", "base: {c: 1}\nshared:\n  1: x\n  sub: {_copy: base}\n",
         "{'base': {'c': 1}, 'shared': {1: 'x', 'sub': {'c': 1}}}"},
        {"a copy with a key deleted", "base: {1: x, b: y}\nshared: {_copy: base, _delete_key: b}\n",
         "{'base': {1: 'x', 'b': 'y'}, 'shared': {1: 'x'}}"},
        {"a copy's own key 1 overrides the source's", "base: {1: x, b: y}\nshared: {_copy: base, true: z}\n",
         "{'base': {1: 'x', 'b': 'y'}, 'shared': {1: 'z', 'b': 'y'}}"},
        {"1 and '1' are two keys", "base: {c: 1}\nshared: {1: '${copy:base}', '1': y}\n",
         "{'base': {'c': 1}, 'shared': {1: {'c': 1}, '1': 'y'}}"},
    };
    for (const auto& row : rows) {
        INFO(row.name);
        CHECK(applied(row.doc) == row.expected);
    }
    CHECK(applied("base: {'1': x}\nshared: {_copy: base, 1: z}\n") ==
          "error: c.yaml:2:26: shared.1: Key '1' is not in struct (full_key: base.1): Gym's config is in Hydra's "
          "struct mode, so a directive's own keys can only override keys its source has");
}

TEST_CASE("apply_directives errors name the path and where the directive was written") {
    const Row rows[] = {
        {"absent parent", "x: {_inherit_from: nope.deeper}\n",
         "c.yaml:1:20: x._inherit_from: Path specified does not exist in config: ['nope']"},
        {"absent leaf", "base: {a: 1}\nx: {_copy: base.zz}\n",
         "c.yaml:2:12: x._copy: Path specified does not exist in config: ['base', 'zz']"},
        {"string form", "x: ${copy:nope}\n", "c.yaml:1:4: x: Path specified does not exist in config: ['nope']"},
        {"text after the brace", "base: {a: 1}\nx: \"${copy:base} tail\"\n",
         "c.yaml:2:4: x: Path specified does not exist in config: ['base} tail']"},
        {"through a list", "l: [{a: 1}]\nx: ${copy:l.0}\n",
         "c.yaml:2:4: x: Path specified does not exist in config: ['l', '0']"},
        {"through a list, inherit", "l: [{a: 1}]\nx: {_inherit_from: l.0.a}\n",
         "c.yaml:2:20: x._inherit_from: Path specified does not exist in config: ['l', '0']"},
        {"in a list item's mapping", "l:\n  - k: {_copy: zz}\n",
         "c.yaml:2:16: l[0].k._copy: Path specified does not exist in config: ['zz']"},
        {"keys onto a scalar", "v: 5\nx: {_copy: v}\n",
         "c.yaml:2:12: x._copy: cannot merge the keys of 'x' onto the integer at 'v'"},
        {"delete absent after the swap", "base: {a: 1}\nx: {_inherit_from: base, _delete_key: zz}\n",
         "c.yaml:2:39: x._delete_key: key 'zz' to delete is not in 'x' after it took 'base'"},
        {"empty delete after the swap", "base: {a: 1}\nx: {_inherit_from: base, _delete_key: ''}\n",
         "c.yaml:2:39: x._delete_key: key '' to delete is not in 'x' after it took 'base'"},
        {"delete a missing value after the swap",
         "base:\n  a: ???\n  b: 1\nx:\n  _inherit_from: base\n  _delete_key: a\n",
         "c.yaml:6:16: x._delete_key: key 'a' to delete is a missing mandatory value ('\?\?\?')"},
        // Hydra's struct mode, which Gym's config keeps: a directive's own keys cannot add to its source.
        {"regression: struct mode, a key the source lacks",
         "base: {a: 1, b: 2}\nx: {_inherit_from: base, b: 3, c: 4}\n",
         "c.yaml:2:35: x.c: Key 'c' is not in struct (full_key: base.c): Gym's config is in Hydra's struct mode, so a "
         "directive's own keys can only override keys its source has"},
        {"struct mode, at depth", "lib: {m: {a: {p: 1}}}\nx: {_copy: lib.m, a: {q: 2}}\n",
         "c.yaml:2:26: x.a.q: Key 'q' is not in struct (full_key: lib.m.a.q): Gym's config is in Hydra's struct mode, "
         "so a directive's own keys can only override keys its source has"},
        {"path not a string", "x: {_inherit_from: 5}\n",
         "c.yaml:1:20: x._inherit_from: expected a string, got integer 5"},
        {"delete not a string", "x: {_delete_key: [a]}\n",
         "c.yaml:1:18: x._delete_key: expected a string, got list ['a']"},
        {"interpolated path", "p: base\nbase: {a: 1}\nx: {_copy: '${p}'}\n",
         "c.yaml:3:12: x._copy: an interpolation in a directive is not supported by gym-otel-env"},
        {"path through an interpolation", "b: {c: {d: 1}}\na: ${b}\nx: ${copy:a.c}\n",
         "c.yaml:3:4: x: the path ['a', 'c'] goes through the interpolation at 'a': not supported by gym-otel-env"},
    };
    for (const auto& row : rows) {
        INFO(row.name);
        CHECK(applied(row.doc) == std::string("error: ") + row.expected);
    }
}

TEST_CASE("apply_directives keeps where moved values were written") {
    NodePtr root =
        apply_directives(parse_marked("base:\n  a: 1\n  b: 0\nx:\n  _inherit_from: base\n  b: 2\n", "c.yaml"));
    const Node& x = **root->find("x");
    CHECK((*x.find("a"))->origin.str() == "c.yaml:2:6");
    CHECK((*x.find("b"))->origin.str() == "c.yaml:6:6");
    NodePtr unset = apply_directives(parse_marked("base: ???\nx: ${copy:base}\n", "c.yaml"));
    CHECK((*unset->find("x"))->origin.str() == "c.yaml:2:4");
}

TEST_CASE("apply_directives bounds the work aliases can multiply") {
    std::string doc =
        "a: &a {x: {_copy: s}, y: {_copy: s}}\nb: &b [*a, *a, *a, *a]\nc: &c {p: *b, q: *b, r: *b, s: *b}\n"
        "d: {p: *c, q: *c, r: *c}\ns: {v: 1}\n";
    NodePtr root = parse_marked(doc, "c.yaml");
    CHECK(error_of([&] {
              apply_directives(root, DirectiveLimits{50, 1000});
          }) == "c.yaml:1:26: c.q[0].y: more than 50 mappings and directives to process");
}

// Gym registers inherit_from and copy as resolvers that give the directive string back,
// which is what a directive left where the pass does not look reads as (OmegaConf): a
// list item, a string that does not start with one.
TEST_CASE("directive strings the pass leaves resolve to themselves") {
    PipelineRun run(Files{{"c.yaml",
                           "src: {s: 1}\nl: ['${copy:src}', '${copy:1}']\n"
                           "telemetry: {service_name: '${l.0} ${l.1} x-${inherit_from:a.b}-y'}\n"}});
    CHECK(run().settings.find("service_name")->value == "${copy:src} ${copy:1} x-${inherit_from:a.b}-y");
}

// Gym's `lambda a: f"${{copy:{a}}}"`: one argument, shown as Python's str() shows it.
TEST_CASE("gym_resolvers: inherit_from and copy give the directive string back, registered into OmegaConf's table") {
    NodePtr root = parse_marked(
        "x: {s: str}\ntelemetry: {a: '${copy:${x.s}}', b: '${inherit_from:1.5}', c: '${copy:a,b}'}\n", "c.yaml");
    GymResolvers gym(omegaconf_alone());
    CHECK(error_of([&] { resolve_subtree(root, "telemetry", {}, {}, gym); }) ==
          "c.yaml:2:63: telemetry.c: copy takes one argument, got 2");
    root = parse_marked("x: {s: str}\ntelemetry: {a: '${copy:${x.s}}', b: '${inherit_from:1.5}'}\n", "c.yaml");
    CHECK(python_str(*resolve_subtree(root, "telemetry", {}, {}, gym)) ==
          "{'a': '${copy:str}', 'b': '${inherit_from:1.5}'}");
    // OmegaConf alone does not know them.
    CHECK(error_of([&] { resolve_subtree(root, "telemetry", {}); }) ==
          "c.yaml:2:16: telemetry.a: unsupported interpolation type 'copy' (unknown resolver)");
}

// OmegaConf's table (omegaconf_resolvers) and Gym's (gym_resolvers) are the one list of
// the resolvers a config can call; the docs' lists of them are held to it, in its order,
// so that a resolver added to a table and not to the docs, or the reverse, fails here.
TEST_CASE("the manual and docs/decisions.md list the resolvers of OmegaConf's table and Gym's") {
    std::vector<std::string> omegaconf, gym;
    for (const auto& r : omegaconf_resolvers()) omegaconf.emplace_back(r.name);
    for (const auto& r : gym_resolvers()) gym.emplace_back(r.name);
    CHECK(resolvers_named("docs/manual.md", "Interpolations inside the block are resolved") == omegaconf);
    CHECK(resolvers_named("docs/manual.md", "| directive | effect |") == gym);
    CHECK(resolvers_named("docs/decisions.md", "Every resolver OmegaConf 2.3 registers by default") == omegaconf);
    CHECK(resolvers_named("docs/decisions.md", "left where the pass does not look") == gym);
}

// Gym's pass reads each item of a list it meets (`inner_v = v[i]`), and a ListConfig
// resolves the item's interpolation as it gives it: the first failure stops Gym, during
// the pass, before the '???' check. Every message here is in the form the block's own
// resolution errors take; the reference (OmegaConf) agrees on which configs fail.
TEST_CASE("apply_directives resolves the interpolations of list items, as Gym's pass reads them") {
    const Row rows[] = {
        {"regression: an unresolvable list item was accepted", "t: 1\nmore: ['${x.nope}']\n",
         "error: c.yaml:2:8: more[0]: interpolation key 'x.nope' not found"},
        {"regression: an absent variable in a list item was accepted", "x: ['${oc.env:NOPE_X}']\n",
         "error: c.yaml:1:5: x[0]: environment variable 'NOPE_X' not found"},
        {"in a nested mapping, inside a string", "n: {k: [a, 'a${x.nope}']}\n",
         "error: c.yaml:1:12: n.k[1]: interpolation key 'x.nope' not found"},
        {"to a missing value", "m: ???\nmore: ['${m}']\nz: ???\n",
         "error: c.yaml:2:8: more[0]: interpolation key 'm' is a missing mandatory value: '\?\?\?'"},
        {"in a mapping in a list", "l: [{a: 1, b: [2, '${nope}']}]\n",
         "error: c.yaml:1:19: l[0].b[1]: interpolation key 'nope' not found"},
        {"relative, from the list's mapping", "n: {k: 3, l: ['${..k}']}\n", "{'n': {'k': 3, 'l': ['${..k}']}}"},
        {"after the directives before it", "src: {a: 1}\nx: ${copy:src}\nl: ['${x.a}']\n",
         "{'src': {'a': 1}, 'x': {'a': 1}, 'l': ['${x.a}']}"},
        // Gym reads `l` before the swap below it: `x` is still the directive string then.
        {"before the directives after it", "src: {a: 1}\nl: ['${x.a}']\nx: ${copy:src}\n",
         "error: c.yaml:2:5: l[0]: interpolation key 'x.a' not found"},
        {"a missing item is left to the '\?\?\?' check", "l: ['\?\?\?', '${copy:nope.x}', '${inherit_from:q}']\n",
         "{'l': ['\?\?\?', '${copy:nope.x}', '${inherit_from:q}']}"},
        {"not in a list in a list", "l: [['${nope}']]\n", "{'l': [['${nope}']]}"},
        {"not a mapping value inside a list item", "l: [{k: '${nope}'}]\n", "{'l': [{'k': '${nope}'}]}"},
        {"the mapping an item gives is walked", "l: ['${b}']\nb: {k: {_copy: zz}}\n",
         "error: c.yaml:2:16: l[0].k._copy: Path specified does not exist in config: ['zz']"},
    };
    for (const auto& row : rows) {
        INFO(row.name);
        CHECK(applied(row.doc) == row.expected);
    }
    Environment env{{"HOST_X", "h"}};
    CHECK(python_str(*apply_directives(parse_marked("x: ['${oc.env:HOST_X}']\n", "c.yaml"), {}, env)) ==
          "{'x': ['${oc.env:HOST_X}']}");
}
