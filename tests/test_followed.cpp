// kFollowed held to its copy: docs/contract.md's "What it follows" table names every
// system --version prints, with the same version, in the same order, and nothing else.
#include <catch2/catch.hpp>

#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "gym_otel_env/followed.hpp"
#include "support.hpp"

namespace {

// "system | version" for each row of the table under "## What it follows".
std::vector<std::string> contract_rows() {
    std::istringstream in(goe::testing::source_file("docs/contract.md"));
    std::vector<std::string> out;
    bool section = false, table = false;
    for (std::string line; std::getline(in, line);) {
        if (line.starts_with("## ")) {
            if (section) break;
            section = line == "## What it follows";
            continue;
        }
        if (!section) continue;
        if (!line.starts_with("|")) {
            if (table) break;
            continue;
        }
        if (!table) {  // the header, then the |---| line
            table = true;
            if (line != "| system | version | what of it |")
                return {"(the table's header is not 'system | version | what of it')"};
            std::getline(in, line);
            continue;
        }
        std::vector<std::string> cells;
        std::istringstream row(line.substr(1));
        for (std::string cell; std::getline(row, cell, '|');) {
            while (!cell.empty() && cell.front() == ' ') cell.erase(0, 1);
            while (!cell.empty() && cell.back() == ' ') cell.pop_back();
            if (cell.size() >= 2 && cell.front() == '`' && cell.back() == '`') cell = cell.substr(1, cell.size() - 2);
            cells.push_back(cell);
        }
        out.push_back(cells.size() == 3 ? cells[0] + " | " + cells[1] : "(not three cells) " + line);
    }
    if (!section) return {"(no section 'What it follows')"};
    return out;
}

}  // namespace

TEST_CASE("kFollowed: one row per system, each with a version and what of it is followed") {
    std::set<std::string_view> systems;
    for (const auto& f : goe::kFollowed) {
        INFO(f.system);
        CHECK(systems.insert(f.system).second);
        CHECK(!f.version.empty());
        CHECK(!f.part.empty());
    }
}

TEST_CASE("kFollowed: docs/contract.md's 'What it follows' lists every system and version, and no other") {
    std::vector<std::string> want;
    want.reserve(goe::kFollowed.size());
    for (const auto& f : goe::kFollowed) want.push_back(std::string(f.system) + " | " + std::string(f.version));
    auto got = contract_rows();
    for (size_t i = 0; i < std::max(got.size(), want.size()); ++i) {
        INFO("row " << i + 1);
        CHECK((i < got.size() ? got[i] : "(missing)") == (i < want.size() ? want[i] : "(not in kFollowed)"));
    }
}
