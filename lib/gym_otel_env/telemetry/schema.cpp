#include "gym_otel_env/telemetry/schema.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include "gym_otel_env/core/text.hpp"

namespace goe {

const Field* find_field(std::string_view key) {
    for (const auto& f : kSchema)
        if (f.key == key) return &f;
    return nullptr;
}

// Close means at most one edit per three characters (at least one), so a short word
// is not "corrected" into an unrelated one ('foo' is not a typo of 'job').
std::string_view closest_word(std::string_view key, std::span<const std::string_view> words) {
    std::string_view best;
    size_t best_distance = std::max<size_t>(1, key.size() / 3) + 1;
    for (auto word : words) {
        size_t d = edit_distance(key, word);
        if (d < best_distance) {
            best_distance = d;
            best = word;
        }
    }
    return best;
}

std::string_view closest_field(std::string_view key) {
    static const auto keys = [] {
        std::array<std::string_view, kSchema.size()> out{};
        for (size_t i = 0; i < kSchema.size(); ++i) out[i] = kSchema[i].key;
        return out;
    }();
    return closest_word(key, keys);
}

std::string mask_headers(std::string_view headers) {
    std::string out;
    bool first = true;
    for (const auto& pair : split(headers, ',')) {
        if (!first) out += ',';
        first = false;
        size_t eq = pair.find('=');
        out += eq == std::string::npos ? std::string("***") : pair.substr(0, eq) + "=***";
    }
    return out;
}

}  // namespace goe
