#!/usr/bin/env bash
# Generated configs, environments and command lines run through the binary and through
# scripts/reference (real OmegaConf + pydantic v2): both must accept with the same
# variables, or both reject. Skipped when OmegaConf or pydantic is not importable.
set -u
py=${GOE_PYTHON:-python3}
if ! PYTHONPATH=/usr/lib/python3/dist-packages "$py" -c 'import omegaconf, pydantic' 2>/dev/null; then
    echo "SKIP: OmegaConf (python3-omegaconf) or pydantic v2 not importable by $py"
    exit 77
fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
"$py" "$GOE_SOURCE_DIR/scripts/difftest" --bin "$GOE_BIN" --seed "${GOE_DIFFTEST_SEED:-7}" \
    --count "${GOE_DIFFTEST_COUNT:-150}" --out "$out" --show 3
