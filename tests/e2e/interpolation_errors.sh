#!/usr/bin/env bash
# Each kind of interpolation error through the built binary: the whole message, with
# the file:line:col where the value was written (in the file that won the merge).
set -u
. "$(dirname "$0")/lib.bash"

cd "$(mktemp -d)"
trap 'rm -rf "$PWD"' EXIT
clear_telemetry_env

error_case() {  # error_case YAML EXPECTED-STDERR
    printf '%s\n' "$1" > c.yaml
    run "$GOE_BIN" --no-env-yaml c.yaml
    expect_status 1
    expect_stdout "false"
    expect_stderr "$2"
}

error_case $'telemetry:\n  enabled: ${nope:x}' \
    "gym-otel-env: error: c.yaml:2:12: telemetry.enabled: unsupported interpolation type 'nope' (unknown resolver)"
# Telemetry is off (no `enabled`), and Gym fails all the same: the error says why.
off="; Gym fails here too, with telemetry off as well: it resolves the whole telemetry block before it reads 'enabled'"
error_case $'telemetry:\n  service_name: ${servers.name}' \
    "gym-otel-env: error: c.yaml:2:17: telemetry.service_name: interpolation key 'servers.name' not found$off"
error_case $'telemetry:\n  service_name: svc-${oc.env:HOME' \
    "gym-otel-env: error: c.yaml:2:17: telemetry.service_name: invalid interpolation: unterminated '\${': the closing '}' is missing"
error_case $'servers:\n  name: x-${a.b\ntelemetry:\n  enabled: true' \
    "gym-otel-env: error: c.yaml:2:9: servers.name: invalid interpolation: unterminated '\${': the closing '}' is missing"
# A '???' is found before anything is resolved, as Gym's raise_on_missing_values does.
error_case $'telemetry:\n  run_id: ???' \
    "gym-otel-env: error: 1 required config value(s) are unset (still '???') after merging:
gym-otel-env: error: c.yaml:2:11: telemetry.run_id: unset ('???')
gym-otel-env: error: provide each value with --set, in env.yaml or in a config you pass via config_paths, e.g. --set telemetry.run_id=<value>"
error_case $'telemetry:\n  a: ${.b}\n  b: ${.a}' \
    "gym-otel-env: error: c.yaml:2:6: telemetry.a: recursive interpolation detected$off"
error_case $'x: ${y}\ny: ${x}\ntelemetry:\n  service_name: ${x}' \
    "gym-otel-env: error: c.yaml:1:4: x: recursive interpolation detected"
error_case $'telemetry:\n  enabled: ${oc.env:GOE_NOT_SET_ANYWHERE}' \
    "gym-otel-env: error: c.yaml:2:12: telemetry.enabled: environment variable 'GOE_NOT_SET_ANYWHERE' not found (set it, or give it a default: \${oc.env:GOE_NOT_SET_ANYWHERE,false})"

# The position is the one in the file that won the merge.
printf 'telemetry:\n  service_name: fine\n' > a.yaml
printf '# b overrides a\ntelemetry:\n  service_name: ${missing.key}\n' > b.yaml
run "$GOE_BIN" --no-env-yaml a.yaml b.yaml
expect_stderr "gym-otel-env: error: b.yaml:3:17: telemetry.service_name: interpolation key 'missing.key' not found$off"

# Values below the top level outside the block may be unresolvable: only what the block
# needs, and the top-level values (Gym reads each), are resolved.
printf 'other:\n  x: ${oc.env:GOE_NOT_SET_ANYWHERE}\ntelemetry:\n  enabled: true\n  service_name: ok\n' > c.yaml
run "$GOE_BIN" --no-env-yaml --format json c.yaml
expect_status 0
expect_stdout_has '"OTEL_SERVICE_NAME": "ok"'

finish
