#include "gym_otel_env/core/arena.hpp"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>

#include "gym_otel_env/core/value.hpp"

namespace goe {

namespace {

// Bump allocation in blocks; frees everything when the last piece it handed out is
// released after its scope closed. Pieces may be released on any thread (nodes are
// shared), so the count of live pieces is atomic; allocation happens only on the thread
// of the scope, which counts what it hands out in a plain integer (not a locked add for
// every node, text and children block) and settles the two counts once, when it closes.
// Blocks are aligned to their size, so that a pointer finds its arena without the
// allocator carrying one: shared_ptr would store it next to every node.
class NodeArena {
public:
    static constexpr size_t kBlockBytes = 256u << 10;

    // Larger pieces go to the heap: a block holds many of the most it hands out.
    static constexpr size_t kLargest = kBlockBytes / 16;

    void* allocate(size_t bytes, size_t align = alignof(Node)) {
        if (head_) head_->used = (head_->used + align - 1) & ~(align - 1);
        if (!head_ || head_->used + bytes > kBlockBytes) {
            if (sizeof(Block) + bytes > kBlockBytes) throw std::bad_alloc();
            auto* block = static_cast<Block*>(::operator new(kBlockBytes, std::align_val_t(kBlockBytes)));
            *block = Block{this, head_, sizeof(Block)};
            head_ = block;
        }
        void* p = reinterpret_cast<char*>(head_) + head_->used;
        head_->used += bytes;
        ++handed_;
        return p;
    }

    // Blocks are aligned to their size, so p's block starts where p's offset into it
    // says. Stepping back on a char* keeps the provenance a masked integer would lose.
    static NodeArena& of(const void* p) {
        auto offset = reinterpret_cast<uintptr_t>(p) & uintptr_t{kBlockBytes - 1};
        return *reinterpret_cast<const Block*>(static_cast<const char*>(p) - offset)->arena;
    }
    static void release(void* p) { of(p).release(); }

    void release() {
        if (live_.fetch_sub(1, std::memory_order_acq_rel) == 1) delete this;
    }
    // A piece handed out once and released twice: open or closed, live_ then counts it
    // until its last release.
    void share() { live_.fetch_add(1, std::memory_order_relaxed); }

    // The scope's end: from here on live_ counts the pieces not yet released.
    void close() {
        size_t unhanded = kOpen - handed_;
        if (live_.fetch_sub(unhanded, std::memory_order_acq_rel) == unhanded) delete this;
    }

    ~NodeArena() {
        while (head_) {
            Block* next = head_->next;
            ::operator delete(head_, std::align_val_t(kBlockBytes));
            head_ = next;
        }
    }

private:
    struct alignas(std::max_align_t) Block {
        NodeArena* arena;
        Block* next;
        size_t used;  // bytes from the start of the block, this header included
    };
    // While the scope is open live_ is kOpen less the pieces released, so it cannot
    // reach zero however many are released before the scope closes.
    static constexpr size_t kOpen = SIZE_MAX / 2;
    Block* head_ = nullptr;
    size_t handed_ = 0;
    std::atomic<size_t> live_{kOpen};
};

thread_local NodeArena* current_arena = nullptr;

// allocate_shared puts the control block and the Node in one arena allocation.
template <class T>
struct ArenaAllocator {
    using value_type = T;

    ArenaAllocator() = default;
    template <class U>
    ArenaAllocator(const ArenaAllocator<U>&) {}  // NOLINT(google-explicit-constructor): rebinding

    T* allocate(size_t n) { return static_cast<T*>(current_arena->allocate(n * sizeof(T), alignof(T))); }
    void deallocate(T* p, size_t) { NodeArena::release(p); }
    template <class U>
    bool operator==(const ArenaAllocator<U>&) const {
        return true;
    }
};

}  // namespace

namespace detail {
void* allocate_bytes(size_t bytes, size_t align, bool& in_arena) {
    in_arena = current_arena && bytes <= NodeArena::kLargest;
    if (in_arena) return current_arena->allocate(bytes, align);
    return ::operator new(bytes);
}

void release_bytes(void* p, bool in_arena) noexcept {
    if (in_arena) NodeArena::release(p);
    else ::operator delete(p);
}

void share_bytes(const void* p) noexcept { NodeArena::of(p).share(); }
}  // namespace detail

std::shared_ptr<Node> new_node() {
    if (current_arena) return std::allocate_shared<Node>(ArenaAllocator<Node>());
    return std::make_shared<Node>();
}

NodeArenaScope::NodeArenaScope() : previous_(current_arena) { current_arena = new NodeArena; }

NodeArenaScope::~NodeArenaScope() {
    current_arena->close();
    current_arena = static_cast<NodeArena*>(previous_);
}

}  // namespace goe
