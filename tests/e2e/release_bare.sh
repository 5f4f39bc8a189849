#!/usr/bin/env bash
# The one file alone: the release's binary in an empty root (a chroot holding only it, a
# config and a static helper; no libc, no /etc, /dev, /proc or /tmp), as on a system that
# shares nothing with the one it was built on. It prints the variables, --exec runs a
# child with them, a random run id needs no /dev/urandom, and use_absolute_ip, which needs
# the system's resolver, says why it cannot look up. The ELF facts docs/install.md states
# (static, no interpreter, the oldest kernel glibc's start-up accepts) are read here.
set -uo pipefail
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/lib/release.bash"
make_release tarball
root=$work/root
mkdir -p "$root" && tar -xzf "$work/dist/gym-otel-env-$version-linux-$arch.tar.gz" -C "$work" &&
  cp "$work/gym-otel-env-$version/bin/gym-otel-env" "$root/gym-otel-env" || die "cannot unpack the tarball"
bin=$root/gym-otel-env

# --- what the binary needs of the system
check; readelf -l "$bin" | grep -q INTERP && fail "the binary names an ELF interpreter (a dynamic loader)"
check; readelf -d "$bin" 2>/dev/null | grep -q NEEDED && fail "the binary needs shared libraries: $(readelf -d "$bin" | grep NEEDED)"
expect "the kernel glibc's static start-up requires (docs/install.md)" "OS: Linux, ABI: 3.2.0" \
  "$(readelf -n "$bin" | sed -n 's/^ *\(OS: Linux, ABI: .*\)$/\1/p')"

# docs/install.md states these, in one paragraph's words: held to what the file says.
install_md=$(tr -s ' \n' ' ' <"$GOE_SOURCE_DIR/docs/install.md")
check; [[ $install_md == *"which its ELF ABI note records (3.2.0)"* ]] || fail "docs/install.md does not give the ABI note's 3.2.0"

# --- the empty root
chroot=$(PATH=$PATH:/usr/sbin:/sbin command -v chroot) || skip "no chroot"
if [[ $(id -u) == 0 ]]; then
  in_root() { env -i "$chroot" "$root" "$@"; }
elif unshare -r true 2>/dev/null; then
  in_root() { env -i "$(command -v unshare)" -r "$chroot" "$root" "$@"; }
else
  skip "chroot needs root or user namespaces (unshare -r)"
fi
command -v c++ >/dev/null || die "no c++ to build the static helper (scripts/install-deps installs g++)"
printf '%s\n' '#include <cstdio>' 'extern char** environ;' \
  'int main() { for (char** e = environ; *e; ++e) std::puts(*e); }' >"$work/printenv.cpp"
c++ -static -O1 -o "$root/printenv" "$work/printenv.cpp" 2>"$work/cc.err" || die "cannot build the static helper: $(cat "$work/cc.err")"
cat >"$root/c.yaml" <<'YAML'
telemetry: {enabled: true, run_id: r, service_name: bare, otlp_endpoint: 'http://collector:4318',
            otlp_protocol: http/protobuf}
YAML
expect "the root holds only the binary, the helper and the config" "c.yaml gym-otel-env printenv" "$(ls "$root" | xargs)"

run in_root /gym-otel-env --no-env-yaml --format env-file /c.yaml
expect_status 0
expect_stdout "$(env -i "$GOE_BIN" --no-env-yaml --format env-file "$root/c.yaml")"
expect_stderr ""
expect_stdout_has "OTEL_SERVICE_NAME=bare"
# The default sh format, to a pipe: what eval receives.
run in_root /gym-otel-env --no-env-yaml /c.yaml
expect_status 0
expect_stdout_has "export OTEL_EXPORTER_OTLP_ENDPOINT="
# --exec: the child gets the variables.
run in_root /gym-otel-env --no-env-yaml /c.yaml --exec -- /printenv
expect_status 0
expect_stdout_has "OTEL_SERVICE_NAME=bare"
expect_stdout_has "OTEL_EXPORTER_OTLP_ENDPOINT=http://collector:4318"
expect_stdout_has "NEMO_GYM_OTEL_RUN_ID=r"
# A random run id comes from getrandom(2), not from a device file.
printf 'telemetry: {enabled: true}\n' >"$root/random.yaml"
run in_root /gym-otel-env --no-env-yaml --format env-file /random.yaml
expect_status 0
check; [[ $OUT =~ (^|$'\n')NEMO_GYM_OTEL_RUN_ID=[0-9a-f]{12}($'\n'|$) ]] || fail "no random run id: $OUT"
# use_absolute_ip: the system's resolver is not there to ask, and it says so.
printf 'use_absolute_ip: true\ntelemetry: {enabled: true, run_id: r}\n' >"$root/absolute.yaml"
run in_root /gym-otel-env --no-env-yaml --format env-file /absolute.yaml
expect_status 1
expect_stdout ""
expect_stderr "gym-otel-env: error: use_absolute_ip: cannot look up this host's address: no getent on PATH to ask the system's resolver, as Gym's gethostbyname(gethostname()) does"
check; [[ $install_md == *"\"${ERR#gym-otel-env: error: }\""* ]] || fail "docs/install.md does not quote the message: ${ERR#gym-otel-env: error: }"
# A config that is not there: the error as anywhere else.
run in_root /gym-otel-env --no-env-yaml --format env-file /missing.yaml
expect_status 1
expect_stderr_has "/missing.yaml"
finish
