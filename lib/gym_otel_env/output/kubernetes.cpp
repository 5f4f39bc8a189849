#include "gym_otel_env/output/kubernetes.hpp"

#include <algorithm>
#include <cstdint>

#include <fmt/format.h>

#include "gym_otel_env/core/error.hpp"
#include "gym_otel_env/core/text.hpp"

// The reasons behind each rule below are in docs/formats.md ("kubernetes").
namespace goe {

namespace {

// What the API server accepts in one ConfigMap or Secret: the bytes of its values, added
// up (core/v1 MaxSecretSize, checked by ValidateConfigMap and ValidateSecret alike).
constexpr size_t kMaxObjectBytes = size_t{1} << 20;

// A DNS-1123 label: lowercase letters and digits, '-' inside.
bool dns_label(std::string_view part) {
    auto alnum = [](char c) { return is_digit(c) || (c >= 'a' && c <= 'z'); };
    if (part.empty() || !alnum(part.front()) || !alnum(part.back())) return false;
    for (char c : part)
        if (!alnum(c) && c != '-') return false;
    return true;
}

// Code points written as themselves inside double quotes: what go-yaml's reader takes
// as printable, less the line breaks that a double-quoted scalar would fold (NEL, LS, PS)
// and the byte order mark, which reads as a stream marker to some parsers.
bool yaml_literal_ok(char32_t c) {
    if (c < 0x80) return c >= 0x20 && c < 0x7f && c != '"' && c != '\\';
    return (c >= 0xA0 && c <= 0xD7FF && c != 0x2028 && c != 0x2029) || (c >= 0xE000 && c <= 0xFFFD && c != 0xFEFF) ||
           c >= 0x10000;
}

// The object's metadata: its name, and the labels a later `kubectl apply --prune -l` or
// `kubectl delete -l` selects it by.
std::string object_head(std::string_view kind, std::string_view name) {
    return fmt::format(
        "apiVersion: v1\n"
        "kind: {0}\n"
        "metadata:\n"
        "  name: {1}\n"
        "  labels:\n"
        "    app.kubernetes.io/name: {1}\n"
        "    app.kubernetes.io/managed-by: \"gym-otel-env\"\n",
        kind, yaml_double_quoted(name));
}

// `data:` and a line per export, its value as `quoted` writes it; `{}` when there are
// none, so that the apply empties what an earlier apply put there.
template <class Quoted>
std::string data_block(const std::vector<const Export*>& exports, Quoted quoted) {
    if (exports.empty()) return "data: {}\n";
    std::string out = "data:\n";
    // The keys are the schema's variable names (capitals, digits and '_'): YAML never
    // reads them as anything but themselves.
    for (const Export* e : exports) out += fmt::format("  {}: {}\n", e->name, quoted(e->value));
    return out;
}

[[noreturn]] void unwritable(const Export& e, std::string_view why) {
    throw Error(e.origin, e.name,
                fmt::format("cannot be written for Kubernetes: {}; run gym-otel-env in the pod instead, as its "
                            "command (gym-otel-env c.yaml --exec -- gym ...)",
                            why));
}

// The values of one object, refused past kMaxObjectBytes: the largest value is named, as
// the one to look at.
void check_size(const std::vector<const Export*>& exports, std::string_view kind, std::string_view name) {
    size_t total = 0;
    const Export* largest = nullptr;
    for (const Export* e : exports) {
        total += e->value.size();
        if (!largest || e->value.size() > largest->value.size()) largest = e;
    }
    if (total > kMaxObjectBytes)
        unwritable(*largest, fmt::format("the {} '{}' would hold {} bytes of values, {} of them this one's, and "
                                         "Kubernetes accepts at most 1048576 (1 MiB)",
                                         kind, name, total, largest->value.size()));
}

}  // namespace

std::string kubernetes_name_problem(std::string_view name) {
    constexpr std::string_view rule =
        "lowercase letters, digits, '-' and '.', each dot-separated part starting and ending with a letter "
        "or digit, at most 63 characters";
    if (name.empty()) return fmt::format("--name: the name is empty; a Kubernetes name is {}", rule);
    bool ok = name.size() <= 63;
    for (const auto& part : split(name, '.')) ok = ok && dns_label(part);
    if (ok) return {};
    return fmt::format("--name: '{}' is not a Kubernetes name for a ConfigMap and a Secret: {}", name, rule);
}

std::string yaml_double_quoted(std::string_view text) {
    std::string out = "\"";
    for (size_t i = 0; i < text.size();) {
        Decoded d = decode_utf8(text, i);
        if (d.length == 0) d = {static_cast<unsigned char>(text[i]), 1};  // not UTF-8: callers refuse it before
        if (yaml_literal_ok(d.code_point)) out.append(text.substr(i, d.length));
        else if (d.code_point == '"') out += "\\\"";
        else if (d.code_point == '\\') out += "\\\\";
        else if (d.code_point == '\t') out += "\\t";
        else if (d.code_point == '\n') out += "\\n";
        else if (d.code_point == '\r') out += "\\r";
        else if (d.code_point < 0x80) out += fmt::format("\\x{:02x}", static_cast<unsigned>(d.code_point));
        else out += fmt::format("\\u{:04x}", static_cast<unsigned>(d.code_point));
        i += d.length;
    }
    return out + "\"";
}

std::string base64(std::string_view bytes) {
    constexpr std::string_view digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    out.reserve((bytes.size() + 2) / 3 * 4);
    for (size_t i = 0; i < bytes.size(); i += 3) {
        size_t n = std::min<size_t>(3, bytes.size() - i);
        uint32_t group = 0;
        for (size_t k = 0; k < 3; ++k) group = group << 8 | (k < n ? static_cast<unsigned char>(bytes[i + k]) : 0U);
        for (size_t k = 0; k < 4; ++k) out += k <= n ? digits[group >> (18 - 6 * k) & 0x3f] : '=';
    }
    return out;
}

std::string kubernetes_manifests(const std::vector<Export>& exports, std::string_view name) {
    std::vector<const Export*> plain, secret;
    for (const auto& e : exports) {
        // A ConfigMap's data is UTF-8 text (bytes go in binaryData, which envFrom skips); a
        // Secret's base64 would carry them, but the kubelet hands them on as strings to a
        // runtime whose handling of them no one promises.
        if (!valid_utf8(e.value))
            unwritable(e, "it is not UTF-8, and a pod's environment from a ConfigMap or a Secret is UTF-8 text");
        (e.secret ? secret : plain).push_back(&e);
    }
    check_size(plain, "ConfigMap", name);
    check_size(secret, "Secret", name);
    // base64 `data` rather than `stringData`: the API server never stores stringData, so a
    // later apply could not remove a key that the config no longer has.
    auto base64_quoted = [](std::string_view value) { return fmt::format("\"{}\"", base64(value)); };
    return object_head("ConfigMap", name) + data_block(plain, yaml_double_quoted) + "---\n" +
           object_head("Secret", name) + "type: Opaque\n" + data_block(secret, base64_quoted);
}

}  // namespace goe
