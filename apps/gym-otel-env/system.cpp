#include "system.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <memory>
#include <fcntl.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fmt/format.h>

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
            throw Error(Origin{name}, {}, fmt::format("config larger than {} MiB", DiskFileSystem::kMaxFileBytes >> 20));
    }
    out.resize(used);
    if (out.capacity() > used + 65536) out.shrink_to_fit();  // a file that shrank, or stdin
    return out;
}

}  // namespace

std::optional<std::string> DiskFileSystem::read(const std::string& path) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) {
        if (errno == ENOENT || errno == ENOTDIR) return std::nullopt;
        throw Error(Origin{path}, {}, fmt::format("cannot read: {}", std::strerror(errno)));
    }
    if (S_ISDIR(st.st_mode)) throw Error(Origin{path}, {}, "is a directory, not a config file");
    if (!S_ISREG(st.st_mode)) throw Error(Origin{path}, {}, "is not a regular file");
    if (static_cast<size_t>(st.st_size) > kMaxFileBytes)
        throw Error(Origin{path}, {}, fmt::format("config larger than {} MiB", kMaxFileBytes >> 20));
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) throw Error(Origin{path}, {}, fmt::format("cannot open: {}", std::strerror(errno)));
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
