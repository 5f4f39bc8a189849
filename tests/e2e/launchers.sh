#!/usr/bin/env bash
# Launchers in front of Gym under --exec, as a user sees them: nohup, nice, env, timeout
# are read through (the same variables as Gym alone, env's own changes included, the
# child's argv unchanged); srun, another program or a launcher that starts nothing are
# not read, and with no config read that is a warning (an error under --strict, shown by
# --check) whose reason --explain gives; env -i and CONFIG beside Gym's own inputs warn.
set -u
. "$(dirname "$0")/lib.bash"
for program in nohup nice env timeout; do
  command -v "$program" >/dev/null || skip "$program is not installed"
done
work=$(mktemp -d) && trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
clear_telemetry_env

# Stand-ins for Gym's entry point, srun and another program: each prints its name and
# argv on one line, then the telemetry variables and A it was given, sorted.
mkdir bin sub
cat >bin/gym <<'SH'
#!/bin/sh
printf '%s' "${0##*/}"
for a in "$@"; do printf ' [%s]' "$a"; done
printf '\n'
env | grep -E '^(NEMO_GYM_OTEL_|OTEL_|A=)' | sort
SH
chmod +x bin/gym
cp bin/gym bin/srun
cp bin/gym bin/train
printf 'telemetry: {enabled: true, service_name: launched, exporter: console}\n' >c.yaml
printf 'telemetry: {enabled: true, service_name: from-sub, exporter: console}\n' >sub/c.yaml
# clean CMD...: CMD with only PATH (the stand-ins first) and a fixed run id.
clean() { env -i PATH="$work/bin:/usr/bin:/bin" NEMO_GYM_OTEL_RUN_ID=run "$@" </dev/null; }
argv="gym [env] [start] [--config] [c.yaml]"

# --- read through: the same variables as Gym alone, the child's argv unchanged ----------
run clean "$GOE_BIN" --no-env-yaml --exec -- gym env start --config c.yaml
expect_status 0
expect_stderr ""
direct=$(sed 1d <<<"$OUT")
expect "Gym alone: its config read" "NEMO_GYM_OTEL_ENABLED=1" "$(grep '^NEMO_GYM_OTEL_ENABLED=' <<<"$direct")"
expect "Gym alone: its service name" "OTEL_SERVICE_NAME=launched" "$(grep '^OTEL_SERVICE_NAME=' <<<"$direct")"

run clean "$GOE_BIN" --no-env-yaml --exec -- nohup nice env A=1 timeout 1h gym env start --config c.yaml
expect_status 0
expect_stderr ""
expect "through nohup nice env timeout: argv unchanged" "$argv" "$(head -1 <<<"$OUT")"
expect "through nohup nice env timeout: the same variables, and env's A" "A=1"$'\n'"$direct" "$(sed 1d <<<"$OUT")"

run clean "$GOE_BIN" --no-env-yaml --exec -- nice -n 5 env -S 'A=1 gym env start' --config c.yaml
expect_status 0
expect "through env -S: argv as env splits it" "$argv" "$(head -1 <<<"$OUT")"
expect "through env -S: the same variables" "A=1"$'\n'"$direct" "$(sed 1d <<<"$OUT")"

# env's own variables are what Gym sees: switched off as Gym would be, nothing added.
run clean "$GOE_BIN" --no-env-yaml --explain=short --exec -- env NEMO_GYM_OTEL_ENABLED=0 gym env start --config c.yaml
expect_status 0
expect_stderr "gym-otel-env: note: the environment sets NEMO_GYM_OTEL_ENABLED, which wins over the config (unset it to use the config's; --explain shows both)
gym-otel-env: telemetry off: NEMO_GYM_OTEL_ENABLED=0 in the environment; set but not exported: exporter, service_name"
expect_stdout "$argv
NEMO_GYM_OTEL_ENABLED=0
NEMO_GYM_OTEL_RUN_ID=run"

# env -C: Gym's relative paths are read from its directory.
run env -i PATH="$work/bin:/usr/bin:/bin" NEMO_GYM_OTEL_RUN_ID=run "$GOE_BIN" --no-env-yaml --exec -- \
  env -C sub gym env start --config c.yaml
expect_status 0
expect "env -C sub: sub/c.yaml read" "OTEL_SERVICE_NAME=from-sub" "$(grep '^OTEL_SERVICE_NAME=' <<<"$OUT")"

# --- srun: named, not read; a warning when no config is read ----------------------------
srun_warning="no config read: srun starts its command on other nodes, where it may not pass on this environment \
(--export, SLURM_EXPORT_ENV), so its arguments are not read: put gym-otel-env after srun's options \
(srun [srun options] gym-otel-env --exec -- gym ...)"
srun_why="srun starts its command on other nodes, where it may not pass on this environment (--export, \
SLURM_EXPORT_ENV), so its arguments are not read"
run clean "$GOE_BIN" --no-env-yaml --exec -- srun gym env start --config c.yaml
expect_status 0
expect_stderr "gym-otel-env: warning: $srun_warning"
expect_stdout "srun [gym] [env] [start] [--config] [c.yaml]
NEMO_GYM_OTEL_RUN_ID=run"
run clean "$GOE_BIN" --no-env-yaml --strict --exec -- srun gym env start --config c.yaml
expect_status 1
expect_stderr "gym-otel-env: error: $srun_warning"
expect_stdout ""  # srun did not run
run clean "$GOE_BIN" --no-env-yaml --check --exec -- srun gym env start --config c.yaml
expect_status 0
expect_stderr "gym-otel-env: warning: $srun_warning"
expect_stdout ""
run clean "$GOE_BIN" --no-env-yaml --check --strict --exec -- srun gym env start --config c.yaml
expect_status 1
expect_stderr "gym-otel-env: error: $srun_warning"
run clean "$GOE_BIN" --no-env-yaml --check --explain --exec -- srun gym env start --config c.yaml
expect_status 0
expect_stderr "gym-otel-env: warning: $srun_warning
gym-otel-env: explain: no config file read: $srun_why
gym-otel-env: explain: telemetry off, nothing exported: no telemetry block"
run clean "$GOE_BIN" --no-env-yaml -q --check --explain=short --exec -- srun gym env start --config c.yaml
expect_status 0
expect_stderr "gym-otel-env: telemetry off: no telemetry block; no config file read: $srun_why"
# A config read (here as env.yaml): no warning, and srun gets the variables.
run clean "$GOE_BIN" --env-yaml c.yaml --exec -- srun gym env start --config c.yaml
expect_status 0
expect_stderr ""
expect "srun after a config was read: the variables" "OTEL_SERVICE_NAME=launched" "$(grep '^OTEL_SERVICE_NAME=' <<<"$OUT")"

# --- another program, a launcher that starts nothing --------------------------------------
run clean "$GOE_BIN" --no-env-yaml --exec -- nohup train --config m.toml
expect_status 0
expect_stderr "gym-otel-env: warning: no config read: train is not Gym's command (gym, ng, ng_*, python -m \
nemo_gym.cli.main), so its arguments are not read: give the configs as CONFIG (gym-otel-env CONFIG... --exec -- train ...)"
expect_stdout "train [--config] [m.toml]
NEMO_GYM_OTEL_RUN_ID=run"
run clean "$GOE_BIN" --no-env-yaml --check --exec -- taskset -p 1
expect_status 0
expect_stderr "gym-otel-env: warning: no config read: taskset -p changes a running process and starts no command, so \
there is no Gym command line to read"

# --- env -i: what gym-otel-env adds never reaches Gym ---------------------------------------
cleared="env -i starts gym with an empty environment, so the variables gym-otel-env adds never reach it: put \
gym-otel-env after env (env -i ... gym-otel-env --exec -- gym ...)"
run clean "$GOE_BIN" --no-env-yaml --exec -- env -i PATH="$work/bin:/usr/bin:/bin" gym env start --config c.yaml
expect_status 0
expect_stderr "gym-otel-env: warning: $cleared"
expect_stdout "$argv"
run clean "$GOE_BIN" --no-env-yaml --strict --exec -- env -i PATH="$work/bin:/usr/bin:/bin" gym env start --config c.yaml
expect_status 1
expect_stderr "gym-otel-env: error: $cleared"
# Where the warning says to put it.
run clean env -i PATH="$work/bin:/usr/bin:/bin" NEMO_GYM_OTEL_RUN_ID=run "$GOE_BIN" --no-env-yaml --exec -- \
  gym env start --config c.yaml
expect_status 0
expect_stderr ""
expect "env -i ... gym-otel-env: the variables arrive" "$direct" "$(sed 1d <<<"$OUT")"

# --- CONFIG beside Gym's own config inputs: those are not read, and named ----------------
run clean "$GOE_BIN" --no-env-yaml c.yaml --exec -- gym env start --config sub/c.yaml '+telemetry.service_name=x'
expect_status 0
expect_stderr "gym-otel-env: warning: CONFIG is given, so gym's own config inputs are not read: --config sub/c.yaml, \
+telemetry.service_name=... (drop CONFIG to have them read, or give them as CONFIG and --set)"
expect "CONFIG wins" "OTEL_SERVICE_NAME=launched" "$(grep '^OTEL_SERVICE_NAME=' <<<"$OUT")"
expect "CONFIG: argv unchanged" "gym [env] [start] [--config] [sub/c.yaml] [+telemetry.service_name=x]" \
  "$(head -1 <<<"$OUT")"

finish
