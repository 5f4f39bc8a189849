#include "gym_otel_env/gym/gym_refusals.hpp"

#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "gym_otel_env/core/close_match.hpp"
#include "gym_otel_env/core/error.hpp"

namespace goe {

using namespace gym;

namespace {

// The command lines other than `version` whose `command` has option `name` (none without
// a command: the top level is the same in all).
std::vector<CommandLine> lines_with(std::string_view name, const Command* command, CommandLine version) {
    std::vector<CommandLine> out;
    for (auto other : kCommandLines) {
        if (other == version || !command) continue;
        for (const auto& c : commands(other))
            if (c.name == command->name && has_option(c, name)) out.push_back(other);
    }
    return out;
}

// _has_override: a token whose key, `+`s stripped, is `key`.
bool has_override(const std::vector<std::string>& tokens, std::string_view key) {
    return std::any_of(tokens.begin(), tokens.end(), [&](const std::string& t) {
        std::string_view k = t;
        while (k.starts_with('+')) k.remove_prefix(1);
        return k.substr(0, k.find('=')) == key;
    });
}

}  // namespace

void refuse_gym_command(const std::string& what) {
    throw Error(fmt::format("gym command line: {}", what), Error::Kind::usage);
}

bool has_option(const Command& command, std::string_view name) {
    for (const auto& f : command.flags)
        for (const auto& o : f.opts)
            if (std::find(o.names.begin(), o.names.end(), name) != o.names.end()) return true;
    return false;
}

// Gym's main: a leftover that starts with "-" is an unknown option, never an override. An
// option another Gym has on this command is not a typo: no "did you mean" to an option that
// does something else, but which Gym has it. Either way, which command line was read, and
// the way around.
void refuse_unknown_options(const std::vector<std::string>& leftovers, const std::vector<std::string>& known,
                            const Command* command, const CommandLineRead& read, const std::string& program) {
    std::string unknown, hints;
    std::vector<std::string> elsewhere;
    std::vector<std::string> others;
    for (const auto& e : leftovers) {
        if (!e.starts_with("-")) continue;
        unknown += (unknown.empty() ? "" : " ") + e;
        std::string name = e.substr(0, e.find('='));
        bool here = std::find(known.begin(), known.end(), name) != known.end();
        auto lines = here ? std::vector<CommandLine>{} : lines_with(name, command, read.version);
        if (!lines.empty()) {
            if (std::find(elsewhere.begin(), elsewhere.end(), name) == elsewhere.end()) elsewhere.push_back(name);
            for (auto l : lines)
                if (std::find(others.begin(), others.end(), command_line_name(l)) == others.end())
                    others.emplace_back(command_line_name(l));
            continue;
        }
        std::vector<std::string> near;
        for (const auto& k : known)
            if (k != name) near.push_back(k);
        hints += did_you_mean(name, near);
    }
    if (unknown.empty()) return;
    std::string why = fmt::format("the tool reads {}:", describe(read));
    if (!elsewhere.empty())
        why = fmt::format(
            "the tool reads {}, which has no {} on `{}`; Gym {}'s has {}: name that Gym with --gym-version "
            "{}, or",
            describe(read), fmt::join(elsewhere, " "), command->name, fmt::join(others, "'s and Gym "),
            elsewhere.size() == 1 ? "it" : "them", others.front());
    refuse_gym_command(
        fmt::format("unrecognized arguments: {}{} ({} give the configs as CONFIG: gym-otel-env CONFIG... --exec -- "
                    "{} ...)",
                    unknown, hints, why, program));
}

// What the command handlers (_env_init, _env_test, _eval_health_check) refuse before they
// read any config, in their words, given the tokens they receive.
void handler_checks(const Command& command, const std::map<std::string, std::vector<std::string>>& values,
                    const std::vector<std::string>& leftovers, const std::vector<std::string>& tokens,
                    CommandLine version) {
    const std::string& name = command.name;
    auto given = [&](const char* dest) {
        auto it = values.find(dest);
        return it != values.end() && !it->second.empty() && !it->second.back().empty();
    };
    auto any_of = [&](std::initializer_list<std::string_view> keys) {
        return std::any_of(keys.begin(), keys.end(), [&](std::string_view k) { return has_override(tokens, k); });
    };
    if (name == "env init") {
        bool scaffold = given("scaffold_environment") || given("scaffold_benchmark") || any_of({"scaffold_kind"});
        if (scaffold && any_of({"entrypoint"}))
            refuse_gym_command("select a resources server or a manifest-backed workload, not both");
        if (!scaffold && any_of({"profile", "reuse_verifier", "reward_range", "higher_is_better"}))
            refuse_gym_command("--profile, --reuse-verifier, and reward options require --environment or --benchmark");
    } else if (name == "env test") {
        bool manifest = any_of({"onboarding_name"}), legacy = any_of({"entrypoint"});
        bool all = version == CommandLine::v52755d025d && values.count("all");
        if (manifest && legacy) refuse_gym_command("select a workload name or --resources-server, not both");
        if (all && (manifest || legacy))
            refuse_gym_command("--all tests every resources server, so it cannot be combined with a named target");
        if (!manifest && any_of({"catalog_kind", "update_expected", "json"}))
            refuse_gym_command("--kind, --update-expected, and --json require a workload name");
        if (version == CommandLine::v52755d025d && !manifest && !legacy && !all)
            refuse_gym_command(
                "requires a target: a workload name, --resources-server NAME, or --all to test every resources "
                "server.");
    } else if (name == "eval health-check" && !leftovers.empty()) {
        refuse_gym_command("health-check does not accept Hydra overrides");
    }
}

}  // namespace goe
