#include "gym_otel_env/gym/load.hpp"

#include <algorithm>
#include <unordered_set>

#include <fmt/format.h>

#include "gym_otel_env/core/python.hpp"
#include "gym_otel_env/gym/config_aliases.hpp"
#include "gym_otel_env/gym/directives.hpp"
#include "gym_otel_env/gym/roots.hpp"
#include "gym_otel_env/gym/subtree_marks.hpp"
#include "gym_otel_env/omegaconf/interpolation.hpp"
#include "gym_otel_env/omegaconf/merge.hpp"
#include "gym_otel_env/omegaconf/resolve.hpp"
#include "gym_otel_env/omegaconf/value_kind.hpp"

namespace goe {
namespace {

// A config file's parse: its ${...} checked as it is built, and the marks of what the
// directives pass and the '???' check look for noted on every collection.
ParseNotes loader_notes(bool& interpolations_valid) { return {&interpolations_valid, &subtree_marks}; }

constexpr std::string_view kConfigPaths = "config_paths";

struct Found {
    std::string path;
    std::string text;
    size_t root = 0;  // the index of the root it was found under (SearchRoots::roots)
};

class Sources {
public:
    Sources(const LoadRequest& request, const Environment& env, FileSystem& fs, const LoadLimits& limits)
        : fs_(fs),
          limits_(limits),
          roots_(request.search_dirs, env, request.gym_root, fs),
          moved_(request.reading.command_line.version == gym::CommandLine::v52755d025d) {}

    std::optional<Found> find(const std::string& entry) {
        auto candidates = roots_.candidates(entry);
        for (size_t i = 0; i < candidates.size(); ++i) {
            if (auto text = fs_.read(candidates[i])) return Found{candidates[i], std::move(*text), i};
        }
        return std::nullopt;
    }

    // 52755d025d's _resolve_under_cwd_or_install: under each root in turn, the path and
    // where it moved (responses_api_agents/ <-> harnesses/, config_aliases.hpp).
    std::optional<Found> find_moved(const std::string& entry) {
        if (entry.empty() || entry.front() == '/') return find(entry);
        std::vector<std::vector<std::string>> per_candidate;
        for (const auto& relative : moved_candidates(entry)) per_candidate.push_back(roots_.candidates(relative));
        for (size_t root = 0; root < roots_.roots().size(); ++root)
            for (const auto& candidates : per_candidate)
                if (auto text = fs_.read(candidates[root])) return Found{candidates[root], std::move(*text), root};
        return std::nullopt;
    }

    // 52755d025d's load_extra_config_paths: a config_paths entry that moved is read where
    // it is now, with Gym's warning, and `recorded` becomes the new path, as Gym writes it
    // into its list; one under responses_api_agents/ is looked for under its new name first.
    std::optional<Found> find_entry(const std::string& entry, const Origin& where, const std::string& key,
                                    std::string* recorded) {
        if (!moved_) return find(entry);
        auto canonical = legacy_config_path_alias(entry);
        std::optional<Found> found;
        bool renamed = false;
        if (canonical && under_legacy_harnesses(entry)) {
            found = find_moved(*canonical);
            renamed = found.has_value();
            if (!found) found = find_moved(entry);
        } else {
            found = find_moved(entry);
            if (!found && canonical) renamed = (found = find_moved(*canonical)).has_value();
        }
        if (renamed) {
            warnings_.push_back(
                LoadWarning{where, key, fmt::format("Config path `{}` is deprecated; use `{}`.", entry, *canonical)});
            *recorded = *canonical;
        }
        return found;
    }

    // A relative path found under a root that comes before the working directory, which
    // has the same path: Gym reads the first as well, so it is read, and said.
    void passed_over(const std::string& entry, const Found& found, const Origin& where, const std::string& key) {
        if (entry.empty() || entry.front() == '/' || found.root >= roots_.working_directory_index()) return;
        std::string here = roots_.candidates(entry)[roots_.working_directory_index()];
        if (fs_.kind(here) != FileSystem::Kind::file) return;
        std::string absolute = join_path(roots_.absolute_roots()[roots_.working_directory_index()], entry);
        warnings_.push_back(LoadWarning{
            where, key,
            fmt::format("'{}' is read from {}, found first under {}; the working directory's {} is passed over, as "
                        "Gym passes it over{} (name that file by its absolute path to read it)",
                        entry, found.path, roots_.why(found.root), absolute,
                        entry.starts_with("./") ? ", ./ or not" : "")});
    }

    std::vector<LoadWarning> take_warnings() { return std::move(warnings_); }

    // Who named a file, for the message when it is not found.
    enum class Asker { config_paths, config_argument, env_yaml_option };

    // One file as a mapping. `where`/`key` say who asked for it, for messages; only
    // the command line (`command_line`) means standard input by "-": in a config_paths
    // list it is a file name, and a config must not make the tool wait on a terminal.
    NodePtr load_file(const std::string& entry, const Origin& where, const std::string& key, std::string* shown_as,
                      bool command_line, Asker asker = Asker::config_paths,
                      const LoadRequest::StrayWord* stray = nullptr, std::string* recorded = nullptr) {
        if (++files_ > limits_.max_files)
            throw Error(where, key, fmt::format("more than {} config files to load", limits_.max_files));
        std::string name, text;
        if (entry == "-" && command_line) {
            if (stdin_used_) throw Error(where, key, "standard input ('-') can be read only once");
            stdin_used_ = true;
            name = "<stdin>";
            text = fs_.read_stdin();
        } else {
            std::string moved_to = entry;
            auto found = asker == Asker::config_paths ? find_entry(entry, where, key, &moved_to) : find(entry);
            if (!found) throw Error(where, key, not_found(entry, asker, stray));
            if (moved_to == entry && !entry.empty() && entry.front() != '/' &&
                found->path == roots_.candidates(entry)[found->root])
                passed_over(entry, *found, where, key);
            if (recorded) *recorded = moved_to;
            name = found->path;
            text = std::move(found->text);
        }
        *shown_as = name;
        bool checked = false;
        NodePtr tree = parse_yaml(text, name, limits_.parse, loader_notes(checked));
        return as_config(std::move(tree), name, checked);
    }

    // `interpolations_checked`: parse_yaml found every ${...} well-formed, so the tree
    // need not be walked again for them.
    static NodePtr as_config(NodePtr tree, const std::string& name, bool interpolations_checked = false) {
        // PyYAML reads an empty document and `~` alike (None), and OmegaConf.load makes
        // an empty config of both.
        if (!tree || tree->type == Type::null) {
            auto empty = std::make_shared<Node>();
            empty->type = Type::mapping;
            empty->origin = Origin{name, 1, 1};
            return empty;
        }
        if (tree->type != Type::mapping)
            throw Error(tree->origin, {},
                        fmt::format("the top level of a config must be a mapping, got {}", type_name(tree->type)));
        if (!interpolations_checked) check_interpolations(tree, {});
        return tree;
    }

private:
    // In the words of who named the file: a CONFIG argument is no config_paths entry,
    // whatever Gym calls it once it has built the list.
    std::string not_found(const std::string& entry, Asker asker, const LoadRequest::StrayWord* stray) const {
        if (stray && stray->secret)
            return fmt::format(
                "the word after --set {} is no config file: a value with a space needs quotes, as in "
                "--set {}",
                stray->set_shown, stray->set_quoted);
        std::string places = roots_.places(entry);
        if (stray)
            return fmt::format(
                "{}: no such config file (looked in: {}); it followed --set {}: a value with a space "
                "needs quotes, as in --set {}",
                entry, places, stray->set_shown, stray->set_quoted);
        switch (asker) {
            case Asker::config_argument: return fmt::format("{}: no such config file (looked in: {})", entry, places);
            case Asker::env_yaml_option: return fmt::format("no such file '{}' (looked in: {})", entry, places);
            case Asker::config_paths: break;
        }
        return roots_.not_found(entry);
    }

    FileSystem& fs_;
    const LoadLimits& limits_;
    SearchRoots roots_;
    bool moved_ = false;
    size_t files_ = 0;
    bool stdin_used_ = false;
    std::vector<LoadWarning> warnings_;
};

struct Include {
    std::string entry;
    Origin origin;
    std::string key;
};

bool has_interpolated_item(const NodePtr& list) {
    if (!list || list->type != Type::sequence) return false;
    return std::any_of(list->items().begin(), list->items().end(),
                       [](const NodePtr& i) { return is_interpolation(*i); });
}

// The list under `root`'s config_paths with its items' interpolations resolved against
// `root`: Gym iterates the ListConfig (`for p in cfg.get("config_paths")`, or pydantic's
// List[str] over it), and OmegaConf resolves each item as it is read.
NodePtr resolved_list(const NodePtr& root, const NodePtr& list, const Environment& env, const ResolveLimits& limits,
                      ResolveContext& context) {
    if (!has_interpolated_item(list)) return list;
    GymResolvers gym(context);
    return resolve_subtree(root, kConfigPaths, env, limits, gym);
}

// The config_paths list of a loaded file (null or absent: none), its items resolved
// against that file alone, as Gym reads them before any merge.
std::vector<Include> includes_of(const NodePtr& tree_ptr, const Environment& env, const ResolveLimits& limits,
                                 ResolveContext& context) {
    std::vector<Include> out;
    const NodePtr* found = tree_ptr->find(kConfigPaths);
    if (!found || (*found)->type == Type::null) return out;
    NodePtr resolved = resolved_list(tree_ptr, *found, env, limits, context);
    const NodePtr* list = &resolved;
    if ((*list)->type != Type::sequence)
        throw Error((*list)->origin, std::string(kConfigPaths),
                    fmt::format("expected a list of config file paths, got {}", type_name((*list)->type)));
    for (size_t i = 0; i < (*list)->items().size(); ++i) {
        const Node& item = *(*list)->items()[i];
        std::string key = fmt::format("{}[{}]", kConfigPaths, i);
        if (item.type != Type::string)
            throw Error(item.origin, key,
                        fmt::format("expected a path, got {} {}", type_name(item.type), python_str_brief(item)));
        // The system would read the path only up to the NUL: another file (SPEC 4).
        if (item.text().find('\0') != std::string::npos)
            throw Error(item.origin, key, "a path cannot contain a NUL character (Python: embedded null byte)");
        out.push_back(Include{std::string(item.text()), item.origin, key});
    }
    return out;
}

// Gym's reading of the root list: `merged.get("config_paths") or []` validated as
// pydantic List[str] (MalformedConfigPathsError), where `merged` is env.yaml under the
// CLI config.
std::vector<Include> root_list(const NodePtr& list) {
    std::vector<Include> out;
    if (!list) return out;
    const Node& n = *list;
    if (!python_truthy(n)) return out;
    bool ok = n.type == Type::sequence;
    for (const auto& item : n.items()) ok = ok && item->type == Type::string;
    if (!ok) {
        std::string got = n.type == Type::string ? python_repr(n.text()) : python_str_brief(n);
        throw Error(n.origin, std::string(kConfigPaths),
                    fmt::format("'{}' must be a list of paths. Got: {}. Pass each config with --config (it builds "
                                "the list for you)",
                                kConfigPaths, got));
    }
    for (size_t i = 0; i < n.items().size(); ++i)
        out.push_back(
            Include{std::string(n.items()[i]->text()), n.items()[i]->origin, fmt::format("{}[{}]", kConfigPaths, i)});
    return out;
}

}  // namespace

Loaded load(const LoadRequest& request, const NodePtr& cli, const Environment& env, FileSystem& fs,
            const LoadLimits& limits, const MergeLimits& merge_limits, const ResolveLimits& resolve_limits,
            ResolveContext& context) {
    Sources sources(request, env, fs, limits);
    Loaded out;

    // env.yaml is read first: with no CONFIG, its own config_paths are the roots (Gym
    // merges it with the command line before it reads config_paths).
    NodePtr env_yaml;
    std::string env_yaml_name;
    if (!request.no_env_yaml) {
        if (request.env_yaml) {
            env_yaml = sources.load_file(*request.env_yaml, Origin{"--env-yaml"}, {}, &env_yaml_name, true,
                                         Sources::Asker::env_yaml_option);
        } else if (auto found = sources.find("env.yaml")) {
            env_yaml_name = found->path;
            bool checked = false;
            NodePtr tree = parse_yaml(found->text, found->path, limits.parse, loader_notes(checked));
            env_yaml = Sources::as_config(std::move(tree), found->path, checked);
        }
    }

    std::vector<Include> entries;
    for (const auto& c : request.configs) entries.push_back(Include{c, Origin{}, {}});
    // The command line's config_paths follow the CONFIG files; without either, env.yaml's
    // are the roots (Gym reads them from env.yaml merged under the CLI config).
    const NodePtr* cli_list = cli->find(kConfigPaths);
    if (cli_list || entries.empty()) {
        NodePtr list = cli_list ? *cli_list : nullptr;
        if (env_yaml) {
            if (const NodePtr* env_list = env_yaml->find(kConfigPaths))
                list = cli_list ? merge(*env_list, *cli_list, {}, merge_limits) : *env_list;
        }
        // Gym resolves the items against env.yaml merged under the CLI config.
        if (has_interpolated_item(list))
            list = resolved_list(env_yaml ? merge(env_yaml, cli, {}, merge_limits) : cli, list, env, resolve_limits,
                                 context);
        for (auto& inc : root_list(list)) entries.push_back(std::move(inc));
    }
    size_t root_count = entries.size();
    std::unordered_set<std::string> listed;
    for (const auto& e : entries) listed.insert(e.entry);

    std::vector<std::vector<size_t>> children(entries.size());
    std::vector<NodePtr> trees;
    std::vector<std::string> names;
    for (size_t index = 0; index < entries.size(); ++index) {
        std::string name;
        Include inc = entries[index];
        bool argument = index < request.configs.size();
        const LoadRequest::StrayWord* stray = nullptr;
        for (const auto& w : request.stray_words)
            if (argument && w.config == index) stray = &w;
        std::string recorded = inc.entry;
        NodePtr tree = sources.load_file(inc.entry, inc.origin, inc.key, &name, argument,
                                         argument ? Sources::Asker::config_argument : Sources::Asker::config_paths,
                                         stray, &recorded);
        if (recorded != inc.entry) {  // Gym writes the new path over the old in its list
            listed.erase(inc.entry);
            listed.insert(recorded);
            entries[index].entry = recorded;
        }
        for (auto& child : includes_of(tree, env, resolve_limits, context)) {
            if (!listed.insert(child.entry).second) continue;
            // Checked here as well as when loading: a list of a million names must
            // not be collected first.
            if (entries.size() >= limits.max_files)
                throw Error(child.origin, child.key,
                            fmt::format("more than {} config files to load", limits.max_files));
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

    for (size_t index : order) {
        out.trees.push_back(std::move(trees[index]));
        out.files.push_back(std::move(names[index]));
    }
    if (env_yaml) {
        out.trees.push_back(std::move(env_yaml));
        out.files.push_back(std::move(env_yaml_name));
    }
    // The CLI config is merged last, over env.yaml, as Gym merges it.
    if (!cli->entries().empty()) out.trees.push_back(cli);
    if (out.trees.empty()) out.trees.push_back(Sources::as_config(nullptr, "<none>"));
    out.warnings = sources.take_warnings();
    if (!entries.empty()) {
        auto list = std::make_shared<Node>();
        list->type = Type::sequence;
        list->origin = entries.front().origin;
        for (const auto& e : entries) list->mutable_items().push_back(make_string(e.entry, e.origin));
        out.config_paths = std::move(list);
    }
    return out;
}

NodePtr with_config_paths(NodePtr merged, const Loaded& loaded) {
    if (!loaded.config_paths) return merged;
    auto top = writable(std::move(merged));
    bool replaced = false;
    for (auto& entry : top->mutable_entries())
        if (entry.key == kConfigPaths) {
            entry.value = loaded.config_paths;
            replaced = true;
        }
    if (!replaced) top->mutable_entries().push_back(Entry{std::string(kConfigPaths), loaded.config_paths});
    return top;
}

}  // namespace goe
