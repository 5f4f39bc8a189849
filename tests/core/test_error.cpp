#include <catch2/catch.hpp>

#include "gym_otel_env/core/error.hpp"

TEST_CASE("Error shortens long key paths and details in its message") {
    std::string path = "a";
    for (int i = 0; i < 300; ++i) path += ".a";
    goe::Error e(goe::Origin{"c.yaml", 2, 9}, path, std::string(5000, 'x'));
    std::string what = e.what();
    CHECK(what == "c.yaml:2:9: " + path.substr(0, 150) + "..." + path.substr(path.size() - 150) + ": " +
                      std::string(500, 'x') + "..." + std::string(500, 'x'));
    CHECK(e.key_path() == path);
    CHECK(e.detail().size() == 5000);
    // Cut between characters, never inside one.
    std::string wide;
    for (int i = 0; i < 1000; ++i) wide += "\xc3\xa9";
    std::string cut = goe::Error(wide).what();
    CHECK(cut == wide.substr(0, 500) + "..." + wide.substr(1500));
}
