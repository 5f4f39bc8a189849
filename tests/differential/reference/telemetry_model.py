"""SPEC sections 4 and 5: the telemetry block validated by a pydantic v2 model (the field table of
SPEC 4; `extra="allow"` as Gym's nemo_gym/telemetry/config.py, so non-string keys are rejected with
"Keys should be strings"), then translated to variables with SPEC 5's three deliberate differences
from Gym's configure_telemetry_env."""

from __future__ import annotations

import os
import secrets
import sys
from typing import Any, Dict, Optional

from pydantic import BaseModel

ASCII_WS = " \t\n\v\f\r"


class TranslateError(Exception):
    pass


class TelemetryConfig(BaseModel, extra="allow"):
    """SPEC section 4. pydantic v2 defaults: lax mode, extra keys ignored."""

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


# (setting field, KEY) in table order; the lens fallback exists for the first nine KEYs listed in SPEC 5.
PREFIXED = [
    ("span_groups", "SPAN_GROUPS"),
    ("export_strategy", "EXPORT_STRATEGY"),
    ("export_rank", "EXPORT_RANK"),
    ("traces_enabled", "TRACES_ENABLED"),
    ("metrics_enabled", "METRICS_ENABLED"),
    ("logs_enabled", "LOGS_ENABLED"),
    ("exporter", "EXPORTER"),
    ("run_id", "RUN_ID"),
    ("service_name_per_server", "SERVICE_NAME_PER_SERVER"),
    ("instrument_aiohttp", "INSTRUMENT_AIOHTTP"),
]
LENS_KEYS = {
    "ENABLED", "SPAN_GROUPS", "EXPORT_STRATEGY", "EXPORT_RANK", "TRACES_ENABLED",
    "METRICS_ENABLED", "LOGS_ENABLED", "EXPORTER", "RUN_ID",
}
OTLP = [
    ("otlp_endpoint", "OTEL_EXPORTER_OTLP_ENDPOINT"),
    ("otlp_protocol", "OTEL_EXPORTER_OTLP_PROTOCOL"),
    ("otlp_headers", "OTEL_EXPORTER_OTLP_HEADERS"),
]


def is_set(name: str) -> bool:
    v = os.environ.get(name)
    return v is not None and v.strip(ASCII_WS) != ""


def ascii_lower(s: str) -> str:
    return "".join(chr(ord(c) + 32) if "A" <= c <= "Z" else c for c in s)


def as_env_text(v: Any) -> str:
    if isinstance(v, bool):
        return "1" if v else "0"
    if isinstance(v, int):
        return str(v)
    return v


def translate(settings: TelemetryConfig) -> Dict[str, str]:
    env = os.environ
    out: Dict[str, str] = {}

    def emit(name: str, value: str) -> None:
        if "\0" in value:
            raise TranslateError(f"value for {name} contains a NUL character")
        if env.get(name) != value:  # only variables that change
            out[name] = value

    enabled = settings.enabled
    for name in ("NEMO_GYM_OTEL_ENABLED", "NEMO_LENS_ENABLED"):
        if is_set(name):
            enabled = ascii_lower(env[name].strip(ASCII_WS)) in ("1", "true", "yes", "on")
            break
    if not enabled:
        return out

    if not is_set("NEMO_GYM_OTEL_ENABLED"):
        emit("NEMO_GYM_OTEL_ENABLED", "1")

    run_id_given = is_set("NEMO_GYM_OTEL_RUN_ID")
    for field, key in PREFIXED:
        gym_var = f"NEMO_GYM_OTEL_{key}"
        lens_var = f"NEMO_LENS_{key}"
        if is_set(gym_var):
            continue
        if key in LENS_KEYS and is_set(lens_var):
            emit(gym_var, env[lens_var])
            if key == "RUN_ID":
                run_id_given = True
            continue
        value = getattr(settings, field)
        if value is None:
            continue
        if key == "RUN_ID":
            if value.strip(ASCII_WS) == "":
                continue
            run_id_given = True
        emit(gym_var, as_env_text(value))

    for field, var in OTLP:
        value = getattr(settings, field)
        if value is not None and not is_set(var):
            emit(var, value)

    if settings.service_name != "" and not is_set("OTEL_SERVICE_NAME"):
        emit("OTEL_SERVICE_NAME", settings.service_name)

    if not run_id_given:
        if is_set("SLURM_JOB_ID"):
            emit("NEMO_GYM_OTEL_RUN_ID", env["SLURM_JOB_ID"].strip(ASCII_WS))
        else:
            emit("NEMO_GYM_OTEL_RUN_ID", secrets.token_hex(6))
    return out



def validate(data: Any) -> TelemetryConfig:
    settings = TelemetryConfig.model_validate({} if data is None else data)
    if isinstance(data, dict):
        known = list(TelemetryConfig.model_fields)
        for k in data:
            if k not in TelemetryConfig.model_fields:
                import difflib  # not at the top: scripts/perf/gym_python.py's timed start-up imports us

                close = difflib.get_close_matches(str(k), known, n=1)
                hint = f" (did you mean '{close[0]}'?)" if close else ""
                print(f"warning: unknown telemetry key '{k}'{hint}", file=sys.stderr)
    return settings
