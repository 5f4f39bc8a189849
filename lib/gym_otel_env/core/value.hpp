// The config tree: YAML values typed as OmegaConf types them, each remembering its origin.
// Nodes are immutable and shared, so aliases, merges and lookups never copy a subtree.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>

#include "gym_otel_env/core/arena.hpp"
#include "gym_otel_env/core/error.hpp"

namespace goe {

enum class Type : uint8_t { null, boolean, integer, real, string, mapping, sequence };

class Node;
using NodePtr = std::shared_ptr<const Node>;

struct Entry {
    Entry() = default;
    Entry(KeyText key_, NodePtr value_, Type key_type_ = Type::string)
        : key(std::move(key_)), key_type(key_type_), value(std::move(value_)) {}

    KeyText key;  // Python str() of the key ("a", "1", "True", "1.5")
    // OmegaConf keeps a plain key's YAML type: `1: a` has the int key 1, which Python's
    // str() shows as {1: 'a'}, which ${x.1} does not find and which '1' does not replace.
    // string, integer, boolean or real.
    Type key_type = Type::string;
    NodePtr value;
};

// The key path of `key` inside the container at `base`, as messages show it: "base.key",
// or "key" at the top.
std::string join_key_path(std::string_view base, std::string_view key);

// 32 bytes (48 with shared_ptr's control block; a 50,000-server config has 450,000
// nodes): the text, the float and the children share one payload, chosen by `type`,
// behind accessors. A node's type is set while it is fresh (nothing stored yet) and not
// changed after. The text and the children blocks come from the file's arena while it
// is parsed, from the heap for nodes made later; the node frees them either way.
class Node {
public:
    Type type = Type::null;
    bool boolean = false;

private:
    bool text_in_arena_ = false;
    uint8_t marks_ = 0;
    uint32_t text_size_ = 0;
    union {
        const char* text_ = nullptr;
        double real_;
        Children<Entry> entries_;
        Children<NodePtr> items_;
    };

public:
    Origin origin;

    Node() {}  // NOLINT(modernize-use-equals-default): the union's first member is the one initialized
    Node(const Node& other);
    Node& operator=(const Node& other);
    ~Node();

    bool is_container() const { return type == Type::mapping || type == Type::sequence; }
    // string: the value; integer: canonical decimal ("-12", "0"); empty for other types.
    std::string_view text() const {
        return (type == Type::string || type == Type::integer) && text_ ? std::string_view(text_, text_size_)
                                                                        : std::string_view();
    }
    double real() const { return type == Type::real ? real_ : 0.0; }
    // A mapping's entries in insertion order, a sequence's items; empty for other types.
    const Children<Entry>& entries() const;
    const Children<NodePtr>& items() const;
    // The value stored under the string key `key`, or nullptr: an int key 1 is not "1".
    const NodePtr* find(std::string_view key) const;
    // What the passes after parsing look for in this collection and below, noted by the
    // parser when it completes it (gym/subtree_marks.hpp), so that they can pass
    // over a subtree without any. 0 where nobody noted it: a node made later, or changed
    // since (each setter below clears it), which a pass walks.
    uint8_t marks() const { return marks_; }
    void set_marks(uint8_t marks) { marks_ = marks; }

    // For the node's maker; each requires the matching type.
    void set_text(std::string_view text);
    void set_real(double value);
    Children<Entry>& mutable_entries();
    Children<NodePtr>& mutable_items();

private:
    void copy_payload(const Node& other);
    void release_payload() noexcept;
};

// `node` to change: itself when the caller holds its only reference (no one else can
// see the change), else a copy. The passes that each make a new version of the top
// mapping (config_paths, Gym's defaults) change it in place this way, where a copy of a
// large config's top mapping cost as much as those passes' own work.
std::shared_ptr<Node> writable(NodePtr node);

// A fresh node: from the arena of the NodeArenaScope open on this thread, if any, else
// from the heap. The make_* functions below use it.
std::shared_ptr<Node> new_node();

NodePtr make_null(Origin origin = {});
NodePtr make_bool(bool value, Origin origin = {});
NodePtr make_int(std::string_view decimal, Origin origin = {});
NodePtr make_real(double value, Origin origin = {});
NodePtr make_string(std::string_view value, Origin origin = {});

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
