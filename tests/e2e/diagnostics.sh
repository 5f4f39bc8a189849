#!/usr/bin/env bash
# Diagnostics as a user sees them: --explain, --check, --strict, -q, warnings, colour.
set -u
. "$(dirname "$0")/lib.bash"

cd "$(mktemp -d)"
trap 'rm -rf "$PWD"' EXIT
clear_telemetry_env
unset NO_COLOR
export SLURM_JOB_ID=99  # a fixed run id, so two runs print the same
# A stand-in for Gym's entry point: --exec reads a command line only when it is Gym's.
mkdir bin && printf '#!/bin/sh\necho "${OTEL_SERVICE_NAME:-ran}"\n' > bin/gym && chmod +x bin/gym
export PATH="$PWD/bin:$PATH"

cat > c.yaml <<'YAML'
telemetry:
  enabled: true
  exporter: console
  otlp_headers: api-key=s3cr3t
  service_name: my-gym
YAML

# --explain: stderr names where each value came from; stdout is as without it.
OTEL_EXPORTER_OTLP_ENDPOINT=http://collector:4318 run "$GOE_BIN" c.yaml
plain=$OUT
OTEL_EXPORTER_OTLP_ENDPOINT=http://collector:4318 run "$GOE_BIN" --explain c.yaml
expect_status 0
expect_stdout "$plain"
expect_stderr "gym-otel-env: explain: read c.yaml
gym-otel-env: explain: telemetry on: telemetry.enabled is true (c.yaml:2:12)
  NEMO_GYM_OTEL_ENABLED=1                            c.yaml:2:12 telemetry.enabled
  NEMO_GYM_OTEL_SPAN_GROUPS=default                  default
  NEMO_GYM_OTEL_EXPORT_STRATEGY=all_ranks            default
  NEMO_GYM_OTEL_EXPORT_RANK=-1                       default
  NEMO_GYM_OTEL_TRACES_ENABLED=1                     default
  NEMO_GYM_OTEL_METRICS_ENABLED=1                    default
  NEMO_GYM_OTEL_LOGS_ENABLED=0                       default
  NEMO_GYM_OTEL_EXPORTER=console                     c.yaml:3:13 telemetry.exporter
  NEMO_GYM_OTEL_SERVICE_NAME_PER_SERVER=1            default
  NEMO_GYM_OTEL_INSTRUMENT_AIOHTTP=1                 default
  OTEL_EXPORTER_OTLP_ENDPOINT=http://collector:4318  set in the environment: kept, not written
  OTEL_EXPORTER_OTLP_PROTOCOL                        not exported: null by default
  OTEL_EXPORTER_OTLP_HEADERS=api-key=***             c.yaml:4:17 telemetry.otlp_headers
  OTEL_SERVICE_NAME=my-gym                           c.yaml:5:17 telemetry.service_name
  NEMO_GYM_OTEL_RUN_ID=99                            from SLURM_JOB_ID"
# The rows follow stdout's order: the run id from SLURM_JOB_ID comes last on both.
check; [[ $(grep '^export ' <<<"$plain" | grep -v '^export GYM_OTEL_ENV_RECORD=' | tail -n1) == "export NEMO_GYM_OTEL_RUN_ID='99' &&" ]] ||
  fail "stdout does not end in the run id: $plain"
check; [[ $ERR != *s3cr3t* ]] || fail "the header secret is on stderr"

OTEL_SERVICE_NAME=mine run "$GOE_BIN" --explain=short --format json c.yaml
expect_stderr "gym-otel-env: note: the environment sets OTEL_SERVICE_NAME, which wins over the config (unset it to \
use the config's; --explain shows both)
gym-otel-env: +NEMO_GYM_OTEL_ENABLED +NEMO_GYM_OTEL_SPAN_GROUPS +NEMO_GYM_OTEL_EXPORT_STRATEGY \
+NEMO_GYM_OTEL_EXPORT_RANK +NEMO_GYM_OTEL_TRACES_ENABLED +NEMO_GYM_OTEL_METRICS_ENABLED +NEMO_GYM_OTEL_LOGS_ENABLED \
+NEMO_GYM_OTEL_EXPORTER +NEMO_GYM_OTEL_SERVICE_NAME_PER_SERVER \
+NEMO_GYM_OTEL_INSTRUMENT_AIOHTTP +OTEL_EXPORTER_OTLP_HEADERS ~OTEL_SERVICE_NAME +NEMO_GYM_OTEL_RUN_ID"
expect_stdout_has '"OTEL_EXPORTER_OTLP_HEADERS": "api-key=s3cr3t"'

NEMO_GYM_OTEL_ENABLED=0 run "$GOE_BIN" --explain c.yaml
expect_stdout ""
expect_stderr "gym-otel-env: note: the environment sets NEMO_GYM_OTEL_ENABLED, which wins over the config (unset it \
to use the config's; --explain shows both)
gym-otel-env: explain: read c.yaml
gym-otel-env: explain: telemetry off, nothing exported: NEMO_GYM_OTEL_ENABLED=0 in the environment
gym-otel-env: explain: set but not exported while telemetry is off: exporter, otlp_headers, service_name"
printf 'telemetry:\n  service_name: x\n  enabled: off\n' > off.yaml
run "$GOE_BIN" --explain=short off.yaml
expect_stderr "gym-otel-env: telemetry off: telemetry.enabled is false (off.yaml:3:12); set but not exported: service_name"
run "$GOE_BIN" --explain off.yaml
expect_stderr "gym-otel-env: explain: read off.yaml
gym-otel-env: explain: telemetry off, nothing exported: telemetry.enabled is false (off.yaml:3:12)
gym-otel-env: explain: set but not exported while telemetry is off: service_name"
# --check says so too, as a note that --strict does not fail on; a plain run stays quiet.
printf 'telemetry:\n  service_name: svc\n  otlp_endpoint: http://collector:4317\n' > unset.yaml
run "$GOE_BIN" --check --strict unset.yaml
expect_status 0
expect_stdout ""
expect_stderr "gym-otel-env: note: telemetry is off, so what the config sets is not exported (otlp_endpoint, service_name): telemetry.enabled is not set (default false)"
run "$GOE_BIN" unset.yaml
expect_status 0
expect_stderr ""

# A misspelt telemetry block: a warning with the fix, an error under --strict.
printf 'telemtry:\n  enabled: true\n' > misspelt.yaml
run "$GOE_BIN" --check misspelt.yaml
expect_status 0
expect_stderr "gym-otel-env: warning: misspelt.yaml:1:1: telemtry: not the telemetry block, ignored; did you mean 'telemetry'?"
printf 'Telemetry:\n  enabled: true\n' > capital.yaml
run "$GOE_BIN" --check --strict capital.yaml
expect_status 1
expect_stderr "gym-otel-env: error: capital.yaml:1:1: Telemetry: not the telemetry block; did you mean 'telemetry'?"

# Inside a Slurm job, a run id carried in from the submitting shell is not the job's.
SLURM_JOB_ID=123 NEMO_GYM_OTEL_RUN_ID=0a1b2c3d4e5f run "$GOE_BIN" --check c.yaml
expect_status 0
expect_stderr "gym-otel-env: warning: environment: NEMO_GYM_OTEL_RUN_ID: '0a1b2c3d4e5f' is kept, but this Slurm job is SLURM_JOB_ID=123: its tasks report under another run id, perhaps one a login shell exported before sbatch (submit with 'env -u NEMO_GYM_OTEL_RUN_ID sbatch ...'; to group jobs on purpose, set telemetry.run_id)"
SLURM_JOB_ID=123 NEMO_GYM_OTEL_RUN_ID=0a1b2c3d4e5f run "$GOE_BIN" c.yaml
expect_stdout_lacks "NEMO_GYM_OTEL_RUN_ID"  # kept, as always: the warning changes nothing
expect_stderr_has "NEMO_GYM_OTEL_RUN_ID: '0a1b2c3d4e5f' is kept"
SLURM_JOB_ID=123 NEMO_GYM_OTEL_RUN_ID=123 run "$GOE_BIN" --check c.yaml
expect_stderr ""

# The CI gate of docs/recipes.md: merged, a later file hides a bad value in an earlier
# one; checked one at a time, it fails.
mkdir gate && printf 'telemetry:\n  enabled: true\n  exporter: zipkin\n' > gate/a.yaml
printf 'telemetry:\n  enabled: true\n  exporter: otlp\n' > gate/b.yaml
run "$GOE_BIN" --check --strict gate/a.yaml gate/b.yaml
expect_status 0
run bash -c 'status=0
for config in gate/*.yaml; do
  "$0" --check --strict "$config" || status=1
done
exit "$status"' "$GOE_BIN"
expect_status 1
expect_stderr "gym-otel-env: error: gate/a.yaml:3:13: telemetry.exporter: 'zipkin' is not one of otlp, console (nemo-lens rejects it)"

# --env-yaml and --no-env-yaml contradict each other.
run "$GOE_BIN" --env-yaml e.yaml --no-env-yaml c.yaml
expect_status 2
expect_stdout "false"
expect_stderr "gym-otel-env: error: --env-yaml excludes --no-env-yaml (see gym-otel-env --help)"
run "$GOE_BIN" --no-env-yaml --env-yaml=e.yaml --check c.yaml
expect_status 2
expect_stdout ""
expect_stderr "gym-otel-env: error: --env-yaml excludes --no-env-yaml (see gym-otel-env --help)"

run "$GOE_BIN" --explain=long c.yaml
expect_status 2
expect_stdout "false"
expect_stderr "gym-otel-env: error: --explain: expected no value, full or short, got 'long' (see gym-otel-env --help)"

# --explain with --exec: the child's output is its own.
run "$GOE_BIN" --explain=short --exec -- gym env start --config c.yaml
expect_status 0
expect_stdout "my-gym"
expect_stderr_has "gym-otel-env: +NEMO_GYM_OTEL_ENABLED "

# Unknown keys: a warning with file:line:col and a did-you-mean; the run goes on.
printf 'telemetry:\n  enabled: true\n  exportr: console\n  colour: blue\n' > typo.yaml
run "$GOE_BIN" typo.yaml
expect_status 0
expect_stdout_has "export NEMO_GYM_OTEL_EXPORTER='otlp' &&"
expect_stderr "gym-otel-env: warning: typo.yaml:3:3: telemetry.exportr: unknown key, ignored; did you mean 'exporter'?
gym-otel-env: warning: typo.yaml:4:3: telemetry.colour: unknown key, ignored"
run "$GOE_BIN" -q typo.yaml
expect_status 0
expect_stderr ""

# At most 20 warnings, then a count.
{ echo 'telemetry:'; for i in $(seq 1 23); do echo "  key$i: 1"; done; } > many.yaml
run "$GOE_BIN" --check many.yaml
expect_status 0
check; [ "$(printf '%s\n' "$ERR" | wc -l)" = 21 ] || fail "expected 21 lines: $ERR"
check; [[ $ERR == *"gym-otel-env: warning: many.yaml:21:3: telemetry.key20: unknown key, ignored
gym-otel-env: warning: ... and 3 more" ]] || fail "no cap line: $ERR"

# --check: nothing on stdout, 0 for a good config, 1 for an error, 2 for bad usage.
run "$GOE_BIN" --check --format xml c.yaml
expect_status 2
expect_stdout ""
run "$GOE_BIN" --check c.yaml
expect_status 0
expect_stdout ""
expect_stderr ""
printf 'telemetry:\n  enabled: true\n  export_rank: two\n' > rank.yaml
run "$GOE_BIN" --check rank.yaml
expect_status 1
expect_stdout ""
expect_stderr "gym-otel-env: error: rank.yaml:3:16: telemetry.export_rank: expected an integer, got 'two'"

# Lint: values Gym takes that nemo-lens or the SDK reject later.
printf 'telemetry:\n  enabled: true\n  exporter: zipkin\n  otlp_protocol: http\n' > lint.yaml
run "$GOE_BIN" --check lint.yaml
expect_status 0
expect_stdout ""
expect_stderr "gym-otel-env: warning: lint.yaml:3:13: telemetry.exporter: 'zipkin' is not one of otlp, console (nemo-lens rejects it)
gym-otel-env: warning: lint.yaml:4:18: telemetry.otlp_protocol: 'http' is not one of grpc, http/protobuf, http/json (the OpenTelemetry SDK rejects it); did you mean 'http/protobuf'?"
run "$GOE_BIN" --check --strict lint.yaml
expect_status 1
expect_stdout ""
expect_stderr "gym-otel-env: error: lint.yaml:3:13: telemetry.exporter: 'zipkin' is not one of otlp, console (nemo-lens rejects it)
gym-otel-env: error: lint.yaml:4:18: telemetry.otlp_protocol: 'http' is not one of grpc, http/protobuf, http/json (the OpenTelemetry SDK rejects it); did you mean 'http/protobuf'?"
run "$GOE_BIN" --check --strict -q lint.yaml
expect_status 1
expect_stderr_has "gym-otel-env: error: lint.yaml:3:13: telemetry.exporter: "

# --strict without --check: the shell formats print `false`, the others nothing.
run "$GOE_BIN" --strict lint.yaml
expect_status 1
expect_stdout "false"
run "$GOE_BIN" --strict --format json lint.yaml
expect_status 1
expect_stdout ""
run "$GOE_BIN" --strict --exec -- gym env start --config lint.yaml
expect_status 1
expect_stdout ""  # stdout is the command's under --exec

# First mistakes on the way to the collector, as a user makes them.
printf 'telemetry:\n  enabled: true\n  otlp_endpoint: http://collector:4318\n  otlp_protocol: grpc\n' > port.yaml
run "$GOE_BIN" --check port.yaml
expect_status 0
expect_stdout ""
expect_stderr "gym-otel-env: warning: port.yaml:3:18: telemetry.otlp_endpoint: 'http://collector:4318' has port 4318, the OTLP/HTTP port, but the protocol is grpc (port.yaml:4:18 telemetry.otlp_protocol): use port 4317, or otlp_protocol: http/protobuf"
run "$GOE_BIN" --check --strict port.yaml
expect_status 1
expect_stderr "gym-otel-env: error: port.yaml:3:18: telemetry.otlp_endpoint: 'http://collector:4318' has port 4318, the OTLP/HTTP port, but the protocol is grpc (port.yaml:4:18 telemetry.otlp_protocol): use port 4317, or otlp_protocol: http/protobuf"
# No protocol anywhere: nemo-lens' grpc. An IPv6 endpoint from the environment, http/json.
printf 'telemetry:\n  enabled: true\n  otlp_endpoint: http://collector:4318/\n' > noproto.yaml
run "$GOE_BIN" noproto.yaml
expect_status 0
expect_stderr "gym-otel-env: warning: noproto.yaml:3:18: telemetry.otlp_endpoint: 'http://collector:4318/' has port 4318, the OTLP/HTTP port, but the protocol is grpc (otlp_protocol is not set, so the SDK uses grpc): use port 4317, or otlp_protocol: http/protobuf"
OTEL_EXPORTER_OTLP_ENDPOINT='http://[::1]:4317' OTEL_EXPORTER_OTLP_PROTOCOL=http/json run "$GOE_BIN" --check c.yaml
expect_stderr ""  # c.yaml's exporter is console: nothing goes to a collector
printf 'telemetry:\n  enabled: true\n' > bare.yaml
OTEL_EXPORTER_OTLP_ENDPOINT='http://[::1]:4317' OTEL_EXPORTER_OTLP_PROTOCOL=http/json run "$GOE_BIN" --check bare.yaml
expect_stderr "gym-otel-env: warning: environment: OTEL_EXPORTER_OTLP_ENDPOINT: 'http://[::1]:4317' has port 4317, the OTLP/gRPC port, but the protocol is http/json (OTEL_EXPORTER_OTLP_PROTOCOL in the environment): use port 4318, or otlp_protocol: grpc"
# The signal path written into the generic endpoint, over HTTP; the URL's secrets not shown.
printf 'telemetry:\n  enabled: true\n  otlp_endpoint: https://user:pw@api.example/v1/metrics?key=k\n  otlp_protocol: http/protobuf\n' > path.yaml
run "$GOE_BIN" --check path.yaml
expect_stderr "gym-otel-env: warning: path.yaml:3:18: telemetry.otlp_endpoint: 'https://***@api.example/v1/metrics?***' already ends in /v1/metrics, and over http/protobuf the SDK appends /v1/<signal> to it (metrics go to https://***@api.example/v1/metrics/v1/metrics?***): drop the path, or set OTEL_EXPORTER_OTLP_METRICS_ENDPOINT, which the SDK uses as it is"
# A per-signal variable left in the environment: a warning, and --explain's table; no header value shown.
printf 'telemetry:\n  enabled: true\n  otlp_endpoint: http://collector:4317\n  otlp_headers: api-key=s3cr3t\n' > signal.yaml
OTEL_EXPORTER_OTLP_TRACES_ENDPOINT=http://old:4318/v1/traces OTEL_EXPORTER_OTLP_LOGS_HEADERS=api-key=0ld-s3cr3t \
  run "$GOE_BIN" --explain signal.yaml
expect_status 0
expect_stderr_has "gym-otel-env: warning: environment: OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: already set, so traces are exported with it, not with the OTEL_EXPORTER_OTLP_ENDPOINT written from signal.yaml:3:18 telemetry.otlp_endpoint (unset it to use the config's; --explain shows where each signal goes)
gym-otel-env: warning: environment: OTEL_EXPORTER_OTLP_LOGS_HEADERS: already set, so logs are exported with it, not with the OTEL_EXPORTER_OTLP_HEADERS written from signal.yaml:4:17 telemetry.otlp_headers (unset it to use the config's; --explain shows where each signal goes)"
expect_stderr_has "gym-otel-env: explain: per signal (an OTEL_EXPORTER_OTLP_<SIGNAL>_* variable in the environment wins over the generic one, for its signal):
  traces endpoint   http://old:4318/v1/traces  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT in the environment
  traces protocol   -                          not set: grpc, nemo-lens' default
  traces headers    api-key=***                OTEL_EXPORTER_OTLP_HEADERS, signal.yaml:4:17 telemetry.otlp_headers
  metrics endpoint  http://collector:4317      OTEL_EXPORTER_OTLP_ENDPOINT, signal.yaml:3:18 telemetry.otlp_endpoint
  metrics protocol  -                          not set: grpc, nemo-lens' default
  metrics headers   api-key=***                OTEL_EXPORTER_OTLP_HEADERS, signal.yaml:4:17 telemetry.otlp_headers
  logs endpoint     http://collector:4317      OTEL_EXPORTER_OTLP_ENDPOINT, signal.yaml:3:18 telemetry.otlp_endpoint
  logs protocol     -                          not set: grpc, nemo-lens' default
  logs headers      api-key=***                OTEL_EXPORTER_OTLP_LOGS_HEADERS in the environment"
check; [[ $ERR == *s3cr3t* ]] && fail "a header value was shown: $ERR"

# The environment in effect is linted too, named by its variable.
NEMO_GYM_OTEL_LOGS_ENABLED=maybe run "$GOE_BIN" c.yaml
expect_status 0
expect_stderr "gym-otel-env: warning: environment: NEMO_GYM_OTEL_LOGS_ENABLED: 'maybe' is not a boolean nemo-lens accepts (1, true, yes, on, 0, false, no, off)"
OTEL_EXPORTER_OTLP_HEADERS='Bearer s3cr3t' run "$GOE_BIN" --check --strict c.yaml
expect_status 1
expect_stderr "gym-otel-env: error: environment: OTEL_EXPORTER_OTLP_HEADERS: the OpenTelemetry SDK drops entry 1 of '***': it is not name=value"

# --check with --exec reads the Gym command line and runs nothing.
run "$GOE_BIN" --check --exec -- gym env start --config typo.yaml
expect_status 0
expect_stdout ""
expect_stderr_has "typo.yaml:3:3: telemetry.exportr: unknown key, ignored"

# OmegaConf's deprecation warning wherever Gym resolves the value: a top-level one too
# (Gym's loop over the top-level values resolves it), each text once, in file order.
cat > dep.yaml <<'YAML'
old: ${oc.deprecated:telemetry.run_id}
telemetry:
  enabled: true
  run_id: r1
  service_name: ${oc.deprecated:old}
again: ${oc.deprecated:telemetry.run_id}
YAML
run "$GOE_BIN" --format json dep.yaml
expect_status 0
expect_stdout_has '"OTEL_SERVICE_NAME": "r1"'
expect_stderr "gym-otel-env: warning: dep.yaml:1:6: old: 'old' is deprecated. Change your code and config to use 'telemetry.run_id'
gym-otel-env: warning: dep.yaml:5:17: telemetry.service_name: 'telemetry.service_name' is deprecated. Change your code and config to use 'telemetry.run_id'
gym-otel-env: warning: dep.yaml:6:8: again: 'again' is deprecated. Change your code and config to use 'telemetry.run_id'"

# Colour only on a terminal, and not with NO_COLOR.
run "$GOE_BIN" --check typo.yaml
check; [[ $ERR != *$'\033'* ]] || fail "colour on a pipe: $ERR"
if script -qec true /dev/null >/dev/null 2>&1; then
    tty_err=$(script -qec "'$GOE_BIN' --check typo.yaml" /dev/null)
    check; [[ $tty_err == *$'\033[1;35mwarning:\033[0m typo.yaml:3:3'* ]] || fail "no colour on a terminal: $tty_err"
    tty_err=$(NO_COLOR=1 script -qec "'$GOE_BIN' --check typo.yaml" /dev/null)
    check; [[ $tty_err != *$'\033'* && $tty_err == *"gym-otel-env: warning: typo.yaml"* ]] || fail "colour with NO_COLOR: $tty_err"
fi

finish
