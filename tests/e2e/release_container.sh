#!/usr/bin/env bash
# The container recipe, as README.md and docs/install.md give it: packaging/Containerfile
# makes a scratch image from the tarball in dist/, and a user's own image takes the binary
# from it with the README's `COPY --from=` line, then runs it. Built here with podman in a
# private store (no registry); skipped where podman cannot build or run.
set -uo pipefail
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/lib/release.bash"
# The build command the docs give is the one run here.
build_cmd="podman build -f packaging/Containerfile --build-arg VERSION=$version -t gym-otel-env:$version dist/"
for doc in docs/install.md packaging/Containerfile; do
  check; grep -qF "$build_cmd" "$GOE_SOURCE_DIR/$doc" || fail "$doc does not give: $build_cmd"
done
command -v podman >/dev/null || skip "podman is not installed"
make_release tarball
# runc and cgroupfs, modest limits: as tests/e2e/env_file_podman.sh, for CI containers.
podman=(podman --root "$work/store" --runroot "$work/run" --storage-driver vfs --cgroup-manager=cgroupfs)
command -v runc >/dev/null && podman+=(--runtime runc)
image=gym-otel-env:$version
"${podman[@]}" build -q -f "$GOE_SOURCE_DIR/packaging/Containerfile" --build-arg VERSION="$version" \
  --build-arg ARCH="$arch" -t "$image" "$work/dist" >"$work/build.log" 2>&1 ||
  skip "podman cannot build an image here: $(tail -1 "$work/build.log")"

# The user's image: the README's line, verbatim, with this version.
copy=$(grep -m1 -E '^ +COPY --from=gym-otel-env:' "$GOE_SOURCE_DIR/README.md" | sed -E 's/^ +//')
check; [[ -n $copy ]] || die "README.md has no 'COPY --from=gym-otel-env:' line"
readme_version=$(sed -E 's/^COPY --from=gym-otel-env:([^ ]+) .*/\1/' <<<"$copy")
expect "the README's image tag is the version" "$version" "$readme_version"
mkdir -p "$work/user"
printf 'telemetry: {enabled: true, run_id: r, service_name: in-image}\n' >"$work/user/c.yaml"
printf 'FROM scratch\n%s\nCOPY c.yaml /c.yaml\n' "$copy" >"$work/user/Containerfile"
"${podman[@]}" build -q --pull=never -t goe-user-image "$work/user" >"$work/user.log" 2>&1 ||
  die "the user's image with '$copy' does not build: $(cat "$work/user.log")"
podman_run=("${podman[@]}" run --rm --network=none --ulimit nofile=1024:1024 --ulimit nproc=1000:1000)
run "${podman_run[@]}" goe-user-image /usr/local/bin/gym-otel-env --no-env-yaml --format env-file /c.yaml
if [[ $STATUS != 0 && $ERR != *gym-otel-env:* ]]; then skip "podman cannot run a container here: $ERR"; fi
expect_status 0
expect_stdout "$(env -i "$GOE_BIN" --no-env-yaml --format env-file "$work/user/c.yaml")"
# The scratch image itself: its entrypoint is the tool; it holds the binary and licence only.
run "${podman_run[@]}" "$image" --version
expect_status 0
check; [[ $OUT == "gym-otel-env $version"* ]] || fail "the image's --version: $OUT"
files=$("${podman[@]}" image save "$image" 2>/dev/null | tar -xO --wildcards '*.tar' 2>/dev/null | tar -t -i 2>/dev/null | grep -v '/$' | sort | xargs)
expect "the image's files" "usr/local/bin/gym-otel-env usr/local/share/doc/gym-otel-env/LICENSE" "$files"
finish
