// An in-memory FileSystem for tests: paths map to contents; a file's parents are its
// directories; `links` maps a directory path to the one it points at.
#pragma once

#include <map>
#include <set>
#include <string>

#include "gym_otel_env/load.hpp"
#include "gym_otel_env/roots.hpp"

namespace goe::testing {

class MemoryFileSystem : public FileSystem {
public:
    std::map<std::string, std::string> files;
    std::set<std::string> directories;         // empty directories (others come from files)
    std::map<std::string, std::string> links;  // absolute directory -> absolute target
    std::string stdin_text;
    std::string cwd = ".";  // "." keeps every path as written, as the old double did

    std::optional<std::string> read(const std::string& path) override {
        auto it = files.find(canonical(path));
        if (it == files.end()) return std::nullopt;
        return it->second;
    }
    std::string read_stdin() override { return stdin_text; }

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

private:
    std::string follow(std::string p) const {
        for (int hops = 0; hops < 8; ++hops) {
            bool changed = false;
            for (const auto& [from, to] : links) {
                if (p == from || p.starts_with(from + "/")) {
                    p = to + p.substr(from.size());
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
