# bash completion for gym-otel-env                                  -*- shell-script -*-
# Completes options, --format values, --set keys of the telemetry block, YAML files for
# CONFIG and --env-yaml, directories for --search-dir, and the command after `--`.
# Works with and without the bash-completion package.

_gym_otel_env_files() {  # CUR [yaml]: YAML files and directories, else any file
    local IFS=$'\n'
    compopt -o filenames 2>/dev/null
    if [[ ${2-} == yaml ]]; then
        COMPREPLY=($(compgen -f -X '!*.y*ml' -- "$1") $(compgen -d -- "$1"))
        ((${#COMPREPLY[@]})) && return
    fi
    COMPREPLY=($(compgen -f -- "$1"))
}

_gym_otel_env() {
    local IFS=$' \t\n' cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]-} i
    local opts="--set --env-yaml --no-env-yaml --search-dir --gym-root --gym-version --format --name --allow-secrets-in-artifact --exec --explain --check
                --probe --probe-timeout --strict -q --quiet -h --help --version --"
    local formats="sh fish json dotenv env-file github gitlab ray kubernetes"
    local keys="enabled span_groups export_strategy export_rank traces_enabled metrics_enabled
                logs_enabled exporter run_id service_name_per_server instrument_aiohttp
                otlp_endpoint otlp_protocol otlp_headers service_name
                memory_profiling.enabled memory_profiling.interval_seconds"
    COMPREPLY=()

    # After `--`: the command run by --exec, completed as a command line of its own.
    for ((i = 1; i < COMP_CWORD; i++)); do
        [[ ${COMP_WORDS[i]} == -- ]] || continue
        if declare -F _command_offset >/dev/null; then
            _command_offset $((i + 1))
        elif ((COMP_CWORD == i + 1)); then
            COMPREPLY=($(compgen -c -- "$cur"))
        else
            _gym_otel_env_files "$cur"
        fi
        return 0
    done

    # `--opt=value`: bash splits at `=` (COMP_WORDBREAKS), giving `--opt` `=` `value`.
    if [[ $cur == = ]]; then
        cur=
    elif [[ $prev == = ]]; then
        prev=${COMP_WORDS[COMP_CWORD - 2]-}
    fi

    case $prev in
        --format)
            COMPREPLY=($(compgen -W "$formats" -- "$cur"))
            return 0
            ;;
        --env-yaml)
            _gym_otel_env_files "$cur" yaml
            return 0
            ;;
        --search-dir | --gym-root)
            local IFS=$'\n'
            compopt -o filenames 2>/dev/null
            COMPREPLY=($(compgen -d -- "$cur"))
            return 0
            ;;
        --gym-version)
            COMPREPLY=($(compgen -W "seed 2e5014086a 27c821d975 52755d025d" -- "$cur"))
            return 0
            ;;
        --name)  # a Kubernetes name of the user's choosing: nothing to offer
            return 0
            ;;
        --probe-timeout)
            COMPREPLY=($(compgen -W "1 2 5 10 30" -- "$cur"))
            return 0
            ;;
        --set)
            compopt -o nospace 2>/dev/null
            COMPREPLY=($(compgen -W "$(printf 'telemetry.%s= ' $keys)" -- "$cur"))
            return 0
            ;;
    esac

    if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "$opts" -- "$cur"))
        return 0
    fi
    _gym_otel_env_files "$cur" yaml
}

complete -F _gym_otel_env gym-otel-env
