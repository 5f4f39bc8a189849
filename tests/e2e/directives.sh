#!/usr/bin/env bash
# Gym's config directives, its '???' check and its top-level defaults through the
# built binary, on config shapes taken from Gym's own repository (benchmark configs
# that _inherit_from a generic server, judges that _copy policy_model and
# _delete_key the model they do not use) and on issue 11's alias case. Expected
# exports are what Gym's loader gives for the same files.
set -u
. "$(dirname "$0")/lib.bash"

cd "$(mktemp -d)"
trap 'rm -rf "$PWD"' EXIT
clear_telemetry_env

service_name() {  # service_name FILE... -> OTEL_SERVICE_NAME as eval sets it
    run "$GOE_BIN" --no-env-yaml "$@"
    expect_status 0
    OUT=$(env -u OTEL_SERVICE_NAME bash -c 'eval "$1" && printf "%s" "$OTEL_SERVICE_NAME"' _ "$OUT")
}

# Issue 11: a node aliased under p1 and p2 with a relative ${..z}, merged with a file
# whose nodes are aliased too. OmegaConf gives one-two.
cat > base.yaml <<'YAML'
s: &s {w: '${..z}'}
p1: {z: {k: one}, m: *s}
p2: {z: {k: two}, m: *s}
telemetry: {enabled: true, service_name: '${p1.m.w.k}-${p2.m.w.k}', run_id: r}
YAML
cat > over.yaml <<'YAML'
o: &o {w: {extra: 3}}
p1: {m: *o}
p2: {m: *o}
YAML
service_name base.yaml over.yaml
expect_stdout "one-two"

# benchmarks/*/config.yaml: the benchmark inherits the generic server, which is moved
# out of the config; the block sees the new node and not the old one.
cat > math_with_judge.yaml <<'YAML'
math_with_judge:
  resources_servers:
    math_with_judge:
      entrypoint: app.py
      judge_model_server: {type: responses_api_models, name: policy_model}
      should_use_judge: false
YAML
cat > bench.yaml <<'YAML'
config_paths: [math_with_judge.yaml]
aime_math_with_judge:
  _inherit_from: math_with_judge
  resources_servers:
    math_with_judge:
      should_use_judge: true
telemetry:
  enabled: true
  run_id: r
  service_name: "${aime_math_with_judge.resources_servers.math_with_judge.should_use_judge}-${oc.select:math_with_judge,moved}"
YAML
service_name bench.yaml
expect_stdout "True-moved"

# The string form, and _copy, which leaves the source in place.
cat > copy.yaml <<'YAML'
policy_model:
  responses_api_models:
    vllm_model: {entrypoint: app.py, model: big}
judge_model: ${copy:policy_model}
user_model:
  _copy: policy_model
  responses_api_models:
    vllm_model: {model: small}
telemetry:
  enabled: true
  run_id: r
  service_name: "${policy_model.responses_api_models.vllm_model.model}-${judge_model.responses_api_models.vllm_model.model}-${user_model.responses_api_models.vllm_model.model}"
YAML
service_name copy.yaml
expect_stdout "big-big-small"

# benchmarks/nemotron_3_ultra/judge_*_endpoints.yaml: _delete_key drops the model the
# judge does not use, before anything below it is looked at.
cat > judge.yaml <<'YAML'
judge:
  responses_api_models:
    _delete_key: vllm_model
    vllm_model:
      entrypoint: app.py
      base_url: ???
    openai_model: {entrypoint: app.py, base_url: https://api.example}
telemetry:
  enabled: true
  run_id: r
  service_name: "${oc.select:judge.responses_api_models.vllm_model,deleted}"
YAML
service_name judge.yaml
expect_stdout "deleted"

# The top-level defaults Gym sets before it reads the block.
printf '%s\n' 'telemetry:' '  enabled: true' '  run_id: r' \
    '  service_name: "${oc.select:head_server.host,localhost}:${head_server.port}-${port_range_low}-${port_range_high}"' \
    > defaults.yaml
service_name defaults.yaml
expect_stdout "127.0.0.1:11000-10001-20000"
printf '%s\n' 'default_host: 0.0.0.0' 'port_range_low: 3' 'telemetry:' '  enabled: true' '  run_id: r' \
    '  service_name: "${head_server.host}-${port_range_low}"' > host.yaml
service_name host.yaml
expect_stdout "0.0.0.0-3"

error_case() {  # error_case YAML EXPECTED-STDERR
    printf '%s\n' "$1" > c.yaml
    run "$GOE_BIN" --no-env-yaml c.yaml
    expect_status 1
    expect_stdout "false"
    expect_stderr "$2"
}

error_case $'bench:\n  _inherit_from: math_with_judge\ntelemetry:\n  enabled: true' \
    "gym-otel-env: error: c.yaml:2:18: bench._inherit_from: Path specified does not exist in config: ['math_with_judge']"
error_case $'judge: ${copy:policy_model.responses_api_models}\ntelemetry:\n  enabled: true' \
    "gym-otel-env: error: c.yaml:1:8: judge: Path specified does not exist in config: ['policy_model']"
error_case $'base: {a: 1}\nx:\n  _inherit_from: base\n  _delete_key: b\ntelemetry:\n  enabled: true' \
    "gym-otel-env: error: c.yaml:4:16: x._delete_key: key 'b' to delete is not in 'x' after it took 'base'"
error_case $'policy_base_url: ???\nm:\n  - ???\ntelemetry:\n  enabled: true\n  run_id: ???' \
    "gym-otel-env: error: 3 required config value(s) are unset (still '???') after merging:
gym-otel-env: error: c.yaml:1:18: policy_base_url: unset ('???')
gym-otel-env: error: c.yaml:3:5: m[0]: unset ('???')
gym-otel-env: error: c.yaml:6:11: telemetry.run_id: unset ('???')
gym-otel-env: error: provide each value with --set, in env.yaml or in a config you pass via config_paths, e.g. --set policy_base_url=<value> --set m[0]=<value> --set telemetry.run_id=<value>"
# An unset source makes the target unset.
error_case $'base: ???\nx: ${inherit_from:base}' \
    "gym-otel-env: error: 1 required config value(s) are unset (still '???') after merging:
gym-otel-env: error: c.yaml:2:4: x: unset ('???')
gym-otel-env: error: provide each value with --set, in env.yaml or in a config you pass via config_paths, e.g. --set x=<value>"
# Every top-level value is resolved, as Gym's loop over values() does.
error_case $'top: ${oc.env:GOE_SURELY_UNSET}\ntelemetry:\n  enabled: true' \
    "gym-otel-env: error: c.yaml:1:6: top: environment variable 'GOE_SURELY_UNSET' not found (set it, or give it a default: \${oc.env:GOE_SURELY_UNSET,''}); Gym fails here too: it resolves every value at the top level of the config as it loads it"
error_case $'allow_openai_version_skew: "yes"\ntelemetry:\n  enabled: true' \
    "gym-otel-env: error: c.yaml:1:28: allow_openai_version_skew: allow_openai_version_skew must be a boolean (true/false), got 'yes'."

# --set fills a '???' in, as ++KEY=VALUE does on Gym's command line.
printf '%s\n' 'telemetry:' '  enabled: true' '  run_id: ???' > set.yaml
run "$GOE_BIN" --no-env-yaml --set telemetry.run_id=given set.yaml
expect_status 0
expect_stdout_has "export NEMO_GYM_OTEL_RUN_ID='given' &&"

finish
