// --exec: the child's environment, and the execvp that replaces this process.
#pragma once

#include <string>
#include <vector>

#include "gym_otel_env/translate.hpp"

namespace goe {

// "NAME=value" entries: `base` (as the process had them, in order) with `exports`
// applied, an exported name replacing an entry of the same name.
std::vector<std::string> child_environment(const std::vector<std::string>& base, const std::vector<Export>& exports);

struct ExecFailure {
    int status;           // 127 not found, 126 cannot execute
    std::string message;  // one line, without the program prefix
};

// Replaces the process image (execvp semantics, PATH of this process). Returns only
// when that failed.
ExecFailure exec_command(const std::vector<std::string>& argv, const std::vector<std::string>& envp);

}  // namespace goe
