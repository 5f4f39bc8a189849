// What the unit tests share, one copy of each: an in-memory FileSystem, error_of for the
// message of a goe::Error, builders of large inputs (repeat, laughs), and readers of the
// source tree's files for the consistency tests.
#pragma once

#include <fmt/format.h>
#include <catch2/catch.hpp>

#include <fstream>
#include <map>
#include <optional>
#include <regex>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "gym_otel_env/core/error.hpp"
#include "gym_otel_env/core/file_system.hpp"
#include "gym_otel_env/gym/roots.hpp"

namespace goe::testing {

// Paths map to contents; a file's parents are its directories; `links` maps a path (a
// directory or a file) to the one it points at; only `executables` may be run. Reading a
// directory throws, as DiskFileSystem does.
class MemoryFileSystem : public FileSystem {
public:
    std::map<std::string, std::string> files;
    std::set<std::string> directories;         // empty directories (others come from files)
    std::map<std::string, std::string> links;  // absolute path -> absolute target
    std::set<std::string> executables;         // files with an execute bit, as `files` names them
    std::string stdin_text;
    int stdin_reads = 0;
    std::string cwd = ".";  // "." keeps every path as written

    std::optional<std::string> read(const std::string& path) override {
        auto it = files.find(canonical(path));
        if (it != files.end()) return it->second;
        if (kind(path) == Kind::directory) throw Error(Origin{path}, {}, "is a directory, not a config file");
        return std::nullopt;
    }
    std::string read_stdin() override {
        ++stdin_reads;
        return stdin_text;
    }

    Kind kind(const std::string& path) override {
        std::string p = canonical(path);
        if (files.count(p)) return Kind::file;
        if (directories.count(p)) return Kind::directory;
        for (const auto& [name, text] : files)
            if (name.starts_with(p + "/") || (p == "/" && name.starts_with("/"))) return Kind::directory;
        return Kind::none;
    }

    std::vector<std::string> list(const std::string& directory) override {
        std::string p = canonical(directory);
        std::string prefix = p == "/" ? "/" : p + "/";
        std::set<std::string> names;
        auto add = [&](const std::string& full) {
            if (!full.starts_with(prefix)) return;
            std::string rest = full.substr(prefix.size());
            names.insert(rest.substr(0, rest.find('/')));
        };
        for (const auto& [name, text] : files) add(name);
        for (const auto& d : directories) add(d);
        names.erase("");
        return {names.begin(), names.end()};
    }

    std::string resolve(const std::string& path) override { return follow(lexical_resolve(path, cwd)); }
    std::string working_directory() override { return cwd; }
    bool executable(const std::string& path) override {
        return kind(path) != Kind::none && executables.count(canonical(path)) > 0;
    }

private:
    std::string follow(std::string p) const {
        for (int hops = 0; hops < 8; ++hops) {
            bool changed = false;
            for (const auto& [from, to] : links) {
                if (p == from || p.starts_with(from + "/")) {
                    p.replace(0, from.size(), to);
                    changed = true;
                }
            }
            if (!changed) break;
        }
        return p;
    }
    // Stored names are as tests write them: relative ones stay relative when cwd is ".".
    std::string canonical(const std::string& path) const {
        if (cwd == "." && (path.empty() || path[0] != '/')) return pure_path(path);
        return follow(lexical_resolve(path, cwd));
    }
};

// The message of the goe::Error that `f` throws, its kind checked when one is given. A
// failed check when `f` throws none (the comparison that uses the result fails too).
template <class F>
std::string error_of(F&& f, std::optional<Error::Kind> kind = std::nullopt) {
    try {
        std::forward<F>(f)();
    } catch (const Error& e) {
        if (kind) CHECK(e.kind() == *kind);
        return e.what();
    }
    FAIL_CHECK("no goe::Error was thrown");
    return "(no error)";
}

// Every export of `telemetry: {enabled: true}` and nothing else, by name, the run id
// drawn as 0123456789ab: what translate gives, written out by hand from the schema's
// defaults so that a test of it can fail.
inline std::map<std::string, std::string> default_exports() {
    return {
        {"NEMO_GYM_OTEL_ENABLED", "1"},
        {"NEMO_GYM_OTEL_SPAN_GROUPS", "default"},
        {"NEMO_GYM_OTEL_EXPORT_STRATEGY", "all_ranks"},
        {"NEMO_GYM_OTEL_EXPORT_RANK", "-1"},
        {"NEMO_GYM_OTEL_TRACES_ENABLED", "1"},
        {"NEMO_GYM_OTEL_METRICS_ENABLED", "1"},
        {"NEMO_GYM_OTEL_LOGS_ENABLED", "0"},
        {"NEMO_GYM_OTEL_EXPORTER", "otlp"},
        {"NEMO_GYM_OTEL_SERVICE_NAME_PER_SERVER", "1"},
        {"NEMO_GYM_OTEL_INSTRUMENT_AIOHTTP", "1"},
        {"OTEL_SERVICE_NAME", "nemo-gym"},
        {"NEMO_GYM_OTEL_RUN_ID", "0123456789ab"},
    };
}

// `s` written `n` times.
inline std::string repeat(std::string_view s, size_t n) {
    std::string out;
    out.reserve(s.size() * n);
    for (size_t i = 0; i < n; ++i) out += s;
    return out;
}

// A billion-laughs document of `levels` lines: a0 lists `leaf` ten times, and each a{i}
// lists a{i-1} ten times through an alias, so a{i} stands for 10^(i+1) leaves.
inline std::string laughs(int levels, std::string_view leaf = "x") {
    std::string out = fmt::format("a0: &a0 [{}]\n", repeat(std::string(leaf) + ", ", 9) + std::string(leaf));
    for (int i = 1; i < levels; ++i) {
        out += fmt::format("a{}: &a{} [", i, i);
        for (int k = 0; k < 10; ++k) out += fmt::format("{}*a{}", k ? ", " : "", i - 1);
        out += "]\n";
    }
    return out;
}

// A file of the source tree (docs, completions), for the consistency tests that hold a
// copy of a table to the table; GOE_SOURCE_DIR comes from tests/CMakeLists.txt.
inline std::string source_file(std::string_view relative) {
    std::string path = std::string(GOE_SOURCE_DIR) + "/" + std::string(relative);
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read " + path);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// The blank-separated words of group 1 of `pattern`'s first match in the file, a lone
// `\` (a line continuation) left out; a note when nothing matches.
inline std::vector<std::string> matched_words(std::string_view relative, const std::string& pattern) {
    std::string text = source_file(relative);
    std::smatch m;
    if (!std::regex_search(text, m, std::regex(pattern)))
        return {"(no match for " + pattern + " in " + std::string(relative) + ")"};
    std::vector<std::string> out;
    std::istringstream words(m[1].str());
    for (std::string word; words >> word;)
        if (word != "\\") out.push_back(word);
    return out;
}

}  // namespace goe::testing
