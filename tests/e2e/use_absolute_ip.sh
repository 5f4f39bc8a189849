#!/usr/bin/env bash
# use_absolute_ip_takes_host_address: with use_absolute_ip, Gym's head_server.host is
# socket.gethostbyname(socket.gethostname()); the binary must find the same address (it used to
# have no lookup wired in and refused every such config). Python gives the expected text.
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
finish
