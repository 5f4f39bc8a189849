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

TEST_CASE("FileSystem's defaults keep a double without modes working: files run, a head is read() cut short") {
    struct ReadOnly : FileSystem {
        std::optional<std::string> read(const std::string& path) override {
            return path == "gym" ? std::optional<std::string>("#!/v/bin/python3\nimport sys\n") : std::nullopt;
        }
        std::string read_stdin() override { return {}; }
    } fs;
    CHECK(fs.executable("gym"));
    CHECK_FALSE(fs.executable("python3"));
    CHECK(fs.read_head("gym", 16) == "#!/v/bin/python3");
    CHECK(fs.read_head("gym", 100) == "#!/v/bin/python3\nimport sys\n");
    CHECK(fs.read_head("gym", 0) == "");
    CHECK(fs.read_head("python3", 16) == std::nullopt);
}

TEST_CASE("InDirectory: a relative path read under the directory, an absolute one as it is (env -C)") {
    struct Recorder : FileSystem {
        std::vector<std::string> asked;
        std::optional<std::string> read(const std::string& path) override {
            asked.push_back(path);
            return std::nullopt;
        }
        std::string read_stdin() override { return "stdin"; }
        std::string working_directory() override { return "/w"; }
    } base;
    InDirectory moved(base, "d/");
    moved.read("c.yaml");
    moved.read("/abs/c.yaml");
    moved.read(".");
    moved.kind("sub/x");
    CHECK(base.asked == std::vector<std::string>{"d/c.yaml", "/abs/c.yaml", "d/", "d/sub/x"});
    CHECK(moved.working_directory() == "/w/d");
    CHECK(moved.resolve("../x") == "/w/x");
    CHECK(moved.read_stdin() == "stdin");
    InDirectory absolute(base, "/elsewhere");
    CHECK(absolute.working_directory() == "/elsewhere");
    CHECK(absolute.resolve("a/b") == "/elsewhere/a/b");
}
