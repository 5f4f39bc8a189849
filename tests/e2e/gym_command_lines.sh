#!/usr/bin/env bash
# Gym's command line as its users type it (issue 44), under both command lines the tool
# knows: 52755d025d's (--agent-type, --allow-unsupported-pairing, repeatable selectors,
# env validate --strict, env test --all, the new commands, --json refused before a
# command that prints no JSON, config paths moved to harnesses/) and 2e5014086a's. Each
# Gym is a fake install, as in gym_root.sh: a python3 shebang `gym` in a venv whose
# site-packages holds nemo_gym/ and the configs Gym ships; its nemo_gym/cli/main.py
# says which command line it has. Then the same lines by --gym-version, where no
# install root is found.
set -u
. "$(dirname "$0")/lib.bash"
py=$(command -v python3) || skip "no python3"
work=$(mktemp -d) && trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1

# venv VENV: a venv whose python links to the system's, and a `gym` script that prints
# what the tool exported that these tests look at.
venv() {
  mkdir -p "$1/bin" "$1/lib/python3.11/site-packages/nemo_gym/cli"
  ln -s "$py" "$1/bin/python3"
  cat >"$1/bin/gym" <<PY
#!$1/bin/python3
import os
print("child", os.environ.get("OTEL_SERVICE_NAME", "-"), os.environ.get("NEMO_GYM_OTEL_SPAN_GROUPS", "-"))
PY
  chmod +x "$1/bin/gym"
  : >"$1/lib/python3.11/site-packages/nemo_gym/__init__.py"
}
# tree DIR: the configs of a Gym tree laid out as today's: harnesses/ with flavors, the
# old responses_api_agents/, two environments, a harness config that was renamed.
tree() {
  local c='telemetry: {enabled: true, run_id: r, service_name: %s}\n'
  mkdir -p "$1/harnesses/simple_agent/configs" "$1/responses_api_agents/old_agent/configs" \
    "$1/environments/a" "$1/environments/b" "$1/harnesses/tau2/configs" "$1/resources_servers/x/configs"
  printf "$c" simple >"$1/harnesses/simple_agent/configs/simple_agent.yaml"
  printf "$c" simple-fast >"$1/harnesses/simple_agent/configs/fast.yaml"
  printf "$c" old >"$1/responses_api_agents/old_agent/configs/old_agent.yaml"
  printf "$c" env-a >"$1/environments/a/config.yaml"
  printf 'telemetry: {enabled: true, run_id: r, span_groups: per_rollout}\n' >"$1/environments/b/config.yaml"
  printf "$c" tau2 >"$1/harnesses/tau2/configs/tau2.yaml"
  printf "$c" server >"$1/resources_servers/x/configs/x.yaml"
}
new=$work/new/lib/python3.11/site-packages old=$work/old/lib/python3.11/site-packages
venv "$work/new" && tree "$new"
venv "$work/old" && tree "$old"
# What main.py says of each command line: 52755d025d's asset table and its legacy parents;
# 2e5014086a's one-name selectors.
printf '_ASSETS = {\n    "agent-type": ("harnesses", "configs", None),\n}\n_ASSET_LEGACY_PARENTS = {}\n' \
  >"$new/nemo_gym/cli/main.py"
printf 'def _asset_selector(flag: str) -> Flag:\n    pass\n' >"$old/nemo_gym/cli/main.py"
printf 'telemetry: {enabled: true, run_id: r, service_name: mine}\n' >c.yaml
printf 'telemetry: {enabled: true, run_id: r, service_name: "no-gym"}\n' >gone.yaml

# run VENV WORDS...: the tool under --exec of that venv's gym, stdout and stderr together.
run() {
  local v=$1
  shift
  env -i PATH="/usr/bin:/bin" HOME="$work" "$GOE_BIN" --no-env-yaml --exec -- "$work/$v/bin/gym" "$@" 2>&1
}

# --- 52755d025d, detected from the install root ---------------------------------------
out=$(run new env start --agent-type simple_agent --config c.yaml)
expect "new: --agent-type after --config, so it wins" "child simple default" "$out"
out=$(run new env start --agent-type simple_agent/fast)
expect "new: --agent-type NAME/FLAVOR" "child simple-fast default" "$out"
out=$(run new env start --config c.yaml --agent-type old_agent)
expect "new: --agent-type falls back to responses_api_agents/, with Gym's warning" \
  "gym-otel-env: warning: Agent config directory \`responses_api_agents\` is deprecated; move it to \`harnesses\`.
child old default" "$out"
out=$(run new env start --agent-type nope)
expect "new: --agent-type nothing matches: usage" 2 $?
expect "new: --agent-type nothing matches: Gym's message" "gym-otel-env: error: \`--agent-type nope\` was specified \
which implies config \`harnesses/nope/configs/nope.yaml\`, which does not exist. See available agent-type configs in \
\`$new/harnesses\`, \`$new/responses_api_agents\`." "$out"
out=$(run new eval run --no-serve --agent-type simple_agent)
expect "new: --agent-type with --no-serve: usage" 2 $?
expect "new: --agent-type with --no-serve: Gym's message" "gym-otel-env: error: gym command line: \`--agent-type\` \
chooses which agent runs the task, which is settled once the servers are running, so it cannot be combined with \
\`--no-serve\`. Use \`--agent\` to name one of them." "$out"
out=$(run new env prefetch --agent-type simple_agent --allow-unsupported-pairing)
expect "new: --allow-unsupported-pairing" "child simple default" "$out"
out=$(run new env start --environment a --environment b)
expect "new: repeated --environment: every one read" "child env-a per_rollout" "$out"
out=$(run new env start --environment a --environment b --resources-server x --benchmark nope 2>&1 | head -c 60)
expect "new: repeated selectors: each looked up" "gym-otel-env: error: \`--benchmark nope\` was specified which " "$out"
out=$(run new env validate --strict --config c.yaml)
expect "new: env validate --strict" "child mine default" "$out"
out=$(run new env test --all)
expect "new: env test --all reads no config" "gym-otel-env: warning: no config read (no --config or asset selector on \
$work/new/bin/gym's command line, and --no-env-yaml), so only the environment can switch telemetry on: name a config \
(gym-otel-env --exec -- $work/new/bin/gym ... --config c.yaml)
child - -" "$out"
out=$(run new env test)
expect "new: env test with no target: usage" 2 $?
expect "new: env test with no target: Gym's message" "gym-otel-env: error: gym command line: requires a target: a \
workload name, --resources-server NAME, or --all to test every resources server." "$out"
out=$(run new env test --all --resources-server x)
expect "new: env test --all with a target" "gym-otel-env: error: gym command line: --all tests every resources \
server, so it cannot be combined with a named target" "$out"
out=$(run new env schema --resources-server x --search-dir d --config c.yaml)
expect "new: env schema takes no --config" "gym-otel-env: error: gym command line: unrecognized arguments: --config (the \
tool reads Gym 52755d025d's command line (found in $new/nemo_gym/cli/main.py): give the configs as CONFIG: gym-otel-env \
CONFIG... --exec -- $work/new/bin/gym ...)" "$out"
out=$(run new eval health-check run +a=1)
expect "new: eval health-check refuses overrides" "gym-otel-env: error: gym command line: health-check does not \
accept Hydra overrides" "$out"
out=$(run new eval health-check run --workers x)
expect "new: eval health-check --workers is an int" "gym-otel-env: error: gym command line: argument --workers: \
invalid int value: 'x'" "$out"
out=$(run new eval compare --baseline a.jsonl --candidates b.jsonl,c.jsonl +telemetry.enabled=false)
expect "new: eval compare" "child - -" "$out"
out=$(run new --json env start --config c.yaml)
expect "new: --json before a command that prints none: usage" 2 $?
expect "new: --json before a command that prints none" "gym-otel-env: error: gym command line: --json is not \
supported by this command; it applies to --version and to reporting commands such as \`gym list benchmarks\`, \`gym \
search\`, and \`gym env status\`" "$out"
out=$(run new env start "+config_paths=[responses_api_agents/simple_agent/configs/simple_agent.yaml]")
expect "new: a config path under responses_api_agents/ found under harnesses/" "gym-otel-env: warning: command line: \
config_paths[0]: Config path \`responses_api_agents/simple_agent/configs/simple_agent.yaml\` is deprecated; use \
\`harnesses/simple_agent/configs/simple_agent.yaml\`.
child simple default" "$out"
out=$(run new env start --config harnesses/old_agent/configs/old_agent.yaml)
expect "new: a config path under harnesses/ found under responses_api_agents/" "child old default" "$out"
out=$(run new env start --config responses_api_agents/tau2/configs/tau2_agent.yaml)
expect "new: a renamed config path (_config_aliases.py)" "gym-otel-env: warning: command line: config_paths[0]: \
Config path \`responses_api_agents/tau2/configs/tau2_agent.yaml\` is deprecated; use \
\`harnesses/tau2/configs/tau2.yaml\`.
child tau2 default" "$out"
out=$(run new env start --frobnicate --config c.yaml)
expect "new: an option no Gym has: usage" 2 $?
expect "new: an option no Gym has" "gym-otel-env: error: gym command line: unrecognized arguments: --frobnicate (the \
tool reads Gym 52755d025d's command line (found in $new/nemo_gym/cli/main.py): give the configs as CONFIG: gym-otel-env \
CONFIG... --exec -- $work/new/bin/gym ...)" "$out"
out=$(env -i PATH="/usr/bin:/bin" HOME="$work" "$GOE_BIN" --no-env-yaml --explain --check --exec -- \
  "$work/new/bin/gym" env start --config c.yaml 2>&1 | sed -n 2p)
expect "new: --explain says which command line was read" "gym-otel-env: explain: $work/new/bin/gym's command line \
read as Gym 52755d025d's command line (found in $new/nemo_gym/cli/main.py)" "$out"

# --- 2e5014086a, detected from the install root ---------------------------------------
out=$(run old env start --agent-type simple_agent --config c.yaml)
expect "old: --agent-type: usage" 2 $?
expect "old: --agent-type is 52755d025d's, and no did-you-mean to --model-type" "gym-otel-env: error: gym command \
line: unrecognized arguments: --agent-type (the tool reads Gym 2e5014086a's command line (found in \
$old/nemo_gym/cli/main.py), which has no --agent-type on \`env start\`; Gym 52755d025d's has it: name that Gym with \
--gym-version 52755d025d, or give the configs as CONFIG: gym-otel-env CONFIG... --exec -- $work/old/bin/gym ...)" "$out"
out=$(run old env start --allow-unsupported-pairing --config c.yaml 2>&1 | grep -c "52755d025d's has it")
expect "old: --allow-unsupported-pairing is 52755d025d's" 1 "$out"
out=$(run old env validate --strict --config c.yaml 2>&1 | grep -c "which has no --strict on \`env validate\`")
expect "old: env validate --strict is 52755d025d's" 1 "$out"
out=$(run old env start --environment a --environment b)
expect "old: repeated --environment: the last one wins" "child nemo-gym per_rollout" "$out"
out=$(run old env test)
expect "old: env test with no target runs" "child - -" "$(printf '%s\n' "$out" | tail -1)"
out=$(run old env start "+config_paths=[responses_api_agents/simple_agent/configs/simple_agent.yaml]")
expect "old: a config path is found only where it is" "gym-otel-env: error: command line: config_paths[0]: \
config_paths entry 'responses_api_agents/simple_agent/configs/simple_agent.yaml' was not found. Looked in: \
$work/responses_api_agents/simple_agent/configs/simple_agent.yaml, \
$old/responses_api_agents/simple_agent/configs/simple_agent.yaml. Check the path is spelled correctly and is relative \
to your working directory, an extra root (NEMO_GYM_EXTRA_ROOTS / --search-dir), or the Gym install root." "$out"
out=$(run old --json env start --config c.yaml)
expect "old: --json before the command is dropped, as 2e5014086a drops it" "child mine default" "$out"

# --- no install root: the default, or --gym-version -----------------------------------
mkdir -p plain && tree plain
printf '#!/bin/sh\necho "child ${OTEL_SERVICE_NAME:--} ${NEMO_GYM_OTEL_SPAN_GROUPS:--}"\n' >plain/gym
chmod +x plain/gym
cd plain || exit 1
bare() { env -i PATH="$work/plain:/usr/bin:/bin" HOME="$work" "$GOE_BIN" --no-env-yaml "$@" 2>&1; }
out=$(bare --exec -- gym env start --environment a --environment b)
expect "default: 2e5014086a's command line" "child nemo-gym per_rollout" "$out"
out=$(bare --exec -- gym env start --agent-type simple_agent)
expect "default: says which command line and why" "gym-otel-env: error: gym command line: unrecognized arguments: \
--agent-type (the tool reads Gym 2e5014086a's command line (the default: no Gym install root found), which has no \
--agent-type on \`env start\`; Gym 52755d025d's has it: name that Gym with --gym-version 52755d025d, or give the configs \
as CONFIG: gym-otel-env CONFIG... --exec -- gym ...)" "$out"
out=$(bare --gym-version 52755d025d --exec -- gym env start --environment a --environment b --agent-type simple_agent)
expect "--gym-version 52755d025d" "child simple per_rollout" "$out"
out=$(bare --gym-version 52755d0 --exec -- gym env start --agent-type simple_agent/fast)
expect "--gym-version by a commit prefix" "child simple-fast default" "$out"
out=$(bare --gym-version 27c821d975 --exec -- gym env start --environment a --environment b)
expect "--gym-version 27c821d975: main's command line" "child env-a per_rollout" "$out"
out=$(bare --gym-version nope --exec -- gym env start)
expect "--gym-version unknown: usage" 2 $?
expect "--gym-version unknown: the known ones" "gym-otel-env: error: --gym-version: 'nope' is no Gym version the tool \
knows; known: seed, 2e5014086a, 27c821d975, 52755d025d (or 7 or more hex digits of one of their commits)" "$out"
# The same lines through the reference (real OmegaConf and pydantic, Gym's code as a model),
# where its Python is there: the variables the child gets are the reference's exports.
refpy=${GOE_PYTHON:-python3}
if PYTHONPATH=/usr/lib/python3/dist-packages "$refpy" -c 'import omegaconf, pydantic' 2>/dev/null; then
  ref=$GOE_SOURCE_DIR/tests/differential/reference/gym_otel_ref.py
  mkdir -p "$work/envgym"
  printf '#!/bin/sh\nenv | grep -E "^(NEMO_GYM_OTEL_|OTEL_)" | sort\n' >"$work/envgym/gym"
  chmod +x "$work/envgym/gym"
  for line in "--gym-version 52755d025d --exec -- gym env start --environment a --environment b --agent-type simple_agent/fast" \
    "--gym-version 52755d025d --exec -- gym env start --config responses_api_agents/tau2/configs/tau2_agent.yaml" \
    "--gym-version 52755d025d --exec -- gym env start --config harnesses/old_agent/configs/old_agent.yaml" \
    "--gym-version 52755d025d --exec -- gym eval run --agent-type old_agent --allow-unsupported-pairing" \
    "--exec -- gym env start --environment a --environment b"; do
    # shellcheck disable=SC2086 # the line is words
    want=$(PYTHONPATH=/usr/lib/python3/dist-packages "$refpy" "$ref" --no-env-yaml --format json $line 2>&1 |
      "$refpy" -c 'import json, sys; print("\n".join(sorted(f"{k}={v}" for k, v in json.load(sys.stdin).items())))')
    # shellcheck disable=SC2086
    got=$(env -i PATH="$work/envgym:/usr/bin:/bin" HOME="$work" "$GOE_BIN" --no-env-yaml $line 2>/dev/null)
    expect "the reference agrees: $line" "$want" "$got"
  done
fi
cd "$work" || exit 1
out=$(env -i PATH="/usr/bin:/bin" HOME="$work" "$GOE_BIN" --no-env-yaml --gym-version 2e5014086a --exec -- \
  "$work/new/bin/gym" env start --environment a --environment b 2>&1)
expect "--gym-version wins over the install root" "child nemo-gym per_rollout" "$out"

finish
