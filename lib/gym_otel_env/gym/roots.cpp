#include "gym_otel_env/gym/roots.hpp"

#include <algorithm>
#include <set>

#include <fmt/format.h>

#include "gym_otel_env/core/text.hpp"

namespace goe {
namespace {

std::vector<std::string_view> components(std::string_view path) {
    std::vector<std::string_view> out;
    size_t start = 0;
    while (start <= path.size()) {
        size_t end = path.find('/', start);
        if (end == std::string_view::npos) end = path.size();
        std::string_view part = path.substr(start, end - start);
        if (!part.empty() && part != ".") out.push_back(part);
        start = end + 1;
    }
    return out;
}

}  // namespace

std::string pure_path(std::string_view path) {
    std::string out = !path.empty() && path.front() == '/' ? "/" : "";
    for (auto part : components(path)) {
        if (!out.empty() && out.back() != '/') out += '/';
        out += part;
    }
    return out.empty() ? "." : out;
}

std::string join_path(std::string_view root, std::string_view path) {
    if (!path.empty() && path.front() == '/') return pure_path(path);
    std::string base = pure_path(root);
    if (base == ".") return pure_path(path);
    std::string rest = pure_path(path);
    if (rest == ".") return base;
    return base.back() == '/' ? base + rest : base + "/" + rest;
}

SearchRoots::SearchRoots(const std::vector<std::string>& search_dirs, const Environment& env,
                         const std::optional<std::string>& gym_root, FileSystem& fs)
    : cwd_(fs.working_directory()) {
    std::vector<std::pair<std::string, std::string>> wanted;
    wanted.reserve(search_dirs.size() + 2);
    for (const auto& dir : search_dirs) wanted.emplace_back(dir, "--search-dir");
    if (auto extra = lookup(env, "NEMO_GYM_EXTRA_ROOTS"))
        for (auto& root : split(*extra, ':'))
            if (!root.empty()) wanted.emplace_back(std::move(root), "NEMO_GYM_EXTRA_ROOTS");
    wanted.emplace_back(".", "the working directory");
    if (gym_root) wanted.emplace_back(*gym_root, "the Gym install root");
    // Gym drops a root whose resolved directory came earlier (in a checkout the working
    // directory and the install root are one), keeping the first spelling.
    std::set<std::string> seen;
    for (auto& [root, why] : wanted) {
        if (root.empty()) continue;  // --search-dir '': Gym's pathsep join drops it too
        if (!seen.insert(fs.resolve(root == "." ? cwd_ : root)).second) continue;
        if (root == ".") cwd_index_ = roots_.size();
        roots_.push_back(std::move(root));
        why_.push_back(std::move(why));
    }
    if (std::find(roots_.begin(), roots_.end(), ".") == roots_.end()) {
        // The working directory came earlier under another name: that root is it.
        std::string here = fs.resolve(cwd_);
        for (size_t i = 0; i < roots_.size(); ++i)
            if (fs.resolve(roots_[i]) == here) cwd_index_ = i;
    }
}

std::vector<std::string> SearchRoots::absolute_roots() const {
    std::vector<std::string> out;
    for (const auto& root : roots_) out.push_back(root == "." ? cwd_ : root);
    return out;
}

std::vector<std::string> SearchRoots::candidates(const std::string& entry) const {
    if (!entry.empty() && entry.front() == '/') return {entry};
    std::vector<std::string> out;
    for (const auto& root : roots_) out.push_back(root == "." ? entry : join_path(root, entry));
    return out;
}

std::string SearchRoots::places(const std::string& entry) const {
    std::string out;
    for (const auto& root : roots_) {
        if (!out.empty()) out += ", ";
        out += !entry.empty() && entry.front() == '/' ? entry : join_path(root == "." ? cwd_ : root, entry);
        if (!entry.empty() && entry.front() == '/') break;
    }
    return out;
}

std::string SearchRoots::not_found(const std::string& entry) const {
    return fmt::format(
        "config_paths entry '{}' was not found. Looked in: {}. Check the path is spelled correctly "
        "and is relative to your working directory, an extra root (NEMO_GYM_EXTRA_ROOTS / "
        "--search-dir), or the Gym install root.",
        entry, places(entry));
}

}  // namespace goe
