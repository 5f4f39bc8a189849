#include "gym_otel_env/gym/gym_args.hpp"

#include <algorithm>
#include <map>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "gym_otel_env/core/close_match.hpp"
#include "gym_otel_env/core/error.hpp"
#include "gym_otel_env/core/python.hpp"
#include "gym_otel_env/core/text.hpp"
#include "gym_otel_env/core/value.hpp"
#include "gym_otel_env/gym/argparse.hpp"
#include "gym_otel_env/gym/gym_commands.hpp"
#include "gym_otel_env/gym/gym_refusals.hpp"

namespace goe {
namespace {

using namespace gym;
using Parsed = ParsedGymWords;

[[noreturn]] void refuse(const std::string& what) { refuse_gym_command(what); }

// A JSON list of strings as json.dumps(..., separators=(",", ":")) writes it.
std::string json_list(const std::vector<std::string>& items) {
    std::string out = "[";
    for (const auto& item : items) out += (out.size() > 1 ? "," : "") + json_quoted(item, NonAscii::escaped);
    return out + "]";
}

// argparse's type=float for --reward-range: Python's float(text), shown by repr; nullopt
// when float() refuses the text.
std::optional<std::string> python_float_text(const std::string& text) {
    auto value = python_float_of(text);
    if (!value) return std::nullopt;
    return python_float(*value);
}

std::vector<std::string> translate(const Parsed& p, const std::vector<std::string>& search_dirs,
                                   const SelectorResolver& resolve) {
    std::vector<std::string> out;
    auto value = [&](const std::string& dest) -> const std::string* {
        auto it = p.values.find(dest);
        return it == p.values.end() || it->second.empty() ? nullptr : &it->second.back();
    };
    for (const auto& flag : p.command->flags) {
        const std::string dest = flag.opts.empty() ? std::string() : flag.opts.front().dest;
        const std::string* v = dest.empty() ? nullptr : value(dest);
        switch (flag.emit) {
            case Emit::nothing: break;
            case Emit::config:
                if (auto it = p.values.find("config"); it != p.values.end()) {
                    std::string joined;
                    for (const auto& c : it->second) joined += (joined.empty() ? "" : ",") + c;
                    out.push_back("+config_paths=[" + joined + "]");
                }
                break;
            case Emit::selector: {
                // 2e5014086a stores one NAME, the last; 52755d025d appends every one. An empty
                // NAME is falsy in Python, so it adds nothing; a list of one is not, so every
                // name of it is looked up, an empty one too.
                auto it = p.values.find(dest);
                if (it == p.values.end() || it->second.empty() ||
                    (flag.opts.front().take != Take::append && it->second.back().empty()))
                    break;
                std::string joined;
                for (const auto& name : it->second)
                    joined += (joined.empty() ? "" : ",") + resolve(flag.key, name, search_dirs);
                out.push_back("+config_paths=[" + joined + "]");
                break;
            }
            case Emit::agent_type:
                if (!v || v->empty()) break;
                if (p.values.count("no_serve"))
                    refuse(
                        "`--agent-type` chooses which agent runs the task, which is settled once the servers are "
                        "running, so it cannot be combined with `--no-serve`. Use `--agent` to name one of them.");
                out.push_back("+config_paths=[" + resolve(flag.key, *v, search_dirs) + "]");
                break;
            case Emit::check_ids:
                if (v) out.push_back("+" + flag.key + "=" + json_list(*split_check_ids(*v)));
                break;
            case Emit::comma_list:
                if (v) {
                    std::vector<std::string> items;
                    for (const auto& item : split(*v, ','))
                        if (auto stripped = python_strip(item); !stripped.empty()) items.emplace_back(stripped);
                    out.push_back("+" + flag.key + "=" + json_list(items));
                }
                break;
            case Emit::value:
                if (v) out.push_back("+" + flag.key + "=" + *v);
                break;
            case Emit::quoted:
                if (v) out.push_back("+" + flag.key + "=" + json_quoted(*v, NonAscii::escaped));
                break;
            case Emit::boolean:
                if (v) out.push_back("+" + flag.key + "=true");
                break;
            case Emit::entrypoint:
                if (v && !v->empty()) out.push_back("+entrypoint=resources_servers/" + *v);
                break;
            case Emit::revision:
                if (v) out.insert(out.end(), {"+version=" + *v, "+revision=" + *v});
                break;
            case Emit::format_json:
                if (v) out.push_back("+format=json");
                break;
            case Emit::name:
                if (auto n = value("name"); n && !n->empty()) out.push_back("+component_name=" + *n);
                break;
            case Emit::search_terms:
                if (auto q = value("query"); q && !q->empty())
                    out.push_back("+query=" + json_quoted(*q, NonAscii::escaped));
                break;
            case Emit::onboarding:
                if (auto n = value("onboarding_name"); n && !n->empty())
                    out.push_back(n->find('=') == std::string::npos
                                      ? "+onboarding_name=" + json_quoted(*n, NonAscii::escaped)
                                      : *n);
                break;
            case Emit::init_target:
                if (auto e = value("scaffold_environment"); e && !e->empty())
                    out.insert(out.end(),
                               {"+scaffold_kind=environment", "+scaffold_name=" + json_quoted(*e, NonAscii::escaped)});
                else if (auto b = value("scaffold_benchmark"); b && !b->empty())
                    out.insert(out.end(),
                               {"+scaffold_kind=benchmark", "+scaffold_name=" + json_quoted(*b, NonAscii::escaped)});
                else if (auto r = value("resources_server"); r && !r->empty())
                    out.push_back("+entrypoint=resources_servers/" + *r);
                break;
            case Emit::reward_range:
                if (auto it = p.values.find("reward_range"); it != p.values.end()) {
                    auto low = python_float_text(it->second[0]), high = python_float_text(it->second[1]);
                    if (!low || !high)
                        refuse(fmt::format("argument --reward-range: invalid float value: '{}'",
                                           low ? it->second[1] : it->second[0]));
                    out.push_back("+reward_range=[" + *low + "," + *high + "]");
                }
                break;
            case Emit::reward_direction:
                if (v) out.push_back("+higher_is_better=" + *v);
                break;
        }
    }
    return out;
}

// Override tokens as GymCommandLine::inputs shows them: the key, never the value.
std::vector<std::string> shown_tokens(const std::vector<std::string>& tokens) {
    std::vector<std::string> out;
    for (const auto& t : tokens) {
        size_t eq = t.find('=');
        out.push_back(eq == std::string::npos ? t : t.substr(0, eq) + "=...");
    }
    return out;
}

std::vector<std::string> split_roots(const std::vector<std::string>& dirs) {
    std::vector<std::string> out;
    for (const auto& d : dirs)
        for (auto& root : split(d, ':'))
            if (!root.empty()) out.push_back(std::move(root));
    return out;
}

}  // namespace

std::vector<std::string> merge_config_paths(const std::vector<std::string>& tokens) {
    constexpr std::string_view prefix = "+config_paths=[";
    std::vector<std::string> paths, rest;
    for (const auto& t : tokens) {
        if (t.starts_with(prefix) && t.ends_with("]") && t.size() > prefix.size()) {
            std::string_view inner = std::string_view(t).substr(prefix.size(), t.size() - prefix.size() - 1);
            for (auto& path : split(inner, ','))
                if (!path.empty()) paths.push_back(std::move(path));
        } else {
            rest.push_back(t);
        }
    }
    if (paths.empty()) return rest;
    std::string joined;
    for (const auto& p : paths) joined += (joined.empty() ? "" : ",") + p;
    rest.insert(rest.begin(), "+config_paths=[" + joined + "]");
    return rest;
}

GymCommandLine read_gym_command(const std::vector<std::string>& command, const SelectorResolver& resolve,
                                const CommandLineRead& read) {
    return read_gym_command(gym_entry(command), resolve, read);
}

GymCommandLine read_gym_command(const GymEntry& entry, const SelectorResolver& resolve, const CommandLineRead& read) {
    GymCommandLine out;
    out.entry = entry;
    if (out.entry.kind == GymEntry::Kind::none) return out;
    out.is_gym = true;
    const auto& command = entry.launch.command;
    std::vector<std::string> words(command.begin() + static_cast<std::ptrdiff_t>(out.entry.args), command.end());
    std::string script = out.entry.kind == GymEntry::Kind::script ? out.entry.script
                         : out.entry.kind == GymEntry::Kind::uv   ? out.entry.script
                                                                  : "";
    if (const auto* legacy = legacy_tokens(script)) {
        if (legacy->empty()) {  // ng_reinstall: dispatched with its words as Hydra overrides
            out.overrides = words;
            out.inputs = shown_tokens(words);
            out.command = "reinstall";
            return out;
        }
        words.insert(words.begin(), legacy->begin(), legacy->end());
    }
    Parsed p = parse_gym_words(words, commands(read.version));
    if (p.help) return out;  // argparse prints help and exits: Gym reads no config
    refuse_unknown_options(p.extras, p.known_names, p.command, read, entry.program);
    out.inputs = std::move(p.inputs);
    for (auto& token : shown_tokens(p.extras)) out.inputs.push_back(std::move(token));
    if (auto it = p.values.find("search_dir"); it != p.values.end()) out.search_dirs = split_roots(it->second);
    if (p.version) {
        out.overrides = p.extras;
        if (p.json) out.overrides.insert(out.overrides.begin(), "+json=true");
        return out;
    }
    if (!p.command) return out;  // Gym prints its help and exits 1
    out.command = p.command->name;
    if (read.version == CommandLine::v52755d025d && p.json) {
        // 52755d025d's leaves keep a --json given before the command (default=SUPPRESS),
        // and main() refuses it for a command that prints no JSON.
        if (!has_option(*p.command, "--json"))
            refuse(
                "--json is not supported by this command; it applies to --version and to reporting commands "
                "such as `gym list benchmarks`, `gym search`, and `gym env status`");
        p.values["json"] = {"true"};
    }
    auto tokens = translate(p, out.search_dirs, resolve);
    tokens.insert(tokens.end(), p.extras.begin(), p.extras.end());
    out.overrides = merge_config_paths(tokens);
    if (p.verbose) out.overrides.insert(out.overrides.begin(), "+verbose=true");
    handler_checks(*p.command, p.values, p.extras, out.overrides, read.version);
    return out;
}

}  // namespace goe
