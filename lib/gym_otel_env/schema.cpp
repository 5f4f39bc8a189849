#include "gym_otel_env/schema.hpp"

#include <algorithm>
#include <string>
#include <vector>

namespace goe {

const Field* find_field(std::string_view key) {
    for (const auto& f : kSchema)
        if (f.key == key) return &f;
    return nullptr;
}

size_t edit_distance(std::string_view a, std::string_view b) {
    std::vector<std::vector<size_t>> d(a.size() + 1, std::vector<size_t>(b.size() + 1));
    for (size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
    for (size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
    for (size_t i = 1; i <= a.size(); ++i) {
        for (size_t j = 1; j <= b.size(); ++j) {
            d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
                d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
        }
    }
    return d[a.size()][b.size()];
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
    size_t start = 0;
    while (start <= headers.size()) {
        size_t end = headers.find(',', start);
        if (end == std::string_view::npos) end = headers.size();
        std::string_view pair = headers.substr(start, end - start);
        if (!out.empty() || start > 0) out += ',';
        size_t eq = pair.find('=');
        out += eq == std::string_view::npos ? std::string("***") : std::string(pair.substr(0, eq)) + "=***";
        start = end + 1;
    }
    return out;
}

}  // namespace goe
