#!/usr/bin/env bash
# --format env-file through the real `podman run --env-file` (podman's own reader, then the
# OCI runtime into a container's environment, read back with env -0): every value written
# comes back byte for byte, every value refused is one podman changes or rejects. The image
# is made here from the host's /usr/bin/env, in a private store: no registry.
set -u
. "$(dirname "$0")/lib.bash"
command -v podman >/dev/null || skip "podman is not installed"
command -v python3 >/dev/null || skip "python3 is not installed"
command -v ldd >/dev/null || skip "ldd is not installed"
work=$(mktemp -d) && trap 'rm -rf "$work"' EXIT

# runc and cgroupfs: crun refuses a hybrid cgroup v1/v2 host, as some CI containers are.
GOE_PODMAN="podman --root $work/store --runroot $work/run --storage-driver vfs --cgroup-manager=cgroupfs"
command -v runc >/dev/null && GOE_PODMAN+=" --runtime runc"
# Rootful podman raises nofile and nproc to the maximum, which a host without
# CAP_SYS_RESOURCE refuses: modest limits instead.
export GOE_PODMAN_RUN="$GOE_PODMAN run --rm --network=none --ulimit nofile=1024:1024 --ulimit nproc=1000:1000"
export GOE_PODMAN_IMAGE=localhost/goe-env-only
mkdir -p "$work/rootfs/bin" && cp /usr/bin/env "$work/rootfs/bin/env"
for lib in $(ldd /usr/bin/env | grep -o '/[^ ]*'); do
  mkdir -p "$work/rootfs$(dirname "$lib")" && cp -L "$lib" "$work/rootfs$lib"
done
tar -C "$work/rootfs" -c . | $GOE_PODMAN import -q - "$GOE_PODMAN_IMAGE" >/dev/null 2>"$work/podman.err" ||
  skip "podman cannot import an image here: $(tail -1 "$work/podman.err")"
$GOE_PODMAN_RUN "$GOE_PODMAN_IMAGE" /bin/env >/dev/null 2>"$work/podman.err" ||
  skip "podman cannot run a container here: $(tail -1 "$work/podman.err")"

env_file_values
render_all env-file "$work"
check
GOE_BIN=$GOE_BIN python3 "$GOE_SOURCE_DIR/tests/e2e/lib/check_env_file.py" podman "$work" "${#HOSTILE_VALUES[@]}" ||
  fail "podman read values back changed, or a refusal was not needed (above)"
finish
