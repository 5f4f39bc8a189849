#include "gym_otel_env/parse.hpp"

#include <istream>
#include <streambuf>
#include <sstream>
#include <unordered_map>
#include <unordered_set>

#include <fmt/format.h>
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/exceptions.h>
#include <yaml-cpp/mark.h>
#include <yaml-cpp/parser.h>

#include "gym_otel_env/scalar.hpp"
#include "gym_otel_env/yaml_rules.hpp"

namespace goe {
namespace {

constexpr std::string_view kStrTag = "tag:yaml.org,2002:str";

// PyYAML's reader accepts only these code points, and only valid UTF-8.
bool printable(char32_t c) {
    return c == 0x9 || c == 0xA || c == 0xD || (c >= 0x20 && c <= 0x7E) || c == 0x85 ||
           (c >= 0xA0 && c <= 0xD7FF) || (c >= 0xE000 && c <= 0xFFFD) || (c >= 0x10000 && c <= 0x10FFFF);
}

void check_characters(std::string_view text, const std::string& name) {
    int line = 1, column = 1;
    for (size_t i = 0; i < text.size();) {
        auto c0 = static_cast<unsigned char>(text[i]);
        size_t len = c0 < 0x80 ? 1 : (c0 >> 5) == 0x6 ? 2 : (c0 >> 4) == 0xE ? 3 : (c0 >> 3) == 0x1E ? 4 : 0;
        char32_t cp = len == 1 ? c0 : len == 2 ? c0 & 0x1F : len == 3 ? c0 & 0x0F : c0 & 0x07;
        bool ok = len != 0 && i + len <= text.size();
        for (size_t k = 1; ok && k < len; ++k) {
            auto ck = static_cast<unsigned char>(text[i + k]);
            ok = (ck & 0xC0) == 0x80;
            cp = (cp << 6) | (ck & 0x3F);
        }
        // Overlong forms and surrogates are not UTF-8.
        if (ok && ((len == 2 && cp < 0x80) || (len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000) ||
                   (cp >= 0xD800 && cp <= 0xDFFF)))
            ok = false;
        // The Origin is made only for an error: one per character cost as much as the check.
        if (!ok) throw Error(Origin{name, line, column}, {}, fmt::format("invalid UTF-8 byte 0x{:02x}", c0));
        if (!printable(cp))
            throw Error(Origin{name, line, column}, {},
                        fmt::format("character U+{:04X} is not allowed in YAML", static_cast<uint32_t>(cp)));
        if (cp == '\n') {
            ++line;
            column = 1;
        } else {
            ++column;
        }
        i += len;
    }
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

// Builds the tree from yaml-cpp's events. yaml-cpp leaves plain scalars untyped
// (tag "?") and marks quoted ones with tag "!"; typing is scalar.cpp's job.
class Builder : public YAML::EventHandler {
public:
    Builder(std::string_view text, std::string name, const ParseLimits& limits)
        : text_(text), name_(std::move(name)), limits_(limits) {}

    NodePtr result() const { return root_; }

    void OnDocumentStart(const YAML::Mark&) override {}
    void OnDocumentEnd() override {}

    void OnNull(const YAML::Mark& mark, YAML::anchor_t anchor) override {
        count(mark);
        add(make_null(origin(mark)), anchor, false, mark);
    }

    void OnAlias(const YAML::Mark& mark, YAML::anchor_t anchor) override {
        if (anchor >= anchors_.size() || !anchors_[anchor])
            throw Error(origin(mark), path(), "an alias refers to a collection that contains it");
        add(anchors_[anchor], 0, false, mark);
    }

    void OnScalar(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                  const std::string& raw_value) override {
        std::string value = pyyaml_escapes(raw_value);
        count(mark);
        Origin where = origin(mark);
        if (tag == "!" && !quote_closed(static_cast<size_t>(mark.pos)))
            throw Error(where, path(), "malformed YAML: end of quoted scalar not found");
        bool in_key = !stack_.empty() && stack_.back().node->type == Type::mapping && !stack_.back().have_key;
        merge_key_ = in_key && tag == "?" && value == "<<";
        NodePtr node = merge_key_ ? make_string(value, where) : typed(tag, value, where);
        bool string_key = !merge_key_ && (tag == "!" || tag == kStrTag || (tag == "?" && node->type == Type::string));
        add(node, anchor, string_key, mark);
    }

    void OnSequenceStart(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                         YAML::EmitterStyle::value) override {
        open(Type::sequence, "seq", mark, tag, anchor);
    }
    void OnSequenceEnd() override { close(); }

    void OnMapStart(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                    YAML::EmitterStyle::value) override {
        open(Type::mapping, "map", mark, tag, anchor);
    }
    void OnMapEnd() override { close(); }

private:
    struct Frame {
        std::shared_ptr<Node> node;
        YAML::anchor_t anchor = 0;
        // mapping state
        bool have_key = false;
        std::string key;
        bool key_is_merge = false;
        Origin key_origin;
        std::unordered_set<std::string> string_keys;
        std::unordered_map<std::string, size_t> index;  // key -> position in entries, when large
        std::vector<NodePtr> merges;  // values of "<<" keys, applied at the end
    };

    // Time and memory grow with the number of values, not with the bytes: a file of
    // tiny keys is the expensive kind.
    void count(const YAML::Mark& mark) {
        if (++nodes_ > limits_.max_nodes)
            throw Error(origin(mark), {}, fmt::format("more than {} values in one file", limits_.max_nodes));
    }

    Origin origin(const YAML::Mark& mark) const {
        return Origin{name_, mark.line + 1, char_column(text_, static_cast<size_t>(mark.pos), mark.column + 1)};
    }

    // The key path is built only when typing fails: building it for every scalar cost
    // more than the typing itself.
    NodePtr typed(const std::string& tag, const std::string& value, const Origin& where) const {
        try {
            return tag == "?" ? type_plain_scalar(value, where) : type_tagged_scalar(tag, value, where, {});
        } catch (const Error& e) {
            throw Error(e.origin(), path(), e.detail(), e.kind());
        }
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
                out += frame.key;
            } else if (frame.node->type == Type::sequence) {
                out += fmt::format("[{}]", frame.node->items.size());
            }
        }
        return out;
    }

    void open(Type type, std::string_view short_tag, const YAML::Mark& mark, const std::string& tag,
              YAML::anchor_t anchor) {
        Origin where = origin(mark);
        count(mark);
        if (tag != "?" && tag != "!" && tag != fmt::format("tag:yaml.org,2002:{}", short_tag))
            throw Error(where, path(), fmt::format("unsupported YAML tag '{}'", tag));
        if (static_cast<int>(stack_.size()) >= limits_.max_depth)
            throw Error(where, path(), fmt::format("nesting deeper than {} levels", limits_.max_depth));
        if (!stack_.empty() && stack_.back().node->type == Type::mapping && !stack_.back().have_key)
            throw Error(where, path(), "a mapping key must be a scalar, not a collection");
        auto node = std::make_shared<Node>();
        node->type = type;
        node->origin = where;
        if (anchor >= anchors_.size()) anchors_.resize(anchor + 1);
        Frame frame;
        frame.node = node;
        frame.anchor = anchor;
        stack_.push_back(std::move(frame));
    }

    void close() {
        Frame frame = std::move(stack_.back());
        stack_.pop_back();
        if (!frame.merges.empty()) apply_merges(frame);
        if (frame.anchor) anchors_[frame.anchor] = frame.node;
        merge_key_ = false;
        place(frame.node, false, frame.node->origin);
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
            auto [it, fresh] = index.emplace(e.key, merged.size());
            if (fresh) merged.push_back(e);
            else merged[it->second].value = e.value;
        };
        for (const auto& value : frame.merges) {
            std::vector<NodePtr> sources;
            if (value->type == Type::mapping) {
                sources.push_back(value);
            } else if (value->type == Type::sequence) {
                // A mapping listed twice adds nothing the first listing did not.
                std::unordered_set<const Node*> seen;
                std::vector<NodePtr> firsts;
                for (const auto& item : value->items)
                    if (seen.insert(item.get()).second) firsts.push_back(item);
                sources.assign(firsts.rbegin(), firsts.rend());
            } else {
                sources.push_back(value);  // rejected below
            }
            for (const auto& source : sources) {
                if (source->type != Type::mapping)
                    throw Error(source->origin, path(), "a merge key (<<) takes a mapping or a list of mappings");
                for (const auto& e : source->entries) put(e);
            }
        }
        for (const auto& e : frame.node->entries) put(e);
        frame.node->entries = std::move(merged);
    }

    void add(NodePtr node, YAML::anchor_t anchor, bool string_key, const YAML::Mark& mark) {
        if (anchor) {
            if (anchor >= anchors_.size()) anchors_.resize(anchor + 1);
            anchors_[anchor] = node;
        }
        place(std::move(node), string_key, origin(mark));
    }

    void place(NodePtr node, bool string_key, const Origin& where) {
        if (stack_.empty()) {
            root_ = std::move(node);
            return;
        }
        Frame& top = stack_.back();
        if (top.node->type == Type::sequence) {
            top.node->items.push_back(std::move(node));
            return;
        }
        if (!top.have_key) {
            if (node->type == Type::null && !merge_key_) throw Error(where, path(), "a mapping key must not be null");
            top.have_key = true;
            top.key_is_merge = merge_key_;
            top.key = python_str(*node);
            top.key_origin = where;
            if (string_key && !top.string_keys.insert(top.key).second)
                throw Error(where, path(), fmt::format("duplicate key '{}'", top.key));
            merge_key_ = false;
            return;
        }
        top.have_key = false;
        if (top.key_is_merge) {
            top.merges.push_back(std::move(node));
            return;
        }
        auto& entries = top.node->entries;
        // A later equal key replaces the value in place. Large mappings (a config with
        // thousands of servers) get an index, so that building them stays linear.
        constexpr size_t kIndexFrom = 16;
        if (top.index.empty() && entries.size() >= kIndexFrom)
            for (size_t i = 0; i < entries.size(); ++i) top.index.emplace(entries[i].key, i);
        if (!top.index.empty()) {
            auto [slot, fresh] = top.index.emplace(top.key, entries.size());
            if (!fresh) return void(entries[slot->second].value = std::move(node));
        } else {
            for (auto& e : entries)
                if (e.key == top.key) return void(e.value = std::move(node));
        }
        entries.push_back(Entry{top.key, std::move(node)});
    }

    std::string_view text_;
    std::string name_;
    ParseLimits limits_;
    std::vector<Frame> stack_;
    std::vector<NodePtr> anchors_;
    NodePtr root_;
    bool merge_key_ = false;
    size_t merged_entries_ = 0;
    size_t nodes_ = 0;
};

}  // namespace

NodePtr parse_yaml(std::string_view raw, const std::string& name, const ParseLimits& limits) {
    check_characters(raw, name);
    // PyYAML's reading where yaml-cpp's differs: yaml_rules.hpp.
    std::string normalized = normalize_line_breaks(raw);
    std::string_view text = normalized;
    check_yaml_rules(text, name);
    ViewBuf buf(text);
    std::istream in(&buf);
    Builder builder(text, name, limits);
    try {
        YAML::Parser parser(in);
        if (!parser.HandleNextDocument(builder)) return nullptr;
        NodePtr root = builder.result();
        Builder extra(text, name, limits);
        if (parser.HandleNextDocument(extra))
            throw Error(Origin{name}, {}, "expected a single document, found several");
        return root;
    } catch (const YAML::Exception& e) {
        throw Error(Origin{name, e.mark.line + 1, char_column(text, static_cast<size_t>(e.mark.pos), e.mark.column + 1)},
                    {}, "malformed YAML: " + e.msg);
    }
}

}  // namespace goe
