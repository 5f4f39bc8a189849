#!/usr/bin/env bash
# --format env-file: every value the tool writes comes back byte for byte from the real
# `kubectl create configmap --from-env-file` (kubectl's reader, the shape docker's and
# podman's share), and every value it refuses is one kubectl reads back changed or rejects.
set -u
. "$(dirname "$0")/lib.bash"
command -v kubectl >/dev/null || skip "kubectl is not installed"
command -v python3 >/dev/null || skip "python3 is not installed"
work=$(mktemp -d) && trap 'rm -rf "$work"' EXIT

env_file_values
render_all env-file "$work"
check
GOE_BIN=$GOE_BIN python3 "$GOE_SOURCE_DIR/tests/e2e/lib/check_env_file.py" kubectl "$work" "${#HOSTILE_VALUES[@]}" ||
  fail "kubectl read values back changed, or a refusal was not needed (above)"
finish
