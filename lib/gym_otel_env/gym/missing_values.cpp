#include "gym_otel_env/gym/missing_values.hpp"

#include <string>
#include <unordered_map>
#include <vector>

#include <fmt/format.h>

#include "gym_otel_env/core/text.hpp"
#include "gym_otel_env/gym/subtree_marks.hpp"
#include "gym_otel_env/omegaconf/value_kind.hpp"

namespace goe {
namespace {

// A '???' left in the config, as Gym finds it: mapping values and list items equal to
// the string '???' (quoted or not), never an interpolation.
struct Missing {
    std::string path;  // "a.b", "x[0]"
    Origin origin;
};

class MissingFinder {
public:
    explicit MissingFinder(size_t max) : max_(max) {}

    // The key path is built only for a '???' found: building it for every node of a
    // large config cost more than the walk.
    struct Step {
        const Step* up;
        const KeyText* key;  // mapping key, or nullptr for a list index
        size_t index;
    };

    void walk(const NodePtr& n, const Step* at) {
        // An unshared node is simply walked; a shared one is first checked once.
        if (out.size() > max_ || (marked(*n, kMarksNoted) && !marked(*n, kHasMissing)) ||
            (n.use_count() > 1 && clean(n)))
            return;
        if (n->type == Type::mapping) {
            for (const auto& e : n->entries()) {
                Step step{at, &e.key, 0};
                visit(e.value, step);
            }
        } else {
            for (size_t i = 0; i < n->items().size(); ++i) {
                Step step{at, nullptr, i};
                visit(n->items()[i], step);
            }
        }
    }

    std::vector<Missing> out;

private:
    static std::string path_of(const Step* step) {
        if (!step) return {};
        std::string up = path_of(step->up);
        return step->key ? join_key_path(up, *step->key) : fmt::format("{}[{}]", up, step->index);
    }

    void visit(const NodePtr& v, const Step& step) {
        if (out.size() > max_) return;
        if (is_missing(*v)) out.push_back(Missing{path_of(&step), v->origin});
        else if (v->is_container()) walk(v, &step);
    }

    // Memoized only for nodes reached from more than one place (aliases).
    bool clean(const NodePtr& n) {
        if (marked(*n, kMarksNoted)) return !marked(*n, kHasMissing);
        bool shared = n.use_count() > 1;
        if (shared)
            if (auto hit = clean_.find(n.get()); hit != clean_.end()) return hit->second;
        bool all = !missing_in(*n, [&](const NodePtr& child) { return !clean(child); });
        if (shared) clean_.emplace(n.get(), all);
        return all;
    }

    size_t max_;
    std::unordered_map<const Node*, bool> clean_;
};

std::vector<Missing> find_missing(const NodePtr& root, size_t max_listed) {
    MissingFinder finder(max_listed);
    if (root && root->is_container()) finder.walk(root, nullptr);
    return std::move(finder.out);
}

}  // namespace

void check_missing(const NodePtr& root, const DirectiveLimits& limits) {
    auto missing = find_missing(root, limits.max_missing_listed);
    if (missing.empty()) return;
    bool cut = missing.size() > limits.max_missing_listed;
    if (cut) missing.resize(limits.max_missing_listed);
    std::vector<std::string> lines;
    lines.push_back(fmt::format("{}{} required config value(s) are unset (still '\?\?\?') after merging:",
                                cut ? "more than " : "", missing.size()));
    for (const auto& m : missing) lines.push_back(locate(m.origin, m.path, "unset ('\?\?\?')"));
    std::string examples;
    for (size_t i = 0; i < missing.size() && i < 3; ++i) examples += fmt::format(" --set {}=<value>", missing[i].path);
    lines.push_back(fmt::format(
        "provide each value with --set, in env.yaml or in a config you pass via config_paths, e.g.{}", examples));
    throw Error(lines);
}

}  // namespace goe
