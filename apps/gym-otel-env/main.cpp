// gym-otel-env: a Gym config's telemetry block -> the environment Gym's servers get.
// Builds the CLI, runs the library's pipeline, prints or execs, maps errors to exits.
#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "cli.hpp"
#include "gym_otel_env/core/exit_status.hpp"
#include "gym_otel_env/gym_versions.hpp"
#include "gym_otel_env/invocation.hpp"
#include "gym_otel_env/output/exec.hpp"
#include "gym_otel_env/output/record.hpp"
#include "gym_otel_env/output/render.hpp"
#include "gym_otel_env/pipeline.hpp"
#include "gym_otel_env/probe/probe_plan.hpp"
#include "gym_otel_env/schema_in_force.hpp"
#include "gym_otel_env/telemetry/diagnose.hpp"
#include "gym_otel_env/telemetry/schema.hpp"
#include "gym_otel_env/telemetry/secrecy.hpp"
#include "probe_child.hpp"
#include "system.hpp"

namespace {

// How a failure reaches the user: `false` on stdout for the shell formats, for the eval
// that reads it (stdout stays empty under --exec, whose stdout is the command's, under
// --check, and on a terminal, where a person reads it), colour on stderr.
struct Ui {
    goe::Format format = goe::kDefaultFormat;
    bool colour = false;
    bool quiet_stdout = false;
    goe::Redactor redactor;  // every line on stderr goes through it (SPEC 7)
};

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
    // What this tool's earlier output set is not the user's environment (output/record.hpp).
    const auto earlier = goe::read_record(view.env());
    const goe::Environment& user = earlier.user;
    std::vector<std::string> secrets;
    auto pipeline = [&] {
        try {
            auto request = goe::load_request(o, view);
            request.earlier_run_id = earlier.made_run_id;
            // The telemetry schema of the Gym that runs (SPEC 8).
            const auto schema = goe::schema_in_force(request.gym_version, request.gym_root.value_or(""), view.fs());
            return goe::run_pipeline(
                request, user, view.fs(), [] { return goe::app::random_hex(12); }, &secrets,
                [] { return goe::app::host_address(); }, {}, schema);
        } catch (...) {
            for (const auto& s : secrets) ui.redactor.add(s);
            throw;
        }
    };
    auto& outcome = goe::app::kept_to_exit(pipeline());
    for (const auto& s : secrets) ui.redactor.add(s);
    o.report.colour = ui.colour;
    o.report.redactor = &ui.redactor;
    o.report.notes = o.check;
    o.report.explain = goe::parse_explain_form(o.explain).value_or(goe::ExplainForm::none);
    auto written = goe::written(outcome.translation, ui.format);
    if (ui.format->reader == goe::Reader::shell) written = goe::recorded(written, earlier);
    if (!o.exec)
        for (const auto& e : written) {
            if (e.source == goe::Export::Source::kept) o.report.kept_written.push_back(e.name);
            if (e.source == goe::Export::Source::withdrawn && e.name != goe::kRecordVariable)
                o.report.withdrawn.push_back(e.name);
        }
    auto report = goe::report(outcome, user, o.report);
    to_stderr(report.text);
    if (report.failed) return fail(ui, goe::ExitStatus::failure);
    // What --exec and --probe change in the environment.
    const auto exports = goe::for_child(outcome.translation.exports, earlier);
    if (o.probe) {  // with the child's environment, before --exec runs anything
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
    const std::vector<std::string> words(argv + 1, argv + argc);
    auto args = goe::split_command(words, o);
    auto entries = goe::app::environment_entries();
    auto env = goe::app::environment_map(entries);
    // Known before parsing, so that a usage error under --exec or --check also leaves stdout empty.
    auto given = [&](const char* flag) { return std::find(args.begin(), args.end(), flag) != args.end(); };
    Ui ui{goe::requested_format(args),
          goe::colour_wanted(env, goe::app::stderr_is_terminal()),
          given("--exec") || given("--check") || goe::app::stdout_is_terminal(),
          {}};
    for (const auto& secret : goe::environment_secrets(env)) ui.redactor.add(secret);
    CLI::App app{"gym-otel-env", "gym-otel-env"};
    goe::app::build_cli(app, o);
    try {
        goe::check_usage(words, goe::app::option_shapes(app));  // the mistakes CLI11 would word as a parser
        std::reverse(args.begin(), args.end());                 // CLI11 takes them last-first
        app.parse(args);
        ui.format = goe::parse_format(o.format);
        if (!o.gym_version.empty()) goe::gym_version_named(o.gym_version);  // a usage error before anything runs
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
