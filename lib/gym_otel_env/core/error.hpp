// Where a value came from, and the one error type every stage throws for user mistakes.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace goe {

// The name of a file or of a source such as "--set". Copies share one string: every
// node of a file carries its name, and a copy per node was a tenth of the tree's cost.
// One pointer, where a shared_ptr would be two: there is one in every node.
class SourceName {
public:
    SourceName() = default;
    SourceName(std::string name)  // NOLINT(google-explicit-constructor): used as a string
        : shared_(name.empty() ? nullptr : new Shared{{1}, std::move(name), nullptr}) {}
    SourceName(const char* name) : SourceName(std::string(name)) {}  // NOLINT(google-explicit-constructor)
    SourceName(const SourceName& other) : shared_(other.shared_) {
        if (shared_) shared_->refs.fetch_add(1, std::memory_order_relaxed);
    }
    SourceName(SourceName&& other) noexcept : shared_(std::exchange(other.shared_, nullptr)) {}
    SourceName& operator=(SourceName other) noexcept {
        std::swap(shared_, other.shared_);
        return *this;
    }
    ~SourceName() {
        if (shared_ && shared_->refs.fetch_sub(1, std::memory_order_acq_rel) == 1) delete shared_;
    }

    const std::string& str() const { return shared_ ? shared_->name : empty_name(); }
    operator const std::string&() const { return str(); }  // NOLINT(google-explicit-constructor)
    bool empty() const { return !shared_; }
    friend bool operator==(const SourceName& a, const SourceName& b) { return a.str() == b.str(); }

    // The parser of a file notes where it read a plain scalar that YAML typed as a
    // boolean, an integer or a float, and its text, so that a message can quote what
    // the user wrote (`yes`, `0x10`, `1e3`) rather than Python's str() of the value
    // (`True`, `16`, `1000.0`). `is_str` says the text is that str() (`8080`, the common
    // case): then only the position is kept. Kept here, per file, because a node has no
    // room for a second text; nodes keep their origin only while they are the value
    // written there (an interpolation's result takes the interpolation's position).
    void note_plain_scalar(int line, int column, std::string_view text, bool is_str);
    // What was noted at that position: nullopt if nothing (a string, an interpolation,
    // a source that is not a file), else the text, empty when it is str() of the value.
    std::optional<std::string_view> plain_scalar_at(int line, int column) const;

    // The parser notes where each mapping key of the file starts, in document order, so
    // that a message about a key (unknown, misspelt, not a string) can point at the key
    // rather than at its value: 8 bytes a key, where a position in every entry would cost
    // each node of the tree. The key of a value is the last key noted before it.
    void note_key(int line, int column);
    // The key noted last before (line, column): nullopt when none was noted there.
    std::optional<std::pair<int, int>> key_before(int line, int column) const;

private:
    // Positions (line << 32 | column), in document order as the parser notes them.
    struct PlainScalars {
        std::vector<uint64_t> as_str;
        std::vector<std::pair<uint64_t, std::string>> as_written;
        std::vector<uint64_t> keys;
    };
    struct Shared {
        std::atomic<long> refs;
        std::string name;
        std::unique_ptr<PlainScalars> plain;  // made at the first note
    };
    static const std::string& empty_name() {
        static const std::string empty;
        return empty;
    }
    Shared* shared_ = nullptr;
};

// A position in a config file (line and column count from 1), or a named source
// such as "--set", "default", "environment" with no position.
struct Origin {
    SourceName source;
    int line = 0;
    int column = 0;

    bool empty() const { return source.empty(); }
    // "c.yaml:4:16", "c.yaml" or "--set".
    std::string str() const;
};

// Where the key of the value written at `value` was written (SourceName::key_before):
// `value` itself when no key was noted before it (a value of --set, of the environment).
Origin key_origin(const Origin& value);

// "ORIGIN: KEY.PATH: what", leaving out the parts that are empty: the text of an error
// or a warning after its "gym-otel-env: error: " prefix.
std::string locate(const Origin& origin, const std::string& key_path, const std::string& what);

// A user-facing failure: bad config, bad environment or bad usage. Thrown in lib/,
// caught once in main, printed as "gym-otel-env: error: ORIGIN: KEY.PATH: what".
class Error : public std::runtime_error {
public:
    enum class Kind { config, usage };

    Error(Origin origin, std::string key_path, const std::string& what, Kind kind = Kind::config);
    explicit Error(const std::string& what, Kind kind = Kind::config);
    // Several findings reported together (every '???' left in a config): each line is
    // already located and becomes its own "gym-otel-env: error:" line.
    explicit Error(const std::vector<std::string>& lines, Kind kind = Kind::config);

    // What a stage knows of the cause beyond the words, for a later stage to add advice
    // without reading them: an unset environment variable (`subject` names it), or one of
    // the tool's own limits on hostile input, which Gym does not have.
    enum class Cause { none, unset_variable, tool_limit };
    Error&& because(Cause cause, std::string subject) && {
        cause_ = cause;
        subject_ = std::move(subject);
        return std::move(*this);
    }
    Cause cause() const { return cause_; }
    const std::string& subject() const { return subject_; }

    const Origin& origin() const { return origin_; }
    const std::string& key_path() const { return key_path_; }
    const std::string& detail() const { return detail_; }
    Kind kind() const { return kind_; }
    // The message as lines to print: one, or each finding of the list constructor.
    const std::vector<std::string>& lines() const { return lines_; }

private:
    Origin origin_;
    std::string key_path_;
    std::string detail_;
    Kind kind_;
    std::vector<std::string> lines_;
    Cause cause_ = Cause::none;
    std::string subject_;
};

}  // namespace goe
