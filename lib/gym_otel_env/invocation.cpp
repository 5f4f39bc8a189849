#include "gym_otel_env/invocation.hpp"

#include <algorithm>
#include <utility>

#include <fmt/format.h>

#include "gym_otel_env/core/error.hpp"
#include "gym_otel_env/gym/assets.hpp"
#include "gym_otel_env/gym/gym_args.hpp"
#include "gym_otel_env/gym/install_root.hpp"
#include "gym_otel_env/gym/roots.hpp"
#include "gym_otel_env/output/kubernetes.hpp"
#include "gym_otel_env/telemetry/schema.hpp"

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

// The CONFIG words that are pieces of a --set value the shell split off.
std::vector<LoadRequest::StrayWord> stray_words(const Invocation& inv) {
    std::vector<LoadRequest::StrayWord> out;
    for (const auto& a : inv.after_set) {
        auto config = std::find(inv.configs.begin(), inv.configs.end(), a.word);
        if (config == inv.configs.end()) continue;
        bool secret = may_hold_secret(a.value);
        size_t eq = a.value.find('=');
        std::string shown = secret && eq != std::string::npos ? a.value.substr(0, eq) + "=***" : a.value;
        std::string quoted = secret ? shell_quoted(shown) : shell_quoted(a.value + " " + a.word);
        out.push_back({static_cast<size_t>(config - inv.configs.begin()), shown, quoted, secret});
    }
    return out;
}

}  // namespace

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
    if (entry_.launch.directory && inv.configs.empty() && entry_.kind != GymEntry::Kind::none)
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
    request.configs = inv.configs;
    request.stray_words = stray_words(inv);
    if (!inv.exec) request.configs.insert(request.configs.end(), inv.command.begin(), inv.command.end());
    for (const auto& dir : inv.search_dirs) request.search_dirs.push_back(view.ours(dir));
    if (!inv.gym_root.empty()) request.gym_root = view.ours(inv.gym_root);
    if (!inv.env_yaml.empty()) request.env_yaml = view.ours(inv.env_yaml);
    request.no_env_yaml = inv.no_env_yaml;
    CommandReading& reading = request.reading;
    reading.exec = inv.exec;
    if (inv.exec) {
        reading.gym = entry.kind != GymEntry::Kind::none;
        reading.config_given = !inv.configs.empty();
        reading.program = entry.program;
        reading.launch = entry.launch;
    }
    if (reading.gym && !reading.config_given) {
        // A selector is looked up on every root, the Gym command line's --search-dir included.
        auto resolve = [&](std::string_view flag, std::string_view value, const std::vector<std::string>& dirs) {
            std::vector<std::string> all = request.search_dirs;
            all.insert(all.end(), dirs.begin(), dirs.end());
            return asset_config_path(flag, value, SearchRoots(all, env, request.gym_root, fs), fs);
        };
        auto gym = read_gym_command(entry, resolve);
        request.search_dirs.insert(request.search_dirs.end(), gym.search_dirs.begin(), gym.search_dirs.end());
        request.gym_overrides = std::move(gym.overrides);
    } else if (reading.gym) {
        // Not read, only listed for the warning: nothing is looked up, and a line Gym would
        // refuse is Gym's to refuse.
        auto as_written = [](std::string_view, std::string_view value, const std::vector<std::string>&) {
            return std::string(value);
        };
        try {
            reading.ignored = read_gym_command(entry, as_written).inputs;
        } catch (const Error&) {
        }
    }
    request.sets = inv.sets;
    return request;
}

}  // namespace goe
