#!/usr/bin/env bash
# --format gitlab: what `gym-otel-env --format gitlab c.yaml > otel.env` writes for a dotenv
# report is read back to every value written by GitLab's rules, emulated: the server's parser
# (Ci::ParseDotenvArtifactService: UTF-8 with replacement, one KEY=VALUE per line, Ruby's
# strip), the server's expansion (ExpandVariables: $NAME, ${NAME}, %NAME%) and the runner's
# (Go's os.Expand), with every name set. Every value refused is one those rules change.
set -u
. "$(dirname "$0")/lib.bash"
command -v python3 >/dev/null || skip "python3 is not installed"
work=$(mktemp -d) && trap 'rm -rf "$work"' EXIT

env_file_values
HOSTILE_VALUES+=('%%PATH%%' '%%a b%%' '5%%' '$.' '$/x' 'a$$HOME' '$*' '${x}' '\302\240x\302\240')
render_all gitlab "$work"
check
python3 - "$work" "${#HOSTILE_VALUES[@]}" <<'PY' || fail "GitLab's rules read values back changed, or a refusal was not needed (above)"
import re, sys
work, count = sys.argv[1], int(sys.argv[2])
RUBY_SPACE = " \t\n\v\f\r\0"

def server_parse(data: bytes):
    """Ci::ParseDotenvArtifactService: each line's KEY=VALUE, both stripped, or None for 'Invalid Format'."""
    text = data.decode("utf-8", errors="replace").removeprefix("\ufeff")
    variables = {}
    for line in re.findall(r"[^\n]*\n|[^\n]+$", text):  # Ruby's each_line
        m = re.match(r"([^\n]*?)=([^\n]*)", line)  # /^(.*?)=(.*)$/ on one line
        if not m:
            return None
        variables[m[1].strip(RUBY_SPACE)] = m[2].strip(RUBY_SPACE)
    return variables

def server_expand(value):
    """ExpandVariables with every name known: $NAME, ${NAME} and %NAME% replaced."""
    return re.sub(r"\$([a-zA-Z_][a-zA-Z0-9_]*)|\$\{([a-zA-Z_][a-zA-Z0-9_]*)\}|%([a-zA-Z_][a-zA-Z0-9_]*)%",
                  lambda m: f"<{m[1] or m[2] or m[3]}>", value)

def go_expand(s):
    """Go's os.Expand with the runner's mapping: $$ is $, $0-$9 and $*#@!? are empty, names set."""
    special = "*#$@!?-0123456789"
    mapping = lambda name: "$" if name == "$" else "" if name in special else f"<{name}>"
    out, i, j = [], 0, 0
    while j < len(s):
        if s[j] == "$" and j + 1 < len(s):
            out.append(s[i:j])
            rest = s[j + 1:]
            if rest[0] == "{":
                if len(rest) > 2 and rest[1] in special and rest[2] == "}":
                    name, w = rest[1], 3
                else:
                    close = rest.find("}")
                    name, w = ("", 2) if close == 1 else ("", 1) if close < 0 else (rest[1:close], close + 1)
            elif rest[0] in special:
                name, w = rest[0], 1
            else:
                k = 0
                while k < len(rest) and (rest[k].isascii() and (rest[k].isalnum() or rest[k] == "_")):
                    k += 1
                name, w = rest[:k], k
            if name:
                out.append(mapping(name))
            elif w == 0:
                out.append("$")
            j += w
            i = j + 1
        j += 1
    return "".join(out) + s[i:]

def job_sees(data: bytes):
    parsed = server_parse(data)
    return None if parsed is None else {k: go_expand(server_expand(v)) for k, v in parsed.items()}

problems, written, refused = [], 0, 0
for i in range(count):
    want = open(f"{work}/{i}.want", "rb").read()
    out = open(f"{work}/{i}.out", "rb").read()
    rc = open(f"{work}/{i}.rc").read().strip()
    err = open(f"{work}/{i}.err", "rb").read()
    if rc == "0":
        written += 1
        seen = job_sees(out)
        for name in ("OTEL_SERVICE_NAME", "NEMO_GYM_OTEL_EXPORTER"):
            if seen is None or seen.get(name, "").encode() != want:
                problems.append(f"value {i} {want!r}: the job sees {seen and seen.get(name)!r}")
        continue
    refused += 1
    if out or rc != "1" or b"cannot be written for a GitLab dotenv report" not in err:
        problems.append(f"value {i} {want!r}: exit {rc}, stdout {out!r}, stderr {err!r}")
        continue
    seen = job_sees(b"OTEL_SERVICE_NAME=" + want + b"\n")
    if seen is not None and seen.get("OTEL_SERVICE_NAME", "").encode() == want and set(seen) == {"OTEL_SERVICE_NAME"}:
        problems.append(f"value {i} {want!r} refused, but GitLab's rules keep it")
print(f"[gitlab] {written} values read back by GitLab's rules, {refused} refused as they would change them")
print("\n".join(problems))
sys.exit(1 if problems else 0)
PY

# The size limit: under 5,120 bytes written, at 5,120 refused with the limit named.
printf '%s\n' "telemetry: {enabled: true, service_name: '\${oc.env:GOE_V}'}" >"$work/size.yaml"
base=$(env -i PATH="$PATH" NEMO_GYM_OTEL_RUN_ID=run GOE_V=x "$GOE_BIN" --no-env-yaml --format gitlab "$work/size.yaml" | wc -c)
for size in 5119 5120; do
  value=$(head -c $((size - base + 1)) /dev/zero | tr '\0' x)
  run env -i PATH="$PATH" NEMO_GYM_OTEL_RUN_ID=run GOE_V="$value" "$GOE_BIN" --no-env-yaml --format gitlab "$work/size.yaml"
  if ((size == 5119)); then
    expect_status 0
    expect "a $size-byte report" "$size" "$(($(printf '%s' "$OUT" | wc -c) + 1))"
  else
    expect_status 1
    expect_stdout ""
    expect_stderr "gym-otel-env: error: --format gitlab: the report would be 5120 bytes, and GitLab refuses one of 5120 bytes or more (its dotenv_size limit, 5120 by default; a self-managed instance can change it); compute the variables inside the job that needs them (gym-otel-env c.yaml --exec -- gym ...), or keep such a value in a CI/CD variable"
  fi
done

# A secret from the config: refused, every one named, none shown, nothing on stdout, also
# when the config reads it from a (masked) variable; a kept one is left to GitLab's own
# variable; --allow-secrets-in-artifact writes it, read back by GitLab's rules as is.
T=tOkEn4GitLab
printf '%s\n' "telemetry:" "  enabled: true" "  otlp_endpoint: https://ci:\${oc.env:OTLP_TOKEN}@otlp.example.com" \
  "  otlp_headers: authorization=Bearer%20\${oc.env:OTLP_TOKEN}" >"$work/secret.yaml"
run env -i PATH="$PATH" NEMO_GYM_OTEL_RUN_ID=run OTLP_TOKEN=$T "$GOE_BIN" --no-env-yaml --format gitlab "$work/secret.yaml"
expect_status 1
expect_stdout ""
expect_stderr "gym-otel-env: error: $work/secret.yaml:3:18: OTEL_EXPORTER_OTLP_ENDPOINT: holds a secret, and --format gitlab writes none
gym-otel-env: error: $work/secret.yaml:4:17: OTEL_EXPORTER_OTLP_HEADERS: holds a secret, and --format gitlab writes none
gym-otel-env: error: a GitLab dotenv report is an artifact that everyone who can see the pipeline can download, unmasked: make OTEL_EXPORTER_OTLP_ENDPOINT and OTEL_EXPORTER_OTLP_HEADERS masked CI/CD variables (the job's own values win and are left out of the report), or run gym-otel-env c.yaml --exec -- gym ... in the job that needs them; --allow-secrets-in-artifact writes them anyway"
# --strict and -q change nothing: it is an error, not a warning.
run env -i PATH="$PATH" NEMO_GYM_OTEL_RUN_ID=run OTLP_TOKEN=$T "$GOE_BIN" --no-env-yaml --strict -q --format gitlab "$work/secret.yaml"
expect_status 1
expect_stdout ""
check; [[ $ERR == *"$T"* ]] && fail "the token on stderr: $ERR"
# Both kept (masked CI/CD variables of those names): the report leaves them out, exit 0.
run env -i PATH="$PATH" NEMO_GYM_OTEL_RUN_ID=run OTLP_TOKEN=$T OTEL_EXPORTER_OTLP_HEADERS="authorization=Bearer%20$T" \
  OTEL_EXPORTER_OTLP_ENDPOINT="https://ci:$T@otlp.example.com" "$GOE_BIN" --no-env-yaml --format gitlab "$work/secret.yaml"
expect_status 0
expect_stdout_lacks "$T"
expect_stdout_lacks "OTEL_EXPORTER_OTLP_HEADERS="
run env -i PATH="$PATH" NEMO_GYM_OTEL_RUN_ID=run OTLP_TOKEN=$T "$GOE_BIN" --no-env-yaml --format gitlab \
  --allow-secrets-in-artifact "$work/secret.yaml"
expect_status 0
expect_stderr ""
printf '%s\n' "$OUT" >"$work/allowed.env"
python3 - "$work/allowed.env" "$T" <<'PY' || fail "GitLab's rules do not read the allowed secrets back as written"
import re, sys
text = open(sys.argv[1]).read()
token = sys.argv[2]
got = dict(re.findall(r"^([^=\n]*)=(.*)$", text, re.M))
assert got["OTEL_EXPORTER_OTLP_HEADERS"] == f"authorization=Bearer%20{token}", got
assert got["OTEL_EXPORTER_OTLP_ENDPOINT"] == f"https://ci:{token}@otlp.example.com", got
PY
finish
