#include <catch2/catch.hpp>

#include "gym_otel_env/parse.hpp"

TEST_CASE("parse_yaml types a plain integer") {
    auto root = goe::parse_yaml("a: 42\n", "c.yaml");
    REQUIRE(root->type == goe::Type::mapping);
    CHECK((*root->find("a"))->text == "42");
}
