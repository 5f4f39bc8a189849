#!/usr/bin/env python3
"""The job gym-otel-env does, done the way NeMo Gym does it in Python: the benchmark's yardstick.

    PYTHONPATH=/usr/lib/python3/dist-packages python3 scripts/perf/gym_python.py [--json] CONFIG...

OmegaConf loads and merges the files (and env.yaml from the working directory, as Gym does),
the telemetry block is resolved with OmegaConf.to_container(resolve=True), a pydantic v2 model
validates it, and SPEC.md section 5 turns the settings into exports printed for a shell.
The model and the translation are the reference's own (tests/differential/reference/
telemetry_model.py), so there is one Python statement of SPEC 4 and 5 to keep right.
It is deliberately lean (no config_paths includes, no search roots, no --set, no warnings):
the least Python that does the job, so the speed-up measured against it is not flattered.
tests/differential/reference/gym_otel_ref.py is the complete reference the differential tests use.
"""

import json
import os
import shlex
import sys

from omegaconf import OmegaConf

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "tests", "differential", "reference"))
from telemetry_model import TelemetryConfig, translate  # noqa: E402


def main(argv) -> int:
    as_json = "--json" in argv
    paths = [a for a in argv if a != "--json"]
    configs = [OmegaConf.load(p) for p in paths]
    if os.path.exists("env.yaml"):
        configs.append(OmegaConf.load("env.yaml"))
    cfg = OmegaConf.merge(*configs) if configs else OmegaConf.create()
    block = cfg.get("telemetry")
    data = OmegaConf.to_container(block, resolve=True, throw_on_missing=True) if block is not None else {}
    exports = translate(TelemetryConfig.model_validate(data))
    if as_json:
        print(json.dumps(exports))
    else:
        for name, value in exports.items():
            print(f"export {name}={shlex.quote(value)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
