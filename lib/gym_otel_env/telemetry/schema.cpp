#include "gym_otel_env/telemetry/schema.hpp"

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "gym_otel_env/core/text.hpp"
#include "gym_otel_env/telemetry/otlp.hpp"

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

const Field* field_of_variable(std::string_view variable) {
    for (const auto& f : kSchema)
        if (f.variable == variable || (!f.lens.empty() && f.lens == variable)) return &f;
    for (Signal signal : kSignals)
        for (std::string_view option : kSignalOptions)
            if (signal_variable(signal, option) == variable) return find_field("otlp_" + ascii_lower(option));
    return nullptr;
}

}  // namespace goe
