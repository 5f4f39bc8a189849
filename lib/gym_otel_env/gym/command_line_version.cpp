#include "gym_otel_env/gym/command_line_version.hpp"

#include <fmt/format.h>

#include "gym_otel_env/gym/roots.hpp"

namespace goe {
namespace {

constexpr std::string_view kMainPy = "nemo_gym/cli/main.py";

std::string main_py(const std::string& install_root) { return join_path(install_root, kMainPy); }

}  // namespace

std::string describe(const CommandLineRead& read) {
    std::string name = fmt::format("Gym {}'s command line", gym::command_line_name(read.version));
    switch (read.how) {
        case CommandLineRead::How::option: return fmt::format("{} (--gym-version {})", name, read.from);
        case CommandLineRead::How::detected: return fmt::format("{} (found in {})", name, read.from);
        case CommandLineRead::How::fallback: break;
    }
    if (read.from.empty()) return fmt::format("{} (the default: no Gym install root found)", name);
    return fmt::format("{} (the default: {} has no {} the tool knows)", name, read.from, kMainPy);
}

std::optional<gym::CommandLine> detect_command_line(const std::string& install_root, FileSystem& fs) {
    auto text = fs.read(main_py(install_root));
    if (!text) return std::nullopt;
    // 52755d025d: --agent-type's configs are under harnesses/, the old responses_api_agents/
    // searched after it (_ASSET_LEGACY_PARENTS), and selectors take `repeatable=`.
    if (text->find("\"agent-type\": (\"harnesses\"") != std::string::npos &&
        text->find("_ASSET_LEGACY_PARENTS") != std::string::npos)
        return gym::CommandLine::v52755d025d;
    if (text->find("def _asset_selector(flag: str) -> Flag:") != std::string::npos)
        return gym::CommandLine::v2e5014086a;
    return std::nullopt;
}

CommandLineRead choose_command_line(std::optional<gym::CommandLine> named, const std::string& named_as,
                                    const std::optional<std::string>& install_root, FileSystem& fs) {
    if (named) return CommandLineRead{*named, CommandLineRead::How::option, named_as};
    if (!install_root || install_root->empty()) return CommandLineRead{};
    if (auto found = detect_command_line(*install_root, fs))
        return CommandLineRead{*found, CommandLineRead::How::detected, fs.resolve(main_py(*install_root))};
    return CommandLineRead{gym::kDefaultCommandLine, CommandLineRead::How::fallback, *install_root};
}

}  // namespace goe
