#include "gym_otel_env/core/file_system.hpp"

#include <utility>

#include "gym_otel_env/core/text.hpp"

namespace goe {

std::string lexical_resolve(std::string_view path, std::string_view cwd) {
    std::string full =
        !path.empty() && path.front() == '/' ? std::string(path) : std::string(cwd) + "/" + std::string(path);
    bool absolute = !full.empty() && full.front() == '/';
    std::vector<std::string> kept;
    for (auto& part : split(full, '/')) {
        if (part.empty() || part == ".") continue;
        if (part == "..") {
            if (!kept.empty() && kept.back() != "..") kept.pop_back();
            else if (!absolute) kept.push_back(std::move(part));  // "/.." is "/"
            continue;
        }
        kept.push_back(std::move(part));
    }
    std::string out = absolute ? "/" : "";
    for (const auto& part : kept) {
        if (!out.empty() && out.back() != '/') out += '/';
        out += part;
    }
    return out.empty() ? "." : out;
}

InDirectory::InDirectory(FileSystem& base, std::string directory) : base_(base), directory_(std::move(directory)) {}

std::string InDirectory::at(const std::string& path) const {
    if (!path.empty() && path.front() == '/') return path;
    if (path.empty() || path == ".") return directory_;
    return directory_.back() == '/' ? directory_ + path : directory_ + "/" + path;
}

std::string FileSystem::resolve(const std::string& path) { return lexical_resolve(path, working_directory()); }

std::optional<std::string> FileSystem::read_head(const std::string& path, size_t max_bytes) {
    auto text = read(path);
    if (text && text->size() > max_bytes) text->resize(max_bytes);
    return text;
}

}  // namespace goe
