# fish completion for gym-otel-env: options, --format values, --set keys of the telemetry
# block, files for CONFIG and --env-yaml, directories for --search-dir, and the command
# after `--`.

function __gym_otel_env_after_dashes
    contains -- -- (commandline -opc)
end

function __gym_otel_env_command
    set -l tokens (commandline -opc)
    set -l i (contains -i -- -- $tokens)
    or return
    set -l rest $tokens[(math $i + 1)..-1]
    complete -C (string join -- ' ' (string escape -- $rest) (commandline -ct))
end

function __gym_otel_env_set_keys
    for key in enabled span_groups export_strategy export_rank traces_enabled \
            metrics_enabled logs_enabled exporter run_id service_name_per_server \
            instrument_aiohttp otlp_endpoint otlp_protocol otlp_headers service_name \
            memory_profiling.enabled memory_profiling.interval_seconds
        echo telemetry.$key=
    end
end

set -l opt -c gym-otel-env -n 'not __gym_otel_env_after_dashes'
complete $opt -s h -l help -d 'Print the options with examples'
complete $opt -l version -d 'Print the version'
complete $opt -l set -x -a '(__gym_otel_env_set_keys)' -d 'Override a config value (KEY=VALUE)'
complete $opt -l env-yaml -r -F -d 'Read PATH instead of env.yaml'
complete $opt -l no-env-yaml -d 'Do not read env.yaml'
complete $opt -l search-dir -x -a '(__fish_complete_directories)' -d 'Look for config paths under DIR first'
complete $opt -l gym-root -x -a '(__fish_complete_directories)' -d 'Gym install root, searched last'
complete $opt -l gym-version -x -a 'seed 2e5014086a 27c821d975 52755d025d' -d 'The Gym that will run'
complete $opt -l format -x -a 'sh\t"POSIX shell (default)" fish\t"fish shell" json\t"JSON object" dotenv\t"dotenv file" env-file\t"docker/podman/kubectl env file" github\t"GitHub Actions env file" gitlab\t"GitLab CI dotenv report" ray\t"Ray runtime environment" kubernetes\t"Kubernetes ConfigMap and Secret"' -d 'Output format'
complete $opt -l name -x -d 'Name of the ConfigMap and Secret (--format kubernetes)'
complete $opt -l allow-secrets-in-artifact -d 'Write secrets from the config into the report (--format gitlab)'
complete $opt -l explain -d 'Tell on stderr where each variable comes from'
complete $opt -l check -d 'Validate and lint only'
complete $opt -l probe -d 'First send an empty export per signal where the SDK would'
complete $opt -l probe-timeout -x -a '1 2 5 10 30' -d 'Time limit of --probe, in seconds'
complete $opt -l strict -d 'Turn every warning into an error'
complete $opt -s q -l quiet -d 'Do not print warnings'
complete $opt -l exec -d 'Run the command after -- with the variables'
complete -c gym-otel-env -n __gym_otel_env_after_dashes -f -a '(__gym_otel_env_command)'
