// The file system as the library sees it: an interface that apps/ implements on the disk
// and tests implement in memory, so that no stage reads the disk itself.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace goe {

class FileSystem {
public:
    virtual ~FileSystem() = default;
    // The file's bytes, or nullopt when nothing exists at `path`. Throws Error when
    // something exists but cannot be read as a config (a directory, a FIFO, too large).
    virtual std::optional<std::string> read(const std::string& path) = 0;
    virtual std::string read_stdin() = 0;

    // What the search roots and Gym's asset selectors need besides reading. The defaults
    // keep a read-only double working: a path is a file when it can be read, there are no
    // directories or links, and the working directory is "." (paths stay as written).
    enum class Kind { none, file, directory, other };
    virtual Kind kind(const std::string& path) { return read(path) ? Kind::file : Kind::none; }
    // The names in a directory (no "." or ".."), any order; empty when it is not one.
    virtual std::vector<std::string> list(const std::string& /*directory*/) { return {}; }
    // An absolute path with symlinks followed and ".." collapsed, as Python's
    // Path.resolve() gives it: the part that does not exist is taken as written.
    virtual std::string resolve(const std::string& path);
    virtual std::string working_directory() { return "."; }

    // What finding Gym's install root needs besides. The defaults keep a double without
    // modes working: every file may be run, and a file's head is read() cut short.
    // Whether this process may run the file at `path`: execvp's and `which`'s test.
    virtual bool executable(const std::string& path) { return kind(path) == Kind::file; }
    // The first `max_bytes` of the file (all of it when shorter), or nullopt when nothing
    // exists at `path`; throws Error as read() does, but a large file is no error.
    virtual std::optional<std::string> read_head(const std::string& path, size_t max_bytes);
};

// `path` made absolute under `cwd` with "." and ".." collapsed, touching nothing:
// what Path.resolve() gives where nothing is a symlink.
std::string lexical_resolve(std::string_view path, std::string_view cwd);

// `base` as a process whose working directory is `directory` sees it (`env -C DIR`): a
// relative path is read under `directory` (itself relative to `base`'s working
// directory), an absolute one as it is.
class InDirectory : public FileSystem {
public:
    InDirectory(FileSystem& base, std::string directory);
    std::optional<std::string> read(const std::string& path) override { return base_.read(at(path)); }
    std::string read_stdin() override { return base_.read_stdin(); }
    Kind kind(const std::string& path) override { return base_.kind(at(path)); }
    std::vector<std::string> list(const std::string& directory) override { return base_.list(at(directory)); }
    std::string resolve(const std::string& path) override { return base_.resolve(at(path)); }
    std::string working_directory() override { return base_.resolve(directory_); }
    bool executable(const std::string& path) override { return base_.executable(at(path)); }
    std::optional<std::string> read_head(const std::string& path, size_t max_bytes) override {
        return base_.read_head(at(path), max_bytes);
    }

private:
    std::string at(const std::string& path) const;
    FileSystem& base_;
    std::string directory_;
};

}  // namespace goe
