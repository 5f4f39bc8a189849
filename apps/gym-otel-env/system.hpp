// The process's side of the library's inputs: files, the environment, randomness, and
// the exec that replaces the process under --exec.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gym_otel_env/core/environment.hpp"
#include "gym_otel_env/core/exit_status.hpp"
#include "gym_otel_env/core/file_system.hpp"
#include "gym_otel_env/pipeline.hpp"

namespace goe::app {

// The disk. read() takes at most kMaxFileBytes, read_head() a file of any size; reading
// a directory is an error.
class DiskFileSystem : public FileSystem {
public:
    static constexpr size_t kMaxFileBytes = 64u << 20;
    std::optional<std::string> read(const std::string& path) override;
    std::string read_stdin() override;
    Kind kind(const std::string& path) override;
    std::vector<std::string> list(const std::string& directory) override;
    std::string resolve(const std::string& path) override;
    std::string working_directory() override;
    bool executable(const std::string& path) override;
    std::optional<std::string> read_head(const std::string& path, size_t max_bytes) override;
};

// environ as "NAME=value" entries (for --exec) and as a map (first entry of a name wins).
std::vector<std::string> environment_entries();
Environment environment_map(const std::vector<std::string>& entries);

// The outcome, kept until the process ends: its tree is not torn down at exit.
Outcome& kept_to_exit(Outcome outcome);

// Writes `text` to standard output and closes it, so that a failure the system reports
// only at close (a full NFS disk) is seen too. nullopt on success, else the reason as
// strerror words it ("No space left on device").
std::optional<std::string> write_stdout(std::string_view text);

// Whether stderr is a terminal (colour is only for people).
bool stderr_is_terminal();
// Whether stdout is a terminal: a person reads the output rather than eval or a file.
bool stdout_is_terminal();

// This host's IPv4 address as Gym takes it for use_absolute_ip: Python's
// socket.gethostbyname(socket.gethostname()), the first AF_INET result of getaddrinfo
// (CPython's setipaddr), asked of the system's resolver through getent (host_address.cpp).
// nullopt when the name does not resolve; throws Error when the lookup cannot be made.
std::optional<std::string> host_address();

// `n` lowercase hex digits from the kernel's secure random source.
std::string random_hex(size_t n);

struct ExecFailure {
    ExitStatus status;    // command_not_found or cannot_execute
    std::string message;  // one line, without the program prefix
};

// Replaces the process image (execvp semantics, PATH of this process). Returns only
// when that failed.
ExecFailure exec_command(const std::vector<std::string>& argv, const std::vector<std::string>& envp);

}  // namespace goe::app
