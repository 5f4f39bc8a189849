#!/usr/bin/env bash
# --format ray: a Ray runtime environment {"env_vars": {...}} whose values come back
# byte for byte from a JSON parser, as `ray job submit --runtime-env-json` reads it.
set -uo pipefail
. "$(dirname "$0")/lib.bash"
command -v python3 >/dev/null || die "python3 is needed to parse the JSON"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1

cat >c.yaml <<'YAML'
telemetry:
  enabled: true
  service_name: "svc \"quoted\" \\ back\tslash\nline ümlaut \u0001 end\n"
  otlp_headers: "authorization=Bearer s3cret,x=1"
  run_id: shared-run
YAML

env -i PATH="$PATH" "$GOE_BIN" --no-env-yaml --format ray c.yaml >ray.out 2>ray.err || die "exit $?: $(cat ray.err)"
env -i PATH="$PATH" "$GOE_BIN" --no-env-yaml --format json c.yaml >json.out || die "json format failed"
check
python3 - ray.out json.out <<'PY' || fail "--format ray (above)"
import json, sys
ray = json.load(open(sys.argv[1], encoding="utf-8"))
flat = json.load(open(sys.argv[2], encoding="utf-8"))
problems = []
if list(ray) != ["env_vars"]:
    problems.append(f"top-level keys {list(ray)}, expected ['env_vars']")
env = ray.get("env_vars", {})
if env != flat:
    problems.append(f"env_vars {env!r} differ from --format json {flat!r}")
want = {
    "OTEL_SERVICE_NAME": 'svc "quoted" \\ back\tslash\nline ümlaut \x01 end\n',
    "OTEL_EXPORTER_OTLP_HEADERS": "authorization=Bearer s3cret,x=1",
    "NEMO_GYM_OTEL_RUN_ID": "shared-run",
    "NEMO_GYM_OTEL_ENABLED": "1",
}
for k, v in want.items():
    if env.get(k) != v:
        problems.append(f"{k}: expected {v!r}, got {env.get(k)!r}")
if not all(isinstance(v, str) for v in env.values()):
    problems.append("Ray wants every env_vars value as a string")
if problems:
    print("\n".join(problems))
    sys.exit(1)
PY

# The `$` forms against Python's own os.path.expandvars, in an environment where every
# name is set (the worker's is unknown): each value written comes through unchanged, and
# each value refused is one expandvars would change.
printf '%s\n' "telemetry: {enabled: true, service_name: '\${oc.env:GOE_V}'}" >dollar.yaml
dollar_values=('$HOME' 'a$HOME-b' '$' 'a$' '$-x' '${' '${}' '${a b}' '$$' '$$x' '$1' '$_' '${HOME}'
  '${ $x' 'a${b' $'$\xc3\xa9' '$.' $'${\n}' 'x$}' '}${' '$ {x}' '$(x)' '$`x`' 'a$-${' '$%' $'$\t')
for i in "${!dollar_values[@]}"; do
  env -i PATH="$PATH" NEMO_GYM_OTEL_RUN_ID=run GOE_V="${dollar_values[i]}" "$GOE_BIN" --no-env-yaml \
    --format ray dollar.yaml >"dollar.$i.out" 2>"dollar.$i.err"
  echo $? >"dollar.$i.rc"
  printf %s "${dollar_values[i]}" >"dollar.$i.want"
done
check
python3 - "${#dollar_values[@]}" <<'PY' || fail "--format ray and os.path.expandvars disagree (above)"
import json, os, posixpath, sys

class EveryNameSet(dict):
    def __getitem__(self, name):
        return f"<{name}>"

def expanded(value):
    saved, os.environ = os.environ, EveryNameSet()
    try:
        return posixpath.expandvars(value)
    finally:
        os.environ = saved

problems, written = [], 0
for i in range(int(sys.argv[1])):
    want = open(f"dollar.{i}.want", encoding="utf-8").read()
    rc = open(f"dollar.{i}.rc").read().strip()
    changed = expanded(want) != want
    if rc == "0":
        written += 1
        got = json.load(open(f"dollar.{i}.out", encoding="utf-8"))["env_vars"]["OTEL_SERVICE_NAME"]
        if got != want or changed:
            problems.append(f"{want!r} written as {got!r}, expandvars gives {expanded(want)!r}")
    elif not changed or open(f"dollar.{i}.out").read() or "os.path.expandvars" not in open(f"dollar.{i}.err").read():
        problems.append(f"{want!r} refused (exit {rc}) but expandvars leaves it unchanged, or the message is wrong")
print(f"[ray] {written} `$` values written unchanged by expandvars, the others refused")
print("\n".join(problems))
sys.exit(1 if problems else 0)
PY

# Disabled telemetry: an empty runtime environment, still valid JSON for Ray.
out=$(env -i PATH="$PATH" "$GOE_BIN" --no-env-yaml --format ray --set telemetry.enabled=false c.yaml)
expect "disabled: exit status" 0 $?
expect "disabled: an empty runtime environment" '{"env_vars": {}}' "$out"

# An error leaves stdout empty, so --runtime-env-json "" makes ray fail loudly.
printf 'telemetry:\n  export_rank: 2.5\n' >bad.yaml
out=$(env -i PATH="$PATH" "$GOE_BIN" --no-env-yaml --format ray bad.yaml 2>/dev/null)
expect "bad config: exit status" 1 $?
expect "bad config: stdout" "" "$out"
finish
