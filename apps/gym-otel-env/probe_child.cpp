#include "probe_child.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cerrno>
#include <csignal>
#include <cstring>

#include <fmt/format.h>

namespace goe::app {
namespace {

std::string probe_path() {
    std::string self(4096, '\0');
    ssize_t n = ::readlink("/proc/self/exe", self.data(), self.size() - 1);
    if (n <= 0) return GOE_PROBE_RELATIVE_PATH;  // relative to the working directory: fails clearly below
    self.resize(static_cast<size_t>(n));
    return self.substr(0, self.rfind('/') + 1) + GOE_PROBE_RELATIVE_PATH;
}

// Reads until the writer closes; the probe's output is a few lines.
std::string read_all(int fd) {
    std::string out;
    char buf[4096];
    for (;;) {
        ssize_t n = ::read(fd, buf, sizeof buf);
        if (n > 0) out.append(buf, static_cast<size_t>(n));
        else if (n == 0 || errno != EINTR) break;
    }
    return out;
}

}  // namespace

ProbeRun run_probe(const std::vector<std::string>& envp, long total_ms) {
    ProbeRun run;
    std::string path = probe_path();
    std::string limit = std::to_string(total_ms);
    std::vector<char*> args{const_cast<char*>(path.c_str()), const_cast<char*>("--total-ms"), limit.data(), nullptr};
    std::vector<char*> env;
    env.reserve(envp.size() + 1);
    for (const auto& e : envp) env.push_back(const_cast<char*>(e.c_str()));
    env.push_back(nullptr);

    int out[2];
    if (::pipe2(out, O_CLOEXEC) != 0) {
        run.failure = fmt::format("--probe: cannot make a pipe: {}", std::strerror(errno));
        return run;
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);  // dup2 clears O_CLOEXEC on the copy
    pid_t pid = 0;
    int err = ::posix_spawn(&pid, path.c_str(), &actions, nullptr, args.data(), env.data());
    posix_spawn_file_actions_destroy(&actions);
    ::close(out[1]);
    if (err != 0) {
        ::close(out[0]);
        run.failure = err == ENOENT ? fmt::format("--probe: the probe is not installed: no {}", path)
                                    : fmt::format("--probe: cannot run {}: {}", path, std::strerror(err));
        return run;
    }
    std::string text = read_all(out[0]);
    ::close(out[0]);
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    for (size_t start = 0; start < text.size();) {
        size_t end = text.find('\n', start);
        if (end == std::string::npos) end = text.size();
        run.lines.push_back(text.substr(start, end - start));
        start = end + 1;
    }
    if (WIFSIGNALED(status))
        run.failure = fmt::format("--probe: the probe was killed by signal {} ({})", WTERMSIG(status),
                                  strsignal(WTERMSIG(status)));
    else if (WIFEXITED(status) && WEXITSTATUS(status) > 1)
        run.failure = fmt::format("--probe: the probe exited {}", WEXITSTATUS(status));
    run.accepted = WIFEXITED(status) && WEXITSTATUS(status) == 0;
    return run;
}

}  // namespace goe::app
