#!/usr/bin/env bash
# use_absolute_ip_takes_host_address: with use_absolute_ip, Gym's head_server.host is
# socket.gethostbyname(socket.gethostname()); the binary must find the same address (it used to
# have no lookup wired in and refused every such config). Python gives the expected text.
# The static binary asks the system's resolver through getent (docs/decisions.md): a fake
# getent on PATH shows that its answer is the one taken, and that each way the lookup
# cannot be made is said.
set -u
. "$(dirname "$0")/lib.bash"
py=$(command -v python3) || skip "no python3"
want=$("$py" -c 'import socket; print(socket.gethostbyname(socket.gethostname()))' 2>/dev/null) ||
  skip "this host's name does not resolve (Gym fails here too)"
work=$(mktemp -d) && trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
cat >c.yaml <<'YAML'
use_absolute_ip: true
telemetry: {enabled: true, run_id: r, service_name: 'gym@${head_server.host}'}
YAML
got=$("$GOE_BIN" --no-env-yaml --format dotenv c.yaml 2>&1)
want_out="NEMO_GYM_OTEL_ENABLED=1
NEMO_GYM_OTEL_SPAN_GROUPS=default
NEMO_GYM_OTEL_EXPORT_STRATEGY=all_ranks
NEMO_GYM_OTEL_EXPORT_RANK=-1
NEMO_GYM_OTEL_TRACES_ENABLED=1
NEMO_GYM_OTEL_METRICS_ENABLED=1
NEMO_GYM_OTEL_LOGS_ENABLED=0
NEMO_GYM_OTEL_EXPORTER=otlp
NEMO_GYM_OTEL_RUN_ID=r
NEMO_GYM_OTEL_SERVICE_NAME_PER_SERVER=1
NEMO_GYM_OTEL_INSTRUMENT_AIOHTTP=1
OTEL_SERVICE_NAME=gym@$want"
expect "head_server.host is the host's address" "$want_out" "$got"
# A head_server given keeps its host.
printf 'head_server: {host: given, port: 1}\n' >h.yaml
got=$("$GOE_BIN" --no-env-yaml --format json c.yaml h.yaml 2>&1)
expect "a given head_server wins" "$("$py" -c 'import json,sys; print(json.loads(sys.argv[1])["OTEL_SERVICE_NAME"])' "$got" 2>&1)" "gym@given"
# --- the lookup goes through getent, found on PATH
host=$("$py" -c 'import socket; print(socket.gethostname())')
why="gym-otel-env: error: use_absolute_ip: cannot look up this host's address"
mkdir fake
fake() { printf '#!/bin/sh\n%s\n' "$1" >fake/getent && chmod +x fake/getent; }
fake 'echo "$*" >"$0.args"; echo "  noise on stderr" >&2; printf "192.0.2.9       STREAM %s\n192.0.2.9       DGRAM\n10.0.0.1        STREAM\n" "$2"'
run env PATH="$PWD/fake" "$GOE_BIN" --no-env-yaml --format json c.yaml
expect_status 0
expect_stdout_has '"OTEL_SERVICE_NAME": "gym@192.0.2.9"'
expect_stderr ""
expect "getent's arguments" "ahostsv4 $host" "$(cat fake/getent.args)"
fake 'exit 2'
run env PATH="$PWD/fake" "$GOE_BIN" --no-env-yaml --format json c.yaml
expect_status 1
expect_stderr "gym-otel-env: error: c.yaml:1:18: use_absolute_ip: cannot find this host's address (Gym: gethostbyname(gethostname()))"
run env PATH="$work/none" "$GOE_BIN" --no-env-yaml --format json c.yaml
expect_status 1
expect_stderr "$why: no getent on PATH to ask the system's resolver, as Gym's gethostbyname(gethostname()) does"
fake 'kill -9 $$'
run env PATH="$PWD/fake" "$GOE_BIN" --no-env-yaml --format json c.yaml
expect_status 1
expect_stderr "$why: getent ahostsv4 $host was killed by signal 9 (Killed)"
fake 'echo "no address here"'
run env PATH="$PWD/fake" "$GOE_BIN" --no-env-yaml --format json c.yaml
expect_status 1
expect_stderr "$why: getent ahostsv4 $host exited 0 without an IPv4 address"
fake 'exit 1'
run env PATH="$PWD/fake" "$GOE_BIN" --no-env-yaml --format json c.yaml
expect_stderr "$why: getent ahostsv4 $host exited 1 without an IPv4 address"
chmod -x fake/getent
run env PATH="$PWD/fake" "$GOE_BIN" --no-env-yaml --format json c.yaml
expect_stderr "$why: cannot run getent: Permission denied"
# use_absolute_ip false: no lookup at all, so no getent needed.
printf 'use_absolute_ip: false\ntelemetry: {enabled: true, run_id: r}\n' >off.yaml
run env PATH="$work/none" "$GOE_BIN" --no-env-yaml --format json off.yaml
expect_status 0
finish
