#include <catch2/catch.hpp>

#include "gym_otel_env/core/value.hpp"
#include "gym_otel_env/pipeline.hpp"
#include "gym_otel_env/telemetry/diagnose.hpp"
#include "gym_otel_env/telemetry/schema.hpp"
#include "gym_otel_env/telemetry/schema_versions.hpp"
#include "support.hpp"

namespace {

goe::Outcome outcome_of(const std::string& yaml, const goe::Environment& env = {}) {
    goe::testing::MemoryFileSystem fs;
    fs.files["c.yaml"] = yaml;
    goe::LoadRequest request;
    request.configs = {"c.yaml"};
    return goe::run_pipeline(request, env, fs, [] { return std::string("0123456789ab"); });
}

goe::Report report_of(const std::string& yaml, goe::ReportOptions options, const goe::Environment& env = {}) {
    return goe::report(outcome_of(yaml, env), env, options);
}

const std::string kTypos = "telemetry:\n  enabled: false\n  exportr: otlp\n  exporter: zipkin\n";

}  // namespace

TEST_CASE("message_line: the one shape of every warning and error") {
    CHECK(goe::message_line(goe::Severity::warning, "c.yaml:1:2: k: what", false) ==
          "gym-otel-env: warning: c.yaml:1:2: k: what\n");
    CHECK(goe::message_line(goe::Severity::error, "what", false) == "gym-otel-env: error: what\n");
    CHECK(goe::message_line(goe::Severity::error, "what", true) ==
          "\033[1mgym-otel-env:\033[0m \033[1;31merror:\033[0m what\n");
    CHECK(goe::message_line(goe::Severity::warning, "what", true) ==
          "\033[1mgym-otel-env:\033[0m \033[1;35mwarning:\033[0m what\n");
}

TEST_CASE("message_line: regression: a newline or ESC in a config forged a line of its own") {
    CHECK(goe::message_line(goe::Severity::warning, "c.yaml:1:1: a\nb\rc\td\x1b[31me\x7f", false) ==
          "gym-otel-env: warning: c.yaml:1:1: a\\nb\\rc\\td\\x1b[31me\\x7f\n");
    CHECK(goe::message_line(goe::Severity::error, "x\ngym-otel-env: note: forged", false) ==
          "gym-otel-env: error: x\\ngym-otel-env: note: forged\n");
}

TEST_CASE("printable: C1 controls and bytes that are not UTF-8 as \\xNN; other UTF-8 as is") {
    CHECK(goe::printable("gr\xc3\xbc\xc3\x9f"
                         "e \xe2\x80\x94") ==
          "gr\xc3\xbc\xc3\x9f"
          "e \xe2\x80\x94");
    CHECK(goe::printable("\xc2\x9b"
                         "31m \xc2\x85 \xc2\xa0") == "\\x9b31m \\x85 \xc2\xa0");
    CHECK(goe::printable("\xff\xc3 \xed\xa0\x80") == "\\xff\\xc3 \\xed\\xa0\\x80");
    CHECK(goe::printable("back\\slash") == "back\\slash");
}

TEST_CASE("Redactor: every secret text masked wherever it appears, the longest first, then printable") {
    goe::Redactor r;
    // The schema's rule says which texts are secret (secret_parts); the Redactor hides them.
    for (const auto& part :
         goe::secret_parts("OTEL_EXPORTER_OTLP_HEADERS", "x-key=Zq8sEcReT7, other = t0k3n ,short=abc"))
        r.add(part);
    CHECK(r.clean("got 'x-key=Zq8sEcReT7, other = t0k3n ,short=abc'") == "got '***'");
    CHECK(r.clean("environment variable 'NOPE_Zq8sEcReT7' not found") == "environment variable 'NOPE_***' not found");
    CHECK(r.clean("t0k3n t0k3n") == "*** ***");
    // Shorter than kMinLength: left alone, or line numbers would go.
    CHECK(r.clean("abc at c.yaml:1:1") == "abc at c.yaml:1:1");
    goe::Redactor whole;  // only what it is given: no text is split
    whole.add("x-key=Zq8sEcReT7");
    CHECK(whole.clean("Zq8sEcReT7") == "Zq8sEcReT7");
    goe::Redactor control;
    control.add("a\nsecret");
    CHECK(control.clean("x a\nsecret y\n") == "x *** y\\n");
    CHECK(goe::Redactor().clean("plain") == "plain");
}

TEST_CASE("Redactor: every form a message can derive: any case, percent-encoded or decoded, repr, a list's item") {
    goe::Redactor r;
    r.add("Bearer%20Zq8s/EcReT");
    // Lower-cased (a rule quotes names so), upper-cased, decoded as the SDK sends it,
    // encoded further, and in a mix.
    CHECK(r.clean("'bearer%20zq8s/ecret' is not one of ...") == "'***' is not one of ...");
    CHECK(r.clean("BEARER ZQ8S/ECRET") == "***");
    CHECK(r.clean("got Bearer Zq8s/EcReT back") == "got *** back");
    CHECK(r.clean("Bearer%20Zq8s%2FEcReT") == "***");
    CHECK(r.clean("Bearer%20zq8s%2fecret") == "***");
    goe::Redactor quoted;
    quoted.add("it's\\x");  // a backslash and a quote: python_repr escapes both
    CHECK(quoted.clean(goe::python_repr("it's\\x")) == "\"***\"");
    // A list's items one by one, as the names rule splits and lower-cases them; a scheme
    // word or an item too short is no secret of its own.
    goe::Redactor list;
    list.add("TokenOne, tokentwo,abc,Bearer");
    CHECK(list.clean("'tokenone' is not one of ...; 'TOKENTWO' neither; abc; bearer") ==
          "'***' is not one of ...; '***' neither; abc; bearer");
    // A bare scheme, or one with an empty token, is never hidden: "Bearer" is in every log.
    goe::Redactor empty;
    empty.add("Bearer ");
    empty.add("Bearer%20");
    empty.add("  ab  ");
    CHECK(empty.clean("Bearer token missing; ab") == "Bearer token missing; ab");
    // Adjacent and overlapping hits are one mask; the text around stays.
    goe::Redactor twice;
    twice.add("abcdabcd");
    twice.add("cdab");
    CHECK(twice.clean("xabcdabcdabx") == "x***x");
}

TEST_CASE("colour_wanted: a terminal, and neither NO_COLOR nor TERM=dumb") {
    CHECK(goe::colour_wanted({}, true));
    CHECK_FALSE(goe::colour_wanted({}, false));
    CHECK_FALSE(goe::colour_wanted({{"NO_COLOR", "1"}}, true));
    CHECK(goe::colour_wanted({{"NO_COLOR", ""}}, true));  // no-color.org: only when non-empty
    CHECK_FALSE(goe::colour_wanted({{"TERM", "dumb"}}, true));
}

TEST_CASE("report: warnings for a valid config, even with telemetry off") {
    auto r = report_of(kTypos, {});
    CHECK_FALSE(r.failed);
    CHECK(r.text ==
          "gym-otel-env: warning: c.yaml:3:3: telemetry.exportr: unknown key, ignored; did you mean 'exporter'?\n"
          "gym-otel-env: warning: c.yaml:4:13: telemetry.exporter: 'zipkin' is not one of otlp, console (nemo-lens "
          "rejects it)\n");
}

TEST_CASE("report: --quiet drops warnings, --strict makes them errors and fails") {
    CHECK(report_of(kTypos, {.quiet = true}).text.empty());
    for (bool quiet : {false, true}) {
        auto r = report_of(kTypos, {.strict = true, .quiet = quiet, .explain = goe::ExplainForm::full});
        CHECK(r.failed);
        CHECK(r.text ==  // no --explain: nothing is exported
              "gym-otel-env: error: c.yaml:3:3: telemetry.exportr: unknown key; did you mean 'exporter'?\n"
              "gym-otel-env: error: c.yaml:4:13: telemetry.exporter: 'zipkin' is not one of otlp, console (nemo-lens "
              "rejects it)\n");
    }
    CHECK_FALSE(report_of("telemetry: {enabled: true}\n", {.strict = true}).failed);
}

TEST_CASE("report: at most max_messages lines, then how many more") {
    std::string yaml = "telemetry:\n";
    for (int i = 0; i < 25; ++i) yaml += "  k" + std::to_string(i) + ": 1\n";
    auto r = report_of(yaml, {.max_messages = 20});
    CHECK(std::count(r.text.begin(), r.text.end(), '\n') == 21);
    CHECK(r.text.starts_with("gym-otel-env: warning: c.yaml:2:3: telemetry.k0: unknown key, ignored\n"));
    CHECK(
        r.text.ends_with("gym-otel-env: warning: c.yaml:21:3: telemetry.k19: unknown key, ignored\n"
                         "gym-otel-env: warning: ... and 5 more\n"));
}

TEST_CASE("report: --explain after the warnings") {
    auto r = report_of("telemetry: {enabled: true, colour: red}\n", {.explain = goe::ExplainForm::brief},
                       {{"OTEL_SERVICE_NAME", "mine"}});
    CHECK(r.text ==
          "gym-otel-env: warning: c.yaml:1:28: telemetry.colour: unknown key, ignored\n"
          "gym-otel-env: +NEMO_GYM_OTEL_ENABLED +NEMO_GYM_OTEL_SPAN_GROUPS +NEMO_GYM_OTEL_EXPORT_STRATEGY "
          "+NEMO_GYM_OTEL_EXPORT_RANK +NEMO_GYM_OTEL_TRACES_ENABLED +NEMO_GYM_OTEL_METRICS_ENABLED "
          "+NEMO_GYM_OTEL_LOGS_ENABLED +NEMO_GYM_OTEL_EXPORTER "
          "+NEMO_GYM_OTEL_SERVICE_NAME_PER_SERVER +NEMO_GYM_OTEL_INSTRUMENT_AIOHTTP ~OTEL_SERVICE_NAME "
          "+NEMO_GYM_OTEL_RUN_ID\n");
    CHECK(goe::parse_explain_form("full") == goe::ExplainForm::full);
    CHECK(goe::parse_explain_form("short") == goe::ExplainForm::brief);
    CHECK_FALSE(goe::parse_explain_form("long"));
}

TEST_CASE("message_lines: an error of several lines gets the prefix on each") {
    CHECK(goe::message_lines(goe::Severity::error, {"first", "c.yaml:1:2: a: second"}, false) ==
          "gym-otel-env: error: first\ngym-otel-env: error: c.yaml:1:2: a: second\n");
    CHECK(goe::message_lines(goe::Severity::error, goe::Error(std::vector<std::string>{"one", "two"}).lines(), false) ==
          "gym-otel-env: error: one\ngym-otel-env: error: two\n");
    // A line break inside one finding cannot start a line of its own.
    CHECK(goe::message_lines(goe::Severity::error, {"a\ngym-otel-env: note: forged"}, false) ==
          "gym-otel-env: error: a\\ngym-otel-env: note: forged\n");
    CHECK(goe::Error(goe::Origin{"c.yaml", 1, 2}, "k", "bad").lines() ==
          std::vector<std::string>{"c.yaml:1:2: k: bad"});
}

TEST_CASE("message_line: a note, for what --check says that is not a warning") {
    CHECK(goe::message_line(goe::Severity::note, "what", false) == "gym-otel-env: note: what\n");
    CHECK(goe::message_line(goe::Severity::note, "what", true) ==
          "\033[1mgym-otel-env:\033[0m \033[1;36mnote:\033[0m what\n");
}

TEST_CASE("report: a misspelt telemetry block warns first, and under --strict is an error") {
    std::string yaml = "telemtry:\n  enabled: true\n";
    CHECK(report_of(yaml, {}).text ==
          "gym-otel-env: warning: c.yaml:1:1: telemtry: not the telemetry block, ignored; did you mean 'telemetry'?\n");
    auto strict = report_of(yaml, {.strict = true});
    CHECK(strict.failed);
    CHECK(strict.text ==
          "gym-otel-env: error: c.yaml:1:1: telemtry: not the telemetry block; did you mean 'telemetry'?\n");
}

TEST_CASE("report: --check notes a block whose settings have no effect while telemetry is off") {
    std::string yaml = "telemetry:\n  service_name: svc\n  otlp_endpoint: http://c:4317\n";
    CHECK(report_of(yaml, {.notes = true}).text ==
          "gym-otel-env: note: telemetry is off, so what the config sets is not exported (otlp_endpoint, "
          "service_name): telemetry.enabled is not set (default false)\n");
    CHECK(report_of("telemetry:\n  enabled: false\n  service_name: svc\n", {.notes = true}).text ==
          "gym-otel-env: note: telemetry is off, so what the config sets is not exported (service_name): "
          "telemetry.enabled is false (c.yaml:2:12)\n");
    CHECK(report_of(yaml, {}).text.empty());                               // not without --check
    CHECK(report_of(yaml, {.quiet = true, .notes = true}).text.empty());   // nor under --quiet
    CHECK_FALSE(report_of(yaml, {.strict = true, .notes = true}).failed);  // a note is no warning
    CHECK(report_of("telemetry:\n  enabled: false\n", {.notes = true}).text.empty());
    CHECK(report_of("telemetry:\n  enabled: true\n  service_name: svc\n", {.notes = true}).text.empty());
}

TEST_CASE("report: a kept run id that is not the Slurm job's warns, also under --check") {
    std::string yaml = "telemetry:\n  enabled: true\n";
    goe::Environment leaked{{"SLURM_JOB_ID", "42"}, {"NEMO_GYM_OTEL_RUN_ID", "a1b2c3d4e5f6"}};
    std::string warning =
        "gym-otel-env: warning: environment: NEMO_GYM_OTEL_RUN_ID: 'a1b2c3d4e5f6' is kept, but this Slurm job is "
        "SLURM_JOB_ID=42: its tasks report under another run id, perhaps one a login shell exported before sbatch "
        "(submit with 'env -u NEMO_GYM_OTEL_RUN_ID sbatch ...'; to group jobs on purpose, set telemetry.run_id)\n";
    CHECK(report_of(yaml, {}, leaked).text == warning);
    CHECK(report_of(yaml, {.notes = true}, leaked).text == warning);
    CHECK(report_of(yaml, {.strict = true}, leaked).failed);
    // The job's own id, the array's id (the recipe's grouping), no Slurm job, telemetry off: silence.
    CHECK(report_of(yaml, {}, {{"SLURM_JOB_ID", "42"}, {"NEMO_GYM_OTEL_RUN_ID", "42"}}).text.empty());
    CHECK(report_of(yaml, {}, {{"SLURM_JOB_ID", "43"}, {"SLURM_ARRAY_JOB_ID", "42"}, {"NEMO_GYM_OTEL_RUN_ID", "42"}})
              .text.empty());
    CHECK(report_of(yaml, {}, {{"NEMO_GYM_OTEL_RUN_ID", "a1b2c3d4e5f6"}}).text.empty());
    CHECK(report_of("telemetry:\n  enabled: false\n", {}, leaked).text.empty());
    // A configured run_id is not inherited: the variable is then simply not set.
    CHECK(report_of("telemetry:\n  enabled: true\n  run_id: exp7\n", {}, {{"SLURM_JOB_ID", "42"}}).text.empty());
}

TEST_CASE("report: oc.deprecated's warning first, as OmegaConf gives it while Gym resolves the block") {
    std::string yaml = "old: svc\ntelemetry:\n  service_name: ${oc.deprecated:old}\n  exportr: otlp\n";
    CHECK(report_of(yaml, {}).text ==
          "gym-otel-env: warning: c.yaml:3:17: telemetry.service_name: 'telemetry.service_name' is deprecated. Change "
          "your code and config to use 'old'\n"
          "gym-otel-env: warning: c.yaml:4:3: telemetry.exportr: unknown key, ignored; did you mean 'exporter'?\n");
    CHECK(report_of(yaml, {.strict = true}).failed);
}

// The command under --exec, read by launcher.hpp: its warnings come first, before any
// file's, and are warnings like the lint's (errors under --strict, gone under --quiet).
TEST_CASE("report: a command whose arguments are not read, and no config read, warns first") {
    goe::testing::MemoryFileSystem fs;
    goe::LoadRequest request;
    request.reading.exec = true;
    request.reading.launch = goe::launched({"srun", "gym", "env", "start"}, {});
    request.sets = {"telemetry.exportr=x"};  // an unknown key: the lint's warning after
    auto outcome = goe::run_pipeline(request, {}, fs, [] { return std::string("0123456789ab"); });
    const std::string srun =
        "no config read: srun starts its command on other nodes, where it may not pass on this environment "
        "(--export, SLURM_EXPORT_ENV), so its arguments are not read: put gym-otel-env after srun's options (srun "
        "[srun options] gym-otel-env --exec -- gym ...)";
    auto r = goe::report(outcome, {}, {});
    CHECK(r.text == "gym-otel-env: warning: " + srun +
                        "\ngym-otel-env: warning: --set: telemetry.exportr: unknown key, ignored; did you mean "
                        "'exporter'?\n");
    CHECK_FALSE(r.failed);
    goe::ReportOptions strict;
    strict.strict = true;
    r = goe::report(outcome, {}, strict);
    CHECK(r.text.starts_with("gym-otel-env: error: " + srun + "\n"));
    CHECK(r.failed);
    goe::ReportOptions quiet;
    quiet.quiet = true;
    CHECK(goe::report(outcome, {}, quiet).text.empty());
}

// Issue 34: one run reports every problem it can find, errors and warnings, in file order.
TEST_CASE("report: the block's errors with the warnings, in file order, and the run fails") {
    std::string yaml =
        "telemtry: {}\n"            // 1: a misspelt block
        "telemetry:\n"              // 2
        "  enabled: true\n"         // 3
        "  servce_name: x\n"        // 4: unknown
        "  export_rank: two\n"      // 5: error
        "  exporter: zipkin\n"      // 6: lint
        "  logs_enabled: maybe\n";  // 7: error
    auto r = report_of(yaml, {});
    CHECK(r.failed);
    CHECK(r.text ==
          "gym-otel-env: warning: c.yaml:1:1: telemtry: not the telemetry block, ignored; did you mean 'telemetry'?\n"
          "gym-otel-env: warning: c.yaml:4:3: telemetry.servce_name: unknown key, ignored; did you mean "
          "'service_name'?\n"
          "gym-otel-env: error: c.yaml:5:16: telemetry.export_rank: expected an integer, got 'two'\n"
          "gym-otel-env: warning: c.yaml:6:13: telemetry.exporter: 'zipkin' is not one of otlp, console (nemo-lens "
          "rejects it)\n"
          "gym-otel-env: error: c.yaml:7:17: telemetry.logs_enabled: expected a boolean, got 'maybe'\n");
    // --quiet keeps the errors; --strict makes every line an error; --explain is not given.
    CHECK(report_of(yaml, {.quiet = true, .explain = goe::ExplainForm::full}).text ==
          "gym-otel-env: error: c.yaml:5:16: telemetry.export_rank: expected an integer, got 'two'\n"
          "gym-otel-env: error: c.yaml:7:17: telemetry.logs_enabled: expected a boolean, got 'maybe'\n");
    auto strict = report_of(yaml, {.strict = true});
    CHECK(strict.failed);
    CHECK(std::count(strict.text.begin(), strict.text.end(), '\n') == 5);
    CHECK(strict.text.find("warning:") == std::string::npos);
    // The environment's findings follow the file's.
    CHECK(report_of(yaml, {}, {{"NEMO_GYM_OTEL_METRICS_ENABLED", "nah"}})
              .text.ends_with("gym-otel-env: warning: environment: NEMO_GYM_OTEL_METRICS_ENABLED: 'nah' is not a "
                              "boolean nemo-lens accepts (1, true, yes, on, 0, false, no, off)\n"));
}

TEST_CASE("report: the cap counts errors and warnings alike; an error among the rest makes its line an error") {
    std::string yaml = "telemetry:\n";
    for (int i = 0; i < 3; ++i) yaml += "  k" + std::to_string(i) + ": 1\n";
    yaml += "  export_rank: x\n";
    auto r = report_of(yaml, {.max_messages = 2});
    CHECK(r.failed);
    CHECK(r.text ==
          "gym-otel-env: warning: c.yaml:2:3: telemetry.k0: unknown key, ignored\n"
          "gym-otel-env: warning: c.yaml:3:3: telemetry.k1: unknown key, ignored\n"
          "gym-otel-env: error: ... and 2 more\n");
}

TEST_CASE("report: with telemetry off, an invalid field says Gym fails on it too") {
    auto r = report_of("telemetry:\n  export_rank: two\n", {});
    CHECK(r.text ==
          "gym-otel-env: error: c.yaml:2:16: telemetry.export_rank: expected an integer, got 'two'; Gym fails here "
          "too, with telemetry off as well: it validates the whole telemetry block before it reads 'enabled'\n");
    // On, or switched on by the environment: no such clause. An invalid enabled cannot tell.
    CHECK(report_of("telemetry:\n  enabled: true\n  export_rank: two\n", {}).text ==
          "gym-otel-env: error: c.yaml:3:16: telemetry.export_rank: expected an integer, got 'two'\n");
    CHECK(report_of("telemetry:\n  export_rank: two\n", {}, {{"NEMO_GYM_OTEL_ENABLED", "1"}}).text ==
          "gym-otel-env: error: c.yaml:2:16: telemetry.export_rank: expected an integer, got 'two'\n");
    CHECK(report_of("telemetry:\n  enabled: maybe\n  export_rank: two\n", {}).text ==
          "gym-otel-env: error: c.yaml:2:12: telemetry.enabled: expected a boolean, got 'maybe'\n"
          "gym-otel-env: error: c.yaml:3:16: telemetry.export_rank: expected an integer, got 'two'\n");
}

TEST_CASE("report: the loader's warning about a file passed over, first for a CONFIG") {
    goe::testing::MemoryFileSystem fs;
    fs.cwd = "/w";
    fs.files["/w/c.yaml"] = "telemetry: {enabled: true, exportr: x}\n";
    fs.files["/o/c.yaml"] = "telemetry: {enabled: true, exportr: x}\n";
    goe::LoadRequest request;
    request.configs = {"c.yaml"};
    request.no_env_yaml = true;
    goe::Environment env{{"NEMO_GYM_EXTRA_ROOTS", "/o"}};
    auto outcome = goe::run_pipeline(request, env, fs, [] { return std::string("0123456789ab"); });
    CHECK(goe::report(outcome, env, {}).text ==
          "gym-otel-env: warning: 'c.yaml' is read from /o/c.yaml, found first under NEMO_GYM_EXTRA_ROOTS; the "
          "working directory's /w/c.yaml is passed over, as Gym passes it over (name that file by its absolute path "
          "to read it)\n"
          "gym-otel-env: warning: /o/c.yaml:1:28: telemetry.exportr: unknown key, ignored; did you mean "
          "'exporter'?\n");
}

// Issue 39: `gym-otel-env --strict` with no config and no env.yaml exited 0 without a word.
TEST_CASE("report: a run that read nothing warns first, an error under --strict") {
    goe::testing::MemoryFileSystem fs;
    auto nothing = [&](bool no_env_yaml, std::vector<std::string> sets = {}) {
        goe::LoadRequest request;
        request.no_env_yaml = no_env_yaml;
        request.sets = std::move(sets);
        return goe::run_pipeline(request, {}, fs, [] { return std::string("0123456789ab"); });
    };
    const std::string read_nothing =
        "no config read (no CONFIG given, and no env.yaml in the working directory or the search roots), so only "
        "the environment can switch telemetry on: name a config (gym-otel-env c.yaml), or see gym-otel-env --help\n";
    auto r = goe::report(nothing(false), {}, {});
    CHECK(r.text == "gym-otel-env: warning: " + read_nothing);
    CHECK_FALSE(r.failed);
    r = goe::report(nothing(false), {}, {.strict = true});
    CHECK(r.text == "gym-otel-env: error: " + read_nothing);
    CHECK(r.failed);
    CHECK(goe::report(nothing(false), {}, {.quiet = true}).text.empty());
    r = goe::report(nothing(false), {}, {.strict = true, .quiet = true});
    CHECK(r.text == "gym-otel-env: error: " + read_nothing);
    CHECK(r.failed);
    CHECK(goe::report(nothing(true), {}, {}).text ==
          "gym-otel-env: warning: no config read (no CONFIG given, and --no-env-yaml), so only the environment can "
          "switch telemetry on: name a config (gym-otel-env c.yaml), or see gym-otel-env --help\n");
    // A telemetry value from --set is something read; another key is not, and comes after.
    CHECK(goe::report(nothing(false, {"telemetry.enabled=true"}), {}, {.strict = true}).text.empty());
    CHECK(goe::report(nothing(false, {"enabled=true"}), {}, {}).text ==
          "gym-otel-env: warning: " + read_nothing +
              "gym-otel-env: warning: --set: enabled: a telemetry field at the top level, where Gym does not read "
              "it, ignored; put it under a 'telemetry:' block\n");
    fs.files["env.yaml"] = "a: 1\n";
    CHECK(goe::report(nothing(false), {}, {.strict = true}).text.empty());  // env.yaml was read
}

TEST_CASE("report: a Gym command line under --exec that names no config warns, an error under --strict") {
    goe::testing::MemoryFileSystem fs;
    goe::LoadRequest request;
    request.no_env_yaml = true;
    request.reading.exec = true;
    request.reading.gym = true;
    request.reading.program = "gym";
    request.reading.command = "env start";
    auto outcome = goe::run_pipeline(request, {}, fs, [] { return std::string("0123456789ab"); });
    const std::string unnamed =
        "no config read (no --config or asset selector on gym's command line, and --no-env-yaml), so only the "
        "environment can switch telemetry on: name a config (gym-otel-env --exec -- gym ... --config c.yaml)\n";
    CHECK(goe::report(outcome, {}, {}).text == "gym-otel-env: warning: " + unnamed);
    auto r = goe::report(outcome, {}, {.strict = true, .quiet = true});
    CHECK(r.text == "gym-otel-env: error: " + unnamed);
    CHECK(r.failed);
    CHECK(goe::report(outcome, {}, {.quiet = true}).text.empty());
    // Gym's entry point as written; env.yaml looked for.
    outcome.reading.program = "ng";
    outcome.no_env_yaml = false;
    CHECK(goe::report(outcome, {}, {}).text ==
          "gym-otel-env: warning: no config read (no --config or asset selector on ng's command line, and no "
          "env.yaml in the working directory or the search roots), so only the environment can switch telemetry on: "
          "name a config (gym-otel-env --exec -- ng ... --config c.yaml)\n");
    outcome.reading.command.clear();  // `gym --help`: Gym starts nothing and reads no config
    CHECK(goe::report(outcome, {}, {.strict = true}).text.empty());
    outcome.reading.command = "env start";
    outcome.files = {"env.yaml"};  // Gym reads it too
    CHECK(goe::report(outcome, {}, {.strict = true}).text.empty());
    // Gym's own override tokens giving a telemetry value: read.
    request.gym_overrides = {"++telemetry.enabled=true"};
    outcome = goe::run_pipeline(request, {}, fs, [] { return std::string("0123456789ab"); });
    CHECK(goe::report(outcome, {}, {.strict = true}).text.empty());
    // Not Gym's command: only command_warnings' own "no config read: ...", said once.
    request.gym_overrides.clear();
    request.reading.gym = false;
    request.reading.launch = goe::launched({"python", "train.py"}, {});
    outcome = goe::run_pipeline(request, {}, fs, [] { return std::string("0123456789ab"); });
    CHECK(goe::report(outcome, {}, {}).text ==
          "gym-otel-env: warning: no config read: python is not Gym's command (gym, ng, ng_*, python -m "
          "nemo_gym.cli.main), so its arguments are not read: give the configs as CONFIG (gym-otel-env CONFIG... "
          "--exec -- python ...)\n");
}
