#!/usr/bin/env python3
"""The differential tests' copies of the telemetry schema, held to the C++ tables.

The reference (reference/telemetry_model.py) and the generators (generator.py,
odd_yaml.py) each write out the telemetry block's fields for themselves, from Gym's
TelemetryConfig and SPEC 4 and 5, never from the C++. This check does not derive them
from kSchema either: it reads kSchema's rows out of lib/gym_otel_env/telemetry/schema.hpp
and fails, naming each difference, when a copy has a field, a type, a default or a
variable the table does not, so that a field added to one side and forgotten on the
other fails a test. Exit 0 when all agree, 1 with the differences on stderr.

kSeed (lib/gym_otel_env/telemetry/schema_versions.cpp, the seed's table, SPEC 8's default) is
held to the seed's copies as kSchema was. Each version of reference/gym_versions.py is held to
its own table (kSeed, kBranch, kMain): the rows in write order, each with its key (a nested
field's as its path, memory_profiling.interval_seconds), type, default, variable and lens
fallback, as the version's pydantic model and tables give them. gym_versions.py is also held to
itself and the generator's copy of Gym main's _LENS_FIELDS (versions_gen.LENS_FIELDS) to it.
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


def python_kind(annotation, default, metadata=()) -> str:
    """The reference's field type in kSchema's FieldType words."""
    if annotation is float:
        return "positive_float" if any(getattr(m, "gt", None) == 0 for m in metadata) else "float"
    if annotation is bool:
        return "boolean"
    if annotation is int:
        return "integer"
    if annotation is str:
        return "string"
    if typing.get_origin(annotation) is typing.Union and set(typing.get_args(annotation)) == {str, type(None)}:
        return "optional_string"
    return f"unknown ({annotation!r})"


def reference_rows(v) -> list[dict]:
    """A gym_versions.Version as the C++ table's rows, in the order its setup.py writes them."""
    import telemetry_model as model

    fields = v.model.model_fields
    order = [("enabled", "NEMO_GYM_OTEL_ENABLED", "ENABLED", fields["enabled"])]
    order += [(f, "NEMO_GYM_OTEL_" + k, k, fields[f]) for f, k in v.prefixed]
    for block, variables in v.nested:
        sub = fields[block].annotation.model_fields
        order += [(f"{block}.{f}", var, "", sub[f]) for f, var in variables]
    order += [(f, var, "", fields[f]) for f, var in v.otlp]
    order.append(("service_name", "OTEL_SERVICE_NAME", "", fields["service_name"]))
    return [{"key": key, "type": python_kind(info.annotation, info.default, info.metadata),
             "fallback": "" if info.default is None else model.as_env_text(info.default),
             "null": "true" if info.default is None else "false", "variable": var,
             "lens": f"NEMO_LENS_{lens}" if lens in v.lens_keys else ""}
            for key, var, lens, info in order]


def version_problems() -> list[str]:
    import gym_versions
    import telemetry_model as model
    import versions_gen

    problems: list[str] = []
    seed = gym_versions.SEED
    if (seed.model, seed.prefixed, set(seed.lens_keys), seed.otlp) != (
            model.TelemetryConfig, model.PREFIXED, model.LENS_KEYS, model.OTLP):
        problems.append("gym_versions.SEED is not telemetry_model's seed table")
    if set(versions_gen.VERSIONS) != set(gym_versions.VERSIONS):
        problems.append(f"versions_gen.VERSIONS {versions_gen.VERSIONS!r} != gym_versions.VERSIONS "
                        f"{list(gym_versions.VERSIONS)!r}")
    for v in gym_versions.VERSIONS.values():
        fields = v.model.model_fields
        named = [f for f, _ in v.prefixed] + [f for f, _ in v.otlp] + [b for b, _ in v.nested]
        missing = [f for f in named + ["enabled", "service_name"] if f not in fields]
        if missing:
            problems.append(f"gym_versions {v.name}: fields named by its tables but not in its model: {missing}")
        for block, variables in v.nested:
            sub = fields[block].annotation.model_fields if block in fields else {}
            if sorted(f for f, _ in variables) != sorted(sub):
                problems.append(f"gym_versions {v.name}: {block}'s variables do not name its model's fields")
        stray = sorted(v.lens_keys - {k for _, k in v.prefixed} - {"ENABLED"})
        if stray:
            problems.append(f"gym_versions {v.name}: lens keys without a variable: {stray}")
    for name, v in gym_versions.VERSIONS.items():
        mine, table = reference_rows(v), schema_rows(name)
        if mine != table:
            keys = [r["key"] for r in mine]
            if keys != [r["key"] for r in table]:
                problems.append(f"gym_versions {name}'s fields, in write order:\n  copy:    {keys!r}\n"
                                f"  {TABLES[name]}: {[r['key'] for r in table]!r}")
            for m, t in zip(mine, table):
                if m != t:
                    problems.append(f"gym_versions {name}, {m['key']}:\n  copy:    {m!r}\n  {TABLES[name]}: {t!r}")
    main_lens = sorted(k.lower() for k in gym_versions.MAIN.lens_keys - {"ENABLED"})
    if sorted(versions_gen.LENS_FIELDS) != main_lens:
        problems.append(f"versions_gen.LENS_FIELDS {sorted(versions_gen.LENS_FIELDS)!r} != _LENS_FIELDS {main_lens!r}")
    return problems


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

    problems += version_problems()
    for p in problems:
        print(f"schema_copies: {p}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
