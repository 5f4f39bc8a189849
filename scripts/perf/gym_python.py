#!/usr/bin/env python3
"""The job gym-otel-env does, done the way NeMo Gym does it in Python: the benchmark's yardstick.

    PYTHONPATH=/usr/lib/python3/dist-packages python3 scripts/perf/gym_python.py [--json] CONFIG...

OmegaConf loads and merges the files (and env.yaml from the working directory, as Gym does),
the telemetry block is resolved with OmegaConf.to_container(resolve=True), a pydantic v2 model
validates it, and SPEC.md section 5 turns the settings into exports printed for a shell.
It is deliberately lean (no config_paths includes, no search roots, no --set): the least
Python that does the job, so the speed-up measured against it is not flattered.
scripts/reference/gym_otel_ref.py is the complete reference the differential tests use.
"""

import json
import os
import secrets
import shlex
import sys
from typing import Optional

from omegaconf import OmegaConf
from pydantic import BaseModel

WS = " \t\n\v\f\r"


class TelemetryConfig(BaseModel):
    enabled: bool = False
    span_groups: str = "default"
    export_strategy: str = "all_ranks"
    export_rank: int = -1
    traces_enabled: bool = True
    metrics_enabled: bool = True
    logs_enabled: bool = False
    exporter: str = "otlp"
    run_id: Optional[str] = None
    service_name_per_server: bool = True
    instrument_aiohttp: bool = True
    otlp_endpoint: Optional[str] = None
    otlp_protocol: Optional[str] = None
    otlp_headers: Optional[str] = None
    service_name: str = "nemo-gym"


PREFIXED = ["span_groups", "export_strategy", "export_rank", "traces_enabled", "metrics_enabled",
            "logs_enabled", "exporter", "run_id", "service_name_per_server", "instrument_aiohttp"]
LENS = {"ENABLED", "SPAN_GROUPS", "EXPORT_STRATEGY", "EXPORT_RANK", "TRACES_ENABLED",
        "METRICS_ENABLED", "LOGS_ENABLED", "EXPORTER", "RUN_ID"}


def is_set(env, name):
    return env.get(name, "").strip(WS) != ""


def translate(s: TelemetryConfig, env) -> dict:
    out = {}

    def emit(name, value):
        if env.get(name) != value:
            out[name] = value

    enabled = s.enabled
    for name in ("NEMO_GYM_OTEL_ENABLED", "NEMO_LENS_ENABLED"):
        if is_set(env, name):
            enabled = env[name].strip(WS).lower() in ("1", "true", "yes", "on")
            break
    if not enabled:
        return out
    if not is_set(env, "NEMO_GYM_OTEL_ENABLED"):
        emit("NEMO_GYM_OTEL_ENABLED", "1")
    run_id_given = is_set(env, "NEMO_GYM_OTEL_RUN_ID")
    for field in PREFIXED:
        key = field.upper()
        var, lens = "NEMO_GYM_OTEL_" + key, "NEMO_LENS_" + key
        if is_set(env, var):
            continue
        if key in LENS and is_set(env, lens):
            emit(var, env[lens])
            run_id_given |= key == "RUN_ID"
            continue
        value = getattr(s, field)
        if value is None or (key == "RUN_ID" and value.strip(WS) == ""):
            continue
        run_id_given |= key == "RUN_ID"
        emit(var, ("1" if value else "0") if isinstance(value, bool) else str(value))
    for field in ("otlp_endpoint", "otlp_protocol", "otlp_headers"):
        var = "OTEL_EXPORTER_" + field.upper()
        if getattr(s, field) is not None and not is_set(env, var):
            emit(var, getattr(s, field))
    if s.service_name and not is_set(env, "OTEL_SERVICE_NAME"):
        emit("OTEL_SERVICE_NAME", s.service_name)
    if not run_id_given:
        slurm = env.get("SLURM_JOB_ID", "").strip(WS)
        emit("NEMO_GYM_OTEL_RUN_ID", slurm or secrets.token_hex(6))
    return out


def main(argv) -> int:
    as_json = "--json" in argv
    paths = [a for a in argv if a != "--json"]
    configs = [OmegaConf.load(p) for p in paths]
    if os.path.exists("env.yaml"):
        configs.append(OmegaConf.load("env.yaml"))
    cfg = OmegaConf.merge(*configs) if configs else OmegaConf.create()
    block = cfg.get("telemetry")
    data = OmegaConf.to_container(block, resolve=True, throw_on_missing=True) if block is not None else {}
    exports = translate(TelemetryConfig.model_validate(data), os.environ)
    if as_json:
        print(json.dumps(exports))
    else:
        for name, value in exports.items():
            print(f"export {name}={shlex.quote(value)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
