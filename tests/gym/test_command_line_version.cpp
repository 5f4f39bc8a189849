// command_line_version: which Gym command line is read, from --gym-version, the install
// root's nemo_gym/cli/main.py, or the default.
#include <catch2/catch.hpp>

#include "gym_otel_env/gym/command_line_version.hpp"
#include "support.hpp"

using namespace goe;
using goe::testing::MemoryFileSystem;

namespace {

// Lines of each main.py that detection reads (the rest of the file is Gym's).
constexpr std::string_view kNewMain =
    "_ASSETS = {\n    \"agent-type\": (\"harnesses\", \"configs\", None),\n}\n\n_ASSET_LEGACY_PARENTS = "
    "{\"agent-type\": (\"responses_api_agents\",)}\n";
constexpr std::string_view kOldMain =
    "def _asset_selector(flag: str) -> Flag:\n    dest = flag.replace(\"-\", \"_\")\n";

MemoryFileSystem gyms() {
    MemoryFileSystem fs;
    fs.cwd = "/w";
    fs.files["/new/nemo_gym/cli/main.py"] = std::string(kNewMain);
    fs.files["/old/nemo_gym/cli/main.py"] = std::string(kOldMain);
    // main's --agent-type before harnesses/: no legacy parents, so not 52755d025d's.
    fs.files["/between/nemo_gym/cli/main.py"] =
        "_ASSETS = {\n    \"agent-type\": (\"responses_api_agents\", \"configs\", None),\n}\n";
    fs.files["/bare/nemo_gym/__init__.py"] = "";
    return fs;
}

}  // namespace

TEST_CASE("detect_command_line reads what Gym's main.py says") {
    auto fs = gyms();
    CHECK(detect_command_line("/new", fs) == gym::CommandLine::v52755d025d);
    CHECK(detect_command_line("/old", fs) == gym::CommandLine::v2e5014086a);
    CHECK(detect_command_line("/between", fs) == std::nullopt);
    CHECK(detect_command_line("/bare", fs) == std::nullopt);
    CHECK(detect_command_line("/nowhere", fs) == std::nullopt);
}

TEST_CASE("choose_command_line: the option wins, then the install root, then the default; describe says which") {
    auto fs = gyms();
    struct Row {
        std::optional<gym::CommandLine> named;
        std::string named_as;
        std::optional<std::string> root;
        gym::CommandLine version;
        std::string described;
    };
    for (const auto& r : std::vector<Row>{
             {gym::CommandLine::v2e5014086a, "2e5014086a", "/new", gym::CommandLine::v2e5014086a,
              "Gym 2e5014086a's command line (--gym-version 2e5014086a)"},
             {gym::CommandLine::v52755d025d, "52755d0", std::nullopt, gym::CommandLine::v52755d025d,
              "Gym 52755d025d's command line (--gym-version 52755d0)"},
             {std::nullopt, "", "/new", gym::CommandLine::v52755d025d,
              "Gym 52755d025d's command line (found in /new/nemo_gym/cli/main.py)"},
             {std::nullopt, "", "/old", gym::CommandLine::v2e5014086a,
              "Gym 2e5014086a's command line (found in /old/nemo_gym/cli/main.py)"},
             {std::nullopt, "", "/bare", gym::CommandLine::v2e5014086a,
              "Gym 2e5014086a's command line (the default: /bare has no nemo_gym/cli/main.py the tool knows)"},
             {std::nullopt, "", std::nullopt, gym::CommandLine::v2e5014086a,
              "Gym 2e5014086a's command line (the default: no Gym install root found)"},
             {std::nullopt, "", std::string(), gym::CommandLine::v2e5014086a,
              "Gym 2e5014086a's command line (the default: no Gym install root found)"},
         }) {
        INFO(r.described);
        auto read = choose_command_line(r.named, r.named_as, r.root, fs);
        CHECK(read.version == r.version);
        CHECK(describe(read) == r.described);
    }
}
