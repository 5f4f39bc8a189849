#!/usr/bin/env bash
# Kept variables where the output lands (SPEC 5): a variable already set in the shell
# that renders is left out of what this shell's descendants evaluate (sh, fish, json,
# --exec), and carried with its value by every format read elsewhere, each read back
# by its real reader with that reader's defaults: kubectl --from-env-file (env-file),
# kubectl's own decoders over the manifests with the Secret decoded (kubernetes),
# python-dotenv's load_dotenv() (dotenv), Python's os.path.expandvars over Ray's
# env_vars (ray), the Actions runner's reading of $GITHUB_ENV (github, emulated in
# lib/check_formats.py), GitLab's line reading (gitlab). Where the reader keeps a
# variable its process already has (load_dotenv, a pod's own env:), that one still wins.
set -uo pipefail
. "$(dirname "$0")/lib.bash"
command -v python3 >/dev/null || skip "python3 is needed to read the formats back"
work=$(mktemp -d) && trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
clear_telemetry_env

printf '%s\n' 'telemetry:' '  enabled: true' '  service_name: from-config' '  span_groups: rollout' \
    '  otlp_endpoint: http://collector:4318' '  otlp_protocol: http/protobuf' >c.yaml
# What the shell that renders already has: a service name, a span group, one run id for
# the whole run, and two secrets (headers; an endpoint with a password).
kept=(OTEL_SERVICE_NAME=from-shell NEMO_GYM_OTEL_SPAN_GROUPS=all NEMO_GYM_OTEL_RUN_ID=abc123
      OTEL_EXPORTER_OTLP_HEADERS=x-key=kEpTsEcReT9 OTEL_EXPORTER_OTLP_ENDPOINT=https://u:pAsSwOrD7@collector:4318)
render() { env "${kept[@]}" "$GOE_BIN" --no-env-yaml "$@" c.yaml; }

# --- left out where this environment is inherited ---------------------------------------
for format in sh fish json; do
    run render --format "$format"
    expect_status 0
    for name in NEMO_GYM_OTEL_SPAN_GROUPS NEMO_GYM_OTEL_RUN_ID OTEL_EXPORTER_OTLP_HEADERS OTEL_EXPORTER_OTLP_ENDPOINT \
        from-shell; do
        expect_stdout_lacks "$name"
    done
    expect_stdout_has NEMO_GYM_OTEL_EXPORTER
done
# ... and the shell that evaluates it keeps its own values.
run env "${kept[@]}" bash -c 'eval "$("$0" --no-env-yaml c.yaml)" && printf "%s|%s|%s" "$OTEL_SERVICE_NAME" "$NEMO_GYM_OTEL_RUN_ID" "$NEMO_GYM_OTEL_EXPORTER"' "$GOE_BIN"
expect "sh: the shell keeps its values" "from-shell|abc123|otlp" "$OUT"
run render --explain >/dev/null
expect_stderr_has "  OTEL_SERVICE_NAME=from-shell                            set in the environment: kept, not written"
expect_stderr_has "  OTEL_EXPORTER_OTLP_HEADERS=x-key=***                    set in the environment: kept, not written"

# --- carried where it is read elsewhere ---------------------------------------------------
run render --explain=short --format env-file
expect_stderr "gym-otel-env: note: the environment sets NEMO_GYM_OTEL_SPAN_GROUPS, OTEL_EXPORTER_OTLP_ENDPOINT, OTEL_SERVICE_NAME, which win over the config (unset them to use the config's; --explain shows both)
gym-otel-env: +NEMO_GYM_OTEL_ENABLED =NEMO_GYM_OTEL_SPAN_GROUPS +NEMO_GYM_OTEL_EXPORT_STRATEGY +NEMO_GYM_OTEL_EXPORT_RANK +NEMO_GYM_OTEL_TRACES_ENABLED +NEMO_GYM_OTEL_METRICS_ENABLED +NEMO_GYM_OTEL_LOGS_ENABLED +NEMO_GYM_OTEL_EXPORTER =NEMO_GYM_OTEL_RUN_ID +NEMO_GYM_OTEL_SERVICE_NAME_PER_SERVER +NEMO_GYM_OTEL_INSTRUMENT_AIOHTTP =OTEL_EXPORTER_OTLP_ENDPOINT +OTEL_EXPORTER_OTLP_PROTOCOL =OTEL_EXPORTER_OTLP_HEADERS =OTEL_SERVICE_NAME"
run render --explain --format kubernetes
expect_stderr_has "  OTEL_SERVICE_NAME=from-shell                            set in the environment: kept, written with its value"
expect_stderr_has "  OTEL_EXPORTER_OTLP_ENDPOINT=https://***@collector:4318  set in the environment: kept, written with its value"
check
[[ $ERR == *kEpTsEcReT9* || $ERR == *pAsSwOrD7* ]] && fail "--explain showed a kept secret: $ERR"

# Each reader prints NAME=VALUE lines of what it read, sorted, for one comparison.
want=$(printf '%s\n' NEMO_GYM_OTEL_RUN_ID=abc123 NEMO_GYM_OTEL_SPAN_GROUPS=all \
    OTEL_EXPORTER_OTLP_ENDPOINT=https://u:pAsSwOrD7@collector:4318 OTEL_EXPORTER_OTLP_HEADERS=x-key=kEpTsEcReT9 \
    OTEL_SERVICE_NAME=from-shell)
kept_of() { grep -E '^(NEMO_GYM_OTEL_RUN_ID|NEMO_GYM_OTEL_SPAN_GROUPS|OTEL_EXPORTER_OTLP_ENDPOINT|OTEL_EXPORTER_OTLP_HEADERS|OTEL_SERVICE_NAME)=' | sort; }

render --format dotenv >otel.dotenv
run env -i PATH="$PATH" python3 -c '
import os, sys
from dotenv import load_dotenv
load_dotenv(sys.argv[1])
for k, v in sorted(os.environ.items()): print(f"{k}={v}")' otel.dotenv
expect "dotenv: load_dotenv() in a process that has none of them" "$want" "$(kept_of <<<"$OUT")"
# load_dotenv keeps a variable its process already has: that one still wins there.
run env -i PATH="$PATH" OTEL_SERVICE_NAME=the-containers python3 -c '
import os, sys
from dotenv import load_dotenv
load_dotenv(sys.argv[1])
print(os.environ["OTEL_SERVICE_NAME"], os.environ["NEMO_GYM_OTEL_RUN_ID"])' otel.dotenv
expect "dotenv: the reader's own variable wins" "the-containers abc123" "$OUT"

render --format ray >ray.json
run python3 -c '
import json, os, sys
env = json.load(open(sys.argv[1]))["env_vars"]
for k, v in sorted(env.items()): print(f"{k}={os.path.expandvars(v)}")' ray.json
expect "ray: env_vars as the worker expands them" "$want" "$(kept_of <<<"$OUT")"

render --format github >github.env
run python3 -c '
import sys
sys.path.insert(0, sys.argv[2])
from check_formats import read_github_env
for k, v in sorted(read_github_env(open(sys.argv[1], "rb").read()).items()): print(f"{k}={v.decode()}")' \
    github.env "$GOE_SOURCE_DIR/tests/e2e/lib"
expect "github: \$GITHUB_ENV as the runner reads it" "$want" "$(kept_of <<<"$OUT")"

# GitLab: a kept secret is left to the masked CI/CD variable it came from, which every
# job gets and which outranks the report; the report is readable by anyone who can see
# the artifacts.
render --format gitlab >gitlab.env
expect "gitlab: one NAME=VALUE line each, as GitLab reads them, but the secrets" \
    "$(grep -v -e ^OTEL_EXPORTER_OTLP_ENDPOINT= -e ^OTEL_EXPORTER_OTLP_HEADERS= <<<"$want")" "$(kept_of <gitlab.env)"
run render --explain=short --format gitlab
expect_stderr_has " ~OTEL_EXPORTER_OTLP_ENDPOINT +OTEL_EXPORTER_OTLP_PROTOCOL ~OTEL_EXPORTER_OTLP_HEADERS =OTEL_SERVICE_NAME"

if command -v kubectl >/dev/null; then
    render --format env-file >otel.env
    run kubectl create configmap otel --from-env-file=otel.env --dry-run=client -o json
    expect_status 0
    got=$(python3 -c 'import json, sys; [print(f"{k}={v}") for k, v in sorted(json.load(sys.stdin)["data"].items())]' <<<"$OUT")
    expect "env-file: kubectl --from-env-file" "$want" "$(kept_of <<<"$got")"

    render --format kubernetes --name run-42 >m.yaml
    mkdir k && cp m.yaml k/ && printf 'resources:\n- m.yaml\n' >k/kustomization.yaml
    for reader in label kustomize; do
        if [[ $reader == label ]]; then
            run kubectl label --local -f m.yaml read=yes -o json
        else
            kubectl kustomize k >k.yaml && run kubectl label --local -f k.yaml read=yes -o json
        fi
        expect_status 0
        run python3 -c '
import base64, json, sys
text, at, objects = sys.stdin.read(), 0, {}
decoder = json.JSONDecoder()
while text[at:].strip():
    o, at = decoder.raw_decode(text, at + len(text[at:]) - len(text[at:].lstrip()))
    objects[o["kind"]] = o.get("data", {})
for k, v in objects["ConfigMap"].items(): print(f"ConfigMap {k}={v}")
for k, v in objects["Secret"].items(): print(f"Secret {k}={base64.b64decode(v).decode()}")' <<<"$OUT"
        expect "kubernetes ($reader): the kept secrets in the Secret, the rest in the ConfigMap" \
            "$(printf '%s\n' 'ConfigMap NEMO_GYM_OTEL_RUN_ID=abc123' 'ConfigMap NEMO_GYM_OTEL_SPAN_GROUPS=all' \
                'ConfigMap OTEL_SERVICE_NAME=from-shell' \
                'Secret OTEL_EXPORTER_OTLP_ENDPOINT=https://u:pAsSwOrD7@collector:4318' \
                'Secret OTEL_EXPORTER_OTLP_HEADERS=x-key=kEpTsEcReT9')" \
            "$(grep -E ' (NEMO_GYM_OTEL_RUN_ID|NEMO_GYM_OTEL_SPAN_GROUPS|OTEL_EXPORTER_OTLP_ENDPOINT|OTEL_EXPORTER_OTLP_HEADERS|OTEL_SERVICE_NAME)=' <<<"$OUT" | sort)"
    done
    # The ConfigMap never holds a secret, in any spelling.
    check
    python3 - m.yaml <<'PY' || fail "the ConfigMap holds a secret"
import sys
config_map = open(sys.argv[1]).read().split("---")[0]
sys.exit(any(s in config_map for s in ("kEpTsEcReT9", "pAsSwOrD7", "a0VwVHNFY1JlVDk", "cEFzU3dPckQ3")))
PY
else
    echo "kubectl is not installed: env-file and kubernetes not read back"
fi

# --- GitHub Actions: the runner masks what it is told to, on stderr, only inside Actions -
run env GITHUB_ACTIONS=true "${kept[@]}" "$GOE_BIN" --no-env-yaml --format github c.yaml
expect_status 0
expect_stderr_has "::add-mask::x-key=kEpTsEcReT9"
expect_stderr_has "::add-mask::kEpTsEcReT9"
expect_stderr_has "::add-mask::pAsSwOrD7"
check
while IFS= read -r line; do
    [[ ($line == *kEpTsEcReT9* || $line == *pAsSwOrD7*) && $line != ::add-mask::* ]] && fail "a secret outside an add-mask command: $line"
done <<<"$ERR"
run render --format github
expect_stderr "gym-otel-env: note: the environment sets NEMO_GYM_OTEL_SPAN_GROUPS, OTEL_EXPORTER_OTLP_ENDPOINT, OTEL_SERVICE_NAME, which win over the config (unset them to use the config's; --explain shows both)"
# -q silences the note, as every other line that is not an error.
run render -q --format github
expect_stderr ""
finish
