#!/usr/bin/env bash
# Hostile configs against the real binary: each must end within 20 s of CPU (and 120 s
# of wall clock, for a hang that burns none; CPU, not wall clock, so that a machine busy
# with other tests cannot fail it) with a clean
# error (or the right result), no sanitizer report, and nothing on stdout but
# `false` when it fails. Inputs are generated here, not checked in (some are large).
set -uo pipefail
. "$(dirname "$0")/lib.bash"
command -v python3 >/dev/null || skip "python3 missing"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir"

python3 - <<'PY'
import random
def w(name, data):
    with open(name, 'wb') as f:
        f.write(data.encode() if isinstance(data, str) else data)
def laughs(levels, leaf='x'):
    out = f'a0: &a0 [{leaf}, {leaf}, {leaf}, {leaf}, {leaf}, {leaf}, {leaf}, {leaf}, {leaf}, {leaf}]\n'
    for i in range(1, levels):
        out += f'a{i}: &a{i} [' + ', '.join([f'*a{i-1}'] * 10) + ']\n'
    return out
w('flow-seq.yaml', 'telemetry: ' + '[' * 100000 + ']' * 100000 + '\n')
w('flow-open.yaml', 'telemetry: ' + '[' * 100000 + '\n')
w('flow-map.yaml', 'telemetry: ' + '{a: ' * 100000 + '}' * 100000 + '\n')
w('block-map.yaml', ''.join(' ' * i + 'a:\n' for i in range(3000)))
w('block-seq.yaml', 'a:\n' + ''.join(' ' * i + '- \n' for i in range(1, 3000)))
w('laughs.yaml', laughs(40) + 'telemetry:\n  enabled: true\n  x: *a39\n')
w('laughs-string.yaml', laughs(40) + 'telemetry:\n  enabled: true\n  s: "x${a39}"\n')
w('laughs-interp.yaml', laughs(40, "'${oc.env:HOME}'") + 'telemetry:\n  enabled: true\n  x: ${a39}\n')
m = 'p0: &p0 {k0: x, k1: x, k2: x, k3: x, k4: x}\n'
for i in range(1, 40):
    m += f'p{i}: &p{i} {{' + ', '.join(f'k{k}: *p{i-1}' for k in range(5)) + '}\n'
w('laughs-map.yaml', m + 'telemetry: {enabled: true}\n')
w('env.yaml', m.replace('x}', 'y}'))
ib = 'telemetry:\n  enabled: true\n  b0: xxxxxxxxxxxxxxxx\n'
for i in range(1, 80):
    ib += f'  b{i}: ${{.b{i-1}}}${{.b{i-1}}}\n'
w('interp-bomb.yaml', ib)
eb = "l0: &l0 {a: ''}\n"
for i in range(1, 60):
    eb += f"l{i}: &l{i} {{x: *l{i-1}, y: *l{i-1}, a: '${{.x.a}}${{.y.a}}'}}\n"
w('eval-bomb.yaml', eb + 'telemetry:\n  service_name: ${l59.a}\n')
w('cycle.yaml', 'telemetry:\n  a: ${.b}\n  b: ${.a}\n')
w('cycle-self.yaml', 'telemetry:\n  a: ${telemetry}\n')
chain = 'telemetry:\n' + ''.join(f'  b{i}: ${{.b{i+1}}}\n' for i in range(1000)) + '  b1000: end\n'
w('chain.yaml', chain)
w('random.yaml', random.Random(1).randbytes(100000))
w('utf8.yaml', b'telemetry:\n  service_name: \xff\xfe\n')
w('nul.yaml', b'telemetry:\n  service_name: a\x00b\n')
w('tabs.yaml', 'telemetry:\n\tenabled: true\n')
w('python.yaml', 'telemetry: !!python/object/apply:os.system ["touch pwned"]\n')
w('python-name.yaml', 'telemetry:\n  service_name: !!python/name:os.system\n')
w('unterminated.yaml', 'telemetry:\n  service_name: "' + '${' * 500000 + '"\n')
w('unterminated-long.yaml', 'telemetry:\n  service_name: "${' + 'a' * 1000000 + '"\n')
w('unterminated-outside.yaml', 'x: "' + '${' * 500000 + '"\ntelemetry: {}\n')
w('unknown-keys.yaml', 'telemetry:\n  enabled: true\n' + ''.join(f'  k{i}: v{i}\n' for i in range(100000)))
w('big-scalar.yaml', 'telemetry:\n  enabled: true\n  run_id: ' + 'a' * (20 << 20) + '\n')
w('many-tokens.yaml', 'telemetry:\n  service_name: "${x}' + '$' * (20 << 20) + '"\n')
w('big-int.yaml', 'telemetry:\n  export_rank: ' + '1' * 1000000 + '\n')
w('self.yaml', 'config_paths: [self.yaml]\ntelemetry: {enabled: true}\n')
w('include-chain.yaml', 'config_paths: [i1.yaml]\n')
for i in range(1, 1100):
    w(f'i{i}.yaml', f'config_paths: [i{i+1}.yaml]\n')
w('include-stdin.yaml', "config_paths: ['-']\n")
w('include-dir.yaml', 'config_paths: [adir]\n')
w('merge-keys.yaml', 'm0: &m0 {' + ', '.join(f'k{i}: {i}' for i in range(1000)) + '}\n'
  + ''.join(f'm{i}: &m{i} {{<<: *m{i-1}, z{i}: 1}}\n' for i in range(1, 3000)))
PY
mkdir adir
mkfifo fifo
truncate -s 65M huge.yaml

# hostile NAME EXPECT ARGS...: EXPECT is "ok" or the first line of stderr; a '*' in
# it stands for anything (long key paths are shortened in the middle).
hostile() {
  local name=$1 expect=$2
  shift 2
  local start=$SECONDS rc no_env=--no-env-yaml
  [[ " $* " == *" --env-yaml "* ]] && no_env=  # the two exclude each other
  (ulimit -S -t 20 && exec timeout 120 "$GOE_BIN" ${no_env:+"$no_env"} "$@") >out.txt 2>err.txt </dev/null
  rc=$?
  local took=$((SECONDS - start)) first
  first=$(head -n 1 err.txt)
  local problem=
  if ((rc == 124)); then problem="timed out (120 s)"
  elif ((rc == 128 + 24 || rc == 128 + 9)); then problem="over 20 s of CPU"
  elif grep -qE 'Sanitizer|runtime error:' err.txt; then problem="sanitizer report"
  elif [[ $expect == ok ]]; then
    ((rc == 0)) || problem="exit $rc, expected success"
  else
    if ((rc != 1)); then problem="exit $rc, expected 1"
    elif [[ $(cat out.txt; echo x) != $'false\nx' ]]; then problem="stdout is not just 'false'"
    elif [[ $expect == *'*'* ]] && [[ $first != "${expect%%\**}"* || $first != *"${expect#*\*}" ]]; then
      problem="stderr: expected '$expect'"
    elif [[ $expect != *'*'* && $first != "$expect" ]]; then problem="stderr: expected '$expect'"
    fi
  fi
  check
  if [[ -n $problem ]]; then
    fail "$name (${took}s): $problem"$'\n'"  stdout: $(head -c 200 out.txt)"$'\n'"  stderr: $(head -c 400 err.txt)"
  else
    echo "ok   $name (${took}s)"
  fi
}

e='gym-otel-env: error:'
hostile flow-seq "$e flow-seq.yaml:1:267: telemetry[0][0][0][0][0][0][0][0]*][0][0][0][0][0][0][0][0][0]: nesting deeper than 256 levels" flow-seq.yaml
hostile flow-open "$e flow-open.yaml:1:13: telemetry[0]: a mapping key must be a scalar, not a collection" flow-open.yaml
hostile flow-map "$e flow-map.yaml:1:1032: telemetry.a.a.a.a.a.a.a.a.a.a.a.*.a.a.a.a.a.a.a.a.a.a.a.a.a.a: nesting deeper than 256 levels" flow-map.yaml
hostile block-map "$e block-map.yaml:257:257: a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a*.a.a.a.a.a.a.a.a.a.a.a.a.a.a: nesting deeper than 256 levels" block-map.yaml
hostile block-seq "$e block-seq.yaml:257:257: a[0][0][0][0][0][0][0][0][0][0]*][0][0][0][0][0][0][0][0][0]: nesting deeper than 256 levels" block-seq.yaml
hostile laughs ok laughs.yaml
check; grep -qx "export NEMO_GYM_OTEL_ENABLED='1' &&" out.txt || fail "laughs: no export"
hostile laughs-string "$e laughs-string.yaml:43:6: telemetry.s: interpolation result larger than 16777216 bytes" laughs-string.yaml
hostile laughs-interp "$e laughs-interp.yaml:1:*: more than 250000 values to resolve under the block" laughs-interp.yaml
hostile laughs-map ok --env-yaml env.yaml laughs-map.yaml
hostile interp-bomb "$e interp-bomb.yaml:24:8: telemetry.b21: interpolation result larger than 16777216 bytes" interp-bomb.yaml
hostile eval-bomb "$e eval-bomb.yaml:*: more than 250000 interpolations to evaluate" eval-bomb.yaml
hostile cycle "$e cycle.yaml:2:6: telemetry.a: recursive interpolation detected; Gym fails here too, with telemetry off as well: it resolves the whole telemetry block before it reads 'enabled'" cycle.yaml
hostile cycle-self "$e cycle-self.yaml:2:6: telemetry.a: interpolation to parent node detected: 'telemetry' contains this value; Gym fails here too, with telemetry off as well: it resolves the whole telemetry block before it reads 'enabled'" cycle-self.yaml
hostile chain "$e chain.yaml:129:9: telemetry.b127: interpolations nested deeper than 256 levels" chain.yaml
hostile random "$e random.yaml:1:1: invalid UTF-8 byte 0xf5" random.yaml
hostile invalid-utf8 "$e utf8.yaml:2:17: invalid UTF-8 byte 0xff" utf8.yaml
hostile nul "$e nul.yaml:2:18: character U+0000 is not allowed in YAML" nul.yaml
hostile tabs "$e tabs.yaml:2:1: tabs are not allowed for indentation (PyYAML: found character '*' that cannot start any token)" tabs.yaml
hostile python-tag "$e python.yaml:1:12: telemetry: unsupported YAML tag 'tag:yaml.org,2002:python/object/apply:os.system'" python.yaml
check; [[ ! -e pwned ]] || fail "python-tag ran a command"
hostile python-name "$e python-name.yaml:2:17: telemetry.service_name: unsupported YAML tag 'tag:yaml.org,2002:python/name:os.system'" python-name.yaml
hostile unterminated "$e unterminated.yaml:2:17: telemetry.service_name: invalid interpolation: nested deeper than 64 levels" unterminated.yaml
hostile unterminated-long "$e unterminated-long.yaml:2:17: telemetry.service_name: invalid interpolation: unterminated '\${': the closing '}' is missing" unterminated-long.yaml
hostile unterminated-outside "$e unterminated-outside.yaml:1:4: x: invalid interpolation: nested deeper than 64 levels" unterminated-outside.yaml
hostile unknown-keys ok unknown-keys.yaml
hostile big-scalar ok big-scalar.yaml
hostile many-tokens "$e many-tokens.yaml:2:17: telemetry.service_name: invalid interpolation: more than 100000 tokens" many-tokens.yaml
hostile big-int "$e big-int.yaml:2:16: telemetry.export_rank: integer literal longer than 4300 digits" big-int.yaml
hostile self-include ok self.yaml
hostile include-chain "$e i999.yaml:1:16: config_paths[0]: more than 1000 config files to load" include-chain.yaml
hostile include-stdin "$e include-stdin.yaml:1:16: config_paths[0]: config_paths entry '-' was not found. Looked in: \
$(pwd -P)/-. Check the path is spelled correctly and is relative to your working directory, an extra root \
(NEMO_GYM_EXTRA_ROOTS / --search-dir), or the Gym install root." include-stdin.yaml
hostile include-dir "$e adir: is a directory, not a config file" include-dir.yaml
hostile merge-keys "$e merge-keys.yaml:733:7: m732: merge keys (<<) copy more than 1000000 entries" merge-keys.yaml
hostile directory "$e adir: is a directory, not a config file" adir
# A FIFO is read like a file (SPEC 1.1); the writer here sends an error.
(printf 'telemetry: [x\n' >fifo &)
hostile fifo "$e fifo:2:1: while parsing a flow sequence: expected ',' or ']', but got '<stream end>'" fifo
hostile huge-file "$e huge.yaml: config larger than 64 MiB" huge.yaml
# Not a partial stdout in the other formats either: nothing at all.
timeout 20 "$GOE_BIN" --no-env-yaml --format json cycle.yaml >out.txt 2>/dev/null
check; [[ ! -s out.txt ]] || fail "json failure printed to stdout"

finish
