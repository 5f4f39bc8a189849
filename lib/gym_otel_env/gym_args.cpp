#include "gym_otel_env/gym_args.hpp"

#include "gym_otel_env/environment.hpp"

namespace goe {
namespace {

// Hydra's override key: an identifier path such as telemetry.exporter or a.b-c.
bool hydra_key(std::string_view key) {
    if (key.empty() || key.front() == '.' || key.back() == '.') return false;
    char first = key.front();
    if (!(std::isalpha(static_cast<unsigned char>(first)) || first == '_')) return false;
    for (char c : key)
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '-' || c == '/' || c == '@'))
            return false;
    return true;
}

std::string_view strip_plus(std::string_view token) {
    if (token.substr(0, 2) == "++") return token.substr(2);
    if (token.substr(0, 1) == "+") return token.substr(1);
    return token;
}

// "[a.yaml, 'b.yaml']" -> a.yaml, b.yaml
std::vector<std::string> list_items(std::string_view value) {
    std::vector<std::string> out;
    value = trim(value);
    if (value.size() >= 2 && value.front() == '[' && value.back() == ']') value = value.substr(1, value.size() - 2);
    size_t start = 0;
    while (start <= value.size()) {
        size_t end = value.find(',', start);
        if (end == std::string_view::npos) end = value.size();
        std::string_view item = trim(value.substr(start, end - start));
        if (item.size() >= 2 && (item.front() == '\'' || item.front() == '"') && item.back() == item.front())
            item = item.substr(1, item.size() - 2);
        if (!item.empty()) out.emplace_back(item);
        start = end + 1;
    }
    return out;
}

}  // namespace

GymCommandLine read_gym_command(const std::vector<std::string>& argv) {
    GymCommandLine out;
    std::vector<std::string> listed;
    for (size_t i = 1; i < argv.size(); ++i) {
        std::string_view token = argv[i];
        if (token == "--config") {
            if (i + 1 < argv.size()) out.configs.push_back(argv[++i]);
            continue;
        }
        if (token.substr(0, 9) == "--config=") {
            out.configs.emplace_back(token.substr(9));
            continue;
        }
        size_t eq = token.find('=');
        if (eq == std::string_view::npos) continue;
        std::string_view key = strip_plus(token.substr(0, eq));
        if (!hydra_key(key)) continue;
        std::string_view value = token.substr(eq + 1);
        if (key == "config_paths") {
            for (auto& item : list_items(value)) listed.push_back(std::move(item));
            continue;
        }
        out.overrides.emplace_back(token);
    }
    // gym puts --config paths before explicit config_paths tokens.
    out.configs.insert(out.configs.end(), listed.begin(), listed.end());
    return out;
}

}  // namespace goe
