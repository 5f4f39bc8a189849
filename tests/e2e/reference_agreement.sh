#!/usr/bin/env bash
# Generated configs, environments and command lines (every difftest form: the earlier issues'
# configs, Gym's directives, '???' placement, Hydra override values, Gym command lines through
# --exec) run through the binary and through tests/differential/reference (real OmegaConf +
# pydantic v2): both must accept with the same variables, or both reject. A fixed-seed sample,
# unshrunk, to stay under a minute; run scripts/difftest by hand for more cases and shrunk
# failures.
# Skipped when OmegaConf or pydantic v2 is not importable.
set -u
. "$(dirname "$0")/lib.bash"
need_reference_python
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
"$py" "$GOE_SOURCE_DIR/scripts/difftest" --bin "$GOE_BIN" --seed "${GOE_DIFFTEST_SEED:-7}" \
    --count "${GOE_DIFFTEST_COUNT:-60}" --out "$out" --show 3 --no-shrink
