#!/usr/bin/env bash
# SPEC 1.1 and 6: a pipe, FIFO or process substitution is read like a file (within the
# size limit), /dev/null is an empty config; --exec of a file that cannot run gives 126.
set -u
. "$(dirname "$0")/lib.bash"
work=$(mktemp -d) && trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
clear_telemetry_env
export NEMO_GYM_OTEL_RUN_ID=run
cfg='telemetry: {enabled: true, service_name: piped}'

run bash -c "printf '%s\n' '$cfg' | '$GOE_BIN' --no-env-yaml /dev/stdin"
expect_status 0
expect_stdout_has "export OTEL_SERVICE_NAME='piped' &&"
run bash -c "'$GOE_BIN' --no-env-yaml <(printf '%s\n' '$cfg')"
expect_status 0
expect_stdout_has "export OTEL_SERVICE_NAME='piped' &&"
mkfifo fifo
(printf '%s\n' "$cfg" >fifo &)
run "$GOE_BIN" --no-env-yaml fifo
expect_status 0
expect_stdout_has "export OTEL_SERVICE_NAME='piped' &&"
run "$GOE_BIN" --no-env-yaml /dev/null
expect_status 0
expect_stdout ""
# The limit holds for a pipe, whose size is not known in advance.
run bash -c "head -c 70000000 /dev/zero | '$GOE_BIN' --no-env-yaml /dev/stdin"
expect_status 1
expect_stderr "gym-otel-env: error: /dev/stdin: config larger than 64 MiB"

# --exec: a binary the kernel refuses is not handed to /bin/sh (glibc's execvp would,
# and sh's syntax error gave 2); a script without #! still runs under sh, as in execvp.
printf '%s\n' "$cfg" >c.yaml
printf '\177ELF\002\001\001\000junk\000' >not-runnable && chmod +x not-runnable
run "$GOE_BIN" --no-env-yaml c.yaml --exec -- ./not-runnable
expect_status 126
expect_stdout ""
expect_stderr "gym-otel-env: error: ./not-runnable: cannot execute: Exec format error"
printf 'echo "script $1 $OTEL_SERVICE_NAME"\n' >no-shebang && chmod +x no-shebang
run "$GOE_BIN" --no-env-yaml c.yaml --exec -- ./no-shebang arg
expect_status 0
expect_stdout "script arg piped"
run env PATH="$work:$PATH" "$GOE_BIN" --no-env-yaml c.yaml --exec -- no-shebang arg
expect_status 0
expect_stdout "script arg piped"
finish
