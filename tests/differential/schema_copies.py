#!/usr/bin/env python3
"""The differential tests' copies of the telemetry schema, held to the C++ tables.

The reference (reference/telemetry_model.py) and the generators (generator.py,
odd_yaml.py) each write out the telemetry block's fields for themselves, from Gym's
TelemetryConfig and SPEC 4 and 5, never from the C++. This check does not derive them
from kSchema either: it reads kSchema's rows out of lib/gym_otel_env/telemetry/schema.hpp
and fails, naming each difference, when a copy has a field, a type, a default or a
variable the table does not, so that a field added to one side and forgotten on the
other fails a test. Exit 0 when all agree, 1 with the differences on stderr.
"""

from __future__ import annotations

import re
import sys
import typing
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
SCHEMA = ROOT / "lib" / "gym_otel_env" / "telemetry" / "schema_versions.cpp"
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE / "reference"))

# A field, named once: `constexpr Field kName{"key", FieldType::type, "default", null, "VARIABLE", "LENS", ...`
FIELD = re.compile(r'constexpr Field (\w+)\{"([\w.]+)",\s*FieldType::(\w+),\s*"([^"]*)",\s*(true|false),\s*"(\w+)",\s*"(\w*)",')
# A version's table: `constexpr std::array<Field, N> kName{kField, kField, ...};`
TABLE = re.compile(r'constexpr std::array<Field, \d+> (\w+)\{([^;]*)\};')
TABLES = {"seed": "kSeed", "2e5014086a": "kBranch", "27c821d975": "kMain"}


def schema_rows(version: str = "seed") -> list[dict]:
    text = SCHEMA.read_text()
    fields = {m.group(1): dict(zip(("key", "type", "fallback", "null", "variable", "lens"), m.groups()[1:]))
              for m in FIELD.finditer(text)}
    tables = {m.group(1): [n.strip() for n in m.group(2).split(",") if n.strip()] for m in TABLE.finditer(text)}
    names = tables.get(TABLES[version], [])
    rows = [fields[n] for n in names if n in fields]
    if not rows or len(rows) != len(names):
        sys.exit(f"{SCHEMA}: the {version} table was not read whole; has its layout changed?")
    return rows


def python_kind(annotation, default) -> str:
    """The reference's field type in kSchema's FieldType words."""
    if annotation is bool:
        return "boolean"
    if annotation is int:
        return "integer"
    if annotation is str:
        return "string"
    if typing.get_origin(annotation) is typing.Union and set(typing.get_args(annotation)) == {str, type(None)}:
        return "optional_string"
    return f"unknown ({annotation!r})"


def main() -> int:
    import generator
    import odd_yaml
    import telemetry_model as model

    rows = schema_rows()
    keys = [r["key"] for r in rows]
    by_key = {r["key"]: r for r in rows}
    problems: list[str] = []

    def same(what: str, copy, table) -> None:
        if copy != table:
            problems.append(f"{what}:\n  copy:    {copy!r}\n  kSchema: {table!r}")

    fields = model.TelemetryConfig.model_fields
    same("telemetry_model.TelemetryConfig's fields, in order", list(fields), keys)
    for key, info in fields.items():
        row = by_key.get(key)
        if row is None:
            continue
        same(f"telemetry_model.TelemetryConfig.{key}'s type", python_kind(info.annotation, info.default), row["type"])
        default = None if info.default is None else model.as_env_text(info.default)
        same(f"telemetry_model.TelemetryConfig.{key}'s default", default,
             None if row["null"] == "true" else row["fallback"])

    prefix = "NEMO_GYM_OTEL_"
    copied = {field: prefix + key for field, key in model.PREFIXED}
    copied.update(dict(model.OTLP))
    written = {r["key"]: r["variable"] for r in rows if r["key"] not in ("enabled", "service_name")}
    same("telemetry_model.PREFIXED and OTLP, field -> variable", copied, written)
    same("telemetry_model.LENS_KEYS", sorted(model.LENS_KEYS),
         sorted(r["lens"].removeprefix("NEMO_LENS_") for r in rows if r["lens"]))

    kinds = {"bool": "boolean", "int": "integer", "str": "string", "optstr": "optional_string"}
    same("generator.FIELD_KIND, in order", [(k, kinds.get(v, v)) for k, v in generator.FIELD_KIND.items()],
         [(r["key"], r["type"]) for r in rows])
    same("odd_yaml.STR_FIELDS", sorted(odd_yaml.STR_FIELDS),
         sorted(r["key"] for r in rows if r["type"] in ("string", "optional_string")))
    # `enabled` is left out on purpose: odd_yaml writes it itself, to switch telemetry on.
    same("odd_yaml.BOOL_FIELDS (all booleans but enabled)", sorted(odd_yaml.BOOL_FIELDS),
         sorted(r["key"] for r in rows if r["type"] == "boolean" and r["key"] != "enabled"))

    for p in problems:
        print(f"schema_copies: {p}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
