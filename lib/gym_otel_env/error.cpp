#include "gym_otel_env/error.hpp"

#include <fmt/format.h>

namespace goe {

std::string Origin::str() const {
    if (line <= 0) return source;
    if (column <= 0) return fmt::format("{}:{}", source, line);
    return fmt::format("{}:{}:{}", source, line, column);
}

std::string locate(const Origin& origin, const std::string& key_path, const std::string& what) {
    std::string out;
    if (!origin.empty()) out += origin.str() + ": ";
    if (!key_path.empty()) out += key_path + ": ";
    return out + what;
}

Error::Error(Origin origin, std::string key_path, const std::string& what, Kind kind)
    : std::runtime_error(locate(origin, key_path, what)),
      origin_(std::move(origin)),
      key_path_(std::move(key_path)),
      detail_(what),
      kind_(kind) {}

Error::Error(const std::string& what, Kind kind) : Error(Origin{}, {}, what, kind) {}

}  // namespace goe
