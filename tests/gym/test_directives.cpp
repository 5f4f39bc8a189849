#include <catch2/catch.hpp>

#include "gym_otel_env/gym/directives.hpp"
#include "gym_otel_env/gym/missing_values.hpp"
#include "gym_otel_env/gym/subtree_marks.hpp"
#include "gym_otel_env/omegaconf/resolve.hpp"
#include "gym_otel_env/yaml/parse.hpp"
#include "support.hpp"

using namespace goe;
using goe::testing::error_of;

namespace {

// A file as the loader parses it: every collection with the marks the passes read
// (subtree_marks), so that the tests take the passes' short cuts as a run does.
NodePtr parse_marked(std::string_view text, const std::string& name) {
    return parse_yaml(text, name, {}, ParseNotes{nullptr, &subtree_marks});
}

// The config after the directives as Python's str() of it, or "error: " and the message.
std::string applied(const std::string& doc) {
    try {
        return python_str(*apply_directives(parse_marked(doc, "c.yaml")));
    } catch (const Error& e) {
        return std::string("error: ") + e.what();
    }
}

void check_missing_after_directives(const std::string& doc, const DirectiveLimits& limits = {}) {
    check_missing(apply_directives(parse_marked(doc, "c.yaml")), limits);
}

struct Row {
    const char* name;
    const char* doc;
    const char* expected;
};

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

TEST_CASE("check_missing lists every missing value as Gym's raise_on_missing_values finds them") {
    std::string doc = "a:\n  - 1\n  - ???\n  - \"???\"\n  - - ???\nb:\n  c: ???\n  d: \"${x}\"\n  e: \"\\\\???\"\n";
    CHECK(error_of([&] { check_missing_after_directives(doc); }) ==
          "4 required config value(s) are unset (still '\?\?\?') after merging:\n"
          "c.yaml:3:5: a[1]: unset ('\?\?\?')\n"
          "c.yaml:4:5: a[2]: unset ('\?\?\?')\n"
          "c.yaml:5:7: a[3][0]: unset ('\?\?\?')\n"
          "c.yaml:7:6: b.c: unset ('\?\?\?')\n"
          "provide each value with --set, in env.yaml or in a config you pass via config_paths, e.g. "
          "--set a[1]=<value> --set a[2]=<value> --set a[3][0]=<value>");
    CHECK_NOTHROW(check_missing_after_directives("a: 1\nb: {c: '${x}'}\n"));
    // After the directives: a deleted '???' is gone, an unset source makes an unset target.
    CHECK(error_of([&] { check_missing_after_directives("x:\n  a: ???\n  _delete_key: a, b\n"); }) ==
          "1 required config value(s) are unset (still '\?\?\?') after merging:\n"
          "c.yaml:2:6: x.a: unset ('\?\?\?')\n"
          "provide each value with --set, in env.yaml or in a config you pass via config_paths, e.g. "
          "--set x.a=<value>");
    CHECK(error_of([&] { check_missing_after_directives("base: ???\nx: {_inherit_from: base}\n"); }) ==
          "1 required config value(s) are unset (still '\?\?\?') after merging:\n"
          "c.yaml:2:20: x: unset ('\?\?\?')\n"
          "provide each value with --set, in env.yaml or in a config you pass via config_paths, e.g. "
          "--set x=<value>");
}

TEST_CASE("check_missing stops listing at its limit, also under aliases") {
    std::string doc = "a: &a\n  - ???\n  - ???\nb: &b [*a, *a]\nc: [*b, *b]\n";
    DirectiveLimits limits{1000, 3};
    CHECK(error_of([&] { check_missing_after_directives(doc, limits); }) ==
          "more than 3 required config value(s) are unset (still '\?\?\?') after merging:\n"
          "c.yaml:2:5: a[0]: unset ('\?\?\?')\n"
          "c.yaml:3:5: a[1]: unset ('\?\?\?')\n"
          "c.yaml:2:5: b[0][0]: unset ('\?\?\?')\n"
          "provide each value with --set, in env.yaml or in a config you pass via config_paths, e.g. "
          "--set a[0]=<value> --set a[1]=<value> --set b[0][0]=<value>");
}

// Gym registers inherit_from and copy as resolvers that give the directive string back,
// which is what a directive left where the pass does not look reads as (OmegaConf).
TEST_CASE("directive strings the pass leaves resolve to themselves") {
    NodePtr root =
        apply_directives(parse_marked("src: {s: 1}\nl: ['${copy:src}', '${copy:1}']\ntelemetry: {a: '${l.0}', b: "
                                      "'${l.1}', c: 'x-${inherit_from:a.b}-y'}\n",
                                      "c.yaml"));
    CHECK(python_str(*resolve_subtree(root, "telemetry", {}, with_gym_resolvers({}))) ==
          "{'a': '${copy:src}', 'b': '${copy:1}', 'c': 'x-${inherit_from:a.b}-y'}");
}

// Gym's `lambda a: f"${{copy:{a}}}"`: one argument, shown as Python's str() shows it.
TEST_CASE("gym_resolvers: inherit_from and copy give the directive string back, registered into OmegaConf's table") {
    NodePtr root = parse_marked(
        "x: {s: str}\ntelemetry: {a: '${copy:${x.s}}', b: '${inherit_from:1.5}', c: '${copy:a,b}'}\n", "c.yaml");
    CHECK(error_of([&] { resolve_subtree(root, "telemetry", {}, with_gym_resolvers({})); }) ==
          "c.yaml:2:63: telemetry.c: copy takes one argument, got 2");
    root = parse_marked("x: {s: str}\ntelemetry: {a: '${copy:${x.s}}', b: '${inherit_from:1.5}'}\n", "c.yaml");
    CHECK(python_str(*resolve_subtree(root, "telemetry", {}, with_gym_resolvers({}))) ==
          "{'a': '${copy:str}', 'b': '${inherit_from:1.5}'}");
    // OmegaConf alone does not know them.
    CHECK(error_of([&] { resolve_subtree(root, "telemetry", {}); }) ==
          "c.yaml:2:16: telemetry.a: unsupported interpolation type 'copy' (unknown resolver)");
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

// Both passes pass over a subtree whose marks say it has nothing for them, so the marks
// must say exactly what their walks would find, and nothing stale after a change.
TEST_CASE("subtree_marks notes what the directives pass and the '\?\?\?' check look for") {
    NodePtr root = parse_marked(
        "plain: {a: [1, {b: x}], c: {d: '$x', e: '_copy', f: '?'}}\n"
        "missing: {a: [['\?\?\?']]}\n"
        "key: {a: {_delete_key: b}}\n"
        "text: {a: '${copy:plain}'}\n"
        "item: {a: [x, '${plain.c.d}']}\n"
        "nested: {a: [['${plain.c.d}']], b: [{c: ['${x}']}]}\n",
        "c.yaml");
    auto marks_of = [&](std::string_view key) { return static_cast<int>((*root->find(key))->marks()); };
    CHECK(marks_of("plain") == kMarksNoted);
    CHECK(marks_of("missing") == (kMarksNoted | kHasMissing));
    CHECK(marks_of("key") == (kMarksNoted | kHasDirective));
    CHECK(marks_of("text") == (kMarksNoted | kHasDirective));
    CHECK(marks_of("item") == (kMarksNoted | kHasDirective));
    // The pass reads the items of a list in a mapping, and what a mapping item holds,
    // not the items of a list inside a list.
    const Node& nested = **root->find("nested");
    CHECK(static_cast<int>((*nested.find("a"))->marks()) == kMarksNoted);
    CHECK(static_cast<int>((*nested.find("b"))->marks()) == (kMarksNoted | kHasDirective));
    CHECK(static_cast<int>(root->marks()) == (kMarksNoted | kHasMissing | kHasDirective));

    // A copy keeps them, a change clears them, and a collection with such a child is not
    // noted: the passes walk it.
    Node copy = **root->find("plain");
    CHECK(static_cast<int>(copy.marks()) == kMarksNoted);
    copy.mutable_entries().push_back(Entry{"m", make_string("\?\?\?")});
    CHECK(static_cast<int>(copy.marks()) == 0);
    auto parent = std::make_shared<Node>();
    parent->type = Type::mapping;
    parent->mutable_entries().push_back(Entry{"p", std::make_shared<Node>(copy)});
    CHECK(static_cast<int>(subtree_marks(*parent)) == 0);
    CHECK(error_of([&] { check_missing(parent); }) ==
          "1 required config value(s) are unset (still '\?\?\?') after merging:\n"
          "p.m: unset ('\?\?\?')\n"
          "provide each value with --set, in env.yaml or in a config you pass via config_paths, e.g. "
          "--set p.m=<value>");
}
