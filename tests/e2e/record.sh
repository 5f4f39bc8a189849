#!/usr/bin/env bash
# The record (GYM_OTEL_ENV_RECORD, SPEC 5) as a user lives with it: one shell, a config
# evaluated, edited and evaluated again, in each real shell installed (bash, dash, zsh,
# fish, and mksh, ksh, yash, busybox sh when present). The tool's own earlier output gives
# way to the edited config, what the user set before or changed since wins, the run id it
# made up stays the run's until a config names one, `enabled: false` takes everything back;
# then, from a shell holding a record, the formats read elsewhere, --exec's child and a
# terminal get the edited config and nothing stale, and the record never holds a value.
set -uo pipefail
. "$(dirname "$0")/lib.bash"
command -v fish >/dev/null || skip "fish is not installed"
command -v zsh >/dev/null || skip "zsh is not installed"
command -v dash >/dev/null || skip "dash is not installed"
work=$(mktemp -d) && trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
clear_telemetry_env
unset GYM_OTEL_ENV_RECORD
export GOE_BIN

# The issue's two configs, a third that names the run, a fourth that turns telemetry off.
printf '%s\n' 'telemetry:' '  enabled: true' '  service_name: first' '  span_groups: rollout' \
    '  otlp_endpoint: http://one:4318' '  otlp_protocol: grpc' >a.yaml
printf '%s\n' 'telemetry:' '  enabled: true' '  service_name: edited' '  span_groups: rollout' \
    '  otlp_endpoint: http://two:4318' >e.yaml
{ cat e.yaml && echo '  run_id: cfg-run'; } >r.yaml
printf '%s\n' 'telemetry:' '  enabled: false' >off.yaml

# What a process started from the shell gets, one line: the variables the scenario moves,
# how many telemetry variables there are, and the record: its number of entries and those
# of the moving variables, digests left out (they are checked below, not here).
cat >show <<'SH'
#!/bin/sh
rec=unset
if [ -n "${GYM_OTEL_ENV_RECORD+x}" ]; then
  rec=$(printf '%s\n' "$GYM_OTEL_ENV_RECORD" | tr ' ' '\n' | sed -n 's|/[0-9a-f]\{16\}||; 2,$p' |
        grep -c .):$(printf '%s\n' "$GYM_OTEL_ENV_RECORD" | tr ' ' '\n' | sed 's|/[0-9a-f]\{16\}||' |
        grep -E '^(OTEL_SERVICE_NAME|OTEL_EXPORTER_OTLP_ENDPOINT|OTEL_EXPORTER_OTLP_PROTOCOL|NEMO_GYM_OTEL_SPAN_GROUPS|NEMO_GYM_OTEL_RUN_ID)(/made)?$' |
        paste -sd, -)
fi
printf '%s: service=%s endpoint=%s protocol=%s groups=%s run=%s n=%s record=%s\n' "$1" \
  "${OTEL_SERVICE_NAME-unset}" "${OTEL_EXPORTER_OTLP_ENDPOINT-unset}" "${OTEL_EXPORTER_OTLP_PROTOCOL-unset}" \
  "${NEMO_GYM_OTEL_SPAN_GROUPS-unset}" "${NEMO_GYM_OTEL_RUN_ID-unset}" \
  "$(env | grep -c -E '^(NEMO_GYM_OTEL|NEMO_LENS|OTEL)_')" "$rec"
SH
chmod +x show

# The session, as typed: the span groups set by the user before the first run, then evals
# of a config and its edits, the user's own endpoint in between. Step N's stderr: N.err.
posix_session='G=$GOE_BIN
export NEMO_GYM_OTEL_SPAN_GROUPS=rollout,verify
eval "$("$G" --no-env-yaml a.yaml 2>1.err)"; ./show 1-a
eval "$("$G" --no-env-yaml e.yaml 2>2.err)"; ./show 2-edited
eval "$("$G" --no-env-yaml e.yaml 2>3.err)"; ./show 3-again
export OTEL_EXPORTER_OTLP_ENDPOINT=http://mine:4317
eval "$("$G" --no-env-yaml a.yaml 2>4.err)"; ./show 4-user-endpoint
eval "$("$G" -q --no-env-yaml e.yaml 2>5.err)"; ./show 5-quiet
eval "$("$G" --no-env-yaml r.yaml 2>6.err)"; ./show 6-config-run
eval "$("$G" --no-env-yaml e.yaml 2>7.err)"; ./show 7-run-dropped
eval "$("$G" --no-env-yaml e.yaml 2>8.err)"; ./show 8-again
eval "$("$G" --no-env-yaml off.yaml 2>9.err)"; ./show 9-off
eval "$("$G" --no-env-yaml e.yaml 2>10.err)"; ./show 10-on-again'
fish_session='set G $GOE_BIN
set -gx NEMO_GYM_OTEL_SPAN_GROUPS rollout,verify
$G --format fish --no-env-yaml a.yaml 2>1.err | source; ./show 1-a
$G --format fish --no-env-yaml e.yaml 2>2.err | source; ./show 2-edited
$G --format fish --no-env-yaml e.yaml 2>3.err | source; ./show 3-again
set -gx OTEL_EXPORTER_OTLP_ENDPOINT http://mine:4317
$G --format fish --no-env-yaml a.yaml 2>4.err | source; ./show 4-user-endpoint
$G --format fish -q --no-env-yaml e.yaml 2>5.err | source; ./show 5-quiet
$G --format fish --no-env-yaml r.yaml 2>6.err | source; ./show 6-config-run
$G --format fish --no-env-yaml e.yaml 2>7.err | source; ./show 7-run-dropped
$G --format fish --no-env-yaml e.yaml 2>8.err | source; ./show 8-again
$G --format fish --no-env-yaml off.yaml 2>9.err | source; ./show 9-off
$G --format fish --no-env-yaml e.yaml 2>10.err | source; ./show 10-on-again'

# The run ids as R1, R2, ... in the order they first appear: each a 12-digit random hex
# id, which the transcript shows only by identity.
name_run_ids() {
    local line id ids=() i n
    while IFS= read -r line; do
        while [[ $line =~ run=([0-9a-f]{12})( ) ]]; do
            id=${BASH_REMATCH[1]} n=
            for i in "${!ids[@]}"; do [[ ${ids[i]} == "$id" ]] && n=$((i + 1)); done
            [[ -n $n ]] || { ids+=("$id") && n=${#ids[@]}; }
            line=${line/run=$id /run=R$n }
        done
        printf '%s\n' "$line"
    done
}

# The record names the 13 variables the tool set; the user's span groups never. The run
# id: R1, made up, stays through edits; a config's run id replaces it (and is not marked
# made); when the config drops it again, that id was the config's, not made up, so a new
# run starts (R2), which then stays; after `enabled: false` took everything back, the next
# eval is a new run again (R3).
want_transcript='1-a: service=first endpoint=http://one:4318 protocol=grpc groups=rollout,verify run=R1 n=14 record=13:OTEL_EXPORTER_OTLP_ENDPOINT,OTEL_EXPORTER_OTLP_PROTOCOL,OTEL_SERVICE_NAME,NEMO_GYM_OTEL_RUN_ID/made
2-edited: service=edited endpoint=http://two:4318 protocol=unset groups=rollout,verify run=R1 n=13 record=12:OTEL_EXPORTER_OTLP_ENDPOINT,OTEL_SERVICE_NAME,NEMO_GYM_OTEL_RUN_ID/made
3-again: service=edited endpoint=http://two:4318 protocol=unset groups=rollout,verify run=R1 n=13 record=12:OTEL_EXPORTER_OTLP_ENDPOINT,OTEL_SERVICE_NAME,NEMO_GYM_OTEL_RUN_ID/made
4-user-endpoint: service=first endpoint=http://mine:4317 protocol=grpc groups=rollout,verify run=R1 n=14 record=12:OTEL_EXPORTER_OTLP_PROTOCOL,OTEL_SERVICE_NAME,NEMO_GYM_OTEL_RUN_ID/made
5-quiet: service=edited endpoint=http://mine:4317 protocol=unset groups=rollout,verify run=R1 n=13 record=11:OTEL_SERVICE_NAME,NEMO_GYM_OTEL_RUN_ID/made
6-config-run: service=edited endpoint=http://mine:4317 protocol=unset groups=rollout,verify run=cfg-run n=13 record=11:NEMO_GYM_OTEL_RUN_ID,OTEL_SERVICE_NAME
7-run-dropped: service=edited endpoint=http://mine:4317 protocol=unset groups=rollout,verify run=R2 n=13 record=11:OTEL_SERVICE_NAME,NEMO_GYM_OTEL_RUN_ID/made
8-again: service=edited endpoint=http://mine:4317 protocol=unset groups=rollout,verify run=R2 n=13 record=11:OTEL_SERVICE_NAME,NEMO_GYM_OTEL_RUN_ID/made
9-off: service=unset endpoint=http://mine:4317 protocol=unset groups=rollout,verify run=unset n=2 record=unset
10-on-again: service=edited endpoint=http://mine:4317 protocol=unset groups=rollout,verify run=R3 n=13 record=11:OTEL_SERVICE_NAME,NEMO_GYM_OTEL_RUN_ID/made'

warn_a="gym-otel-env: warning: a.yaml:5:18: telemetry.otlp_endpoint: 'http://one:4318' has port 4318, the OTLP/HTTP port, but the protocol is grpc (a.yaml:6:18 telemetry.otlp_protocol): use port 4317, or otlp_protocol: http/protobuf"
note() { echo "gym-otel-env: note: the environment sets $1, which $2 over the config (unset $3 to use the config's; --explain shows both)"; }

shells=(bash dash zsh fish)
for extra in mksh ksh yash busybox; do command -v "$extra" >/dev/null && shells+=("$extra"); done
for shell in "${shells[@]}"; do
    mkdir "$shell" && cp ./*.yaml show "$shell"/
    case $shell in
    fish) run env -C "$shell" fish --no-config -c "$fish_session" ;;
    busybox) run env -C "$shell" busybox sh -c "$posix_session" ;;
    *) run env -C "$shell" "$shell" -c "$posix_session" ;;
    esac
    expect "$shell: exit status" 0 "$STATUS"
    expect "$shell: nothing on the session's own stderr" "" "$ERR"
    expect "$shell: what a process started from the shell gets, step by step" "$want_transcript" \
        "$(name_run_ids <<<"$OUT")"
    # The user's span groups differ from the config's from the start: named, as is the
    # user's endpoint once set (which also ends a.yaml's port warning); -q says nothing;
    # `enabled: false` notes nothing.
    expect "$shell: step 1's stderr" "$warn_a"$'\n'"$(note NEMO_GYM_OTEL_SPAN_GROUPS wins it)" "$(cat "$shell"/1.err)"
    expect "$shell: step 4's stderr" \
        "$(note 'NEMO_GYM_OTEL_SPAN_GROUPS, OTEL_EXPORTER_OTLP_ENDPOINT' win them)" "$(cat "$shell"/4.err)"
    expect "$shell: -q: step 5's stderr" "" "$(cat "$shell"/5.err)"
    expect "$shell: step 9's stderr" "" "$(cat "$shell"/9.err)"
    expect "$shell: step 6's stderr" \
        "$(note 'NEMO_GYM_OTEL_SPAN_GROUPS, OTEL_EXPORTER_OTLP_ENDPOINT' win them)" "$(cat "$shell"/6.err)"
done


# --- from a shell that holds a record: what is read elsewhere, and --exec's child --------
eval "$("$GOE_BIN" -q --no-env-yaml a.yaml)"
made=$NEMO_GYM_OTEL_RUN_ID
check; [[ $made =~ ^[0-9a-f]{12}$ && $GYM_OTEL_ENV_RECORD == "v1 "* ]] || fail "a.yaml's eval: run id [$made], record [$GYM_OTEL_ENV_RECORD]"
gen=(-q --no-env-yaml)
# e.yaml's variables: the edited service and endpoint, no protocol, the run's made-up id.
want_e="NEMO_GYM_OTEL_ENABLED=1
NEMO_GYM_OTEL_SPAN_GROUPS=rollout
NEMO_GYM_OTEL_EXPORT_STRATEGY=all_ranks
NEMO_GYM_OTEL_EXPORT_RANK=-1
NEMO_GYM_OTEL_TRACES_ENABLED=1
NEMO_GYM_OTEL_METRICS_ENABLED=1
NEMO_GYM_OTEL_LOGS_ENABLED=0
NEMO_GYM_OTEL_EXPORTER=otlp
NEMO_GYM_OTEL_SERVICE_NAME_PER_SERVER=1
NEMO_GYM_OTEL_INSTRUMENT_AIOHTTP=1
OTEL_EXPORTER_OTLP_ENDPOINT=http://two:4318
OTEL_SERVICE_NAME=edited
NEMO_GYM_OTEL_RUN_ID=$made"
# --explain=short names what the sh output unsets: '-', the variables a.yaml's eval set that
# e.yaml no longer gives; all of them for `enabled: false`.
run "$GOE_BIN" "${gen[@]}" --explain=short e.yaml
expect_stderr "gym-otel-env: $(sed -n 's/=.*//; s/^/+/p' <<<"$want_e" | paste -sd ' ') -OTEL_EXPORTER_OTLP_PROTOCOL"
run "$GOE_BIN" "${gen[@]}" --explain=short off.yaml
expect_stderr "gym-otel-env: telemetry off: telemetry.enabled is false (off.yaml:2:12) $(sed -n 's/=.*//; s/^/-/p' <<<"$want_e" |
    sed '/^-OTEL_SERVICE_NAME$/i -OTEL_EXPORTER_OTLP_PROTOCOL' | paste -sd ' ')"
# On a terminal, what a person reads (and may paste, making it theirs) carries no record.
if command -v script >/dev/null; then
    expect "on a terminal after a.yaml's eval: e.yaml's exports and unset, no record" \
        "$(sed "s/^\([^=]*\)=\(.*\)$/export \1='\2'/" <<<"$want_e")
unset OTEL_EXPORTER_OTLP_PROTOCOL" "$(script -qec "$GOE_BIN ${gen[*]} e.yaml" /dev/null </dev/null | sed 's/\r$//')"
fi
# NAME=VALUE lines of what each reader gets: Ray's env_vars, the ConfigMap's and the
# Secret's data (decoded), in the order written.
ray_vars() { python3 -c 'import json, sys; [print(f"{k}={v}") for k, v in json.load(sys.stdin)["env_vars"].items()]'; }
k8s_vars() {
    python3 -c '
import base64, re, sys
kind = None
for line in sys.stdin:
    if line.startswith("kind: "): kind = line.split()[1]
    m = re.match(r"^  ([A-Z0-9_]+): \"(.*)\"$", line)
    if m: print(m[1] + "=" + (base64.b64decode(m[2]).decode() if kind == "Secret" else m[2]))'
}
run "$GOE_BIN" "${gen[@]}" --format env-file e.yaml
expect_status 0
expect "env-file after a.yaml's eval: e.yaml's values, nothing stale, no record" "$want_e" "$OUT"
run "$GOE_BIN" "${gen[@]}" --format ray e.yaml
expect "ray after a.yaml's eval" "$want_e" "$(ray_vars <<<"$OUT")"
run "$GOE_BIN" "${gen[@]}" --format kubernetes e.yaml
expect "kubernetes after a.yaml's eval" "$want_e" "$(k8s_vars <<<"$OUT")"
expect_stdout_lacks GYM_OTEL_ENV_RECORD
# enabled: false writes nothing, not even what the earlier eval set.
run "$GOE_BIN" "${gen[@]}" --format env-file off.yaml
expect_status 0
expect_stdout ""
run "$GOE_BIN" "${gen[@]}" --format ray off.yaml
expect_stdout '{"env_vars": {}}'
run "$GOE_BIN" "${gen[@]}" --format kubernetes off.yaml
expect "kubernetes, enabled: false" "" "$(k8s_vars <<<"$OUT")"
check; [[ $(grep -c '^data: {}$' <<<"$OUT") == 2 ]] || fail "kubernetes, enabled: false: not two empty objects: $OUT"

# --exec's child: the edited config, nothing of a.yaml's, no record; with enabled: false,
# nothing of the tool's at all. Sorted: env lists its environment in no fixed order.
telemetry_of() { grep -E '^(NEMO_GYM_OTEL|NEMO_LENS|OTEL|GYM_OTEL_ENV)_' | sort; }
run "$GOE_BIN" "${gen[@]}" e.yaml --exec -- env
expect_status 0
expect "--exec after a.yaml's eval" "$(sort <<<"$want_e")" "$(telemetry_of <<<"$OUT")"
run "$GOE_BIN" "${gen[@]}" off.yaml --exec -- env
expect "--exec, enabled: false, after a.yaml's eval" "" "$(telemetry_of <<<"$OUT")"

# What the user sets in this shell travels whole: the switch, and a per-signal endpoint
# (headers: into the Secret).
run env NEMO_GYM_OTEL_ENABLED=0 "$GOE_BIN" "${gen[@]}" --format env-file e.yaml
expect_stdout "NEMO_GYM_OTEL_ENABLED=0"
# nemo-lens' switch travels as Gym's, which a config with enabled: true there cannot undo.
run env NEMO_LENS_ENABLED=off "$GOE_BIN" "${gen[@]}" --format env-file e.yaml
expect_stdout "NEMO_GYM_OTEL_ENABLED=0"
traces=(OTEL_EXPORTER_OTLP_TRACES_ENDPOINT=http://traces:4318 OTEL_EXPORTER_OTLP_TRACES_HEADERS=x-key=tRaCeSkEy)
run env "${traces[@]}" "$GOE_BIN" "${gen[@]}" --format env-file e.yaml
expect_stdout "$(sed '/^NEMO_GYM_OTEL_RUN_ID=/i OTEL_EXPORTER_OTLP_TRACES_ENDPOINT=http://traces:4318\nOTEL_EXPORTER_OTLP_TRACES_HEADERS=x-key=tRaCeSkEy' <<<"$want_e")"
run env "${traces[@]}" "$GOE_BIN" "${gen[@]}" --format kubernetes e.yaml
expect "kubernetes carries the per-signal endpoint, its headers in the Secret" \
    "$(sed '/^NEMO_GYM_OTEL_RUN_ID=/i OTEL_EXPORTER_OTLP_TRACES_ENDPOINT=http://traces:4318' <<<"$want_e")
OTEL_EXPORTER_OTLP_TRACES_HEADERS=x-key=tRaCeSkEy" "$(k8s_vars <<<"$OUT")"
check; [[ $OUT == *tRaCeSkEy* ]] && fail "kubernetes: the traces header in clear: $OUT"
# GitLab's report is readable by whoever sees the artifacts: the kept header is left to the
# masked CI/CD variable it came from.
run env "${traces[@]}" "$GOE_BIN" "${gen[@]}" --format gitlab e.yaml
expect_stdout "$(sed '/^NEMO_GYM_OTEL_RUN_ID=/i OTEL_EXPORTER_OTLP_TRACES_ENDPOINT=http://traces:4318' <<<"$want_e")"

# --- the record holds names and digests, never a value -------------------------------------
printf '%s\n' 'telemetry:' '  enabled: true' '  service_name: sErViCe' \
    "  otlp_endpoint: 'https://uSeRnAmE:pAsSwOrD7@cOlLeCtOr:4318'" '  otlp_protocol: http/protobuf' \
    "  otlp_headers: 'authorization=Bearer%20\${oc.env:TOK},x-team=tEaMkEy'" >s.yaml
for shell in bash dash zsh; do
    run env -C "$shell" TOK=tOkEnSeCrEt9 "$shell" -c \
        'eval "$("$GOE_BIN" -q --no-env-yaml ../s.yaml)" && printf "%s\n%s" "$OTEL_EXPORTER_OTLP_HEADERS" "$GYM_OTEL_ENV_RECORD"'
    expect "$shell: the secret header set" "authorization=Bearer%20tOkEnSeCrEt9,x-team=tEaMkEy" "${OUT%%$'\n'*}"
    record=${OUT#*$'\n'}
    check; [[ $record =~ ^v1(\ [A-Z0-9_]+/[0-9a-f]{16}(/made)?)+$ ]] || fail "$shell: not names and digests: $record"
    for part in uSeRnAmE pAsSwOrD7 cOlLeCtOr tOkEnSeCrEt9 Bearer tEaMkEy sErViCe https http/protobuf; do
        check; [[ $record == *"$part"* ]] && fail "$shell: the record holds [$part]: $record"
    done
done
run env -C fish TOK=tOkEnSeCrEt9 fish --no-config -c '$GOE_BIN --format fish -q --no-env-yaml ../s.yaml | source; printf "%s" "$GYM_OTEL_ENV_RECORD"'
check; [[ $OUT =~ ^v1(\ [A-Z0-9_]+/[0-9a-f]{16}(/made)?)+$ && $OUT != *tOkEnSeCrEt9* && $OUT != *pAsSwOrD7* ]] ||
    fail "fish: the record is not names and digests only: $OUT"
finish
