// An in-memory FileSystem for tests: paths map to contents.
#pragma once

#include <map>
#include <string>

#include "gym_otel_env/load.hpp"

namespace goe::testing {

class MemoryFileSystem : public FileSystem {
public:
    std::map<std::string, std::string> files;
    std::string stdin_text;

    std::optional<std::string> read(const std::string& path) override {
        auto it = files.find(path);
        if (it == files.end()) return std::nullopt;
        return it->second;
    }
    std::string read_stdin() override { return stdin_text; }
};

}  // namespace goe::testing
