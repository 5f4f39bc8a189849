#include "gym_otel_env/invocation.hpp"

#include <algorithm>

#include "gym_otel_env/gym_args.hpp"

namespace goe {

std::vector<std::string> split_command(std::vector<std::string> args, Invocation& inv) {
    auto dashes = std::find(args.begin(), args.end(), "--");
    if (dashes != args.end()) {
        inv.command.assign(dashes + 1, args.end());
        args.erase(dashes, args.end());
    }
    return args;
}

Format requested_format(const std::vector<std::string>& args) {
    Format format = Format::sh;
    for (size_t i = 0; i < args.size(); ++i) {
        std::string_view name;
        if (args[i] == "--format" && i + 1 < args.size()) name = args[i + 1];
        else if (args[i].starts_with("--format=")) name = std::string_view(args[i]).substr(9);
        else continue;
        if (auto f = parse_format(name)) format = *f;
    }
    return format;
}

LoadRequest load_request(const Invocation& inv) {
    LoadRequest request;
    request.configs = inv.configs;
    if (!inv.exec) request.configs.insert(request.configs.end(), inv.command.begin(), inv.command.end());
    request.search_dirs = inv.search_dirs;
    if (!inv.env_yaml.empty()) request.env_yaml = inv.env_yaml;
    request.no_env_yaml = inv.no_env_yaml;
    if (inv.exec && inv.configs.empty()) {
        auto gym = read_gym_command(inv.command);
        request.configs = gym.configs;
        request.gym_overrides = gym.overrides;
    }
    request.sets = inv.sets;
    return request;
}

}  // namespace goe
