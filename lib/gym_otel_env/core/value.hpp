// The config tree: YAML values typed as OmegaConf types them, each remembering its origin.
// Nodes are immutable and shared, so aliases, merges and lookups never copy a subtree.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <memory>
#include <new>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "gym_otel_env/core/error.hpp"

namespace goe {

enum class Type : uint8_t { null, boolean, integer, real, string, mapping, sequence };

class Node;
using NodePtr = std::shared_ptr<const Node>;

namespace detail {
// Bytes for a node's text or children: from the NodeArenaScope open on this thread when
// there is one and they are small enough, else from the heap. `in_arena` says which,
// and release_bytes needs it back.
void* allocate_bytes(size_t bytes, size_t align, bool& in_arena);
void release_bytes(void* p, bool in_arena) noexcept;
// One more owner of bytes from an arena, which release_bytes lets go like the first: a
// copy of a key or a text shares them (nothing changes them) instead of copying them.
void share_bytes(const void* p) noexcept;
}  // namespace detail

// A node's children: a std::vector's interface (the part the stages use) in one pointer,
// null while empty, so that it fits in a node's payload next to a scalar's text. Size
// and capacity live in the block, in front of the elements; the parser sizes each block
// once, in the file's arena.
template <class T>
class Children {
public:
    using value_type = T;
    using iterator = T*;
    using const_iterator = const T*;

    Children() = default;
    Children(std::initializer_list<T> init) { assign(init.begin(), init.end()); }
    Children(const std::vector<T>& v) { assign(v.begin(), v.end()); }  // NOLINT(google-explicit-constructor)
    Children(std::vector<T>&& v) {                                     // NOLINT(google-explicit-constructor)
        reserve(v.size());
        for (auto& x : v) push_back(std::move(x));
    }
    Children(const Children& other) { assign(other.begin(), other.end()); }
    Children(Children&& other) noexcept : block_(std::exchange(other.block_, nullptr)) {}
    Children& operator=(Children other) noexcept {
        std::swap(block_, other.block_);
        return *this;
    }
    ~Children() { release(); }

    size_t size() const { return block_ ? block_->size : 0; }
    bool empty() const { return size() == 0; }
    T* begin() { return data(); }
    T* end() { return data() + size(); }
    const T* begin() const { return data(); }
    const T* end() const { return data() + size(); }
    T& operator[](size_t i) { return data()[i]; }
    const T& operator[](size_t i) const { return data()[i]; }
    T& front() { return data()[0]; }
    const T& front() const { return data()[0]; }
    T& back() { return data()[size() - 1]; }
    const T& back() const { return data()[size() - 1]; }

    void push_back(const T& x) { emplace_back(x); }
    void push_back(T&& x) { emplace_back(std::move(x)); }
    template <class... Args>
    T& emplace_back(Args&&... args) {
        // A copy first: an argument may be one of the elements a growth moves.
        T x(std::forward<Args>(args)...);
        if (size() == capacity()) reserve(capacity() ? 2 * capacity() : 1);
        T* slot = new (data() + block_->size) T(std::move(x));
        ++block_->size;
        return *slot;
    }
    T* erase(const T* position) {
        T* p = data() + (position - data());
        std::move(p + 1, end(), p);
        data()[--block_->size].~T();
        return p;
    }
    void reserve(size_t n) {
        if (n <= capacity()) return;
        bool in_arena = false;
        auto* grown =
            static_cast<Block*>(detail::allocate_bytes(sizeof(Block) + n * sizeof(T), alignof(Block), in_arena));
        grown->size = 0;
        grown->capacity = static_cast<uint32_t>(n) & 0x7FFFFFFFu;
        grown->in_arena = in_arena;
        auto* to = reinterpret_cast<T*>(grown + 1);
        for (size_t i = 0; i < size(); ++i) {
            new (to + i) T(std::move(data()[i]));
            ++grown->size;
        }
        release();
        block_ = grown;
    }

private:
    struct alignas(alignof(T) > 8 ? alignof(T) : 8) Block {
        uint32_t size;
        uint32_t capacity : 31;
        uint32_t in_arena : 1;
    };
    size_t capacity() const { return block_ ? block_->capacity : 0; }
    T* data() { return block_ ? reinterpret_cast<T*>(block_ + 1) : nullptr; }
    const T* data() const { return block_ ? reinterpret_cast<const T*>(block_ + 1) : nullptr; }
    template <class It>
    void assign(It first, It last) {
        reserve(static_cast<size_t>(last - first));
        for (; first != last; ++first) push_back(*first);
    }
    void release() {
        if (!block_) return;
        for (size_t i = 0; i < block_->size; ++i) data()[i].~T();
        detail::release_bytes(block_, block_->in_arena);
        block_ = nullptr;
    }
    Block* block_ = nullptr;
};

// A mapping key's text in 15 bytes: up to 14 bytes in place, a longer one in a block of
// its own from the arena or the heap (detail::allocate_bytes), which it frees. Reads as
// a std::string_view. With the key's type beside it, an Entry is 32 bytes, where a
// std::string key made it 56.
class KeyText {
public:
    KeyText() { b_[kTag] = 0; }
    KeyText(std::string_view text) { assign(text); }                       // NOLINT(google-explicit-constructor)
    KeyText(const std::string& text) : KeyText(std::string_view(text)) {}  // NOLINT(google-explicit-constructor)
    KeyText(const char* text) : KeyText(std::string_view(text)) {}         // NOLINT(google-explicit-constructor)
    KeyText(const KeyText& other) {
        if (!other.outside() || (other.b_[kTag] & 1) == 0) {
            assign(other.view());
            return;
        }
        std::memcpy(b_, other.b_, sizeof b_);
        detail::share_bytes(pointer());
    }
    KeyText(KeyText&& other) noexcept {
        std::memcpy(b_, other.b_, sizeof b_);
        other.b_[kTag] = 0;
    }
    KeyText& operator=(KeyText other) noexcept {
        std::swap(b_, other.b_);
        return *this;
    }
    ~KeyText() { release(); }

    std::string_view view() const {
        if (!outside()) return {b_, static_cast<size_t>(b_[kTag])};
        uint32_t n = 0;
        std::memcpy(&n, b_ + sizeof(char*), sizeof n);
        return {pointer(), n};
    }
    operator std::string_view() const { return view(); }  // NOLINT(google-explicit-constructor)
    std::string str() const { return std::string(view()); }
    size_t size() const { return view().size(); }
    bool empty() const { return size() == 0; }
    friend bool operator==(const KeyText& a, const KeyText& b) { return a.view() == b.view(); }
    friend bool operator==(const KeyText& a, std::string_view b) { return a.view() == b; }
    friend bool operator==(const KeyText& a, const std::string& b) { return a.view() == b; }
    friend bool operator==(const KeyText& a, const char* b) { return a.view() == b; }

private:
    static constexpr size_t kTag = 14;  // b_[kTag]: the size in place, or kOutside | in arena
    static constexpr char kOutside = 0x40;
    bool outside() const { return (b_[kTag] & kOutside) != 0; }
    char* pointer() const {
        char* p = nullptr;
        std::memcpy(&p, b_, sizeof p);
        return p;
    }
    void assign(std::string_view text) {
        if (text.size() <= kTag) {
            std::memcpy(b_, text.data(), text.size());
            b_[kTag] = static_cast<char>(text.size());
            return;
        }
        bool in_arena = false;
        auto* p = static_cast<char*>(detail::allocate_bytes(text.size(), 1, in_arena));
        std::memcpy(p, text.data(), text.size());
        auto n = static_cast<uint32_t>(text.size());
        std::memcpy(b_, &p, sizeof p);
        std::memcpy(b_ + sizeof p, &n, sizeof n);
        b_[kTag] = static_cast<char>(kOutside | (in_arena ? 1 : 0));
    }
    void release() noexcept {
        if (outside()) detail::release_bytes(pointer(), (b_[kTag] & 1) != 0);
    }
    char b_[15];
};

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
    // parser when it completes it (directives.hpp, subtree_marks), so that they can pass
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
