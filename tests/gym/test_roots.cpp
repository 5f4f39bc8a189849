#include <catch2/catch.hpp>

#include "gym_otel_env/core/file_system.hpp"
#include "gym_otel_env/gym/roots.hpp"
#include "support.hpp"

using namespace goe;
using goe::testing::MemoryFileSystem;

namespace {
const std::string kCheck =
    " Check the path is spelled correctly and is relative to your working directory, an extra root "
    "(NEMO_GYM_EXTRA_ROOTS / --search-dir), or the Gym install root.";
}

TEST_CASE("pure_path and join_path spell paths as pathlib does") {
    struct Row {
        std::string in, pure;
    };
    for (const auto& r : std::vector<Row>{
             {"a//b/./c/", "a/b/c"}, {"", "."}, {"./", "."}, {"/", "/"}, {"//x", "/x"}, {"a/../b", "a/../b"}}) {
        INFO(r.in);
        CHECK(pure_path(r.in) == r.pure);
    }
    CHECK(join_path(".", "c.yaml") == "c.yaml");
    CHECK(join_path("/r/", "./c.yaml") == "/r/c.yaml");
    CHECK(join_path("/r", "/abs.yaml") == "/abs.yaml");
    CHECK(join_path("/", "c.yaml") == "/c.yaml");
    CHECK(join_path("rel", ".") == "rel");
}

TEST_CASE("SearchRoots orders ours, NEMO_GYM_EXTRA_ROOTS, the working directory, then Gym's root") {
    MemoryFileSystem fs;
    fs.cwd = "/w";
    SearchRoots roots({"/a", "rel"}, {{"NEMO_GYM_EXTRA_ROOTS", "/c::/d:"}}, std::string("/site"), fs);
    CHECK(roots.roots() == std::vector<std::string>{"/a", "rel", "/c", "/d", ".", "/site"});
    CHECK(roots.absolute_roots() == std::vector<std::string>{"/a", "rel", "/c", "/d", "/w", "/site"});
    CHECK(roots.candidates("x/c.yaml") == std::vector<std::string>{"/a/x/c.yaml", "rel/x/c.yaml", "/c/x/c.yaml",
                                                                   "/d/x/c.yaml", "x/c.yaml", "/site/x/c.yaml"});
    CHECK(roots.candidates("/abs.yaml") == std::vector<std::string>{"/abs.yaml"});
}

TEST_CASE("SearchRoots says what put each root on the list, and which one is the working directory") {
    MemoryFileSystem fs;
    fs.cwd = "/w";
    SearchRoots roots({"/a"}, {{"NEMO_GYM_EXTRA_ROOTS", "/c"}}, std::string("/site"), fs);
    CHECK(roots.why(0) == "--search-dir");
    CHECK(roots.why(1) == "NEMO_GYM_EXTRA_ROOTS");
    CHECK(roots.why(2) == "the working directory");
    CHECK(roots.why(3) == "the Gym install root");
    CHECK(roots.working_directory_index() == 2);
    // Named earlier by another spelling, the working directory is that root.
    SearchRoots named({"/a"}, {{"NEMO_GYM_EXTRA_ROOTS", "/w/"}}, std::nullopt, fs);
    CHECK(named.roots() == std::vector<std::string>{"/a", "/w/"});
    CHECK(named.working_directory_index() == 1);
}

TEST_CASE("SearchRoots counts roots that resolve to one directory once, keeping the first spelling") {
    MemoryFileSystem fs;
    fs.cwd = "/w";
    fs.links["/link"] = "/a";
    // "/a/x/.." is /a; "/link" points at /a; "/w/" and the Gym root /w are the working directory;
    // "w2/.." relative to /w is /w too; an empty --search-dir is dropped, as Gym's pathsep join drops it.
    SearchRoots roots({"/a/x/..", "/a", "/link", "", "../w/"}, {{"NEMO_GYM_EXTRA_ROOTS", "/a:/b:/b/"}},
                      std::string("/w"), fs);
    CHECK(roots.roots() == std::vector<std::string>{"/a/x/..", "../w/", "/b"});
    // The working directory itself came as ../w/ first: "." is then the same root.
    SearchRoots plain({}, {}, std::string("/link/../w"), fs);
    CHECK(plain.roots() == std::vector<std::string>{"."});
}

TEST_CASE("SearchRoots::not_found lists every place, the working directory absolute") {
    MemoryFileSystem fs;
    fs.cwd = "/home/u/run";
    SearchRoots roots({"/sd"}, {{"NEMO_GYM_EXTRA_ROOTS", "extra"}}, std::string("/site"), fs);
    CHECK(roots.not_found("configs/x.yaml") ==
          "config_paths entry 'configs/x.yaml' was not found. Looked in: /sd/configs/x.yaml, extra/configs/x.yaml, "
          "/home/u/run/configs/x.yaml, /site/configs/x.yaml." +
              kCheck);
    CHECK(roots.not_found("/abs/x.yaml") ==
          "config_paths entry '/abs/x.yaml' was not found. Looked in: /abs/x.yaml." + kCheck);
    CHECK(roots.places("configs/x.yaml") ==
          "/sd/configs/x.yaml, extra/configs/x.yaml, /home/u/run/configs/x.yaml, /site/configs/x.yaml");
}

TEST_CASE("FileSystem's defaults keep a read-only double working") {
    // Only read() and read_stdin(): a file is what can be read, the working directory is ".",
    // resolve() is lexical, there are no directories to list.
    struct ReadOnly : FileSystem {
        std::optional<std::string> read(const std::string& path) override {
            return path == "c.yaml" ? std::optional<std::string>("x: 1\n") : std::nullopt;
        }
        std::string read_stdin() override { return {}; }
    } fs;
    CHECK(fs.kind("c.yaml") == FileSystem::Kind::file);
    CHECK(fs.kind("d.yaml") == FileSystem::Kind::none);
    CHECK(fs.list(".").empty());
    CHECK(fs.working_directory() == ".");
    CHECK(fs.resolve("a/../b/./c") == "b/c");
    SearchRoots roots({"a", "a/x/.."}, {}, std::nullopt, fs);
    CHECK(roots.roots() == std::vector<std::string>{"a", "."});
}
