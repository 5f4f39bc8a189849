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

TEST_CASE("key_origin: the key the parser noted last before a value, else the value's own origin") {
    goe::SourceName file("c.yaml");
    file.note_key(1, 1);
    file.note_key(2, 3);
    file.note_key(3, 3);
    CHECK(goe::key_origin(goe::Origin{file, 2, 16}).str() == "c.yaml:2:3");
    CHECK(goe::key_origin(goe::Origin{file, 3, 1}).str() == "c.yaml:2:3");  // a value on the next line
    CHECK(goe::key_origin(goe::Origin{file, 1, 1}).str() == "c.yaml:1:1");  // nothing before: itself
    CHECK(goe::key_origin(goe::Origin{"--set"}).str() == "--set");
    CHECK(goe::key_origin(goe::Origin{goe::SourceName("d.yaml"), 4, 2}).str() == "d.yaml:4:2");
}

TEST_CASE("Error::because: a cause a later stage reads instead of the words") {
    goe::Error plain("x");
    CHECK(plain.cause() == goe::Error::Cause::none);
    goe::Error e = goe::Error(goe::Origin{"c.yaml", 1, 2}, "k", "environment variable 'K' not found")
                       .because(goe::Error::Cause::unset_variable, "K");
    CHECK(e.cause() == goe::Error::Cause::unset_variable);
    CHECK(e.subject() == "K");
    CHECK(std::string(e.what()) == "c.yaml:1:2: k: environment variable 'K' not found");
}
