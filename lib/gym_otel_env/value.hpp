// The config tree: YAML values typed as OmegaConf types them, each remembering its origin.
// Nodes are immutable and shared, so aliases, merges and lookups never copy a subtree.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "gym_otel_env/error.hpp"

namespace goe {

enum class Type { null, boolean, integer, real, string, mapping, sequence };

struct Node;
using NodePtr = std::shared_ptr<const Node>;

struct Entry {
    std::string key;  // Python str() of the key ("a", "1", "True", "1.5")
    NodePtr value;
    // OmegaConf keeps a plain key's YAML type: `1: a` has the int key 1, which Python's
    // str() shows as {1: 'a'}, which ${x.1} does not find and which '1' does not replace.
    // string, integer, boolean or real.
    Type key_type = Type::string;
};

// What makes two keys the same in a Python dict: 1, True and 1.0 are one key, '1' is
// another. Index mappings by this; `key` alone is enough for string keys only.
std::string key_identity(const Entry& entry);
std::string key_identity(Type key_type, std::string_view key);

// The key path of `key` inside the container at `base`, as messages show it: "base.key",
// or "key" at the top.
std::string join_key_path(std::string_view base, std::string_view key);

struct Node {
    Type type = Type::null;
    bool boolean = false;
    std::string text;  // string: the value; integer: canonical decimal ("-12", "0")
    double real = 0;
    std::vector<Entry> entries;  // mapping, in insertion order
    std::vector<NodePtr> items;  // sequence
    Origin origin;

    bool is_container() const { return type == Type::mapping || type == Type::sequence; }
    // The value stored under the string key `key`, or nullptr: an int key 1 is not "1".
    const NodePtr* find(std::string_view key) const;
};

// A fresh node: from the arena of the NodeArenaScope open on this thread, if any, else
// from the heap. The make_* functions below use it.
std::shared_ptr<Node> new_node();

// While alive, nodes made on this thread are allocated together from large blocks (the
// parser opens one per file): a tree of 450,000 nodes scattered over the heap cost more
// in cache misses than building it, and each heap block costs a header. The blocks are
// freed when the last of their nodes is, wherever that happens; a node freed early (a
// replaced value) leaves its space unused until then.
class NodeArenaScope {
public:
    NodeArenaScope();
    ~NodeArenaScope();
    NodeArenaScope(const NodeArenaScope&) = delete;
    NodeArenaScope& operator=(const NodeArenaScope&) = delete;

private:
    void* previous_;
};

NodePtr make_null(Origin origin = {});
NodePtr make_bool(bool value, Origin origin = {});
NodePtr make_int(std::string decimal, Origin origin = {});
NodePtr make_real(double value, Origin origin = {});
NodePtr make_string(std::string value, Origin origin = {});

// "mapping", "integer", ... as a user reads them in messages.
std::string_view type_name(Type type);

// Python's str() of the value: "None", "True", "42", "1.5", "inf", "[1, 'a']", "{'a': 1}".
// Aliases are shared, so a small document can print exponentially large: the text
// stops at `max_bytes`. Appends to `out` and returns false when it would be longer.
bool append_python_str(const Node& node, std::string& out, size_t max_bytes);
// The whole text; throws Error at the node's origin when longer than `max_bytes`.
std::string python_str(const Node& node, size_t max_bytes = 16u << 20);
// For messages: the text cut after about `max_bytes`, ending in "...".
std::string python_str_brief(const Node& node, size_t max_bytes = 200);
// Python's repr() of a str: 'abc', "it's", 'a\nb'.
std::string python_repr(std::string_view text);
// Python's repr() of a float: "1.0", "1e+16", "1e-05", "inf", "nan", "-0.0".
std::string python_float(double value);

}  // namespace goe
