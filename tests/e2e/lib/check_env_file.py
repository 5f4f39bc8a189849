"""--format env-file against a real reader (kubectl or podman), after render_all (lib.bash).

Usage: check_env_file.py READER DIR COUNT, where DIR/I.{want,out,err,rc} hold hostile value I,
what the tool printed for it, and how it exited. Every value written must come back byte for
byte; every value refused must be one the reader, given it as a plain NAME=value line, reads
back changed or rejects. Then the longest line Go's bufio.Scanner takes (65,535 bytes) must be
written and read back, and one byte more refused, where the reader fails or drops it too.
For podman, GOE_PODMAN_RUN holds the `podman ... run` command line and GOE_PODMAN_IMAGE an
image with /bin/env.

Whatever the real reader, the file of written values also goes through podman5(), podman 5's
env-file parser (pkg/env/env.go, ParseFile and parseEnv, the same from v5.0.0 to v5.8.2)
line for line, so a podman 4 machine checks podman 5's reading too.
"""
import json
import os
import shlex
import subprocess
import sys

reader, work, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
names = (b"OTEL_SERVICE_NAME", b"NEMO_GYM_OTEL_EXPORTER")


def read(env_file: bytes):
    """The variables as READER takes them from the file (bytes -> bytes), or None when it refuses it."""
    path = os.path.join(work, "reader.env")
    with open(path, "wb") as f:
        f.write(env_file)
    clean = {"PATH": os.environ["PATH"]}
    if reader == "kubectl":
        r = subprocess.run(["kubectl", "create", "configmap", "x", f"--from-env-file={path}",
                            "--dry-run=client", "-o", "json"], capture_output=True, env=clean)
        if r.returncode:
            return None
        return {k.encode(): v.encode() for k, v in json.loads(r.stdout).get("data", {}).items()}
    r = subprocess.run(shlex.split(os.environ["GOE_PODMAN_RUN"]) +
                       [f"--env-file={path}", os.environ["GOE_PODMAN_IMAGE"], "/bin/env", "-0"], capture_output=True)
    if r.returncode:
        return None
    return dict(entry.partition(b"=")[::2] for entry in r.stdout.split(b"\0") if entry)


def podman5(env_file: bytes):
    """podman 5's ParseFile: bufio.Scanner lines (64 KiB, a CR before the LF dropped), each
    trimmed of leading spaces and tabs, skipped when empty or starting with '#', cut at the
    first '=', the name trimmed on the left; the value is kept as is (variables without '='
    take the host's value, which no line written here is)."""
    env = {}
    lines = env_file.split(b"\n")
    if lines[-1] == b"":
        lines.pop()
    for line in lines:
        if len(line) + 1 > 65536:
            return None  # bufio.ErrTooLong: podman fails
        line = line.removesuffix(b"\r").lstrip(b" \t")
        if not line or line.startswith(b"#"):
            continue
        key, eq, value = line.partition(b"=")
        if not key:
            return None  # "invalid variable"
        if eq:
            env[key.lstrip(b" \t")] = value
    return env


problems, written, refused = [], {}, 0
for i in range(count):
    want = open(f"{work}/{i}.want", "rb").read()
    out = open(f"{work}/{i}.out", "rb").read()
    rc = open(f"{work}/{i}.rc").read().strip()
    err = open(f"{work}/{i}.err", "rb").read()
    if rc == "0":
        # All of them in one file: each line's name becomes V<i>_<n>, its value bytes stay.
        for line in out.split(b"\n")[:-1]:
            name, _, value = line.partition(b"=")
            if name in names:
                written[b"V%d_%d" % (i, names.index(name))] = (want, value)
        continue
    refused += 1
    if out or rc != "1" or b"cannot be written as an env file" not in err:
        problems.append(f"value {i} {want!r}: exit {rc}, stdout {out!r}, stderr {err!r}")
        continue
    got = read(b"OTEL_SERVICE_NAME=" + want + b"\n")
    if got is not None and got.get(b"OTEL_SERVICE_NAME") == want:
        problems.append(f"value {i} {want!r} refused, but {reader} reads it back unchanged")

# A first line, so that no value sits where a BOM would be dropped.
all_written = b"FIRST=1\n" + b"".join(k + b"=" + v[1] + b"\n" for k, v in written.items())
for name, got in ((reader, read(all_written)), ("podman 5's pkg/env", podman5(all_written))):
    if got is None:
        problems.append(f"{name} refused the file of every written value")
        continue
    for key, (want, _) in written.items():
        if got.get(key) != want:
            problems.append(f"{key.decode()}: want {want!r}, {name} read {got.get(key)!r}")

# "OTEL_SERVICE_NAME=" is 18 bytes: a value of 65,517 makes the longest line the reader takes.
with open(f"{work}/long.yaml", "w") as f:
    f.write('telemetry: {enabled: true, service_name: "${oc.env:GOE_V}"}\n')
for length in (65517, 65518):
    value = b"x" * length
    r = subprocess.run([os.environ["GOE_BIN"], "--no-env-yaml", "--format", "env-file", f"{work}/long.yaml"],
                       capture_output=True, env={"PATH": os.environ["PATH"], "GOE_V": value,
                                                 "NEMO_GYM_OTEL_RUN_ID": "run"})
    naive = read(b"OTEL_SERVICE_NAME=" + value + b"\n")
    if length == 65517:
        if (podman5(r.stdout) or {}).get(b"OTEL_SERVICE_NAME") != value:
            problems.append("a 65,535-byte line: podman 5's pkg/env would not read it back")
        got = read(r.stdout)
        if r.returncode or got is None or got.get(b"OTEL_SERVICE_NAME") != value:
            problems.append(f"a 65,535-byte line: exit {r.returncode}, {reader} read it back "
                            f"{'unchanged' if got and got.get(b'OTEL_SERVICE_NAME') == value else 'changed or not at all'}")
    # podman fails with "token too long"; kubectl ignores the error and silently drops
    # the line and every line after it.
    elif (r.returncode != 1 or r.stdout or b"its line would be 65536 bytes" not in r.stderr or
          (naive is not None and naive.get(b"OTEL_SERVICE_NAME") == value)):
        problems.append(f"a 65,536-byte line: exit {r.returncode}, stderr {r.stderr[-200:]!r}, "
                        f"{reader} {'refuses or drops it' if naive is None else 'reads it'}")

print(f"[env-file, {reader}] {len(written)} values written and read back (by podman 5's pkg/env too), "
      f"{refused} refused as {reader} would change or reject them, the 64 KiB line limit")
print("\n".join(problems))
sys.exit(1 if problems else 0)
