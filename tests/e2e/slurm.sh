#!/usr/bin/env bash
# The Slurm recipes (examples/slurm/*.sbatch, shown in docs/recipes.md) on a real, private
# Slurm cluster: munged, slurmctld and two slurmd emulating nodes n1 and n2 on this
# machine (slurm_start below). `gym` is a stub that records, per task, the
# run id and service name it was handed. Every task of a 2-node x 2-task job must see
# NEMO_GYM_OTEL_RUN_ID = the job id and one OTEL_SERVICE_NAME: with the default export,
# under a site default SBATCH_EXPORT=NONE, for a job array (the array's id), for the
# per-task --exec form, from a login shell that already ran the eval and exported only its
# run id, and from one whose eval left its record too (each job a run of its own).
# Skips (77) only where Slurm is not installed, after the recipes' verbatim check, which runs
# everywhere.
set -uo pipefail
. "$(dirname "$0")/lib.bash"

# The recipes must be the ones the documentation shows: checked on every machine, Slurm or
# not, so that a machine without Slurm still fails on a recipe and its page drifting apart.
recipes=$GOE_SOURCE_DIR/examples/slurm
for recipe in gym.sbatch gym-exec.sbatch; do
  check
  python3 - "$recipes/$recipe" "$GOE_SOURCE_DIR/docs/recipes.md" <<'PY' || fail "docs/recipes.md does not show examples/slurm/$recipe verbatim"
import sys
recipe, doc = (open(p).read() for p in sys.argv[1:])
sys.exit(0 if "```sh\n" + recipe + "```\n" in doc else 1)
PY
done

for tool in munged slurmctld slurmd sbatch srun sinfo; do
  if ! command -v "$tool" >/dev/null; then
    ((FAILURES == 0)) || die "the recipes' check failed; the cluster test needs $tool"
    skip "$tool is not installed (scripts/install-deps --test installs slurm-wlm and munge)"
  fi
done

# --- the private cluster: munged, slurmctld and two slurmd emulating the nodes n1 and n2
# on this machine. Everything it uses (key, sockets, ports, state, logs) lives in
# $SLURM_DIR; it touches no system Slurm or munge. Each daemon runs in the foreground as a
# child of this shell, so its PID is known exactly, and slurm_stop ends those PIDs and no
# others.

SLURM_PIDS=()

# A TCP port nothing listens on now. Another process may take it before the daemon binds,
# so slurm_start retries on a fresh set of ports when a daemon fails to come up.
_slurm_free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

_slurm_write_conf() {
    local host user ctld_port n1_port n2_port
    host=$(hostname) user=$(id -un)
    ctld_port=$(_slurm_free_port) n1_port=$(_slurm_free_port) n2_port=$(_slurm_free_port)
    # The test's own user runs every daemon and every job: no slurm user is needed.
    # proctrack/linuxproc and task/none need no
    # cgroups, which containers often lack. config_overrides: the emulated nodes claim
    # 2 CPUs each whatever this machine has.
    cat >"$SLURM_DIR/slurm.conf" <<CONF
ClusterName=goe-test
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctld_port
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$SLURM_DIR/munge.socket
SlurmUser=$user
SlurmdUser=$user
StateSaveLocation=$SLURM_DIR/state
SlurmdSpoolDir=$SLURM_DIR/spool/%n
SlurmctldPidFile=$SLURM_DIR/slurmctld.pid
SlurmdPidFile=$SLURM_DIR/slurmd.%n.pid
SlurmctldLogFile=$SLURM_DIR/slurmctld.log
SlurmdLogFile=$SLURM_DIR/slurmd.%n.log
SlurmdParameters=config_overrides
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
SlurmctldTimeout=10
SlurmdTimeout=10
InactiveLimit=0
KillWait=2
MinJobAge=600
NodeName=n1 NodeHostname=$host NodeAddr=127.0.0.1 Port=$n1_port CPUs=2 State=UNKNOWN
NodeName=n2 NodeHostname=$host NodeAddr=127.0.0.1 Port=$n2_port CPUs=2 State=UNKNOWN
PartitionName=test Nodes=n[1-2] Default=YES MaxTime=INFINITE State=UP
CONF
}

# slurm_start DIR: starts the cluster and waits until both nodes are idle. Exports
# SLURM_CONF so that sbatch, srun and sinfo talk to it. Returns non-zero, with the
# daemons' logs on stderr, when it does not come up.
slurm_start() {
    SLURM_DIR=$1
    mkdir -p "$SLURM_DIR/state" "$SLURM_DIR/spool/n1" "$SLURM_DIR/spool/n2" || return 1
    chmod 711 "$SLURM_DIR"  # munged wants its socket's directory searchable by all
    dd if=/dev/urandom of="$SLURM_DIR/munge.key" bs=1024 count=1 status=none
    chmod 600 "$SLURM_DIR/munge.key"
    munged --foreground --force --socket="$SLURM_DIR/munge.socket" \
        --key-file="$SLURM_DIR/munge.key" --pid-file="$SLURM_DIR/munged.pid" \
        --log-file="$SLURM_DIR/munged.log" --seed-file="$SLURM_DIR/munged.seed" 2>>"$SLURM_DIR/munged.out" &
    SLURM_PIDS+=($!)
    local attempt
    for attempt in 1 2 3; do
        _slurm_write_conf
        export SLURM_CONF=$SLURM_DIR/slurm.conf
        slurmctld -D -i -f "$SLURM_CONF" >>"$SLURM_DIR/slurmctld.out" 2>&1 &
        SLURM_PIDS+=($!)
        slurmd -D -N n1 -f "$SLURM_CONF" >>"$SLURM_DIR/slurmd.n1.out" 2>&1 &
        SLURM_PIDS+=($!)
        slurmd -D -N n2 -f "$SLURM_CONF" >>"$SLURM_DIR/slurmd.n2.out" 2>&1 &
        SLURM_PIDS+=($!)
        local waited
        for waited in $(seq 1 60); do
            [[ $(sinfo -h -N -o '%N %t' 2>/dev/null | sort | tr '\n' ' ') == 'n1 idle n2 idle ' ]] && return 0
            sleep 0.5
        done
        # Not up in 30 s: perhaps a port was taken after all. Stop this try's daemons.
        _slurm_kill "${SLURM_PIDS[@]:1}"
        SLURM_PIDS=("${SLURM_PIDS[0]}")
    done
    tail -n 20 "$SLURM_DIR"/*.log "$SLURM_DIR"/*.out >&2
    return 1
}

_slurm_kill() {
    local pid
    for pid in "$@"; do kill "$pid" 2>/dev/null; done
    for pid in "$@"; do wait "$pid" 2>/dev/null; done
}

# Stops the daemons slurm_start started, slurmd first so that no node is marked down
# while the controller goes.
slurm_stop() {
    [[ ${#SLURM_PIDS[@]} -gt 0 ]] || return 0
    local ctld_and_nodes=("${SLURM_PIDS[@]:1}") munged=${SLURM_PIDS[0]}
    _slurm_kill "${ctld_and_nodes[@]}"
    _slurm_kill "$munged"
    SLURM_PIDS=()
}

# --- the recipes on it
clear_telemetry_env SBATCH SRUN

work=$(mktemp -d)
trap 'slurm_stop; rm -rf "$work"' EXIT
cd "$work" || exit 1

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
  sed -e "s|^gym_otel_env=/usr/local/bin/gym-otel-env\$|gym_otel_env=$GOE_BIN|" \
      -e "s|^gym=/opt/nemo-gym/.venv/bin/gym\$|gym=$work/bin/gym|" "$recipes/$recipe" > "$recipe"
  check; grep -qx "gym=$work/bin/gym" "$recipe" && grep -qx "gym_otel_env=$GOE_BIN" "$recipe" \
    || fail "$recipe no longer has the lines gym_otel_env=/usr/local/bin/gym-otel-env and gym=/opt/nemo-gym/.venv/bin/gym"
done

slurm_start "$work/cluster" || die "the private Slurm cluster did not start"

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

# Last, as it changes this shell: the eval typed in the submitting shell itself, with a config
# that names no run id. Its made-up run id is in its record (SPEC 5), so every job submitted
# from this shell is a run of its own, under its job id, all of whose tasks share it; no
# `env -u` needed, and nothing to warn about.
eval "$("$GOE_BIN" -q configs/telemetry.yaml)"
shell_run=$NEMO_GYM_OTEL_RUN_ID
check; [[ $shell_run =~ ^[0-9a-f]{12}$ && $GYM_OTEL_ENV_RECORD == *" NEMO_GYM_OTEL_RUN_ID/"*"/made"* ]] ||
  fail "the submitting shell's eval: run id [$shell_run], record [${GYM_OTEL_ENV_RECORD-unset}]"
jobs_run=()
for recipe in gym.sbatch gym.sbatch gym-exec.sbatch; do
  submit sbatch "$recipe"
  expect_tasks 4 "$JOB"
  jobs_run+=("$JOB")
  check; [[ -f gym-rollouts-$JOB.out ]] && ! grep -q warning "gym-rollouts-$JOB.out" ||
    fail "$recipe from a shell that ran the eval: no output, or a warning: $(cat "gym-rollouts-$JOB.out")"
done
check; [[ $(printf '%s\n' "${jobs_run[@]}" "$shell_run" | sort -u | wc -l) == 4 ]] ||
  fail "the jobs submitted from one shell do not each have a run id of their own: ${jobs_run[*]}, the shell's $shell_run"
check; [[ $NEMO_GYM_OTEL_RUN_ID == "$shell_run" ]] || fail "the submitting shell's run id changed: $NEMO_GYM_OTEL_RUN_ID"

finish
