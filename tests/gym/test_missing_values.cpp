// Gym's raise_on_missing_values (gym/missing_values.hpp): every '???' left, listed in
// one error with Gym's hint.
#include <catch2/catch.hpp>

#include "gym_otel_env/gym/directives.hpp"
#include "gym_otel_env/gym/missing_values.hpp"
#include "support.hpp"

using namespace goe;
using goe::testing::error_of;
using goe::testing::Files;
using goe::testing::parse_marked;
using goe::testing::PipelineRun;

TEST_CASE("check_missing lists every missing value as Gym's raise_on_missing_values finds them") {
    std::string doc = "a:\n  - 1\n  - ???\n  - \"???\"\n  - - ???\nb:\n  c: ???\n  d: \"${x}\"\n  e: \"\\\\???\"\n";
    CHECK(error_of([&] { check_missing(parse_marked(doc, "c.yaml")); }) ==
          "4 required config value(s) are unset (still '\?\?\?') after merging:\n"
          "c.yaml:3:5: a[1]: unset ('\?\?\?')\n"
          "c.yaml:4:5: a[2]: unset ('\?\?\?')\n"
          "c.yaml:5:7: a[3][0]: unset ('\?\?\?')\n"
          "c.yaml:7:6: b.c: unset ('\?\?\?')\n"
          "provide each value with --set, in env.yaml or in a config you pass via config_paths, e.g. "
          "--set a[1]=<value> --set a[2]=<value> --set a[3][0]=<value>");
    CHECK_NOTHROW(check_missing(parse_marked("a: 1\nb: {c: '${x}'}\n", "c.yaml")));
}

// Gym checks after its directives pass: a '???' deleted there is gone, an unset source
// makes an unset target, reported at the directive.
TEST_CASE("check_missing: what the pipeline reports after the directives") {
    CHECK(error_of([&] {
              PipelineRun(Files{{"c.yaml", "x:\n  a: ???\n  _delete_key: a, b\n"}})();
          }) ==
          "1 required config value(s) are unset (still '\?\?\?') after merging:\n"
          "c.yaml:2:6: x.a: unset ('\?\?\?')\n"
          "provide each value with --set, in env.yaml or in a config you pass via config_paths, e.g. "
          "--set x.a=<value>");
    CHECK(error_of([&] {
              PipelineRun(Files{{"c.yaml", "base: ???\nx: {_inherit_from: base}\n"}})();
          }) ==
          "1 required config value(s) are unset (still '\?\?\?') after merging:\n"
          "c.yaml:2:20: x: unset ('\?\?\?')\n"
          "provide each value with --set, in env.yaml or in a config you pass via config_paths, e.g. "
          "--set x=<value>");
}

TEST_CASE("check_missing stops listing at its limit, also under aliases") {
    std::string doc = "a: &a\n  - ???\n  - ???\nb: &b [*a, *a]\nc: [*b, *b]\n";
    DirectiveLimits limits{1000, 3};
    CHECK(error_of([&] { check_missing(parse_marked(doc, "c.yaml"), limits); }) ==
          "more than 3 required config value(s) are unset (still '\?\?\?') after merging:\n"
          "c.yaml:2:5: a[0]: unset ('\?\?\?')\n"
          "c.yaml:3:5: a[1]: unset ('\?\?\?')\n"
          "c.yaml:2:5: b[0][0]: unset ('\?\?\?')\n"
          "provide each value with --set, in env.yaml or in a config you pass via config_paths, e.g. "
          "--set a[0]=<value> --set a[1]=<value> --set b[0][0]=<value>");
}
