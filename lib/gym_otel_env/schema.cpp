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

namespace {
size_t edit_distance(std::string_view a, std::string_view b) {
    std::vector<size_t> row(b.size() + 1);
    for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (size_t i = 1; i <= a.size(); ++i) {
        size_t diag = row[0];
        row[0] = i;
        for (size_t j = 1; j <= b.size(); ++j) {
            size_t up = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] == b[j - 1] ? 0 : 1)});
            diag = up;
        }
    }
    return row[b.size()];
}
}  // namespace

std::string_view closest_field(std::string_view key) {
    std::string_view best;
    size_t best_distance = std::max<size_t>(2, key.size() / 3) + 1;
    for (const auto& f : kSchema) {
        size_t d = edit_distance(key, f.key);
        if (d < best_distance) {
            best_distance = d;
            best = f.key;
        }
    }
    return best;
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
