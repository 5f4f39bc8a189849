#!/usr/bin/env bash
# The Slurm recipes (examples/slurm/*.sbatch, shown in docs/recipes.md) on a real, private
# Slurm cluster: munged, slurmctld and two slurmd emulating nodes n1 and n2 on this
# machine (tests/e2e/lib/slurm_cluster.bash). `gym` is a stub that records, per task, the
# run id and service name it was handed. Every task of a 2-node x 2-task job must see
# NEMO_GYM_OTEL_RUN_ID = the job id and one OTEL_SERVICE_NAME: with the default export,
# under a site default SBATCH_EXPORT=NONE, for a job array (the array's id), for the
# per-task --exec form, and from a login shell that already ran the eval.
# Skips (77) only where Slurm is not installed.
set -uo pipefail
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/lib/slurm_cluster.bash"

for tool in munged slurmctld slurmd sbatch srun sinfo; do
  if ! command -v "$tool" >/dev/null; then
    echo "SKIP: $tool is not installed (scripts/install-deps --test installs slurm-wlm and munge)"
    exit 77
  fi
done
unset $(env | grep -E '^(NEMO_GYM_OTEL|NEMO_LENS|OTEL|SLURM|SBATCH|SRUN)_' | cut -d= -f1) 2>/dev/null

work=$(mktemp -d)
trap 'slurm_stop; rm -rf "$work"' EXIT
cd "$work" || exit 1

# The recipes must be the ones the documentation shows.
recipes=$GOE_SOURCE_DIR/examples/slurm
for recipe in gym.sbatch gym-exec.sbatch; do
  check
  python3 - "$recipes/$recipe" "$GOE_SOURCE_DIR/docs/recipes.md" <<'PY' || fail "docs/recipes.md does not show examples/slurm/$recipe verbatim"
import sys
recipe, doc = (open(p).read() for p in sys.argv[1:])
sys.exit(0 if "```sh\n" + recipe + "```\n" in doc else 1)
PY
done

mkdir -p bin configs tasks
cat > bin/gym <<STUB
#!/bin/sh
# One line per task: what Gym's server would have been started with.
printf 'node=%s run=%s service=%s args=%s\n' "\$SLURMD_NODENAME" "\${NEMO_GYM_OTEL_RUN_ID-unset}" \\
  "\${OTEL_SERVICE_NAME-unset}" "\$*" > "$work/tasks/\$SLURM_JOB_ID.\$SLURM_PROCID"
STUB
chmod +x bin/gym
export PATH=$work/bin:$PATH
cat > configs/telemetry.yaml <<'YAML'
telemetry:
  enabled: true
  service_name: gym-slurm-test
  exporter: console
YAML
printf 'config_paths: [configs/telemetry.yaml]\npolicy_model:\n  port: 8000\n' > configs/my_env.yaml

# The shipped recipes, with the two absolute paths they ask you to edit pointed at the
# built binary and the stub.
for recipe in gym.sbatch gym-exec.sbatch; do
  sed -e "s|^gym_otel_env=/usr/bin/gym-otel-env\$|gym_otel_env=$GOE_BIN|" \
      -e "s|^gym=/opt/nemo-gym/.venv/bin/gym\$|gym=$work/bin/gym|" "$recipes/$recipe" > "$recipe"
  check; grep -qx "gym=$work/bin/gym" "$recipe" && grep -qx "gym_otel_env=$GOE_BIN" "$recipe" \
    || fail "$recipe no longer has the lines gym_otel_env=/usr/bin/gym-otel-env and gym=/opt/nemo-gym/.venv/bin/gym"
done

slurm_start "$work/cluster" || { echo "FAIL: the private Slurm cluster did not start" >&2; exit 1; }

# submit COMMAND...: runs an sbatch command line as a user would type it (SBATCH_WAIT:
# until the job ends); sets JOB to the job id it printed.
submit() {
  rm -f tasks/*
  LAST="$*"
  local out
  out=$(SBATCH_WAIT=1 timeout 120 "$@" 2>sbatch.err)
  STATUS=$?
  JOB=$(sed -n 's/^Submitted batch job \([0-9]*\)$/\1/p' <<<"$out")
  check; [[ $STATUS == 0 && -n $JOB ]] || fail "exit $STATUS, stdout [$out]: $(cat sbatch.err; tail -n 5 ./*.out 2>/dev/null)"
}

# expect_tasks COUNT RUN_ID: COUNT task lines, each with RUN_ID and the configured
# service name, spread over both nodes.
expect_tasks() {
  check
  local lines count
  lines=$(cat tasks/* 2>/dev/null)
  count=$(ls tasks | wc -l)
  [[ $count == "$1" ]] || { fail "$count tasks ran, expected $1: $lines"; return; }
  [[ $(grep -c " run=$2 service=gym-slurm-test " <<<"$lines") == "$1" ]] \
    || fail "not every task has run=$2 service=gym-slurm-test: $lines"
  [[ $(grep -o 'node=n[12]' <<<"$lines" | sort -u | tr '\n' ' ') == "node=n1 node=n2 " ]] \
    || fail "the tasks did not run on both n1 and n2: $lines"
}

# Eval once in the batch script, srun --export=ALL: the default export, then a site that
# defaults to --export=NONE.
submit sbatch gym.sbatch
expect_tasks 4 "$JOB"
check; grep -qx "telemetry run id: $JOB" "gym-rollouts-$JOB.out" || fail "the job's output lacks its run id: $(cat "gym-rollouts-$JOB.out")"
submit env SBATCH_EXPORT=NONE sbatch gym.sbatch
expect_tasks 4 "$JOB"

# A job array: every task of every array job under the array's id.
submit sbatch --array=0-1 gym.sbatch
expect_tasks 8 "$JOB"

# Each task computes its own variables with --exec, from Gym's command line.
submit sbatch gym-exec.sbatch
expect_tasks 4 "$JOB"
check; grep -q ' args=env start --config configs/my_env.yaml$' tasks/"$JOB".0 || fail "Gym's arguments changed: $(cat tasks/*)"
submit env SBATCH_EXPORT=NONE sbatch gym-exec.sbatch
expect_tasks 4 "$JOB"

# A login shell that already ran the eval exports its random run id, and sbatch carries
# it into the job: the tool keeps it (set variables win) but warns in the job's output.
dirty=$("$GOE_BIN" --format dotenv configs/telemetry.yaml | sed -n 's/^NEMO_GYM_OTEL_RUN_ID=//p' | tr -d "'\"")
check; [[ $dirty =~ ^[0-9a-f]{12}$ ]] || fail "no random run id outside Slurm: $dirty"
submit env NEMO_GYM_OTEL_RUN_ID="$dirty" sbatch gym.sbatch
expect_tasks 4 "$dirty"
check; grep -qF "gym-otel-env: warning: environment: NEMO_GYM_OTEL_RUN_ID: '$dirty' is kept, but this Slurm job is SLURM_JOB_ID=$JOB:" \
  "gym-rollouts-$JOB.out" || fail "no warning about the inherited run id: $(cat "gym-rollouts-$JOB.out")"
# The clean submission the recipe shows.
submit env NEMO_GYM_OTEL_RUN_ID="$dirty" env -u NEMO_GYM_OTEL_RUN_ID sbatch gym.sbatch
expect_tasks 4 "$JOB"
check; grep -q warning "gym-rollouts-$JOB.out" && fail "a clean submission warns: $(cat "gym-rollouts-$JOB.out")"

finish
