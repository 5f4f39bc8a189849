"""The schema versions of SPEC 8 in difftest's cases: each case gets `--gym-version NAME` and, from
a random stream of its own (so the rest of the case is the one the same seed always gave), what
exercises that version's differences from the others (tests/differential/reference/gym_versions.py
is the reference's statement of them):

- 27c821d975 (Gym's main): a `memory_profiling` block, good and bad, with unknown keys inside,
  null or a scalar in its place, floats in every Python text form; its two variables preset in the
  environment; NEMO_LENS_<KEY> of _LENS_FIELDS set (blank too) with the config setting the field
  to the same setting or another; export_strategy/export_rank (loaded, written nowhere).
- 2e5014086a (the telemetry branch): otlp_* in the block (accepted, ignored) beside the standard
  OTEL_EXPORTER_OTLP_* variables; NEMO_LENS_<KEY> carried (SPEC 5) for its nine keys.
- seed: now and then a memory_profiling block, an unknown key there.

The "versions" form (form_versions, drawn only when versions are) gives them mostly valid
single-file cases to land in. Values are YAML texts in files and Hydra texts in `--set` (SPEC 2, 2b); the reference decides
what each gives.
"""

from __future__ import annotations

import random
from typing import List, Optional

try:
    from .generator import (BOOL_BAD, BOOL_GOOD, FIELD_KIND, GENERIC_ENV_VALUES, GOOD, H_VALUES, STR_GOOD, Case,
                            File, Gen, Map, V, _norm)
except ImportError:  # imported as a top-level module (schema_copies.py)
    from generator import (BOOL_BAD, BOOL_GOOD, FIELD_KIND, GENERIC_ENV_VALUES, GOOD, H_VALUES, STR_GOOD, Case,
                           File, Gen, Map, V, _norm)

VERSIONS = ("seed", "2e5014086a", "27c821d975")

# interval_seconds (pydantic's lax float, gt=0; the variable is Python's str(float)), as YAML text.
FLOAT_GOOD = _norm([
    "1.0", "2", "'0.5'", "1e-05", "'1e3'", "1.2345678901234567e+19", ".inf", "'inf'", "'Infinity'",
    "0.5", "1e3", "12345678901234567890", "0x10", "1:30", "'1_000.5'", "' 2.5 '", "true", "'+3'",
    "'1.'", "'.5'", "1e16", "1e-4", "0.0001", "9e-05", "123456789.125", "0.1", "1e22", "'1E3'",
    "3.0e-10", "'  7  '", "1_000", "0b11", "010", "99999999999999999999", "'1e-7'", "0.30000000000000004",
    "1e15", "9999999999999998", "'INF'", "1.5e300", "'5e-324'", "'1e400'",
])
FLOAT_BAD = _norm([
    "0", "-1", "0.0", "'0'", ".nan", "'nan'", "-.inf", "'-inf'", "abc", "''", "~", "null", "'1e'",
    "[1]", "{}", "false", "'_1'", "' 1_0 '", "'0x10'", "1" + "0" * 400, "'1__0'", "-0.0", "'--1'",
    "'-1e-400'",
])
# the same in Hydra's grammar (--set VALUE)
H_FLOAT = _norm(["1.0", "2", "'0.5'", "1e-05", "'1e3'", "1.2345678901234567e+19", "inf", "'inf'", "0.5",
                 "float(2)", "int(3)", "'2.5'", "true", "1e16", "0", "-1", "nan", "-inf", "abc", "null",
                 "[1]", "''", "1_000.5"])
BLOCK_NOT_MAPPING = ["~", "null", "", "5", "abc", "true", "[]", "[a]", "1.5"]
MEM_UNKNOWN = ["interval", "enable", "sample_rate", "1", "intervalSeconds", "extra"]
MEM_ENV = _norm(["1", "0", "true", "", " ", "2.5", "abc", "1e3", "inf"])

# _LENS_FIELDS of Gym main's setup.py, with config values (Hydra text) and NEMO_LENS_ values
# chosen so that the same setting and a different one both occur.
LENS_FIELDS = {
    "span_groups": (["default", "all", "per_rollout", "'default,sandbox'"],
                    ["default", "all", " all ", "per_rollout", "default,sandbox"]),
    "traces_enabled": (["true", "false", "'yes'", "0"], ["1", "0", " on ", "false", "TRUE", "maybe", "off"]),
    "metrics_enabled": (["true", "false", "1", "'off'"], ["1", "0", "yes", "no", "On", "2"]),
    "logs_enabled": (["true", "false", "'on'"], ["1", "0", "true", "FALSE", " yes "]),
    "exporter": (["otlp", "console", "'otlp '"], ["console", "otlp", " otlp ", "none"]),
    "run_id": (["abc", "run-1", "' abc '", "null", "''"], ["abc", "run-1", " abc ", "other"]),
}
LENS_BLANK = ["", " ", "\t "]


def _config_map(c: Case, rng: random.Random) -> Optional[Map]:
    """A telemetry mapping of a generated (not raw) file, the last one preferred (merged last)."""
    blocks = [f.body.get("telemetry") for f in c.files if f.raw is None]
    blocks = [b for b in blocks if isinstance(b, Map)]
    if not blocks:
        return None
    return blocks[-1] if rng.random() < 0.6 else rng.choice(blocks)


def _pick(rng: random.Random, pool: List[V], skip: tuple) -> str:
    return rng.choice([e for e in pool if not (set(e.tags) & set(skip))]).text


def memory_block(c: Case, rng: random.Random, skip: tuple) -> None:
    block = _config_map(c, rng)
    if block is None or rng.random() < 0.2:
        if rng.random() < 0.7:
            c.sets.append(("telemetry.memory_profiling.interval_seconds", _pick(rng, H_FLOAT, skip)))
        if rng.random() < 0.5:
            c.sets.append(("telemetry.memory_profiling.enabled", _pick(rng, H_VALUES["bool"], skip)))
        if rng.random() < 0.2:
            c.sets.append(("telemetry.memory_profiling",
                           rng.choice(["{enabled: true, interval_seconds: 0.25}", "{x: 1}", "null", "5", "{}"])))
        c.notes.append("memory_profiling:set")
        return
    if rng.random() < 0.08:
        block.set("memory_profiling", rng.choice(BLOCK_NOT_MAPPING))
        c.notes.append("memory_profiling:not-mapping")
        return
    mem = Map(flow=rng.random() < 0.3)
    if rng.random() < 0.7:
        mem.set("enabled", _pick(rng, BOOL_GOOD if rng.random() < 0.9 else BOOL_BAD, skip))
    if rng.random() < 0.9:
        mem.set("interval_seconds", _pick(rng, FLOAT_GOOD if rng.random() < 0.85 else FLOAT_BAD, skip))
    if rng.random() < 0.25:
        mem.set(rng.choice(MEM_UNKNOWN), _pick(rng, STR_GOOD, skip))
        c.notes.append("memory_profiling:unknown-key")
    block.set("memory_profiling", mem)
    c.notes.append("memory_profiling")


def lens_settings(c: Case, rng: random.Random) -> None:
    for field in rng.sample(list(LENS_FIELDS), rng.choice([1, 1, 2, 3])):
        config_values, lens_values = LENS_FIELDS[field]
        key = field.upper()
        c.env[f"NEMO_LENS_{key}"] = rng.choice(lens_values if rng.random() < 0.85 else LENS_BLANK)
        if rng.random() < 0.8:  # the config sets the field explicitly (Gym warns when it differs)
            value = rng.choice(config_values)
            block = _config_map(c, rng)
            if block is not None and rng.random() < 0.5:
                block.set(field, value)
            else:
                c.sets.append((f"telemetry.{field}", value))
        c.notes.append(f"lens:{field}")


def otlp_settings(c: Case, rng: random.Random) -> None:
    values = {"otlp_endpoint": ["http://collector:4318", "'https://api.honeycomb.io'", "''"],
              "otlp_protocol": ["grpc", "http/protobuf"], "otlp_headers": ["'x-key=abc'", "'k=v,k2=v2'"]}
    for field in rng.sample(list(values), rng.choice([1, 1, 2, 3])):
        block = _config_map(c, rng)
        if block is not None and rng.random() < 0.6:
            block.set(field, rng.choice(values[field]))
        else:
            c.sets.append((f"telemetry.{field}", rng.choice(["http://h:4317", "grpc", "abc"])))
    c.notes.append("otlp-fields")


def enable(c: Case, rng: random.Random) -> None:
    """Most cases switch telemetry on, so that there are variables to compare."""
    if "NEMO_GYM_OTEL_ENABLED" not in c.env and rng.random() < 0.6:
        c.env["NEMO_GYM_OTEL_ENABLED"] = rng.choice(["1", "true", " on "])


def form_versions(g: Gen) -> None:
    """One config file whose block holds only valid values, so that most cases get past validation
    and the versions' variables and warnings are compared (add_version adds the rest)."""
    c = g.case
    c.form = "versions"
    g.env()
    block = Map(flow=g.chance(0.2))
    for name in g.rng.sample([f for f in FIELD_KIND if f != "enabled"], g.rng.choice([0, 1, 2, 3, 4])):
        block.set(name, g.pick(g.rng.choice(GOOD[FIELD_KIND[name]])).text)
    if g.chance(0.6):
        block.set("enabled", g.rng.choice(["true", "yes", "'on'", "1"]))
    f = File("work/r1.yaml")
    f.body.set("telemetry", block)
    c.files = [f]
    c.positional = ["r1.yaml"]


def add_version(c: Case, version: str, skip: tuple) -> None:
    rng = random.Random(f"{c.seed}/{c.index}/{version}")
    c.gym_version = version
    if version == "27c821d975":
        if rng.random() < 0.85:
            memory_block(c, rng, skip)
        if rng.random() < 0.3:
            for var in ("NEMO_GYM_OTEL_MEMORY_PROFILING_ENABLED", "NEMO_GYM_OTEL_MEMORY_PROFILING_INTERVAL_SECONDS"):
                if rng.random() < 0.5:
                    c.env[var] = _pick(rng, MEM_ENV, skip)
        if rng.random() < 0.6:
            lens_settings(c, rng)
        if rng.random() < 0.2:
            c.sets.append((f"telemetry.{rng.choice(['export_strategy', 'export_rank'])}",
                           rng.choice(["single_rank", "3", "abc"])))
        enable(c, rng)
    elif version == "2e5014086a":
        if rng.random() < 0.6:
            otlp_settings(c, rng)
        if rng.random() < 0.3:
            for key in ("EXPORT_STRATEGY", "EXPORT_RANK", "EXPORTER"):
                if rng.random() < 0.4:
                    c.env[f"NEMO_LENS_{key}"] = _pick(rng, GENERIC_ENV_VALUES, skip)
        if rng.random() < 0.1:
            memory_block(c, rng, skip)
        enable(c, rng)
    elif rng.random() < 0.1:
        memory_block(c, rng, skip)
