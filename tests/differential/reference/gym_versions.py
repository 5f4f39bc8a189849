"""SPEC 8: the three telemetry schema versions the reference stands in for, each written from the
Gym code it names (nemo_gym/telemetry/config.py for the model, setup.py for the variables, their
order and the lens rule), never from the C++ tool.

- "seed" (the default): the seed document's 15-field TelemetryConfig (telemetry_model.py).
- "2e5014086a": Gym's telemetry branch (NVIDIA-NeMo/Gym@2e5014086a172aa34654e195e504df496e9c95f5):
  12 fields, no otlp_* (`extra="allow"`: an `otlp_endpoint:` is accepted and ignored, nothing
  OTEL_EXPORTER_OTLP_* is written from the config), with SPEC 5's three differences as stated.
- "27c821d975": Gym's main (NVIDIA-NeMo/Gym@27c821d975210e4f5f1a6c830ec64ff4f3ea6b8c): no export_*
  (set, they load and write nothing), a nested memory_profiling block whose two variables are
  always written, otlp_* kept, and `_LENS_FIELDS`: a set NEMO_LENS_<KEY> leaves NEMO_GYM_OTEL_<KEY>
  unwritten, with Gym's warning when the config chose another setting.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, FrozenSet, List, Optional, Tuple

from pydantic import BaseModel, Field

import telemetry_model as seed_model

OTEL = "NEMO_GYM_OTEL_"


@dataclass(frozen=True)
class Version:
    name: str
    commit: str  # the Gym commit it copies ("" for the seed document's model)
    model: type  # the pydantic model of the telemetry block, Gym's field order
    prefixed: List[Tuple[str, str]]  # setup.py's _ENV_FIELD_MAP without "enabled": (field, KEY), in write order
    lens_keys: FrozenSet[str]  # KEYs whose NEMO_LENS_<KEY> counts (ENABLED: enablement, SPEC 5.1)
    lens_carry: bool  # True: SPEC 5.3 carries NEMO_LENS_<KEY>; False: Gym main leaves the variable unwritten
    nested: List[Tuple[str, List[Tuple[str, str]]]]  # (block field, [(field, variable)]), always written
    otlp: List[Tuple[str, str]]  # (field, standard variable)


class BranchTelemetryConfig(BaseModel, extra="allow"):
    """nemo_gym/telemetry/config.py at 2e5014086a: the 12 fields, Gym's order."""

    enabled: bool = False
    service_name: str = "nemo-gym"
    service_name_per_server: bool = True
    span_groups: str = "default"
    export_strategy: str = "all_ranks"
    export_rank: int = -1
    traces_enabled: bool = True
    metrics_enabled: bool = True
    logs_enabled: bool = False
    exporter: str = "otlp"
    instrument_aiohttp: bool = True
    run_id: Optional[str] = None


class MemoryProfilingConfig(BaseModel):
    """config.py at 27c821d975: a plain BaseModel (unknown keys ignored); lax float, `gt=0`."""

    enabled: bool = False
    interval_seconds: float = Field(default=1.0, gt=0)


class MainTelemetryConfig(BaseModel, extra="allow"):
    """nemo_gym/telemetry/config.py at 27c821d975: Gym's order."""

    enabled: bool = False
    service_name: str = "nemo-gym"
    service_name_per_server: bool = True
    span_groups: str = "default"
    traces_enabled: bool = True
    metrics_enabled: bool = True
    memory_profiling: MemoryProfilingConfig = Field(default_factory=MemoryProfilingConfig)
    logs_enabled: bool = False
    exporter: str = "otlp"
    otlp_endpoint: Optional[str] = None
    otlp_protocol: Optional[str] = None
    otlp_headers: Optional[str] = None
    instrument_aiohttp: bool = True
    run_id: Optional[str] = None


SEED = Version(
    name="seed",
    commit="",
    model=seed_model.TelemetryConfig,
    prefixed=list(seed_model.PREFIXED),
    lens_keys=frozenset(seed_model.LENS_KEYS),
    lens_carry=True,
    nested=[],
    otlp=list(seed_model.OTLP),
)

# setup.py at 2e5014086a, _ENV_FIELD_MAP: the order is the seed's.
BRANCH = Version(
    name="2e5014086a",
    commit="2e5014086a172aa34654e195e504df496e9c95f5",
    model=BranchTelemetryConfig,
    prefixed=[
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
    ],
    # the lens config fields (setup.py: "NemoLensConfig.from_env reads NEMO_GYM_OTEL_<KEY> first,
    # then NEMO_LENS_<KEY>"): the _ENV_FIELD_MAP entries but the two Gym-owned flags
    lens_keys=frozenset({"ENABLED", "SPAN_GROUPS", "EXPORT_STRATEGY", "EXPORT_RANK", "TRACES_ENABLED",
                         "METRICS_ENABLED", "LOGS_ENABLED", "EXPORTER", "RUN_ID"}),
    lens_carry=True,
    nested=[],
    otlp=[],
)

# setup.py at 27c821d975: _ENV_FIELD_MAP, _LENS_FIELDS, _MEMORY_PROFILING_ENV_FIELD_MAP,
# _OTLP_ENV_FIELD_MAP, written in that order.
MAIN = Version(
    name="27c821d975",
    commit="27c821d975210e4f5f1a6c830ec64ff4f3ea6b8c",
    model=MainTelemetryConfig,
    prefixed=[
        ("span_groups", "SPAN_GROUPS"),
        ("traces_enabled", "TRACES_ENABLED"),
        ("metrics_enabled", "METRICS_ENABLED"),
        ("logs_enabled", "LOGS_ENABLED"),
        ("exporter", "EXPORTER"),
        ("run_id", "RUN_ID"),
        ("service_name_per_server", "SERVICE_NAME_PER_SERVER"),
        ("instrument_aiohttp", "INSTRUMENT_AIOHTTP"),
    ],
    lens_keys=frozenset({"ENABLED", "SPAN_GROUPS", "TRACES_ENABLED", "METRICS_ENABLED", "LOGS_ENABLED",
                         "EXPORTER", "RUN_ID"}),
    lens_carry=False,
    nested=[("memory_profiling", [("enabled", OTEL + "MEMORY_PROFILING_ENABLED"),
                                  ("interval_seconds", OTEL + "MEMORY_PROFILING_INTERVAL_SECONDS")])],
    otlp=[
        ("otlp_endpoint", "OTEL_EXPORTER_OTLP_ENDPOINT"),
        ("otlp_protocol", "OTEL_EXPORTER_OTLP_PROTOCOL"),
        ("otlp_headers", "OTEL_EXPORTER_OTLP_HEADERS"),
    ],
)

VERSIONS: Dict[str, Version] = {v.name: v for v in (SEED, BRANCH, MAIN)}
DEFAULT = SEED.name
# Gym versions that differ only in their command line (SPEC 8: 52755d025d, the newer one), by the
# schema version they have.
SAME_SCHEMA = {"52755d025d": MAIN.name}


def schema_of(gym_version: Optional[str]) -> Optional[Version]:
    """The schema version in force for `--gym-version NAME` (None: the default); None when unknown."""
    if gym_version is None:
        return SEED
    return VERSIONS.get(SAME_SCHEMA.get(gym_version, gym_version))


def names() -> str:
    return ", ".join([*VERSIONS, *SAME_SCHEMA])
