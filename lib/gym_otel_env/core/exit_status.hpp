// The tool's exit statuses, each named once: main returns them, the docs' tables
// (docs/manual.md, docs/diagnostics.md, the man page) list them, test_exit_status.cpp
// holds the docs to them. Under --exec, a command that ran exits with its own status instead.
#pragma once

#include "gym_otel_env/core/error.hpp"

namespace goe {

enum class ExitStatus : int {
    success = 0,
    failure = 1,    // bad config or environment, a file that cannot be read, a --strict warning, stdout not writable
    usage = 2,      // bad command line
    internal = 70,  // a bug or out of memory, never the user's mistake (sysexits.h's EX_SOFTWARE)
    cannot_execute = 126,     // --exec: the command is there but cannot be run (as in sh)
    command_not_found = 127,  // --exec: as in sh
};

// Every status, for the test that holds the docs to them.
inline constexpr ExitStatus kExitStatuses[] = {ExitStatus::success,        ExitStatus::failure,
                                               ExitStatus::usage,          ExitStatus::internal,
                                               ExitStatus::cannot_execute, ExitStatus::command_not_found};

constexpr int code(ExitStatus status) { return static_cast<int>(status); }

// The status of a user-facing error.
constexpr ExitStatus exit_status(Error::Kind kind) {
    return kind == Error::Kind::usage ? ExitStatus::usage : ExitStatus::failure;
}

}  // namespace goe
