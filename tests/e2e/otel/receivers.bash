# Sourced by tests/e2e/probe*.sh after lib.bash and install.bash: local receivers
# (probe_receiver.mjs) started in the background, each killed by its own PID when the
# test ends, and gym-otel-env run in a clean environment with its stderr's times
# normalised.

RECEIVER_PIDS=()
work=$(mktemp -d)
cleanup() {
  local pid
  for pid in "${RECEIVER_PIDS[@]}"; do kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null; done
  rm -rf "$work"
}
trap cleanup EXIT

# start_receiver NAME http|https|grpc|grpcs ok|auth|slow [TOKEN]: its folder is
# $work/NAME (server.pem and server.key are copied there from $work/tls); sets PORT.
start_receiver() {
  local dir=$work/$1
  mkdir -p "$dir"
  [[ $2 == https || $2 == grpcs ]] && cp "$work/tls/server.pem" "$work/tls/server.key" "$dir/"
  (cd "$node_dir" && exec node probe_receiver.mjs "$dir" "${@:2}") 2>"$dir/receiver.err" &
  RECEIVER_PIDS+=($!)
  for _ in $(seq 100); do [[ -s $dir/port ]] && break; sleep 0.1; done
  [[ -s $dir/port ]] || die "the receiver $1 did not start: $(cat "$dir/receiver.err")"
  PORT=$(cat "$dir/port")
}

# requests NAME: what the receiver NAME got, one "path content-type bytes answer" line each.
requests() {
  [[ -s $work/$1/requests.jsonl ]] || return 0
  node -e 'for (const l of require("fs").readFileSync(process.argv[1], "utf8").trim().split("\n")) {
    const r = JSON.parse(l); console.log(`${r.path} ${r.contentType} ${r.bytes} ${r.answer}`); }' \
    "$work/$1/requests.jsonl" | sort
}

# make_tls: a test CA and a certificate for 127.0.0.1 signed by it, in $work/tls.
make_tls() {
  local d=$work/tls
  mkdir -p "$d"
  openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=gym-otel-env test CA" \
    -keyout "$d/ca.key" -out "$d/ca.pem" >/dev/null 2>&1 || die "openssl: cannot make the test CA"
  openssl req -newkey rsa:2048 -nodes -subj "/CN=127.0.0.1" -keyout "$d/server.key" -out "$d/server.csr" \
    >/dev/null 2>&1 || die "openssl: cannot make the server key"
  printf 'subjectAltName=IP:127.0.0.1\n' >"$d/san.ext"
  openssl x509 -req -in "$d/server.csr" -CA "$d/ca.pem" -CAkey "$d/ca.key" -CAcreateserial -days 2 \
    -extfile "$d/san.ext" -out "$d/server.pem" >/dev/null 2>&1 || die "openssl: cannot sign the server certificate"
}

# config FILE PROTOCOL ENDPOINT [HEADERS]: an enabled telemetry block.
config() {
  {
    printf 'telemetry:\n  enabled: true\n  otlp_protocol: %s\n  otlp_endpoint: %s\n' "$2" "$3"
    [[ -n ${4:-} ]] && printf '  otlp_headers: %s\n' "$4"
  } >"$1"
}

# goe ARGS...: gym-otel-env with only PATH and a run id in its environment (and what is
# put before it with `env`); sets OUT, ERR (times as "N ms") and STATUS.
goe() {
  run env -i PATH="$PATH" NEMO_GYM_OTEL_RUN_ID=run "$@"
  ERR=$(sed -E 's/\(([^()]*, )?[0-9]+ ms\)/(\1N ms)/g' <<<"$ERR")
}
