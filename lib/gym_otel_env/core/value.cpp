#include "gym_otel_env/core/value.hpp"

#include <atomic>
#include <charconv>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <new>
#include <stdexcept>

#include <fmt/format.h>

#include "gym_otel_env/core/text.hpp"

namespace goe {

const NodePtr* Node::find(std::string_view key) const {
    for (const auto& entry : entries())
        if (entry.key_type == Type::string && entry.key == key) return &entry.value;
    return nullptr;
}

std::string join_key_path(std::string_view base, std::string_view key) {
    std::string out;
    out.reserve(base.size() + 1 + key.size());
    if (!base.empty()) out.append(base).append(1, '.');
    return out.append(key);
}

namespace {
const Children<Entry> kNoEntries;
const Children<NodePtr> kNoItems;
}  // namespace

const Children<Entry>& Node::entries() const { return type == Type::mapping ? entries_ : kNoEntries; }
const Children<NodePtr>& Node::items() const { return type == Type::sequence ? items_ : kNoItems; }

Children<Entry>& Node::mutable_entries() {
    if (type != Type::mapping) throw std::logic_error("entries of a node that is not a mapping");
    marks_ = 0;
    return entries_;
}

Children<NodePtr>& Node::mutable_items() {
    if (type != Type::sequence) throw std::logic_error("items of a node that is not a sequence");
    marks_ = 0;
    return items_;
}

void Node::set_text(std::string_view text) {
    if (type != Type::string && type != Type::integer) throw std::logic_error("text of a node that is not a string");
    marks_ = 0;
    release_payload();
    if (text.empty()) return;
    auto* p = static_cast<char*>(detail::allocate_bytes(text.size(), 1, text_in_arena_));
    std::copy(text.begin(), text.end(), p);
    text_ = p;
    text_size_ = static_cast<uint32_t>(text.size());
}

void Node::set_real(double value) {
    if (type != Type::real) throw std::logic_error("float value of a node that is not a float");
    marks_ = 0;
    real_ = value;
}

Node::Node(const Node& other) : type(other.type), boolean(other.boolean), origin(other.origin) {
    copy_payload(other);
    marks_ = other.marks_;
}

Node& Node::operator=(const Node& other) {
    if (this == &other) return *this;
    release_payload();
    type = other.type;
    boolean = other.boolean;
    origin = other.origin;
    copy_payload(other);
    marks_ = other.marks_;
    return *this;
}

Node::~Node() { release_payload(); }

void Node::copy_payload(const Node& other) {
    switch (type) {
        case Type::mapping: new (&entries_) Children<Entry>(other.entries_); break;
        case Type::sequence: new (&items_) Children<NodePtr>(other.items_); break;
        case Type::real: real_ = other.real_; break;
        case Type::string:
        case Type::integer:
            text_ = nullptr;
            if (other.text_in_arena_) {
                text_ = other.text_;
                text_size_ = other.text_size_;
                text_in_arena_ = true;
                detail::share_bytes(text_);
            } else {
                set_text(other.text());
            }
            break;
        default: text_ = nullptr; break;
    }
}

// Leaves the payload empty (all zero), which every type reads as nothing stored.
void Node::release_payload() noexcept {
    switch (type) {
        case Type::mapping: entries_.~Children(); break;
        case Type::sequence: items_.~Children(); break;
        case Type::string:
        case Type::integer:
            if (text_) detail::release_bytes(const_cast<char*>(text_), text_in_arena_);
            break;
        default: break;
    }
    text_ = nullptr;
    text_size_ = 0;
    text_in_arena_ = false;
}

std::shared_ptr<Node> writable(NodePtr node) {
    // Every node is made as a Node, not a const one: changing the one owner's is defined.
    if (node.use_count() == 1) return std::const_pointer_cast<Node>(std::move(node));
    return std::make_shared<Node>(*node);
}

namespace {
std::shared_ptr<Node> fresh(Type type, Origin origin) {
    auto node = new_node();
    node->type = type;
    node->origin = std::move(origin);
    return node;
}
}  // namespace

NodePtr make_null(Origin origin) { return fresh(Type::null, std::move(origin)); }

NodePtr make_bool(bool value, Origin origin) {
    auto node = fresh(Type::boolean, std::move(origin));
    node->boolean = value;
    return node;
}

NodePtr make_int(std::string_view decimal, Origin origin) {
    auto node = fresh(Type::integer, std::move(origin));
    node->set_text(decimal);
    return node;
}

NodePtr make_real(double value, Origin origin) {
    auto node = fresh(Type::real, std::move(origin));
    node->set_real(value);
    return node;
}

NodePtr make_string(std::string_view value, Origin origin) {
    auto node = fresh(Type::string, std::move(origin));
    node->set_text(value);
    return node;
}

std::string_view type_name(Type type) {
    switch (type) {
        case Type::null: return "null";
        case Type::boolean: return "boolean";
        case Type::integer: return "integer";
        case Type::real: return "float";
        case Type::string: return "string";
        case Type::mapping: return "mapping";
        case Type::sequence: return "list";
    }
    return "value";
}

std::string python_float(double value) {
    if (std::isnan(value)) return "nan";
    if (std::isinf(value)) return value < 0 ? "-inf" : "inf";
    // Shortest round-trip digits, then Python's layout: fixed for exponents in
    // [-4, 16), scientific with a two-digit exponent otherwise.
    char buf[64];
    auto res = std::to_chars(buf, buf + sizeof buf, value, std::chars_format::scientific);
    std::string_view sci(buf, static_cast<size_t>(res.ptr - buf));
    bool negative = sci.front() == '-';
    if (negative) sci.remove_prefix(1);
    auto e = sci.find('e');
    std::string digits;
    for (char c : sci.substr(0, e))
        if (c != '.') digits += c;
    int exponent = std::atoi(std::string(sci.substr(e + 1)).c_str());
    std::string out = negative ? "-" : "";
    if (exponent >= -4 && exponent < 16) {
        if (exponent < 0) {
            out += "0." + std::string(static_cast<size_t>(-exponent - 1), '0') + digits;
        } else {
            auto int_len = static_cast<size_t>(exponent) + 1;
            if (digits.size() <= int_len) {
                out += digits + std::string(int_len - digits.size(), '0') + ".0";
            } else {
                out += digits.substr(0, int_len) + "." + digits.substr(int_len);
            }
        }
        return out;
    }
    out += digits.substr(0, 1);
    if (digits.size() > 1) out += "." + digits.substr(1);
    out += fmt::format("e{}{:02d}", exponent < 0 ? '-' : '+', std::abs(exponent));
    return out;
}

namespace {

// Python's str.isprintable() is false for the categories Cc, Cf, Cs, Co, Cn, Zl, Zp and
// Zs but the space; this is that set for the assigned characters a config may hold
// (Cn is not tabulated: a reserved code point prints as itself).
bool python_printable(char32_t c) {
    struct Range {
        char32_t lo, hi;
    };
    static constexpr Range hidden[] = {
        {0x00, 0x1F},       {0x7F, 0xA0},       {0xAD, 0xAD},       {0x600, 0x605},      {0x61C, 0x61C},
        {0x6DD, 0x6DD},     {0x70F, 0x70F},     {0x890, 0x891},     {0x8E2, 0x8E2},      {0x1680, 0x1680},
        {0x180E, 0x180E},   {0x2000, 0x200F},   {0x2028, 0x202F},   {0x205F, 0x2064},    {0x2066, 0x206F},
        {0x3000, 0x3000},   {0xD800, 0xF8FF},   {0xFDD0, 0xFDEF},   {0xFEFF, 0xFEFF},    {0xFFF9, 0xFFFB},
        {0xFFFE, 0xFFFF},   {0x110BD, 0x110BD}, {0x110CD, 0x110CD}, {0x13430, 0x1343F},  {0x1BCA0, 0x1BCA3},
        {0x1D173, 0x1D17A}, {0xE0001, 0xE0001}, {0xE0020, 0xE007F}, {0xF0000, 0x10FFFF},
    };
    for (const auto& r : hidden)
        if (c >= r.lo && c <= r.hi) return false;
    return true;
}

}  // namespace

// Python's repr() of a str: its quote choice and escapes; a byte that is not UTF-8 as the
// lone surrogate os.environ gives it (surrogateescape).
std::string python_repr(std::string_view text) {
    bool has_single = text.find('\'') != std::string_view::npos;
    bool has_double = text.find('"') != std::string_view::npos;
    char quote = has_single && !has_double ? '"' : '\'';
    std::string out(1, quote);
    for (size_t i = 0; i < text.size(); ++i) {
        char ch = text[i];
        auto [cp, len] = decode_utf8(text, i);
        if (ch == quote || ch == '\\') {
            out += '\\';
            out += ch;
        } else if (ch == '\n') {
            out += "\\n";
        } else if (ch == '\r') {
            out += "\\r";
        } else if (ch == '\t') {
            out += "\\t";
        } else if (len == 0) {
            out += fmt::format("\\udc{:02x}", static_cast<unsigned char>(ch));
        } else if (!python_printable(cp)) {
            out += cp < 0x100     ? fmt::format("\\x{:02x}", static_cast<unsigned>(cp))
                   : cp < 0x10000 ? fmt::format("\\u{:04x}", static_cast<unsigned>(cp))
                                  : fmt::format("\\U{:08x}", static_cast<unsigned>(cp));
            i += len - 1;
        } else {
            out.append(text.substr(i, len));
            i += len - 1;
        }
    }
    out += quote;
    return out;
}

namespace {
bool append_repr(const Node& node, std::string& out, size_t max_bytes) {
    if (node.type != Type::string) return append_python_str(node, out, max_bytes);
    out += python_repr(node.text());
    return out.size() <= max_bytes;
}
}  // namespace

bool append_python_str(const Node& node, std::string& out, size_t max_bytes) {
    switch (node.type) {
        case Type::null: out += "None"; break;
        case Type::boolean: out += node.boolean ? "True" : "False"; break;
        case Type::integer: out += node.text(); break;
        case Type::real: out += python_float(node.real()); break;
        case Type::string: out += node.text(); break;
        case Type::sequence:
            out += '[';
            for (size_t i = 0; i < node.items().size(); ++i) {
                if (i) out += ", ";
                if (!append_repr(*node.items()[i], out, max_bytes)) return false;
            }
            out += ']';
            break;
        case Type::mapping:
            out += '{';
            for (size_t i = 0; i < node.entries().size(); ++i) {
                if (i) out += ", ";
                const Entry& e = node.entries()[i];
                out += e.key_type == Type::string ? python_repr(e.key) : e.key;
                out += ": ";
                if (!append_repr(*node.entries()[i].value, out, max_bytes)) return false;
            }
            out += '}';
            break;
    }
    return out.size() <= max_bytes;
}

std::string python_str(const Node& node, size_t max_bytes) {
    std::string out;
    if (!append_python_str(node, out, node.is_container() ? max_bytes : SIZE_MAX))
        throw Error(node.origin, {},
                    fmt::format("{} too large to use as text (more than {} bytes)", type_name(node.type), max_bytes));
    return out;
}

std::string python_str_brief(const Node& node, size_t max_bytes) {
    std::string out;
    if (append_python_str(node, out, max_bytes)) return out;
    out.resize(floor_char_boundary(out, max_bytes));
    return out + "...";
}

}  // namespace goe
