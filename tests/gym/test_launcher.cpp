// launcher: what a command runs behind env, nohup, timeout, nice, stdbuf, taskset and
// numactl, each read by its own option grammar; srun, mpirun, mpiexec, apptainer and
// singularity named; env -S's splitting; and what the report says about the command.
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "gym_otel_env/gym/launcher.hpp"

using namespace goe;
using Words = std::vector<std::string>;

namespace {

// "gym x" (what runs), "elsewhere: srun", or "none: WHY".
std::string run(const Words& command, const Environment& env = {}) {
    Launched l = launched(command, env);
    switch (l.stop) {
        case Launched::Stop::elsewhere: return "elsewhere: " + l.launcher;
        case Launched::Stop::no_command: return "none: " + l.why;
        case Launched::Stop::none: break;
    }
    return fmt::format("{}", fmt::join(l.command, " "));
}

struct Row {
    Words command;
    std::string runs;
};

void check(const std::vector<Row>& rows, const Environment& env = {}) {
    for (const auto& r : rows) {
        INFO(fmt::format("{}", fmt::join(r.command, " ")));
        CHECK(run(r.command, env) == r.runs);
    }
}

// What env did: "env=A=1,B=2 dir=D cleared=C replaced=NAME:HOW,..." ("-" for none).
std::string effects(const Words& command, const Environment& env = {}) {
    Launched l = launched(command, env);
    std::vector<std::string> vars, replaced;
    for (const auto& [k, v] : l.env) vars.push_back(fmt::format("{}={}", k, v));
    for (const auto& [name, how] : l.replaced) replaced.push_back(fmt::format("{}:{}", name, how));
    auto or_dash = [](const std::string& s) { return s.empty() ? std::string("-") : s; };
    return fmt::format("env={} dir={} cleared={} replaced={}", or_dash(fmt::format("{}", fmt::join(vars, ","))),
                       l.directory.value_or("-"), or_dash(l.cleared),
                       or_dash(fmt::format("{}", fmt::join(replaced, ","))));
}

std::string split(std::string_view text, const Environment& env = {}) {
    SplitString s = split_string(text, env);
    if (!s.error.empty()) return "error: " + s.error;
    std::vector<std::string> quoted;
    for (const auto& w : s.words) quoted.push_back("[" + w + "]");
    return fmt::format("{}", fmt::join(quoted, " "));
}

}  // namespace

TEST_CASE("launched: env's options (+a:C:iS:u:v0 and its long options), then NAME=VALUE, then the command") {
    check({
        {{"env", "gym", "x"}, "gym x"},
        {{"env", "A=1", "B==2", "gym", "x"}, "gym x"},
        {{"env", "-i", "gym"}, "gym"},
        {{"env", "--ignore-environment", "gym"}, "gym"},
        {{"env", "--ignore-e", "gym"}, "gym"},
        {{"env", "-", "gym"}, "gym"},
        {{"env", "-u", "X", "gym"}, "gym"},
        {{"env", "-uX", "-vi", "gym"}, "gym"},
        {{"env", "--unset=X", "--unset", "Y", "gym"}, "gym"},
        {{"env", "-C", "/w", "gym"}, "gym"},
        {{"env", "--chdir=/w", "--ch", "/v", "gym"}, "gym"},
        {{"env", "-a", "name", "gym"}, "gym"},
        {{"env", "--argv0=name", "-aname", "gym"}, "gym"},
        {{"env", "--debug", "--list-signal-handling", "gym"}, "gym"},
        // An optional argument is only ever `=SIG`: the next word is the command.
        {{"env", "--default-signal", "gym"}, "gym"},
        {{"env", "--ignore-signal=PIPE", "--block-signal=INT", "gym"}, "gym"},
        {{"env", "--block-signal", "INT", "gym"}, "INT gym"},
        // '+': the first word that is not an option ends them; `--` too, and then a lone
        // `-` is still env's (the same as -i).
        {{"env", "A=1", "-i", "gym"}, "-i gym"},
        {{"env", "--", "-i", "gym"}, "-i gym"},
        {{"env", "--", "-", "gym"}, "gym"},
        {{"env", "x=1", "y", "z=2"}, "y z=2"},
        // No command: env prints the environment.
        {{"env"}, "none: env with no command prints the environment and starts none"},
        {{"env", "-i", "A=1"}, "none: env with no command prints the environment and starts none"},
        {{"/usr/bin/env", "--help", "gym"}, "none: /usr/bin/env --help prints and exits, starting no command"},
        {{"env", "--vers"}, "none: env --vers prints and exits, starting no command"},
        // What env refuses, in its words.
        {{"env", "-x", "gym"}, "none: env refuses its arguments (invalid option -- 'x') and starts no command"},
        {{"env", "-u"}, "none: env refuses its arguments (option requires an argument -- 'u') and starts no command"},
        {{"env", "--chdir"},
         "none: env refuses its arguments (option '--chdir' requires an argument) and starts no command"},
        {{"env", "--de", "gym"},
         "none: env refuses its arguments (option '--de' is ambiguous; possibilities: '--default-signal' '--debug') "
         "and starts no command"},
        {{"env", "--i", "gym"},
         "none: env refuses its arguments (option '--i' is ambiguous; possibilities: '--ignore-environment' "
         "'--ignore-signal') and starts no command"},
        {{"env", "--debug=1", "gym"},
         "none: env refuses its arguments (option '--debug' doesn't allow an argument) and starts no command"},
        {{"env", "-C", "/w"},
         "none: env refuses its arguments (must specify command with --chdir (-C)) and starts no command"},
        {{"env", "-C", "", "gym"},
         "none: env refuses its arguments (cannot change directory to '': No such file or directory) and starts no "
         "command"},
        {{"env", "-0", "gym"},
         "none: env refuses its arguments (cannot specify --null (-0) with command) and starts no command"},
        {{"env", "-u", "A=1", "gym"},
         "none: env refuses its arguments (cannot unset 'A=1': Invalid argument) and starts no command"},
    });
}

TEST_CASE("launched: env -S splits its string and reads the words again, options included") {
    check(
        {
            {{"env", "-S", "A=1 gym --config c.yaml", "x"}, "gym --config c.yaml x"},
            {{"env", "-S-i gym"}, "gym"},  // the shebang form, "#!/usr/bin/env -S-i gym"
            {{"env", "-vS", "gym x"}, "gym x"},
            {{"env", "--split-string=gym 'a b'"}, "gym a b"},
            {{"env", "--split-string", "gym", "x"}, "gym x"},
            {{"env", "-S", "-S'gym x'"}, "gym x"},
            {{"env", "-S", "-C /w gym"}, "gym"},
            {{"env", "-S", "gym --config ${D}/c.yaml"}, "gym --config /d/c.yaml"},
            {{"env", "-S", ""}, "none: env with no command prints the environment and starts none"},
            {{"env", "-S", "gym 'x"},
             "none: env refuses its arguments (no terminating quote in -S string) and starts no command"},
            {{"env", "-S", "gym $D"},
             "none: env refuses its arguments (only ${VARNAME} expansion is supported, error at character 5) and "
             "starts no command"},
            // A string that splits into itself again: env would repeat it forever.
            {{"env", "-S", "${LOOP}"}, "none: env's -S strings are split more than 32 times, and it starts no command"},
        },
        {{"D", "/d"}, {"LOOP", "-S${LOOP}"}});
    // ${VAR} reads the environment env was given, before its own -i and -u.
    CHECK(run({"env", "-i", "-u", "D", "-S", "gym ${D}"}, {{"D", "x"}}) == "gym x");
}

TEST_CASE("launched: env's changes to the environment and the working directory") {
    Environment ours{{"A", "0"}, {"KEEP", "k"}, {"X", "x"}};
    CHECK(effects({"gym"}, ours) == "env=A=0,KEEP=k,X=x dir=- cleared=- replaced=-");
    CHECK(effects({"env", "A=1", "B==2", "gym"}, ours) ==
          "env=A=1,B==2,KEEP=k,X=x dir=- cleared=- replaced=A:env A='1',B:env B='=2'");
    CHECK(effects({"env", "-u", "X", "-uA", "A=3", "gym"}, ours) ==
          "env=A=3,KEEP=k dir=- cleared=- replaced=X:env -u X,A:env -u A,A:env A='3'");
    CHECK(effects({"env", "-i", "-u", "X", "B=1", "gym"}, ours) == "env=B=1 dir=- cleared=env -i replaced=B:env B='1'");
    CHECK(effects({"env", "--ignore-environment", "gym"}, ours) ==
          "env=- dir=- cleared=env --ignore-environment replaced=-");
    CHECK(effects({"/usr/bin/env", "-", "gym"}, ours) == "env=- dir=- cleared=/usr/bin/env - replaced=-");
    CHECK(effects({"env", "-vi", "gym"}, ours) == "env=- dir=- cleared=env -vi replaced=-");
    // -i without a command changes nothing that runs.
    CHECK(effects({"env", "-i"}, ours) == "env=A=0,KEEP=k,X=x dir=- cleared=- replaced=-");
    // env behind env: the second starts from what the first made; -C relative to the last.
    CHECK(effects({"env", "-C", "a", "A=1"}, ours) == "env=A=0,KEEP=k,X=x dir=- cleared=- replaced=-");
    CHECK(effects({"env", "-C", "a", "env", "-C", "b/", "B=1", "gym"}, ours) ==
          "env=A=0,B=1,KEEP=k,X=x dir=a/b cleared=- replaced=B:env B='1'");
    CHECK(effects({"env", "-C", "a", "nohup", "env", "-C", "/b", "gym"}, ours) ==
          "env=A=0,KEEP=k,X=x dir=/b cleared=- replaced=-");
    CHECK(effects({"env", "-C", ".", "gym"}, ours) == "env=A=0,KEEP=k,X=x dir=. cleared=- replaced=-");
    CHECK(effects({"env", "-i", "env", "-i", "gym"}, ours) == "env=- dir=- cleared=env -i replaced=-");
}

TEST_CASE("launched: nohup (--help, --version only) and timeout (+fk:ps:v, DURATION, COMMAND)") {
    check({
        {{"nohup", "gym", "-x"}, "gym -x"},
        {{"nohup", "--", "gym"}, "gym"},
        {{"nohup", "--he"}, "none: nohup --he prints and exits, starting no command"},
        {{"nohup", "-n", "gym"}, "none: nohup refuses its arguments (invalid option -- 'n') and starts no command"},
        {{"nohup"}, "none: nohup refuses its arguments (missing operand) and starts no command"},
        {{"timeout", "1h", "gym", "-k", "5"}, "gym -k 5"},
        {{"timeout", "-k", "5", "1h", "gym"}, "gym"},
        {{"timeout", "-k5", "1h", "gym"}, "gym"},
        {{"timeout", "--kill-after=5", "--kill", "5", "1h", "gym"}, "gym"},
        {{"timeout", "-s", "INT", "--signal=TERM", "1h", "gym"}, "gym"},
        {{"timeout", "--foreground", "--preserve-status", "--verbose", "1h", "gym"}, "gym"},
        {{"timeout", "-fpv", "1h", "gym"}, "gym"},
        {{"timeout", "-fk", "5", "1h", "gym"}, "gym"},
        {{"timeout", "--", "1h", "gym"}, "gym"},
        {{"timeout", "1h", "--", "gym"}, "-- gym"},
        {{"timeout", "1h"}, "none: timeout refuses its arguments (missing command) and starts no command"},
        {{"timeout"}, "none: timeout refuses its arguments (missing operand) and starts no command"},
        {{"timeout", "-x", "1h", "gym"},
         "none: timeout refuses its arguments (invalid option -- 'x') and starts no command"},
        {{"timeout", "--s", "INT", "1h", "gym"}, "gym"},
        {{"timeout", "--ver", "1h", "gym"},
         "none: timeout refuses its arguments (option '--ver' is ambiguous; possibilities: '--verbose' '--version') "
         "and starts no command"},
    });
}

TEST_CASE("launched: nice's -N, --N and -+N adjustments, then getopt's +n: one word at a time") {
    check({
        {{"nice", "gym"}, "gym"},
        {{"nice", "-5", "gym"}, "gym"},
        {{"nice", "--5", "gym"}, "gym"},
        {{"nice", "-+5", "gym"}, "gym"},
        {{"nice", "-19", "-5", "gym"}, "gym"},
        {{"nice", "-n", "5", "gym"}, "gym"},
        {{"nice", "-n5", "gym"}, "gym"},
        {{"nice", "-n", "-5", "gym"}, "gym"},
        {{"nice", "--adjustment=5", "gym"}, "gym"},
        {{"nice", "--adj", "5", "-3", "gym"}, "gym"},
        {{"nice", "--", "gym"}, "gym"},
        {{"nice", "--", "-5"}, "-5"},
        {{"nice", "gym", "-5"}, "gym -5"},
        {{"nice", "-5"},
         "none: nice refuses its arguments (a command must be given with an adjustment) and starts no "
         "command"},
        {{"nice"}, "none: nice with no command prints the niceness and starts none"},
        {{"nice", "-x", "gym"}, "none: nice refuses its arguments (invalid option -- 'x') and starts no command"},
        {{"nice", "-n"}, "none: nice refuses its arguments (option requires an argument -- 'n') and starts no command"},
        {{"nice", "--help", "gym"}, "none: nice --help prints and exits, starting no command"},
    });
}

TEST_CASE("launched: stdbuf (+i:o:e:), a buffering mode required") {
    check({
        {{"stdbuf", "-oL", "gym"}, "gym"},
        {{"stdbuf", "-o", "L", "gym"}, "gym"},
        {{"stdbuf", "--output=L", "-e0", "-i", "0", "gym"}, "gym"},
        {{"stdbuf", "--out", "L", "gym", "-oL"}, "gym -oL"},
        {{"stdbuf", "gym"},
         "none: stdbuf refuses its arguments (you must specify a buffering mode option) and starts no command"},
        {{"stdbuf", "-oL"}, "none: stdbuf refuses its arguments (missing operand) and starts no command"},
    });
}

TEST_CASE("launched: taskset (+apchV): MASK or LIST then the command; -p runs none") {
    check({
        {{"taskset", "0x3", "gym", "x"}, "gym x"},
        {{"taskset", "-c", "0-3", "gym"}, "gym"},
        {{"taskset", "--cpu-list", "0-3", "gym"}, "gym"},
        {{"taskset", "-ac", "0-3", "gym"}, "gym"},
        {{"taskset", "--", "0x3", "gym"}, "gym"},
        {{"taskset", "-p", "1234"}, "none: taskset -p changes a running process and starts no command"},
        {{"taskset", "-p", "0x3", "1234"}, "none: taskset -p changes a running process and starts no command"},
        {{"taskset", "-pc", "0-3", "1234"}, "none: taskset -pc changes a running process and starts no command"},
        {{"taskset", "--pid", "1234"}, "none: taskset --pid changes a running process and starts no command"},
        {{"taskset", "-h"}, "none: taskset -h prints and exits, starting no command"},
        {{"taskset", "0x3"}, "none: taskset refuses its arguments (missing command) and starts no command"},
        {{"taskset"}, "none: taskset refuses its arguments (missing operand) and starts no command"},
        {{"taskset", "-x", "0x3", "gym"},
         "none: taskset refuses its arguments (invalid option -- 'x') and starts no command"},
    });
}

TEST_CASE("launched: numactl v2.0.19's options, then the command; -s and -H run none") {
    check({
        {{"numactl", "--cpunodebind=0", "--membind", "0", "gym"}, "gym"},
        {{"numactl", "-N0", "-m", "0", "gym"}, "gym"},
        {{"numactl", "--interleave=all", "-l", "--localalloc", "-V", "gym"}, "gym"},
        {{"numactl", "--cpun", "0", "--phys", "1", "gym"}, "gym"},
        {{"numactl", "-aC", "0-3", "gym"}, "gym"},
        {{"numactl", "--cpu-compress", "--weighted-interleave=0,1", "gym"}, "gym"},
        {{"numactl", "--", "gym"}, "gym"},
        {{"numactl", "-s"}, "none: numactl -s prints and exits, starting no command"},
        {{"numactl", "--hardware", "gym"}, "none: numactl --hardware prints and exits, starting no command"},
        {{"numactl", "--version"}, "none: numactl --version prints and exits, starting no command"},
        {{"numactl"}, "none: numactl has no command to start"},
        {{"numactl", "--cpu", "0", "gym"},
         "none: numactl refuses its arguments (option '--cpu' is ambiguous; possibilities: '--cpubind' "
         "'--cpunodebind' '--cpu-compress') and starts no command"},
        {{"numactl", "--help", "gym"},
         "none: numactl refuses its arguments (unrecognized option '--help') and starts no command"},
    });
}

TEST_CASE("launched: launchers nested in any order, recognised by basename; srun and the like named") {
    check({
        {{"nohup", "nice", "-n", "5", "env", "A=1", "timeout", "1h", "gym", "env", "start"}, "gym env start"},
        {{"timeout", "1h", "numactl", "-l", "taskset", "-c", "0", "stdbuf", "-oL", "nohup", "ng_run"}, "ng_run"},
        {{"/usr/bin/nohup", "/bin/env", "gym"}, "gym"},
        {{"nohup", "srun", "gym"}, "elsewhere: srun"},
        {{"env", "-i", "/opt/slurm/bin/srun", "-N2", "gym"}, "elsewhere: /opt/slurm/bin/srun"},
        {{"srun", "nohup", "gym"}, "elsewhere: srun"},
        {{"mpirun", "-np", "4", "gym"}, "elsewhere: mpirun"},
        {{"mpiexec", "gym"}, "elsewhere: mpiexec"},
        {{"apptainer", "exec", "img.sif", "gym"}, "elsewhere: apptainer"},
        {{"singularity", "run", "img.sif"}, "elsewhere: singularity"},
        {{"nohup", "taskset", "-p", "1"}, "none: taskset -p changes a running process and starts no command"},
        // Not launchers: what they run is not known from their words.
        {{"sh", "-c", "gym"}, "sh -c gym"},
        {{"time", "gym"}, "time gym"},
        {{"nohupx", "gym"}, "nohupx gym"},
        {{}, ""},
    });
    Launched l = launched({"nohup", "nice", "env", "A=1", "timeout", "1h", "gym"}, {});
    CHECK(l.through == Words{"nohup", "nice", "env", "timeout"});
}

TEST_CASE("split_string: env -S's rules (build_argv)") {
    Environment env{{"D", "/d"}, {"E", ""}, {"S", "a b"}};
    struct Case {
        std::string text, words;
    };
    for (const auto& c : std::vector<Case>{
             {"a b  c", "[a] [b] [c]"},
             {" \t a\nb\v\f\r", "[a] [b]"},
             {"", ""},
             {"'a b' c", "[a b] [c]"},
             {"\"a b\"c", "[a bc]"},
             {"a'b c'd", "[ab cd]"},
             {"''", "[]"},
             {"a '' b", "[a] [] [b]"},
             {"\\\" \\# \\$ \\' \\\\", "[\"] [#] [$] ['] [\\]"},
             {"a\\_b", "[a] [b]"},
             {"\"a\\_b\"", "[a b]"},
             {"a\\tb\\nc\\fd\\re\\vf", "[a\tb\nc\fd\re\vf]"},
             {"a \\c b", "[a]"},
             {"'a\\b'", "[a\\b]"},
             {"'a\\'b'", "[a'b]"},
             {"'a\\\\b'", "[a\\b]"},
             {"\"a'b\" 'a\"b'", "[a'b] [a\"b]"},
             {"${D}/c", "[/d/c]"},
             {"'${D}'", "[${D}]"},
             {"\"${D} x\"", "[/d x]"},
             {"${NOPE} x", "[x]"},
             {"a${NOPE}b", "[ab]"},
             {"${E}", "[]"},
             {"${S}", "[a b]"},
             {"${_x1}", ""},
             {"# x", ""},
             {"a #b", "[a]"},
             {"a#b", "[a#b]"},
             {"'#a'", "[#a]"},
             {"'a", "error: no terminating quote in -S string"},
             {"\"a", "error: no terminating quote in -S string"},
             {"\"a\\c\"", "error: '\\c' must not appear in double-quoted -S string"},
             {"a\\q", "error: invalid sequence '\\q' in -S"},
             {"a\\", "error: invalid backslash at end of string in -S"},
             {"$D", "error: only ${VARNAME} expansion is supported, error at character 1"},
             {"x ${1}", "error: only ${VARNAME} expansion is supported, error at character 3"},
             {"${D", "error: only ${VARNAME} expansion is supported, error at character 1"},
             {"a $", "error: only ${VARNAME} expansion is supported, error at character 3"},
         }) {
        INFO(c.text);
        CHECK(split(c.text, env) == c.words);
    }
}

TEST_CASE("unread_reason and command_warnings: what a user reads about the command, exact texts") {
    auto reading = [](const Words& command, const Environment& env = {}) {
        CommandReading r;
        r.exec = true;
        r.launch = launched(command, env);
        return r;
    };
    auto texts = [](const CommandReading& r, bool files_read, const Words& exported = {}) {
        std::vector<std::string> out;
        for (const auto& w : command_warnings(r, files_read, exported)) out.push_back(w.text);
        return out;
    };
    using Texts = std::vector<std::string>;

    // Launchers that start Gym elsewhere: named, and where gym-otel-env goes.
    CHECK(texts(reading({"srun", "gym", "env", "start", "--config", "c.yaml"}), false) ==
          Texts{"no config read: srun starts its command on other nodes, where it may not pass on this environment "
                "(--export, SLURM_EXPORT_ENV), so its arguments are not read: put gym-otel-env after srun's options "
                "(srun [srun options] gym-otel-env --exec -- gym ...)"});
    CHECK(texts(reading({"/usr/bin/mpirun", "-np", "2", "gym"}), false) ==
          Texts{"no config read: /usr/bin/mpirun starts its command on other nodes, where it may not pass on this "
                "environment (Open MPI passes on only -x variables), so its arguments are not read: put gym-otel-env "
                "after mpirun's options (mpirun [mpirun options] gym-otel-env --exec -- gym ...)"});
    CHECK(texts(reading({"mpiexec", "gym"}), false) ==
          Texts{"no config read: mpiexec starts its command on other nodes, where it may not pass on this "
                "environment (Open MPI passes on only -x variables), so its arguments are not read: put gym-otel-env "
                "after mpiexec's options (mpiexec [mpiexec options] gym-otel-env --exec -- gym ...)"});
    CHECK(texts(reading({"apptainer", "exec", "i.sif", "gym"}), false) ==
          Texts{"no config read: apptainer runs its command in a container, whose file system and environment "
                "(--cleanenv, --containall) may not be this one's, so its arguments are not read: put gym-otel-env "
                "inside the container, after the image (apptainer exec [apptainer options] IMAGE gym-otel-env --exec "
                "-- gym ...)"});
    CHECK(texts(reading({"singularity", "run", "i.sif"}), false) ==
          Texts{"no config read: singularity runs its command in a container, whose file system and environment "
                "(--cleanenv, --containall) may not be this one's, so its arguments are not read: put gym-otel-env "
                "inside the container, after the image (singularity exec [singularity options] IMAGE gym-otel-env "
                "--exec -- gym ...)"});
    // A command that is not Gym's, also behind launchers read through.
    CHECK(texts(reading({"nohup", "python", "train.py", "--config", "m.toml"}), false) ==
          Texts{"no config read: python is not Gym's command (gym, ng, ng_*, python -m nemo_gym.cli.main), so its "
                "arguments are not read: give the configs as CONFIG (gym-otel-env CONFIG... --exec -- python ...)"});
    // An empty name, shown as the shell would need it written.
    CHECK(texts(reading({""}), false) ==
          Texts{"no config read: '' is not Gym's command (gym, ng, ng_*, python -m nemo_gym.cli.main), so its "
                "arguments are not read: give the configs as CONFIG (gym-otel-env CONFIG... --exec -- '' ...)"});
    // A launcher that starts nothing.
    CHECK(texts(reading({"taskset", "-p", "0x3", "1"}), false) ==
          Texts{"no config read: taskset -p changes a running process and starts no command, so there is no Gym "
                "command line to read"});
    // A file was read (env.yaml, say): nothing to say about the command's arguments.
    CHECK(texts(reading({"srun", "gym"}), true).empty());
    CHECK(texts(reading({"python", "x.py"}), true).empty());
    // Gym's own command line read: nothing either, whether or not it named a file.
    CommandReading gym = reading({"nohup", "gym", "env", "start"});
    gym.gym = true;
    CHECK(texts(gym, false).empty());
    CHECK(unread_reason(gym).empty());
    // Not under --exec: nothing.
    CommandReading plain = reading({"srun", "gym"});
    plain.exec = false;
    CHECK(texts(plain, false).empty());
    CHECK(unread_reason(plain).empty());

    // env drops what this run exports.
    CHECK(texts(reading({"env", "-i", "PATH=/bin", "gym", "env", "start"}), true) ==
          Texts{"env -i starts gym with an empty environment, so the variables gym-otel-env adds never reach it: put "
                "gym-otel-env after env (env -i ... gym-otel-env --exec -- gym ...)"});
    CHECK(texts(reading({"nohup", "/usr/bin/env", "-", "srun", "gym"}), true) ==
          Texts{"/usr/bin/env - starts srun with an empty environment, so the variables gym-otel-env adds never "
                "reach it: put gym-otel-env after env (/usr/bin/env - ... gym-otel-env --exec -- srun ...)"});
    CHECK(texts(reading({"env", "-i"}), false) ==
          Texts{"no config read: env with no command prints the environment and starts none, so there is no Gym "
                "command line to read"});
    CHECK(texts(reading({"env", "-u", "OTEL_SERVICE_NAME", "-u", "KEEP", "OTEL_EXPORTER_OTLP_ENDPOINT=", "gym"}), true,
                {"OTEL_SERVICE_NAME", "OTEL_EXPORTER_OTLP_ENDPOINT"}) ==
          Texts{"env -u OTEL_SERVICE_NAME removes the OTEL_SERVICE_NAME that gym-otel-env exports, so gym never sees "
                "it: put gym-otel-env after env (env ... gym-otel-env --exec -- gym ...)",
                "env OTEL_EXPORTER_OTLP_ENDPOINT= replaces the OTEL_EXPORTER_OTLP_ENDPOINT that gym-otel-env exports, "
                "so gym never sees it: put gym-otel-env after env (env ... gym-otel-env --exec -- gym ...)"});
    CHECK(texts(reading({"env", "-u", "A", "gym"}), true, {"B"}).empty());
    CHECK(texts(reading({"env", "A= \t", "gym"}), true, {"A"}) ==
          Texts{"env A=' \\t' replaces the A that gym-otel-env exports, so gym never sees it: put gym-otel-env "
                "after env (env ... gym-otel-env --exec -- gym ...)"});

    // CONFIG beside Gym's own config inputs: the first three named, then how many more.
    CommandReading beside = reading({"gym", "env", "start"});
    beside.gym = true;
    beside.config_given = true;
    beside.program = "gym";
    beside.ignored = {"--config c.yaml", "+telemetry.exporter=..."};
    CHECK(texts(beside, true) ==
          Texts{"CONFIG is given, so gym's own config inputs are not read: --config c.yaml, +telemetry.exporter=... "
                "(drop CONFIG to have them read, or give them as CONFIG and --set)"});
    beside.ignored = {"--config a.yaml", "--environment e", "--search-dir d", "+x=...", "~y"};
    CHECK(texts(beside, true) ==
          Texts{"CONFIG is given, so gym's own config inputs are not read: --config a.yaml, --environment e, "
                "--search-dir d and 2 more (drop CONFIG to have them read, or give them as CONFIG and --set)"});
    beside.ignored.clear();
    CHECK(texts(beside, true).empty());

    CHECK(unread_reason(reading({"srun", "gym"})) ==
          "srun starts its command on other nodes, where it may not pass on this environment (--export, "
          "SLURM_EXPORT_ENV), so its arguments are not read");
    CHECK(command_warnings(reading({"srun", "gym"}), false, {}).front().kind == CommandWarning::Kind::unread);
    CHECK(command_warnings(reading({"env", "-i", "gym"}), true, {}).front().kind == CommandWarning::Kind::cleared);

    // A command execvp will not find: its 127 says it all, nothing of what its arguments meant.
    CommandReading missing = reading({"nosuchcmd", "a"});
    CHECK(texts(missing, false).size() == 1);
    missing.found = false;
    CHECK(texts(missing, false).empty());
    missing = reading({"env", "-i", "nosuchcmd"});
    missing.found = false;
    CHECK(texts(missing, true).empty());
}
