#!/usr/bin/env bash
# A fixed sample (every 15th config) of NeMo Gym's own configs through the binary and
# tests/differential/reference, each the ways a user runs it (tests/corpus/gym_configs.py: alone, with
# env.yaml and a model, an added block referencing the config's nodes, overrides,
# --exec -- gym env start, from elsewhere). The tree is $GOE_GYM_TREE, else the YAML of the
# pinned commit from a local mirror ($GOE_GYM_MIRROR); without either, skipped (77): CI cannot
# fetch Gym, and tests/e2e/corpus_shapes.sh covers the shapes that caught bugs.
# Skipped (77) as well when OmegaConf or pydantic v2 is not importable.
set -u
. "$(dirname "$0")/lib.bash"
need_reference_python
tree=${GOE_GYM_TREE:-}
mirror=${GOE_GYM_MIRROR:-/work/.mirror/NVIDIA-NeMo+Gym/repo}
commit=2e5014086a172aa34654e195e504df496e9c95f5
if [[ -z $tree ]] && git -C "$mirror" cat-file -e "$commit^{commit}" 2>/dev/null; then
    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' EXIT
    # YAML only: some of the checkout's large binary files are not in the mirror.
    git -C "$mirror" archive "$commit" -- '*.yaml' '*.yml' 2>/dev/null | tar -x -C "$tmp" && tree=$tmp
fi
if [[ -z $tree || ! -d $tree/responses_api_models ]]; then
    skip "no Gym tree (set GOE_GYM_TREE to a checkout of NVIDIA-NeMo/Gym at $commit)"
fi
exec "$py" "$GOE_SOURCE_DIR/tests/corpus/gym_configs.py" --tree "$tree" --bin "$GOE_BIN" \
    --jobs 2 --sample "${GOE_GYM_SAMPLE:-15}" --show 3
