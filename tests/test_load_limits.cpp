#include <fmt/format.h>
#include <catch2/catch.hpp>

#include <map>
#include <string>

#include "gym_otel_env/load.hpp"

namespace {

class Files : public goe::FileSystem {
public:
    std::map<std::string, std::string> files;
    std::string stdin_text;
    int stdin_reads = 0;

    std::optional<std::string> read(const std::string& path) override {
        if (path == "dir") throw goe::Error(goe::Origin{path}, {}, "is a directory, not a config file");
        auto it = files.find(path);
        if (it == files.end()) return std::nullopt;
        return it->second;
    }
    std::string read_stdin() override {
        ++stdin_reads;
        return stdin_text;
    }
};

std::string error_of(const goe::LoadRequest& request, Files& fs, const goe::LoadLimits& limits = {}) {
    try {
        goe::load(request, {}, fs, limits);
    } catch (const goe::Error& e) {
        return e.what();
    }
    return "no error";
}

goe::LoadRequest configs(std::vector<std::string> names) {
    goe::LoadRequest request;
    request.configs = std::move(names);
    request.no_env_yaml = true;
    return request;
}

}  // namespace

TEST_CASE("load reads a file that includes itself once, through its search root") {
    Files fs;
    fs.files["c.yaml"] = "config_paths: [c.yaml]\ntelemetry: {enabled: true}\n";
    auto loaded = goe::load(configs({"c.yaml"}), {}, fs);
    CHECK(loaded.files == std::vector<std::string>{"c.yaml"});
    fs.files["a.yaml"] = "config_paths: [b.yaml]\n";
    fs.files["b.yaml"] = "config_paths: [a.yaml]\n";
    CHECK(goe::load(configs({"a.yaml"}), {}, fs).files == std::vector<std::string>{"b.yaml", "a.yaml"});
}

TEST_CASE("load limits the number of files") {
    Files fs;
    goe::LoadLimits limits;
    limits.max_files = 5;
    // A chain of includes, each file pulling in the next.
    for (int i = 0; i < 10; ++i)
        fs.files[fmt::format("f{}.yaml", i)] = fmt::format("config_paths: [f{}.yaml]\n", i + 1);
    CHECK(error_of(configs({"f0.yaml"}), fs, limits) ==
          "f4.yaml:1:16: config_paths[0]: more than 5 config files to load");
    // One list naming a million files fails before it is collected.
    std::string list = "config_paths: [";
    for (int i = 0; i < 1000; ++i) list += fmt::format("{}x{}.yaml", i ? ", " : "", i);
    fs.files["many.yaml"] = list + "]\n";
    CHECK(error_of(configs({"many.yaml"}), fs, limits) ==
          "many.yaml:1:52: config_paths[4]: more than 5 config files to load");
}

TEST_CASE("load reads '-' in config_paths as a file, not standard input") {
    Files fs;
    fs.stdin_text = "telemetry: {enabled: true}\n";
    fs.files["c.yaml"] = "config_paths: ['-']\n";
    CHECK(error_of(configs({"c.yaml"}), fs) ==
          "c.yaml:1:16: config_paths[0]: config_paths entry '-' was not found. Looked in: -. Check the path is "
          "spelled correctly and is relative to your working directory, an extra root (NEMO_GYM_EXTRA_ROOTS / "
          "--search-dir), or the Gym install root.");
    CHECK(fs.stdin_reads == 0);
    CHECK(error_of(configs({"-"}), fs) == "no error");
    CHECK(fs.stdin_reads == 1);
}

TEST_CASE("load passes on what the file system refuses") {
    Files fs;
    fs.files["c.yaml"] = "config_paths: [dir]\n";
    CHECK(error_of(configs({"dir"}), fs) == "dir: is a directory, not a config file");
    CHECK(error_of(configs({"c.yaml"}), fs) == "dir: is a directory, not a config file");
}

TEST_CASE("load limits the depth of an override key") {
    Files fs;
    goe::LoadRequest request = configs({});
    std::string key = "a";
    for (int i = 0; i < 100000; ++i) key += ".a";
    request.sets.push_back(key + "=1");
    CHECK_THAT(error_of(request, fs),
               Catch::StartsWith("--set: a.a.a") && Catch::EndsWith("a.a: nesting deeper than 256 levels"));
}
