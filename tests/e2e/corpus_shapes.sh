#!/usr/bin/env bash
# tests/corpus/shapes: Gym-shaped configs written for this test (not copies of Gym's), one per
# shape that caught a bug in the run over Gym's own configs (config_paths rewritten to every
# loaded entry, interpolated includes, use_absolute_ip, dummy_model, directives), run the ways a
# user runs them (tests/corpus/gym_configs.py) through the binary and tests/differential/reference. CI
# cannot fetch Gym; this part needs only the reference.
# Skipped (77) when OmegaConf or pydantic v2 is not importable.
set -u
. "$(dirname "$0")/lib.bash"
need_reference_python
exec "$py" "$GOE_SOURCE_DIR/tests/corpus/gym_configs.py" --tree "$GOE_SOURCE_DIR/tests/corpus/shapes" \
    --bin "$GOE_BIN" --jobs 2 --show 3
