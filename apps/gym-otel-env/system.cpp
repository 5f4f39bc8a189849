#include "system.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>
#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <memory>

#include <fmt/format.h>

#include "gym_otel_env/gym/install_root.hpp"

extern char** environ;

namespace goe::app {
namespace {

// Reads straight into the string. `expected` is the size stat() gave: the buffer is made
// that large at once (one more byte to see the end), so that a large config costs its
// size, not a doubling string's capacity and the copies on the way there.
std::string read_fd(int fd, const std::string& name, size_t expected = 0) {
    std::string out;
    size_t used = 0;
    out.resize(std::max(expected + 1, size_t{65536}));
    for (;;) {
        if (used == out.size()) out.resize(std::min(out.size() * 2, DiskFileSystem::kMaxFileBytes + 1));
        ssize_t n = ::read(fd, out.data() + used, out.size() - used);
        if (n == 0) break;
        if (n < 0) {
            if (errno == EINTR) continue;
            throw Error(Origin{name}, {}, fmt::format("cannot read: {}", std::strerror(errno)));
        }
        used += static_cast<size_t>(n);
        if (used > DiskFileSystem::kMaxFileBytes)
            throw Error(Origin{name}, {},
                        fmt::format("config larger than {} MiB", DiskFileSystem::kMaxFileBytes >> 20));
    }
    out.resize(used);
    if (out.capacity() > used + 65536) out.shrink_to_fit();  // a file that shrank, or stdin
    return out;
}

// stat() of a file to read: false when nothing is there, an Error for a directory or
// when it cannot be told.
bool stat_to_read(const std::string& path, struct stat& st) {
    if (::stat(path.c_str(), &st) != 0) {
        if (errno == ENOENT || errno == ENOTDIR) return false;
        throw Error(Origin{path}, {}, fmt::format("cannot read: {}", std::strerror(errno)));
    }
    if (S_ISDIR(st.st_mode)) throw Error(Origin{path}, {}, "is a directory, not a config file");
    return true;
}

int open_to_read(const std::string& path) {
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) throw Error(Origin{path}, {}, fmt::format("cannot open: {}", std::strerror(errno)));
    return fd;
}

}  // namespace

std::optional<std::string> DiskFileSystem::read(const std::string& path) {
    struct stat st {};
    if (!stat_to_read(path, st)) return std::nullopt;
    // A pipe, FIFO or process substitution (`<(...)`, /dev/stdin, /dev/fd/N) is read like
    // a file (SPEC 1.1), blocking until its writer closes it, within the same size limit
    // (read_fd); /dev/null is an empty config.
    bool regular = S_ISREG(st.st_mode);
    if (regular && static_cast<size_t>(st.st_size) > kMaxFileBytes)
        throw Error(Origin{path}, {}, fmt::format("config larger than {} MiB", kMaxFileBytes >> 20));
    int fd = open_to_read(path);
    try {
        std::string text = read_fd(fd, path, static_cast<size_t>(st.st_size));
        ::close(fd);
        return text;
    } catch (...) {
        ::close(fd);
        throw;
    }
}

std::string DiskFileSystem::read_stdin() { return read_fd(STDIN_FILENO, "<stdin>"); }

std::optional<std::string> DiskFileSystem::read_head(const std::string& path, size_t max_bytes) {
    struct stat st {};
    if (!stat_to_read(path, st)) return std::nullopt;
    int fd = open_to_read(path);
    std::string out(max_bytes, '\0');
    size_t used = 0;
    while (used < out.size()) {
        ssize_t n = ::read(fd, out.data() + used, out.size() - used);
        if (n == 0) break;
        if (n < 0) {
            if (errno == EINTR) continue;
            int err = errno;
            ::close(fd);
            throw Error(Origin{path}, {}, fmt::format("cannot read: {}", std::strerror(err)));
        }
        used += static_cast<size_t>(n);
    }
    ::close(fd);
    out.resize(used);
    return out;
}

std::vector<std::string> environment_entries() {
    std::vector<std::string> out;
    for (char** e = environ; e && *e; ++e) out.emplace_back(*e);
    return out;
}

Environment environment_map(const std::vector<std::string>& entries) {
    Environment env;
    for (const auto& entry : entries) {
        size_t eq = entry.find('=');
        if (eq == std::string::npos) continue;
        env.emplace(entry.substr(0, eq), entry.substr(eq + 1));
    }
    return env;
}

// Freeing a tree of millions of nodes one by one as main returns is work the kernel
// does at once when the process ends. Builds with AddressSanitizer free it, so that
// its leak check still sees every block.
#if defined(__SANITIZE_ADDRESS__)
#define GOE_FREE_AT_EXIT 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define GOE_FREE_AT_EXIT 1
#endif
#endif

#ifdef GOE_FREE_AT_EXIT
struct Kept {
    std::unique_ptr<goe::Outcome> outcome;
};
goe::Outcome& kept_to_exit(goe::Outcome outcome) {
    static Kept kept;
    kept.outcome = std::make_unique<goe::Outcome>(std::move(outcome));
    return *kept.outcome;
}
#else
goe::Outcome& kept_to_exit(goe::Outcome outcome) { return *new goe::Outcome(std::move(outcome)); }
#endif

std::optional<std::string> write_stdout(std::string_view text) {
    while (!text.empty()) {
        ssize_t n = ::write(STDOUT_FILENO, text.data(), text.size());
        if (n < 0) {
            if (errno == EINTR) continue;
            return std::string(std::strerror(errno));
        }
        text.remove_prefix(static_cast<size_t>(n));
    }
    // EINTR from close leaves the descriptor closed on Linux: nothing to retry.
    if (::close(STDOUT_FILENO) != 0 && errno != EINTR) return std::string(std::strerror(errno));
    return std::nullopt;
}

bool stderr_is_terminal() { return ::isatty(STDERR_FILENO) == 1; }
bool stdout_is_terminal() { return ::isatty(STDOUT_FILENO) == 1; }

std::string random_hex(size_t n) {
    std::string bytes((n + 1) / 2, '\0');
    size_t got = 0;
    while (got < bytes.size()) {
        ssize_t r = ::getrandom(bytes.data() + got, bytes.size() - got, 0);
        if (r < 0) {
            if (errno == EINTR) continue;
            throw Error(fmt::format("cannot read the secure random source: {}", std::strerror(errno)));
        }
        got += static_cast<size_t>(r);
    }
    std::string out;
    for (char c : bytes) out += fmt::format("{:02x}", static_cast<unsigned char>(c));
    out.resize(n);
    return out;
}

}  // namespace goe::app

// ---- paths, as Python's pathlib sees them -------------------------------------------

namespace goe::app {

FileSystem::Kind DiskFileSystem::kind(const std::string& path) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) return Kind::none;  // Path.exists(): a dangling link is not there
    if (S_ISDIR(st.st_mode)) return Kind::directory;
    return S_ISREG(st.st_mode) ? Kind::file : Kind::other;
}

// access(X_OK), as execvp and `which` decide what on PATH can be run.
bool DiskFileSystem::executable(const std::string& path) { return ::access(path.c_str(), X_OK) == 0; }

std::vector<std::string> DiskFileSystem::list(const std::string& directory) {
    std::vector<std::string> out;
    DIR* dir = ::opendir(directory.c_str());
    if (!dir) return out;
    while (dirent* e = ::readdir(dir)) {
        std::string name = e->d_name;
        if (name != "." && name != "..") out.push_back(std::move(name));
    }
    ::closedir(dir);
    return out;
}

std::string DiskFileSystem::working_directory() {
    std::string buf(4096, '\0');
    while (!::getcwd(buf.data(), buf.size())) {
        if (errno != ERANGE) throw Error(fmt::format("cannot read the working directory: {}", std::strerror(errno)));
        buf.resize(buf.size() * 2);
    }
    buf.resize(std::strlen(buf.c_str()));
    return buf;
}

// os.path.realpath(strict=False): symlinks followed where they exist, ".." taken after
// the part before it is resolved, the missing rest kept as written.
std::string DiskFileSystem::resolve(const std::string& path) {
    std::string pending = !path.empty() && path[0] == '/' ? path : working_directory() + "/" + path;
    std::string done;  // resolved so far, "" meaning "/"
    int links = 0;
    size_t pos = 0;
    while (pos <= pending.size()) {
        size_t end = pending.find('/', pos);
        if (end == std::string::npos) end = pending.size();
        std::string part = pending.substr(pos, end - pos);
        pos = end + 1;
        if (part.empty() || part == ".") continue;
        if (part == "..") {
            size_t slash = done.rfind('/');
            done = slash == std::string::npos ? "" : done.substr(0, slash);
            continue;
        }
        std::string next = fmt::format("{}/{}", done, part);
        struct stat st {};
        if (::lstat(next.c_str(), &st) != 0 || !S_ISLNK(st.st_mode) || ++links > 40) {
            done = std::move(next);
            continue;
        }
        std::string target(4096, '\0');
        ssize_t n = ::readlink(next.c_str(), target.data(), target.size());
        if (n < 0) {
            done = std::move(next);
            continue;
        }
        target.resize(static_cast<size_t>(n));
        std::string rest = pos <= pending.size() ? pending.substr(pos) : "";
        if (!target.empty() && target[0] == '/') done.clear();
        pending = fmt::format("{}/{}", target, rest);
        pos = 0;
    }
    return done.empty() ? "/" : done;
}

// ---- --exec ------------------------------------------------------------------------

namespace {

// bash's test for "cannot execute binary file": a NUL among the first bytes of a file the
// kernel would not run. glibc's execvp would hand such a file to /bin/sh, which then
// reports a syntax error with its own status (2) instead of 126.
bool looks_binary(const std::string& file) {
    int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return false;
    char buf[80];
    ssize_t n = ::read(fd, buf, sizeof buf);
    ::close(fd);
    return n > 0 && std::memchr(buf, '\0', static_cast<size_t>(n)) != nullptr;
}

// One execve of `file`, and for a file the kernel does not run (no #!), /bin/sh with it,
// as POSIX asks of execvp. Returns the errno of the failure.
int exec_file(const std::string& file, std::vector<char*>& args, std::vector<char*>& env) {
    ::execve(file.c_str(), args.data(), env.data());
    int err = errno;
    if (err != ENOEXEC || looks_binary(file)) return err;
    std::vector<char*> sh_args{const_cast<char*>("sh"), const_cast<char*>(file.c_str())};
    sh_args.insert(sh_args.end(), args.begin() + 1, args.end());
    ::execve("/bin/sh", sh_args.data(), env.data());
    return errno;
}

}  // namespace

ExecFailure exec_command(const std::vector<std::string>& argv, const std::vector<std::string>& envp) {
    std::vector<char*> args, env;
    for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    for (const auto& e : envp) env.push_back(const_cast<char*>(e.c_str()));
    env.push_back(nullptr);
    // An empty name is no command: the search would try each PATH directory itself and
    // report EACCES (126), where env and every shell say "not found" (127).
    if (argv[0].empty()) return ExecFailure{ExitStatus::command_not_found, "'': command not found"};
    bool path = argv[0].find('/') != std::string::npos;
    int err = ENOENT;
    if (path) {
        err = exec_file(argv[0], args, env);
    } else {
        // execvp's search: each PATH entry of this process (empty: the working directory);
        // a file found but not executable is remembered, the search goes on.
        const char* p = std::getenv("PATH");
        std::string_view dirs = p ? p : kExecvpDefaultPath;
        bool denied = false;
        for (size_t start = 0;;) {
            size_t colon = dirs.find(':', start);
            std::string_view dir = dirs.substr(start, colon == std::string_view::npos ? colon : colon - start);
            std::string file = dir.empty() ? argv[0] : fmt::format("{}/{}", dir, argv[0]);
            int e = exec_file(file, args, env);
            if (e == EACCES) denied = true;
            else if (e != ENOENT && e != ENOTDIR) {
                err = e;
                break;
            }
            if (colon == std::string_view::npos) {
                err = denied ? EACCES : ENOENT;
                break;
            }
            start = colon + 1;
        }
    }
    // A file that is there but reports ENOENT names an interpreter (#!) that is not:
    // that is "cannot execute" (126), as in sh, not "not found".
    if (err == ENOENT && path && ::access(argv[0].c_str(), F_OK) == 0)
        return ExecFailure{ExitStatus::cannot_execute,
                           fmt::format("{}: cannot execute: its interpreter was not found", argv[0])};
    if (err == ENOENT || err == ENOTDIR)
        return ExecFailure{ExitStatus::command_not_found,
                           fmt::format("{}: {}", argv[0], path ? "no such file" : "command not found")};
    return ExecFailure{ExitStatus::cannot_execute, fmt::format("{}: cannot execute: {}", argv[0], std::strerror(err))};
}

}  // namespace goe::app
