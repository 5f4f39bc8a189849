#include "gym_otel_env/hydra/override_shown.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "gym_otel_env/core/text.hpp"
#include "gym_otel_env/core/value.hpp"

namespace goe {
namespace {

// Control characters never reach the terminal: they are shown as Python escapes.
std::string visible(std::string_view text) {
    std::string out;
    for (char c : text) {
        auto u = static_cast<unsigned char>(c);
        if (c == '\n') out += "\\n";
        else if (c == '\t') out += "\\t";
        else if (c == '\r') out += "\\r";
        else if (u < 0x20 || u == 0x7f) out += fmt::format("\\x{:02x}", u);
        else out += c;
    }
    return out;
}

}  // namespace

TokenShown::TokenShown(std::string_view typed, std::string source, size_t added, bool secret)
    : typed_(typed), source_(std::move(source)), added_(added), secret_(secret) {
    size_t eq = typed.find('=');
    shown_ = visible(secret_ && eq != std::string_view::npos ? std::string(typed.substr(0, eq)) + "=***" : typed);
}

void TokenShown::fail(size_t offset, std::string_view what, std::string_view text) const {
    size_t end = offset > added_ ? std::min(offset - added_, typed_.size()) : 0;
    size_t column = 1 + char_count(std::string_view(typed_).substr(0, end));
    std::string detail = fmt::format("{} at column {}", what, column);
    // A column past the '=' of a hidden value would count characters the user cannot see
    // in the message: it is counted within the value instead, which the user typed.
    size_t eq = typed_.find('=');
    if (secret_ && eq != std::string::npos && end > eq)
        detail = fmt::format("{} at character {} of the hidden value", what,
                             char_count(std::string_view(typed_).substr(eq + 1, end - eq - 1)) + 1);
    if (!secret_ && !text.empty()) detail += ": " + python_repr(text);
    fail_whole(detail);
}

void TokenShown::fail_whole(std::string_view what) const {
    throw Error(Origin{source_}, {}, fmt::format("Error parsing override '{}': {}", shown_, what), Error::Kind::usage);
}

void TokenShown::fail_whole(std::string_view what, std::string_view next_line) const {
    const Origin origin{source_};
    throw Error(
        std::vector<std::string>{locate(origin, {}, fmt::format("Error parsing override '{}': {}", shown_, what)),
                                 locate(origin, {}, std::string(next_line))},
        Error::Kind::usage);
}

void TokenShown::fail_plain(std::string_view what, const std::string& key) const {
    throw Error(Origin{source_}, key, std::string(what), Error::Kind::usage);
}

}  // namespace goe
