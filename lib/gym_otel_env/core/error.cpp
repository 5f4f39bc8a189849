#include "gym_otel_env/core/error.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "gym_otel_env/core/text.hpp"

namespace goe {

namespace {
uint64_t position(int line, int column) {
    return static_cast<uint64_t>(static_cast<uint32_t>(line)) << 32 | static_cast<uint32_t>(column);
}
}  // namespace

void SourceName::note_plain_scalar(int line, int column, std::string_view text, bool is_str) {
    if (!shared_) return;
    if (!shared_->plain) shared_->plain = std::make_unique<PlainScalars>();
    if (is_str) {
        shared_->plain->as_str.push_back(position(line, column));
    } else {
        shared_->plain->as_written.emplace_back(position(line, column), text);
    }
}

std::optional<std::string_view> SourceName::plain_scalar_at(int line, int column) const {
    if (!shared_ || !shared_->plain) return std::nullopt;
    const PlainScalars& plain = *shared_->plain;
    uint64_t at = position(line, column);
    if (std::binary_search(plain.as_str.begin(), plain.as_str.end(), at)) return std::string_view();
    auto hit = std::lower_bound(plain.as_written.begin(), plain.as_written.end(), at,
                                [](const auto& noted, uint64_t p) { return noted.first < p; });
    if (hit != plain.as_written.end() && hit->first == at) return std::string_view(hit->second);
    return std::nullopt;
}

void SourceName::note_key(int line, int column) {
    if (!shared_) return;
    if (!shared_->plain) shared_->plain = std::make_unique<PlainScalars>();
    shared_->plain->keys.push_back(position(line, column));
}

std::optional<std::pair<int, int>> SourceName::key_before(int line, int column) const {
    if (!shared_ || !shared_->plain || line <= 0) return std::nullopt;
    const auto& keys = shared_->plain->keys;
    auto after = std::lower_bound(keys.begin(), keys.end(), position(line, column));
    if (after == keys.begin()) return std::nullopt;
    uint64_t at = *(after - 1);
    return std::pair<int, int>{static_cast<int>(at >> 32), static_cast<int>(at & 0xffffffffu)};
}

Origin key_origin(const Origin& value) {
    auto key = value.source.key_before(value.line, value.column);
    if (!key) return value;
    return Origin{value.source, key->first, key->second};
}

std::string Origin::str() const {
    if (line <= 0) return source.str();
    if (column <= 0) return fmt::format("{}:{}", source.str(), line);
    return fmt::format("{}:{}:{}", source.str(), line, column);
}

namespace {
// A hostile config makes long key paths (256 levels) and long quoted values (a 20 MB
// scalar): a message keeps their start and end, cut between UTF-8 characters.
std::string shorten(const std::string& text, size_t max_bytes) {
    if (text.size() <= max_bytes) return text;
    size_t head = floor_char_boundary(text, max_bytes / 2);
    size_t tail = ceil_char_boundary(text, text.size() - max_bytes / 2);
    return text.substr(0, head) + "..." + text.substr(tail);
}

}  // namespace

std::string locate(const Origin& origin, const std::string& key_path, const std::string& what) {
    std::string out;
    if (!origin.empty()) out += shorten(origin.str(), 300) + ": ";
    if (!key_path.empty()) out += shorten(key_path, 300) + ": ";
    return out + shorten(what, 1000);
}

Error::Error(Origin origin, std::string key_path, const std::string& what, Kind kind)
    : std::runtime_error(locate(origin, key_path, what)),
      origin_(std::move(origin)),
      key_path_(std::move(key_path)),
      detail_(what),
      kind_(kind),
      lines_{std::runtime_error::what()} {}

Error::Error(const std::string& what, Kind kind) : Error(Origin{}, {}, what, kind) {}

namespace {
std::string join_lines(const std::vector<std::string>& lines) {
    std::string out;
    for (const auto& line : lines) out += (out.empty() ? "" : "\n") + line;
    return out;
}
}  // namespace

Error::Error(const std::vector<std::string>& lines, Kind kind)
    : std::runtime_error(join_lines(lines)), detail_(join_lines(lines)), kind_(kind), lines_(lines) {}

}  // namespace goe
