#include "gym_otel_env/gym/assets.hpp"

#include <algorithm>
#include <array>

#include <fmt/format.h>

#include "gym_otel_env/core/close_match.hpp"
#include "gym_otel_env/gym/config_aliases.hpp"
#include "gym_otel_env/yaml/parse.hpp"

namespace goe {
namespace {

struct Asset {
    std::string_view flag, parent, subdir, default_flavor;  // empty default: the server's name
    std::string_view legacy_parent;                         // _ASSET_LEGACY_PARENTS, searched after `parent`
};

// Gym's _ASSETS table (52755d025d's; 2e5014086a's has no agent-type row, and its command
// line no --agent-type to reach it).
constexpr std::array<Asset, 5> kAssets{{
    {"benchmark", "benchmarks", "", "config", ""},
    {"environment", "environments", "", "config", ""},
    {"resources-server", "resources_servers", "configs", "", ""},
    {"model-type", "responses_api_models", "configs", "", ""},
    {"agent-type", "harnesses", "configs", "", "responses_api_agents"},
}};

const Asset& asset(std::string_view flag) {
    for (const auto& a : kAssets)
        if (a.flag == flag) return a;
    throw std::logic_error("not an asset selector");
}

struct Parts {
    std::string server, flavor, config_dir, path;
};

Parts parts_of(std::string_view flag, std::string_view value) {
    const Asset& a = asset(flag);
    size_t slash = value.find('/');
    Parts p;
    p.server = std::string(value.substr(0, slash));
    p.flavor = slash == std::string_view::npos ? "" : std::string(value.substr(slash + 1));
    if (p.flavor.empty()) p.flavor = a.default_flavor.empty() ? p.server : std::string(a.default_flavor);
    // f"{parent}/{server}/{subdir}".rstrip("/"), kept as text like Gym's, for its message.
    p.config_dir = fmt::format("{}/{}/{}", a.parent, p.server, a.subdir);
    while (!p.config_dir.empty() && p.config_dir.back() == '/') p.config_dir.pop_back();
    p.path = p.config_dir + "/" + p.flavor + ".yaml";
    return p;
}

bool hidden(const std::string& name) { return !name.empty() && name.front() == '.'; }

std::string stem(const std::string& name) {
    size_t dot = name.rfind('.');
    return dot == std::string::npos || dot == 0 ? name : name.substr(0, dot);
}

// A config declares a benchmark when a mapping anywhere in it has `type: benchmark`;
// one that does not parse counts too (Gym's _is_benchmark_config lets resolve complain).
bool declares_benchmark(const NodePtr& node) {
    if (!node) return false;
    if (node->type == Type::mapping) {
        for (const auto& e : node->entries()) {
            if (e.key == "type" && e.value && e.value->type == Type::string && e.value->text() == "benchmark")
                return true;
            if (declares_benchmark(e.value)) return true;
        }
    }
    if (node->type == Type::sequence)
        for (const auto& item : node->items())
            if (declares_benchmark(item)) return true;
    return false;
}

// glob("**/*.yaml", recursive=True) under `dir`, relative names; hidden names skipped
// as glob skips them. Depth is bounded: a symlink loop must not hang the tool.
void yaml_files(FileSystem& fs, const std::string& dir, const std::string& rel, int depth,
                std::vector<std::string>& out) {
    if (depth > 32) return;
    auto names = fs.list(dir);
    std::sort(names.begin(), names.end());
    for (const auto& name : names) {
        if (hidden(name)) continue;
        std::string path = join_path(dir, name), relative = rel.empty() ? name : fmt::format("{}/{}", rel, name);
        auto kind = fs.kind(path);
        if (kind == FileSystem::Kind::directory) yaml_files(fs, path, relative, depth + 1, out);
        else if (kind == FileSystem::Kind::file && name.size() > 5 && name.ends_with(".yaml")) out.push_back(relative);
    }
}

// _benchmark_config_name: "x/config.yaml" is "x", anything else its path without ".yaml".
std::string benchmark_name(const std::string& relative) {
    std::string name = relative.substr(0, relative.size() - 5);
    if (name.ends_with("/config") && std::count(name.begin(), name.end(), '/') == 1)
        return name.substr(0, name.size() - 7);
    return name;
}

std::string joined_dirs(const std::vector<std::string>& dirs) {
    std::string out;
    for (const auto& d : dirs) out += (out.empty() ? "`" : ", `") + d + "`";
    return out;
}

void add_once(std::vector<std::string>& list, std::string item) {
    if (std::find(list.begin(), list.end(), item) == list.end()) list.push_back(std::move(item));
}

}  // namespace

bool is_asset_selector(std::string_view flag) {
    return std::any_of(kAssets.begin(), kAssets.end(), [&](const Asset& a) { return a.flag == flag; });
}

std::string asset_relative_path(std::string_view flag, std::string_view value) { return parts_of(flag, value).path; }

std::string asset_config_path(std::string_view flag, std::string_view value, const SearchRoots& search, FileSystem& fs,
                              gym::CommandLine version, std::vector<std::string>* warnings) {
    const Asset& a = asset(flag);
    Parts p = parts_of(flag, value);
    auto roots = search.absolute_roots();
    const bool moved = version == gym::CommandLine::v52755d025d;
    auto warn = [&](std::string text) {
        if (warnings) warnings->push_back(std::move(text));
    };
    std::vector<std::string_view> parents{a.parent};
    if (moved && !a.legacy_parent.empty()) parents.push_back(a.legacy_parent);
    // parent/server/subdir under a root, as Gym joins it (an empty subdir adds nothing).
    auto server_dir = [&](const std::string& root, std::string_view parent) {
        std::string dir = join_path(join_path(root, parent), p.server);
        return a.subdir.empty() ? dir : join_path(dir, a.subdir);
    };

    // NAME/NESTED of a benchmark or environment may name a directory holding config.yaml.
    if (value.find('/') != std::string_view::npos && (flag == "benchmark" || flag == "environment")) {
        for (const auto& root : roots) {
            std::string candidate = join_path(join_path(join_path(root, a.parent), value), "config.yaml");
            if (fs.kind(candidate) == FileSystem::Kind::file) return fs.resolve(candidate);
        }
    }
    for (const auto& root : roots)
        for (auto parent : parents) {
            std::string candidate = join_path(server_dir(root, parent), p.flavor + ".yaml");
            if (fs.kind(candidate) == FileSystem::Kind::none) continue;
            if (parent != a.parent)
                warn(fmt::format("Agent config directory `{}` is deprecated; move it to `{}`.", parent, a.parent));
            return fs.resolve(candidate);
        }
    if (moved && flag == "environment") {
        if (auto canonical = legacy_environment_alias(value)) {
            std::string resolved = asset_config_path(flag, *canonical, search, fs, version, warnings);
            warn(fmt::format("`--environment {}` is deprecated; use `--environment {}`.", value, *canonical));
            return resolved;
        }
    }
    if (auto canonical = moved ? legacy_config_path_alias(p.path) : std::nullopt) {
        for (const auto& root : roots) {
            std::string candidate = join_path(root, *canonical);
            if (fs.kind(candidate) == FileSystem::Kind::none) continue;
            warn(fmt::format("Config path `{}` is deprecated; use `{}`.", p.path, *canonical));
            return fs.resolve(candidate);
        }
    }

    std::string hint;
    std::vector<std::string> available;
    if (flag == "benchmark") {
        std::vector<std::string> names;
        for (const auto& root : roots) {
            std::string dir = join_path(root, a.parent);
            if (fs.kind(dir) != FileSystem::Kind::directory) continue;
            available.push_back(fs.resolve(dir));
            std::vector<std::string> files;
            yaml_files(fs, dir, "", 0, files);
            for (const auto& rel : files) {
                std::string path = join_path(dir, rel);
                bool benchmark = true;
                try {
                    auto text = fs.read(path);
                    benchmark = text && declares_benchmark(parse_yaml(*text, path));
                } catch (const Error&) {
                    // unreadable or not YAML: kept, as Gym keeps what yaml.safe_load rejects
                }
                if (benchmark) add_once(names, benchmark_name(rel));
            }
        }
        std::vector<std::string> under;
        std::string prefix = std::string(value) + "/";
        for (const auto& n : names)
            if (n.starts_with(prefix)) under.push_back(n);
        std::sort(under.begin(), under.end());
        if (!under.empty()) {
            auto shortest = std::min_element(under.begin(), under.end(),
                                             [](const auto& x, const auto& y) { return x.size() < y.size(); });
            hint = " Did you mean `" + *shortest + "`?";
        } else {
            hint = did_you_mean(value, names);
        }
        std::sort(available.begin(), available.end());
    } else {
        // A flavor of the server when it has configs, else a server of that kind.
        std::vector<std::string> candidates;
        for (const auto& root : roots)
            for (auto parent : parents) {
                std::string dir = server_dir(root, parent);
                if (fs.kind(dir) != FileSystem::Kind::directory) continue;
                add_once(available, fs.resolve(dir));
                for (const auto& name : fs.list(dir))
                    if (name.ends_with(".yaml")) candidates.push_back(stem(name));  // pathlib's glob: dotfiles too
            }
        std::string typo = p.flavor;
        if (candidates.empty()) {
            available.clear();
            typo = p.server;
            for (const auto& root : roots)
                for (auto parent : parents) {
                    std::string dir = join_path(root, parent);
                    if (fs.kind(dir) != FileSystem::Kind::directory) continue;
                    add_once(available, fs.resolve(dir));
                    for (const auto& name : fs.list(dir))
                        if (fs.kind(join_path(dir, name)) == FileSystem::Kind::directory) candidates.push_back(name);
                }
        }
        hint = did_you_mean(typo, candidates);
    }
    throw Error(fmt::format("`--{} {}` was specified which implies config `{}`, which does not exist.{} See available "
                            "{} configs in {}.",
                            flag, value, p.path, hint, flag, joined_dirs(available)),
                Error::Kind::usage);
}

}  // namespace goe
