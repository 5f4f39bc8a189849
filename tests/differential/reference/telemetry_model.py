"""SPEC sections 4, 5 and 8: the telemetry block validated by a pydantic v2 model, then translated to
variables with SPEC 5's three deliberate differences from Gym's configure_telemetry_env.

This module holds the seed's schema (SPEC 4's 15-field table; `extra="allow"` as Gym's
nemo_gym/telemetry/config.py, so non-string keys are rejected with "Keys should be strings") and
the translation every schema version shares; gym_versions.py holds the other versions of SPEC 8
and the table of all three. `translate` and `validate` take the version in force (the seed when
none is given)."""

from __future__ import annotations

import os
import secrets
import sys
from types import SimpleNamespace
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

# The seed's translation rules, in gym_versions.Version's terms (gym_versions.SEED is the same),
# here so that translate(settings) alone does not import the other versions' models
# (scripts/perf/gym_python.py times its start-up).
SEED_RULES = SimpleNamespace(prefixed=PREFIXED, lens_keys=frozenset(LENS_KEYS), lens_carry=True, nested=[], otlp=OTLP)

# Gym main's setup.py: `_TRUTHY`, used by `_same_setting` for the lens warning.
TRUTHY = ("1", "true", "yes", "on")


def is_set(name: str) -> bool:
    v = os.environ.get(name)
    return v is not None and v.strip(ASCII_WS) != ""


def ascii_lower(s: str) -> str:
    return "".join(chr(ord(c) + 32) if "A" <= c <= "Z" else c for c in s)


def as_env_text(v: Any) -> str:
    """setup.py's `"1" if value is True else "0" if value is False else str(value)`: a float is
    Python's str(float) (`1.0`, `1e-05`, `inf`)."""
    if isinstance(v, bool):
        return "1" if v else "0"
    if isinstance(v, (int, float)):
        return str(v)
    return v


def lens_value(name: str) -> str:
    """Gym main's `os.environ.get(fallback, "").strip()`: Python's strip (Unicode whitespace), as
    that version's setup.py decides whether a NEMO_LENS_<KEY> is set."""
    return os.environ.get(name, "").strip()


def same_setting(config_value: Any, env_value: str) -> bool:
    """Gym main's `_same_setting`: a bool compared by truthiness, anything else by str()."""
    if isinstance(config_value, bool):
        return (env_value.lower() in TRUTHY) == config_value
    return env_value == str(config_value)


def lens_warning(field: str, value: Any, lens_var: str, lens_text: str) -> str:
    """Gym main's `logger.warning("telemetry.%s=%r from the config is ignored because %s=%r is set")`."""
    return f"telemetry.{field}={value!r} from the config is ignored because {lens_var}={lens_text!r} is set"


def translate(settings: BaseModel, version: Any = None) -> Dict[str, str]:
    """SPEC 5 for the version in force; Gym main's lens warnings go to stderr ("warning: ...")."""
    if version is None:
        version = SEED_RULES
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
    # Telemetry off: nothing is written, and no config value is "ignored because NEMO_LENS_* is
    # set" either (it is ignored because telemetry is off), so Gym main's warning is not given.
    if not enabled:
        return out

    if not is_set("NEMO_GYM_OTEL_ENABLED"):
        emit("NEMO_GYM_OTEL_ENABLED", "1")

    run_id_given = is_set("NEMO_GYM_OTEL_RUN_ID")
    if not version.lens_carry and lens_value("NEMO_LENS_RUN_ID"):
        run_id_given = True  # Gym main: a set NEMO_LENS_RUN_ID is the run's id, none is minted
    for field, key in version.prefixed:
        gym_var = f"NEMO_GYM_OTEL_{key}"
        lens_var = f"NEMO_LENS_{key}"
        value = getattr(settings, field)
        if not version.lens_carry:
            # Gym main's loop, step by step: a null setting is skipped first, then a set lens
            # fallback leaves the Gym variable unwritten (warning when the config chose otherwise).
            if value is None:
                continue
            if key in version.lens_keys and lens_value(lens_var):
                text = lens_value(lens_var)
                if field in settings.model_fields_set and not same_setting(value, text):
                    print(f"warning: {lens_warning(field, value, lens_var, text)}", file=sys.stderr)
                continue
            if is_set(gym_var):
                continue
        else:
            if is_set(gym_var):
                continue
            if key in version.lens_keys and is_set(lens_var):
                emit(gym_var, env[lens_var])
                if key == "RUN_ID":
                    run_id_given = True
                continue
            if value is None:
                continue
        if key == "RUN_ID":
            if value.strip(ASCII_WS) == "":
                continue
            run_id_given = True
        emit(gym_var, as_env_text(value))

    for block_field, variables in version.nested:
        block = getattr(settings, block_field)
        for field, var in variables:  # always written (setdefault), whatever the block says
            if not is_set(var):
                emit(var, as_env_text(getattr(block, field)))

    for field, var in version.otlp:
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


def warn_unknown(data: Any, model: type, where: str) -> None:
    if not isinstance(data, dict):
        return
    known = list(model.model_fields)
    for k in data:
        if k not in model.model_fields:
            import difflib  # not at the top: scripts/perf/gym_python.py's timed start-up imports us

            close = difflib.get_close_matches(str(k), known, n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            print(f"warning: unknown telemetry key '{where}{k}'{hint}", file=sys.stderr)


def validate(data: Any, version: Any = None) -> BaseModel:
    model = TelemetryConfig if version is None else version.model
    settings = model.model_validate({} if data is None else data)
    warn_unknown(data, model, "")
    if isinstance(data, dict):
        for block_field, _ in ([] if version is None else version.nested):
            # a plain pydantic model: unknown keys inside are ignored (named here, as for the block)
            warn_unknown(data.get(block_field), model.model_fields[block_field].annotation, f"{block_field}.")
    return settings
