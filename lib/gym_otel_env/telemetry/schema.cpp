#include "gym_otel_env/telemetry/schema.hpp"

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "gym_otel_env/core/text.hpp"
#include "gym_otel_env/telemetry/otlp.hpp"
#include "gym_otel_env/telemetry/schema_versions.hpp"

namespace goe {

std::string_view Field::block() const {
    size_t dot = key.rfind('.');
    return dot == std::string_view::npos ? std::string_view() : key.substr(0, dot);
}

std::string_view Field::name() const {
    size_t dot = key.rfind('.');
    return dot == std::string_view::npos ? key : key.substr(dot + 1);
}

const Field* Schema::find(std::string_view key) const {
    for (const auto& f : fields)
        if (f.key == key) return &f;
    return nullptr;
}

bool Schema::is_block(std::string_view key) const {
    return std::any_of(fields.begin(), fields.end(), [&](const Field& f) { return f.block() == key; });
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

std::string_view Schema::closest(std::string_view key, std::string_view block) const {
    // The names at that level: the fields in it, and the nested blocks under it.
    std::vector<std::string_view> names;
    for (const auto& f : fields) {
        std::string_view here = f.block() == block ? f.name() : f.block();
        if ((f.block() == block || (block.empty() && !f.block().empty())) &&
            std::find(names.begin(), names.end(), here) == names.end())
            names.push_back(here);
    }
    return closest_word(key, names);
}

const Field* Schema::of_variable(std::string_view variable) const {
    for (const auto& f : fields)
        if (f.variable == variable || (!f.lens.empty() && f.lens == variable)) return &f;
    for (Signal signal : kSignals)
        for (std::string_view option : kSignalOptions)
            if (signal_variable(signal, option) == variable)
                return of_variable(fmt::format("OTEL_EXPORTER_OTLP_{}", option));
    return nullptr;
}

const Field* field_of_variable(std::string_view variable) {
    for (const auto& schema : known_schemas())
        if (const Field* f = schema.of_variable(variable)) return f;
    return nullptr;
}

}  // namespace goe
