#!/usr/bin/env bash
# The telemetry schema of the Gym that runs (SPEC 8): read from an installed Gym's
# nemo_gym/telemetry/config.py by its field names (under --gym-root, and under --exec from
# Gym's own entry point), named by --gym-version, else the seed's. Each Gym here is fake:
# a config.py holding only the field names of that Gym's TelemetryConfig, and for --exec a
# `gym` script that prints what it got. The expected variables follow each Gym's setup.py.
set -u
. "$(dirname "$0")/lib.bash"
py=$(command -v python3) || skip "no python3"
work=$(mktemp -d) && trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
clear_telemetry_env
# expect_has WHAT NEEDLE TEXT: TEXT holds NEEDLE.
expect_has() { check; [[ $3 == *"$2"* ]] || fail "$1"$'\n'"  lacks: $2"$'\n'"  in:    $3"; }

# gym_install DIR FIELDS...: a site-packages whose config.py has these fields; a field
# "block.name" is a field of a nested model the block's field is typed with.
gym_install() {
  local dir=$1
  shift
  mkdir -p "$dir/nemo_gym/telemetry"
  : >"$dir/nemo_gym/__init__.py"
  {
    local blocks
    blocks=$(printf '%s\n' "$@" | grep '\.' | cut -d. -f1 | sort -u)
    for b in $blocks; do
      printf 'class %sModel(BaseModel):\n    """A nested block."""\n\n' "$b"
      printf '%s\n' "$@" | grep "^$b\." | cut -d. -f2 | sed 's/^/    /; s/$/: bool = False/'
      printf '\n\n'
    done
    printf 'class TelemetryConfig(BaseModel, extra="allow"):\n    """The block.\n\n    enabled: a docstring line, not a field\n    """\n\n'
    printf '%s\n' "$@" | grep -v '\.' | sed 's/^/    /; s/$/: str = ""/'
    for b in $blocks; do printf '    %s: %sModel = Field(default_factory=%sModel)\n' "$b" "$b" "$b"; done
  } >"$dir/nemo_gym/telemetry/config.py"
}
branch_fields=(enabled service_name service_name_per_server span_groups export_strategy export_rank traces_enabled
  metrics_enabled logs_enabled exporter instrument_aiohttp run_id)
main_fields=(enabled service_name service_name_per_server span_groups traces_enabled metrics_enabled
  memory_profiling.enabled memory_profiling.interval_seconds logs_enabled exporter otlp_endpoint otlp_protocol
  otlp_headers instrument_aiohttp run_id)
gym_install main "${main_fields[@]}"
gym_install branch "${branch_fields[@]}"
gym_install odd "${main_fields[@]}" sample_rate

cat >c.yaml <<'YAML'
telemetry:
  enabled: true
  run_id: r
  exporter: otlp
  export_rank: 2
  otlp_endpoint: http://collector:4318
  memory_profiling:
    enabled: true
    interval_seconds: '1e-5'
YAML

# Gym's main, from its install root: memory profiling written, export_* not, otlp_* written.
run "$GOE_BIN" --no-env-yaml --gym-root main --format dotenv c.yaml
expect_status 0
expect_stdout "NEMO_GYM_OTEL_ENABLED=1
NEMO_GYM_OTEL_SPAN_GROUPS=default
NEMO_GYM_OTEL_TRACES_ENABLED=1
NEMO_GYM_OTEL_METRICS_ENABLED=1
NEMO_GYM_OTEL_LOGS_ENABLED=0
NEMO_GYM_OTEL_EXPORTER=otlp
NEMO_GYM_OTEL_RUN_ID=r
NEMO_GYM_OTEL_SERVICE_NAME_PER_SERVER=1
NEMO_GYM_OTEL_INSTRUMENT_AIOHTTP=1
NEMO_GYM_OTEL_MEMORY_PROFILING_ENABLED=1
NEMO_GYM_OTEL_MEMORY_PROFILING_INTERVAL_SECONDS=1e-05
OTEL_EXPORTER_OTLP_ENDPOINT=http://collector:4318
OTEL_SERVICE_NAME=nemo-gym"
expect_stderr "gym-otel-env: warning: c.yaml:5:3: telemetry.export_rank: not a field of Gym 27c821d975, the telemetry schema in force, but of the seed schema and Gym 2e5014086a (--gym-version names the Gym that runs), ignored
gym-otel-env: warning: c.yaml:6:18: telemetry.otlp_endpoint: 'http://collector:4318' has port 4318, the OTLP/HTTP port, but the protocol is grpc (otlp_protocol is not set, so the SDK uses grpc): use port 4317, or otlp_protocol: http/protobuf"

# The telemetry branch: no OTLP variable from the config, export_* written.
out=$("$GOE_BIN" --no-env-yaml --gym-root branch --format dotenv -q c.yaml 2>&1)
expect "branch: no otlp_*, no memory profiling" "NEMO_GYM_OTEL_ENABLED=1
NEMO_GYM_OTEL_SPAN_GROUPS=default
NEMO_GYM_OTEL_EXPORT_STRATEGY=all_ranks
NEMO_GYM_OTEL_EXPORT_RANK=2
NEMO_GYM_OTEL_TRACES_ENABLED=1
NEMO_GYM_OTEL_METRICS_ENABLED=1
NEMO_GYM_OTEL_LOGS_ENABLED=0
NEMO_GYM_OTEL_EXPORTER=otlp
NEMO_GYM_OTEL_RUN_ID=r
NEMO_GYM_OTEL_SERVICE_NAME_PER_SERVER=1
NEMO_GYM_OTEL_INSTRUMENT_AIOHTTP=1
OTEL_SERVICE_NAME=nemo-gym" "$out"
out=$("$GOE_BIN" --no-env-yaml --gym-root branch --check c.yaml 2>&1)
expect_has "branch: otlp_endpoint said to be another Gym's" "gym-otel-env: warning: c.yaml:6:3: telemetry.otlp_endpoint: not a field of Gym 2e5014086a, the telemetry schema in force, but of the seed schema and Gym 27c821d975 (--gym-version names the Gym that runs), ignored" "$out"

# No Gym: the seed's 15 fields; --gym-version names another.
out=$("$GOE_BIN" --no-env-yaml --format dotenv -q c.yaml 2>&1 | cut -d= -f1 | tr '\n' ' ')
expect "seed: the default" "NEMO_GYM_OTEL_ENABLED NEMO_GYM_OTEL_SPAN_GROUPS NEMO_GYM_OTEL_EXPORT_STRATEGY NEMO_GYM_OTEL_EXPORT_RANK NEMO_GYM_OTEL_TRACES_ENABLED NEMO_GYM_OTEL_METRICS_ENABLED NEMO_GYM_OTEL_LOGS_ENABLED NEMO_GYM_OTEL_EXPORTER NEMO_GYM_OTEL_RUN_ID NEMO_GYM_OTEL_SERVICE_NAME_PER_SERVER NEMO_GYM_OTEL_INSTRUMENT_AIOHTTP OTEL_EXPORTER_OTLP_ENDPOINT OTEL_SERVICE_NAME " "$out"

# --explain says which schema and why.
out=$("$GOE_BIN" --no-env-yaml --gym-root main --check --explain -q c.yaml 2>&1 | sed -n 2p)
expect "main: --explain names it" "gym-otel-env: explain: telemetry schema: Gym 27c821d975 (the fields of main/nemo_gym/telemetry/config.py)" "$out"
out=$("$GOE_BIN" --no-env-yaml --gym-root "$work/old" --check --explain -q c.yaml 2>&1 | sed -n 2p)
expect "a Gym without config.py: the default, and why" "gym-otel-env: explain: telemetry schema: the seed schema (the default: Gym at $work/old has no nemo_gym/telemetry/config.py)" "$out"

# A Gym with a field no known version has: a warning, the closest version, --strict fails.
out=$("$GOE_BIN" --no-env-yaml --gym-root odd --check c.yaml 2>&1 | head -1)
expect "odd: a warning naming the field" "gym-otel-env: warning: the installed Gym's telemetry schema is no version this tool knows (fields no known Gym has: sample_rate): read as Gym 27c821d975's, the closest (the fields of odd/nemo_gym/telemetry/config.py)" "$out"
"$GOE_BIN" --no-env-yaml --gym-root odd --check --strict c.yaml >/dev/null 2>&1
expect "odd: --strict fails" 1 "$?"

# Gym main's nemo-lens precedence: the Gym variable unwritten, Gym's warning, -q silences it.
out=$(NEMO_LENS_EXPORTER=console NEMO_LENS_RUN_ID=lens "$GOE_BIN" --no-env-yaml --gym-root main c.yaml 2>&1 >/dev/null)
expect_has "main: Gym's warning" "gym-otel-env: warning: c.yaml:4:13: telemetry.exporter: 'otlp' from the config is ignored because NEMO_LENS_EXPORTER='console' is set" "$out"
out=$(NEMO_LENS_EXPORTER=console NEMO_LENS_RUN_ID=lens "$GOE_BIN" --no-env-yaml --gym-root main -q c.yaml 2>&1)
check
case $out in *NEMO_GYM_OTEL_EXPORTER* | *NEMO_GYM_OTEL_RUN_ID* | *warning*) fail "main: lens variables shadowed or warned under -q: $out" ;; esac
# In a file read elsewhere, the nemo-lens variable itself travels.
out=$(NEMO_LENS_EXPORTER=console "$GOE_BIN" --no-env-yaml --gym-root main -q --format env-file c.yaml | grep -E "^NEMO_(LENS|GYM_OTEL)_EXPORTER")
expect "main: env-file carries NEMO_LENS_EXPORTER" "NEMO_LENS_EXPORTER=console" "$out"

# Under --exec, the schema of the Gym whose entry point runs: a venv with main's install.
mkdir -p venv/bin venv/lib/python3.11/site-packages
ln -s "$py" venv/bin/python3
gym_install venv/lib/python3.11/site-packages "${main_fields[@]}"
cat >venv/bin/gym <<PY
#!$work/venv/bin/python3
import os
print(os.environ.get("NEMO_GYM_OTEL_MEMORY_PROFILING_INTERVAL_SECONDS", "-"), os.environ.get("NEMO_GYM_OTEL_EXPORT_RANK", "-"))
PY
chmod +x venv/bin/gym
out=$(env -i PATH=/usr/bin:/bin "$GOE_BIN" --no-env-yaml -q --exec -- "$work/venv/bin/gym" env start --config c.yaml 2>&1)
expect "--exec: the entry point's Gym decides" "1e-05 -" "$out"
out=$(env -i PATH=/usr/bin:/bin "$GOE_BIN" --no-env-yaml -q --gym-version seed --exec -- "$work/venv/bin/gym" env start --config c.yaml 2>&1)
expect "--exec: --gym-version names another" "- 2" "$out"
finish
