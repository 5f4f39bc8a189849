#include "system.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fmt/format.h>

extern char** environ;

namespace goe::app {
namespace {

std::string read_fd(int fd, const std::string& name) {
    std::string out;
    char buf[65536];
    for (;;) {
        ssize_t n = ::read(fd, buf, sizeof buf);
        if (n == 0) return out;
        if (n < 0) {
            if (errno == EINTR) continue;
            throw Error(Origin{name}, {}, fmt::format("cannot read: {}", std::strerror(errno)));
        }
        out.append(buf, static_cast<size_t>(n));
        if (out.size() > DiskFileSystem::kMaxFileBytes)
            throw Error(Origin{name}, {}, fmt::format("config larger than {} MiB", DiskFileSystem::kMaxFileBytes >> 20));
    }
}

}  // namespace

std::optional<std::string> DiskFileSystem::read(const std::string& path) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) {
        if (errno == ENOENT || errno == ENOTDIR) return std::nullopt;
        throw Error(Origin{path}, {}, fmt::format("cannot read: {}", std::strerror(errno)));
    }
    if (S_ISDIR(st.st_mode)) throw Error(Origin{path}, {}, "is a directory, not a config file");
    // A pipe, FIFO or process substitution (`<(...)`, /dev/stdin, /dev/fd/N) is read like
    // a file (SPEC 1.1), blocking until its writer closes it, within the same size limit
    // (read_fd); /dev/null is an empty config.
    bool regular = S_ISREG(st.st_mode);
    if (regular && static_cast<size_t>(st.st_size) > kMaxFileBytes)
        throw Error(Origin{path}, {}, fmt::format("config larger than {} MiB", kMaxFileBytes >> 20));
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) throw Error(Origin{path}, {}, fmt::format("cannot open: {}", std::strerror(errno)));
    try {
        std::string text = read_fd(fd, path);
        ::close(fd);
        return text;
    } catch (...) {
        ::close(fd);
        throw;
    }
}

std::string DiskFileSystem::read_stdin() { return read_fd(STDIN_FILENO, "<stdin>"); }

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

bool stderr_is_terminal() { return ::isatty(STDERR_FILENO) == 1; }

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
    for (unsigned char c : bytes) out += fmt::format("{:02x}", c);
    out.resize(n);
    return out;
}

}  // namespace goe::app
