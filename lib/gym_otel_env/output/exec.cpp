#include "gym_otel_env/output/exec.hpp"

namespace goe {

std::vector<std::string> child_environment(const std::vector<std::string>& base, const std::vector<Export>& exports) {
    std::vector<std::string> out;
    out.reserve(base.size() + exports.size());
    auto exported = [&](std::string_view entry) {
        std::string_view name = entry.substr(0, entry.find('='));
        for (const auto& e : exports)
            if (e.name == name) return true;
        return false;
    };
    for (const auto& entry : base)
        if (!exported(entry)) out.push_back(entry);
    for (const auto& e : exports)
        if (e.source != Export::Source::withdrawn) out.push_back(e.name + "=" + e.value);
    return out;
}

}  // namespace goe
