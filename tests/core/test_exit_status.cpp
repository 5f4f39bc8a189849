#include <catch2/catch.hpp>

#include <set>
#include <sstream>
#include <string>

#include "gym_otel_env/core/exit_status.hpp"
#include "support.hpp"

using namespace goe;
using goe::testing::section;
using goe::testing::source_file;

namespace {

bool is_number(const std::string& s) { return !s.empty() && s.find_first_not_of("0123456789") == std::string::npos; }

// The statuses in the first column of the Markdown tables of a section ("| 126, 127 | ...").
std::set<int> table_statuses(const std::vector<std::string>& lines) {
    std::set<int> out;
    for (const auto& line : lines) {
        if (!line.starts_with("| ")) continue;
        std::string cell = line.substr(2, line.find(" |", 2) - 2);
        for (size_t start = 0; start <= cell.size();) {
            size_t comma = std::min(cell.find(", ", start), cell.size());
            if (std::string n = cell.substr(start, comma - start); is_number(n)) out.insert(std::stoi(n));
            start = comma + 2;
        }
    }
    return out;
}

std::set<int> all_statuses() {
    std::set<int> out;
    for (auto status : kExitStatuses) out.insert(code(status));
    return out;
}

}  // namespace

TEST_CASE("exit_status: usage errors exit 2, every other user error 1, as the manual says") {
    CHECK(code(exit_status(Error::Kind::usage)) == 2);
    CHECK(code(exit_status(Error::Kind::config)) == 1);
    CHECK(code(ExitStatus::internal) == 70);
    CHECK(code(ExitStatus::cannot_execute) == 126);
    CHECK(code(ExitStatus::command_not_found) == 127);
}

TEST_CASE("exit statuses: the manual, docs/diagnostics.md and the man page list exactly the named ones") {
    CHECK(table_statuses(section(source_file("docs/manual.md"), "## Errors and exit codes", "## ")) == all_statuses());
    CHECK(table_statuses(section(source_file("docs/diagnostics.md"), "## Exit codes", "## ")) == all_statuses());
    std::set<int> man;
    for (const auto& line : section(source_file("docs/gym-otel-env.1"), ".SH EXIT STATUS", ".SH "))
        if (line.starts_with(".B ") && is_number(line.substr(3))) man.insert(std::stoi(line.substr(3)));
    CHECK(man == all_statuses());
}
