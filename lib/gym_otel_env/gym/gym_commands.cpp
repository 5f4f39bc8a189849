#include "gym_otel_env/gym/gym_commands.hpp"

#include <algorithm>
#include <string_view>

namespace goe::gym {
namespace flags {

std::string dest_of(std::string_view name) {
    std::string d(name);
    std::replace(d.begin(), d.end(), '-', '_');
    return d;
}

Flag value_flag(const std::string& name, const std::string& key, std::vector<std::string> aliases,
                std::vector<std::string> choices, bool quote) {
    Opt o{{"--" + name}, Take::one, dest_of(name), {}, std::move(choices), Check::none};
    for (auto& a : aliases) o.names.push_back(std::move(a));
    return Flag{quote ? Emit::quoted : Emit::value, key, {std::move(o)}, {}, false};
}
Flag bool_flag(const std::string& name, const std::string& key) {
    return Flag{Emit::boolean, key, {Opt{{"--" + name}, Take::flag, dest_of(name), {}, {}, Check::none}}, {}, false};
}
Flag plain(std::vector<std::string> names, Take take, std::vector<std::string> choices) {
    std::string dest = dest_of(names.front().substr(names.front().starts_with("--") ? 2 : 1));
    return Flag{Emit::nothing, {}, {Opt{std::move(names), take, dest, {}, std::move(choices), Check::none}}, {}, false};
}

}  // namespace flags

std::string_view command_line_name(CommandLine version) {
    return version == CommandLine::v52755d025d ? "52755d025d" : "2e5014086a";
}

const std::vector<Command>& commands(CommandLine version) {
    return version == CommandLine::v52755d025d ? commands_52755d025d() : commands_2e5014086a();
}

// NVIDIA-NeMo/Gym@2e5014086a172aa34654e195e504df496e9c95f5, nemo_gym/cli/main.py COMMANDS.
const std::vector<Command>& commands_2e5014086a() {
    using namespace flags;
    static const std::vector<Command> table = [] {
        const Flag config{
            Emit::config, {}, {Opt{{"--config"}, Take::append, "config", {}, {}, Check::none}}, {}, false};
        auto selector = [](const std::string& flag) {
            return Flag{
                Emit::selector, flag, {Opt{{"--" + flag}, Take::one, dest_of(flag), {}, {}, Check::none}}, {}, false};
        };
        const Flag benchmark = selector("benchmark"), environment = selector("environment"),
                   resources_config = selector("resources-server"), model_type = selector("model-type");
        const Flag search_dir = plain({"--search-dir"}, Take::append);
        const Flag model = value_flag("model", "policy_model_name", {"-m"});
        const Flag model_url = value_flag("model-url", "policy_base_url");
        const Flag model_api_key = value_flag("model-api-key", "policy_api_key");
        const Flag resources_server{Emit::entrypoint,
                                    {},
                                    {Opt{{"--resources-server"}, Take::one, "resources_server", {}, {}, Check::none}},
                                    {},
                                    false};
        const Flag json = bool_flag("json", "json");
        const Flag name{Emit::name, {}, {}, {Positional{"name", true, {}, {}}}, false};
        const Flag search_terms{
            Emit::search_terms,
            {},
            {},
            {Positional{
                 "component_type", true, {"benchmarks", "environments", "agents", "models", "resources-servers"}, {}},
             Positional{"query", false, {}, "QUERY"}},
            false};
        const Flag onboarding{Emit::onboarding, {}, {}, {Positional{"onboarding_name", true, {}, {}}}, false};
        const Flag kind = value_flag("kind", "catalog_kind", {}, {"environment", "benchmark"});
        const Flag storage = plain({"--storage"}, Take::one, {"hf", "gitlab"});
        const Flag init_target{Emit::init_target,
                               {},
                               {Opt{{"--resources-server"}, Take::one, "resources_server", {}, {}, Check::none},
                                Opt{{"--environment"}, Take::one, "scaffold_environment", {}, {}, Check::none},
                                Opt{{"--benchmark"}, Take::one, "scaffold_benchmark", {}, {}, Check::none}},
                               {},
                               true};
        const Flag reward_range{Emit::reward_range,
                                {},
                                {Opt{{"--reward-range"}, Take::two, "reward_range", {}, {}, Check::none}},
                                {},
                                false};
        const Flag reward_direction{
            Emit::reward_direction,
            {},
            {Opt{{"--higher-is-better"}, Take::constant, "higher_is_better", "true", {}, Check::none},
             Opt{{"--lower-is-better"}, Take::constant, "higher_is_better", "false", {}, Check::none}},
            {},
            true};
        const Flag revision_both{
            Emit::revision, {}, {Opt{{"--revision"}, Take::one, "revision", {}, {}, Check::none}}, {}, false};
        const Flag packages_json{
            Emit::format_json, {}, {Opt{{"--json"}, Take::flag, "json", {}, {}, Check::none}}, {}, false};
        const std::vector<Flag> serving{config, benchmark, environment, resources_config, model_type, search_dir};
        auto with = [](std::vector<Flag> base, std::initializer_list<Flag> more) {
            base.insert(base.end(), more);
            return base;
        };
        return std::vector<Command>{
            {"list benchmarks", {name, json, search_dir}},
            {"list environments",
             {name, value_flag("domain", "domain"), kind, value_flag("modality", "modality", {}, {}, true),
              value_flag("licensing", "licensing", {}, {}, true),
              value_flag("status", "status", {}, {"experimental", "no-manifest"}),
              value_flag("lifecycle", "lifecycle", {}, {"active", "deprecated"}), json, search_dir}},
            {"list agents", {name, json, search_dir}},
            {"list models", {name, json, search_dir}},
            {"list resources-servers", {name, json, search_dir}},
            {"search", {search_terms, json, search_dir}},
            {"dataset upload",
             {storage, value_flag("input", "input_jsonl_fpath", {"-i"}), value_flag("name", "dataset_name"),
              revision_both, value_flag("split", "split"), bool_flag("create-pr", "create_pr")}},
            {"dataset download",
             {storage, value_flag("repo-id", "repo_id"), value_flag("name", "dataset_name"),
              value_flag("revision", "version"), value_flag("artifact", "artifact_fpath"),
              value_flag("output", "output_fpath", {"-o"}), value_flag("output-dir", "output_dirpath"),
              value_flag("split", "split")}},
            {"dataset rm", {value_flag("name", "dataset_name")}},
            {"dataset migrate",
             {value_flag("input", "input_jsonl_fpath", {"-i"}), value_flag("name", "dataset_name"),
              value_flag("revision", "revision"), value_flag("split", "split"), bool_flag("create-pr", "create_pr")}},
            {"dataset render",
             {value_flag("input", "input_jsonl_fpath", {"-i"}), value_flag("prompt-config", "prompt_config"),
              value_flag("output", "output_jsonl_fpath", {"-o"}), search_dir}},
            {"dataset collate",
             {config, resources_config, model_type, search_dir,
              value_flag("mode", "mode", {}, {"train_preparation", "example_validation"}),
              value_flag("output-dir", "output_dirpath"), bool_flag("download", "should_download")}},
            {"env init",
             {init_target,
              value_flag(
                  "profile", "profile", {},
                  {"custom-gym-verifier", "custom-gym-agent-loop", "external-agent-loop", "external-rollout-driver"}),
              value_flag("reuse-verifier", "reuse_verifier", {}, {}, true), reward_range, reward_direction}},
            {"env resolve", {config, search_dir}},
            {"env validate",
             {onboarding, kind, value_flag("manifest", "manifest_path", {}, {}, true), bool_flag("sync", "sync"), json,
              config, benchmark, environment, resources_config, model_type, search_dir, model, model_url,
              model_api_key}},
            {"env packages", {resources_server, search_dir, bool_flag("outdated", "outdated"), packages_json}},
            {"env test",
             {onboarding, kind, bool_flag("update-expected", "update_expected"), json, resources_server, search_dir}},
            {"env publish", {onboarding, kind, json, search_dir}},
            {"env start", with(serving, {model, model_url, model_api_key})},
            {"env prefetch", serving},
            {"env status", {json}},
            {"eval prepare", {config, benchmark, search_dir}},
            {"eval run",
             with(serving, {plain({"--no-serve"}, Take::flag), bool_flag("resume", "resume_from_cache"),
                            value_flag("agent", "agent_name", {"-a"}), value_flag("input", "input_jsonl_fpath", {"-i"}),
                            value_flag("output", "output_jsonl_fpath", {"-o"}), value_flag("limit", "limit"),
                            value_flag("num-repeats", "num_repeats"), value_flag("prompt-config", "prompt_config"),
                            value_flag("concurrency", "num_samples_in_parallel"), value_flag("split", "split"), model,
                            model_url, model_api_key, value_flag("temperature", "responses_create_params.temperature"),
                            value_flag("top-p", "responses_create_params.top_p"),
                            value_flag("max-output-tokens", "responses_create_params.max_output_tokens"),
                            bool_flag("disable-aggregation", "disable_aggregation")})},
            {"eval aggregate",
             {config, value_flag("input-glob", "input_glob", {"-i"}),
              value_flag("output", "output_jsonl_fpath", {"-o"})}},
            {"eval reverify",
             with(serving,
                  {value_flag("inputs", "materialized_inputs_jsonl_fpath"),
                   value_flag("rollouts", "rollouts_jsonl_fpath"), value_flag("output", "output_jsonl_fpath", {"-o"}),
                   value_flag("concurrency", "num_samples_in_parallel"), value_flag("limit", "limit"),
                   bool_flag("force", "force"), bool_flag("overwrite", "overwrite"),
                   bool_flag("resume", "resume_from_cache"), bool_flag("disable-aggregation", "disable_aggregation"),
                   bool_flag("judge-failed-only", "judge_failed_only"), bool_flag("append", "append")})},
            {"eval profile",
             {value_flag("inputs", "materialized_inputs_jsonl_fpath"), value_flag("rollouts", "rollouts_jsonl_fpath")}},
            // Its --config is a submit file read by OmegaConf alone, not a +config_paths entry.
            {"eval submit", {plain({"--config", "-c"}, Take::one), plain({"--dry-run"}, Take::flag)}},
            {"dev test", {}},
        };
    }();
    return table;
}

}  // namespace goe::gym
