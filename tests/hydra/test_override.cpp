#include <catch2/catch.hpp>

#include "gym_otel_env/hydra/override.hpp"

using namespace goe;

namespace {

std::string parsed(const std::string& token) {
    try {
        return dump(parse_override(token, "command line"));
    } catch (const Error& e) {
        return std::string("error: ") + e.what();
    }
}

// The CLI config the tokens build, as Python's str() prints it, or the error.
std::string applied(const std::vector<std::string>& tokens, const std::vector<std::string>& sets = {}) {
    try {
        std::vector<ParsedOverride> all;
        all.reserve(tokens.size() + sets.size());
        for (const auto& t : tokens) all.push_back(parse_override(t, "command line"));
        for (const auto& s : sets) all.push_back(parse_set(s));
        return python_str(*apply_overrides(all));
    } catch (const Error& e) {
        return std::string(e.kind() == Error::Kind::usage ? "usage: " : "config: ") + e.what();
    }
}

}  // namespace

TEST_CASE("parse_override: the override rule, its prefixes and keys", "[override]") {
    auto row = GENERATE(table<std::string, std::string>({
        {"a=1", "key(a) = int(1)"},
        {"+a.b=1", "+key(a.b) = int(1)"},
        {"++a=1", "++key(a) = int(1)"},
        {"~a", "~key(a)"},
        {"~a=", "~key(a) = str('')"},
        {"~a=1", "~key(a) = int(1)"},
        {"a=", "key(a) = str('')"},
        {"a= ", "key(a) = str('')"},
        {"$x.y-z=1", "key($x.y-z) = int(1)"},
        {"a.0=1", "key(a.0) = int(1)"},
        {"db/mysql=x", "key(db/mysql) = str('x')"},
        {"db@pkg.x=x", "key(db)@package(pkg.x) = str('x')"},
        {"db@=x", "key(db)@package() = str('x')"},
        {"=1", "key() = int(1)"},
        {"~=1", "~key() = int(1)"},
    }));
    CHECK(parsed(std::get<0>(row)) == std::get<1>(row));
}

TEST_CASE("parse_override: primitives are typed as Hydra's visitor types them", "[override]") {
    auto row = GENERATE(table<std::string, std::string>({
        {"a=true", "bool(True)"},
        {"a=FALSE", "bool(False)"},
        {"a=yes", "str('yes')"},
        {"a=on", "str('on')"},
        {"a=y", "str('y')"},
        {"a=Null", "null"},
        {"a=0", "int(0)"},
        {"a=-0", "int(0)"},
        {"a=-12", "int(-12)"},
        {"a=1_000", "int(1000)"},
        {"a=010", "str('010')"},
        {"a=0x10", "str('0x10')"},
        {"a=1:30", "str('1:30')"},
        {"a=1.5", "float(1.5)"},
        {"a=1e3", "float(1000.0)"},
        {"a=.5", "float(0.5)"},
        {"a=1.", "float(1.0)"},
        {"a=-inf", "float(-inf)"},
        {"a=nan", "float(nan)"},
        {"a=1e999", "float(inf)"},
        {"a=1e-999", "float(0.0)"},
        {"a=1.5.3", "str('1.5.3')"},
        {"a=2001-12-14", "str('2001-12-14')"},
        {"a=  x y  ", "str('x y')"},
        {"a=x\t", "str('x')"},
        {"a=http://h:4317", "str('http://h:4317')"},
        {"a=x : y", "str('x : y')"},
        {"a=${oc.env:HOME}", "str('${oc.env:HOME}')"},
        {"a=pre-${x}-post", "str('pre-${x}-post')"},
        {"a=\\,", "str(',')"},
        {"a=a\\,b\\ c\\\\d", "str('a,b c\\\\d')"},
        {"a=x\\ ", "str('x ')"},
        {"a=C:\\dir", "str('C:\\\\dir')"},
        {"a=" + std::string(4300, '7'), "int(" + std::string(4300, '7') + ")"},
    }));
    std::string out = parsed(std::get<0>(row));
    CHECK(out.substr(out.find(" = ") + 3) == std::get<1>(row));
}

TEST_CASE("parse_override: quoted values with Hydra's escapes", "[override]") {
    auto row = GENERATE(table<std::string, std::string>({
        {"a='x y'", "quoted('x y')"},
        {"a=\"x y\"", "quoted('x y')"},
        {"a=''", "quoted('')"},
        {"a='true'", "quoted('true')"},
        {"a='010'", "quoted('010')"},
        {"a=\"it's\"", "quoted(\"it's\")"},
        {"a='it\\'s'", "quoted(\"it's\")"},
        {"a='a\\\\'", "quoted('a\\\\')"},
        {"a='a\\\\\\'b'", "quoted(\"a\\\\'b\")"},
        {"a='a\\b'", "quoted('a\\\\b')"},
        {"a='a\\\"b'", "quoted('a\\\\\"b')"},
        {"a='a,b'", "quoted('a,b')"},
        {"a='${x}'", "quoted('${x}')"},
        {"a= 'x'", "quoted('x')"},
    }));
    std::string out = parsed(std::get<0>(row));
    CHECK(out.substr(out.find(" = ") + 3) == std::get<1>(row));
}

TEST_CASE("parse_override: lists and dicts, nested", "[override]") {
    auto row = GENERATE(table<std::string, std::string>({
        {"a=[]", "[]"},
        {"a=[1, x , 'y']", "[int(1), str('x'), quoted('y')]"},
        {"a=[[1],[]]", "[[int(1)], []]"},
        {"a={}", "{}"},
        {"a={k: v, n: 1}", "{str('k'): str('v'), str('n'): int(1)}"},
        {"a={1: x, true: y, 1.5: z}", "{int(1): str('y'), float(1.5): str('z')}"},  // Python: True == 1
        {"a={true: x, null: y}", "{bool(True): str('x'), null: str('y')}"},
        {"a={k: [1, {j: null}]}", "{str('k'): [int(1), {str('j'): null}]}"},
        {"a={a: 1, a: 2}", "{str('a'): int(2)}"},
        {"a={1: x, 1.0: y}", "{int(1): str('y')}"},
        {"a={nan: x, nan: y}", "{float(nan): str('x'), float(nan): str('y')}"},  // NaN != NaN
        {"a={k: ${x}}", "{str('k'): str('${x}')}"},
        {"a=[a:b]", "[str('a:b')]"},
    }));
    std::string out = parsed(std::get<0>(row));
    CHECK(out.substr(out.find(" = ") + 3) == std::get<1>(row));
}

TEST_CASE("parse_override rejects what Hydra's grammar rejects, naming the token", "[override]") {
    const std::string p = "command line: Error parsing override ";
    auto row = GENERATE_REF(table<std::string, std::string>({
        {"a='abc", "'a='abc': token recognition error at column 3: \"'\""},
        {"a=\"abc", "'a=\"abc': token recognition error at column 3: '\"'"},
        {"a=~", "'a=~': token recognition error at column 3: '~'"},
        {"a=x~", "'a=x~': token recognition error at column 4: '~'"},
        {"a b=1", "'a b=1': token recognition error at column 2: ' '"},
        {"a=x=y", "'a=x=y': unexpected '=' (quote the value: KEY='...') at column 4"},
        {"a=[x, k=v]", "'a=[x, k=v]': unexpected '=' (quote the value: KEY='...') at column 8"},
        {"a", "'a': unexpected end of the override at column 2"},
        {"+a", "'+a': unexpected end of the override at column 3"},
        {"+~a=1", "'+~a=1': unexpected at column 2: '~'"},
        {"a='x'y", "'a='x'y': unexpected at column 6: 'y'"},
        {"a='x' ", "'a='x' ': unexpected at column 6: ' '"},
        {"a=[1", "'a=[1': unexpected end of the override at column 5"},
        {"a=[1,]", "'a=[1,]': unexpected at column 6: ']'"},
        {"a={'k': 1}", "'a={'k': 1}': unexpected at column 4: \"'k'\""},
        {"a={${x}: 1}", "'a={${x}: 1}': unexpected at column 4: '${x}'"},
        {"a={k}", "'a={k}': unexpected at column 5: '}'"},
        {"a=${a,${b}}", "'a=${a,${b}}': unexpected at column 11: '}'"},
        {"a=f(", "'a=f(': unexpected end of the override at column 5"},
        {"a/b.c=1", "'a/b.c=1': unexpected at column 3: 'b.c'"},
        {"a=x\ny", "'a=x\\ny': token recognition error at column 4: '\\n'"},
        {"a=sort([2,1])", "'a=sort([2,1])': the function sort() is not supported (write the value it gives)"},
        {"a=[shuffle(1,2)]", "'a=[shuffle(1,2)]': the function shuffle() is not supported (write the value it gives)"},
        {"a=tag(x)", "'a=tag(x)': the function tag() is not supported (write the value it gives)"},
        {"a=[choice(1,2)]", "'a=[choice(1,2)]': the function choice() is not supported (write the value it gives)"},
        {"a=foo(1)",
         "'a=foo(1)': HydraException while evaluating 'foo(1)': Unknown function 'foo' (available: "
         "bool,choice,float,glob,int,interval,range,shuffle,sort,str,tag)"},
    }));
    INFO(std::get<0>(row));
    CHECK(parsed(std::get<0>(row)) == "error: " + p + std::get<1>(row));
}

TEST_CASE("parse_override refuses an integer Python's int() refuses", "[override]") {
    CHECK_THROWS_WITH(parse_override("a=" + std::string(4301, '7'), "command line"),
                      Catch::StartsWith("command line: Error parsing override 'a=777") &&
                          Catch::EndsWith("777': an integer of more than 4300 digits"));
}

TEST_CASE("parse_override limits the nesting of a value", "[override]") {
    std::string deep = "a=" + std::string(300, '[') + std::string(300, ']');
    CHECK_THROWS_WITH(parse_override(deep, "command line"),
                      Catch::EndsWith("': nesting deeper than 256 levels at column 259"));
}

TEST_CASE("parse_override never shows the value of a token that may hold otlp_headers", "[override]") {
    CHECK(parsed("telemetry.otlp_headers='x-key=s3cret") ==
          "error: command line: Error parsing override 'telemetry.otlp_headers=***': token recognition error at "
          "column 24");
    CHECK(parsed("++telemetry={otlp_headers: a=s3cret}") ==
          "error: command line: Error parsing override '++telemetry=***': unexpected '=' (quote the value: KEY='...') "
          "at column 29");
    CHECK(parsed("++telemetry={otlp_headers: s3cret)}") ==
          "error: command line: Error parsing override '++telemetry=***': unexpected at column 34");
    CHECK(parse_set("telemetry.otlp_headers='x-key=s3cret,b=c'").value->text == "x-key=s3cret,b=c");
    CHECK(applied({"++telemetry.otlp_headers=s3cret", "~telemetry.otlp_headers=other"}) ==
          "usage: command line: telemetry.otlp_headers: Could not delete from config. The value of "
          "'telemetry.otlp_headers' is *** and not ***.");
    CHECK(applied({"++telemetry.otlp_headers=a,b"}) ==
          "usage: command line: Ambiguous value for argument '++telemetry.otlp_headers=***': to use it as a list, use "
          "key=[value1,value2]; to use it as string, quote the value: key=\\'value1,value2\\'; to sweep over it, add "
          "--multirun to your command line");
}

TEST_CASE("parse_override: regression: a call in a secret token quoted the value in Hydra's cast and function errors",
          "[override]") {
    // Hydra's own texts: "invalid literal for int() with base 10: 's3cret'", "Unknown function
    // 's3cret'", "got an unexpected keyword argument 's3cret'": each carries the value.
    CHECK(
        parsed("telemetry.otlp_headers=int(s3cret)") ==
        "error: command line: Error parsing override 'telemetry.otlp_headers=***': ValueError while evaluating '***'");
    CHECK(parsed("++telemetry={otlp_headers: float(s3cret)}") ==
          "error: command line: Error parsing override '++telemetry=***': ValueError while evaluating '***'");
    CHECK(
        parsed("telemetry.otlp_headers=bool(s3cret)") ==
        "error: command line: Error parsing override 'telemetry.otlp_headers=***': ValueError while evaluating '***'");
    CHECK(parsed("telemetry.otlp_headers=s3cret(1)") ==
          "error: command line: Error parsing override 'telemetry.otlp_headers=***': HydraException while evaluating "
          "'***': Unknown function '***' (available: bool,choice,float,glob,int,interval,range,shuffle,sort,str,tag)");
    CHECK(parsed("telemetry.otlp_headers=int(s3cret=1)") ==
          "error: command line: Error parsing override 'telemetry.otlp_headers=***': TypeError while evaluating '***'");
    // Not a secret: Hydra's text as it is.
    CHECK(parsed("telemetry.service_name=int(abc)") ==
          "error: command line: Error parsing override 'telemetry.service_name=int(abc)': ValueError while evaluating "
          "'int(abc)': invalid literal for int() with base 10: 'abc'");
}

TEST_CASE("apply_overrides: sweeps are refused before anything is applied, in Hydra's words", "[override]") {
    CHECK(applied({"a=1", "b=x,y"}) ==
          "usage: command line: Ambiguous value for argument 'b=x,y': to use it as a list, use key=[value1,value2]; to "
          "use it as string, quote the value: key=\\'value1,value2\\'; to sweep over it, add --multirun to your "
          "command line");
    for (std::string f : {"choice(1,2)", "range(1,5)", "interval(0,1)", "glob(*)"})
        CHECK(applied({"+a=" + f}) == "usage: command line: Sweep parameters '+a=" + f + "' requires --multirun");
    CHECK(applied({"+hydra.x=1,2"}).starts_with("usage: command line: Ambiguous value for argument '+hydra.x=1,2'"));
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

TEST_CASE("parse_override evaluates Hydra's casts with Python's conversions", "[override]") {
    auto row = GENERATE(table<std::string, std::string>({
        {"a=int('010')", "int(10)"},
        {"a=int(' 1_000 ')", "int(1000)"},
        {"a=int(-1.9)", "int(-1)"},
        {"a=int(true)", "int(1)"},
        {"a=float(1)", "float(1.0)"},
        {"a=float(' 1_0 ')", "float(10.0)"},
        {"a=float('-infinity')", "float(-inf)"},
        {"a=float('1e400')", "float(inf)"},
        {"a=str(true)", "str('true')"},
        {"a=str(1.5)", "str('1.5')"},
        {"a=str(1e20)", "str('1e+20')"},
        {"a=str([1,true])", "[str('1'), str('true')]"},
        {"a=int({a: '2'})", "{str('a'): int(2)}"},
        {"a=bool(0)", "bool(False)"},
        {"a=bool('TRUE')", "bool(True)"},
        {"a=bool(null)", "bool(False)"},
        {"a=bool(nan)", "bool(True)"},
        {"a=bool(-0.0)", "bool(False)"},
        {"a=bool(2)", "bool(True)"},
        {"a=int(value=1)", "int(1)"},
        {"a=int(str(5))", "int(5)"},
        {"a=int(1,2)", "sweep(a,b)"},
    }));
    std::string out = parsed(std::get<0>(row));
    CHECK(out.substr(out.find(" = ") + 3) == std::get<1>(row));
}

// Python: {1e20: 'x', 10**20: 'y'} == {1e+20: 'y'}.
TEST_CASE("parse_override: regression: a dict's float key 1e20 and int key 10**20 were two keys, not one",
          "[override]") {
    CHECK(parsed("a={1e20: x, 100000000000000000000: y}") == "key(a) = {float(1e+20): str('y')}");
    CHECK(parsed("a={100000000000000000000: x, 1e20: y}") == "key(a) = {int(100000000000000000000): str('y')}");
}

// Before, the sign of the exponent decided: 10**400 * 1e-5 read as 0.0, 10**-401 as inf.
TEST_CASE("parse_override: regression: a float past a double's range was inf or 0.0 by its exponent's sign",
          "[override]") {
    const std::string big = "1" + std::string(400, '0') + "e-5", tiny = "0." + std::string(400, '0') + "1";
    CHECK(parsed("a=" + big) == "key(a) = float(inf)");
    CHECK(parsed("a=" + tiny) == "key(a) = float(0.0)");
    CHECK(parsed("a=float('" + big + "')") == "key(a) = float(inf)");
    CHECK(parsed("a=float('" + tiny + "')") == "key(a) = float(0.0)");
}

TEST_CASE("parse_override gives Python's error for a cast that fails", "[override]") {
    const std::string p = "error: command line: Error parsing override ";
    auto row = GENERATE_REF(table<std::string, std::string>({
        {"a=int(x)", "'a=int(x)': ValueError while evaluating 'int(x)': invalid literal for int() with base 10: 'x'"},
        {"a=int('1__0')",
         "'a=int('1__0')': ValueError while evaluating 'int('1__0')': invalid literal for int() with base 10: '1__0'"},
        {"a=int(inf)",
         "'a=int(inf)': OverflowError while evaluating 'int(inf)': cannot convert float infinity to integer"},
        {"a=int(nan)", "'a=int(nan)': ValueError while evaluating 'int(nan)': cannot convert float NaN to integer"},
        {"a=int(null)", "'a=int(null)': AssertionError while evaluating 'int(null)': "},
        {"a=float(x)", "'a=float(x)': ValueError while evaluating 'float(x)': could not convert string to float: 'x'"},
        {"a=float('1_.0')",
         "'a=float('1_.0')': ValueError while evaluating 'float('1_.0')': could not convert string to float: '1_.0'"},
        {"a=bool(yes)", "'a=bool(yes)': ValueError while evaluating 'bool(yes)': Cannot cast 'yes' to bool"},
        {"a=int()", "'a=int()': TypeError while evaluating 'int()': No positional args or value specified"},
        {"a=int(1,value=2)",
         "'a=int(1,value=2)': TypeError while evaluating 'int(1,value=2)': cannot use both position and named "
         "arguments"},
        {"a=int(x=1)", "'a=int(x=1)': TypeError while evaluating 'int(x=1)': got an unexpected keyword argument 'x'"},
        {"a=int(value=1,2)", "'a=int(value=1,2)': positional argument follows keyword argument"},
        {"a=[int(1,2)]", "'a=[int(1,2)]': a sweep inside a value is not supported: 'int(1,2)'"},
    }));
    CHECK(parsed(std::get<0>(row)) == p + std::get<1>(row));
}

TEST_CASE("apply_overrides: --set is the token ++KEY=VALUE, shown as typed", "[override]") {
    CHECK(applied({"+telemetry.enabled=false"}, {"telemetry.enabled=true", "telemetry.export_rank=010"}) ==
          "{'telemetry': {'enabled': True, 'export_rank': '010'}}");
    CHECK(applied({}, {"a=yes", "b='x'", "c=", "d=null", "e=[1, 2]"}) ==
          "{'a': 'yes', 'b': 'x', 'c': '', 'd': None, 'e': [1, 2]}");
    CHECK(applied({}, {"a=~"}) ==
          "usage: --set: Error parsing override 'a=~': token recognition error at column 3: '~'");
    CHECK(applied({}, {"+a=1", "++b=2"}) == "{'a': 1, 'b': 2}");
    CHECK(applied({}, {"+++a=1"}) == "usage: --set: Error parsing override '+++a=1': unexpected at column 3: '+'");
    CHECK(applied({}, {"~a=1"}) == "usage: --set: Error parsing override '~a=1': unexpected at column 1: '~'");
    CHECK(applied({}, {"a"}) == "usage: --set: expected KEY=VALUE, got 'a'");
    CHECK(applied({}, {"a b=1"}) ==
          "usage: --set: Error parsing override 'a b=1': token recognition error at column 2: ' '");
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

TEST_CASE("override_delete_of_missing_value: a ??? value selects as None, as Hydra's select(throw_on_missing=False)",
          "[override]") {
    // Hydra's ~KEY: `OmegaConf.select(cfg, key, throw_on_missing=False) is None` -> does not exist.
    CHECK(applied({"++a=???", "~a"}) == "usage: command line: a: Could not delete from config. 'a' does not exist.");
    CHECK(applied({"++a={b: ???}", "~a.b"}) ==
          "usage: command line: a.b: Could not delete from config. 'a.b' does not exist.");
    // And +KEY= may set it: the item at KEY is None to Hydra's check.
    CHECK(applied({"++a=???", "+a=1"}) == "{'a': 1}");
}
