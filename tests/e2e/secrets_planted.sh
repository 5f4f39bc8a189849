#!/usr/bin/env bash
# SPEC 7, from every side: a credential planted in every place a secret value can come
# from (the config, env.yaml, --set, Gym's command line, ${oc.env:...} and its default,
# a variable already set), as a header and as an endpoint's userinfo or query in URLs of
# several schemes, through every format and the options that print about it (--explain,
# --explain=short, the lint under --check --strict, an error elsewhere in the config).
# It must be on no stderr line, and on stdout only as the value it is: in a Kubernetes
# Secret, never in the ConfigMap.
set -uo pipefail
. "$(dirname "$0")/lib.bash"
work=$(mktemp -d) && trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
clear_telemetry_env
export NEMO_GYM_OTEL_RUN_ID=run
S=Zx9PlAnTeD4
export HC_KEY=$S

# Where each secret setting is written: NAME VALUE, each value holding $S once or twice.
values=(
    "otlp_headers x-key=$S"
    "otlp_headers authorization=Bearer%20$S,x-team=gym"
    "otlp_endpoint https://u:$S@collector:4318/"
    "otlp_endpoint http://collector:4318/v1?token=$S"
    "otlp_endpoint ftp://u:$S@c/?q=$S"
    "otlp_endpoint grpc://u:$S@c:4317"
    "otlp_endpoint unix:///run/otel.sock?key=$S"
    "otlp_endpoint u:$S@collector:4317"
)
# One source each: how a config or the command line carries `key: value`. `broken` adds
# a mistake elsewhere, so that the run fails with the secret in the tree.
sources=(config env_yaml set gym_line oc_env oc_env_default kept)
formats=(sh fish json dotenv env-file github gitlab ray kubernetes)

leaks() {  # the secret, or a 6-character piece of it, in $1
    [[ $1 == *"$S"* || $1 == *"${S:2:6}"* ]]
}

setup() {  # setup SOURCE KEY VALUE BROKEN: files and the command, in `cmd`
    local source=$1 key=$2 value=$3 broken=$4 extra=
    rm -f c.yaml env.yaml
    [[ -n $broken ]] && extra=", export_rank: two"
    cmd=("$GOE_BIN")
    envs=()
    local block="telemetry: {enabled: true$extra"
    case $source in
        config) printf '%s\n' "$block, $key: '$value'}" >c.yaml ;;
        env_yaml)
            printf '%s\n' "$block}" >c.yaml
            printf '%s\n' "telemetry: {$key: '$value'}" >env.yaml
            ;;
        set) printf '%s\n' "$block}" >c.yaml && cmd+=(--set "telemetry.$key='$value'") ;;
        gym_line) printf '%s\n' "$block}" >c.yaml ;;
        oc_env)
            printf '%s\n' "$block, $key: '\${oc.env:GOE_SECRET}'}" >c.yaml
            envs=(GOE_SECRET="$value")
            ;;
        oc_env_default) printf '%s\n' "$block, $key: '\${oc.env:GOE_NOPE,\"$value\"}'}" >c.yaml ;;
        kept)
            printf '%s\n' "$block}" >c.yaml
            local variable=OTEL_EXPORTER_OTLP_HEADERS
            [[ $key == otlp_endpoint ]] && variable=OTEL_EXPORTER_OTLP_ENDPOINT
            envs=("$variable=$value")
            ;;
    esac
}

n=0
for v in "${values[@]}"; do
    key=${v%% *} value=${v#* }
    for source in "${sources[@]}"; do
        for broken in "" 1; do
            setup "$source" "$key" "$value" "$broken"
            for format in "${formats[@]}"; do
                opts=("" --explain)
                [[ $format == sh ]] && opts+=(--explain=short "--check --strict")
                for opt in "${opts[@]}"; do
                    if [[ $source == gym_line ]]; then
                        # Read from Gym's command line; --check runs nothing.
                        run env "${envs[@]}" "${cmd[@]}" $opt --check --format "$format" --exec -- \
                            gym env start --config c.yaml "++telemetry.$key='$value'"
                    else
                        run env "${envs[@]}" "${cmd[@]}" $opt --format "$format" c.yaml
                    fi
                    n=$((n + 1))
                    check
                    leaks "$ERR" && fail "$source, $key=$value, --format $format $opt${broken:+ (broken)}: on stderr: $ERR"
                    if [[ -n $broken ]]; then
                        check
                        [[ $STATUS != 0 ]] || fail "$source, $key=$value${broken:+ (broken)}: exit 0"
                        check
                        leaks "$OUT" && fail "$source, $key=$value (broken): on stdout: $OUT"
                    elif [[ $format == kubernetes && -n $OUT ]]; then
                        check
                        leaks "${OUT%%---*}" && fail "$source, $key=$value: in the ConfigMap or in clear: $OUT"
                        check
                        [[ ${OUT#*---} == *"$(printf '%s' "$value" | base64 -w0)"* ]] ||
                            fail "$source, $key=$value: not in the Secret: $OUT"
                    fi
                done
            done
        done
    done
done
echo "$n runs"
finish
