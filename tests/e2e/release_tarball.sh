#!/usr/bin/env bash
# The tarball as a user without root installs it: unpacked by an unprivileged user into a
# prefix of their own (~/.local), then run from there: --version, the example config,
# --exec, the probe beside it, and the man page found from PATH. The tarball holds what
# `cmake --install` puts in a prefix, owned by root:root, and the same commit packs the
# same bytes. As root the test makes a user of its own, and skips where it cannot.
set -uo pipefail
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/lib/release.bash"
make_release tarball
tarball=$work/dist/gym-otel-env-$version-linux-$arch.tar.gz
expect "scripts/release made one tarball" "$tarball" "$(ls "$work"/dist/*.tar.gz)"
[[ -f $tarball ]] || die "no tarball"

# --- the layout cmake --install gives, under one directory named with the version
cmake --install "$build" --prefix "$work/installed" >/dev/null 2>&1 || die "cmake --install failed"
want=$(cd "$work/installed" && find . -type f | sed "s|^\.|gym-otel-env-$version|" | sort)
expect "the tarball's files are cmake --install's" "$want" "$(tar -tzf "$tarball" | grep -v '/$' | sort)"
check; tar -tvzf "$tarball" --numeric-owner | grep -qv ' 0/0 ' && fail "the tarball has files not owned by 0/0"
for f in bin/gym-otel-env share/doc/gym-otel-env/LICENSE share/man/man1/gym-otel-env.1.gz; do
  check; grep -qx "gym-otel-env-$version/$f" <<<"$want" || fail "the tarball lacks $f"
done
cp "$tarball" "$work/first.tar.gz"
make_release tarball
check; cmp -s "$tarball" "$work/first.tar.gz" || fail "packing the same build twice gave different tarballs"

# --- unpacked and run by a user without root
if [[ $(id -u) == 0 ]]; then
  user=goe-release-$$
  command -v useradd >/dev/null && command -v setpriv >/dev/null || skip "no useradd or setpriv to make an unprivileged user"
  useradd --no-create-home --home-dir "$work/home" --shell /bin/sh "$user" 2>"$work/useradd.err" ||
    skip "cannot add a user: $(cat "$work/useradd.err")"
  trap 'userdel "$user" 2>/dev/null; rm -rf "$work"' EXIT
  mkdir -p "$work/home" && chown "$user:" "$work/home"
  as_user() { setpriv --reuid="$user" --regid="$user" --clear-groups env -i HOME="$work/home" PATH="$work/home/.local/bin:/usr/bin:/bin" "$@"; }
else
  mkdir -p "$work/home"
  as_user() { env -i HOME="$work/home" PATH="$work/home/.local/bin:/usr/bin:/bin" "$@"; }
fi
expect "the user is not root" "no" "$(as_user sh -c '[ "$(id -u)" = 0 ] && echo root || echo no')"
# The README's command, as written, from where the tarball is.
readme_tar=$(readme_line "mkdir -p ~/.local && tar -xzf gym-otel-env-")
expect "the README's tar line names this version" \
  "mkdir -p ~/.local && tar -xzf gym-otel-env-$version-linux-x86_64.tar.gz --strip-components=1 -C ~/.local" "$readme_tar"
readme_tar=${readme_tar//-linux-x86_64/-linux-$arch}
run as_user sh -c 'cd "$1" && eval "$2"' sh "$work/dist" "$readme_tar"
expect_status 0
expect_stderr ""
check; [[ $(stat -c %U "$work/home/.local/bin/gym-otel-env") == "$(as_user id -un)" ]] || fail "the unpacked binary is not the user's"
expect "command -v gym-otel-env" "$work/home/.local/bin/gym-otel-env" "$(as_user sh -c 'command -v gym-otel-env')"
check; [[ $(as_user gym-otel-env --version 2>&1) == "gym-otel-env $version"* ]] || fail "--version from ~/.local: $(as_user gym-otel-env --version 2>&1)"
cp "$GOE_SOURCE_DIR/examples/telemetry.yaml" "$work/c.yaml" && chmod 644 "$work/c.yaml"
expect "the example config, from ~/.local" "$(env -i "$GOE_BIN" --no-env-yaml --format env-file --set telemetry.run_id=r "$work/c.yaml")" \
  "$(as_user gym-otel-env --no-env-yaml --format env-file --set telemetry.run_id=r "$work/c.yaml" 2>&1)"
expect "--exec from ~/.local" "my-gym" "$(as_user gym-otel-env --no-env-yaml "$work/c.yaml" --exec -- printenv OTEL_SERVICE_NAME 2>&1)"
# The probe beside it is found (telemetry off: nothing to send).
printf 'telemetry: {enabled: false}\n' >"$work/off.yaml" && chmod 644 "$work/off.yaml"
run as_user gym-otel-env --no-env-yaml --check --probe "$work/off.yaml"
expect_status 0
if command -v man >/dev/null; then
  expect "man -w finds ~/.local/share/man from PATH" "$work/home/.local/share/man/man1/gym-otel-env.1.gz" \
    "$(as_user man -w gym-otel-env 2>&1)"
fi

# --- scripts/release refuses what it does not know
run "$GOE_SOURCE_DIR/scripts/release" --from "$build" --out "$work/other" zip
expect_status 2
expect_stderr "release: unknown artifact 'zip' (tarball, wheel, deb)"
run "$GOE_SOURCE_DIR/scripts/release" --from "$build"
expect_status 2
expect_stderr "release: usage: scripts/release --from BUILD_DIR --out DIR [tarball|wheel|deb]..."
finish
