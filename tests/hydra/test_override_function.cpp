// override_function: Hydra's grammar functions as Functions.eval calls them, and Python's
// sorted() on parsed values, with CPython's order of comparisons.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "gym_otel_env/hydra/override.hpp"
#include "gym_otel_env/hydra/override_shown.hpp"

using namespace goe;
using K = OverrideValue::Kind;

namespace {

OverrideValue val(K kind, std::string text = {}) {
    OverrideValue v;
    v.kind = kind;
    v.text = std::move(text);
    return v;
}
OverrideValue integer(std::string d) { return val(K::integer, std::move(d)); }
OverrideValue str(std::string t) { return val(K::string, std::move(t)); }
OverrideValue real(double x) {
    OverrideValue v = val(K::real);
    v.real = x;
    return v;
}

std::string sorted_dump(std::vector<OverrideValue> items, bool reverse = false) {
    OverrideValue list = val(K::list);
    try {
        list.items = python_sorted(std::move(items), reverse);
    } catch (const CastError& e) {
        return e.type + ": " + e.message;
    }
    return dump(list);
}

}  // namespace

TEST_CASE("python_sorted: Python's order, stable, reverse keeping equal items in order", "[override]") {
    CHECK(sorted_dump({integer("3"), integer("-10"), integer("2")}) == "[int(-10), int(2), int(3)]");
    CHECK(sorted_dump({integer("100000000000000000001"), real(1e20)}) == "[float(1e+20), int(100000000000000000001)]");
    CHECK(sorted_dump({real(2.0), integer("2"), real(1.5)}) == "[float(1.5), float(2.0), int(2)]");
    CHECK(sorted_dump({real(2.0), integer("2"), real(1.5)}, true) == "[float(2.0), int(2), float(1.5)]");
    CHECK(sorted_dump({str("b"), str("B"), str("\xc3\xa9"), str("a")}) ==
          "[str('B'), str('a'), str('b'), str('\xc3\xa9')]");
    CHECK(sorted_dump({}) == "[]");
}

TEST_CASE("python_sorted: the TypeError of the first pair CPython compares", "[override]") {
    // count_run compares items[1] < items[0] first, then each next item with the one before.
    CHECK(sorted_dump({integer("1"), str("a")}) == "TypeError: '<' not supported between instances of 'str' and 'int'");
    CHECK(sorted_dump({str("a"), integer("1")}) == "TypeError: '<' not supported between instances of 'int' and 'str'");
    CHECK(sorted_dump({integer("3"), integer("2"), val(K::null)}) ==
          "TypeError: '<' not supported between instances of 'NoneType' and 'int'");
    CHECK(sorted_dump({val(K::quoted, "a")}) == "[quoted('a')]");  // one item is never compared
    CHECK(sorted_dump({val(K::list), val(K::dict)}) ==
          "TypeError: '<' not supported between instances of 'dict' and 'list'");
}

TEST_CASE("call_hydra_function binds and checks the arguments as inspect and Functions.eval do", "[override]") {
    auto error = [](std::string_view name, std::vector<FunctionArg> args) -> std::string {
        try {
            call_hydra_function(name, args);
        } catch (const CastError& e) {
            return e.type + ": " + e.message;
        }
        return "no error";
    };
    FunctionValue one;
    one.value = integer("1");
    CHECK(error("interval", {{"", one}}) == "TypeError: missing a required argument: 'end'");
    CHECK(error("range", {{"", one}, {"start", one}}) == "TypeError: multiple values for argument 'start'");
    CHECK(error("glob", {{"", one}}) ==
          "TypeError: mismatch type argument include: int is incompatible with Union[List[str], str]");
    CHECK(error("sort", {{"", one}, {"reverse", one}, {"y", one}}) ==
          "TypeError: got an unexpected keyword argument 'y'");
    FunctionValue yes;
    yes.value = val(K::boolean);
    yes.value.boolean = true;
    CHECK(error("range", {{"", yes}}) == "no error");  // isinstance(True, int)
    CHECK(error("sort", {{"", one}, {"reverse", yes}}) == "no error");
}
