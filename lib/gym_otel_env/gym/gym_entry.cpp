#include "gym_otel_env/gym/gym_entry.hpp"

#include <algorithm>
#include <array>
#include <utility>

#include "gym_otel_env/core/text.hpp"

namespace goe {
namespace {

// pyproject.toml [project.scripts]: gym and ng run nemo_gym.cli.main, the rest the legacy
// shim, which turns its name into the gym command it stands for (nemo_gym/cli/legacy.py).
struct Legacy {
    std::string_view key;
    std::vector<std::string_view> tokens;
};
const std::vector<Legacy>& legacy_table() {
    static const std::vector<Legacy> table{
        {"run", {"env", "start"}},
        {"test", {"env", "test"}},
        {"test_all", {"env", "test"}},
        {"dev_test", {"dev", "test"}},
        {"init_resources_server", {"env", "init"}},
        {"list_benchmarks", {"list", "benchmarks"}},
        {"prepare_benchmark", {"eval", "prepare"}},
        {"collect_rollouts", {"eval", "run", "--no-serve"}},
        {"e2e_collect_rollouts", {"eval", "run"}},
        {"aggregate_rollouts", {"eval", "aggregate"}},
        {"materialize_prompts", {"dataset", "render"}},
        {"reward_profile", {"eval", "profile"}},
        {"upload_dataset_to_gitlab", {"dataset", "upload", "--storage", "gitlab"}},
        {"download_dataset_from_gitlab", {"dataset", "download", "--storage", "gitlab"}},
        {"prepare_data", {"dataset", "collate"}},
        {"upload_dataset_to_hf", {"dataset", "upload"}},
        {"download_dataset_from_hf", {"dataset", "download"}},
        {"gitlab_to_hf_dataset", {"dataset", "migrate"}},
        {"delete_dataset_from_gitlab", {"dataset", "rm"}},
        {"dump_config", {"env", "resolve"}},
        {"validate", {"env", "validate"}},
        {"help", {"--help"}},
        {"status", {"env", "status"}},
        {"pip_list", {"env", "packages"}},
        {"version", {"--version"}},
        {"reinstall", {}},  // dispatched with its arguments as they are
    };
    return table;
}

std::string_view basename(std::string_view path) {
    size_t slash = path.rfind('/');
    return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

// The legacy entry for a script name, or nullptr; "gym"/"ng" are not legacy.
const Legacy* legacy_of(std::string_view name) {
    for (std::string_view prefix : {"nemo_gym_", "ng_"}) {
        if (!name.starts_with(prefix)) continue;
        std::string_view key = name.substr(prefix.size());
        for (const auto& l : legacy_table())
            if (l.key == key) return &l;
    }
    return nullptr;
}

bool is_script(std::string_view name) { return name == "gym" || name == "ng" || legacy_of(name); }

bool is_python(std::string_view name) {
    if (!name.starts_with("python")) return false;
    std::string_view version = name.substr(6);
    bool digits = false, dot = false;
    for (char c : version) {
        if (is_digit(c)) digits = true;
        else if (c == '.' && digits && !dot) dot = true, digits = false;
        else return false;
    }
    return version.empty() || digits;
}

constexpr std::string_view kModule = "nemo_gym.cli.main";

// After PYTHON: its options up to `-m MODULE`; the index of Gym's first argument, or 0.
// Python reads short options as getopt does: flags combine (-u, -BE, -um), and -m, -X or
// -W takes the rest of its word or else the next word.
size_t python_module_args(const std::vector<std::string>& c, size_t i) {
    for (; i < c.size(); ++i) {
        std::string_view w = c[i];
        // A script, `-` (stdin) or `--` before one, and the long options (--help,
        // --version, ...): something else runs, or nothing.
        if (w.size() < 2 || w[0] != '-' || w[1] == '-') return 0;
        for (size_t k = 1; k < w.size(); ++k) {
            char option = w[k];
            if (std::string_view("bBdEiIOPqRsSuvx").find(option) != std::string_view::npos) continue;
            // -c runs code, -h and -V print and exit; anything else is not Python's.
            if (option != 'm' && option != 'X' && option != 'W') return 0;
            std::string_view value = w.substr(k + 1);
            if (value.empty()) {
                if (++i >= c.size()) return 0;
                value = c[i];
            }
            if (option == 'm') return value == kModule ? i + 1 : 0;
            break;
        }
    }
    return 0;
}

// `uv run`'s options that take a value (uv 0.5-0.8), so that the value is not taken for
// the command; any other option is a flag.
bool uv_takes_value(std::string_view option) {
    static constexpr std::array<std::string_view, 44> with_value{"--extra",
                                                                 "--group",
                                                                 "--no-group",
                                                                 "--only-group",
                                                                 "--with",
                                                                 "-w",
                                                                 "--with-editable",
                                                                 "--with-requirements",
                                                                 "--env-file",
                                                                 "--package",
                                                                 "--python",
                                                                 "-p",
                                                                 "--directory",
                                                                 "--project",
                                                                 "--index",
                                                                 "--default-index",
                                                                 "--index-url",
                                                                 "-i",
                                                                 "--extra-index-url",
                                                                 "--find-links",
                                                                 "-f",
                                                                 "--index-strategy",
                                                                 "--keyring-provider",
                                                                 "--resolution",
                                                                 "--prerelease",
                                                                 "--fork-strategy",
                                                                 "--exclude-newer",
                                                                 "--exclude-newer-package",
                                                                 "--link-mode",
                                                                 "--config-setting",
                                                                 "-C",
                                                                 "--no-build-isolation-package",
                                                                 "--refresh-package",
                                                                 "--reinstall-package",
                                                                 "--upgrade-package",
                                                                 "-P",
                                                                 "--no-build-package",
                                                                 "--no-binary-package",
                                                                 "--cache-dir",
                                                                 "--config-file",
                                                                 "--color",
                                                                 "--allow-insecure-host",
                                                                 "--python-preference",
                                                                 "--python-platform"};
    return std::find(with_value.begin(), with_value.end(), option) != with_value.end();
}

// The uv option at c[j], global or run's: notes --project/--directory, as `--opt VALUE`
// or `--opt=VALUE` (clap takes both for every option), and steps over a value of its own.
void uv_option(const std::vector<std::string>& c, size_t& j, std::optional<std::string>& project) {
    std::string_view w = c[j];
    size_t eq = w.find('=');
    std::string_view option = w.substr(0, eq);
    bool names_project = option == "--directory" || option == "--project";
    if (eq != std::string_view::npos) {
        if (names_project) project = std::string(w.substr(eq + 1));
    } else if (uv_takes_value(option)) {
        ++j;
        if (names_project) project = j < c.size() ? c[j] : "";
    }
}

GymEntry entry_at(const std::vector<std::string>& c, size_t i, bool under_uv) {
    GymEntry e;
    if (i >= c.size()) return e;
    std::string_view name = basename(c[i]);
    if (is_script(name)) {
        e.kind = GymEntry::Kind::script;
        e.program = c[i];
        e.script = std::string(name);
        e.args = i + 1;
    } else if (is_python(name)) {
        if (size_t args = python_module_args(c, i + 1)) {
            e.kind = GymEntry::Kind::module;
            e.program = c[i];
            e.args = args;
        }
    } else if (name == "uv" && !under_uv) {
        // uv [global options] run [run options] COMMAND...
        size_t j = i + 1;
        std::optional<std::string> project;
        for (; j < c.size() && c[j] != "run"; ++j) {
            if (c[j].empty() || c[j][0] != '-') return e;  // another uv command
            uv_option(c, j, project);
        }
        for (++j; j < c.size(); ++j) {
            std::string_view w = c[j];
            if (w == "--") {
                ++j;
                break;
            }
            if (w == "-m" || w == "--module") {  // uv run -m MODULE: the project's python
                if (j + 1 < c.size() && c[j + 1] == kModule) {
                    e.kind = GymEntry::Kind::uv;
                    e.program = "python";
                    e.uv_project = project;
                    e.args = j + 2;
                }
                return e;
            }
            if (w.empty() || w[0] != '-') break;
            uv_option(c, j, project);
        }
        GymEntry inner = entry_at(c, j, true);
        if (inner.kind == GymEntry::Kind::none) return e;
        inner.script = inner.kind == GymEntry::Kind::script ? inner.script : "";
        inner.kind = GymEntry::Kind::uv;
        inner.uv_project = project;
        return inner;
    }
    return e;
}

}  // namespace

GymEntry gym_entry(const std::vector<std::string>& command, const Environment& env) {
    Launched launch = launched(command, env);
    GymEntry e = launch.stop == Launched::Stop::none ? entry_at(launch.command, 0, false) : GymEntry{};
    e.launch = std::move(launch);
    return e;
}

const std::vector<std::string_view>* legacy_tokens(std::string_view script) {
    const Legacy* l = legacy_of(script);
    return l ? &l->tokens : nullptr;
}

}  // namespace goe
