#include "gym_otel_env/invocation.hpp"

#include <algorithm>
#include <cctype>
#include <utility>

#include <fmt/format.h>

#include "gym_otel_env/core/close_match.hpp"
#include "gym_otel_env/core/error.hpp"
#include "gym_otel_env/core/value.hpp"
#include "gym_otel_env/gym/assets.hpp"
#include "gym_otel_env/gym/gym_args.hpp"
#include "gym_otel_env/gym/install_root.hpp"
#include "gym_otel_env/gym/roots.hpp"
#include "gym_otel_env/gym_versions.hpp"
#include "gym_otel_env/output/kubernetes.hpp"
#include "gym_otel_env/telemetry/schema.hpp"
#include "gym_otel_env/telemetry/secrecy.hpp"

namespace goe {

std::vector<std::string> split_command(std::vector<std::string> args, Invocation& inv) {
    auto dashes = std::find(args.begin(), args.end(), "--");
    if (dashes != args.end()) {
        inv.command.assign(dashes + 1, args.end());
        args.erase(dashes, args.end());
    }
    for (size_t i = 0; i < args.size(); ++i) {
        std::string value;
        size_t word = 0;
        if (args[i] == "--set" && i + 2 < args.size()) value = args[i + 1], word = i + 2;
        else if (args[i].starts_with("--set=") && i + 1 < args.size()) value = args[i].substr(6), word = i + 1;
        else continue;
        // An option, or '-' (standard input), is not a piece of the value; nor is a word
        // that names a config file as one is named (c.yaml, configs/x), which the user
        // meant as the CONFIG it is.
        const std::string& w = args[word];
        if (w.empty() || w.front() == '-' || w.find('/') != std::string::npos || w.ends_with(".yaml") ||
            w.ends_with(".yml"))
            continue;
        if (std::count(args.begin(), args.end(), args[word]) == 1) inv.after_set.push_back({args[word], value});
    }
    return args;
}

namespace {

// `text` in POSIX shell single quotes, as a user would type it.
std::string shell_quoted(std::string_view text) {
    std::string out = "'";
    for (char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

// The CONFIG words that are pieces of a --set value the shell split off; `configs` are
// the CONFIG words that name files.
std::vector<LoadRequest::StrayWord> stray_words(const Invocation& inv, const std::vector<std::string>& configs) {
    std::vector<LoadRequest::StrayWord> out;
    for (const auto& a : inv.after_set) {
        auto config = std::find(configs.begin(), configs.end(), a.word);
        if (config == configs.end()) continue;
        bool secret = may_hold_secret(a.value);
        size_t eq = a.value.find('=');
        std::string shown = secret && eq != std::string::npos ? a.value.substr(0, eq) + "=***" : a.value;
        std::string quoted = secret ? shell_quoted(shown) : shell_quoted(a.value + " " + a.word);
        out.push_back({static_cast<size_t>(config - configs.begin()), shown, quoted, secret});
    }
    return out;
}

// "a, b, c".
std::string listed(const std::vector<std::string>& items) {
    std::string out;
    for (const auto& item : items) out += (out.empty() ? "" : ", ") + item;
    return out;
}

// A Hydra key as Gym's users write one: dotted identifiers (Hydra's ID), an @PACKAGE
// after. Not a config group (`a/b`): Gym has none, and a path has slashes.
bool hydra_key(std::string_view key) {
    auto id_start = [](char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_' || c == '$'; };
    auto id_char = [&](char c) { return id_start(c) || std::isdigit(static_cast<unsigned char>(c)) || c == '-'; };
    key = key.substr(0, key.find('@'));
    bool start = true;
    for (char c : key) {
        if (start ? !id_start(c) : !(id_char(c) || c == '.')) return false;
        start = c == '.';
    }
    return !key.empty() && !start;
}

}  // namespace

void check_usage(const std::vector<std::string>& args, const std::vector<OptionShape>& options) {
    auto end = std::find(args.begin(), args.end(), "--");
    bool dashes = end != args.end();
    for (auto a = args.begin(); a != end; ++a)
        if (*a == "-h" || *a == "--help" || *a == "--version") return;
    std::vector<std::string> names;
    names.reserve(options.size());
    for (const auto& o : options) names.push_back(o.name);
    auto find = [&](std::string_view name) {
        return std::find_if(options.begin(), options.end(), [&](const OptionShape& o) { return o.name == name; });
    };
    auto usage = [](const std::string& what) { return Error(what + " (see gym-otel-env --help)", Error::Kind::usage); };
    bool exec = false;
    for (auto a = args.begin(); a != end; ++a) {
        const std::string& word = *a;
        if (word == "-" || !word.starts_with('-')) {
            // A word after --exec with no "--" anywhere: the command, which the parser
            // would take for CONFIG words and options of ours. A word named as a config
            // is one (`--exec c.yaml` lacks its command, which the check after parsing says).
            bool config = word == "-" || word.ends_with(".yaml") || word.ends_with(".yml") || override_word(word);
            if (exec && !dashes && !config) {
                bool plain = !word.empty() && std::all_of(word.begin(), word.end(), [](char c) {
                    return std::isalnum(static_cast<unsigned char>(c)) ||
                           std::string_view("_./-+").find(c) != std::string_view::npos;
                });
                throw usage(
                    fmt::format("'--' is missing before the command of --exec: put it before {}, as in "
                                "gym-otel-env [OPTION]... --exec -- {} [ARG]...",
                                python_repr(word), plain ? word : python_repr(word)));
            }
            continue;
        }
        std::string_view name = word;
        std::optional<std::string_view> attached;
        if (size_t eq = name.find('='); word.starts_with("--") && eq != std::string_view::npos) {
            attached = name.substr(eq + 1);
            name = name.substr(0, eq);
        }
        auto option = find(name);
        // Short flags together (-qh), as the parser takes them.
        bool shorts = !word.starts_with("--") && std::all_of(word.begin() + 1, word.end(), [&](char c) {
            auto o = find(std::string{'-', c});
            return o != options.end() && o->argument.empty();
        });
        if (option == options.end() && shorts) continue;
        if (option == options.end()) {
            std::string near = close_match(name, names);
            throw usage(fmt::format("unknown option {}{}", python_repr(name),
                                    near.empty() ? "" : fmt::format("; did you mean {}?", python_repr(near))));
        }
        if (option->name == "--exec") exec = true;
        if (option->argument.empty()) {
            if (attached && !option->attached) throw usage(fmt::format("{} takes no value", option->name));
            continue;
        }
        std::string_view value;
        if (attached) {
            value = *attached;
        } else if (a + 1 == end || find(a[1]) != options.end()) {
            std::string takes = option->values.empty() ? option->argument : "one of " + listed(option->values);
            throw usage(fmt::format("{} needs a value: {}", option->name, takes));
        } else {
            value = *++a;
        }
        if (!option->values.empty() &&
            std::find(option->values.begin(), option->values.end(), value) == option->values.end()) {
            std::string near = close_match(value, option->values);
            throw usage(fmt::format("{}: {} is not one of {}{}", option->name, python_repr(value),
                                    listed(option->values),
                                    near.empty() ? "" : fmt::format("; did you mean {}?", python_repr(near))));
        }
    }
}

bool override_word(std::string_view word) {
    if (word.starts_with('+') || word.starts_with('~')) return true;
    size_t eq = word.find('=');
    if (eq == std::string_view::npos || word.ends_with(".yaml") || word.ends_with(".yml")) return false;
    return hydra_key(word.substr(0, eq));
}

Format requested_format(const std::vector<std::string>& args) {
    Format format = kDefaultFormat;
    for (size_t i = 0; i < args.size(); ++i) {
        std::string_view name;
        if (args[i] == "--format" && i + 1 < args.size()) name = args[i + 1];
        else if (args[i].starts_with("--format=")) name = std::string_view(args[i]).substr(9);
        else continue;
        if (Format f = parse_format(name)) format = f;
    }
    return format;
}

RenderOptions render_options(const Invocation& inv, Format format, RandomToken random_token) {
    RenderOptions options;
    options.random_token = std::move(random_token);
    if (inv.allow_secrets_in_artifact && format->name != "gitlab")
        throw Error(fmt::format("--allow-secrets-in-artifact is for --format gitlab only, not --format {}: no other "
                                "format refuses a secret",
                                format->name),
                    Error::Kind::usage);
    options.allow_secrets = inv.allow_secrets_in_artifact;
    if (!inv.name) return options;
    if (format->name != "kubernetes")
        throw Error(fmt::format("--name is for --format kubernetes only, not --format {}", format->name),
                    Error::Kind::usage);
    if (auto problem = kubernetes_name_problem(*inv.name); !problem.empty()) throw Error(problem, Error::Kind::usage);
    options.name = *inv.name;
    return options;
}

CommandView::CommandView(const Invocation& inv, const Environment& env, FileSystem& fs)
    : inv_(inv), env_(env), base_(fs) {
    if (!inv.exec) return;
    entry_ = gym_entry(inv.command, env);
    // env -C moves Gym's working directory, and with it where Gym finds the files its
    // command line names; a CONFIG of ours is read from ours.
    bool files = std::any_of(inv.configs.begin(), inv.configs.end(), [](const auto& w) { return !override_word(w); });
    if (entry_.launch.directory && !files && entry_.kind != GymEntry::Kind::none)
        moved_.emplace(fs, *entry_.launch.directory);
}

std::string CommandView::ours(const std::string& path) {
    if (!moved_ || path.empty() || path.front() == '/') return path;
    return lexical_resolve(path, base_.working_directory());
}

std::optional<std::string> CommandView::install_root() {
    auto root = gym_install_root(entry_, env(), fs());
    if (root && moved_) return fs().resolve(*root);
    return root;
}

LoadRequest load_request(const Invocation& inv, const Environment& env, FileSystem& fs) {
    CommandView view(inv, env, fs);
    return load_request(inv, view);
}

LoadRequest load_request(const Invocation& inv, CommandView& view) {
    FileSystem& fs = view.fs();
    const Environment& env = view.env();
    const GymEntry& entry = view.entry();
    LoadRequest request;
    // A CONFIG word in the shape of a Hydra override is one, read as Gym reads its own
    // command line (docs/decisions.md); a file of such a name is read by a path (./a=b),
    // or after '--'.
    std::vector<std::string> overrides;
    for (const auto& word : inv.configs) (override_word(word) ? overrides : request.configs).push_back(word);
    request.stray_words = stray_words(inv, request.configs);
    if (!inv.exec) request.configs.insert(request.configs.end(), inv.command.begin(), inv.command.end());
    for (const auto& dir : inv.search_dirs) request.search_dirs.push_back(view.ours(dir));
    if (!inv.gym_root.empty()) request.gym_root = view.ours(inv.gym_root);
    if (!inv.env_yaml.empty()) request.env_yaml = view.ours(inv.env_yaml);
    request.no_env_yaml = inv.no_env_yaml;
    CommandReading& reading = request.reading;
    reading.exec = inv.exec;
    if (inv.exec) {
        reading.gym = entry.kind != GymEntry::Kind::none;
        reading.config_given = !request.configs.empty();
        reading.program = entry.program;
        reading.launch = entry.launch;
        // Looked up as exec_command will: on our PATH, from our working directory.
        reading.found = !inv.command.empty() && command_found(inv.command.front(), view.own_env(), view.own_fs());
    }
    std::optional<gym::CommandLine> named;
    if (!inv.gym_version.empty()) {
        const GymVersion& row = gym_version_named(inv.gym_version);
        named = row.command_line;
        request.gym_version = std::string(row.name);
    }
    reading.command_line = choose_command_line(named, inv.gym_version, request.gym_root, fs);
    if (reading.gym && !reading.config_given) {
        // A selector is looked up on every root, the Gym command line's --search-dir included.
        auto resolve = [&](std::string_view flag, std::string_view value, const std::vector<std::string>& dirs) {
            std::vector<std::string> all = request.search_dirs;
            all.insert(all.end(), dirs.begin(), dirs.end());
            return asset_config_path(flag, value, SearchRoots(all, env, request.gym_root, fs), fs,
                                     reading.command_line.version, &reading.gym_warnings);
        };
        auto gym = read_gym_command(entry, resolve, reading.command_line);
        request.search_dirs.insert(request.search_dirs.end(), gym.search_dirs.begin(), gym.search_dirs.end());
        request.gym_overrides = std::move(gym.overrides);
        reading.command = std::move(gym.command);
    } else if (reading.gym) {
        // Not read, only listed for the warning: nothing is looked up, and a line Gym would
        // refuse is Gym's to refuse.
        auto as_written = [](std::string_view, std::string_view value, const std::vector<std::string>&) {
            return std::string(value);
        };
        try {
            reading.ignored = read_gym_command(entry, as_written, reading.command_line).inputs;
        } catch (const Error&) {
        }
    }
    // After Gym's own tokens, as if typed at the end of its command line.
    request.gym_overrides.insert(request.gym_overrides.end(), overrides.begin(), overrides.end());
    request.sets = inv.sets;
    return request;
}

}  // namespace goe
