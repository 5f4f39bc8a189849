// gym_versions: the table of the Gyms the tool knows, and --gym-version's reading of a name.
#include <catch2/catch.hpp>

#include <set>

#include "gym_otel_env/core/error.hpp"
#include "gym_otel_env/gym_versions.hpp"
#include "support.hpp"

using namespace goe;
using goe::testing::error_of;

TEST_CASE("kGymVersions: one row per Gym, its command line and its schema") {
    struct Row {
        std::string_view name, commit;
        gym::CommandLine command_line;
        std::string_view schema;
    };
    const std::vector<Row> want{
        {"seed", "", gym::CommandLine::v2e5014086a, "seed"},
        {"2e5014086a", "2e5014086a172aa34654e195e504df496e9c95f5", gym::CommandLine::v2e5014086a, "2e5014086a"},
        {"27c821d975", "27c821d975210e4f5f1a6c830ec64ff4f3ea6b8c", gym::CommandLine::v52755d025d, "27c821d975"},
        {"52755d025d", "52755d025d3b535350feda96654f23d733706129", gym::CommandLine::v52755d025d, "27c821d975"},
    };
    REQUIRE(kGymVersions.size() == want.size());
    for (size_t i = 0; i < want.size(); ++i) {
        INFO(want[i].name);
        CHECK(kGymVersions[i].name == want[i].name);
        CHECK(kGymVersions[i].commit == want[i].commit);
        CHECK(kGymVersions[i].command_line == want[i].command_line);
        CHECK(kGymVersions[i].schema == want[i].schema);
        // A name is its commit's first ten digits.
        if (!want[i].commit.empty()) CHECK(want[i].commit.substr(0, 10) == want[i].name);
    }
}

TEST_CASE("find_gym_version: a row's name, or 7 or more hex digits of one commit") {
    struct Row {
        std::string name;
        std::string_view found;  // "" for none
    };
    for (const auto& r : std::vector<Row>{
             {"seed", "seed"},
             {"2e5014086a", "2e5014086a"},
             {"52755d025d", "52755d025d"},
             {"27c821d", "27c821d975"},
             {"27C821D975210E", "27c821d975"},  // any case, as git takes it
             {"2e5014086a172aa34654e195e504df496e9c95f5", "2e5014086a"},
             {"27c821", ""},   // six digits: too short to name a commit
             {"27c821x", ""},  // not hex
             {"27c821d975210e4f5f1a6c830ec64ff4f3ea6b8c0", ""},
             {"Seed", ""},
             {"", ""},
         }) {
        INFO(r.name);
        const GymVersion* v = find_gym_version(r.name);
        CHECK((v ? v->name : std::string_view()) == r.found);
    }
}

TEST_CASE("gym_version_named: an unknown name is a usage error that lists the known ones") {
    CHECK(gym_version_named("52755d0").name == "52755d025d");
    CHECK(error_of([] { gym_version_named("main"); }, Error::Kind::usage) ==
          "--gym-version: 'main' is no Gym version the tool knows; known: seed, 2e5014086a, 27c821d975, 52755d025d (or "
          "7 or more hex digits of one of their commits)");
    CHECK(gym_version_names() == "seed, 2e5014086a, 27c821d975, 52755d025d");
}

TEST_CASE("kGymVersions: the completions and the manual offer exactly its names") {
    std::vector<std::string> names;
    names.reserve(kGymVersions.size());
    for (const auto& v : kGymVersions) names.emplace_back(v.name);
    using goe::testing::matched_words;
    CHECK(matched_words("completions/gym-otel-env.bash",
                        R"re(--gym-version\)\s*COMPREPLY=\(\$\(compgen -W "([^"]*)")re") == names);
    CHECK(matched_words("completions/_gym-otel-env", R"(--gym-version=\[[^\]]*\]:version:\(([^)]*)\))") == names);
    CHECK(matched_words("completions/gym-otel-env.fish", R"(-l gym-version -x -a '([^']*)')") == names);
    std::string quoted;
    for (size_t i = 0; i < names.size(); ++i)
        quoted += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + ("`" + names[i] + "`");
    CHECK(goe::testing::source_file("docs/manual.md").find("does not say: " + quoted + " (or 7 or more hex digits") !=
          std::string::npos);
}
