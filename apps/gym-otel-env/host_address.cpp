// use_absolute_ip's address, asked of the system's own resolver through getent. Gym takes
// it with Python's socket.gethostbyname(socket.gethostname()): the host's glibc and its
// name service switch (/etc/nsswitch.conf: files, dns, sssd, ldap, myhostname...).
// getaddrinfo linked into this static binary would load those modules from the running
// system with dlopen, which needs the very glibc this was linked with (the linker's
// warning); getent is that system's glibc doing the same lookup (docs/decisions.md).
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cerrno>
#include <csignal>
#include <cstring>

#include <fmt/format.h>

#include "system.hpp"

extern char** environ;

namespace goe::app {
namespace {

constexpr std::string_view kWhy = "use_absolute_ip: cannot look up this host's address";

// getent's answer is a few lines; more than this is not getent's ahostsv4.
std::string read_bounded(int fd) {
    std::string out;
    char buf[4096];
    while (out.size() < 65536) {
        ssize_t n = ::read(fd, buf, sizeof buf);
        if (n > 0) out.append(buf, static_cast<size_t>(n));
        else if (n == 0 || errno != EINTR) break;
    }
    return out;
}

bool is_ipv4(const std::string& text) {
    in_addr parsed{};
    return ::inet_pton(AF_INET, text.c_str(), &parsed) == 1;
}

}  // namespace

std::optional<std::string> host_address() {
    char name[256] = {};
    if (::gethostname(name, sizeof name - 1) != 0)
        throw Error(fmt::format("{}: cannot read this host's name: {}", kWhy, std::strerror(errno)));
    // CPython's setipaddr takes a name that is a dotted quad as it is, without a lookup.
    if (is_ipv4(name)) return std::string(name);

    // `getent ahostsv4 NAME` is getaddrinfo(NAME, AF_INET), as CPython calls it; its first
    // line is the first result, the one gethostbyname returns: "ADDRESS STREAM NAME".
    int out[2];
    if (::pipe2(out, O_CLOEXEC) != 0)
        throw Error(fmt::format("{}: cannot make a pipe: {}", kWhy, std::strerror(errno)));
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
    char* args[] = {const_cast<char*>("getent"), const_cast<char*>("ahostsv4"), name, nullptr};
    pid_t pid = 0;
    // PATH and the resolver's variables (LOCALDOMAIN, RES_OPTIONS, HOSTALIASES) as Gym has them.
    int err = ::posix_spawnp(&pid, "getent", &actions, nullptr, args, environ);
    posix_spawn_file_actions_destroy(&actions);
    ::close(out[1]);
    if (err != 0) {
        ::close(out[0]);
        if (err == ENOENT)
            throw Error(
                fmt::format("{}: no getent on PATH to ask the system's resolver, as Gym's "
                            "gethostbyname(gethostname()) does",
                            kWhy));
        throw Error(fmt::format("{}: cannot run getent: {}", kWhy, std::strerror(err)));
    }
    std::string text = read_bounded(out[0]);
    ::close(out[0]);
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    // Exit status 2: the name is not known, which is Gym's socket.gaierror.
    if (WIFEXITED(status) && WEXITSTATUS(status) == 2) return std::nullopt;
    std::string first = text.substr(0, text.find_first_of(" \t\n"));
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0 && is_ipv4(first)) return first;
    if (WIFSIGNALED(status))
        throw Error(fmt::format("{}: getent ahostsv4 {} was killed by signal {} ({})", kWhy, name, WTERMSIG(status),
                                strsignal(WTERMSIG(status))));
    throw Error(fmt::format("{}: getent ahostsv4 {} exited {} without an IPv4 address", kWhy, name,
                            WIFEXITED(status) ? WEXITSTATUS(status) : -1));
}

}  // namespace goe::app
