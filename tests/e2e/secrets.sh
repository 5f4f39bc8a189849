#!/usr/bin/env bash
# SPEC 7: one planted secret, and every error, warning, lint and --explain path made to
# fire around it: the secret's bytes are on no stderr, whatever message carries them.
set -u
. "$(dirname "$0")/lib.bash"
work=$(mktemp -d) && trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
clear_telemetry_env
secret='Zq8sEcReT7'
export NEMO_GYM_OTEL_RUN_ID=run HC_KEY=$secret HC_BAD="{$secret" HC_HDR="x-key=$secret"

h='otlp_headers: "x-key=${oc.env:HC_KEY}"'
configs=(
  # resolving the secret itself fails
  'telemetry: {enabled: true, otlp_headers: "x-key=${oc.env:NOPE_${oc.env:HC_KEY}}"}'
  'telemetry: {enabled: true, otlp_headers: "x-key=${${oc.env:HC_KEY}}"}'
  'telemetry: {enabled: true, otlp_headers: "${oc.decode:${oc.env:HC_BAD}}"}'
  'telemetry: {enabled: true, otlp_headers: "${oc.select:${oc.env:HC_KEY}}${nope:x}"}'
  'telemetry: {enabled: true, otlp_headers: "x=${oc.env:HC_KEY}${oc.create:x}"}'
  'telemetry: {enabled: true, otlp_headers: "${oc.env:HC_KEY}"}'
  'telemetry: {enabled: true, otlp_headers: ${oc.decode:${oc.env:HC_KEY}}}'
  'telemetry: {enabled: true, otlp_headers: "${shared.${oc.env:HC_KEY}}"}'
  # another field quotes a copy of it: validation errors of every type
  "telemetry: {enabled: true, export_rank: '\${.otlp_headers}', $h}"
  "telemetry: {enabled: '\${.otlp_headers}', $h}"
  "telemetry: {enabled: true, traces_enabled: '\${oc.env:HC_KEY}', $h}"
  "telemetry: {enabled: true, export_rank: '\${oc.decode:\${.otlp_headers}}', $h}"
  "telemetry: {enabled: true, service_name: '\${oc.decode:\${oc.env:HC_KEY}}', $h}"
  "telemetry: {enabled: true, run_id: '\${oc.decode:\${oc.env:HC_BAD}}', $h}"
  "telemetry: {enabled: true, service_name: '\${.otlp_headers}\${nope}', $h}"
  "telemetry: {enabled: true, span_groups: '\${oc.env:NOPE_\${oc.env:HC_KEY}}', $h}"
  # the lint: exporter, endpoint, protocol, export strategy, headers, unknown keys
  "telemetry: {enabled: true, exporter: '\${.otlp_headers}', $h}"
  "telemetry: {enabled: true, otlp_endpoint: '\${.otlp_headers}', $h}"
  "telemetry: {enabled: true, otlp_protocol: '\${oc.env:HC_KEY}', $h}"
  "telemetry: {enabled: true, export_strategy: '\${.otlp_headers}', $h}"
  "telemetry: {enabled: true, \${oc.env:HC_KEY}: 1, colour: '\${.otlp_headers}', $h}"
  'telemetry: {enabled: true, otlp_headers: "${oc.env:HC_KEY}"}'
  'telemetry: {enabled: true, otlp_headers: "x-key=${oc.env:HC_KEY},broken"}'
  # referenced nodes and the top level
  "shared: {k: '\${oc.env:HC_KEY}'}
telemetry: {enabled: true, otlp_headers: 'x-key=\${shared.k}', service_name: '\${shared.k}\${oops}'}"
  "top: '\${oc.env:NOPE_\${oc.env:HC_KEY}}'
telemetry: {enabled: true, $h}"
  # fine configs, for --explain and the lint
  "telemetry: {enabled: true, $h}"
  'telemetry: {enabled: true, otlp_headers: "${oc.env:HC_HDR}"}'
)
opts=("" "--explain" "--explain=short" "--strict" "--check" "--format json" "--format dotenv" "--format github")
for i in "${!configs[@]}"; do
  printf '%s\n' "${configs[$i]}" >"c$i.yaml"
  for o in "${opts[@]}"; do
    for env_headers in "" "a=$secret"; do
      run env ${env_headers:+OTEL_EXPORTER_OTLP_HEADERS=$env_headers} "$GOE_BIN" --no-env-yaml $o "c$i.yaml"
      check
      [[ $ERR == *"$secret"* || $ERR == *"${secret:2:6}"* ]] && fail "config $i ($o): the secret is on stderr: $ERR"
    done
  done
done
# Overrides and the Gym command line carry it too.
run "$GOE_BIN" --no-env-yaml --set "telemetry.otlp_headers='x-key=$secret'" --set 'telemetry.export_rank=${telemetry.otlp_headers}' --set telemetry.enabled=true --explain
check
[[ $ERR == *"$secret"* ]] && fail "--set: the secret is on stderr: $ERR"
expect_stderr_has "telemetry.export_rank: expected an integer, got '***'"
# An override that fails to parse in the load stage, before the secret is known to the
# diagnostics: from --set, from Gym's command line and from ng_run's.
printf 'telemetry: {enabled: true}\n' >t.yaml
bad=("'x-key=$secret" "x-key=$secret" "[x-key=$secret" "{a: $secret" "int($secret)" "float($secret)"
     "bool($secret)" "$secret(1)" "int($secret=1)" "x,$secret" "choice($secret)" "\${oc.env:$secret")
for v in "${bad[@]}"; do
  for cmd in "--set telemetry.otlp_headers=$v" "--set ++telemetry={otlp_headers: $v}"; do
    run "$GOE_BIN" --no-env-yaml ${cmd%% *} "${cmd#* }" t.yaml
    check
    [[ $ERR == *"$secret"* || $ERR == *"${secret:2:6}"* ]] && fail "$cmd: the secret is on stderr: $ERR"
    [ "$STATUS" = 0 ] && fail "$cmd: exit 0"
  done
  for prog in "gym env start --config t.yaml" "ng_run +config_paths=[t.yaml]"; do
    run "$GOE_BIN" --no-env-yaml --exec -- $prog "++telemetry.otlp_headers=$v"
    check
    [[ $ERR == *"$secret"* || $ERR == *"${secret:2:6}"* ]] && fail "--exec -- $prog ++telemetry.otlp_headers=$v: the secret is on stderr: $ERR"
  done
done
# A secret that is a number: shown as str() or as written, in another field's message.
number_configs=(
  'h: &h 0x3ade68b1
telemetry: {enabled: true, service_name: *h, otlp_headers: *h}'
  "telemetry: {enabled: true, service_name: '\${.otlp_headers}', otlp_headers: 987654321}"
  "telemetry: {enabled: true, export_rank: '\${.otlp_headers.a}', otlp_headers: {a: 0x3ade68b1}}"
  "telemetry: {enabled: true, exporter: '\${.otlp_headers[0]}', otlp_headers: [9.87654321e8]}"
  "telemetry: {enabled: true, service_name: '\${.otlp_headers}', otlp_headers: '\${oc.decode:\${oc.env:HC_NUM}}'}"
)
export HC_NUM=987654321
for i in "${!number_configs[@]}"; do
  printf '%s\n' "${number_configs[$i]}" >"n$i.yaml"
  for o in "" "--explain" "--check"; do
    run "$GOE_BIN" --no-env-yaml $o "n$i.yaml"
    check
    [ "$STATUS" = 0 ] && fail "n$i.yaml ($o): exit 0"
    [[ $ERR == *987654321* || $ERR == *3ade68b1* || $ERR == *87654321* ]] && fail "n$i.yaml ($o): the number is on stderr: $ERR"
  done
done
run "$GOE_BIN" --no-env-yaml n0.yaml
# One node under both: each field refused says so, neither shows it.
expect_stderr "gym-otel-env: error: n0.yaml:1:4: telemetry.service_name: expected a string, got integer *** (quote it: '***')
gym-otel-env: error: n0.yaml:1:4: telemetry.otlp_headers: expected a string or null, got integer"
run "$GOE_BIN" --no-env-yaml --set "telemetry.otlp_headers=int($secret)" t.yaml
expect_stderr "gym-otel-env: error: --set: Error parsing override 'telemetry.otlp_headers=***': ValueError while evaluating '***'"
run "$GOE_BIN" --no-env-yaml --exec -- gym env start --config t.yaml "++telemetry.otlp_headers='x-key=$secret"
expect_stderr "gym-otel-env: error: command line: Error parsing override '++telemetry.otlp_headers=***': token recognition error at character 1 of the hidden value"
# The masked forms, exactly.
run "$GOE_BIN" --no-env-yaml c0.yaml
expect_stderr "gym-otel-env: error: c0.yaml:1:42: telemetry.otlp_headers: environment variable 'NOPE_***' not found (set it, or give it a default: \${oc.env:NOPE_***,''})"
run "$GOE_BIN" --no-env-yaml c2.yaml
expect_stderr "gym-otel-env: error: c2.yaml:1:42: telemetry.otlp_headers: oc.decode: cannot parse '***': no viable alternative at input '<EOF>'"
run "$GOE_BIN" --no-env-yaml c8.yaml
expect_stderr "gym-otel-env: error: c8.yaml:1:41: telemetry.export_rank: expected an integer, got '***'"
finish
