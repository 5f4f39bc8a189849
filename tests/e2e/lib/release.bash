# Sourced by the release_*.sh tests, after lib.bash: the build tree behind $GOE_BIN, the
# version, a work directory others may read (the unprivileged user's test), and
# make_release, which packages that build tree as scripts/release does (no new build).
build=${GOE_BUILD_DIR:-$(dirname "$GOE_BIN")/..}
[[ -f $build/CMakeCache.txt ]] || die "no CMake build tree at $build (set GOE_BUILD_DIR)"
# The sanitizer build links dynamically; the release ships the static binary only.
if readelf -l "$GOE_BIN" | grep -q INTERP; then
  skip "$GOE_BIN is linked dynamically (GOE_STATIC=OFF or sanitizers): the release is the static binary"
fi
# The one place the version is written; every artifact must carry it.
version=$(sed -nE 's/^project\(gym-otel-env VERSION ([0-9.]+).*/\1/p' "$GOE_SOURCE_DIR/CMakeLists.txt")
arch=$(uname -m)
work=$(mktemp -d)
chmod 755 "$work"
trap 'rm -rf "$work"' EXIT

# make_release KIND...: packages into $work/dist.
make_release() {
  "$GOE_SOURCE_DIR/scripts/release" --from "$build" --out "$work/dist" "$@" >"$work/release.log" 2>&1 ||
    die "scripts/release --from $build $*: $(cat "$work/release.log")"
}

# readme_line PREFIX: the first line of README.md's first screen that starts, indented as a
# command, with PREFIX: the tests run the README's commands as written.
readme_line() {
  local line
  line=$(head -n 40 "$GOE_SOURCE_DIR/README.md" | grep -m1 -F "    $1" | sed -E 's/^ +//')
  [[ -n $line ]] || die "README.md's first screen has no command starting '$1'"
  printf '%s\n' "$line"
}
