#include "gym_otel_env/error.hpp"

#include <fmt/format.h>

#include "gym_otel_env/text.hpp"

namespace goe {

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
