#include "gym_otel_env/gym/directives.hpp"

#include <algorithm>
#include <unordered_map>

#include <fmt/format.h>

#include "gym_otel_env/core/mapping_index.hpp"
#include "gym_otel_env/core/python.hpp"
#include "gym_otel_env/core/text.hpp"
#include "gym_otel_env/gym/subtree_marks.hpp"
#include "gym_otel_env/omegaconf/merge.hpp"
#include "gym_otel_env/omegaconf/resolve.hpp"
#include "gym_otel_env/omegaconf/value_kind.hpp"

namespace goe {
namespace {

bool starts_with(const Node& n, std::string_view prefix) {
    return n.type == Type::string && n.text().starts_with(prefix);
}

// Gym mutates one live DictConfig in place while it walks it. The tree here is
// immutable and shared (aliases), so the pass works on a mutable copy that is made
// only along the paths it touches: a Work node stays the written node until it must
// change, and then holds its own children.
struct Work;
using WorkPtr = std::shared_ptr<Work>;
struct WorkEntry {
    std::string key;
    WorkPtr value;
    Type key_type = Type::string;  // as Entry::key_type: the int key 1 is not '1'
};
struct Work {
    NodePtr node;  // the value as written; once expanded, only its type and origin count
    bool expanded = false;
    // A popped entry leaves a null value behind, so that the index stays valid and a
    // mapping of many directives is not searched or shifted per directive.
    std::vector<WorkEntry> entries;
    std::unordered_map<std::string, size_t> index;  // by key_identity: a path's "1" is the string key
    std::vector<WorkPtr> items;

    Type type() const { return node->type; }
};

WorkPtr work(NodePtr node) { return std::make_shared<Work>(Work{std::move(node), false, {}, {}, {}}); }

void expand(Work& w) {
    if (w.expanded || !w.node->is_container()) return;
    for (const auto& e : w.node->entries()) {
        w.index[key_identity(e)] = w.entries.size();
        w.entries.push_back({e.key.str(), work(e.value), e.key_type});
    }
    for (const auto& item : w.node->items()) w.items.push_back(work(item));
    w.expanded = true;
}

// The value under `key`: a string key unless told otherwise (a directive's path names
// string keys, as Gym's d[key] does).
WorkPtr* child(Work& m, const std::string& key, Type key_type = Type::string) {
    expand(m);
    auto hit = m.index.find(key_type == Type::string ? key : key_identity(key_type, key));
    return hit == m.index.end() ? nullptr : &m.entries[hit->second].value;
}

WorkPtr pop(Work& m, const std::string& key) {
    expand(m);
    auto hit = m.index.find(key);
    if (hit == m.index.end()) return nullptr;
    WorkPtr out = std::move(m.entries[hit->second].value);
    m.index.erase(hit);
    return out;
}

// DictConfig's __setitem__: replaces in place, or appends a key that was popped.
void set(Work& m, const std::string& key, Type key_type, WorkPtr value) {
    if (WorkPtr* slot = child(m, key, key_type)) {
        *slot = std::move(value);
        return;
    }
    m.index[key_identity(key_type, key)] = m.entries.size();
    m.entries.push_back({key, std::move(value), key_type});
}

bool raw_missing(const Work& w) { return !w.expanded && is_missing(*w.node); }

// `key in dict_config`: present and not '???' (OmegaConf counts a missing value as absent).
bool contains(const Work& m, const std::string& key) {
    if (m.type() != Type::mapping) return false;
    if (!m.expanded) {
        const NodePtr* hit = m.node->find(key);
        return hit && !is_missing(**hit);
    }
    auto hit = m.index.find(key);
    return hit != m.index.end() && !raw_missing(*m.entries[hit->second].value);
}

NodePtr to_node(const Work& w) {
    if (!w.expanded) return w.node;
    auto out = std::make_shared<Node>();
    out->type = w.type();
    out->origin = w.node->origin;
    for (const auto& e : w.entries)
        if (e.value) out->mutable_entries().push_back(Entry{e.key, to_node(*e.value), e.key_type});
    for (const auto& item : w.items) out->mutable_items().push_back(to_node(*item));
    return out;
}

// Gym's config is in struct mode (Hydra sets it; OmegaConf.merge carries the flag to the
// merged config), and the source of a property directive is read from the frozen deep
// copy, which keeps it: OmegaConf.merge(source, here) refuses any key of `here` the source
// lacks, at any depth, with ConfigKeyError. A null or scalar in the source is replaced.
void require_struct_keys(const Node& source, const Node& here, const std::string& source_path,
                         const std::string& here_path) {
    for (const auto& e : here.entries()) {
        std::string identity = key_identity(e);  // OmegaConf's merge: the int key 1 is not '1'
        auto same = std::find_if(source.entries().begin(), source.entries().end(),
                                 [&](const Entry& s) { return key_identity(s) == identity; });
        const NodePtr* had = same == source.entries().end() ? nullptr : &same->value;
        std::string full_key = join_key_path(source_path, e.key);
        if (!had)
            throw Error(e.value->origin, join_key_path(here_path, e.key),
                        fmt::format("Key '{}' is not in struct (full_key: {}): Gym's config is in Hydra's struct mode, "
                                    "so a directive's own keys can only override keys its source has",
                                    e.key, full_key));
        if (e.value->type == Type::mapping && (*had)->type == Type::mapping)
            require_struct_keys(**had, *e.value, full_key, join_key_path(here_path, e.key));
    }
}

// Python's repr() of a list of str, as Gym's InheritPathNotFoundError prints the path.
std::string list_repr(const std::vector<std::string>& parts, size_t count) {
    std::string out = "[";
    for (size_t i = 0; i < count; ++i) out += (i ? ", " : "") + python_repr(parts[i]);
    return out + "]";
}

class Swapper {
public:
    Swapper(const NodePtr& root, const DirectiveLimits& limits, const Environment& env, const MergeLimits& merge_limits,
            const ResolveLimits& resolve_limits, ResolveContext& context)
        : frozen_(root),
          live_(work(root)),
          limits_(limits),
          env_(env),
          merge_limits_(merge_limits),
          resolve_limits_(resolve_limits),
          context_(context) {}

    NodePtr run() {
        // Most configs have no directive: the walk would count the root's step (no
        // limit of at least 1 refuses it) and rebuild the same tree.
        if (limits_.max_steps > 0 && !node_has(frozen_)) return frozen_;
        walk(*live_, {});
        return to_node(*live_);
    }

private:
    // The place a directive was written, for its messages.
    struct At {
        Origin origin;
        std::string path;
    };

    void step(const At& at) {
        if (++steps_ > limits_.max_steps)
            throw Error(at.origin, at.path,
                        fmt::format("more than {} mappings and directives to process", limits_.max_steps));
    }

    // Whether walking below `node` can change anything or fail: Gym's pass acts only on
    // the directive keys and strings, and it looks into mappings and the items directly
    // inside lists (not lists inside lists), resolving each item as it reads it.
    bool node_has(const NodePtr& ptr) {
        const Node& n = *ptr;
        if (marked(n, kMarksNoted)) return marked(n, kHasDirective);
        // Only a node reached from more than one place (an alias) can be met again:
        // memoizing every node cost more than the walk on a large config.
        bool shared = ptr.use_count() > 1;
        if (shared)
            if (auto hit = has_.find(&n); hit != has_.end()) return hit->second;
        bool found = directive_in(n, [&](const NodePtr& child) { return node_has(child); });
        if (shared) has_.emplace(&n, found);
        return found;
    }

    bool work_has(const Work& w) {
        if (!w.expanded) return node_has(w.node);
        for (const auto& e : w.entries) {
            const WorkPtr& v = e.value;
            if (!v) continue;
            if (is_directive_key(e.key) || (!v->expanded && is_directive_string(*v->node))) return true;
            if (v->type() != Type::string && v->node->is_container() && work_has(*v)) return true;
        }
        for (const auto& item : w.items)
            if ((!item->expanded && acts_on_item(*item->node)) || (item->type() == Type::mapping && work_has(*item)))
                return true;
        return false;
    }

    // A directive's value: Gym calls str methods on it, so it must be a plain string.
    static std::string directive_text(const Work& value, const At& at) {
        const Node& n = *value.node;
        if (n.type != Type::string)
            throw Error(n.origin, at.path,
                        fmt::format("expected a string, got {} {}", type_name(n.type), python_str_brief(n)));
        // Gym resolves the value when it pops it; resolving in the middle of the pass
        // is not repeated here.
        if (has_interpolation(n.text()))
            throw Error(n.origin, at.path, "an interpolation in a directive is not supported by gym-otel-env");
        return std::string(n.text());
    }

    [[noreturn]] static void not_found(const At& at, const std::vector<std::string>& steps, size_t count) {
        throw Error(at.origin, at.path,
                    fmt::format("Path specified does not exist in config: {}", list_repr(steps, count)));
    }

    [[noreturn]] static void through_interpolation(const At& at, const std::vector<std::string>& steps, size_t i) {
        throw Error(at.origin, at.path,
                    fmt::format("the path {} goes through the interpolation at '{}': not supported by gym-otel-env",
                                list_repr(steps, steps.size()),
                                fmt::join(steps.begin(), steps.begin() + static_cast<std::ptrdiff_t>(i + 1), ".")));
    }

    // _recursive_index_dict_using_path on the live tree, for all steps but the last:
    // the mapping to pop from, or nullptr for a '???' on the way (or a non-mapping,
    // which Gym cannot pop from either; the frozen lookup then names the path).
    WorkPtr live_parent(const std::vector<std::string>& steps, const At& at, bool& missing) {
        WorkPtr cur = live_;
        size_t count = steps.size() - 1;
        for (size_t i = 0; i < count; ++i) {
            if (cur->type() != Type::mapping) not_found(at, steps, count);
            WorkPtr* next = child(*cur, steps[i]);
            if (!next) not_found(at, steps, count);
            if (raw_missing(**next)) {
                missing = true;
                return nullptr;
            }
            if (!(*next)->expanded && is_interpolation(*(*next)->node)) through_interpolation(at, steps, i);
            cur = *next;
        }
        return cur->type() == Type::mapping ? cur : nullptr;
    }

    const NodePtr* find(const Node& mapping, const std::string& key) { return index_.find(mapping, key); }

    // The same lookup, of the whole path, in the tree as it was before the pass.
    NodePtr frozen_value(const std::vector<std::string>& steps, const At& at, bool& missing) {
        NodePtr cur = frozen_;
        for (size_t i = 0; i < steps.size(); ++i) {
            if (cur->type != Type::mapping) not_found(at, steps, steps.size());
            const NodePtr* next = find(*cur, steps[i]);
            if (!next) not_found(at, steps, steps.size());
            if (is_missing(**next)) {
                missing = true;
                return nullptr;
            }
            // The value itself may be an interpolation: it is moved as written and
            // resolved later where it lands.
            if (i + 1 < steps.size() && is_interpolation(**next)) through_interpolation(at, steps, i);
            cur = *next;
        }
        return cur;
    }

    // The live tree as a Node, rebuilt only after the pass changed it, and the containers
    // from its root down along `trail_` to `list`, at `path`: what a list item's
    // interpolation is resolved in. A list the pass already popped (Gym still visits it)
    // hangs under the last container on the way that is still there.
    std::vector<Container> live_containers(const Work& list, const std::string& path) {
        if (!live_node_) live_node_ = to_node(*live_);
        std::vector<Container> out{{live_node_, {}}};
        for (const auto& [key, index] : trail_) {
            const Container& up = out.back();
            bool in_list = up.node->type == Type::sequence;
            const NodePtr* next = nullptr;
            if (!in_list) next = up.node->find(key);
            else if (index < up.node->items().size()) next = &up.node->items()[index];
            if (!next || !(*next)->is_container()) {
                out.push_back({to_node(list), path});
                break;
            }
            out.push_back({*next, in_list ? fmt::format("{}[{}]", up.path, index) : join_key_path(up.path, key)});
        }
        return out;
    }

    // Gym reads every item of a list that is not '???' (`inner_v = v[i]`), which resolves
    // its interpolation in the live config; a mapping it gives is walked in turn.
    void walk_list(Work& list, const std::string& path) {
        expand(list);
        for (size_t i = 0; i < list.items.size(); ++i) {
            Work& item = *list.items[i];
            std::string here = fmt::format("{}[{}]", path, i);
            if (!item.expanded && is_interpolation(*item.node)) {
                if (resolving_ == 0) {  // see below
                    NodePtr value = keep(
                        resolve_item(live_containers(list, path), here, item.node, env_, resolve_limits_, context_));
                    if (value->type == Type::mapping && node_has(value)) {
                        // The mapping sits elsewhere, where the walk meets it again (Gym
                        // finds its directives done by then): walked here for what fails
                        // first, as a copy, without resolving the lists under it, whose
                        // place in the live tree is not the trail's.
                        ++resolving_;
                        walk(*work(value), here);
                        --resolving_;
                    }
                }
            } else if (item.type() == Type::mapping && work_has(item)) {
                trail_.emplace_back(std::string(), i);
                walk(item, here);
                trail_.pop_back();
            }
        }
    }

    void walk(Work& m, const std::string& path) {
        step({m.node->origin, path});
        expand(m);
        auto snapshot = m.entries;  // Gym iterates list(items): popped keys are still visited
        for (auto& entry : snapshot) {
            // Named, not a structured binding: the lambdas below capture v (clang before 16).
            const std::string& key = entry.key;
            WorkPtr& v = entry.value;
            if (!v) continue;  // popped before this mapping was reached
            std::string here = join_key_path(path, key);
            bool is_delete = v->type() == Type::mapping && contains(*v, kDeleteKey);
            if (is_delete) live_node_ = nullptr;
            std::vector<std::string> to_delete;
            At delete_at;
            if (is_delete) {
                WorkPtr d = pop(*v, kDeleteKey);
                delete_at = {d->node->origin, join_key_path(here, kDeleteKey)};
                for (const auto& part : split(directive_text(*d, delete_at), ',')) {
                    // Python's str.strip(), for the ASCII white space it removes.
                    std::string name(trim(part, kPythonAsciiSpace));
                    if (std::find(to_delete.begin(), to_delete.end(), name) == to_delete.end())
                        to_delete.push_back(name);
                }
                // Keys present go now, so nothing below them is processed; the rest
                // must come from the swap.
                std::vector<std::string> later;
                for (const auto& name : to_delete) {
                    if (contains(*v, name)) pop(*v, name);
                    else later.push_back(name);
                }
                to_delete = std::move(later);
            }

            if (v->node->is_container() && work_has(*v)) {
                trail_.emplace_back(key, 0);
                if (v->type() == Type::mapping) walk(*v, here);
                else walk_list(*v, here);
                trail_.pop_back();
            }

            bool swap_str = !v->expanded && starts_with(*v->node, kInheritText);
            bool copy_str = !v->expanded && starts_with(*v->node, kCopyText);
            bool swap_prop = v->type() == Type::mapping && contains(*v, kInheritKey);
            bool copy_prop = v->type() == Type::mapping && contains(*v, kCopyKey);
            if (!(swap_str || copy_str || swap_prop || copy_prop)) continue;
            bool is_swap = swap_str || swap_prop;
            live_node_ = nullptr;

            At at{v->node->origin, here};
            std::string source;
            auto from_text = [&](std::string_view prefix) {
                std::string_view text = v->node->text();
                text.remove_prefix(prefix.size());
                if (!text.empty() && text.back() == '}') text.remove_suffix(1);
                return std::string(text);
            };
            auto from_key = [&](const std::string& name) {
                At key_at{{}, join_key_path(here, name)};
                WorkPtr p = pop(*v, name);
                key_at.origin = p->node->origin;
                at = key_at;
                return directive_text(*p, key_at);
            };
            if (swap_str) source = from_text(kInheritText);
            if (swap_prop) source = from_key(kInheritKey);
            if (copy_str) source = from_text(kCopyText);
            if (copy_prop) source = from_key(kCopyKey);  // with both keys, Gym uses _copy's path
            step(at);

            std::vector<std::string> steps = split(source, '.');
            bool missing = false;
            WorkPtr parent = live_parent(steps, at, missing);
            // Several directives may move the same node: popping twice is fine.
            if (is_swap && parent) pop(*parent, steps.back());
            NodePtr value = frozen_value(steps, at, missing);
            if (missing) {
                // An unset source makes an unset target, reported by the '???' check.
                set(m, key, entry.key_type, work(keep(make_string(kMissing, at.origin))));
                continue;
            }
            if (swap_prop || copy_prop) {
                if (value->type != Type::mapping)
                    throw Error(at.origin, at.path,
                                fmt::format("cannot merge the keys of '{}' onto the {} at '{}'", here,
                                            type_name(value->type), source));
                NodePtr own = to_node(*v);
                require_struct_keys(*value, *own, source, here);
                value = keep(merge(value, own, {}, merge_limits_));
            }
            auto target = work(value);
            set(m, key, entry.key_type, target);
            for (const auto& name : to_delete) {
                WorkPtr gone = target->type() == Type::mapping ? pop(*target, name) : nullptr;
                if (!gone)
                    throw Error(
                        delete_at.origin, delete_at.path,
                        fmt::format("key '{}' to delete is not in '{}' after it took '{}'", name, here, source));
                if (raw_missing(*gone))
                    throw Error(delete_at.origin, delete_at.path,
                                fmt::format("key '{}' to delete is a missing mandatory value ('\?\?\?')", name));
            }
        }
    }

    // node_has() memoizes by address: a node made here must not be freed and its
    // address reused while the pass runs.
    NodePtr keep(NodePtr node) {
        kept_.push_back(node);
        return node;
    }

    NodePtr frozen_;
    WorkPtr live_;
    std::vector<NodePtr> kept_;
    MappingIndex index_;
    const DirectiveLimits& limits_;
    const Environment& env_;
    const MergeLimits& merge_limits_;
    const ResolveLimits& resolve_limits_;
    ResolveContext& context_;
    std::unordered_map<const Node*, bool> has_;
    size_t steps_ = 0;
    NodePtr live_node_;                                  // to_node(live_) until the pass changes it
    std::vector<std::pair<std::string, size_t>> trail_;  // the key or the index, down to `walk`'s mapping
    int resolving_ = 0;                                  // inside a mapping a list item gave
};

// Gym's `lambda a: f"${{inherit_from:{a}}}"`: the directive's text again, its argument
// as Python's str() shows it.
NodePtr directive_itself(std::string_view name, const std::vector<NodePtr>& args, const Origin& where,
                         const ResolverContext&) {
    return make_string(fmt::format("${{{}:{}}}", name, python_str(*args[0])), where);
}

constexpr RegisteredResolver kGymResolvers[] = {
    {{"inherit_from", 1, 1, "one argument"}, &directive_itself},
    {{"copy", 1, 1, "one argument"}, &directive_itself},
};

}  // namespace

std::span<const RegisteredResolver> gym_resolvers() { return kGymResolvers; }

NodePtr apply_directives(const NodePtr& root, const DirectiveLimits& limits, const Environment& env,
                         const MergeLimits& merge_limits, const ResolveLimits& resolve_limits,
                         ResolveContext& context) {
    if (!root || root->type != Type::mapping) return root;
    GymResolvers gym(context);
    return Swapper(root, limits, env, merge_limits, resolve_limits, gym).run();
}

}  // namespace goe
