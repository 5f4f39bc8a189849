#include "gym_otel_env/output/record.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "gym_otel_env/core/sha256.hpp"
#include "gym_otel_env/core/text.hpp"
#include "gym_otel_env/telemetry/schema.hpp"

namespace goe {
namespace {

// The record's text: "v1 NAME/DIGEST NAME/DIGEST/made ...", one entry per variable the
// output set, "/made" on a value the tool made up rather than read (the run id). Unsalted,
// so that the same config in the same environment prints the same text every time. Only
// bytes that sh's IFS-proof form writes as they are (render.cpp): a record stays readable.
constexpr std::string_view kVersion = "v1";
constexpr std::string_view kMade = "/made";
constexpr size_t kDigestLength = 16;  // 64 bits: a change goes unnoticed once in 2^64

std::string digest(std::string_view name, std::string_view value) {
    return sha256_hex(fmt::format("gym-otel-env record\n{}={}", name, value)).substr(0, kDigestLength);
}

// Lowercase hex, as digest() writes it.
bool is_digest(std::string_view text) {
    return text.size() == kDigestLength &&
           std::all_of(text.begin(), text.end(), [](char c) { return is_hex_digit(c) && !(c >= 'A' && c <= 'F'); });
}

// Only a variable this tool writes: a record made by hand cannot have the next output
// unset PATH.
bool is_ours(std::string_view name) {
    const Field* f = field_of_variable(name);
    return f && f->variable == name;
}

struct RecordEntry {
    std::string name;
    std::string digest;
    bool made = false;
};

// The entries of a record, or nullopt for text this tool did not write.
std::optional<std::vector<RecordEntry>> entries(std::string_view text) {
    std::vector<std::string> words = split(text, ' ');
    if (words.empty() || words[0] != kVersion) return std::nullopt;
    std::vector<RecordEntry> out;
    for (size_t i = 1; i < words.size(); ++i) {
        std::string_view word = words[i];
        RecordEntry e;
        if (word.ends_with(kMade)) {
            e.made = true;
            word.remove_suffix(kMade.size());
        }
        size_t slash = word.find('/');
        if (slash == std::string_view::npos) return std::nullopt;
        e.name = word.substr(0, slash);
        e.digest = word.substr(slash + 1);
        if (!is_ours(e.name) || !is_digest(e.digest)) return std::nullopt;
        out.push_back(e);
    }
    return out;
}

bool made_up(const Export& e) {
    return e.source == Export::Source::generated || e.source == Export::Source::slurm ||
           e.source == Export::Source::earlier;
}

}  // namespace

Earlier read_record(const Environment& env) {
    Earlier out{env, {}, std::nullopt, false};
    auto text = lookup(env, kRecordVariable);
    if (!text) return out;
    out.recorded = true;
    out.user.erase(out.user.find(kRecordVariable));
    auto record = entries(*text);
    if (!record) return out;
    for (const RecordEntry& e : *record) {
        auto value = lookup(env, e.name);
        if (!value || digest(e.name, *value) != e.digest) continue;  // unset or changed since: the user's
        if (std::find(out.own.begin(), out.own.end(), e.name) != out.own.end()) continue;
        out.own.emplace_back(e.name);
        if (e.made) out.made_run_id = std::string(*value);
        out.user.erase(out.user.find(e.name));
    }
    return out;
}

std::vector<Export> for_child(const std::vector<Export>& exports, const Earlier& earlier) {
    std::vector<Export> out = exports;
    for (const auto& name : earlier.own)
        if (std::none_of(exports.begin(), exports.end(), [&](const Export& e) { return e.name == name; }))
            out.push_back(Export{name, {}, Export::Source::withdrawn, {}, {}});
    if (earlier.recorded) out.push_back(Export{std::string(kRecordVariable), {}, Export::Source::withdrawn, {}, {}});
    return out;
}

std::vector<Export> recorded(const std::vector<Export>& exports, const Earlier& earlier) {
    std::vector<Export> out = for_child(exports, earlier);
    if (exports.empty()) return out;
    if (earlier.recorded) out.pop_back();  // the record's withdrawal: a new record replaces it
    std::string text(kVersion);
    for (const auto& e : exports)
        text += fmt::format(" {}/{}{}", e.name, digest(e.name, e.value), made_up(e) ? kMade : "");
    out.push_back(Export{std::string(kRecordVariable), std::move(text), Export::Source::record, {}, {}});
    return out;
}

}  // namespace goe
