#include <catch2/catch.hpp>

#include "gym_otel_env/core/file_system.hpp"

using namespace goe;

TEST_CASE("lexical_resolve spells a path as Path.resolve() does where nothing is a symlink") {
    CHECK(lexical_resolve("a/../b/./c", "/w") == "/w/b/c");
    CHECK(lexical_resolve("/../x", "/w") == "/x");
    CHECK(lexical_resolve("../../..", "/w") == "/");
    CHECK(lexical_resolve("", "/w/") == "/w");
    CHECK(lexical_resolve("//a//b/", "/w") == "/a/b");
    CHECK(lexical_resolve("x/..", ".") == ".");
    CHECK(lexical_resolve("../x", ".") == "../x");
    CHECK(lexical_resolve("../../x/..", "a") == "..");
}
