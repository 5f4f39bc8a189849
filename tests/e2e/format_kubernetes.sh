#!/usr/bin/env bash
# --format kubernetes: every hostile value, and strings YAML 1.1 would read as something
# else, through the manifests and back through kubectl's own readers, offline:
# `kubectl label --local -f FILE -o json` (the YAML decoder of kubectl apply and the API
# server: sigs.k8s.io/yaml, go-yaml v2) and `kubectl kustomize DIR` (kustomize's kyaml,
# go-yaml v3). Each value must come back byte for byte from the ConfigMap (service name,
# exporter) and from the Secret (headers, base64); a value that is not UTF-8 must be
# refused with nothing on stdout. kustomize's own writer changes a few characters after
# reading them right: those cases are pinned as kustomize's, below.
set -uo pipefail
. "$(dirname "$0")/lib.bash"
command -v kubectl >/dev/null || skip "kubectl is not installed"
command -v python3 >/dev/null || skip "python3 is needed to compare what kubectl read"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1

# What YAML 1.1 (go-yaml v2's resolver) or a YAML indicator would turn into something
# else unquoted, as printf formats like HOSTILE_VALUES.
HOSTILE_VALUES+=(
    yes no on off y n Y N YES True true false null Null '~' 010 0o10 0x1F 0b101 1:30 -1:30 1_000 1e3 .5 +1
    .inf -.Inf .nan .NaN
    '*a' '&a' '!a' '!!str' '%%YAML' '@a' '`a' '|' '>' '|-\nx' '- a' '-' '? a' '?' ': a' ':' 'a: b' 'a:b'
    '#' ' #' 'a #b' '[a]' '{a: b}' ',' '---' '...' '--- a' '<<' '=' 'a\n' 'a\nb\n' 'multi\nline\n\ntext'
    '\342\200\251' '\302\205' '\357\273\277bom' 'a\357\273\277' '\304\260' '\360\237\230\200' '\357\277\275'
    '\033[31mred' 'tab\there' '  \t  '
)

printf '%s\n' "telemetry: {enabled: true, run_id: r, service_name: '\${oc.env:GOE_V}', exporter: '\${oc.env:GOE_V}'," \
    "  otlp_headers: '\${oc.env:GOE_V}'}" >c.yaml
# Each value's manifests alone (named v<I>) through kustomize, which reads them right but
# cannot print some characters back (see below); all of them together through kubectl's
# decoder.
: >all.yaml
: >kustomized.yaml
for i in "${!HOSTILE_VALUES[@]}"; do
    hostile_value "$i" >"$i.want"
    value=$(hostile_value "$i"; printf .) && value=${value%.}
    env -i PATH="$PATH" GOE_V="$value" "$GOE_BIN" -q --no-env-yaml --format kubernetes --name "v$i" c.yaml \
        >"$i.out" 2>"$i.err"
    echo $? >"$i.rc"
    [[ $(cat "$i.rc") == 0 ]] || continue
    { cat "$i.out"; echo ---; } >>all.yaml
    mkdir "k$i" && cp "$i.out" "k$i/m.yaml" && printf 'resources:\n- m.yaml\n' >"k$i/kustomization.yaml"
    if kubectl kustomize "k$i" >"k$i.yaml" 2>"k$i.err"; then
        { cat "k$i.yaml"; echo ---; } >>kustomized.yaml
    fi
done

check
kubectl label --local -f all.yaml read=go-yaml-v2 -o json >apimachinery.json 2>apimachinery.err ||
    fail "kubectl label --local could not read the manifests: $(head -c 2000 apimachinery.err)"
check
kubectl label --local -f kustomized.yaml read=kustomize -o json >kustomized.json 2>kustomized.err ||
    fail "kubectl label --local could not read kustomize's output: $(head -c 2000 kustomized.err)"

check
python3 - "${#HOSTILE_VALUES[@]}" <<'PY' || fail "values read back changed or refused wrongly (above)"
import base64, json, sys

count = int(sys.argv[1])
problems = []

def objects(path):
    # kubectl prints one JSON object per manifest, one after the other.
    text, at, found = open(path, encoding="utf-8").read(), 0, {}
    decoder = json.JSONDecoder()
    while text[at:].strip():
        o, end = decoder.raw_decode(text, at + len(text[at:]) - len(text[at:].lstrip()))
        found[(o["kind"], o["metadata"]["name"])] = o
        at = end
    return found

# kustomize's writer (go-yaml v2's emitter) puts DEL, the C1 controls but NEL, U+FFFE and
# U+FFFF into its output raw, and then refuses its own output: "control characters are
# not allowed". It read them right; kubectl apply, which does not go through kustomize,
# carries them (the go-yaml v2 reader above).
def kustomize_cannot_print(value):
    return any(c == "\x7f" or ("\x80" <= c <= "\x9f" and c != "\x85") or c in "\ufffe\uffff" for c in value)

# And it prints NEL (U+0085) back as a space: the value it gives is that.
def as_kustomize_gives(value):
    return value.decode("utf-8").replace("\x85", " ").encode("utf-8")

readers = {}
for reader, path in (("go-yaml v2", "apimachinery.json"), ("kustomize", "kustomized.json")):
    try:
        readers[reader] = objects(path)
    except Exception as e:  # a reader that failed was reported by the script
        problems.append(f"{reader}: {path} unreadable: {e}")

for i in range(count):
    want = open(f"{i}.want", "rb").read()
    rc = open(f"{i}.rc").read().strip()
    out = open(f"{i}.out", "rb").read()
    err = open(f"{i}.err", "rb").read().decode("utf-8", "replace")
    try:
        want.decode("utf-8")
        utf8 = True
    except UnicodeDecodeError:
        utf8 = False
    if not utf8:
        if rc != "1" or out or "cannot be written for Kubernetes: it is not UTF-8" not in err:
            problems.append(f"#{i} {want!r}: not UTF-8 but exit {rc}, stdout {out[:80]!r}, stderr {err!r}")
        continue
    if rc != "0":
        problems.append(f"#{i} {want!r}: exit {rc}, stderr {err!r}")
        continue
    name = f"v{i}"
    kustomize_err = open(f"k{i}.err", encoding="utf-8", errors="replace").read()
    if kustomize_err:
        if not kustomize_cannot_print(want.decode("utf-8")) or "control characters are not allowed" not in kustomize_err:
            problems.append(f"#{i} {want!r}: kustomize failed: {kustomize_err[:500]}")
    for reader, objs in readers.items():
        cm, secret = objs.get(("ConfigMap", name)), objs.get(("Secret", name))
        if reader == "kustomize" and kustomize_err:
            continue
        expected = as_kustomize_gives(want) if reader == "kustomize" else want
        if cm is None or secret is None:
            problems.append(f"#{i} [{reader}] ConfigMap or Secret {name} missing")
            continue
        for obj in (cm, secret):
            labels = obj["metadata"].get("labels", {})
            if labels.get("app.kubernetes.io/name") != name or labels.get("app.kubernetes.io/managed-by") != "gym-otel-env":
                problems.append(f"#{i} [{reader}] {obj['kind']} labels {labels!r}")
        data = cm.get("data", {})
        for key in ("NEMO_GYM_OTEL_EXPORTER", "OTEL_SERVICE_NAME"):
            if key == "OTEL_SERVICE_NAME" and want == b"":
                continue  # an empty service name is not exported
            if not isinstance(data.get(key), str) or data[key].encode("utf-8") != expected:
                problems.append(f"#{i} [{reader}] ConfigMap {key}: want {expected!r}, got {data.get(key)!r}")
        if "OTEL_EXPORTER_OTLP_HEADERS" in data:
            problems.append(f"#{i} [{reader}] the headers are in the ConfigMap")
        sdata = secret.get("data", {})
        if set(sdata) != {"OTEL_EXPORTER_OTLP_HEADERS"}:
            problems.append(f"#{i} [{reader}] Secret keys {sorted(sdata)!r}")
        elif base64.b64decode(sdata["OTEL_EXPORTER_OTLP_HEADERS"], validate=True) != want:
            problems.append(f"#{i} [{reader}] Secret headers: want {want!r}, got {sdata['OTEL_EXPORTER_OTLP_HEADERS']!r}")
print("\n".join(problems))
sys.exit(1 if problems else 0)
PY

# Nothing secret: the Secret is still written, empty, so an apply removes stale headers.
printf 'telemetry: {enabled: true, run_id: r}\n' >plain.yaml
run env -i PATH="$PATH" "$GOE_BIN" --no-env-yaml --format kubernetes plain.yaml
expect_status 0
expect_stdout_has $'kind: Secret\nmetadata:\n  name: "gym-otel-env"\n'
expect_stdout_has $'type: Opaque\ndata: {}'

# --name is checked as Kubernetes checks it, and is for this format only: usage errors.
run env -i PATH="$PATH" "$GOE_BIN" --no-env-yaml --format kubernetes --name Run_1 c.yaml
expect_status 2
expect_stdout ""
expect_stderr "gym-otel-env: error: --name: 'Run_1' is not a Kubernetes name for a ConfigMap and a Secret: lowercase letters, digits, '-' and '.', each dot-separated part starting and ending with a letter or digit, at most 63 characters"
run env -i PATH="$PATH" "$GOE_BIN" --no-env-yaml --name run-1 c.yaml
expect_status 2
expect_stdout "false"
expect_stderr "gym-otel-env: error: --name is for --format kubernetes only, not --format sh"

# A failed render leaves stdin empty for kubectl apply, which then refuses to apply.
run env -i PATH="$PATH" GOE_V=$'\xff' "$GOE_BIN" -q --no-env-yaml --format kubernetes c.yaml
expect_status 1
expect_stdout ""
finish
