#!/usr/bin/env bash
# --probe's verdict against what a real OpenTelemetry SDK does: for each receiver and
# config, `gym-otel-env --probe` and then the JS NodeSDK (tests/e2e/otel/probe.mjs, one
# span, started by gym-otel-env --exec with the same environment) go to the same local
# receiver. The probe must accept exactly when the SDK's span arrives (a non-empty
# export the receiver accepted), and say the same thing as tests/e2e/probe.sh says.
set -uo pipefail
. "$(dirname "$0")/lib.bash"
. "$GOE_SOURCE_DIR/tests/e2e/otel/install.bash"
otel_node_install probe_receiver.mjs probe.mjs
. "$GOE_SOURCE_DIR/tests/e2e/otel/receivers.bash"
command -v openssl >/dev/null || die "openssl is not installed (scripts/install-deps --test installs it)"

# Traces only, as probe.mjs exports nothing else; a short SDK timeout, so that an export
# the SDK retries gives up soon.
sdk_env=(OTEL_TRACES_EXPORTER=otlp OTEL_METRICS_EXPORTER=none OTEL_LOGS_EXPORTER=none
         OTEL_NODE_RESOURCE_DETECTORS=env OTEL_EXPORTER_OTLP_TIMEOUT=3000 NEMO_GYM_OTEL_METRICS_ENABLED=0)

# arrived NAME: how many non-empty trace exports the receiver NAME accepted.
arrived() {
  requests "$1" | awk '$1 ~ /(\/v1\/traces|TraceService\/Export)$/ && $3 > 0 && ($4 == 200 || $4 == "OK")' | wc -l
}

# agree CASE RECEIVER WANT-LINE CONFIG [VAR=VALUE...]: the probe's line is WANT-LINE
# (after "gym-otel-env: probe: traces: "), and it accepts exactly when the SDK's span
# arrives at RECEIVER.
agree() {
  local name=$1 receiver=$2 want=$3 cfg=$4 before after sdk_rc log=$work/sdk-$((++runs)).log
  shift 4
  goe "${sdk_env[@]}" "$@" "$GOE_BIN" --no-env-yaml --check --probe "$cfg"
  # The probe's first line; a lint warning (the doubled /v1/traces) may come before it.
  local probe_rc=$STATUS line
  line=$(grep -m1 '^gym-otel-env: probe: ' <<<"$ERR")
  expect "$name: the probe's line" "gym-otel-env: probe: traces: $want" "$line"
  before=$(arrived "$receiver")
  (cd "$node_dir" && env -i PATH="$PATH" HOME="${HOME:-/tmp}" NEMO_GYM_OTEL_RUN_ID=run "${sdk_env[@]}" "$@" \
    timeout 60 "$GOE_BIN" --no-env-yaml "$cfg" --exec -- node probe.mjs) >"$log" 2>&1
  sdk_rc=$?
  after=$(arrived "$receiver")
  check
  # The SDK ran to its end: probe.mjs exits 0 when the export succeeded, 1 when it failed.
  [[ $sdk_rc == 0 || $sdk_rc == 1 ]] || { fail "$name: the SDK exited $sdk_rc: $(tail -5 "$log")"; return; }
  if [[ $probe_rc == 0 && $after -gt $before && $sdk_rc == 0 ]]; then
    echo "ok: $name: --probe accepted, and the SDK's span arrived"
  elif [[ $probe_rc == 1 && $after == "$before" && $sdk_rc == 1 ]]; then
    echo "ok: $name: --probe refused, and the SDK's span did not arrive: $(grep -m1 -oE "(code|details|message): .*" "$log")"
  else
    fail "$name: --probe exited $probe_rc, but $((after - before)) spans of the SDK arrived and it exited $sdk_rc ($(
      tail -3 "$log"))"
  fi
}

runs=0
TRACE=opentelemetry.proto.collector.trace.v1.TraceService/Export
start_receiver http http ok
http=$PORT
start_receiver auth http auth right-token
auth=$PORT
start_receiver grpc grpc auth right-token
grpc=$PORT
make_tls
start_receiver https https ok
https=$PORT

mkdir -p "$work/c" && cd "$work/c" || exit 1
config pb.yaml http/protobuf "http://127.0.0.1:$http"
agree "http/protobuf, 200" http "http/protobuf http://127.0.0.1:$http/v1/traces: accepted (HTTP 200, N ms)" "$PWD/pb.yaml"
config json.yaml http/json "http://127.0.0.1:$http"
agree "http/json, 200" http "http/json http://127.0.0.1:$http/v1/traces: accepted (HTTP 200, N ms)" "$PWD/json.yaml"

config auth-ok.yaml http/protobuf "http://127.0.0.1:$auth" "authorization=Bearer%20right-token"
agree "http/protobuf, the right token" auth \
  "http/protobuf http://127.0.0.1:$auth/v1/traces: accepted (HTTP 200, N ms)" "$PWD/auth-ok.yaml"
config auth-bad.yaml http/protobuf "http://127.0.0.1:$auth" "authorization=Bearer%20wrong-token"
agree "http/protobuf, 401" auth \
  "http/protobuf http://127.0.0.1:$auth/v1/traces: rejected: HTTP 401 (N ms): check otlp_headers (sent: authorization=***)" \
  "$PWD/auth-bad.yaml"

config path.yaml http/protobuf "http://127.0.0.1:$http/v1/traces"
agree "http/protobuf, 404" http \
  "http/protobuf http://127.0.0.1:$http/v1/traces/v1/traces: rejected: HTTP 404 (N ms): the endpoint has the path /v1/traces, to which the SDK appends /v1/traces: set otlp_endpoint to the receiver's base URL (scheme://host:port)" \
  "$PWD/path.yaml"

config grpc-ok.yaml grpc "http://127.0.0.1:$grpc" "authorization=Bearer%20right-token"
agree "grpc, OK" grpc "grpc http://127.0.0.1:$grpc/$TRACE: accepted (gRPC OK, N ms)" "$PWD/grpc-ok.yaml"
config grpc-bad.yaml grpc "http://127.0.0.1:$grpc" "authorization=Bearer%20wrong-token"
agree "grpc, UNAUTHENTICATED" grpc \
  "grpc http://127.0.0.1:$grpc/$TRACE: rejected: gRPC status 16 UNAUTHENTICATED 'bad token' (N ms): check otlp_headers (sent: authorization=***)" \
  "$PWD/grpc-bad.yaml"

config grpc-http.yaml grpc "http://127.0.0.1:$http"
agree "grpc against OTLP/HTTP" http \
  "grpc http://127.0.0.1:$http/$TRACE: no HTTP/2 answer (N ms): otlp_protocol is grpc but the endpoint speaks HTTP: set otlp_protocol to http/protobuf, or use the receiver's gRPC port (4317 on a collector)" \
  "$PWD/grpc-http.yaml"
config http-grpc.yaml http/protobuf "http://127.0.0.1:$grpc" "authorization=Bearer%20right-token"
agree "http/protobuf against gRPC" grpc \
  "http/protobuf http://127.0.0.1:$grpc/v1/traces: no HTTP/1.1 answer (N ms): otlp_protocol is http/protobuf but the endpoint speaks gRPC: set otlp_protocol to grpc, or use the receiver's OTLP/HTTP port (4318 on a collector)" \
  "$PWD/http-grpc.yaml"

config tls.yaml http/protobuf "https://127.0.0.1:$https"
agree "https, a private CA" https \
  "http/protobuf https://127.0.0.1:$https/v1/traces: TLS: the server's certificate is not trusted: SSL certificate problem: unable to get local issuer certificate (N ms): for a private CA, set OTEL_EXPORTER_OTLP_CERTIFICATE to its certificate file" \
  "$PWD/tls.yaml"
agree "https, OTEL_EXPORTER_OTLP_CERTIFICATE" https \
  "http/protobuf https://127.0.0.1:$https/v1/traces: accepted (HTTP 200, N ms)" "$PWD/tls.yaml" \
  OTEL_EXPORTER_OTLP_CERTIFICATE="$work/tls/ca.pem"
finish
