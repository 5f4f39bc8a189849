#!/usr/bin/env bash
# The built binary as a user runs it: output, errors, exit codes.
set -u
. "$(dirname "$0")/lib.bash"

cd "$(mktemp -d)"
trap 'rm -rf "$PWD"' EXIT
clear_telemetry_env

cat > c.yaml <<'YAML'
servers:
  port: 8080
telemetry:
  enabled: true
  service_name: my-gym
  export_rank: ${servers.port}
  otlp_endpoint: ${oc.env:EP,http://localhost:4317}
YAML

run "$GOE_BIN" c.yaml
expect_status 0
expect_stdout_has "export OTEL_SERVICE_NAME='my-gym' &&"
expect_stdout_has "export NEMO_GYM_OTEL_EXPORT_RANK='8080' &&"
expect_stdout_has "_goe_p=\"\`printf 'http\\072//localhost\\0724317.'\`\" && test \"\${_goe_p%.}\" != \"\$_goe_p\" && export OTEL_EXPORTER_OTLP_ENDPOINT=\"\${_goe_p%.}\" &&"
expect_stderr ""

# Variables already set win; blank ones do not count.
OTEL_SERVICE_NAME=mine EP=http://ep:1 NEMO_GYM_OTEL_EXPORTER='  ' run "$GOE_BIN" --format json c.yaml
expect_stdout_lacks '"OTEL_SERVICE_NAME"'
expect_stdout_has '"OTEL_EXPORTER_OTLP_ENDPOINT": "http://ep:1"'
expect_stdout_has '"NEMO_GYM_OTEL_EXPORTER": "otlp"'

# SLURM_JOB_ID becomes the run id; otherwise 12 hex digits.
SLURM_JOB_ID=' 4242 ' run "$GOE_BIN" --format json c.yaml
expect_stdout_has '"NEMO_GYM_OTEL_RUN_ID": "4242"'
run "$GOE_BIN" --format json c.yaml
check; [[ $OUT =~ \"NEMO_GYM_OTEL_RUN_ID\":\ \"[0-9a-f]{12}\" ]] || fail "no generated run id in: $OUT"

# Disabled: nothing at all.
NEMO_GYM_OTEL_ENABLED=0 run "$GOE_BIN" c.yaml
expect_status 0
expect_stdout ""

# Errors: one line, file:line:col and key path, exit 1, stdout 'false' for sh.
printf 'telemetry:\n  enabled: true\n  export_rank: 2.5\n' > bad.yaml
run "$GOE_BIN" bad.yaml
expect_status 1
expect_stdout "false"
expect_stderr "gym-otel-env: error: bad.yaml:3:16: telemetry.export_rank: expected an integer, got float 2.5"
run "$GOE_BIN" --format json bad.yaml
expect_stdout ""

printf 'telemetry:\n  enabled: maybe\n' > bool.yaml
run "$GOE_BIN" bool.yaml
expect_stderr "gym-otel-env: error: bool.yaml:2:12: telemetry.enabled: expected a boolean, got 'maybe'"

printf 'telemetry:\n  service_name: 123\n' > svc.yaml
run "$GOE_BIN" svc.yaml
# Telemetry is off (no `enabled`), and Gym refuses the block all the same: the error says so.
off="; Gym fails here too, with telemetry off as well: it validates the whole telemetry block before it reads 'enabled'"
expect_stderr "gym-otel-env: error: svc.yaml:2:17: telemetry.service_name: expected a string, got integer 123 (quote it: '123')$off"
# The hint quotes what was written, so that following it keeps the user's text; a value
# from --set (the shell would take the quotes) or from an interpolation gets none.
printf 'telemetry:\n  service_name: 0x10\n  otlp_endpoint: yes\n' > hex.yaml
run "$GOE_BIN" hex.yaml
expect_stderr "gym-otel-env: error: hex.yaml:2:17: telemetry.service_name: expected a string, got integer 16 (quote it: '0x10')$off
gym-otel-env: error: hex.yaml:3:18: telemetry.otlp_endpoint: expected a string or null, got boolean True (quote it: 'yes')$off"
run "$GOE_BIN" --set telemetry.service_name=x hex.yaml
expect_stderr "gym-otel-env: error: hex.yaml:3:18: telemetry.otlp_endpoint: expected a string or null, got boolean True (quote it: 'yes')$off"
run "$GOE_BIN" --set telemetry.service_name=1 svc.yaml
expect_stderr "gym-otel-env: error: --set: telemetry.service_name: expected a string, got integer 1$off"
printf 'name: 1e3\ntelemetry:\n  service_name: ${name}\n' > ref.yaml
run "$GOE_BIN" ref.yaml
expect_stderr "gym-otel-env: error: ref.yaml:3:17: telemetry.service_name: expected a string, got float 1000.0$off"

printf 'telemetry:\n  enabled: ${oc.env:GOE_UNSET_VAR}\n' > env.yaml.bad
run "$GOE_BIN" --no-env-yaml env.yaml.bad
expect_status 1
expect_stderr "gym-otel-env: error: env.yaml.bad:2:12: telemetry.enabled: environment variable 'GOE_UNSET_VAR' not found (set it, or give it a default: \${oc.env:GOE_UNSET_VAR,false})"

printf 'telemetry:\n  enabled: [true\n' > broken.yaml
run "$GOE_BIN" broken.yaml
expect_status 1
expect_stderr "gym-otel-env: error: broken.yaml:3:1: while parsing a flow sequence: expected ',' or ']', but got '<stream end>'"

run "$GOE_BIN" missing.yaml
expect_status 1
expect_stdout "false"
expect_stderr "gym-otel-env: error: missing.yaml: no such config file (looked in: $(pwd -P)/missing.yaml)"

# The secret in otlp_headers never appears in a message.
printf 'telemetry:\n  otlp_headers: {Authorization: Bearer s3cret}\n' > sec.yaml
run "$GOE_BIN" sec.yaml
expect_stderr "gym-otel-env: error: sec.yaml:2:17: telemetry.otlp_headers: expected a string or null, got mapping (write the headers as one string: key=value,key2=value2)$off"

# Usage errors exit 2.
run "$GOE_BIN" --format xml c.yaml
expect_status 2
expect_stdout "false"
run "$GOE_BIN" --set nokey c.yaml
expect_status 2
expect_stderr "gym-otel-env: error: --set: expected KEY=VALUE, got 'nokey'"

# Several files, --set, env.yaml and stdin.
printf 'telemetry: {enabled: true, exporter: console}\n' > env.yaml
printf 'telemetry: {service_name: from-b}\n' > b.yaml
run "$GOE_BIN" --format json c.yaml b.yaml --set telemetry.span_groups=all
expect_stdout_has '"OTEL_SERVICE_NAME": "from-b"'
expect_stdout_has '"NEMO_GYM_OTEL_EXPORTER": "console"'
expect_stdout_has '"NEMO_GYM_OTEL_SPAN_GROUPS": "all"'
run "$GOE_BIN" --format json --no-env-yaml c.yaml
expect_stdout_has '"NEMO_GYM_OTEL_EXPORTER": "otlp"'
OUT=$(printf 'telemetry: {enabled: true, service_name: piped}\n' | "$GOE_BIN" --format json --no-env-yaml -)
check; [[ $OUT == *'"OTEL_SERVICE_NAME": "piped"'* ]] || fail "stdin config not read: $OUT"

finish
