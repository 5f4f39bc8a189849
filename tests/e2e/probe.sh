#!/usr/bin/env bash
# --probe against real receivers on 127.0.0.1 (node's http and https, @grpc/grpc-js):
# the exact line per signal and the exit status for an accepted export, 401, 404, a slow
# receiver, gRPC against HTTP and the reverse, a refused port, an unresolvable host, TLS
# with a test CA with and without OTEL_EXPORTER_OTLP_CERTIFICATE; only empty export
# requests are sent; secrets stay out; --exec runs only after a successful probe.
set -uo pipefail
. "$(dirname "$0")/lib.bash"
. "$GOE_SOURCE_DIR/tests/e2e/otel/install.bash"
otel_node_install probe_receiver.mjs
. "$GOE_SOURCE_DIR/tests/e2e/otel/receivers.bash"
command -v openssl >/dev/null || die "openssl is not installed (scripts/install-deps --test installs it)"
cd "$work" || exit 1
P="gym-otel-env: probe:"
TRACE=opentelemetry.proto.collector.trace.v1.TraceService/Export
METRICS=opentelemetry.proto.collector.metrics.v1.MetricsService/Export
FAILED="gym-otel-env: error: --probe: not every signal was accepted"

# --- OTLP/HTTP: accepted, and the exports printed after it
start_receiver http http ok
http=$PORT
config c.yaml http/protobuf "http://127.0.0.1:$http"
goe "$GOE_BIN" --no-env-yaml --probe c.yaml
expect_status 0
expect_stderr "$P traces: http/protobuf http://127.0.0.1:$http/v1/traces: accepted (HTTP 200, N ms)
$P metrics: http/protobuf http://127.0.0.1:$http/v1/metrics: accepted (HTTP 200, N ms)"
expect_stdout_has "export OTEL_EXPORTER_OTLP_ENDPOINT="
config j.yaml http/json "http://127.0.0.1:$http/"
goe NEMO_GYM_OTEL_LOGS_ENABLED=1 "$GOE_BIN" --no-env-yaml --check --probe j.yaml
expect_status 0
expect_stdout ""
expect_stderr "$P traces: http/json http://127.0.0.1:$http/v1/traces: accepted (HTTP 200, N ms)
$P metrics: http/json http://127.0.0.1:$http/v1/metrics: accepted (HTTP 200, N ms)
$P logs: http/json http://127.0.0.1:$http/v1/logs: accepted (HTTP 200, N ms)"
# Nothing but the empty export requests: no bytes for protobuf, {} for OTLP/JSON.
expect "requests the receiver got" "/v1/logs application/json 2 200
/v1/metrics application/json 2 200
/v1/metrics application/x-protobuf 0 200
/v1/traces application/json 2 200
/v1/traces application/x-protobuf 0 200" "$(requests http)"

# --- the environment wins over the config, as for the exports
config refused.yaml http/protobuf "http://127.0.0.1:1"
goe OTEL_EXPORTER_OTLP_ENDPOINT="http://127.0.0.1:$http" NEMO_GYM_OTEL_METRICS_ENABLED=0 \
  "$GOE_BIN" --no-env-yaml --check --probe refused.yaml
expect_status 0
expect_stderr "gym-otel-env: note: the environment sets OTEL_EXPORTER_OTLP_ENDPOINT, which wins over the config (unset \
it to use the config's; --explain shows both)
$P traces: http/protobuf http://127.0.0.1:$http/v1/traces: accepted (HTTP 200, N ms)"

# --- 401: check otlp_headers, the keys only
start_receiver auth http auth right-token
auth=$PORT
config a.yaml http/protobuf "http://127.0.0.1:$auth" "authorization=Bearer%20wrong-token,x-team=gym-team"
goe "$GOE_BIN" --no-env-yaml --probe a.yaml
expect_status 1
expect_stdout false
expect_stderr "$P traces: http/protobuf http://127.0.0.1:$auth/v1/traces: rejected: HTTP 401 (N ms): check otlp_headers (sent: authorization=***, x-team=***)
$P metrics: http/protobuf http://127.0.0.1:$auth/v1/metrics: rejected: HTTP 401 (N ms): check otlp_headers (sent: authorization=***, x-team=***)
$FAILED"
config ok-auth.yaml http/protobuf "http://127.0.0.1:$auth" "authorization=Bearer%20right-token"
goe "$GOE_BIN" --no-env-yaml --check --probe ok-auth.yaml
expect_status 0
expect_stderr "$P traces: http/protobuf http://127.0.0.1:$auth/v1/traces: accepted (HTTP 200, N ms)
$P metrics: http/protobuf http://127.0.0.1:$auth/v1/metrics: accepted (HTTP 200, N ms)"

# --- 404: the endpoint has a path the SDK appends /v1/traces to
config p.yaml http/protobuf "http://127.0.0.1:$http/v1/traces"
goe NEMO_GYM_OTEL_METRICS_ENABLED=0 "$GOE_BIN" --no-env-yaml --check --probe p.yaml
expect_status 1
expect_stderr "gym-otel-env: warning: p.yaml:4:18: telemetry.otlp_endpoint: 'http://127.0.0.1:$http/v1/traces' already ends in /v1/traces, and over http/protobuf the SDK appends /v1/<signal> to it (traces go to http://127.0.0.1:$http/v1/traces/v1/traces): drop the path, or set OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, which the SDK uses as it is
$P traces: http/protobuf http://127.0.0.1:$http/v1/traces/v1/traces: rejected: HTTP 404 (N ms): the endpoint has the path /v1/traces, to which the SDK appends /v1/traces: set otlp_endpoint to the receiver's base URL (scheme://host:port)
$FAILED"

# --- slow: bounded by --probe-timeout, all signals at once
start_receiver slow http slow
slow=$PORT
config s.yaml http/protobuf "http://127.0.0.1:$slow"
start=$(date +%s%N)
goe "$GOE_BIN" --no-env-yaml --check --probe --probe-timeout 1 s.yaml
elapsed=$((($(date +%s%N) - start) / 1000000))
expect_status 1
expect_stderr "$P traces: http/protobuf http://127.0.0.1:$slow/v1/traces: no answer within 1000 ms (N ms): the receiver is slow or the packets are dropped; --probe-timeout gives it longer
$P metrics: http/protobuf http://127.0.0.1:$slow/v1/metrics: no answer within 1000 ms (N ms): the receiver is slow or the packets are dropped; --probe-timeout gives it longer
$FAILED"
check; ((elapsed < 2500)) || fail "--probe-timeout 1 with two slow signals took $elapsed ms"
goe OTEL_EXPORTER_OTLP_TIMEOUT=300 NEMO_GYM_OTEL_METRICS_ENABLED=0 "$GOE_BIN" --no-env-yaml --check --probe s.yaml
expect_status 1
expect_stderr "$P traces: http/protobuf http://127.0.0.1:$slow/v1/traces: no answer within 300 ms (N ms): the SDK would give up too (OTEL_EXPORTER_OTLP_TIMEOUT): the receiver is slow or the packets are dropped
$FAILED"

# --- gRPC: OK and UNAUTHENTICATED
start_receiver grpc grpc auth right-token
grpc=$PORT
config g.yaml grpc "http://127.0.0.1:$grpc" "authorization=Bearer%20right-token"
goe "$GOE_BIN" --no-env-yaml --check --probe g.yaml
expect_status 0
expect_stderr "$P traces: grpc http://127.0.0.1:$grpc/$TRACE: accepted (gRPC OK, N ms)
$P metrics: grpc http://127.0.0.1:$grpc/$METRICS: accepted (gRPC OK, N ms)"
config g-bad.yaml grpc "http://127.0.0.1:$grpc" "authorization=Bearer%20wrong-token"
goe NEMO_GYM_OTEL_METRICS_ENABLED=0 "$GOE_BIN" --no-env-yaml --check --probe g-bad.yaml
expect_status 1
expect_stderr "$P traces: grpc http://127.0.0.1:$grpc/$TRACE: rejected: gRPC status 16 UNAUTHENTICATED 'bad token' (N ms): check otlp_headers (sent: authorization=***)
$FAILED"
expect "requests the gRPC receiver got" "/$METRICS application/grpc 0 OK
/$TRACE application/grpc 0 OK
/$TRACE application/grpc 0 UNAUTHENTICATED" "$(requests grpc)"

# --- the wrong protocol, both ways
config gh.yaml grpc "http://127.0.0.1:$http"
goe NEMO_GYM_OTEL_METRICS_ENABLED=0 "$GOE_BIN" --no-env-yaml --check --probe gh.yaml
expect_status 1
expect_stderr "$P traces: grpc http://127.0.0.1:$http/$TRACE: no HTTP/2 answer (N ms): otlp_protocol is grpc but the endpoint speaks HTTP: set otlp_protocol to http/protobuf, or use the receiver's gRPC port (4317 on a collector)
$FAILED"
config hg.yaml http/protobuf "http://127.0.0.1:$grpc"
goe NEMO_GYM_OTEL_METRICS_ENABLED=0 "$GOE_BIN" --no-env-yaml --check --probe hg.yaml
expect_status 1
expect_stderr "$P traces: http/protobuf http://127.0.0.1:$grpc/v1/traces: no HTTP/1.1 answer (N ms): otlp_protocol is http/protobuf but the endpoint speaks gRPC: set otlp_protocol to grpc, or use the receiver's OTLP/HTTP port (4318 on a collector)
$FAILED"

# --- refused, unresolvable
goe NEMO_GYM_OTEL_METRICS_ENABLED=0 "$GOE_BIN" --no-env-yaml --check --probe refused.yaml
expect_status 1
expect_stderr "$P traces: http/protobuf http://127.0.0.1:1/v1/traces: cannot connect: connection refused (N ms): is the receiver running on 127.0.0.1:1? else check otlp_endpoint
$FAILED"
config dns.yaml grpc "http://collector.invalid:4317"
goe NEMO_GYM_OTEL_METRICS_ENABLED=0 "$GOE_BIN" --no-env-yaml --check --probe dns.yaml
expect_status 1
expect_stderr "$P traces: grpc http://collector.invalid:4317/$TRACE: cannot resolve the host collector.invalid (N ms): check otlp_endpoint
$FAILED"

# --- a name server that does not answer: still within --probe-timeout (regression: the
# timed-out lookup was waited for, 6 s here, up to glibc's 10 s or more in real life)
c++ -std=c++20 -shared -fPIC -o slow_dns.so "$GOE_SOURCE_DIR/tests/e2e/lib/slow_dns.cpp" -ldl ||
  die "c++ cannot build the slow-DNS shim"
config slowdns.yaml grpc "http://collector.slow-dns:4317"
start=$(date +%s%N)
# Under AddressSanitizer its runtime must come first in the preload list.
preload="$work/slow_dns.so"
asan=$(ldd "$GOE_BIN" 2>/dev/null | awk '/libasan/ {print $3}')
[ -n "$asan" ] && preload="$asan $preload"
goe LD_PRELOAD="$preload" "$GOE_BIN" --no-env-yaml --check --probe --probe-timeout 1 slowdns.yaml
elapsed=$((($(date +%s%N) - start) / 1000000))
expect_status 1
expect_stderr "$P traces: grpc http://collector.slow-dns:4317/$TRACE: no answer within 1000 ms (N ms): the receiver is slow or the packets are dropped; --probe-timeout gives it longer
$P metrics: grpc http://collector.slow-dns:4317/$METRICS: no answer within 1000 ms (N ms): the receiver is slow or the packets are dropped; --probe-timeout gives it longer
$FAILED"
check; ((elapsed < 2500)) || fail "--probe-timeout 1 with a silent name server took $elapsed ms"

# --- TLS with a test CA: not trusted by the system's store, trusted with the CA file
make_tls
start_receiver https https ok
https=$PORT
config t.yaml http/protobuf "https://127.0.0.1:$https"
goe NEMO_GYM_OTEL_METRICS_ENABLED=0 "$GOE_BIN" --no-env-yaml --check --probe t.yaml
expect_status 1
expect_stderr "$P traces: http/protobuf https://127.0.0.1:$https/v1/traces: TLS: the server's certificate is not trusted: SSL certificate problem: unable to get local issuer certificate (N ms): for a private CA, set OTEL_EXPORTER_OTLP_CERTIFICATE to its certificate file
$FAILED"
goe OTEL_EXPORTER_OTLP_CERTIFICATE="$work/tls/ca.pem" "$GOE_BIN" --no-env-yaml --check --probe t.yaml
expect_status 0
expect_stderr "$P traces: http/protobuf https://127.0.0.1:$https/v1/traces: accepted (HTTP 200, N ms)
$P metrics: http/protobuf https://127.0.0.1:$https/v1/metrics: accepted (HTTP 200, N ms)"
start_receiver grpcs grpcs ok
grpcs=$PORT
config ts.yaml grpc "https://127.0.0.1:$grpcs"
goe OTEL_EXPORTER_OTLP_CERTIFICATE="$work/tls/ca.pem" NEMO_GYM_OTEL_METRICS_ENABLED=0 \
  "$GOE_BIN" --no-env-yaml --check --probe ts.yaml
expect_status 0
expect_stderr "$P traces: grpc https://127.0.0.1:$grpcs/$TRACE: accepted (gRPC OK, N ms)"
config plain.yaml http/protobuf "https://127.0.0.1:$http"
goe NEMO_GYM_OTEL_METRICS_ENABLED=0 "$GOE_BIN" --no-env-yaml --check --probe plain.yaml
expect_status 1
expect_stderr_has "$P traces: http/protobuf https://127.0.0.1:$http/v1/traces: TLS handshake failed: "
expect_stderr_has "wrong version number (N ms): the endpoint speaks plain HTTP: use http://, not https://"

# --- nothing to probe
printf 'telemetry:\n  enabled: true\n  exporter: console\n' >console.yaml
goe "$GOE_BIN" --no-env-yaml --check --probe console.yaml
expect_status 0
expect_stderr "$P the console exporter writes to each server's output: nothing to probe"
printf 'telemetry:\n  enabled: false\n' >off.yaml
goe "$GOE_BIN" --no-env-yaml --check --probe off.yaml
expect_status 0
expect_stderr "$P telemetry is off: nothing is exported, nothing to probe"

# --- secrets: header values and a URL's userinfo never in a line (SPEC 7)
config u.yaml http/protobuf "http://gym:pa55word-1@127.0.0.1:$auth" "authorization=\${oc.env:HC_KEY}"
goe HC_KEY=hc-secret-key NEMO_GYM_OTEL_METRICS_ENABLED=0 "$GOE_BIN" --no-env-yaml --check --probe u.yaml
expect_status 1
expect_stderr "$P traces: http/protobuf http://***@127.0.0.1:$auth/v1/traces: rejected: HTTP 401 (N ms): check otlp_headers (sent: authorization=***)
$FAILED"

# --- --exec: the command runs only after a successful probe, with the same environment
printf '#!/bin/sh\necho "ran with $OTEL_EXPORTER_OTLP_ENDPOINT" >"%s/ran"\n' "$work" >child && chmod +x child
goe "$GOE_BIN" --no-env-yaml --probe a.yaml --exec -- ./child
expect_status 1
expect_stdout ""
expect_stderr_has "gym-otel-env: error: --probe: not every signal was accepted, so ./child was not run"
check; [[ ! -e ran ]] || fail "--exec ran the command after a failed probe"
goe "$GOE_BIN" --no-env-yaml --probe c.yaml --exec -- ./child
expect_status 0
expect "--exec after an accepted probe" "ran with http://127.0.0.1:$http" "$(cat ran 2>/dev/null)"

# --- the command line, and a probe that is not there
goe "$GOE_BIN" --no-env-yaml --probe-timeout 2 c.yaml
expect_status 2
expect_stderr "gym-otel-env: error: --probe-timeout requires --probe"
goe "$GOE_BIN" --no-env-yaml --probe --probe-timeout 0 c.yaml
expect_status 2
expect_stderr "gym-otel-env: error: --probe-timeout: expected seconds, more than 0 and at most 600, got '0'"
mkdir -p alone/bin && cp "$GOE_BIN" alone/bin/
goe "$work/alone/bin/gym-otel-env" --no-env-yaml --check --probe c.yaml
expect_status 1
expect_stderr "gym-otel-env: error: --probe: the probe is not installed: no $work/alone/bin/../libexec/gym-otel-env/probe"
finish
