// gym_entry: which of Gym's entry points a command runs, if any, and the gym words a
// legacy console script stands for.
#include <fmt/format.h>
#include <catch2/catch.hpp>

#include <regex>
#include <string>
#include <string_view>
#include <vector>

#include "gym_otel_env/gym/gym_entry.hpp"
#include "support.hpp"

using namespace goe;
using Words = std::vector<std::string>;

namespace {

// "KIND program=P script=S project=D args=N", "none" when the command is not Gym's.
std::string entry(const Words& command) {
    GymEntry e = gym_entry(command);
    const char* kind = e.kind == GymEntry::Kind::script   ? "script"
                       : e.kind == GymEntry::Kind::module ? "module"
                       : e.kind == GymEntry::Kind::uv     ? "uv"
                                                          : nullptr;
    if (!kind) return "none";
    return fmt::format("{} program={} script={} project={} args={}", kind, e.program, e.script,
                       e.uv_project ? *e.uv_project : "-", e.args);
}

struct Row {
    Words command;
    std::string entry;
};

void check(const std::vector<Row>& rows) {
    for (const auto& r : rows) {
        std::string shown;
        for (const auto& w : r.command) shown += w + " ";
        INFO(shown);
        CHECK(entry(r.command) == r.entry);
    }
}

}  // namespace

TEST_CASE("gym_entry: the console scripts of Gym's [project.scripts], by basename") {
    check({
        {{"gym", "env", "start"}, "script program=gym script=gym project=- args=1"},
        {{"ng"}, "script program=ng script=ng project=- args=1"},
        {{"./gym", "env"}, "script program=./gym script=gym project=- args=1"},
        {{"/opt/venv/bin/gym", "env"}, "script program=/opt/venv/bin/gym script=gym project=- args=1"},
        {{"/venv/bin/ng_run", "x"}, "script program=/venv/bin/ng_run script=ng_run project=- args=1"},
        {{"nemo_gym_run"}, "script program=nemo_gym_run script=nemo_gym_run project=- args=1"},
        {{"ng_reinstall", "a"}, "script program=ng_reinstall script=ng_reinstall project=- args=1"},
        {{"nemo_gym_version"}, "script program=nemo_gym_version script=nemo_gym_version project=- args=1"},
        // Nothing else is Gym's.
        {{"gymnasium", "--config", "a.yaml"}, "none"},
        {{"Gym"}, "none"},
        {{"ng_unknown", "--config", "a.yaml"}, "none"},  // not in [project.scripts]
        {{"ng_"}, "none"},
        {{"nemo_gym"}, "none"},
        {{"ng_run.py"}, "none"},
        {{}, "none"},
    });
}

TEST_CASE("gym_entry: PYTHON [options] -m nemo_gym.cli.main, as Python reads its options") {
    check({
        {{"python", "-m", "nemo_gym.cli.main", "env"}, "module program=python script= project=- args=3"},
        {{"python3", "-u", "-m", "nemo_gym.cli.main", "env"}, "module program=python3 script= project=- args=4"},
        {{"python3.12", "-u", "-X", "dev", "-mnemo_gym.cli.main", "env"},
         "module program=python3.12 script= project=- args=5"},
        {{"/venv/bin/python3", "-BE", "-Wignore", "-m", "nemo_gym.cli.main"},
         "module program=/venv/bin/python3 script= project=- args=5"},
        {{"python3", "-Xdev", "-W", "error", "-m", "nemo_gym.cli.main"},
         "module program=python3 script= project=- args=6"},
        // Another module, code, a script, stdin, or no module at all: not Gym's.
        {{"python3", "-m", "nemo_gym.cli.legacy", "--config", "a.yaml"}, "none"},
        {{"python3", "-m", "other.main", "--config", "a.yaml"}, "none"},
        {{"python3", "-mnemo_gym.cli.mainx"}, "none"},
        {{"python3", "-c", "import nemo_gym", "--config", "a.yaml"}, "none"},
        {{"python", "x.py", "--config", "m.toml"}, "none"},
        {{"python3", "-", "-m", "nemo_gym.cli.main"}, "none"},
        {{"python3", "--version"}, "none"},
        {{"python3", "-m"}, "none"},
        {{"python3", "-X"}, "none"},
        {{"python3"}, "none"},
        // python, python3 and python3.N only.
        {{"pythonw", "-m", "nemo_gym.cli.main"}, "none"},
        {{"python3.", "-m", "nemo_gym.cli.main"}, "none"},
        {{"python3.12.1", "-m", "nemo_gym.cli.main"}, "none"},
        {{"ipython", "-m", "nemo_gym.cli.main"}, "none"},
    });
}

TEST_CASE("gym_entry: uv [global options] run [run options] [--] before a script or python -m") {
    check({
        {{"uv", "run", "gym", "env"}, "uv program=gym script=gym project=- args=3"},
        {{"/usr/bin/uv", "run", "gym"}, "uv program=gym script=gym project=- args=3"},
        {{"uv", "--quiet", "run", "--with", "x", "--extra=dev", "--frozen", "gym", "env"},
         "uv program=gym script=gym project=- args=8"},
        {{"uv", "run", "--", "ng_run", "--config", "a.yaml"}, "uv program=ng_run script=ng_run project=- args=4"},
        {{"uv", "run", "python", "-m", "nemo_gym.cli.main", "env"}, "uv program=python script= project=- args=5"},
        // uv run -m MODULE runs the project's python.
        {{"uv", "run", "-m", "nemo_gym.cli.main", "env"}, "uv program=python script= project=- args=4"},
        {{"uv", "run", "--module", "nemo_gym.cli.main"}, "uv program=python script= project=- args=4"},
        // --project and --directory name where uv finds the project; the last one counts.
        {{"uv", "run", "--project", "/p", "gym", "env"}, "uv program=gym script=gym project=/p args=5"},
        {{"uv", "run", "--directory=/d", "python", "-m", "nemo_gym.cli.main"},
         "uv program=python script= project=/d args=6"},
        {{"uv", "--directory", "/d", "run", "gym"}, "uv program=gym script=gym project=/d args=5"},
        {{"uv", "--project", "/p", "run", "--project", "/q", "gym"}, "uv program=gym script=gym project=/q args=7"},
        // Not Gym's: another uv command, another program, uv run under uv run.
        {{"uv", "pip", "install", "gym"}, "none"},
        {{"uv", "--project", "/p"}, "none"},
        {{"uv", "run", "pytest", "--config", "a.yaml"}, "none"},
        {{"uv", "run", "--", "pytest"}, "none"},
        {{"uv", "run", "-m", "other"}, "none"},
        {{"uv", "run"}, "none"},
        {{"uv", "run", "--project"}, "none"},
        {{"uv", "run", "uv", "run", "gym"}, "none"},
    });
}

TEST_CASE("gym_entry: what runs behind sh -c, srun and the like is not known from the words") {
    check({
        {{"sh", "-c", "gym env start --config a.yaml"}, "none"},
        {{"bash", "-c", "gym env start"}, "none"},
        {{"srun", "gym", "env", "start"}, "none"},
        {{"nohup", "srun", "gym"}, "none"},
        {{"time", "gym"}, "none"},
        {{"taskset", "-p", "0x3", "gym"}, "none"},
    });
}

// Each grammar's own table is test_launcher.cpp's; here, that the entry point is found
// behind them, `args` counting in the words they run (launch.command).
TEST_CASE("gym_entry: Gym behind the launchers read through, env -S split") {
    check({
        {{"env", "FOO=1", "gym", "env", "start", "--config", "a.yaml"},
         "script program=gym script=gym project=- args=1"},
        {{"env", "gym"}, "script program=gym script=gym project=- args=1"},
        {{"nohup", "nice", "-n", "5", "env", "A=1", "timeout", "1h", "ng_run"},
         "script program=ng_run script=ng_run project=- args=1"},
        {{"env", "-S", "uv run gym env", "start"}, "uv program=gym script=gym project=- args=3"},
        {{"stdbuf", "-oL", "python3", "-m", "nemo_gym.cli.main"}, "module program=python3 script= project=- args=3"},
    });
    GymEntry e = gym_entry({"env", "-C", "/w", "A=1", "gym"}, {{"B", "2"}});
    CHECK(e.launch.command == Words{"gym"});
    CHECK(e.launch.env == Environment{{"A", "1"}, {"B", "2"}});
    CHECK(e.launch.directory == "/w");
    CHECK(e.launch.through == Words{"env"});
}

TEST_CASE("legacy_tokens: the gym words of nemo_gym/cli/legacy.py for ng_* and nemo_gym_* scripts") {
    using Tokens = std::vector<std::string_view>;
    struct Case {
        std::string_view script;
        Tokens tokens;
    };
    for (const auto& c : {
             Case{"ng_run", {"env", "start"}}, Case{"nemo_gym_run", {"env", "start"}},
             Case{"ng_collect_rollouts", {"eval", "run", "--no-serve"}},
             Case{"ng_upload_dataset_to_gitlab", {"dataset", "upload", "--storage", "gitlab"}},
             Case{"ng_help", {"--help"}}, Case{"nemo_gym_version", {"--version"}},
             Case{"ng_reinstall", {}},  // dispatched with its words as they are
         }) {
        INFO(c.script);
        const Tokens* tokens = legacy_tokens(c.script);
        REQUIRE(tokens);
        CHECK(*tokens == c.tokens);
    }
    for (std::string_view other : {"gym", "ng", "ng_unknown", "run", "nemo_gym", "/venv/bin/ng_run", ""}) {
        INFO(other);
        CHECK(legacy_tokens(other) == nullptr);
    }
}

// The reference's copy of legacy.py's table (tests/differential/reference/gym_cli.py): every
// name in it is a script of both prefixes, with the same words.
TEST_CASE("legacy_tokens holds every entry of the reference's LEGACY table") {
    std::string text = goe::testing::source_file("tests/differential/reference/gym_cli.py");
    std::smatch table;
    REQUIRE(std::regex_search(text, table, std::regex(R"(LEGACY = \{([^}]*)\})")));
    std::string body = table[1].str();
    std::regex entry_re(R"re("(\w+)": \[([^\]]*)\])re");
    int entries = 0;
    for (auto it = std::sregex_iterator(body.begin(), body.end(), entry_re); it != std::sregex_iterator(); ++it) {
        std::string list = (*it)[2].str();
        std::vector<std::string> words;
        std::regex word_re(R"re("([^"]*)")re");
        for (auto w = std::sregex_iterator(list.begin(), list.end(), word_re); w != std::sregex_iterator(); ++w)
            words.push_back((*w)[1].str());
        for (std::string prefix : {"ng_", "nemo_gym_"}) {
            std::string script = prefix + (*it)[1].str();
            INFO(script);
            const auto* tokens = legacy_tokens(script);
            REQUIRE(tokens);
            CHECK(std::vector<std::string>(tokens->begin(), tokens->end()) == words);
        }
        ++entries;
    }
    CHECK(entries == 25);
}

// uv's global options take `--opt=VALUE` as clap does everywhere; before `run` only the
// spaced form was read, and the project was then looked for from the working directory.
TEST_CASE("gym_entry: regression: uv --project=DIR run ... lost the project, so Gym's install root was not found") {
    check({
        {{"uv", "--project=/p", "run", "gym", "env"}, "uv program=gym script=gym project=/p args=4"},
        {{"uv", "--directory=/d", "run", "-m", "nemo_gym.cli.main"}, "uv program=python script= project=/d args=5"},
        {{"uv", "--project=/p", "run", "--project=/q", "gym"}, "uv program=gym script=gym project=/q args=5"},
        {{"uv", "--color=never", "run", "gym"}, "uv program=gym script=gym project=- args=4"},
    });
}

// Python reads its short options as getopt does: flags combine, and -m, -X or -W takes the
// rest of the word or the next word (`python -um nemo_gym.cli.main` runs Gym).
TEST_CASE("gym_entry: regression: python -um nemo_gym.cli.main, options combined, was not taken for Gym") {
    check({
        {{"python3", "-um", "nemo_gym.cli.main", "env"}, "module program=python3 script= project=- args=3"},
        {{"python3", "-umnemo_gym.cli.main", "env"}, "module program=python3 script= project=- args=2"},
        {{"python3", "-BEum", "nemo_gym.cli.main"}, "module program=python3 script= project=- args=3"},
        {{"python3", "-uX", "dev", "-m", "nemo_gym.cli.main"}, "module program=python3 script= project=- args=5"},
        {{"python3", "-uWignore", "-m", "nemo_gym.cli.main"}, "module program=python3 script= project=- args=4"},
        {{"python3", "-um", "other.main"}, "none"},
        {{"python3", "-uc", "import nemo_gym"}, "none"},
        {{"python3", "-uh"}, "none"},
        {{"python3", "--", "-m", "nemo_gym.cli.main"}, "none"},
    });
}
