// Fuzz target: one input -> run_pipeline (load, merge, directives, defaults, resolve,
// validate, translate) -> the report (lint, --explain) and every output format, everything
// in memory, as main runs them. Built with -fsanitize=fuzzer under clang, or with
// replay_main.cpp so that ordinary CI runs the checked-in corpus.
//
// The input is one config file, c.yaml. Lines that are YAML comments also steer
// the run, so every input stays a readable (and mostly valid) config:
//   #env NAME=VALUE   an environment variable
//   #set KEY=VALUE    a --set override
//   #file NAME        what follows is another file (for config_paths, env.yaml), or
//                     standard input for "<stdin>"
// The files are the tests' one in-memory file system (tests/memory_file_system.hpp), in
// which "a-directory" is a directory, so that reading it fails as on disk.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "gym_otel_env/core/error.hpp"
#include "gym_otel_env/output/render.hpp"
#include "gym_otel_env/pipeline.hpp"
#include "gym_otel_env/telemetry/diagnose.hpp"
#include "memory_file_system.hpp"

namespace {

struct Case {
    goe::testing::MemoryFileSystem fs;
    goe::Environment env;
    goe::LoadRequest request;
};

Case split(std::string_view input) {
    Case c;
    c.request.configs = {"c.yaml"};
    c.fs.directories.insert("a-directory");
    std::string discarded;  // what a "#file a-directory" holds: it stays a directory
    std::string* file = &c.fs.files["c.yaml"];
    while (!input.empty()) {
        size_t end = input.find('\n');
        std::string_view line = input.substr(0, end == std::string_view::npos ? input.size() : end + 1);
        input.remove_prefix(line.size());
        std::string_view body = line;
        if (!body.empty() && body.back() == '\n') body.remove_suffix(1);
        if (body.substr(0, 6) == "#file ") {
            std::string name(body.substr(6));
            file = name == "<stdin>" ? &c.fs.stdin_text : name == "a-directory" ? &discarded : &c.fs.files[name];
            continue;
        }
        if (body.substr(0, 5) == "#env ") {
            std::string_view pair = body.substr(5);
            size_t eq = pair.find('=');
            if (eq != std::string_view::npos) c.env[std::string(pair.substr(0, eq))] = std::string(pair.substr(eq + 1));
        } else if (body.substr(0, 5) == "#set ") {
            c.request.sets.emplace_back(body.substr(5));
        }
        *file += line;
    }
    return c;
}

// A broken promise is a crash, so that the fuzzer keeps the input.
void expect(bool ok, const char* what) {
    if (ok) return;
    std::fprintf(stderr, "fuzz_pipeline: %s\n", what);
    std::abort();
}

// What reaches the terminal: whole lines, no control character but their line breaks,
// so that no config text can start a line of its own or drive the terminal.
void expect_printable_lines(std::string_view text, const char* what) {
    expect(text.empty() || text.back() == '\n', what);
    for (char c : text) {
        auto b = static_cast<unsigned char>(c);
        expect(c == '\n' || (b >= 0x20 && b != 0x7f), what);
    }
}

void run(std::string_view input) {
    Case c = split(input);
    // Smaller than the defaults so that a bomb costs the fuzzer milliseconds, not
    // seconds; the checks are the same code.
    goe::PipelineLimits limits;
    limits.load.max_files = 20;
    limits.load.parse.max_nodes = 20'000;
    limits.load.parse.max_merged_entries = 20'000;
    limits.directives.max_steps = 20'000;
    limits.directives.max_missing_listed = 100;
    limits.resolve.max_result_bytes = 1u << 20;
    limits.resolve.max_nodes = 20'000;
    limits.resolve.max_evaluations = 20'000;
    std::vector<std::string> secrets;
    goe::Redactor redactor;
    goe::Outcome outcome;
    try {
        outcome = goe::run_pipeline(
            c.request, c.env, c.fs, [] { return std::string("0123456789ab"); }, &secrets,
            [] { return std::optional<std::string>("192.0.2.1"); }, limits);
    } catch (const goe::Error& e) {
        // The expected way to fail: one "gym-otel-env: error:" line per finding.
        for (const auto& s : secrets) redactor.add(s);
        std::string text = goe::message_lines(goe::Severity::error, e.lines(), false, &redactor);
        expect_printable_lines(text, "an error message is not printable");
        size_t lines = 0;
        for (size_t at = 0; at < text.size(); at = text.find('\n', at) + 1, ++lines)
            expect(text.compare(at, 21, "gym-otel-env: error: ") == 0, "an error line without its prefix");
        expect(lines == e.lines().size() && lines > 0, "not one line per finding");
        return;
    }
    for (const auto& s : secrets) redactor.add(s);

    // The report as --check --explain, --explain=short and --strict print it.
    goe::ReportOptions checked, brief, strict;
    checked.notes = true;
    checked.explain = goe::ExplainForm::full;
    brief.explain = goe::ExplainForm::brief;
    strict.strict = true;
    for (auto* options : {&checked, &brief, &strict}) {
        options->redactor = &redactor;
        goe::Report report = goe::report(outcome, c.env, *options);
        expect_printable_lines(report.text, "the report is not printable");
        expect(!report.failed || !report.text.empty(), "a failed report that says nothing");
    }

    // Fresh tokens, as the real random source gives: the GitHub format draws
    // delimiters until one does not occur in the value, so a constant one that
    // the input contains would loop forever (the first fuzzing run found this).
    unsigned tokens = 0;
    auto token = [&tokens] { return fmt::format("{:016x}", ++tokens); };
    for (const auto& format : goe::kFormats) {
        try {
            std::string out = goe::render(outcome.translation.exports, &format, token);
            expect(out.empty() || out.back() == '\n', "output does not end its last line");
        } catch (const goe::Error& e) {
            // dotenv and github refuse what their readers would not give back as written.
            expect(!e.lines().empty(), "a refusal without a message");
        }
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    run(std::string_view(reinterpret_cast<const char*>(data), size));
    return 0;
}
