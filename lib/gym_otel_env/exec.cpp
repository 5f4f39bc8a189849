#include "gym_otel_env/exec.hpp"

#include <cerrno>
#include <cstring>
#include <unistd.h>

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

ExecFailure exec_command(const std::vector<std::string>& argv, const std::vector<std::string>& envp) {
    std::vector<char*> args, env;
    for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    for (const auto& e : envp) env.push_back(const_cast<char*>(e.c_str()));
    env.push_back(nullptr);
    execvpe(args[0], args.data(), env.data());
    int err = errno;
    // A file that is there but reports ENOENT names an interpreter (#!) that is not:
    // that is "cannot execute" (126), as in sh, not "not found".
    bool path = argv[0].find('/') != std::string::npos;
    if (err == ENOENT && path && ::access(argv[0].c_str(), F_OK) == 0)
        return ExecFailure{126, fmt::format("{}: cannot execute: its interpreter was not found", argv[0])};
    if (err == ENOENT || err == ENOTDIR)
        return ExecFailure{127, fmt::format("{}: {}", argv[0], path ? "no such file" : "command not found")};
    return ExecFailure{126, fmt::format("{}: cannot execute: {}", argv[0], std::strerror(err))};
}

}  // namespace goe
