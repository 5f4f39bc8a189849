// gym-otel-env: a Gym config's telemetry block -> the environment Gym's servers get.
// Builds the CLI, runs the library's pipeline, prints or execs, maps errors to exits.
#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <CLI/CLI.hpp>

#include "gym_otel_env/core/exit_status.hpp"
#include "gym_otel_env/invocation.hpp"
#include "gym_otel_env/output/exec.hpp"
#include "gym_otel_env/output/render.hpp"
#include "gym_otel_env/pipeline.hpp"
#include "gym_otel_env/probe/probe_plan.hpp"
#include "gym_otel_env/telemetry/diagnose.hpp"
#include "gym_otel_env/telemetry/schema.hpp"
#include "probe_child.hpp"
#include "system.hpp"

namespace {

// How a failure reaches the user: `false` on stdout for the shell formats (stdout stays
// empty under --exec, whose stdout is the command's, and --check), colour on stderr.
struct Ui {
    goe::Format format = goe::kDefaultFormat;
    bool colour = false;
    bool quiet_stdout = false;
    goe::Redactor redactor;  // every line on stderr goes through it (SPEC 7)
};

void build_cli(CLI::App& app, goe::Invocation& o) {
    app.description("Print the OpenTelemetry environment NeMo Gym would give its servers, or run a command with it.");
    app.set_version_flag("--version", GOE_VERSION);
    app.add_option("CONFIG", o.configs, "Gym config files, merged in order ('-' reads standard input)");
    app.add_option("--set", o.sets, "Override a config value, e.g. --set telemetry.enabled=true")
        ->type_name("KEY=VALUE")
        ->allow_extra_args(false);  // one KEY=VALUE per --set: what follows is CONFIG
    app.add_option("--env-yaml", o.env_yaml, "Read PATH instead of env.yaml from the search roots")->type_name("PATH");
    app.add_flag("--no-env-yaml", o.no_env_yaml, "Do not read env.yaml")->excludes("--env-yaml");
    app.add_option("--search-dir", o.search_dirs, "Look for relative config paths under DIR first (repeatable)")
        ->type_name("DIR")
        ->allow_extra_args(false);
    app.add_option("--gym-root", o.gym_root,
                   "Gym's install root, searched last (found from the Gym command under --exec)")
        ->type_name("DIR");
    std::vector<std::string> formats;  // kFormats' names, the default first
    formats.reserve(goe::kFormats.size());
    for (const auto& f : goe::kFormats) formats.emplace_back(f.name);
    auto help =
        fmt::format("Output: {} (default), {}", formats[0], fmt::join(formats.begin() + 1, formats.end(), ", "));
    app.add_option("--format", o.format, help)->check(CLI::IsMember(formats));
    app.add_option("--name", o.name, "--format kubernetes: the ConfigMap's and Secret's name (default gym-otel-env)")
        ->type_name("NAME");  // checked after parsing (invocation.hpp), with the format
    app.add_flag("--exec", o.exec, "Run the command after '--' with the variables, e.g. --exec -- gym env start");
    app.add_flag("--explain", o.explain, "On stderr, where each variable comes from (=short: in one line)")
        ->type_name("[=short]")
        ->transform([](const std::string& v) -> std::string {
            if (v != "true" && !goe::parse_explain_form(v))  // "true": a bare --explain
                throw CLI::ValidationError("expected no value, full or short, got '" + v + "'");
            return v == "true" ? "full" : v;
        });
    app.add_flag("--check", o.check, "Validate and lint only: nothing on stdout, exit 1 on errors");
    app.add_flag("--probe", o.probe,
                 "First send an empty export per signal where the SDK would: exit 1 unless all arrive");
    app.add_option("--probe-timeout", o.probe_timeout, "--probe's time limit for all signals (default 5)")
        ->type_name("SECONDS");  // checked after parsing (probe_plan.hpp): CLI11's checks cost every run
    app.add_flag("--strict", o.report.strict, "Treat every warning as an error");
    app.add_flag("-q,--quiet", o.report.quiet, "Do not print warnings, e.g. eval \"$(gym-otel-env --quiet c.yaml)\"");
    app.footer(
        "Examples:\n"
        "  eval \"$(gym-otel-env config.yaml)\"                    # bash, zsh, dash\n"
        "  gym-otel-env --format fish config.yaml | source\n"
        "  gym-otel-env --exec -- gym env start --config my_env.yaml\n"
        "  gym-otel-env --set telemetry.enabled=true base.yaml - < extra.yaml\n"
        "  gym-otel-env --env-yaml ~/secrets.yaml config.yaml    # or --no-env-yaml\n"
        "  gym-otel-env --search-dir ~/Gym configs/telemetry.yaml\n"
        "  gym-otel-env --gym-root ~/Gym resources_servers/x/configs/x.yaml  # Gym's shipped configs\n"
        "  gym-otel-env --check --strict config.yaml             # exit 1 on any warning\n"
        "  gym-otel-env --probe --exec -- gym env start --config c.yaml  # only if telemetry arrives\n"
        "  gym-otel-env --check --probe --probe-timeout 2 config.yaml  # where telemetry goes, within 2 s\n"
        "  gym-otel-env --explain config.yaml >/dev/null         # where each value comes from\n"
        "  gym-otel-env --format github config.yaml >> \"$GITHUB_ENV\"\n"
        "  gym-otel-env --format env-file config.yaml > otel.env  # docker/podman run --env-file otel.env\n"
        "  gym-otel-env --format gitlab config.yaml > otel.env    # GitLab: artifacts: reports: dotenv\n"
        "  ray job submit --runtime-env-json \"$(gym-otel-env --format ray c.yaml)\" -- python run.py\n"
        "  gym-otel-env --format kubernetes --name run-42 c.yaml | kubectl apply -f -\n"
        "Manual: man gym-otel-env");
}

void to_stderr(const std::string& text) { std::fwrite(text.data(), 1, text.size(), stderr); }

int fail(const Ui& ui, goe::ExitStatus status, const std::vector<std::string>& lines = {}) {
    if (!ui.quiet_stdout) {
        std::fputs(goe::render_failure(ui.format).c_str(), stdout);
        std::fflush(stdout);
    }
    to_stderr(goe::message_lines(goe::Severity::error, lines, ui.colour, &ui.redactor));
    return goe::code(status);
}

// Everything after the command line: the pipeline, the report on stderr, then the
// exports on stdout or the exec. The user's mistakes are thrown as goe::Error.
int run(goe::Invocation& o, Ui& ui, const goe::Environment& env, const std::vector<std::string>& entries,
        const goe::RenderOptions& options) {
    goe::app::DiskFileSystem disk;
    goe::CommandView view(o, env, disk);  // under --exec, as the command behind its launchers sees it
    if (o.exec && o.gym_root.empty()) o.gym_root = view.install_root().value_or("");
    for (const auto& secret : goe::environment_secrets(view.env())) ui.redactor.add(secret);
    std::vector<std::string> secrets;
    auto pipeline = [&] {
        try {
            return goe::run_pipeline(
                goe::load_request(o, view), view.env(), view.fs(), [] { return goe::app::random_hex(12); }, &secrets,
                [] { return goe::app::host_address(); });
        } catch (...) {
            for (const auto& s : secrets) ui.redactor.add(s);
            throw;
        }
    };
    auto& outcome = goe::app::kept_to_exit(pipeline());
    for (const auto& s : secrets) ui.redactor.add(s);
    o.report.colour = ui.colour;
    o.report.terminal = goe::app::stderr_is_terminal();
    o.report.redactor = &ui.redactor;
    o.report.notes = o.check;
    o.report.explain = goe::parse_explain_form(o.explain).value_or(goe::ExplainForm::none);
    auto written = goe::written(outcome.translation, ui.format);
    if (!o.exec)
        for (const auto& e : written)
            if (e.source == goe::Export::Source::kept) o.report.kept_written.push_back(e.name);
    auto report = goe::report(outcome, view.env(), o.report);
    to_stderr(report.text);
    if (report.failed) return fail(ui, goe::ExitStatus::failure);
    const auto& exports = outcome.translation.exports;  // what --exec and --probe add to the environment
    if (o.probe) {                                      // with the child's environment, before --exec runs anything
        auto ms = goe::probe::total_timeout_option(o.probe, o.probe_timeout);
        auto probe = goe::app::run_probe(goe::child_environment(entries, exports), ms);
        for (const auto& line : probe.lines) to_stderr(ui.redactor.clean(line) + "\n");
        if (!probe.failure.empty()) return fail(ui, goe::ExitStatus::failure, {probe.failure});
        if (!probe.accepted)
            return fail(ui, goe::ExitStatus::failure,
                        {o.exec ? fmt::format("--probe: not every signal was accepted, so {} was not run", o.command[0])
                                : "--probe: not every signal was accepted"});
    }
    if (o.check) return goe::code(goe::ExitStatus::success);
    if (o.exec) {
        auto failure = goe::app::exec_command(o.command, goe::child_environment(entries, exports));
        to_stderr(goe::message_line(goe::Severity::error, failure.message, ui.colour, &ui.redactor));
        return goe::code(failure.status);
    }
    auto text = goe::render(written, ui.format, options);
    to_stderr(goe::log_masks(written, ui.format, env));
    auto unwritten = goe::app::write_stdout(text);
    if (!unwritten) return goe::code(goe::ExitStatus::success);
    to_stderr(goe::message_line(goe::Severity::error, "cannot write to standard output: " + *unwritten, ui.colour,
                                &ui.redactor));
    return goe::code(goe::ExitStatus::failure);
}

}  // namespace

int main(int argc, char** argv) try {
    goe::Invocation o;
    auto args = goe::split_command({argv + 1, argv + argc}, o);
    auto entries = goe::app::environment_entries();
    auto env = goe::app::environment_map(entries);
    // Known before parsing, so that a usage error under --exec or --check also leaves stdout empty.
    auto given = [&](const char* flag) { return std::find(args.begin(), args.end(), flag) != args.end(); };
    Ui ui{goe::requested_format(args),
          goe::colour_wanted(env, goe::app::stderr_is_terminal()),
          given("--exec") || given("--check"),
          {}};
    for (const auto& secret : goe::environment_secrets(env)) ui.redactor.add(secret);
    CLI::App app{"gym-otel-env", "gym-otel-env"};
    build_cli(app, o);
    try {
        std::reverse(args.begin(), args.end());  // CLI11 takes them last-first
        app.parse(args);
        ui.format = goe::parse_format(o.format);
        if (o.exec && o.command.empty()) throw goe::Error("--exec needs a command after '--'", goe::Error::Kind::usage);
        goe::probe::total_timeout_option(o.probe, o.probe_timeout);
        auto options = goe::render_options(o, ui.format, [] { return goe::app::random_hex(16); });
        options.terminal = goe::app::stdout_is_terminal();
        return run(o, ui, env, entries, options);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        return fail(ui, goe::ExitStatus::usage, {std::string(e.what()) + " (see gym-otel-env --help)"});
    } catch (const goe::Error& e) {
        return fail(ui, goe::exit_status(e.kind()), e.lines());
    } catch (const std::exception& e) {
        // Out of memory, or a bug: not the user's mistake, so not reported as one. Still
        // nothing on stdout but `false`.
        return fail(ui, goe::ExitStatus::internal, {fmt::format("internal error: {}", e.what())});
    } catch (...) {
        return fail(ui, goe::ExitStatus::internal, {"internal error"});
    }
} catch (...) {
    // Thrown before the format is known or by the handlers above (out of memory, say):
    // a fixed line, which cannot throw again, and nothing on stdout.
    std::fputs("gym-otel-env: error: internal error\n", stderr);
    return goe::code(goe::ExitStatus::internal);
}
