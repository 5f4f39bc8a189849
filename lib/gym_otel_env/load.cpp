#include "gym_otel_env/load.hpp"

#include <algorithm>
#include <unordered_set>

#include <fmt/format.h>

#include "gym_otel_env/merge.hpp"
#include "gym_otel_env/resolve.hpp"
#include "gym_otel_env/scalar.hpp"

namespace goe {
namespace {

constexpr std::string_view kConfigPaths = "config_paths";

struct Found {
    std::string path;
    std::string text;
};

class Sources {
public:
    Sources(const LoadRequest& request, const Environment& env, FileSystem& fs, const LoadLimits& limits)
        : fs_(fs), limits_(limits) {
        roots_ = request.search_dirs;
        if (auto extra = lookup(env, "NEMO_GYM_EXTRA_ROOTS")) {
            size_t start = 0;
            while (start <= extra->size()) {
                size_t end = extra->find(':', start);
                if (end == std::string_view::npos) end = extra->size();
                if (end > start) roots_.emplace_back(extra->substr(start, end - start));
                start = end + 1;
            }
        }
        roots_.emplace_back(".");
    }

    // The places a relative path is looked for, in order.
    std::vector<std::string> candidates(const std::string& entry) const {
        if (!entry.empty() && entry[0] == '/') return {entry};
        std::vector<std::string> out;
        for (const auto& root : roots_) out.push_back(root == "." ? entry : root + "/" + entry);
        return out;
    }

    std::optional<Found> find(const std::string& entry) {
        for (const auto& path : candidates(entry)) {
            if (auto text = fs_.read(path)) return Found{path, std::move(*text)};
        }
        return std::nullopt;
    }

    // One file as a mapping. `where`/`key` say who asked for it, for messages; only
    // the command line (`command_line`) means standard input by "-": in a config_paths
    // list it is a file name, and a config must not make the tool wait on a terminal.
    NodePtr load_file(const std::string& entry, const Origin& where, const std::string& key,
                      std::string* shown_as, bool command_line) {
        if (++files_ > limits_.max_files)
            throw Error(where, key, fmt::format("more than {} config files to load", limits_.max_files));
        std::string name, text;
        if (entry == "-" && command_line) {
            if (stdin_used_) throw Error(where, key, "standard input ('-') can be read only once");
            stdin_used_ = true;
            name = "<stdin>";
            text = fs_.read_stdin();
        } else {
            auto found = find(entry);
            if (!found) {
                auto places = candidates(entry);
                std::string list;
                for (const auto& p : places) list += (list.empty() ? "" : ", ") + p;
                throw Error(where, key, fmt::format("config file '{}' not found (looked in: {})", entry, list));
            }
            name = found->path;
            text = std::move(found->text);
        }
        *shown_as = name;
        bool checked = false;
        NodePtr tree = parse_yaml(text, name, limits_.parse, &checked);
        return as_config(std::move(tree), name, checked);
    }

    // `interpolations_checked`: parse_yaml found every ${...} well-formed, so the tree
    // need not be walked again for them.
    static NodePtr as_config(NodePtr tree, const std::string& name, bool interpolations_checked = false) {
        if (!tree) {
            auto empty = std::make_shared<Node>();
            empty->type = Type::mapping;
            empty->origin = Origin{name, 1, 1};
            return empty;
        }
        if (tree->type != Type::mapping)
            throw Error(tree->origin, {}, fmt::format("the top level of a config must be a mapping, got {}",
                                                      type_name(tree->type)));
        if (!interpolations_checked) check_interpolations(tree, {});
        return tree;
    }

private:
    FileSystem& fs_;
    const LoadLimits& limits_;
    std::vector<std::string> roots_;
    size_t files_ = 0;
    bool stdin_used_ = false;
};

struct Include {
    std::string entry;
    Origin origin;
    std::string key;
};

// The config_paths list of a loaded file (null or absent: none).
std::vector<Include> includes_of(const Node& tree) {
    std::vector<Include> out;
    const NodePtr* list = tree.find(kConfigPaths);
    if (!list || (*list)->type == Type::null) return out;
    if ((*list)->type != Type::sequence)
        throw Error((*list)->origin, std::string(kConfigPaths),
                    fmt::format("expected a list of config file paths, got {}", type_name((*list)->type)));
    for (size_t i = 0; i < (*list)->items.size(); ++i) {
        const Node& item = *(*list)->items[i];
        std::string key = fmt::format("{}[{}]", kConfigPaths, i);
        if (item.type != Type::string)
            throw Error(item.origin, key,
                        fmt::format("expected a path, got {} {}", type_name(item.type), python_str_brief(item)));
        out.push_back(Include{item.text, item.origin, key});
    }
    return out;
}

// `tree` with `value` assigned at the dotted `key`; anything in the way that is not a
// mapping is replaced by one.
NodePtr set_at(const NodePtr& tree, std::string_view key, NodePtr value) {
    size_t dot = key.find('.');
    std::string head(key.substr(0, dot));
    auto out = std::make_shared<Node>();
    if (tree && tree->type == Type::mapping) *out = *tree;
    out->type = Type::mapping;
    out->origin = value->origin;
    NodePtr child = dot == std::string_view::npos ? value : nullptr;
    for (auto& e : out->entries) {
        if (e.key != head) continue;
        e.value = child ? child : set_at(e.value, key.substr(dot + 1), value);
        return out;
    }
    out->entries.push_back(Entry{head, child ? child : set_at(nullptr, key.substr(dot + 1), value)});
    return out;
}

}  // namespace

Override parse_override(std::string_view text, const std::string& source) {
    size_t eq = text.find('=');
    if (eq == std::string_view::npos)
        throw Error(fmt::format("{}: expected KEY=VALUE, got '{}'", source, text), Error::Kind::usage);
    std::string_view key = text.substr(0, eq);
    if (key.substr(0, 2) == "++") key.remove_prefix(2);
    else if (key.substr(0, 1) == "+") key.remove_prefix(1);
    bool ok = !key.empty() && key.front() != '.' && key.back() != '.' && key.find("..") == std::string_view::npos;
    if (!ok) throw Error(fmt::format("{}: '{}' is not a dotted key path", source, text.substr(0, eq)), Error::Kind::usage);
    return Override{std::string(key), std::string(text.substr(eq + 1)), source};
}

NodePtr override_value(std::string_view value, const Origin& origin) {
    if (value.size() >= 2 && (value.front() == '\'' || value.front() == '"') && value.back() == value.front())
        return make_string(std::string(value.substr(1, value.size() - 2)), origin);
    return type_plain_scalar(value, origin);
}

Loaded load(const LoadRequest& request, const Environment& env, FileSystem& fs, const LoadLimits& limits) {
    Sources sources(request, env, fs, limits);
    Loaded out;

    // env.yaml is read first: with no CONFIG, its own config_paths are the roots (Gym
    // merges it with the command line before it reads config_paths).
    NodePtr env_yaml;
    std::string env_yaml_name;
    if (!request.no_env_yaml) {
        if (request.env_yaml) {
            env_yaml = sources.load_file(*request.env_yaml, Origin{"--env-yaml"}, {}, &env_yaml_name, true);
        } else if (auto found = sources.find("env.yaml")) {
            env_yaml_name = found->path;
            bool checked = false;
            NodePtr tree = parse_yaml(found->text, found->path, limits.parse, &checked);
            env_yaml = Sources::as_config(std::move(tree), found->path, checked);
        }
    }

    std::vector<Include> entries;
    for (const auto& c : request.configs) entries.push_back(Include{c, Origin{}, {}});
    if (entries.empty() && env_yaml) entries = includes_of(*env_yaml);
    size_t root_count = entries.size();
    std::unordered_set<std::string> listed;
    for (const auto& e : entries) listed.insert(e.entry);

    std::vector<std::vector<size_t>> children(entries.size());
    std::vector<NodePtr> trees;
    std::vector<std::string> names;
    for (size_t index = 0; index < entries.size(); ++index) {
        std::string name;
        Include inc = entries[index];
        NodePtr tree = sources.load_file(inc.entry, inc.origin, inc.key, &name, index < request.configs.size());
        for (auto& child : includes_of(*tree)) {
            if (!listed.insert(child.entry).second) continue;
            // Checked here as well as when loading: a list of a million names must
            // not be collected first.
            if (entries.size() >= limits.max_files)
                throw Error(child.origin, child.key, fmt::format("more than {} config files to load", limits.max_files));
            entries.push_back(std::move(child));
            children.emplace_back();
            children[index].push_back(entries.size() - 1);
        }
        trees.push_back(std::move(tree));
        names.push_back(std::move(name));
    }

    // A file merges after everything it pulled in; siblings keep their listed order.
    std::vector<size_t> order;
    std::vector<std::pair<size_t, bool>> pending;
    for (size_t r = root_count; r-- > 0;) pending.emplace_back(r, false);
    while (!pending.empty()) {
        auto [index, visited] = pending.back();
        pending.pop_back();
        if (visited) {
            order.push_back(index);
            continue;
        }
        pending.emplace_back(index, true);
        for (auto it = children[index].rbegin(); it != children[index].rend(); ++it) pending.emplace_back(*it, false);
    }

    Dereference dereference = [&env](const std::vector<Container>& parents, const std::string& path,
                                     const NodePtr& value) { return dereference_container(parents, path, value, env); };
    NodePtr root;
    for (size_t index : order) {
        root = merge(root, trees[index], dereference);
        out.files.push_back(names[index]);
    }
    if (env_yaml) {
        root = merge(root, env_yaml, dereference);
        out.files.push_back(env_yaml_name);
    }
    // Like Hydra, the overrides build one config of their own, in order, which is then
    // merged over everything: `++telemetry=` then `telemetry.run_id=x` gives
    // {telemetry: {run_id: x}}, and the files' other telemetry keys survive.
    NodePtr overrides;
    for (const auto& o : request.overrides) {
        Origin origin{o.source};
        if (std::count(o.key.begin(), o.key.end(), '.') >= limits.parse.max_depth)
            throw Error(origin, o.key, fmt::format("nesting deeper than {} levels", limits.parse.max_depth));
        NodePtr value = override_value(o.value, origin);
        check_interpolations(value, o.key);
        overrides = set_at(overrides, o.key, value);
    }
    if (overrides) root = merge(root, overrides, dereference);
    if (!root) root = Sources::as_config(nullptr, "<none>");
    out.root = root;
    return out;
}

}  // namespace goe
