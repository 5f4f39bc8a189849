#!/usr/bin/env bash
# What a person sees when stdout is a terminal (a pty, from script(1)): sh as
# `export NAME='value'` lines that read as the values were written, pasted back into
# bash, zsh and dash byte for byte; no format ever sends a control character or an
# invalid byte raw to the terminal. Through a pipe the output stays the eval-safe form.
set -uo pipefail
. "$(dirname "$0")/lib.bash"
command -v script >/dev/null || skip "script(1) is not installed (util-linux)"
missing=()
for sh in bash zsh dash; do command -v "$sh" >/dev/null || missing+=("$sh"); done
((${#missing[@]} == 0)) || skip "not installed: ${missing[*]}"
work=$(mktemp -d) && trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
clear_telemetry_env

# on_terminal CMD...: stdout of CMD as a terminal shows it, without the CR the pty adds
# before each line feed; stderr apart.
on_terminal() {
    local quoted
    printf -v quoted '%q ' "$@"
    script -qec "$quoted 2>$work/err" /dev/null | sed 's/\r$//'
}

printf '%s\n' 'telemetry:' '  enabled: true' '  service_name: my-gym' '  span_groups: default,rollout' \
    '  otlp_endpoint: http://localhost:4318' '  run_id: r1' >c.yaml
expect "sh on a terminal reads as written" "export NEMO_GYM_OTEL_ENABLED='1'
export NEMO_GYM_OTEL_SPAN_GROUPS='default,rollout'
export NEMO_GYM_OTEL_EXPORT_STRATEGY='all_ranks'
export NEMO_GYM_OTEL_EXPORT_RANK='-1'
export NEMO_GYM_OTEL_TRACES_ENABLED='1'
export NEMO_GYM_OTEL_METRICS_ENABLED='1'
export NEMO_GYM_OTEL_LOGS_ENABLED='0'
export NEMO_GYM_OTEL_EXPORTER='otlp'
export NEMO_GYM_OTEL_RUN_ID='r1'
export NEMO_GYM_OTEL_SERVICE_NAME_PER_SERVER='1'
export NEMO_GYM_OTEL_INSTRUMENT_AIOHTTP='1'
export OTEL_EXPORTER_OTLP_ENDPOINT='http://localhost:4318'
export OTEL_SERVICE_NAME='my-gym'" "$(on_terminal "$GOE_BIN" --no-env-yaml c.yaml)"
run "$GOE_BIN" --no-env-yaml c.yaml
expect_stdout_has "_goe_p=\"\`printf 'default\\054rollout.'\`\""

# Every hostile value, pasted into each shell from what the terminal showed.
printf '%s\n' "telemetry: {enabled: true, run_id: r, service_name: '\${oc.env:GOE_V}'}" >v.yaml
for i in "${!HOSTILE_VALUES[@]}"; do
    read_all value < <(hostile_value "$i")
    GOE_V=$value on_terminal "$GOE_BIN" -q --no-env-yaml v.yaml >"$i.sh"
    printf '%s' "$value" >"$i.want"
    check
    LC_ALL=C grep -q $'[\x01-\x09\x0b-\x1f\x7f]' "$i.sh" && fail "value $i: a control byte reached the terminal: $(od -c "$i.sh" | head -5)"
    for sh in bash "zsh -f" dash; do
        # What a person pastes is what a shell reads from its input.
        env -i PATH="$PATH" $sh -s >"$i.got" 2>"$i.err" <<<"$(cat "$i.sh")
printf '%s' \"\$OTEL_SERVICE_NAME\""
        check
        cmp -s "$i.want" "$i.got" || fail "value $i pasted into $sh: want $(od -c "$i.want" | head -3), got $(od -c "$i.got" | head -3) $(cat "$i.err")"
    done
done

# The formats that a program reads, shown on a terminal: escaped, never raw.
mapfile -t formats < <(tool_formats)
((${#formats[@]} >= 9)) || die "too few formats from --help: ${formats[*]}"
for format in "${formats[@]}"; do
    [[ $format == sh ]] && continue  # above, pasted into each shell
    out=$(GOE_V=$'a\x1b[31mred\tb\xc2\x9bc' on_terminal "$GOE_BIN" -q --no-env-yaml --format "$format" v.yaml)
    check
    LC_ALL=C grep -q $'[\x01-\x09\x0b-\x1f\x7f]\|\xc2\x9b' <<<"$out" && fail "--format $format: a control byte reached the terminal: $out"
done
finish
