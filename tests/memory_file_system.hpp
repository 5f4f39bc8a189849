// The one in-memory FileSystem of the tests, shared by the unit tests (through
// support.hpp) and the fuzz target, which must not pull in Catch2.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
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

}  // namespace goe::testing
