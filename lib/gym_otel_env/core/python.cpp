#include "gym_otel_env/core/python.hpp"

#include <cmath>
#include <cstdlib>

#include "gym_otel_env/core/decimal.hpp"

namespace goe {

bool python_truthy(const Node& node) {
    switch (node.type) {
        case Type::null: return false;
        case Type::boolean: return node.boolean;
        case Type::integer: return node.text() != "0";  // canonical: no "-0" or "00"
        case Type::real: return node.real() != 0;
        case Type::string: return !node.text().empty();
        case Type::mapping: return !node.entries().empty();
        case Type::sequence: return !node.items().empty();
    }
    return false;
}

std::string key_identity(const Entry& entry) { return key_identity(entry.key_type, entry.key); }

std::string key_identity(Type key_type, std::string_view key) {
    // A string key is its text; any other key gets a leading NUL, which a key from
    // YAML text could only carry through a "\0" escape, and its number as an int
    // when it is one, so that True, 1 and 1.0 meet.
    if (key_type == Type::string) return std::string(key);
    std::string out(1, '\0');
    if (key_type == Type::boolean) return out + (key == "True" ? "1" : "0");
    if (key_type == Type::real) {
        double d = std::strtod(std::string(key).c_str(), nullptr);
        if (std::isfinite(d) && d == std::floor(d)) return out + decimal_from_integral_double(d);
    }
    return out + std::string(key);
}

}  // namespace goe
