// The search roots of SPEC 1.3: where a relative config path is looked for, in Gym's
// order (component_search_roots), and the one message for a path found under none.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gym_otel_env/core/environment.hpp"
#include "gym_otel_env/core/file_system.hpp"

namespace goe {

// The text Python's PurePosixPath gives `path`: "a//b/./c/" -> "a/b/c", "" -> ".".
// ".." stays, as it does in Python (only resolve() collapses it).
std::string pure_path(std::string_view path);

// Python's `root / path`: an absolute `path` wins, "." as the root adds nothing.
std::string join_path(std::string_view root, std::string_view path);

class SearchRoots {
public:
    // `search_dirs`: ours, then the Gym command line's; then NEMO_GYM_EXTRA_ROOTS
    // (`:`-separated, empty entries dropped), the working directory, `gym_root`.
    SearchRoots(const std::vector<std::string>& search_dirs, const Environment& env,
                const std::optional<std::string>& gym_root, FileSystem& fs);

    // The roots in order, each once by resolved directory, the first spelling kept.
    // The working directory is "." here: a file found there keeps the name the user gave.
    const std::vector<std::string>& roots() const { return roots_; }

    // The roots as Gym holds them (component_search_roots): the working directory absolute.
    std::vector<std::string> absolute_roots() const;

    // Where `entry` is looked for, in order: itself when absolute, else under each root.
    std::vector<std::string> candidates(const std::string& entry) const;

    // What put root `index` (of roots()) on the list, as a message names it: "--search-dir",
    // "NEMO_GYM_EXTRA_ROOTS", "the working directory" or "the Gym install root".
    const std::string& why(size_t index) const { return why_[index]; }
    // The working directory's index in roots().
    size_t working_directory_index() const { return cwd_index_; }

    // Every place `entry` was looked for, as a message lists them: "/w/a.yaml, x/a.yaml";
    // the working directory is shown absolute, so that "relative to what?" has an answer.
    std::string places(const std::string& entry) const;

    // The message for a config_paths entry found nowhere: Gym's wording, on one line.
    std::string not_found(const std::string& entry) const;

private:
    std::vector<std::string> roots_;
    std::vector<std::string> why_;
    size_t cwd_index_ = 0;
    std::string cwd_;
};

}  // namespace goe
