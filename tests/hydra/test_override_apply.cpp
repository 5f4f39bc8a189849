// override_apply: Hydra's _apply_overrides_to_config on the empty struct-mode config Gym's
// Hydra starts from, and the CLI config command_line_config builds from the tokens.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "gym_otel_env/hydra/override.hpp"
#include "gym_otel_env/telemetry/schema.hpp"
#include "gym_otel_env/telemetry/secrecy.hpp"
#include "support.hpp"

using namespace goe;
using goe::testing::error_of;

namespace {

// The CLI config the tokens build, as Python's str() prints it, or the error.
std::string applied(const std::vector<std::string>& tokens, const std::vector<std::string>& sets = {}) {
    try {
        std::vector<ParsedOverride> all;
        all.reserve(tokens.size() + sets.size());
        for (const auto& t : tokens) all.push_back(parse_override(t, "command line", may_hold_secret));
        for (const auto& s : sets) all.push_back(parse_set(s, may_hold_secret));
        return python_str(*apply_overrides(all, may_hold_secret));
    } catch (const Error& e) {
        return std::string(e.kind() == Error::Kind::usage ? "usage: " : "config: ") + e.what();
    }
}

}  // namespace

TEST_CASE("apply_overrides: sweeps are refused before anything is applied, in Hydra's words", "[override]") {
    CHECK(applied({"a=1", "b=x,y"}) ==
          "usage: command line: Ambiguous value for argument 'b=x,y': to use it as a list, use key=[value1,value2]; to "
          "use it as string, quote the value: key=\\'value1,value2\\'; to sweep over it, add --multirun to your "
          "command line");
    for (std::string f : {"choice(1,2)", "range(1,5)", "interval(0,1)", "glob(*)"})
        CHECK(applied({"+a=" + f}) == "usage: command line: Sweep parameters '+a=" + f + "' requires --multirun");
    CHECK(applied({"+hydra.x=1,2"}).starts_with("usage: command line: Ambiguous value for argument '+hydra.x=1,2'"));
}

// sort() and shuffle() of several values are the sweep a,b; of a choice or range, a sweep.
TEST_CASE("apply_overrides: sort() and shuffle() give a list, or a sweep refused as Hydra refuses it", "[override]") {
    CHECK(applied({"+a=sort([3,1,2])", "+b=shuffle(x)"}) == "{'a': [1, 2, 3], 'b': ['x']}");
    for (std::string f : {"sort(3,1,2)", "shuffle(1,2,3)"})
        CHECK(applied({"+a=" + f}) ==
              "usage: command line: Ambiguous value for argument '+a=" + f +
                  "': to use it as a list, use key=[value1,value2]; to use it as string, quote the value: "
                  "key=\\'value1,value2\\'; to sweep over it, add --multirun to your command line");
    for (std::string f : {"sort(choice(3,1))", "shuffle(range(3))", "tag(t,choice(1,2))"})
        CHECK(applied({"+a=" + f}) == "usage: command line: Sweep parameters '+a=" + f + "' requires --multirun");
}

TEST_CASE("apply_overrides: KEY=, +KEY=, ++KEY= and ~KEY with Hydra's semantics", "[override]") {
    auto row = GENERATE(table<std::vector<std::string>, std::string>({
        {{"+a=1"}, "{'a': 1}"},
        {{"++a.b.c=x"}, "{'a': {'b': {'c': 'x'}}}"},
        {{"+a.b=1", "a.b=2"}, "{'a': {'b': 2}}"},
        {{"+a=1", "++a=2"}, "{'a': 2}"},
        {{"+a=null", "+a=2"}, "{'a': 2}"},
        {{"+a={x: 1}", "+a={y: 2}"}, "{'a': {'x': 1, 'y': 2}}"},
        {{"+a={x: 1}", "a={x: 3}"}, "{'a': {'x': 3}}"},
        {{"+a={x: {y: 1}}", "a={x: 5}"}, "{'a': {'x': 5}}"},
        {{"+a=[1, 2]", "+a=[3]"}, "{'a': [3]}"},
        {{"+a=[1, 2]", "a.0=5"}, "{'a': [5, 2]}"},
        {{"+a=1", "++a.b=2"}, "{'a': {'b': 2}}"},
        {{"+a={k: 1}", "++a=5"}, "{'a': 5}"},
        {{"+a.b=1", "+a.c=2", "~a.b"}, "{'a': {'c': 2}}"},
        {{"+a=1", "~a=1"}, "{}"},
        {{"+a=1", "~a=1.0"}, "{}"},
        {{"+a=1", "~a=null"}, "{}"},
        {{"+a=[1, x]", "~a=[1, x]"}, "{}"},
        // Python's dict: True == 1, the first key stays.
        {{"+a={1: x, true: y, 2: z}"}, "{'a': {1: 'y', 2: 'z'}}"},
        {{"+hydra.run.dir=x", "hydra.job.name=y", "~hydra"}, "{}"},
        {{"++=1"}, "{'': 1}"},
        {{"+config_paths=[a.yaml, b.yaml]"}, "{'config_paths': ['a.yaml', 'b.yaml']}"},
        // select follows ${a.b}: here it finds a value, so + refuses and ~ compares it.
        {{"+b=1", "+a=${b}", "~a=1"}, "{'b': 1}"},
    }));
    CHECK(applied(std::get<0>(row)) == std::get<1>(row));
}

TEST_CASE("apply_overrides: what Hydra refuses, as one line of its words", "[override]") {
    auto row = GENERATE(table<std::vector<std::string>, std::string>({
        {{"a=1"}, "a: Could not override 'a'. To append to your config use +a=1"},
        {{"+a.b=1", "a.c=2"}, "a.c: Could not override 'a.c'. To append to your config use +a.c=2"},
        {{"+a=1", "a.b=2"}, "a.b: Could not override 'a.b'. To append to your config use +a.b=2"},
        {{"+a={x: 1}", "a={y: 1}"}, "a: Could not override 'a'. To append to your config use +a={y: 1}"},
        {{"config_paths=[a.yaml]"},
         "config_paths: Could not override 'config_paths'. To append to your config use +config_paths=[a.yaml]"},
        {{"+a=1", "+a=2"},
         "a: Could not append to config. An item is already at 'a'. Either remove + prefix: 'a=2' or add a second + "
         "to add or override 'a': '++a=2'"},
        {{"~a"}, "a: Could not delete from config. 'a' does not exist."},
        {{"+a=null", "~a"}, "a: Could not delete from config. 'a' does not exist."},
        {{"+a=1", "~a=2"}, "a: Could not delete from config. The value of 'a' is 1 and not 2."},
        {{"+a=1", "~a='1'"}, "a: Could not delete from config. The value of 'a' is 1 and not 1."},
        {{"+a={k: v}", "~a={k: w}"},
         "a: Could not delete from config. The value of 'a' is {'k': 'v'} and not {'k': 'w'}."},
        {{"+a=1", "~a="}, "a: Could not delete from config. The value of 'a' is 1 and not ."},
        {{"db@pkg=x"},
         "db: Override db@pkg=x looks like a config group override, but config group 'db' does not exist."},
        {{"+a=[1]", "+a={k: 1}"}, "a: Error merging override +a={k: 1}: Cannot merge DictConfig with ListConfig"},
        {{"+a=[1]", "++a.x=1"}, "a.x: Error merging override ++a.x=1: invalid literal for int() with base 10: 'x'"},
        {{"+a=[1]", "++a.5=1"}, "a.5: Error merging override ++a.5=1: list index out of range"},
        {{"+a=[1]", "~a.x"}, "a.x: Error merging override ~a.x: Index 'x' (str) is not an int"},
        {{"+a=[1]", "~a.0"}, "a.0: Error merging override ~a.0: list indices must be integers or slices, not str"},
        {{"+a=${a}", "~a.0"}, "a.0: Error merging override ~a.0: Recursive interpolation detected"},
        {{"+a=${b}", "+a.c=1"}, "a.c: Error merging override +a.c=1: Interpolation key 'b' not found"},
        {{"+a={null: 1}"}, "a: Error merging override +a={null: 1}: Incompatible key type 'NoneType'"},
        {{"=1"}, "Could not override ''. To append to your config use +=1"},
        {{"+=1"},
         "Could not append to config. An item is already at ''. Either remove + prefix: '=1' or add a second + to add "
         "or override '': '++=1'"},
    }));
    CHECK(applied(std::get<0>(row)) == "usage: command line: " + std::get<1>(row));
}

// Each row is what Hydra 1.3 on OmegaConf 2.2.2 builds (tests/differential/reference, e.g.
// `--set 'a={1: x, 1.5: y}'` under `service_name: "s-${a}"` gives s-{1: 'x', 1.5: 'y'}).
TEST_CASE("apply_overrides: regression: a VALUE's mapping keys became strings, so {1: x} printed as {'1': 'x'}",
          "[override]") {
    auto row = GENERATE(table<std::vector<std::string>, std::string>({
        {{"+a={1: x, 1.5: y}"}, "{'a': {1: 'x', 1.5: 'y'}}"},
        {{"+a={b: {2: c}}"}, "{'a': {'b': {2: 'c'}}}"},
        {{"+a={true: x, false: y, 1: z}"}, "{'a': {True: 'z', False: 'y'}}"},
        {{"+a=[{1e3: x, inf: y}]"}, "{'a': [{1000.0: 'x', inf: 'y'}]}"},
        // Merging finds a key as a Python dict does; a key path's segment is a string.
        {{"+a={1: x}", "++a={true: y}"}, "{'a': {1: 'y'}}"},
        {{"+a={1: {b: 1}}", "++a={1: {c: 2}}"}, "{'a': {1: {'b': 1, 'c': 2}}}"},
        {{"+a={1: x}", "++a.1=y"}, "{'a': {1: 'x', '1': 'y'}}"},
        {{"+a={1: x}", "++a.1=y", "~a.1"}, "{'a': {1: 'x'}}"},
        {{"+a={1: x, b: y}", "~a={true: x, b: y}"}, "{}"},
        {{"+a={1: v}", "~a={2: v}"},
         "usage: command line: a: Could not delete from config. The value of 'a' is {1: 'v'} and not {2: 'v'}."},
        {{"+a={null: x}"},
         "usage: command line: a: Error merging override +a={null: x}: Incompatible key type 'NoneType'"},
    }));
    CHECK(applied(std::get<0>(row)) == std::get<1>(row));
}

// Python compares an int and a float exactly; `~KEY=VALUE` went through a double, so
// 2**53 + 1 was equal to 2.0**53 and deleted. Expected texts from the reference's Hydra
// application on OmegaConf (tests/differential/reference/gym_loader.py).
TEST_CASE("apply_overrides: regression: ~KEY=VALUE compared an int and a float through a double", "[override]") {
    auto row = GENERATE(table<std::vector<std::string>, std::string>({
        {{"+a=9007199254740993", "~a=9007199254740992.0"},
         "usage: command line: a: Could not delete from config. The value of 'a' is 9007199254740993 and not "
         "9007199254740992.0."},
        {{"+a=9007199254740992", "~a=9007199254740992.0"}, "{}"},
        {{"+a=[9007199254740993]", "~a=[9007199254740992.0]"},
         "usage: command line: a: Could not delete from config. The value of 'a' is [9007199254740993] and not "
         "[9007199254740992.0]."},
        {{"+a={x: 1e16}", "~a={x: 10000000000000001}"},
         "usage: command line: a: Could not delete from config. The value of 'a' is {'x': 1e+16} and not {'x': "
         "10000000000000001}."},
        {{"+a=true", "~a=1.0"}, "{}"},
    }));
    CHECK(applied(std::get<0>(row)) == std::get<1>(row));
}

// Hydra's `nan` is float('nan'), a new object each time: two NaN keys are two keys, and
// a NaN key is in no other dict, so merging keeps both and ~KEY=VALUE never matches.
// OmegaConf.select(cfg, '') is the root, so Hydra goes on to `del cfg['']`, which raises
// ConfigKeyError (found by difftest seed 12, case 204: `gym env start '~'`).
TEST_CASE("apply_overrides: regression: ~ alone deleted nothing and passed", "[override]") {
    CHECK(applied({"~"}) == "usage: command line: Error merging override ~: Key not found: ''");
    CHECK(applied({"+a=1", "~"}) == "usage: command line: Error merging override ~: Key not found: ''");
}

TEST_CASE("apply_overrides: regression: two NaN keys were taken as one", "[override]") {
    auto row = GENERATE(table<std::vector<std::string>, std::string>({
        {{"+a={nan: x}", "++a={nan: y}"}, "{'a': {nan: 'x', nan: 'y'}}"},
        {{"+a={nan: x, nan: y}"}, "{'a': {nan: 'x', nan: 'y'}}"},
        {{"+a={nan: x}", "~a={nan: x}"},
         "usage: command line: a: Could not delete from config. The value of 'a' is {nan: 'x'} and not {nan: 'x'}."},
        {{"+a=nan", "~a=nan"},
         "usage: command line: a: Could not delete from config. The value of 'a' is nan and not nan."},
    }));
    CHECK(applied(std::get<0>(row)) == std::get<1>(row));
}

TEST_CASE("apply_overrides gives every node the override's source as its origin", "[override]") {
    NodePtr cli = apply_overrides({parse_override("+a.b=[1]", "command line"), parse_set("c=x")});
    const Node& a = **cli->find("a");
    CHECK(a.origin.str() == "command line");
    CHECK((*a.find("b"))->items()[0]->origin.str() == "command line");
    CHECK((*cli->find("c"))->origin.str() == "--set");
    CHECK((*cli->find("c"))->type == Type::string);
}

TEST_CASE("apply_overrides limits the depth of a key", "[override]") {
    std::string key = "a";
    for (int i = 0; i < 300; ++i) key += ".a";
    CHECK_THROWS_WITH(apply_overrides({parse_set(key + "=1")}),
                      Catch::EndsWith(".a.a: nesting deeper than 256 levels"));
}

TEST_CASE("apply_overrides: ~KEY of a ??? value selects as None, as Hydra's select(throw_on_missing=False)",
          "[override]") {
    // Hydra's ~KEY: `OmegaConf.select(cfg, key, throw_on_missing=False) is None` -> does not exist.
    CHECK(applied({"++a=???", "~a"}) == "usage: command line: a: Could not delete from config. 'a' does not exist.");
    CHECK(applied({"++a={b: ???}", "~a.b"}) ==
          "usage: command line: a.b: Could not delete from config. 'a.b' does not exist.");
    // And +KEY= may set it: the item at KEY is None to Hydra's check.
    CHECK(applied({"++a=???", "+a=1"}) == "{'a': 1}");
}

TEST_CASE("apply_overrides never shows the value of a token that may hold otlp_headers", "[override]") {
    CHECK(applied({"++telemetry.otlp_headers=s3cret", "~telemetry.otlp_headers=other"}) ==
          "usage: command line: telemetry.otlp_headers: Could not delete from config. The value of "
          "'telemetry.otlp_headers' is *** and not ***.");
    CHECK(applied({"++telemetry.otlp_headers=a,b"}) ==
          "usage: command line: Ambiguous value for argument '++telemetry.otlp_headers=***': to use it as a list, use "
          "key=[value1,value2]; to use it as string, quote the value: key=\\'value1,value2\\'; to sweep over it, add "
          "--multirun to your command line");
}

TEST_CASE("apply_overrides skips the keys that configure Hydra itself", "[override]") {
    auto row = GENERATE(table<std::vector<std::string>, std::string>({
        {{"+hydra.run.dir=x", "hydra.job.name=y", "~hydra"}, "{}"},
        {{"hydra/launcher=basic", "+a=1"}, "{'a': 1}"},
        // Only `hydra` itself and what is under it.
        {{"+hydra_dir=x", "+hydras.a=1"}, "{'hydra_dir': 'x', 'hydras': {'a': 1}}"},
    }));
    CHECK(applied(std::get<0>(row)) == std::get<1>(row));
}

TEST_CASE("apply_overrides: a key of max_depth parts is applied, one more is refused", "[override]") {
    CHECK(python_str(*apply_overrides({parse_override("+a.b=1", "command line")}, nullptr, 2)) == "{'a': {'b': 1}}");
    CHECK(error_of([] { apply_overrides({parse_override("+a.b.c=1", "command line")}, nullptr, 2); },
                   Error::Kind::usage) == "command line: a.b.c: nesting deeper than 2 levels");
    CHECK(python_str(*apply_overrides({})) == "{}");
}

TEST_CASE("command_line_config: every token parsed, then Gym's tokens applied, then each --set", "[override]") {
    auto config = [](const std::vector<std::string>& tokens, const std::vector<std::string>& sets) {
        try {
            return python_str(*command_line_config(tokens, sets));
        } catch (const Error& e) {
            return std::string(e.kind() == Error::Kind::usage ? "usage: " : "config: ") + e.what();
        }
    };
    CHECK(config({}, {}) == "{}");
    CHECK(config({"+telemetry.enabled=false"}, {"telemetry.enabled=true", "telemetry.export_rank=010"}) ==
          "{'telemetry': {'enabled': True, 'export_rank': '010'}}");
    CHECK(config({}, {"a=yes", "b='x'", "c=", "d=null", "e=[1, 2]"}) ==
          "{'a': 'yes', 'b': 'x', 'c': '', 'd': None, 'e': [1, 2]}");
    // A --set comes after every Gym token, so it cannot make a key a token changes.
    CHECK(config({"a=1"}, {"a=2"}) ==
          "usage: command line: a: Could not override 'a'. To append to your config use +a=1");
    // Nothing is applied before every token parsed: the --set's grammar error comes first.
    CHECK(config({"a=1"}, {"b=~"}) ==
          "usage: --set: Error parsing override 'b=~': token recognition error at column 3: '~'");
    CHECK(config({"a=~"}, {}) ==
          "usage: command line: Error parsing override 'a=~': token recognition error at column 3: '~'");
    NodePtr cli = command_line_config({"+a=1"}, {"b=2"});
    CHECK((*cli->find("a"))->origin.str() == "command line");
    CHECK((*cli->find("b"))->origin.str() == "--set");
}

TEST_CASE("command_line_config passes max_depth on to apply_overrides", "[override]") {
    CHECK(python_str(*command_line_config({"+a.b=1"}, {"c.d=2"}, nullptr, 2)) == "{'a': {'b': 1}, 'c': {'d': 2}}");
    CHECK(error_of([] { command_line_config({}, {"c.d.e=2"}, nullptr, 2); }, Error::Kind::usage) ==
          "--set: c.d.e: nesting deeper than 2 levels");
}
