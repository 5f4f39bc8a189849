// NVIDIA-NeMo/Gym@52755d025d3b535350feda96654f23d733706129, nemo_gym/cli/main.py COMMANDS:
// the command line Gym's docs describe since September 2026. What differs from
// 2e5014086a's: --agent-type and --allow-unsupported-pairing where runtime configs compose,
// --benchmark/--environment/--resources-server repeatable (action="append"), env validate
// --strict, env test --all, env schema, eval health-check, eval compare, the health-check
// flags of eval run and eval aggregate, and a --json on the leaves that a --json before the
// command reaches (default=SUPPRESS; gym_args.cpp reads that).
#include "gym_otel_env/gym/gym_commands.hpp"

namespace goe::gym {

const std::vector<Command>& commands_52755d025d() {
    using namespace flags;
    static const std::vector<Command> table = [] {
        const Flag config{
            Emit::config, {}, {Opt{{"--config"}, Take::append, "config", {}, {}, Check::none}}, {}, false};
        auto selector = [](const std::string& flag, Take take) {
            return Flag{
                Emit::selector, flag, {Opt{{"--" + flag}, take, dest_of(flag), {}, {}, Check::none}}, {}, false};
        };
        const Flag benchmark = selector("benchmark", Take::append), environment = selector("environment", Take::append),
                   resources_config = selector("resources-server", Take::append),
                   model_type = selector("model-type", Take::one);
        const Flag agent_type{Emit::agent_type,
                              "agent-type",
                              {Opt{{"--agent-type"}, Take::one, "agent_type", {}, {}, Check::none}},
                              {},
                              false};
        const Flag allow_pairing = bool_flag("allow-unsupported-pairing", "allow_unsupported_pairing");
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
        const Flag no_health_check = bool_flag("no-health-check", "disable_health_check");
        const Flag health_check_workers = value_flag("health-check-workers", "health_check_workers");
        const Flag health_check_ignore{
            Emit::check_ids,
            "health_check_ignored_checks",
            {Opt{{"--health-check-ignore"}, Take::one, "health_check_ignore", {}, {}, Check::check_ids}},
            {},
            false};
        auto comma_list = [](const std::string& flag, const std::string& key) {
            return Flag{
                Emit::comma_list, key, {Opt{{"--" + flag}, Take::one, dest_of(flag), {}, {}, Check::none}}, {}, false};
        };
        const std::vector<Flag> serving{config, benchmark, environment, resources_config, model_type, search_dir};
        const std::vector<Flag> composing{config,     benchmark,  environment,   resources_config,
                                          model_type, agent_type, allow_pairing, search_dir};
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
            {"env schema", {resources_server, search_dir}},
            {"env validate",
             {onboarding, kind, value_flag("manifest", "manifest_path", {}, {}, true), bool_flag("sync", "sync"),
              bool_flag("strict", "strict"), json, config, benchmark, environment, resources_config, model_type,
              agent_type, allow_pairing, search_dir, model, model_url, model_api_key}},
            {"env packages", {resources_server, search_dir, bool_flag("outdated", "outdated"), packages_json}},
            {"env test",
             {onboarding, kind, bool_flag("update-expected", "update_expected"), json, resources_server, search_dir,
              plain({"--all"}, Take::flag)}},
            {"env publish", {onboarding, kind, json, search_dir}},
            {"env start", with(composing, {model, model_url, model_api_key})},
            {"env prefetch", composing},
            {"env status", {json}},
            {"eval prepare", {config, benchmark, search_dir}},
            {"eval run", with(serving, {plain({"--no-serve"}, Take::flag),
                                        bool_flag("resume", "resume_from_cache"),
                                        agent_type,
                                        allow_pairing,
                                        value_flag("agent", "agent_name", {"-a"}),
                                        value_flag("input", "input_jsonl_fpath", {"-i"}),
                                        value_flag("output", "output_jsonl_fpath", {"-o"}),
                                        value_flag("limit", "limit"),
                                        value_flag("num-repeats", "num_repeats"),
                                        value_flag("prompt-config", "prompt_config"),
                                        value_flag("concurrency", "num_samples_in_parallel"),
                                        value_flag("split", "split"),
                                        model,
                                        model_url,
                                        model_api_key,
                                        value_flag("temperature", "responses_create_params.temperature"),
                                        value_flag("top-p", "responses_create_params.top_p"),
                                        value_flag("max-output-tokens", "responses_create_params.max_output_tokens"),
                                        bool_flag("disable-aggregation", "disable_aggregation"),
                                        no_health_check,
                                        health_check_workers,
                                        health_check_ignore})},
            {"eval aggregate",
             {config, value_flag("input-glob", "input_glob", {"-i"}),
              value_flag("output", "output_jsonl_fpath", {"-o"}), no_health_check, health_check_workers,
              health_check_ignore}},
            // Reads no config: its handler refuses any Hydra override.
            {"eval health-check",
             {Flag{Emit::nothing, {}, {}, {Positional{"run_dir", false, {}, "RUN_DIR"}}, false},
              plain({"--rollouts-file"}, Take::one),
              Flag{Emit::nothing, {}, {Opt{{"--workers"}, Take::one, "workers", {}, {}, Check::integer}}, {}, false},
              Flag{Emit::nothing,
                   {},
                   {Opt{{"--ignore-checks", "--ignore"}, Take::one, "ignore_checks", {}, {}, Check::check_ids}},
                   {},
                   false},
              json}},
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
            {"eval compare",
             {value_flag("baseline", "baseline_rollouts_jsonl_fpath", {}, {}, true),
              comma_list("candidates", "candidate_rollouts_jsonl_fpaths"),
              value_flag("baseline-agg-metrics", "baseline_aggregate_metrics_fpath", {}, {}, true),
              comma_list("candidates-agg-metrics", "candidate_aggregate_metrics_fpaths"),
              value_flag("agent", "agent_name"), value_flag("baseline-agent", "baseline_agent_name"),
              comma_list("candidate-agents", "candidate_agent_names"),
              value_flag("output-dir", "output_dirpath", {"-o"}, {}, true),
              value_flag("report-format", "report_format", {}, {"md", "json", "both"})}},
            {"dev test", {}},
        };
    }();
    return table;
}

}  // namespace goe::gym
