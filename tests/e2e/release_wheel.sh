#!/usr/bin/env bash
# The wheel as a Gym user installs it: `pip install --no-index` into a fresh virtual
# environment (as into the one holding nemo-gym), after which gym-otel-env is on that
# environment's PATH, with its man page; pip uninstall takes it away again (RECORD is
# right). The tag is the one docs/install.md explains, and a dynamic binary is refused.
set -uo pipefail
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/lib/release.bash"
command -v python3 >/dev/null || die "python3 is not installed (scripts/install-deps --test installs it)"
make_release wheel
tags="manylinux_2_17_$arch.manylinux2014_$arch.musllinux_1_1_$arch"
wheel=$work/dist/gym_otel_env-$version-py3-none-$tags.whl
expect "scripts/release made one wheel" "$wheel" "$(ls "$work"/dist/*.whl)"
[[ -f $wheel ]] || die "no wheel"
check; grep -qF "\`gym_otel_env-VERSION-py3-none-${tags//$arch/x86_64}.whl\`" "$GOE_SOURCE_DIR/docs/install.md" ||
  fail "docs/install.md's table does not name the wheel as scripts/make-wheel does"

# --- what the wheel holds: RECORD's hashes, WHEEL's tags, METADATA's version, no probe
check; python3 - "$wheel" "$version" "$tags" <<'PY' || fail "the wheel's metadata (above)"
import base64, hashlib, sys, zipfile
wheel, version, tags = sys.argv[1:]
z = zipfile.ZipFile(wheel)
info = f"gym_otel_env-{version}.dist-info"
bad = []
records = [l.split(",") for l in z.read(f"{info}/RECORD").decode().splitlines()]
listed = {r[0] for r in records}
if listed != set(z.namelist()):
    bad.append(f"RECORD lists {sorted(listed ^ set(z.namelist()))} wrongly")
for name, digest, size in records:
    if name.endswith("RECORD"):
        continue
    data = z.read(name)
    want = "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    if digest != want or int(size) != len(data):
        bad.append(f"RECORD is wrong for {name}")
wheel_tags = [l.split(": ")[1] for l in z.read(f"{info}/WHEEL").decode().splitlines() if l.startswith("Tag: ")]
if wheel_tags != [f"py3-none-{t}" for t in tags.split(".")]:
    bad.append(f"WHEEL's tags {wheel_tags} are not the file name's")
meta = z.read(f"{info}/METADATA").decode()
for line in ("Name: gym-otel-env", f"Version: {version}", "License: Apache-2.0"):
    if line not in meta.splitlines():
        bad.append(f"METADATA lacks {line!r}")
binary = z.getinfo(f"gym_otel_env-{version}.data/scripts/gym-otel-env")
if binary.external_attr >> 16 != 0o100755:
    bad.append(f"the binary's mode is {oct(binary.external_attr >> 16)}")
if any("libexec" in n or "probe" in n for n in z.namelist()):
    bad.append("the wheel holds the probe, which links libcurl dynamically")
if bad:
    print("\n".join(bad))
sys.exit(1 if bad else 0)
PY

# --- installed with pip, offline, into a fresh environment
venv=$work/venv
python3 -m venv "$venv" >"$work/venv.log" 2>&1 ||
  die "python3 -m venv failed (scripts/install-deps --test installs python3-venv): $(cat "$work/venv.log")"
# The README's command, as written, in the activated venv, from where the wheel is.
readme_pip=$(readme_line "pip install gym_otel_env-")
expect "the README's pip line names this version" "pip install gym_otel_env-$version-*.whl" "$readme_pip"
(cd "$work/dist" && env -i HOME="$work" PATH=/usr/bin:/bin PIP_NO_INDEX=1 PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1 \
  bash -c '. "$1/bin/activate" && eval "$2"' bash "$venv" "$readme_pip --no-index -q") >"$work/pip.log" 2>&1 ||
  die "$readme_pip --no-index: $(cat "$work/pip.log")"
check; [[ -x $venv/bin/gym-otel-env ]] || fail "pip did not put an executable gym-otel-env in $venv/bin"
# Activated, as a user of the venv works: the venv's bin/ alone decides what runs.
in_venv() { env -i HOME="$work" PATH=/usr/bin:/bin bash -c '. "$1/bin/activate" && shift && "$@"' bash "$venv" "$@"; }
expect "command -v in the activated venv" "$venv/bin/gym-otel-env" "$(in_venv command -v gym-otel-env)"
check; [[ $(in_venv gym-otel-env --version) == "gym-otel-env $version"* ]] || fail "the venv's --version: $(in_venv gym-otel-env --version 2>&1)"
cfg=$GOE_SOURCE_DIR/examples/telemetry.yaml
expect "the example config, from the venv" "$(env -i "$GOE_BIN" --no-env-yaml --format env-file --set telemetry.run_id=r "$cfg")" \
  "$(in_venv gym-otel-env --no-env-yaml --format env-file --set telemetry.run_id=r "$cfg" 2>&1)"
expect "--exec from the venv" "my-gym" "$(in_venv gym-otel-env --no-env-yaml "$cfg" --exec -- printenv OTEL_SERVICE_NAME 2>&1)"
# man-db finds the man page beside the bin/ on PATH (share/man).
if command -v man >/dev/null; then
  expect "man -w in the venv" "$venv/share/man/man1/gym-otel-env.1.gz" "$(in_venv man -w gym-otel-env 2>&1)"
fi
# --probe needs the probe, which the wheel leaves out: it says so.
run in_venv gym-otel-env --no-env-yaml --probe "$cfg"
expect_status 1
expect_stderr_has "--probe: the probe is not installed: no $venv/bin/../libexec/gym-otel-env/probe"
"$venv/bin/python" -m pip uninstall -y -q gym-otel-env >"$work/pip.log" 2>&1 || fail "pip uninstall: $(cat "$work/pip.log")"
check; [[ -e $venv/bin/gym-otel-env || -e $venv/share/man/man1/gym-otel-env.1.gz ]] && fail "pip uninstall left files behind"

# --- what make-wheel refuses
mkdir -p "$work/dynamic/bin" && cp /bin/true "$work/dynamic/bin/gym-otel-env"
run python3 "$GOE_SOURCE_DIR/scripts/make-wheel" "$work/dynamic" "$build" "$work/refused"
expect_status 1
expect_stderr "make-wheel: $work/dynamic/bin/gym-otel-env is linked dynamically: a wheel ships the static binary (GOE_STATIC=ON, no sanitizers)"
run python3 "$GOE_SOURCE_DIR/scripts/make-wheel" "$work/none" "$build" "$work/refused"
expect_status 1
expect_stderr "make-wheel: no $work/none/bin/gym-otel-env: ROOT must be a \`cmake --install\` prefix"
check; [[ -e $work/refused ]] && fail "a refused wheel left $work/refused"
finish
