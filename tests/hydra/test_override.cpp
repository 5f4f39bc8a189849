#include <catch2/catch.hpp>

#include "gym_otel_env/hydra/override.hpp"
#include "gym_otel_env/telemetry/schema.hpp"
#include "gym_otel_env/telemetry/secrecy.hpp"

using namespace goe;

namespace {

std::string parsed(const std::string& token) {
    try {
        return dump(parse_override(token, "command line", may_hold_secret));
    } catch (const Error& e) {
        return std::string("error: ") + e.what();
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
        {"a=foo(1)",
         "'a=foo(1)': HydraException while evaluating 'foo(1)': Unknown function 'foo'\ncommand line: Available: "
         "bool,choice,float,glob,int,interval,range,shuffle,sort,str,tag"},
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
          "character 1 of the hidden value");
    CHECK(parsed("++telemetry={otlp_headers: a=s3cret}") ==
          "error: command line: Error parsing override '++telemetry=***': unexpected '=' (quote the value: KEY='...') "
          "at character 17 of the hidden value");
    CHECK(parsed("++telemetry={otlp_headers: s3cret)}") ==
          "error: command line: Error parsing override '++telemetry=***': unexpected at character 22 of the hidden "
          "value");
    CHECK(parse_set("telemetry.otlp_headers='x-key=s3cret,b=c'").value->text == "x-key=s3cret,b=c");
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
          "'***': Unknown function '***'\ncommand line: Available: bool,choice,float,glob,int,interval,range,shuffle,"
          "sort,str,tag");
    CHECK(parsed("telemetry.otlp_headers=int(s3cret=1)") ==
          "error: command line: Error parsing override 'telemetry.otlp_headers=***': TypeError while evaluating '***'");
    // sort()'s "Invalid arguments: (...)" repeats its arguments.
    CHECK(parsed("telemetry.otlp_headers=sort(s3cret,[1])") ==
          "error: command line: Error parsing override 'telemetry.otlp_headers=***': TypeError while evaluating '***'");
    CHECK(parsed("telemetry.otlp_headers=[shuffle(s3cret,1)]") ==
          "error: command line: Error parsing override 'telemetry.otlp_headers=***': a sweep inside a value is not "
          "supported: '***'");
    // Not a secret: Hydra's text as it is.
    CHECK(parsed("telemetry.service_name=int(abc)") ==
          "error: command line: Error parsing override 'telemetry.service_name=int(abc)': ValueError while evaluating "
          "'int(abc)': invalid literal for int() with base 10: 'abc'");
}

// What each cast gives is override_cast's (test_override_cast.cpp); here, how a call in a
// token reaches it: its argument, positional or value=, a call inside a value or a call.
TEST_CASE("parse_override evaluates a cast where Hydra's visitor meets it", "[override]") {
    auto row = GENERATE(table<std::string, std::string>({
        {"a=int('010')", "int(10)"},  // a quoted argument is a str to the cast
        {"a=int(value=1)", "int(1)"},
        {"a=int(str(5))", "int(5)"},
        {"a=str([1,true])", "[str('1'), str('true')]"},
        {"a=int({a: '2'})", "{str('a'): int(2)}"},
        {"a=[int('1'), str(2)]", "[int(1), str('2')]"},
        {"a={k: bool(TRUE)}", "{str('k'): bool(True)}"},
        {"a=int(1,2)", "sweep(a,b)"},  // several values: Hydra's sweep of the casts
        // Hydra's own cases (tests/test_overrides_parser.py, test_value).
        {"a=int(10.0)", "int(10)"},
        {"a=str(10.0)", "str('10.0')"},
        {"a=bool(10.0)", "bool(True)"},
        {"a=float(10)", "float(10.0)"},
        {"a=float(float(10))", "float(10.0)"},
        {"a=str(true)", "str('true')"},
        {"a=bool(value='FALSE')", "bool(False)"},
    }));
    std::string out = parsed(std::get<0>(row));
    CHECK(out.substr(out.find(" = ") + 3) == std::get<1>(row));
}

// Hydra 1.3.2 evaluates every function it registers while it parses (create_functions:
// int, float, str, bool, choice, range, interval, tag, sort, shuffle, glob); what is not a
// sweep is the value. extend_list() and append() came after 1.3 and are unknown there.
TEST_CASE("parse_override: sort() and shuffle() of a list or one value give a value", "[override]") {
    auto row = GENERATE(table<std::string, std::string>({
        {"a=sort([2,3,1])", "[int(1), int(2), int(3)]"},
        {"a=sort([2,3,1],reverse=true)", "[int(3), int(2), int(1)]"},
        {"a=sort(list=[1,2,3], reverse=True)", "[int(3), int(2), int(1)]"},
        {"a=sort(list=[])", "[]"},
        {"a=sort(1)", "int(1)"},
        {"a=sort({a:10})", "{str('a'): int(10)}"},
        {"a=sort('x')", "str('x')"},  // the argument is unquoted before the call
        {"a=sort([b,a,c])", "[str('a'), str('b'), str('c')]"},
        {"a=sort([1,2.5,true,0])", "[int(0), int(1), bool(True), float(2.5)]"},  // 1 == True: kept in order
        {"a=sort([[2],[1,5],[1]])", "[[int(1)], [int(1), int(5)], [int(2)]]"},
        // Quoted items of one quote are equal, so the next items decide.
        {"a=sort([['a',2],['a',1]])", "[[quoted('a'), int(1)], [quoted('a'), int(2)]]"},
        {"a=sort(str([10,9]))", "[str('10'), str('9')]"},
        {"a=sort([-1e20,-100000000000000000001])", "[int(-100000000000000000001), float(-1e+20)]"},
        // Gym's order is random.shuffle's; the written order is one it may take.
        {"a=shuffle([1,2,3])", "[int(1), int(2), int(3)]"},
        {"a=shuffle(list=[1,2,3])", "[int(1), int(2), int(3)]"},
        {"a=shuffle(7)", "[int(7)]"},
        {"a=shuffle('x')", "[str('x')]"},
        {"a=shuffle({k: v})", "[{str('k'): str('v')}]"},
        {"a=float(sort([2,1]))", "[float(1.0), float(2.0)]"},
        {"a=[sort([2,1]), shuffle(x)]", "[[int(1), int(2)], [str('x')]]"},
    }));
    INFO(std::get<0>(row));
    std::string out = parsed(std::get<0>(row));
    CHECK(out.substr(out.find(" = ") + 3) == std::get<1>(row));
}

// Several values make the simple sweep a,b (Hydra's "Ambiguous value" without --multirun);
// choice(), range(), interval(), glob() and what sorts, shuffles or tags them are sweeps.
TEST_CASE("parse_override: a function that gives a sweep makes a sweep override", "[override]") {
    auto row = GENERATE(table<std::string, std::string>({
        {"a=sort(3,1,2)", "sweep(a,b)"},
        {"a=sort(a,c,b,reverse=true)", "sweep(a,b)"},
        {"a=shuffle(1,2,3)", "sweep(a,b)"},
        {"a=shuffle()", "sweep(a,b)"},
        {"a=float(sort(3,2,1))", "sweep(a,b)"},
        {"a=sort(float(3,2,1))", "sweep(a,b)"},
        {"a=x,sort(2,1)", "sweep(a,b)"},
        {"a=choice(1,2),3", "sweep(a,b)"},
        {"a=sort(choice(1,2,3))", "sweep()"},
        {"a=sort(range(1,10),reverse=true)", "sweep()"},
        {"a=shuffle(range(1,10))", "sweep()"},
        {"a=tag(t1,t2,choice(a,b))", "sweep()"},
        {"a=tag(t1,sweep=interval(0,1))", "sweep()"},
        {"a=choice(1,2)", "sweep()"},
        {"a=range(5)", "sweep()"},
        {"a=interval(0,1)", "sweep()"},
        {"a=glob(*)", "sweep()"},
        {"a=int(choice(1,2))", "sweep()"},
    }));
    INFO(std::get<0>(row));
    std::string out = parsed(std::get<0>(row));
    CHECK(out.substr(out.find(" = ") + 3) == std::get<1>(row));
}

TEST_CASE("parse_override: a failing function call is Hydra's error, with Python's words", "[override]") {
    const std::string p = "error: command line: Error parsing override ";
    auto row = GENERATE_REF(table<std::string, std::string>({
        {"a=sort(3,2,str(1))",
         "TypeError while evaluating 'sort(3,2,str(1))': '<' not supported between instances "
         "of 'str' and 'int'"},
        // Inside a list a quoted item is still Hydra's QuotedString, which has no order.
        {"a=sort(['b','a'])",
         "TypeError while evaluating 'sort(['b','a'])': '<' not supported between instances of "
         "'QuotedString' and 'QuotedString'"},
        // QuotedString is a frozen dataclass of (text, quote): 'a' and "a" differ, so the
        // lists' compare reaches the QuotedStrings' order, which there is none of.
        {"a=sort([['a'],[\"a\"]])",
         "TypeError while evaluating 'sort([['a'],[\"a\"]])': '<' not supported between instances of "
         "'QuotedString' and 'QuotedString'"},
        {"a=sort([\"x\"],[1])",
         "TypeError while evaluating 'sort([\"x\"],[1])': Invalid arguments: ([QuotedString(text='x', "
         "quote=<Quote.double: 1>)], [1])"},
        {"a=sort([1,x])",
         "TypeError while evaluating 'sort([1,x])': '<' not supported between instances of 'str' "
         "and 'int'"},
        // 76 items: past binary insertion, the runs' merges decide which pair is compared
        // first (CPython 3.13 says int and NoneType here; the tool said NoneType and int).
        {"a=sort([89,66,4,59,93,68,55,22,70,87,27,61,44,20,53,95,96,78,77,76,21,16,48,77,89,50,16,89,63,71,11,20,"
         "23,41,62,24,96,48,null,76,32,34,30,13,49,24,77,15,97,59,14,63,15,46,54,72,45,75,22,96,69,87,29,46,32,57,40,"
         "95,35,x,38,25,41,68,75,89])",
         "TypeError while evaluating 'sort([89,66,4,59,93,68,55,22,70,87,27,61,44,20,53,95,96,78,77,76,21,16,48,77,"
         "89,50,16,89,63,71,11,20,23,41,62,24,96,48,null,76,32,34,30,13,49,24,77,15,97,59,14,63,15,46,54,72,45,75,22,"
         "96,69,87,29,46,32,57,40,95,35,x,38,25,41,68,75,89])': '<' not supported between instances of 'int' and "
         "'NoneType'"},
        {"a=sort([{a:1},{b:2}])",
         "TypeError while evaluating 'sort([{a:1},{b:2}])': '<' not supported between "
         "instances of 'dict' and 'dict'"},
        {"a=sort([1,null])",
         "TypeError while evaluating 'sort([1,null])': '<' not supported between instances of "
         "'NoneType' and 'int'"},
        {"a=sort(null)",
         "TypeError while evaluating 'sort(null)': mismatch type argument args[0]: NoneType is "
         "incompatible with Union[str, int, bool, float, list, dict, ChoiceSweep, RangeSweep]"},
        {"a=shuffle(null)",
         "TypeError while evaluating 'shuffle(null)': mismatch type argument args[0]: NoneType is "
         "incompatible with Union[str, int, bool, float, list, dict, ChoiceSweep, RangeSweep]"},
        {"a=sort(interval(0,1))",
         "TypeError while evaluating 'sort(interval(0,1))': mismatch type argument args[0]: "
         "IntervalSweep is incompatible with Union[str, int, bool, float, list, dict, "
         "ChoiceSweep, RangeSweep]"},
        {"a=sort([1],reverse=1)",
         "TypeError while evaluating 'sort([1],reverse=1)': mismatch type argument reverse: "
         "int is incompatible with bool"},
        {"a=sort(list=x)",
         "TypeError while evaluating 'sort(list=x)': mismatch type argument list: str is "
         "incompatible with Optional[List[Any]]"},
        {"a=sort(sweep=[1])",
         "TypeError while evaluating 'sort(sweep=[1])': mismatch type argument sweep: list is "
         "incompatible with Optional[Union[ChoiceSweep, RangeSweep]]"},
        {"a=sort(x=1)", "TypeError while evaluating 'sort(x=1)': got an unexpected keyword argument 'x'"},
        {"a=sort()", "ValueError while evaluating 'sort()': empty sort input"},
        {"a=sort([1],[2])", "TypeError while evaluating 'sort([1],[2])': Invalid arguments: ([1], [2])"},
        {"a=sort(1,{k: v})", "TypeError while evaluating 'sort(1,{k: v})': Invalid arguments: (1, {'k': 'v'})"},
        {"a=shuffle(choice(1),2)", "AssertionError while evaluating 'shuffle(choice(1),2)': "},
        {"a=tag(x)",
         "ValueError while evaluating 'tag(x)': Last argument to tag() must be a choice(), range() or "
         "interval(), got NoneType"},
        {"a=tag()", "ValueError while evaluating 'tag()': Not enough arguments to tag, must take at least a sweep"},
        {"a=tag(1,choice(a))",
         "TypeError while evaluating 'tag(1,choice(a))': mismatch type argument args[0]: int is "
         "incompatible with Union[str, Sweep]"},
        {"a=choice()", "ValueError while evaluating 'choice()': empty choice is not legal"},
        {"a=choice(choice(1,2))",
         "ValueError while evaluating 'choice(choice(1,2))': nesting choices is not supported"},
        {"a=choice(null)",
         "TypeError while evaluating 'choice(null)': mismatch type argument args[0]: NoneType is "
         "incompatible with Union[str, int, float, bool, Dict[Any, Any], List[Any], ChoiceSweep]"},
        {"a=range(x)",
         "TypeError while evaluating 'range(x)': mismatch type argument start: str is incompatible "
         "with Union[int, float]"},
        {"a=range(1,2,3,4)", "TypeError while evaluating 'range(1,2,3,4)': too many positional arguments"},
        {"a=range()", "TypeError while evaluating 'range()': missing a required argument: 'start'"},
        {"a=str(interval(0,1))", "ValueError while evaluating 'str(interval(0,1))': Intervals cannot be cast to str"},
        {"a=str(range(1,3))", "ValueError while evaluating 'str(range(1,3))': Range can only be cast to int or float"},
        {"a=int(choice(x))",
         "ValueError while evaluating 'int(choice(x))': invalid literal for int() with base 10: "
         "'x'"},
        {"a=[shuffle(1,2)]", "a sweep inside a value is not supported: 'shuffle(1,2)'"},
        {"a=[choice(1,2)]", "a sweep inside a value is not supported: 'choice(1,2)'"},
        {"a=extend_list([1],[2])",
         "HydraException while evaluating 'extend_list([1],[2])': Unknown function "
         "'extend_list'\ncommand line: Available: bool,choice,float,glob,int,interval,range,shuffle,sort,"
         "str,tag"},
        {"a=append(1)",
         "HydraException while evaluating 'append(1)': Unknown function 'append'\ncommand line: Available: bool,"
         "choice,float,glob,int,interval,range,shuffle,sort,str,tag"},
    }));
    INFO(std::get<0>(row));
    CHECK(parsed(std::get<0>(row)) == p + "'" + std::get<0>(row) + "': " + std::get<1>(row));
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

TEST_CASE("parse_override: a failing cast or call is Hydra's error, while evaluating the call", "[override]") {
    const std::string p = "error: command line: Error parsing override ";
    auto row = GENERATE_REF(table<std::string, std::string>({
        {"a=int(x)", "'a=int(x)': ValueError while evaluating 'int(x)': invalid literal for int() with base 10: 'x'"},
        {"a=[1, bool(yes)]", "'a=[1, bool(yes)]': ValueError while evaluating 'bool(yes)': Cannot cast 'yes' to bool"},
        {"a=int(null)", "'a=int(null)': AssertionError while evaluating 'int(null)': "},
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

TEST_CASE("parse_set: --set KEY=VALUE is the token ++KEY=VALUE, shown as typed", "[override]") {
    auto row = GENERATE(table<std::string, std::string>({
        {"a=yes", "++key(a) = str('yes')"},
        {"a.b='x'", "++key(a.b) = quoted('x')"},
        {"c=", "++key(c) = str('')"},
        {"d=null", "++key(d) = null"},
        {"e=[1, 2]", "++key(e) = [int(1), int(2)]"},
        // A + or ++ written in front changes nothing: --set always adds or overrides.
        {"+a=1", "++key(a) = int(1)"},
        {"++b=2", "++key(b) = int(2)"},
        // Columns count from what was typed, not from the "++" in front of it.
        {"a=~", "error: --set: Error parsing override 'a=~': token recognition error at column 3: '~'"},
        {"+++a=1", "error: --set: Error parsing override '+++a=1': unexpected at column 3: '+'"},
        {"~a=1", "error: --set: Error parsing override '~a=1': unexpected at column 1: '~'"},
        {"a b=1", "error: --set: Error parsing override 'a b=1': token recognition error at column 2: ' '"},
        {"a", "error: --set: expected KEY=VALUE, got 'a'"},
        {"", "error: --set: expected KEY=VALUE, got ''"},
        // An empty key, which no config could read back (it used to be set).
        {"=x", "error: --set: expected KEY=VALUE, got '=x' (no KEY before '=')"},
        {"++=x", "error: --set: expected KEY=VALUE, got '++=x' (no KEY before '=')"},
        {"=", "error: --set: expected KEY=VALUE, got '=' (no KEY before '=')"},
    }));
    std::string out;
    try {
        out = dump(parse_set(std::get<0>(row)));
    } catch (const Error& e) {
        CHECK(e.kind() == Error::Kind::usage);
        out = std::string("error: ") + e.what();
    }
    CHECK(out == std::get<1>(row));
}

TEST_CASE("parse_set keeps the text as typed and --set as the source, for the messages after it", "[override]") {
    ParsedOverride o = parse_set("+a=1");
    CHECK(o.input == "+a=1");
    CHECK(o.source == "--set");
    CHECK(o.type == ParsedOverride::Type::force_add);
    ParsedOverride c = parse_override("+a=1", "command line");
    CHECK(c.input == "+a=1");
    CHECK(c.source == "command line");
    CHECK(c.type == ParsedOverride::Type::add);
}
