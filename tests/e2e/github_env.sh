#!/usr/bin/env bash
# --format github: what `gym-otel-env --format github c.yaml >> "$GITHUB_ENV"` writes is
# read back to every UTF-8 hostile value by the runner's parser (emulated after
# actions/runner's FileCommandManager.cs); a value that is not UTF-8 is refused.
set -u
. "$(dirname "$0")/lib.bash"
command -v python3 >/dev/null || skip "python3 is not installed"
work=$(mktemp -d) && trap 'rm -rf "$work"' EXIT

render_all github "$work"
check
python3 "$GOE_SOURCE_DIR/tests/e2e/lib/check_formats.py" github "$work" invalid-utf8 ||
  fail "the runner's parser read values back changed (above)"

# Several multi-line values appended to one file, as steps do: each keeps its delimiter.
cat >"$work/multi.yaml" <<'YAML'
telemetry: {enabled: true, service_name: "one\ntwo\n", exporter: "x\n\ny", otlp_headers: "a=b"}
YAML
env -i PATH="$PATH" NEMO_GYM_OTEL_RUN_ID=run "$GOE_BIN" --no-env-yaml --format github "$work/multi.yaml" \
  >"$work/GITHUB_ENV" || die "--format github of multi.yaml exited $?"
check
python3 -B - "$GOE_SOURCE_DIR/tests/e2e/lib" "$work/GITHUB_ENV" <<'PY' || fail "several values in one file (above)"
import sys
sys.path.insert(0, sys.argv[1])
from check_formats import read_github_env
env = read_github_env(open(sys.argv[2], "rb").read())
want = {"OTEL_SERVICE_NAME": b"one\ntwo\n", "NEMO_GYM_OTEL_EXPORTER": b"x\n\ny",
        "OTEL_EXPORTER_OTLP_HEADERS": b"a=b"}
bad = {k: env.get(k) for k, v in want.items() if env.get(k) != v}
print("[github, one file] ok" if not bad else f"FAIL [github, one file] {bad}")
sys.exit(1 if bad else 0)
PY

# The masks inside a workflow: a fork's pull request gets an empty OTLP_TOKEN, and then
# no `::add-mask::Bearer ` may hide every "Bearer " of the rest of the log; a one-letter
# user name is not masked either (every "u" would go), its userinfo and password are.
printf '%s\n' "telemetry:" "  enabled: true" "  otlp_endpoint: https://u:\${oc.env:OTLP_TOKEN,''}x9Pw@c:4318" \
  "  otlp_headers: authorization=Bearer%20\${oc.env:OTLP_TOKEN,''}" >"$work/fork.yaml"
run env -i PATH="$PATH" NEMO_GYM_OTEL_RUN_ID=run GITHUB_ACTIONS=true OTLP_TOKEN= "$GOE_BIN" --no-env-yaml -q \
  --format github "$work/fork.yaml"
expect_status 0
expect_stderr "::add-mask::https://u:x9Pw@c:4318
::add-mask::u:x9Pw
::add-mask::x9Pw
::add-mask::authorization=Bearer%2520"
finish
