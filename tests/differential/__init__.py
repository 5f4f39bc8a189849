"""difftest, the differential test of gym-otel-env against the Python reference in reference/:
run it with scripts/difftest (see cli.py)."""
