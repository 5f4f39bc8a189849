#!/usr/bin/env bash
# Issue 39: --strict leaves nothing silent. Each way telemetry ends up off without the user
# saying so, or nothing is read, is a warning at its place (exit 0, -q silences it) and an
# error under --strict (exit 1, nothing exported, --exec runs nothing), with and without -q.
# Telemetry switched off on purpose is no finding.
set -u
. "$(dirname "$0")/lib.bash"
cd "$(mktemp -d)" || exit 1
trap 'rm -rf "$PWD"' EXIT
clear_telemetry_env
export SLURM_JOB_ID=99 NO_COLOR=1
# Stand-ins for Gym's entry point and srun: each says it ran, and the service name it got.
mkdir bin && printf '#!/bin/sh\necho "${0##*/} ran: ${OTEL_SERVICE_NAME:-no service name}"\n' >bin/gym
chmod +x bin/gym && cp bin/gym bin/srun
export PATH="$PWD/bin:$PATH"

# expect_finding TEXT ARGS...: gym-otel-env ARGS warns TEXT (each line) and exits 0; under
# --strict the same lines are errors without their ", ignored", exit 1, and stdout is
# STRICT_OUT; -q silences the warnings and keeps the errors. Leaves OUT of the plain run.
expect_finding() {
    local text=$1 errors plain_out
    shift
    errors=${text//gym-otel-env: warning:/gym-otel-env: error:}
    errors=${errors//, ignored;/;}
    run "$GOE_BIN" -q "$@"
    expect_status 0
    expect_stderr ""
    run "$GOE_BIN" --strict "$@"
    expect_status 1
    expect_stderr "$errors"
    expect_stdout "$STRICT_OUT"
    run "$GOE_BIN" --strict -q "$@"
    expect_status 1
    expect_stderr "$errors"
    run "$GOE_BIN" "$@"
    plain_out=$OUT
    expect_status 0
    expect_stderr "$text"
    OUT=$plain_out
}

# --- a telemetry field at the top level, beside a null, empty or missing block -----------
printf 'telemetry:\nenabled: true\nservice_name: flat\notlp_headers: api-key=s3cr3t\n' >flat.yaml
at_top="a telemetry field at the top level, where Gym does not read it"
STRICT_OUT=""
expect_finding "gym-otel-env: warning: flat.yaml:2:1: enabled: $at_top, ignored; indent it under 'telemetry:'
gym-otel-env: warning: flat.yaml:3:1: service_name: $at_top, ignored; indent it under 'telemetry:'
gym-otel-env: warning: flat.yaml:4:1: otlp_headers: $at_top, ignored; indent it under 'telemetry:'" \
    --check flat.yaml
# Under --strict, ", ignored" goes: nothing is ignored, the run fails.
run "$GOE_BIN" --check --strict flat.yaml
expect_stderr_has "gym-otel-env: error: flat.yaml:2:1: enabled: $at_top; indent it under 'telemetry:'"
# The shell format: nothing exported (telemetry is off, as in Gym); under --strict, `false`.
STRICT_OUT=false
expect_finding "gym-otel-env: warning: flat.yaml:2:1: enabled: $at_top, ignored; indent it under 'telemetry:'
gym-otel-env: warning: flat.yaml:3:1: service_name: $at_top, ignored; indent it under 'telemetry:'
gym-otel-env: warning: flat.yaml:4:1: otlp_headers: $at_top, ignored; indent it under 'telemetry:'" \
    flat.yaml
expect_stdout ""
printf 'telemetry: {}\nexporter: console\n' >empty.yaml
STRICT_OUT=""
expect_finding "gym-otel-env: warning: empty.yaml:2:1: exporter: $at_top, ignored; indent it under 'telemetry:'" \
    --check empty.yaml
printf 'enabled: true\n' >none.yaml
expect_finding "gym-otel-env: warning: none.yaml:1:1: enabled: $at_top, ignored; put it under a 'telemetry:' block" \
    --check none.yaml
# In an env.yaml: at its own place.
mkdir envdir && printf 'telemetry:\nenabled: true\n' >envdir/env.yaml && printf 'a: 1\n' >envdir/c.yaml
cd envdir || exit 1
expect_finding "gym-otel-env: warning: env.yaml:2:1: enabled: $at_top, ignored; indent it under 'telemetry:'" \
    --check c.yaml
cd .. || exit 1
# Indented, or a block with keys beside a top-level value of the same name: nothing.
printf 'telemetry:\n  enabled: true\n  service_name: ${service_name}\nservice_name: mine\n' >fine.yaml
run "$GOE_BIN" --check --strict fine.yaml
expect_status 0
expect_stderr ""

# --- nothing read: no CONFIG and no env.yaml -------------------------------------------
mkdir empty
cd empty || exit 1
nothing="gym-otel-env: warning: no config read (no CONFIG given, and no env.yaml in the working directory or the search roots), so only the environment can switch telemetry on: name a config (gym-otel-env c.yaml), or see gym-otel-env --help"
STRICT_OUT=false
expect_finding "$nothing"
expect_stdout ""
STRICT_OUT=""
expect_finding "gym-otel-env: warning: no config read (no CONFIG given, and --no-env-yaml), so only the environment can switch telemetry on: name a config (gym-otel-env c.yaml), or see gym-otel-env --help" \
    --no-env-yaml --format json
expect_stdout "{}"
# Switched on by the environment, nothing read is still said: the variables are the defaults.
STRICT_OUT=""
NEMO_GYM_OTEL_ENABLED=1 expect_finding "$nothing" --check
# A telemetry value from --set is something read.
run "$GOE_BIN" --strict --set telemetry.enabled=true --set telemetry.exporter=console
expect_status 0
expect_stderr ""
# The same words on a terminal.
if script -qec true /dev/null >/dev/null 2>&1; then
    tty=$(script -qec "'$GOE_BIN'; echo status=\$?" /dev/null | tr -d '\r')
    expect "a terminal: the warning, status 0" "$nothing"$'\n'"status=0" "$tty"
    tty=$(script -qec "'$GOE_BIN' --quiet" /dev/null | tr -d '\r')
    expect "a terminal, --quiet: nothing" "" "$tty"
fi
cd .. || exit 1

# --- under --exec, a Gym command line that names no config -----------------------------
cd empty || exit 1
STRICT_OUT=""  # Gym did not run
expect_finding "gym-otel-env: warning: no config read (no --config or asset selector on gym's command line, and no env.yaml in the working directory or the search roots), so only the environment can switch telemetry on: name a config (gym-otel-env --exec -- gym ... --config c.yaml)" \
    --exec -- gym env start
expect_stdout "gym ran: no service name"
# Gym's entry point as written; `...` is the rest of its line. Under --strict nothing runs.
run "$GOE_BIN" --strict -q --exec -- python3 -m nemo_gym.cli.main env start
expect_status 1
expect_stderr "gym-otel-env: error: no config read (no --config or asset selector on python3's command line, and no env.yaml in the working directory or the search roots), so only the environment can switch telemetry on: name a config (gym-otel-env --exec -- python3 ... --config c.yaml)"
expect_stdout ""
run "$GOE_BIN" --strict --exec -- gym env start --config ../fine.yaml
expect_status 0
expect_stderr ""
expect_stdout "gym ran: mine"
run "$GOE_BIN" --strict --exec -- gym env start ++telemetry.enabled=true ++telemetry.service_name=tok
expect_status 0
expect_stderr ""
expect_stdout "gym ran: tok"
run "$GOE_BIN" --strict --exec -- gym --help  # starts nothing: telemetry has nothing to be off for
expect_status 0
expect_stderr ""
cd .. || exit 1

# --- under --exec, a launcher that is not read through ---------------------------------
cd empty || exit 1
STRICT_OUT=""  # srun did not run
expect_finding "gym-otel-env: warning: no config read: srun starts its command on other nodes, where it may not pass on this environment (--export, SLURM_EXPORT_ENV), so its arguments are not read: put gym-otel-env after srun's options (srun [srun options] gym-otel-env --exec -- gym ...)" \
    --exec -- srun gym env start --config ../fine.yaml
expect_stdout "srun ran: no service name"
cd .. || exit 1

# --- switched off on purpose: no finding, under --strict too ---------------------------
printf 'telemetry:\n  enabled: false\n' >off.yaml
run "$GOE_BIN" --strict off.yaml
expect_status 0
expect_stderr ""
expect_stdout ""
NEMO_GYM_OTEL_ENABLED=0 run "$GOE_BIN" --strict fine.yaml
expect_status 0
expect_stderr ""
expect_stdout ""

finish
