#include "gym_otel_env/exec.hpp"

#include <fcntl.h>
#include <unistd.h>
#include <cerrno>
#include <cstdlib>
#include <cstring>

#include <fmt/format.h>

namespace goe {

std::vector<std::string> child_environment(const std::vector<std::string>& base, const std::vector<Export>& exports) {
    std::vector<std::string> out;
    out.reserve(base.size() + exports.size());
    auto exported = [&](std::string_view entry) {
        std::string_view name = entry.substr(0, entry.find('='));
        for (const auto& e : exports)
            if (e.name == name) return true;
        return false;
    };
    for (const auto& entry : base)
        if (!exported(entry)) out.push_back(entry);
    for (const auto& e : exports) out.push_back(e.name + "=" + e.value);
    return out;
}

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
    bool path = argv[0].find('/') != std::string::npos;
    int err = ENOENT;
    if (path) {
        err = exec_file(argv[0], args, env);
    } else {
        // execvp's search: each PATH entry of this process (empty: the working directory);
        // a file found but not executable is remembered, the search goes on.
        const char* p = std::getenv("PATH");
        std::string_view dirs = p ? p : "/bin:/usr/bin";
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
        return ExecFailure{126, fmt::format("{}: cannot execute: its interpreter was not found", argv[0])};
    if (err == ENOENT || err == ENOTDIR)
        return ExecFailure{127, fmt::format("{}: {}", argv[0], path ? "no such file" : "command not found")};
    return ExecFailure{126, fmt::format("{}: cannot execute: {}", argv[0], std::strerror(err))};
}

}  // namespace goe
