#!/usr/bin/env bash
# SPEC 7, from every side: a credential planted in every place a secret value can come
# from (the config, env.yaml, --set, Gym's command line, ${oc.env:...} and its default,
# a variable already set), as a header and as an endpoint's userinfo or query in URLs of
# several schemes, through every format and the options that print about it (--explain,
# --explain=short, the lint under --check --strict, an error elsewhere in the config).
# It must be on no stderr line, in no case (a rule lower-cases what it quotes), also when
# another field refers to it (span_groups: ${telemetry.otlp_headers}, the same
# ${oc.env:...}), and on stdout only as the value it is: in a Kubernetes Secret, never in
# the ConfigMap; never in a GitLab dotenv report (an artifact anyone who sees the pipeline
# downloads), which refuses a secret from the config by name unless
# --allow-secrets-in-artifact, and leaves out a kept one.
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
sources=(config env_yaml set gym_line oc_env oc_env_default kept referenced oc_env_twice)
mapfile -t formats < <(tool_formats)
((${#formats[@]} >= 9)) || die "too few formats from --help: ${formats[*]}"

leaks() {  # the secret, or a 6-character piece of it, in $1, in any case
    local text=${1,,} secret=${S,,}
    [[ $text == *"$secret"* || $text == *"${secret:2:6}"* ]]
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
        referenced) printf '%s\n' "$block, $key: '$value', span_groups: '\${telemetry.$key}'}" >c.yaml ;;
        oc_env_twice)
            printf '%s\n' "$block, $key: '\${oc.env:GOE_SECRET}', span_groups: '\${oc.env:GOE_SECRET}'}" >c.yaml
            envs=(GOE_SECRET="$value")
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
                    elif [[ $format == gitlab && $source != gym_line && $opt != *--check* ]]; then
                        variable=OTEL_EXPORTER_OTLP_HEADERS
                        [[ $key == otlp_endpoint ]] && variable=OTEL_EXPORTER_OTLP_ENDPOINT
                        check
                        leaks "$OUT" && fail "$source, $key=$value: in the GitLab report: $OUT"
                        if [[ $source == kept ]]; then
                            check
                            [[ $STATUS == 0 && $OUT != *"$variable="* ]] ||
                                fail "$source, $key=$value: a kept secret not left out of the report ($STATUS): $OUT"
                        else
                            check
                            [[ $STATUS == 1 && -z $OUT && $ERR == *": $variable: holds a secret, and --format gitlab writes none"* &&
                                $ERR == *--allow-secrets-in-artifact* ]] ||
                                fail "$source, $key=$value: gitlab did not refuse it by name ($STATUS): $ERR"
                        fi
                    elif [[ $format == kubernetes && -n $OUT && $source != referenced && $source != oc_env_twice ]]; then
                        # (span_groups then holds the secret too, and goes to the ConfigMap: the
                        # schema's rule makes only the headers and a credentialed endpoint secret.)
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

# A per-signal header or endpoint (a row of the table of secret variables, with no field
# of its own) kept from the environment, beside a block that writes a plain endpoint: in
# no message, never in a ConfigMap or a GitLab report, in the Secret as it is, masked for
# GitHub Actions.
for kv in "TRACES_HEADERS=x-key=$S" "METRICS_HEADERS=authorization=Bearer%20$S" \
    "LOGS_ENDPOINT=https://u:$S@logs:4318/" "TRACES_ENDPOINT=http://c:4318/v1/traces?token=$S"; do
    variable=OTEL_EXPORTER_OTLP_${kv%%=*} value=${kv#*=}
    for broken in "" 1; do
        extra=
        [[ -n $broken ]] && extra=", export_rank: two"
        printf '%s\n' "telemetry: {enabled: true, otlp_endpoint: 'http://c:4317'$extra}" >c.yaml
        for format in "${formats[@]}"; do
            opts=("" --explain)
            [[ $format == sh ]] && opts+=(--explain=short "--check --strict")
            for opt in "${opts[@]}"; do
                run env "$variable=$value" "$GOE_BIN" $opt --format "$format" c.yaml
                n=$((n + 1))
                check
                leaks "$ERR" && fail "$variable=$value, --format $format $opt${broken:+ (broken)}: on stderr: $ERR"
                if [[ -z $broken && $opt != *--check* ]]; then
                    check
                    [[ $STATUS == 0 ]] || fail "$variable=$value, --format $format $opt: exit $STATUS: $ERR"
                fi
                if [[ -n $broken ]]; then
                    check
                    leaks "$OUT" && fail "$variable=$value (broken): on stdout: $OUT"
                elif [[ $format == gitlab && $opt != *--check* ]]; then
                    check
                    [[ $STATUS == 0 && $OUT != *"$variable="* ]] ||
                        fail "$variable=$value: a kept secret not left out of the report ($STATUS): $OUT"
                elif [[ $format == kubernetes && -n $OUT ]]; then
                    check
                    leaks "${OUT%%---*}" && fail "$variable=$value: in the ConfigMap or in clear: $OUT"
                    check
                    [[ ${OUT#*---} == *"$(printf '%s' "$value" | base64 -w0)"* ]] ||
                        fail "$variable=$value: not in the Secret: $OUT"
                elif [[ $format == github && -z $opt ]]; then
                    # GitHub Actions masks it for the rest of the job's log.
                    check
                    GITHUB_ACTIONS=true run env "$variable=$value" "$GOE_BIN" --format github c.yaml
                    [[ $ERR == *"::add-mask::$S"* || $OUT == *"::add-mask::$S"* ]] ||
                        fail "$variable=$value: no ::add-mask:: for it: $OUT $ERR"
                fi
            done
        done
    done
done

# Allowed explicitly, the report holds the secret as it is (and nothing on stderr shows it).
printf '%s\n' "telemetry: {enabled: true, otlp_headers: 'authorization=Bearer%20$S'}" >c.yaml
run "$GOE_BIN" --format gitlab --allow-secrets-in-artifact c.yaml
expect_status 0
check; [[ $OUT == *"OTEL_EXPORTER_OTLP_HEADERS=authorization=Bearer%20$S"* ]] || fail "not written when allowed: $OUT"
check; leaks "$ERR" && fail "on stderr when allowed: $ERR"
# Only for gitlab: elsewhere it would silently do nothing.
run "$GOE_BIN" --format env-file --allow-secrets-in-artifact c.yaml
expect_status 2
expect_stdout ""
expect_stderr "gym-otel-env: error: --allow-secrets-in-artifact is for --format gitlab only, not --format env-file: no other format refuses a secret"

echo "$n runs"
finish
