#!/usr/bin/env bash
# A real OpenTelemetry SDK (the JS NodeSDK) configured only by the variables that
# gym-otel-env --exec hands it sends one span to a local OTLP/HTTP receiver: the span
# must arrive at <otlp_endpoint>/v1/traces in the configured protocol, with the
# configured service.name, header and run id. Skips (77) only when npm is unreachable.
set -uo pipefail
. "$(dirname "$0")/lib.bash"

. "$GOE_SOURCE_DIR/tests/e2e/otel/install.bash"
otel_node_install probe.mjs receiver.mjs

work=$(mktemp -d)
receiver=
cleanup() {
  [[ -n $receiver ]] && kill "$receiver" 2>/dev/null && wait "$receiver" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT

run_probe() {  # PROTOCOL CONTENT-TYPE
  local protocol=$1 content_type=$2 out=$work/$3
  mkdir -p "$out"
  node "$node_dir/receiver.mjs" "$out" 2>"$out/receiver.err" &
  receiver=$!
  for _ in $(seq 100); do [[ -s $out/port ]] && break; sleep 0.1; done
  [[ -s $out/port ]] || die "the receiver did not start: $(cat "$out/receiver.err")"
  local port token service
  port=$(cat "$out/port")
  token=tok-$RANDOM$RANDOM
  service=gym-probe-${protocol//\//-}
  cat >"$out/c.yaml" <<YAML
telemetry:
  enabled: true
  service_name: $service
  otlp_endpoint: http://127.0.0.1:$port
  otlp_protocol: $protocol
  otlp_headers: authorization=Bearer%20$token,x-goe-team=gym
YAML

  # A clean environment, so that no OTEL_* of the caller wins over the config; the
  # Slurm job id becomes the run id.
  (cd "$node_dir" && env -i PATH="$PATH" HOME="${HOME:-/tmp}" SLURM_JOB_ID=4242 \
      OTEL_TRACES_EXPORTER=otlp OTEL_METRICS_EXPORTER=none OTEL_LOGS_EXPORTER=none \
      OTEL_NODE_RESOURCE_DETECTORS=env \
      "$GOE_BIN" --no-env-yaml "$out/c.yaml" --exec -- node probe.mjs) >"$out/probe.out" 2>&1
  local rc=$?
  kill "$receiver" 2>/dev/null; wait "$receiver" 2>/dev/null; receiver=
  check
  [[ $rc == 0 ]] || { fail "$protocol: the probe exited $rc: $(cat "$out/probe.out")"; return; }
  [[ -s $out/requests.jsonl ]] ||
    { fail "$protocol: the receiver got no request; probe said: $(cat "$out/probe.out")"; return; }

  node - "$out/requests.jsonl" "$content_type" "$service" "$token" <<'JS' || { fail "$protocol: $(cat "$out/probe.out")"; return; }
const fs = require('node:fs');
const [file, contentType, service, token] = process.argv.slice(2);
const requests = fs.readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
const problems = [];
const check = (ok, what) => { if (!ok) problems.push(what); };
check(requests.length === 1, `expected 1 request, got ${requests.length}`);
const r = requests[0];
check(!r.error, `decoding failed: ${r.error}`);
check(r.method === 'POST' && r.path === '/v1/traces', `expected POST /v1/traces, got ${r.method} ${r.path}`);
check(r.contentType === contentType, `expected content-type ${contentType}, got ${r.contentType}`);
// OTEL_EXPORTER_OTLP_HEADERS values are percent-encoded (W3C baggage format).
check(r.headers.authorization === `Bearer ${token}`, `expected header authorization: Bearer ${token}, got ${r.headers.authorization}`);
check(r.headers['x-goe-team'] === 'gym', `expected header x-goe-team: gym, got ${r.headers['x-goe-team']}`);
const spans = (r.resources ?? []).flatMap((res) => res.spans.map((s) => ({ ...s, service: res.attributes['service.name'] })));
check(spans.length === 1, `expected 1 span, got ${spans.length}`);
const s = spans[0] ?? {};
check(s.name === 'gym-otel-env-probe', `expected span 'gym-otel-env-probe', got '${s.name}'`);
check(s.service === service, `expected service.name '${service}', got '${s.service}'`);
check(s.attributes?.['nemo_gym.run_id'] === '4242', `expected run id 4242 (SLURM_JOB_ID), got '${s.attributes?.['nemo_gym.run_id']}'`);
if (problems.length) {
  console.error(problems.join('\n'));
  console.error(JSON.stringify(requests, null, 1));
  process.exit(1);
}
JS
  echo "ok: $protocol: span from service '$service' with the authorization header and run id 4242 at /v1/traces"
}

run_probe http/json application/json json
run_probe http/protobuf application/x-protobuf protobuf
finish
