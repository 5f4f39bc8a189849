// Fuzz target: one input -> load -> merge -> resolve -> validate -> translate -> render,
// everything in memory. Built with -fsanitize=fuzzer under clang, or with
// replay_main.cpp so that ordinary CI runs the checked-in corpus.
//
// The input is one config file, c.yaml. Lines that are YAML comments also steer
// the run, so every input stays a readable (and mostly valid) config:
//   #env NAME=VALUE   an environment variable
//   #set KEY=VALUE    a --set override
//   #file NAME        what follows is another file (for config_paths, env.yaml)
// A file named "a-directory" reads as a directory does on disk.
#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>

#include <fmt/format.h>

#include "gym_otel_env/directives.hpp"
#include "gym_otel_env/gym_defaults.hpp"
#include "gym_otel_env/load.hpp"
#include "gym_otel_env/render.hpp"
#include "gym_otel_env/resolve.hpp"
#include "gym_otel_env/translate.hpp"
#include "gym_otel_env/validate.hpp"

namespace {

class MemoryFileSystem : public goe::FileSystem {
public:
    std::map<std::string, std::string> files;

    std::optional<std::string> read(const std::string& path) override {
        if (path == "a-directory") throw goe::Error(goe::Origin{path}, {}, "is a directory, not a config file");
        auto it = files.find(path);
        if (it == files.end()) return std::nullopt;
        return it->second;
    }
    std::string read_stdin() override { return files["<stdin>"]; }
};

struct Case {
    MemoryFileSystem fs;
    goe::Environment env;
    goe::LoadRequest request;
};

Case split(std::string_view input) {
    Case c;
    c.request.configs = {"c.yaml"};
    std::string* file = &c.fs.files["c.yaml"];
    while (!input.empty()) {
        size_t end = input.find('\n');
        std::string_view line = input.substr(0, end == std::string_view::npos ? input.size() : end + 1);
        input.remove_prefix(line.size());
        std::string_view body = line;
        if (!body.empty() && body.back() == '\n') body.remove_suffix(1);
        if (body.substr(0, 6) == "#file ") {
            file = &c.fs.files[std::string(body.substr(6))];
            continue;
        }
        if (body.substr(0, 5) == "#env ") {
            std::string_view pair = body.substr(5);
            size_t eq = pair.find('=');
            if (eq != std::string_view::npos) c.env[std::string(pair.substr(0, eq))] = std::string(pair.substr(eq + 1));
        } else if (body.substr(0, 5) == "#set ") {
            c.request.sets.emplace_back(body.substr(5));
        }
        *file += line;
    }
    return c;
}

void run(std::string_view input) {
    Case c = split(input);
    // Smaller than the defaults so that a bomb costs the fuzzer milliseconds, not
    // seconds; the checks are the same code.
    goe::LoadLimits load_limits;
    load_limits.max_files = 20;
    load_limits.parse.max_nodes = 20'000;
    load_limits.parse.max_merged_entries = 20'000;
    goe::ResolveLimits resolve_limits;
    resolve_limits.max_result_bytes = 1u << 20;
    resolve_limits.max_nodes = 20'000;
    resolve_limits.max_evaluations = 20'000;
    try {
        goe::Loaded loaded = goe::load(c.request, c.env, c.fs, load_limits);
        goe::NodePtr root = goe::apply_directives(loaded.root, goe::DirectiveLimits{20'000, 100});
        goe::check_missing(root);
        root = goe::apply_gym_defaults(root, c.env, [] { return std::optional<std::string>("192.0.2.1"); });
        goe::NodePtr block = goe::resolve_subtree(root, "telemetry", c.env, resolve_limits);
        goe::Settings settings = goe::validate(block);
        goe::Translation translation = goe::translate(settings, c.env, [] { return std::string("0123456789ab"); });
        // Fresh tokens, as the real random source gives: the GitHub format draws
        // delimiters until one does not occur in the value, so a constant one that
        // the input contains would loop forever (the first fuzzing run found this).
        unsigned tokens = 0;
        auto token = [&tokens] { return fmt::format("{:016x}", ++tokens); };
        for (auto format :
             {goe::Format::sh, goe::Format::fish, goe::Format::json, goe::Format::dotenv, goe::Format::github})
            goe::render(translation.exports, format, token);
    } catch (const goe::Error& e) {
        // The expected way to fail; the message must still be printable.
        std::string text = e.what();
        (void)text;
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    run(std::string_view(reinterpret_cast<const char*>(data), size));
    return 0;
}
