// gym-otel-env: a Gym config's telemetry block -> the environment Gym's servers get.
// Builds the CLI, runs the library's pipeline, prints or execs, maps errors to exits.
#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "gym_otel_env/exec.hpp"
#include "gym_otel_env/gym_args.hpp"
#include "gym_otel_env/pipeline.hpp"
#include "gym_otel_env/render.hpp"
#include "system.hpp"

namespace {

struct Options {
    std::vector<std::string> configs;
    std::vector<std::string> sets;
    std::vector<std::string> search_dirs;
    std::string env_yaml;
    bool no_env_yaml = false;
    std::string format = "sh";
    bool exec = false;
    std::vector<std::string> command;  // after "--"
};

void build_cli(CLI::App& app, Options& o) {
    app.description("Print the OpenTelemetry environment NeMo Gym would give its servers, or run a command with it.");
    app.set_version_flag("--version", GOE_VERSION);
    app.add_option("CONFIG", o.configs, "Gym config files, merged in order ('-' reads standard input)");
    app.add_option("--set", o.sets, "Override a config value, e.g. --set telemetry.enabled=true")->type_name("KEY=VALUE");
    app.add_option("--env-yaml", o.env_yaml, "Read PATH instead of env.yaml from the search roots")->type_name("PATH");
    app.add_flag("--no-env-yaml", o.no_env_yaml, "Do not read env.yaml");
    app.add_option("--search-dir", o.search_dirs, "Look for relative config paths under DIR first (repeatable)")
        ->type_name("DIR");
    app.add_option("--format", o.format, "Output: sh (default), fish, json, dotenv, github")
        ->check(CLI::IsMember({"sh", "fish", "json", "dotenv", "github"}));
    app.add_flag("--exec", o.exec, "Run the command after '--' with the variables, e.g. --exec -- gym env start");
    app.footer(
        "Examples:\n"
        "  eval \"$(gym-otel-env config.yaml)\"\n"
        "  gym-otel-env --format fish config.yaml | source\n"
        "  gym-otel-env --exec -- gym env start --config my_env.yaml");
}

int fail(const std::string& message, int status, goe::Format format) {
    std::fputs(goe::render_failure(format).c_str(), stdout);
    std::fflush(stdout);
    std::fprintf(stderr, "gym-otel-env: error: %s\n", message.c_str());
    return status;
}

bool write_all(const std::string& text) {
    return std::fwrite(text.data(), 1, text.size(), stdout) == text.size() && std::fflush(stdout) == 0;
}

}  // namespace

int main(int argc, char** argv) {
    std::vector<std::string> args(argv + 1, argv + argc);
    Options o;
    auto dashes = std::find(args.begin(), args.end(), "--");
    if (dashes != args.end()) {
        o.command.assign(dashes + 1, args.end());
        args.erase(dashes, args.end());
    }
    CLI::App app{"gym-otel-env", "gym-otel-env"};
    build_cli(app, o);
    goe::Format format = goe::Format::sh;
    try {
        std::reverse(args.begin(), args.end());  // CLI11 takes them last-first
        app.parse(args);
        format = *goe::parse_format(o.format);
        if (!o.exec) {
            o.configs.insert(o.configs.end(), o.command.begin(), o.command.end());
        } else if (o.command.empty()) {
            throw goe::Error("--exec needs a command after '--'", goe::Error::Kind::usage);
        }
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        return fail(std::string(e.what()) + " (see gym-otel-env --help)", 2, format);
    } catch (const goe::Error& e) {
        return fail(e.what(), 2, format);
    }

    try {
        goe::LoadRequest request;
        request.configs = o.configs;
        request.search_dirs = o.search_dirs;
        if (!o.env_yaml.empty()) request.env_yaml = o.env_yaml;
        request.no_env_yaml = o.no_env_yaml;
        if (o.exec && o.configs.empty()) {
            auto gym = goe::read_gym_command(o.command);
            request.configs = gym.configs;
            request.overrides = gym.overrides;
        }
        for (const auto& s : o.sets) request.overrides.push_back(goe::parse_override(s, "--set"));

        auto entries = goe::app::environment_entries();
        auto env = goe::app::environment_map(entries);
        goe::app::DiskFileSystem fs;
        auto outcome = goe::run_pipeline(request, env, fs, [] { return goe::app::random_hex(12); });
        const auto& exports = outcome.translation.exports;
        if (o.exec) {
            auto failure = goe::exec_command(o.command, goe::child_environment(entries, exports));
            std::fprintf(stderr, "gym-otel-env: error: %s\n", failure.message.c_str());
            return failure.status;
        }
        if (!write_all(goe::render(exports, format, [] { return goe::app::random_hex(16); }))) {
            std::fprintf(stderr, "gym-otel-env: error: cannot write to standard output\n");
            return 1;
        }
        return 0;
    } catch (const goe::Error& e) {
        return fail(e.what(), e.kind() == goe::Error::Kind::usage ? 2 : 1, format);
    } catch (const std::exception& e) {
        // Out of memory, or a bug: still nothing on stdout but `false`.
        return fail(fmt::format("internal error: {}", e.what()), 1, format);
    }
}
