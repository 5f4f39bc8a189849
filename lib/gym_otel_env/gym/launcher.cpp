#include "gym_otel_env/gym/launcher.hpp"

#include <algorithm>
#include <array>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "gym_otel_env/core/text.hpp"
#include "gym_otel_env/core/value.hpp"
#include "gym_otel_env/gym/getopt.hpp"
#include "gym_otel_env/gym/roots.hpp"

namespace goe {
namespace {

using Arg = LongOption::Argument;

// ---- the grammars, as each program's source declares them -----------------------------

// coreutils env (src/env.c): "+a:C:iS:u:v0". Its whitespace pseudo-options only ever fail.
constexpr std::array<LongOption, 13> kEnvLongs{{
    {"argv0", Arg::required, "a"},
    {"ignore-environment", Arg::none, "i"},
    {"null", Arg::none, "0"},
    {"unset", Arg::required, "u"},
    {"chdir", Arg::required, "C"},
    {"default-signal", Arg::optional, "default-signal"},
    {"ignore-signal", Arg::optional, "ignore-signal"},
    {"block-signal", Arg::optional, "block-signal"},
    {"list-signal-handling", Arg::none, "list-signal-handling"},
    {"debug", Arg::none, "v"},
    {"split-string", Arg::required, "S"},
    {"help", Arg::none, "help"},
    {"version", Arg::none, "version"},
}};
constexpr OptionGrammar kEnv{"a:C:iS:u:v0", kEnvLongs};

constexpr std::array<LongOption, 2> kStandardLongs{{{"help", Arg::none, "help"}, {"version", Arg::none, "version"}}};
constexpr OptionGrammar kNohup{"", kStandardLongs};  // parse_gnu_standard_options_only

constexpr std::array<LongOption, 3> kNiceLongs{
    {{"adjustment", Arg::required, "n"}, {"help", Arg::none, "help"}, {"version", Arg::none, "version"}}};
constexpr OptionGrammar kNice{"n:", kNiceLongs};

constexpr std::array<LongOption, 7> kTimeoutLongs{{
    {"foreground", Arg::none, "f"},
    {"kill-after", Arg::required, "k"},
    {"preserve-status", Arg::none, "p"},
    {"signal", Arg::required, "s"},
    {"verbose", Arg::none, "v"},
    {"help", Arg::none, "help"},
    {"version", Arg::none, "version"},
}};
constexpr OptionGrammar kTimeout{"fk:ps:v", kTimeoutLongs};

constexpr std::array<LongOption, 5> kStdbufLongs{{
    {"input", Arg::required, "i"},
    {"output", Arg::required, "o"},
    {"error", Arg::required, "e"},
    {"help", Arg::none, "help"},
    {"version", Arg::none, "version"},
}};
constexpr OptionGrammar kStdbuf{"i:o:e:", kStdbufLongs};

// util-linux taskset (schedutils/taskset.c).
constexpr std::array<LongOption, 5> kTasksetLongs{{
    {"all-tasks", Arg::none, "a"},
    {"pid", Arg::none, "p"},
    {"cpu-list", Arg::none, "c"},
    {"help", Arg::none, "h"},
    {"version", Arg::none, "V"},
}};
constexpr OptionGrammar kTaskset{"apchV", kTasksetLongs};

// numactl v2.0.19 (numactl.c): no --help; -V is --verify.
constexpr std::array<LongOption, 27> kNumactlLongs{{
    {"all", Arg::none, "a"},
    {"interleave", Arg::required, "i"},
    {"weighted-interleave", Arg::required, "w"},
    {"preferred", Arg::required, "p"},
    {"preferred-many", Arg::required, "P"},
    {"cpubind", Arg::required, "c"},
    {"cpunodebind", Arg::required, "N"},
    {"physcpubind", Arg::required, "C"},
    {"membind", Arg::required, "m"},
    {"show", Arg::none, "s"},
    {"localalloc", Arg::none, "l"},
    {"balancing", Arg::none, "b"},
    {"hardware", Arg::none, "H"},
    {"shm", Arg::required, "S"},
    {"file", Arg::required, "f"},
    {"offset", Arg::required, "o"},
    {"length", Arg::required, "L"},
    {"strict", Arg::none, "t"},
    {"shmmode", Arg::required, "M"},
    {"dump", Arg::none, "d"},
    {"dump-nodes", Arg::none, "D"},
    {"shmid", Arg::required, "I"},
    {"huge", Arg::none, "u"},
    {"touch", Arg::none, "T"},
    {"cpu-compress", Arg::none, "cpu-compress"},
    {"verify", Arg::none, "V"},
    {"version", Arg::none, "version"},
}};
constexpr OptionGrammar kNumactl{"ai:w:p:P:c:N:C:m:slbHS:f:o:L:tM:dDI:uTV", kNumactlLongs};

// env -S strings split and read again: a bound, so that `-S'${X}'` with X='-S${X}' (which
// env itself would repeat without end) or a doubling string stops here.
constexpr int kMaxSplits = 32;
constexpr size_t kMaxSplitBytes = 1 << 20;

std::string_view basename(std::string_view path) {
    size_t slash = path.rfind('/');
    return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

// A program's name in a message: as written, and '' for an empty one (`--exec -- ''`).
std::string shown(const std::string& program) { return program.empty() ? "''" : program; }

// ---- one launcher at a time -------------------------------------------------------------

// What one launcher runs: `command` set when it runs one here, else the launch stopped.
class Reading {
public:
    explicit Reading(Launched& out) : out_(out) {}

    // Reads the launcher at out_.command[0]; false when it is not one read through.
    bool step() {
        const std::string program = out_.command.front();
        std::string_view name = basename(program);
        std::vector<std::string> args(out_.command.begin() + 1, out_.command.end());
        launcher_ = program;
        if (name == "env") env(std::move(args));
        else if (name == "nohup") plain(kNohup, std::move(args), 1);
        else if (name == "timeout") plain(kTimeout, std::move(args), 2);
        else if (name == "stdbuf") stdbuf(std::move(args));
        else if (name == "nice") nice(std::move(args));
        else if (name == "taskset") taskset(std::move(args));
        else if (name == "numactl") numactl(std::move(args));
        else return false;
        out_.through.push_back(program);
        return true;
    }

private:
    void stop(std::string why) {
        out_.stop = Launched::Stop::no_command;
        out_.launcher = launcher_;
        out_.why = std::move(why);
        out_.command.clear();
    }
    void refused(const std::string& error) {
        stop(fmt::format("{} refuses its arguments ({}) and starts no command", launcher_, error));
    }
    // A step that ends the launcher without running anything; true when it does.
    bool ends(const OptionReader::Step& s) {
        if (s.kind == OptionReader::Step::Kind::error) {
            refused(s.error);
            return true;
        }
        if (s.key == "help" || s.key == "version") {
            stop(fmt::format("{} {} prints and exits, starting no command", launcher_, s.written));
            return true;
        }
        return false;
    }
    void runs(std::vector<std::string> command) {
        if (command.empty()) return stop(fmt::format("{} has no command to start", launcher_));
        out_.command = std::move(command);
    }

    // nohup, timeout: options, then `operands` words before which the command starts
    // (timeout's DURATION), all required.
    void plain(const OptionGrammar& grammar, std::vector<std::string> args, size_t operands) {
        OptionReader r(grammar, std::move(args));
        for (auto s = r.next(); s.kind != OptionReader::Step::Kind::end; s = r.next())
            if (ends(s)) return;
        auto rest = r.rest();
        if (rest.size() < operands) return refused(rest.empty() ? "missing operand" : "missing command");
        runs({rest.begin() + static_cast<std::ptrdiff_t>(operands - 1), rest.end()});
    }

    void stdbuf(std::vector<std::string> args) {
        OptionReader r(kStdbuf, std::move(args));
        bool mode = false;
        for (auto s = r.next(); s.kind != OptionReader::Step::Kind::end; s = r.next()) {
            if (ends(s)) return;
            mode = true;
        }
        auto rest = r.rest();
        if (rest.empty()) return refused("missing operand");
        if (!mode) return refused("you must specify a buffering mode option");
        runs(std::move(rest));
    }

    // nice: `-N`, `--N`, `-+N` are adjustments, read before getopt sees the word; getopt
    // reads one option at a time between them.
    void nice(std::vector<std::string> args) {
        bool adjusted = false;
        size_t i = 0;
        while (i < args.size()) {
            const std::string& s = args[i];
            auto at = [&s](size_t k) { return k < s.size() ? s[k] : '\0'; };
            if (at(0) == '-' && is_digit(at(1 + (at(1) == '-' || at(1) == '+')))) {
                adjusted = true;
                ++i;
                continue;
            }
            OptionReader r(kNice, {args.begin() + static_cast<std::ptrdiff_t>(i), args.end()});
            auto step = r.next();
            if (ends(step)) return;
            i += r.index();
            if (step.kind == OptionReader::Step::Kind::end) break;
            adjusted = true;  // -n N
        }
        if (i == args.size()) {
            if (adjusted) return refused("a command must be given with an adjustment");
            return stop(fmt::format("{} with no command prints the niceness and starts none", launcher_));
        }
        runs({args.begin() + static_cast<std::ptrdiff_t>(i), args.end()});
    }

    void taskset(std::vector<std::string> args) {
        OptionReader r(kTaskset, std::move(args));
        std::string pid;
        for (auto s = r.next(); s.kind != OptionReader::Step::Kind::end; s = r.next()) {
            if (s.key == "h" || s.key == "V") s.key = s.key == "h" ? "help" : "version";
            if (ends(s)) return;
            if (s.key == "p") pid = s.written;
        }
        if (!pid.empty())
            return stop(fmt::format("{} {} changes a running process and starts no command", launcher_, pid));
        auto rest = r.rest();
        if (rest.size() < 2) return refused(rest.empty() ? "missing operand" : "missing command");
        runs({rest.begin() + 1, rest.end()});  // after the mask or CPU list
    }

    void numactl(std::vector<std::string> args) {
        OptionReader r(kNumactl, std::move(args));
        for (auto s = r.next(); s.kind != OptionReader::Step::Kind::end; s = r.next()) {
            if (ends(s)) return;
            if (s.key == "s" || s.key == "H")
                return stop(fmt::format("{} {} prints and exits, starting no command", launcher_, s.written));
        }
        runs(r.rest());
    }

    // coreutils env: options (an -S string split and read again, options included), then a
    // lone `-` (the same as -i), then NAME=VALUE words, then the command. -i and -u apply
    // after the options, so that -S's ${VAR} reads the environment env was given.
    void env(std::vector<std::string> args) {
        OptionReader r(kEnv, std::move(args));
        std::string cleared;
        std::vector<std::string> unset;
        std::optional<std::string> directory;
        bool null = false;
        int splits = 0;
        for (auto s = r.next(); s.kind != OptionReader::Step::Kind::end; s = r.next()) {
            if (ends(s)) return;
            if (s.key == "i") cleared = s.written;
            else if (s.key == "u") unset.push_back(*s.value);
            else if (s.key == "C" && s.value->empty())
                return refused("cannot change directory to '': No such file or directory");
            else if (s.key == "C") directory = *s.value;
            else if (s.key == "0") null = true;
            else if (s.key == "S") {
                if (++splits > kMaxSplits)
                    return stop(fmt::format("{}'s -S strings are split more than {} times, and it starts no command",
                                            launcher_, kMaxSplits));
                SplitString split = split_string(*s.value, out_.env);
                if (!split.error.empty()) return refused(split.error);
                auto rest = r.rest();
                split.words.insert(split.words.end(), rest.begin(), rest.end());
                size_t bytes = 0;
                for (const auto& w : split.words) bytes += w.size();
                if (bytes > kMaxSplitBytes)
                    return stop(fmt::format("{}'s -S strings grow past {} bytes, and it starts no command", launcher_,
                                            kMaxSplitBytes));
                r.restart(std::move(split.words));
            }
        }
        auto rest = r.rest();
        if (!rest.empty() && rest.front() == "-") {
            cleared = "-";
            rest.erase(rest.begin());
        }
        size_t k = 0;
        while (k < rest.size() && rest[k].find('=') != std::string::npos) ++k;
        if (k == rest.size()) {
            if (directory) return refused("must specify command with --chdir (-C)");
            return stop(fmt::format("{} with no command prints the environment and starts none", launcher_));
        }
        if (null) return refused("cannot specify --null (-0) with command");
        if (!cleared.empty()) {
            out_.env.clear();
            if (out_.cleared.empty()) out_.cleared = fmt::format("{} {}", launcher_, cleared);
        } else {
            for (const auto& name : unset)
                if (name.empty() || name.find('=') != std::string::npos)
                    return refused(fmt::format("cannot unset '{}': Invalid argument", name));
            for (const auto& name : unset) {
                out_.env.erase(name);
                out_.replaced.emplace_back(name, fmt::format("{} -u {}", launcher_, name));
            }
        }
        for (size_t j = 0; j < k; ++j) {
            size_t eq = rest[j].find('=');
            std::string name = rest[j].substr(0, eq);
            if (!name.empty()) out_.env.insert_or_assign(name, rest[j].substr(eq + 1));
            // Only a blank value can replace what gym-otel-env exports (a set one is kept):
            // shown quoted, so that blanks can be seen.
            std::string value = rest[j].substr(eq + 1);
            out_.replaced.emplace_back(
                name, fmt::format("{} {}={}", launcher_, name, value.empty() ? value : python_repr(value)));
        }
        if (directory) out_.directory = join_path(out_.directory.value_or("."), *directory);
        runs({rest.begin() + static_cast<std::ptrdiff_t>(k), rest.end()});
    }

    Launched& out_;
    std::string launcher_;
};

// The launchers that start their command elsewhere, and what a user reads about each.
struct Elsewhere {
    std::string_view name;
    std::string_view where;  // "starts its command on other nodes, where ..."
    std::string_view place;  // where gym-otel-env goes: "after srun's options (srun [srun options] "
};

const Elsewhere* elsewhere(std::string_view program) {
    static const std::array<Elsewhere, 5> table{{
        {"srun", "environment (--export, SLURM_EXPORT_ENV)", "after srun's options (srun [srun options] "},
        {"mpirun", "environment (Open MPI passes on only -x variables)",
         "after mpirun's options (mpirun [mpirun options] "},
        {"mpiexec", "environment (Open MPI passes on only -x variables)",
         "after mpiexec's options (mpiexec [mpiexec options] "},
        {"apptainer", "", "inside the container, after the image (apptainer exec [apptainer options] IMAGE "},
        {"singularity", "", "inside the container, after the image (singularity exec [singularity options] IMAGE "},
    }};
    std::string_view name = basename(program);
    for (const auto& e : table)
        if (e.name == name) return &e;
    return nullptr;
}

std::string elsewhere_reason(const Elsewhere& e, const std::string& launcher) {
    if (e.where.empty())
        return fmt::format(
            "{} runs its command in a container, whose file system and environment (--cleanenv, --containall) may "
            "not be this one's, so its arguments are not read",
            launcher);
    return fmt::format(
        "{} starts its command on other nodes, where it may not pass on this {}, so its arguments are "
        "not read",
        launcher, e.where);
}

// The words of an ignored Gym command line as a list: at most three, then how many more.
std::string listed(const std::vector<std::string>& words) {
    constexpr size_t kShown = 3;
    std::vector<std::string> shown(words.begin(),
                                   words.begin() + static_cast<std::ptrdiff_t>(std::min(words.size(), kShown)));
    std::string out = fmt::format("{}", fmt::join(shown, ", "));
    if (words.size() > kShown) out += fmt::format(" and {} more", words.size() - kShown);
    return out;
}

}  // namespace

SplitString split_string(std::string_view text, const Environment& env) {
    SplitString out;
    bool sep = true, dq = false, sq = false;
    auto add = [&](char c) {
        if (sep) {
            out.words.emplace_back();
            sep = false;
        }
        out.words.back() += c;
    };
    auto start = [&] {
        if (sep) {
            out.words.emplace_back();
            sep = false;
        }
    };
    auto fail = [&](std::string error) {
        out.words.clear();
        out.error = std::move(error);
        return out;
    };
    size_t i = 0;
    while (i < text.size()) {
        char c = text[i];
        switch (c) {
            case '\'':
                if (dq) break;
                sq = !sq;
                start();
                ++i;
                continue;
            case '"':
                if (sq) break;
                dq = !dq;
                start();
                ++i;
                continue;
            case ' ':
            case '\t':
            case '\n':
            case '\v':
            case '\f':
            case '\r':
                if (sq || dq) break;
                sep = true;
                while (i < text.size() && kAsciiSpace.find(text[i]) != std::string_view::npos) ++i;
                continue;
            case '#':
                if (!sep) break;
                return out;  // a '#' starting an argument ends the string
            case '\\': {
                // Inside single quotes only \\ and \' are escapes.
                char next = i + 1 < text.size() ? text[i + 1] : '\0';
                if (sq && next != '\\' && next != '\'') break;
                if (i + 1 >= text.size()) return fail("invalid backslash at end of string in -S");
                i += 1;
                switch (next) {
                    case '"':
                    case '#':
                    case '$':
                    case '\'':
                    case '\\': c = next; break;
                    case '_':
                        if (!dq) {  // outside double quotes a separator, inside a space
                            ++i;
                            sep = true;
                            continue;
                        }
                        c = ' ';
                        break;
                    case 'c':
                        if (dq) return fail("'\\c' must not appear in double-quoted -S string");
                        return out;
                    case 'f': c = '\f'; break;
                    case 'n': c = '\n'; break;
                    case 'r': c = '\r'; break;
                    case 't': c = '\t'; break;
                    case 'v': c = '\v'; break;
                    default: return fail(fmt::format("invalid sequence '\\{}' in -S", next));
                }
                break;
            }
            case '$': {
                if (sq) break;
                // ${NAME} only, NAME as [A-Za-z_][A-Za-z0-9_]*; the value is not split again.
                size_t end = i + 2;
                bool named = i + 2 < text.size() && text[i + 1] == '{' && (is_alpha(text[i + 2]) || text[i + 2] == '_');
                while (named && end < text.size() && (is_alpha(text[end]) || is_digit(text[end]) || text[end] == '_'))
                    ++end;
                if (!named || end >= text.size() || text[end] != '}')
                    // env quotes the rest of the string, which may hold a secret: its offset instead.
                    return fail(fmt::format("only ${{VARNAME}} expansion is supported, error at character {}", i + 1));
                if (auto value = lookup(env, text.substr(i + 2, end - i - 2))) {
                    start();  // an unset variable gives nothing, not even an empty word
                    out.words.back() += *value;
                }
                i = end + 1;
                continue;
            }
            default: break;
        }
        add(c);
        ++i;
    }
    if (dq || sq) return fail("no terminating quote in -S string");
    return out;
}

Launched launched(const std::vector<std::string>& command, const Environment& env) {
    Launched out;
    out.command = command;
    out.env = env;
    Reading reading(out);
    while (!out.command.empty()) {
        if (elsewhere(out.command.front())) {
            out.stop = Launched::Stop::elsewhere;
            out.launcher = out.command.front();
            break;
        }
        if (!reading.step() || out.stop != Launched::Stop::none) break;
    }
    return out;
}

std::string unread_reason(const CommandReading& reading) {
    if (!reading.exec || reading.gym || reading.config_given) return {};
    const Launched& l = reading.launch;
    switch (l.stop) {
        case Launched::Stop::elsewhere: return elsewhere_reason(*elsewhere(l.launcher), l.launcher);
        case Launched::Stop::no_command: return l.why;
        case Launched::Stop::none: break;
    }
    if (l.command.empty()) return {};
    return fmt::format(
        "{} is not Gym's command (gym, ng, ng_*, python -m nemo_gym.cli.main), so its arguments are not read",
        shown(l.command.front()));
}

std::string command_line_note(const CommandReading& reading) {
    if (!reading.exec || !reading.gym || reading.config_given) return {};
    return fmt::format("{}'s command line read as {}", shown(reading.program), describe(reading.command_line));
}

std::vector<CommandWarning> command_warnings(const CommandReading& reading, bool files_read,
                                             const std::vector<std::string>& exported) {
    std::vector<CommandWarning> out;
    if (!reading.exec || !reading.found) return out;
    const Launched& l = reading.launch;
    // The program the exports were meant for: what runs behind the launchers read through.
    bool runs = !l.command.empty();
    std::string program = runs ? shown(l.command.front()) : std::string();
    if (runs && !l.cleared.empty()) {
        out.push_back({CommandWarning::Kind::cleared,
                       fmt::format("{} starts {} with an empty environment, so the variables gym-otel-env adds never "
                                   "reach it: put gym-otel-env after env ({} ... gym-otel-env --exec -- {} ...)",
                                   l.cleared, program, l.cleared, program)});
    } else if (runs) {
        std::vector<std::string> named;
        for (const auto& [name, how] : l.replaced) {
            if (std::find(exported.begin(), exported.end(), name) == exported.end()) continue;
            if (std::find(named.begin(), named.end(), name) != named.end()) continue;
            named.push_back(name);
            std::string_view verb = how.find(" -u ") != std::string::npos ? "removes" : "replaces";
            out.push_back({CommandWarning::Kind::replaced,
                           fmt::format("{} {} the {} that gym-otel-env exports, so {} never sees it: put gym-otel-env "
                                       "after env (env ... gym-otel-env --exec -- {} ...)",
                                       how, verb, name, program, program)});
        }
    }
    if (!files_read) {
        std::string why = unread_reason(reading);
        std::string advice;
        if (l.stop == Launched::Stop::elsewhere)
            advice = fmt::format(": put gym-otel-env {}gym-otel-env --exec -- gym ...)", elsewhere(l.launcher)->place);
        else if (l.stop == Launched::Stop::none && runs)
            advice = fmt::format(": give the configs as CONFIG (gym-otel-env CONFIG... --exec -- {} ...)", program);
        else advice = ", so there is no Gym command line to read";
        if (!why.empty())
            out.push_back({CommandWarning::Kind::unread, fmt::format("no config read: {}{}", why, advice)});
    }
    for (const auto& said : reading.gym_warnings) out.push_back({CommandWarning::Kind::gym_says, said});
    if (reading.config_given && !reading.ignored.empty()) {
        out.push_back({CommandWarning::Kind::config_ignored,
                       fmt::format("CONFIG is given, so {}'s own config inputs are not read: {} (drop CONFIG to have "
                                   "them read, or give them as CONFIG and --set)",
                                   reading.program, listed(reading.ignored))});
    }
    return out;
}

}  // namespace goe
