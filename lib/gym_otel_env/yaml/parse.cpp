#include "gym_otel_env/yaml/parse.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <istream>
#include <memory>
#include <optional>
#include <streambuf>
#include <unordered_map>
#include <unordered_set>

#include <fmt/format.h>
#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/exceptions.h>
#include <yaml-cpp/mark.h>
#include <yaml-cpp/parser.h>

#include "gym_otel_env/core/python.hpp"
#include "gym_otel_env/core/text.hpp"
#include "gym_otel_env/omegaconf/interpolation.hpp"
#include "gym_otel_env/omegaconf/value_kind.hpp"
#include "gym_otel_env/yaml/pyyaml_scan.hpp"
#include "gym_otel_env/yaml/scalar.hpp"
#include "gym_otel_env/yaml/yaml_rules.hpp"

namespace goe {
namespace {

constexpr std::string_view kStrTag = "tag:yaml.org,2002:str";

// PyYAML's reader accepts only these code points, and only valid UTF-8.
bool printable(char32_t c) {
    return c == 0x9 || c == 0xA || c == 0xD || (c >= 0x20 && c <= 0x7E) || c == 0x85 || (c >= 0xA0 && c <= 0xD7FF) ||
           (c >= 0xE000 && c <= 0xFFFD) || (c >= 0x10000 && c <= 0x10FFFF);
}

// Where `text` is not UTF-8 of printable code points, with what is wrong there: the
// offset, or text.size() when all is well. Configs are nearly all ASCII, which a table
// says in one look per byte; only other bytes are decoded.
struct BadCharacter {
    size_t offset;
    std::string what;
    bool ascii = true;  // all is well and every byte is ASCII
};

BadCharacter first_bad_character(std::string_view text) {
    static constexpr auto kPlainAscii = [] {
        std::array<bool, 256> plain{};
        for (int c = 0x20; c < 0x7F; ++c) plain[static_cast<size_t>(c)] = true;
        plain['\t'] = plain['\n'] = plain['\r'] = true;
        return plain;
    }();
    const auto* bytes = reinterpret_cast<const unsigned char*>(text.data());
    bool ascii = true;
    for (size_t i = 0; i < text.size();) {
        if (kPlainAscii[bytes[i]]) {
            ++i;
            continue;
        }
        auto [cp, len] = decode_utf8(text, i);
        if (len == 0) return {i, fmt::format("invalid UTF-8 byte 0x{:02x}", bytes[i])};
        if (!printable(cp))
            return {i, fmt::format("character U+{:04X} is not allowed in YAML", static_cast<uint32_t>(cp))};
        ascii = ascii && cp < 0x80;
        i += len;
    }
    return {text.size(), {}, ascii};
}

// The position is counted only for an error: line and column (in characters) of a
// byte offset in text that is valid UTF-8 before it. True when the text is all ASCII.
bool check_characters(std::string_view text, const std::string& name) {
    auto bad = first_bad_character(text);
    if (bad.offset == text.size()) return bad.ascii;
    int line = 1, column = 1;
    for (size_t i = 0; i < bad.offset; ++i) {
        if (text[i] == '\n') {
            ++line;
            column = 1;
        } else if (!is_continuation(text[i])) {
            ++column;
        }
    }
    throw Error(Origin{name, line, column}, {}, bad.what);
}

// yaml-cpp reads a std::istream; this one reads the text where it is, where an
// std::istringstream would first copy the whole file.
class ViewBuf : public std::streambuf {
public:
    explicit ViewBuf(std::string_view text) {
        // The get area is only read (putback of a different character fails, as it does
        // in an input-only std::stringbuf).
        char* begin = const_cast<char*>(text.data());
        setg(begin, begin, begin + text.size());
    }
};

// Looks up std::string keys by std::string_view.
struct TextHash {
    using is_transparent = void;
    size_t operator()(std::string_view text) const { return std::hash<std::string_view>{}(text); }
};

// Only a value with a byte past ASCII can need pyyaml_escapes.
bool has_high_bytes(std::string_view value) {
    return std::any_of(value.begin(), value.end(), [](char c) { return static_cast<unsigned char>(c) >= 0x80; });
}

// Whether `e` has the key (key_type, key) for the duplicate check: a string key equals a
// string key of the same text, any other key another by key_identity, which `identity`
// is for it (made once per search).
bool same_key(const Entry& e, Type key_type, std::string_view key, const std::string& identity) {
    return key_type == Type::string ? e.key_type == Type::string && e.key == key
                                    : e.key_type != Type::string && key_identity(e) == identity;
}

// A large mapping's entries by key, for its duplicate check: open addressing over
// positions, so that a lookup is one probe into one array (a std::unordered_map was a
// cache miss per bucket and per node, and a heap block per key). A slot keeps its key's
// hash, so that growing the table reads neither the keys nor the entries. Keys compare
// by same_key, as the linear scan of a small mapping does.
class KeyIndex {
public:
    static constexpr size_t npos = SIZE_MAX;

    // The position of the entry equal to (key_type, key) among `entries`, or npos.
    size_t find(const Entry* entries, Type key_type, std::string_view key) const {
        if (slots_.empty()) return npos;
        bool string_key = key_type == Type::string;
        std::string identity = string_key ? std::string() : key_identity(key_type, key);
        uint32_t h = string_key ? text_hash(key) : identity_hash(identity);
        for (size_t i = h & mask(), probe = 1; slots_[i].position != 0; i = (i + probe++) & mask()) {
            if (slots_[i].hash != h) continue;
            if (same_key(entries[slots_[i].position - 1], key_type, key, identity)) return slots_[i].position - 1;
        }
        return npos;
    }

    // Adds entries[position], which find() does not find yet.
    void insert(const Entry* entries, size_t position) {
        if (2 * (count_ + 1) > slots_.size()) grow();
        const Entry& e = entries[position];
        place(e.key_type == Type::string ? text_hash(e.key) : identity_hash(key_identity(e)), position);
        ++count_;
    }

private:
    struct Slot {
        uint32_t hash = 0;
        uint32_t position = 0;  // + 1; 0 is an empty slot
    };
    // A string key hashes by its text; any other by its key_identity, told apart from
    // a string key of the same text.
    static uint32_t fold(uint64_t h) { return static_cast<uint32_t>(h ^ (h >> 32)); }
    static uint32_t text_hash(std::string_view key) { return fold(std::hash<std::string_view>{}(key)); }
    static uint32_t identity_hash(const std::string& identity) { return ~fold(std::hash<std::string>{}(identity)); }
    size_t mask() const { return slots_.size() - 1; }

    void place(uint32_t h, size_t position) {
        size_t i = h & mask();
        for (size_t probe = 1; slots_[i].position != 0; ++probe) i = (i + probe) & mask();
        slots_[i] = {h, static_cast<uint32_t>(position + 1)};
    }

    void grow() {
        std::vector<Slot> old(std::max<size_t>(64, 2 * slots_.size()));
        old.swap(slots_);
        for (const Slot& s : old)
            if (s.position != 0) place(s.hash, s.position - 1);
    }

    std::vector<Slot> slots_;  // a power of two, at most half full
    size_t count_ = 0;
};

// A quoted scalar that never closes, which yaml-cpp ends at the end of the text without
// complaint: read_document reports it where PyYAML does, at the end of the text.
struct UnclosedQuote {
    std::string key_path;
};

// Builds the tree from yaml-cpp's events. yaml-cpp leaves plain scalars untyped
// (tag "?") and marks quoted ones with tag "!"; typing is scalar.cpp's job.
class Builder : public YAML::EventHandler {
public:
    // The key path of the value being read, for a scalar the text ends in.
    std::string open_path() const { return path(); }
    // `notes`: what the loader wants noted while the tree is built (parse.hpp).
    // `text` is the checked text, `scan` what the PyYAML-rules scan found in it (yaml_rules.hpp).
    // `ascii`: every byte of `text` is ASCII, so a column in bytes is one in characters.
    Builder(std::string_view text, bool ascii, const PyYamlScan& scan, SourceName name, const ParseLimits& limits,
            const ParseNotes& notes)
        : text_(text),
          ascii_(ascii),
          scan_(scan),
          name_(std::move(name)),
          limits_(limits),
          interpolations_valid_(notes.interpolations_valid),
          marks_(notes.marks) {}

    NodePtr result() const { return root_; }
    // Stopped at the limit of values or of nesting: the document is too large to read again.
    bool reached_limit() const { return reached_limit_; }

    void OnDocumentStart(const YAML::Mark&) override {}
    void OnDocumentEnd() override {}

    void OnNull(const YAML::Mark& mark, YAML::anchor_t anchor) override {
        count(mark);
        add(make_null(origin(mark)), anchor, false, &mark);
    }

    void OnAlias(const YAML::Mark& mark, YAML::anchor_t anchor) override {
        if (anchor >= anchors_.size() || !anchors_[anchor])
            throw Error(origin(mark), path(), "an alias refers to a collection that contains it");
        // As a key, an alias is its node: a string one is checked for duplicates too.
        add(anchors_[anchor], 0, anchors_[anchor]->type == Type::string, &mark);
    }

    void OnScalar(const YAML::Mark& mark, const std::string& yaml_tag, YAML::anchor_t anchor,
                  const std::string& raw_value) override {
        size_t at = offset(mark);
        // PyYAML resolves a scalar tagged `!` as if plain, quoted or not (`! '12'` is 12);
        // yaml-cpp gives it the tag of a quoted scalar.
        bool non_specific =
            !scan_.non_specific.empty() && std::binary_search(scan_.non_specific.begin(), scan_.non_specific.end(), at);
        std::string_view tag = non_specific ? std::string_view("?") : std::string_view(yaml_tag);
        bool plain = tag.size() == 1 && tag[0] == '?';
        bool quoted = tag.size() == 1 && tag[0] == '!';
        // The value as PyYAML reads it, copied only where that differs from yaml-cpp's. The
        // fixes read the scalar's text, after its anchor and tag (`own`); how it starts
        // tells its style, whatever the tag.
        std::string_view value = raw_value;
        std::string fixed;
        if (has_high_bytes(value)) value = fixed = pyyaml_escapes(std::string(value));
        // Nearly every scalar has no properties: the test here spares it the call.
        const size_t own =
            at < text_.size() && (text_[at] == '&' || text_[at] == '!') ? after_properties(text_, at) : at;
        const char style = own < text_.size() ? text_[own] : '\0';
        bool quoted_text = style == '\'' || style == '"';
        bool block_text = (style == '|' || style == '>') && yaml_tag != "?";
        if (!scan_.breaks.empty() && !quoted_text && !block_text)
            value = fixed = pyyaml_plain_breaks(std::string(value), text_, own);
        if (block_text) value = fixed = pyyaml_block_scalar(std::string(value), text_, own);
        if (quoted_text && raw_breaks_) value = fixed = pyyaml_quoted_breaks(std::string(value), text_, own);
        count(mark);
        if (quoted_text && !quote_closed(own)) throw UnclosedQuote{path()};
        bool in_key = !stack_.empty() && stack_.back().node->type == Type::mapping && !stack_.back().have_key;
        merge_key_ = in_key && plain && value.size() == 2 && value[0] == '<' && value[1] == '<';
        // Most keys are plain or quoted strings, and a mapping keeps only their text:
        // no node is made for them (unless an anchor may reuse one as a value).
        if (in_key && !anchor && (quoted || (plain && plain_scalar_is_string(value)))) {
            take_key(stack_.back(), value, Type::string, true, mark);
            return;
        }
        NodePtr node = merge_key_ ? make_string(value, origin(mark)) : typed(tag, value, origin(mark));
        if (node->type == Type::string) check_syntax(node->text());
        // For a message that quotes the value as the user wrote it (validate's "quote it").
        if (plain && node->type != Type::string && node->type != Type::null)
            name_.note_plain_scalar(node->origin.line, node->origin.column, value,
                                    node->type == Type::integer && node->text() == value);
        bool string_key = !merge_key_ && (quoted || (plain && node->type == Type::string) || tag == kStrTag);
        add(node, anchor, string_key, &mark);
    }

    void OnSequenceStart(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                         YAML::EmitterStyle::value) override {
        open(Type::sequence, mark, tag, anchor);
    }
    void OnSequenceEnd() override { close(); }

    void OnMapStart(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                    YAML::EmitterStyle::value) override {
        open(Type::mapping, mark, tag, anchor);
    }
    void OnMapEnd() override { close(); }

private:
    static constexpr size_t kNoSlot = SIZE_MAX;

    struct Frame {
        std::shared_ptr<Node> node;
        YAML::anchor_t anchor = 0;
        // mapping state
        bool have_key = false;
        bool key_is_merge = false;
        // The entry that takes the pending key's value: a new one, which holds the key
        // as written, or an earlier one with an equal key, which it replaces.
        size_t slot = kNoSlot;
        bool key_in_entry = false;  // else the key as written is here (a merge key, a replacing key)
        std::string key;
        // This collection's entries (and their string_key_flags_) or items start here on
        // the stacks shared by the open collections; close() moves them into one block.
        size_t children_from = 0;
        // key -> position in entries, for large mappings only: small ones are scanned.
        std::unique_ptr<KeyIndex> index;
        std::vector<NodePtr> merges;  // values of "<<" keys, applied at the end
        bool pairs = false;           // !!omap or !!pairs: its items become (key, value) lists
        bool omap = false;            // which of the two, for messages
    };

    // Time and memory grow with the number of values, not with the bytes: a file of
    // tiny keys is the expensive kind.
    void count(const YAML::Mark& mark) {
        if (++nodes_ > limits_.max_nodes) {
            reached_limit_ = true;
            throw Error(origin(mark), {}, fmt::format("more than {} values in one file", limits_.max_nodes));
        }
    }

    // Where yaml-cpp's `mark` is in text_.
    size_t offset(const YAML::Mark& mark) const {
        return scan_.original(static_cast<size_t>(mark.pos), mark.column).first;
    }
    Origin origin(const YAML::Mark& mark) const {
        auto [pos, column] = scan_.original(static_cast<size_t>(mark.pos), mark.column);
        return Origin{name_, mark.line + 1, ascii_ ? column + 1 : char_column(text_, pos, column + 1)};
    }

    // The key path is built only when typing fails: building it for every scalar cost
    // more than the typing itself.
    NodePtr typed(std::string_view tag, std::string_view value, Origin where) const {
        try {
            return tag == "?" ? type_plain_scalar(value, std::move(where))
                              : type_tagged_scalar(tag, value, std::move(where), {});
        } catch (const Error& e) {
            throw Error(e.origin(), path(), e.detail(), e.kind());
        }
    }

    // OmegaConf rejects a malformed ${...} anywhere in a config when it loads it. Parsing
    // each string here, while it is at hand, saves a second walk of the whole tree; the
    // walk (check_interpolations) runs only when something failed, to report the first
    // failure in tree order with its key path, exactly as before. Any failure counts:
    // the walk reproduces it.
    void check_syntax(std::string_view text) {
        if (!interpolations_valid_ || !*interpolations_valid_ || !has_interpolation(text)) return;
        // Large configs repeat the same few references (`${policy_model_name}` in every
        // server): each text is parsed once.
        if (parsed_templates_.contains(text)) return;
        try {
            parse_template(text);
        } catch (...) {
            *interpolations_valid_ = false;
            return;
        }
        if (parsed_templates_.size() < kRememberedTemplates) parsed_templates_.emplace(text);
    }

    // yaml-cpp ends a quoted scalar at the end of the input without complaint;
    // PyYAML calls that malformed. True unless a quote opened at `pos` never closes.
    bool quote_closed(size_t pos) const {
        if (pos >= text_.size() || (text_[pos] != '\'' && text_[pos] != '"')) return true;
        char quote = text_[pos];
        for (size_t i = pos + 1; i < text_.size(); ++i) {
            if (quote == '"' && text_[i] == '\\') {
                ++i;
            } else if (text_[i] == quote) {
                if (quote == '\'' && i + 1 < text_.size() && text_[i + 1] == '\'') ++i;
                else return true;
            }
        }
        return false;
    }

    std::string path() const {
        std::string out;
        for (const auto& frame : stack_) {
            if (frame.node->type == Type::mapping && frame.have_key) {
                if (!out.empty()) out += '.';
                if (frame.key_in_entry) out += entries_[frame.children_from + frame.slot].key.view();
                else out += frame.key;
            } else if (frame.node->type == Type::sequence) {
                out += fmt::format("[{}]", items_.size() - frame.children_from);
            }
        }
        return out;
    }

    void open(Type type, const YAML::Mark& mark, std::string_view tag, YAML::anchor_t anchor) {
        Origin where = origin(mark);
        count(mark);
        // Nearly every collection has no tag, and the key path is built only for one.
        bool pairs = tag != "?" && tag != "!" && collection_tag(tag, type, where, path()) == CollectionTag::pairs;
        if (static_cast<int>(stack_.size()) >= limits_.max_depth) {
            reached_limit_ = true;
            throw Error(where, path(), fmt::format("nesting deeper than {} levels", limits_.max_depth));
        }
        if (!stack_.empty() && stack_.back().node->type == Type::mapping && !stack_.back().have_key)
            throw Error(where, path(), "a mapping key must be a scalar, not a collection");
        auto node = new_node();
        node->type = type;
        node->origin = std::move(where);
        if (anchor >= anchors_.size()) anchors_.resize(anchor + 1);
        Frame& frame = stack_.emplace_back();
        frame.node = std::move(node);
        frame.anchor = anchor;
        frame.pairs = pairs;
        frame.omap = pairs && tag.ends_with(":omap");
        frame.children_from = type == Type::mapping ? entries_.size() : items_.size();
    }

    void close() {
        Frame frame = std::move(stack_.back());
        stack_.pop_back();
        if (frame.node->type == Type::mapping) {
            string_key_flags_.resize(frame.children_from);
            if (!frame.merges.empty()) apply_merges(frame);
            move_children(entries_, frame.children_from, frame.node->mutable_entries());
        } else {
            if (frame.pairs) to_pairs(frame);
            move_children(items_, frame.children_from, frame.node->mutable_items());
        }
        if (marks_) frame.node->set_marks(marks_(*frame.node));
        if (frame.anchor) anchors_[frame.anchor] = frame.node;
        merge_key_ = false;
        place(frame.node, false, nullptr);
    }

    // construct_yaml_omap and construct_yaml_pairs: each item a mapping of one entry,
    // which becomes the tuple (key, value), a two-item list to OmegaConf. The key keeps
    // its YAML type there (1 stays an int).
    void to_pairs(const Frame& frame) {
        const char* what = frame.omap ? "an ordered map" : "pairs";
        for (size_t i = frame.children_from; i < items_.size(); ++i) {
            const NodePtr& item = items_[i];
            std::string item_path = fmt::format("{}[{}]", path(), i - frame.children_from);
            if (item->type != Type::mapping)
                throw Error(item->origin, item_path,
                            fmt::format("while constructing {}: expected a mapping of length 1, but found {}", what,
                                        item->type == Type::sequence ? "sequence" : "scalar"));
            if (item->entries().size() != 1)
                throw Error(item->origin, item_path,
                            fmt::format("while constructing {}: expected a single mapping item, but found {} items",
                                        what, item->entries().size()));
            const Entry& e = item->entries().front();
            auto pair = new_node();
            pair->type = Type::sequence;
            pair->origin = item->origin;
            pair->mutable_items().push_back(key_node(e, item->origin));
            pair->mutable_items().push_back(e.value);
            items_[i] = std::move(pair);
        }
    }

    // A mapping key as the value it was in YAML.
    static NodePtr key_node(const Entry& e, const Origin& origin) {
        switch (e.key_type) {
            case Type::integer: return make_int(e.key.view(), origin);
            case Type::boolean: return make_bool(e.key == "True", origin);
            case Type::real: return make_real(python_float_of(e.key.view()).value_or(std::nan("")), origin);
            default: return make_string(e.key.view(), origin);
        }
    }

    template <class T>
    static void move_children(std::vector<T>& stack, size_t from, Children<T>& to) {
        to.reserve(stack.size() - from);
        for (size_t i = from; i < stack.size(); ++i) to.push_back(std::move(stack[i]));
        stack.resize(from);
    }

    // PyYAML's flatten_mapping: merged pairs come first, explicit pairs win;
    // in a list of mappings, an earlier one wins over a later one. Merge keys are the
    // one place where an alias is copied, so the copying has a budget: otherwise a
    // chain of `<<: *previous` mappings grows quadratically with the text.
    void apply_merges(Frame& frame) {
        std::vector<Entry> merged;
        std::unordered_map<std::string, size_t> index;
        auto put = [&](const Entry& e) {
            if (++merged_entries_ > limits_.max_merged_entries)
                throw Error(frame.node->origin, path(),
                            fmt::format("merge keys (<<) copy more than {} entries", limits_.max_merged_entries));
            auto [it, fresh] = index.emplace(key_identity(e), merged.size());
            if (fresh) merged.push_back(e);
            else merged[it->second].value = e.value;
        };
        for (const auto& value : frame.merges) {
            std::vector<NodePtr> sources;
            if (value->type == Type::sequence) {
                // A mapping listed twice adds nothing the first listing did not.
                std::unordered_set<const Node*> seen;
                std::vector<NodePtr> firsts;
                for (const auto& item : value->items())
                    if (seen.insert(item.get()).second) firsts.push_back(item);
                sources.assign(firsts.rbegin(), firsts.rend());
            } else {
                sources.push_back(value);  // a mapping; anything else is rejected below
            }
            for (const auto& source : sources) {
                if (source->type != Type::mapping)
                    throw Error(source->origin, path(), "a merge key (<<) takes a mapping or a list of mappings");
                for (const auto& e : source->entries()) put(e);
            }
        }
        for (size_t i = frame.children_from; i < entries_.size(); ++i) put(entries_[i]);
        entries_.resize(frame.children_from);
        for (auto& e : merged) entries_.push_back(std::move(e));
    }

    // `mark` is where a scalar was; nullptr for a collection, which is never a key here.
    void add(NodePtr node, YAML::anchor_t anchor, bool string_key, const YAML::Mark* mark) {
        if (anchor) {
            if (anchor >= anchors_.size()) anchors_.resize(anchor + 1);
            anchors_[anchor] = node;
        }
        place(std::move(node), string_key, mark);
    }

    void place(NodePtr node, bool string_key, const YAML::Mark* mark) {
        if (stack_.empty()) {
            root_ = std::move(node);
            return;
        }
        Frame& top = stack_.back();
        if (top.node->type == Type::sequence) {
            items_.push_back(std::move(node));
            return;
        }
        if (!top.have_key) {
            // open() rejects a collection as a key, so a key always comes with its mark;
            // an alias may still name one (PyYAML: "found unhashable key", where it is).
            if (node->is_container())
                throw Error(node->origin, path(), "a mapping key must be a scalar, not a collection");
            if (node->type == Type::null && !merge_key_)
                throw Error(origin(*mark), path(), "a mapping key must not be null");
            take_key(top, python_str(*node), node->type, string_key, *mark);
            return;
        }
        top.have_key = false;
        if (top.key_is_merge) {
            top.merges.push_back(std::move(node));
            return;
        }
        entries_[top.children_from + top.slot].value = std::move(node);
    }

    // A key of the mapping on top. A string key may appear once (OmegaConf's duplicate
    // check looks at string keys only); a later equal key that is not a string (1 then
    // true, as Python's dict compares them) replaces the value and keeps the first key.
    // '1' and 1 are two keys. One flag per entry remembers whether a string key wrote
    // it, in place of a hash set of every mapping's keys. A new key gets its entry here,
    // its value when it comes (place), so that its text is copied once, into the entry.
    void take_key(Frame& top, std::string_view key, Type key_type, bool string_key, const YAML::Mark& mark) {
        {
            auto [pos, column] = scan_.original(static_cast<size_t>(mark.pos), mark.column);
            name_.note_key(mark.line + 1, ascii_ ? column + 1 : char_column(text_, pos, column + 1));
        }
        top.have_key = true;
        top.key_is_merge = merge_key_;
        merge_key_ = false;
        top.slot = kNoSlot;
        top.key_in_entry = false;
        if (top.key_is_merge) {
            top.key.assign(key);
            return;
        }
        const Entry* entries = entries_.data() + top.children_from;
        size_t count = entries_.size() - top.children_from;
        if (top.index) {
            size_t at = top.index->find(entries, key_type, key);
            if (at != KeyIndex::npos) top.slot = at;
        } else {
            std::string identity = key_type == Type::string ? std::string() : key_identity(key_type, key);
            for (size_t i = 0; i < count; ++i)
                if (same_key(entries[i], key_type, key, identity)) top.slot = i;
        }
        if (top.slot != kNoSlot) {
            // A later equal key replaces the value in place and keeps the first key.
            top.key.assign(key);
            if (string_key && string_key_flags_[top.children_from + top.slot])
                throw Error(origin(mark), path(), fmt::format("duplicate key '{}'", key));
            if (string_key) string_key_flags_[top.children_from + top.slot] = true;
            return;
        }
        entries_.push_back(Entry{key, nullptr, key_type});
        string_key_flags_.push_back(string_key);
        top.slot = count;
        top.key_in_entry = true;
        // Large mappings (a config with thousands of servers) get an index, so that
        // building them stays linear; small ones are scanned, which is faster there.
        constexpr size_t kIndexFrom = 16;
        entries = entries_.data() + top.children_from;
        if (top.index) {
            top.index->insert(entries, count);
        } else if (count + 1 >= kIndexFrom) {
            top.index = std::make_unique<KeyIndex>();
            for (size_t i = 0; i <= count; ++i) top.index->insert(entries, i);
        }
    }

    std::string_view text_;
    bool ascii_;
    const PyYamlScan& scan_;
    SourceName name_;
    ParseLimits limits_;
    bool* interpolations_valid_;
    uint8_t (*marks_)(const Node&);
    bool reached_limit_ = false;
    std::vector<Frame> stack_;
    std::vector<Entry> entries_;          // of the open mappings, stacked
    std::vector<bool> string_key_flags_;  // per entry of the open mappings, stacked
    std::vector<NodePtr> items_;          // of the open sequences, stacked
    std::vector<NodePtr> anchors_;
    NodePtr root_;
    bool merge_key_ = false;
    // U+2028 or U+2029 somewhere in the text: quoted scalars may need pyyaml_quoted_breaks.
    bool raw_breaks_ =
        text_.find("\xe2\x80\xa8") != std::string_view::npos || text_.find("\xe2\x80\xa9") != std::string_view::npos;
    static constexpr size_t kRememberedTemplates = 4096;
    std::unordered_set<std::string, TextHash, std::equal_to<>> parsed_templates_;  // that parse
    size_t merged_entries_ = 0;
    size_t nodes_ = 0;
};

// Events of a document nobody reads: PyYAML stops where a second document starts
// ("expected a single document in the stream"), and a syntax check needs no tree.
class NoTree : public YAML::EventHandler {
public:
    struct SecondDocument {
        YAML::Mark mark;
    };
    explicit NoTree(bool second) : second_(second) {}
    void OnDocumentStart(const YAML::Mark& mark) override {
        if (second_) throw SecondDocument{mark};
    }
    void OnDocumentEnd() override {}
    void OnNull(const YAML::Mark&, YAML::anchor_t) override {}
    void OnAlias(const YAML::Mark&, YAML::anchor_t) override {}
    void OnScalar(const YAML::Mark&, const std::string&, YAML::anchor_t, const std::string&) override {}
    void OnSequenceStart(const YAML::Mark&, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override {}
    void OnSequenceEnd() override {}
    void OnMapStart(const YAML::Mark&, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override {}
    void OnMapEnd() override {}

private:
    bool second_;
};

// PyYAML's mark for the end of the text, where it reports what is left open there.
Origin end_of(std::string_view text, const std::string& name) {
    int line = 1;
    size_t start = 0;
    for (size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '\n') line++, start = i + 1;
        else if (text.substr(i, 3) == "\xe2\x80\xa8" || text.substr(i, 3) == "\xe2\x80\xa9") line++, start = i + 3;
    }
    return Origin{name, line, 1 + static_cast<int>(char_count(text.substr(start)))};
}

// PyYAML's two marks for a quoted scalar left open, in one line: the problem where the
// text ends (a line past the last when the text ends with a line break: PyYAML's mark
// is there), the context where the quote opens.
std::string unclosed_quote(const PyYamlScan& scan) {
    if (scan.open_quote.first == 0) return "malformed YAML: end of quoted scalar not found";
    return fmt::format("while scanning a quoted scalar at line {}, column {}: found unexpected end of stream",
                       scan.open_quote.first, scan.open_quote.second);
}

Origin mark_origin(const YAML::Mark& mark, std::string_view text, const PyYamlScan& scan, const std::string& name) {
    auto [pos, column] = scan.original(static_cast<size_t>(mark.pos), mark.column);
    return Origin{name, mark.line + 1, char_column(text, pos, column + 1)};
}

// Reads one document, and no further than the start of a second one; the first error as
// PyYAML reports it. `syntax` tells a scanner or parser error from a construction error.
std::optional<Error> read_document(YAML::EventHandler& handler, std::string_view parsed, std::string_view text,
                                   const PyYamlScan& scan, const std::string& name, bool& syntax) {
    ViewBuf buf(parsed);
    std::istream in(&buf);
    syntax = true;
    try {
        YAML::Parser parser(in);
        if (!parser.HandleNextDocument(handler)) return std::nullopt;
        NoTree second(true);
        parser.HandleNextDocument(second);
    } catch (const NoTree::SecondDocument& found) {
        return Error(mark_origin(found.mark, text, scan, name), {}, "expected a single document, found several");
    } catch (const YAML::DeepRecursion& e) {
        // Too deep for yaml-cpp (and for PyYAML, whose RecursionError has no position).
        syntax = false;
        return Error(mark_origin(e.mark, text, scan, name), {}, "malformed YAML: " + e.msg);
    } catch (const YAML::Exception& e) {
        // yaml-cpp ran out of text (a null mark, a quoted scalar left open): PyYAML says so
        // where the text ends.
        // At the end of the text yaml-cpp's column is 0 after a last line without a break.
        bool at_end = e.mark.is_null() || e.msg == YAML::ErrorMsg::EOF_IN_SCALAR ||
                      static_cast<size_t>(e.mark.pos) >= parsed.size();
        if (!at_end) return Error(mark_origin(e.mark, text, scan, name), {}, "malformed YAML: " + e.msg);
        // A flow collection left open, in PyYAML's words: after `[ { , : ?` a node was due.
        // The rules scan knows the last token, unless it stopped early at a refusal.
        bool open_flow = e.msg == YAML::ErrorMsg::END_OF_SEQ_FLOW || e.msg == YAML::ErrorMsg::END_OF_MAP_FLOW;
        char last_token = scan.last_token;
        if (scan.refused) {
            size_t last = text.find_last_not_of(" \t\r\n");
            last_token = last == std::string_view::npos ? '\0' : text[last];
        }
        if (open_flow && last_token != '\0' && std::string_view("[{,:?").find(last_token) != std::string_view::npos)
            return Error(end_of(text, name), {},
                         "while parsing a flow node: expected the node content, but found '<stream end>'");
        if (e.msg == YAML::ErrorMsg::END_OF_SEQ_FLOW)
            return Error(end_of(text, name), {},
                         "while parsing a flow sequence: expected ',' or ']', but got '<stream end>'");
        if (e.msg == YAML::ErrorMsg::END_OF_MAP_FLOW)
            return Error(end_of(text, name), {},
                         "while parsing a flow mapping: expected ',' or '}', but got '<stream end>'");
        if (e.msg == YAML::ErrorMsg::EOF_IN_SCALAR) {
            // The scalar yaml-cpp was reading belongs where the tree stands, as the
            // UnclosedQuote of a text that ends with a line break says.
            const auto* builder = dynamic_cast<const Builder*>(&handler);
            return Error(end_of(text, name), builder ? builder->open_path() : std::string(), unclosed_quote(scan));
        }
        return Error(end_of(text, name), {}, "malformed YAML: " + e.msg);
    } catch (const UnclosedQuote& e) {
        return Error(end_of(text, name), e.key_path, unclosed_quote(scan));
    } catch (const Error& e) {
        syntax = false;
        return e;
    }
    return std::nullopt;
}

bool before(const Origin& a, const Origin& b) { return a.line < b.line || (a.line == b.line && a.column < b.column); }

}  // namespace

NodePtr parse_yaml(std::string_view raw, const std::string& name, const ParseLimits& limits, const ParseNotes& notes) {
    if (notes.interpolations_valid) *notes.interpolations_valid = true;
    bool ascii = check_characters(raw, name);
    // A BOM at the start is no character of the document for PyYAML (not even a column),
    // and yaml-cpp's marks leave it out: without it, every offset is the same for both.
    if (raw.starts_with("\xef\xbb\xbf")) raw.remove_prefix(3);
    // PyYAML's reading where yaml-cpp's differs: yaml_rules.hpp. Most files have no CR or
    // NEL, and then need no copy.
    std::string normalized;
    std::string_view text = raw;
    if (raw.find('\r') != std::string_view::npos || raw.find("\xc2\x85") != std::string_view::npos) {
        normalized = normalize_line_breaks(raw);
        text = normalized;
    }
    PyYamlScan scan = check_yaml_rules(text, name, ascii);
    // Only a document with a token yaml-cpp would read on past is copied, with spaces.
    std::string spaced;
    std::string_view parsed = text;
    if (!scan.at.empty() || !scan.breaks.empty()) {
        spaced = scan.apply(text);
        parsed = spaced;
    }
    NodeArenaScope arena;  // the tree's nodes together; they outlive it
    Builder builder(text, ascii, scan, name, limits, notes);
    bool syntax = true;
    std::optional<Error> error = read_document(builder, parsed, text, scan, name, syntax);
    // PyYAML composes the whole document, and looks for a second one, before it constructs
    // anything: a syntax error anywhere comes before a construction error (a duplicate key,
    // an unknown tag). A limit's error stands: the document may be too deep to read again.
    if (error && !syntax && !builder.reached_limit()) {
        NoTree check(false);
        bool check_syntax = true;
        std::optional<Error> first = read_document(check, parsed, text, scan, name, check_syntax);
        if (first && check_syntax) error = first;
        syntax = first && check_syntax;
    }
    // PyYAML's scanner reads lazily: what the rules refuse comes first unless yaml-cpp found
    // a syntax error before the token it concerns (a null key, OmegaConf's, comes after any).
    const Origin from{name, scan.refused_from.first, scan.refused_from.second};
    if (scan.refused && (!error || !syntax || (scan.refused_syntax && !before(error->origin(), from))))
        throw *scan.refused;
    if (error) throw *error;
    return builder.result();
}

}  // namespace goe
