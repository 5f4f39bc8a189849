#!/usr/bin/env python3
"""Reference implementation of gym-otel-env (SPEC.md sections 1-5) on the real OmegaConf and pydantic v2.

Run it with the Debian OmegaConf 2.2.2 on the path:

    PYTHONPATH=/usr/lib/python3/dist-packages python3 scripts/reference/gym_otel_ref.py \
        [--set K=V]... [--env-yaml P | --no-env-yaml] [--search-dir D]... [--format json] [CONFIG...]

Success: one JSON object {NAME: VALUE} on stdout, exit 0 (warnings, if any, on stderr).
Failure: one line `error: <ExceptionClass>: <message>` on stderr, exit 1. Never a traceback.

What is taken from NeMo Gym (nemo_gym/global_config.py, nemo_gym/__init__.py):
  * every file is read with OmegaConf.load; config_paths includes are followed exactly like
    GlobalConfigDictParser.load_extra_config_paths (dedupe by entry string, post-order merge);
  * search roots = --search-dir dirs, NEMO_GYM_EXTRA_ROOTS (':'-separated, empty entries dropped),
    cwd; de-duplicated by resolved path; a relative entry is taken under the first root where it exists;
  * env.yaml (first root that has one, or --env-yaml) is merged after all config files; with no
    CONFIG, env.yaml's own config_paths are the roots (validated as List[str] like Gym does);
  * --set overrides are collected into one override config with OmegaConf.update(..., merge=True),
    as Hydra builds Gym's CLI config, and that config is merged last;
  * cfg.get('telemetry') then OmegaConf.to_container(block, resolve=True, throw_on_missing=True).

Decisions where neither Gym nor the spec says (documented in examples.md):
  * a top-level document that is not a mapping is an error (OmegaConf would turn a lone plain string
    `abc` into {abc: None}); an empty document is an empty mapping;
  * --set VALUE is typed by running the OmegaConf YAML loader's implicit resolvers on the whole
    VALUE as a plain scalar (no quote removal, no comments, no flow collections, no stripping);
  * "blank" / "trimmed" use ASCII whitespace (space, \\t, \\n, \\v, \\f, \\r);
  * "only variables that change are emitted": a variable whose current value already equals the
    new value is not emitted;
  * the config is validated even when the environment switches telemetry off;
  * `telemetry: ???` is an error (OmegaConf's cfg.get would give None = defaults; Gym rejects every
    '???' left after merging, anywhere in the config - the spec limits that to the block);
  * --env-yaml naming a missing file is an error (Gym silently skips it); `-` may appear once.
"""

from __future__ import annotations

import difflib
import io
import json
import os
import secrets
import sys
import warnings
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

import yaml
from omegaconf import Container, DictConfig, ListConfig, OmegaConf
from omegaconf.errors import MissingMandatoryValue
from omegaconf._utils import get_yaml_loader
from pydantic import BaseModel, TypeAdapter

CONFIG_PATHS_KEY = "config_paths"
ASCII_WS = " \t\n\v\f\r"


class UsageError(Exception):
    pass


class ConfigError(Exception):
    pass


class ConfigPathNotFoundError(ConfigError):
    pass


class MalformedConfigPathsError(ConfigError):
    pass


class TopLevelNotMappingError(ConfigError):
    pass


class TelemetryConfig(BaseModel):
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


# --------------------------------------------------------------------------- command line


class Args:
    def __init__(self) -> None:
        self.sets: List[Tuple[str, str]] = []
        self.env_yaml: Optional[str] = None
        self.no_env_yaml = False
        self.search_dirs: List[str] = []
        self.configs: List[str] = []


def parse_args(argv: List[str]) -> Args:
    a = Args()
    i = 0
    only_positional = False

    def value_of(opt: str) -> str:
        nonlocal i
        arg = argv[i]
        if arg.startswith(opt + "="):
            return arg[len(opt) + 1:]
        if i + 1 >= len(argv):
            raise UsageError(f"{opt} needs a value")
        i += 1
        return argv[i]

    while i < len(argv):
        arg = argv[i]
        if only_positional or arg == "-" or not arg.startswith("-"):
            a.configs.append(arg)
        elif arg == "--":
            only_positional = True
        elif arg == "--set" or arg.startswith("--set="):
            kv = value_of("--set")
            if "=" not in kv:
                raise UsageError(f"--set expects KEY=VALUE, got {kv!r}")
            key, value = kv.split("=", 1)
            a.sets.append((key, value))
        elif arg == "--env-yaml" or arg.startswith("--env-yaml="):
            a.env_yaml = value_of("--env-yaml")
        elif arg == "--no-env-yaml":
            a.no_env_yaml = True
        elif arg == "--search-dir" or arg.startswith("--search-dir="):
            a.search_dirs.append(value_of("--search-dir"))
        elif arg == "--format" or arg.startswith("--format="):
            fmt = value_of("--format")
            if fmt != "json":
                raise UsageError(f"the reference only prints json, not {fmt!r}")
        else:
            raise UsageError(f"unknown option {arg!r}")
        i += 1
    if a.env_yaml is not None and a.no_env_yaml:
        raise UsageError("--env-yaml and --no-env-yaml exclude each other")
    if a.configs.count("-") > 1:
        raise UsageError("'-' (standard input) may be given only once")
    return a


# --------------------------------------------------------------------------- loading


class _Stdin:
    """Marker for the `-` root (never equal to a config_paths string)."""

    def __repr__(self) -> str:
        return "'-'"


STDIN = _Stdin()


def search_roots(search_dirs: List[str]) -> List[Path]:
    """--search-dir roots in front of NEMO_GYM_EXTRA_ROOTS, then cwd (Gym's component_search_roots)."""
    extra = [d for d in os.environ.get("NEMO_GYM_EXTRA_ROOTS", "").split(":") if d]
    candidates = [Path(d) for d in search_dirs if d] + [Path(d) for d in extra] + [Path.cwd()]
    roots: List[Path] = []
    seen = set()
    for root in candidates:
        resolved = root.resolve()
        if resolved not in seen:
            seen.add(resolved)
            roots.append(root)
    return roots


def locate(entry: str, roots: List[Path]) -> Tuple[Optional[Path], List[Path]]:
    p = Path(entry)
    if p.is_absolute():
        return (p if p.exists() else None), [p]
    places = [root / p for root in roots]
    for candidate in places:
        if candidate.exists():
            return candidate, places
    return None, places


def load_text_as_config(text: str, name: str) -> DictConfig:
    # The raw document decides "top level is a mapping"; OmegaConf.load itself would accept a list
    # (ListConfig) and turn a lone plain string into {string: None}.
    raw = yaml.load(text, Loader=get_yaml_loader())
    if raw is not None and not isinstance(raw, dict):
        raise TopLevelNotMappingError(f"{name}: the top level must be a mapping, got {type(raw).__name__}")
    cfg = OmegaConf.load(io.StringIO(text))
    assert isinstance(cfg, DictConfig)
    return cfg


_stdin_text: Optional[str] = None


def load_entry(entry: Any, roots: List[Path]) -> DictConfig:
    global _stdin_text
    if entry is STDIN:
        if _stdin_text is None:
            _stdin_text = sys.stdin.buffer.read().decode("utf-8")
            # same newline translation as a text-mode open() in OmegaConf.load
            _stdin_text = _stdin_text.replace("\r\n", "\n").replace("\r", "\n")
        return load_text_as_config(_stdin_text, "<stdin>")
    if not isinstance(entry, str):
        raise MalformedConfigPathsError(f"config_paths entry {entry!r} is not a string")
    path, places = locate(entry, roots)
    if path is None:
        looked = "; ".join(str(p) for p in places)
        raise ConfigPathNotFoundError(f"config_paths entry '{entry}' was not found. Looked in: {looked}")
    # exactly what OmegaConf.load(path) reads
    with io.open(os.path.abspath(path), "r", encoding="utf-8") as f:
        text = f.read()
    return load_text_as_config(text, str(path))


def load_extra_config_paths(config_paths: List[Any], roots: List[Path]) -> List[DictConfig]:
    """GlobalConfigDictParser.load_extra_config_paths, returning the configs in merge order."""
    config_paths = list(config_paths)
    root_count = len(config_paths)
    children: List[List[int]] = [[] for _ in config_paths]
    extra_configs: List[DictConfig] = []
    for index, config_path in enumerate(config_paths):  # config_paths grows while we iterate
        extra_config = load_entry(config_path, roots)
        includes = extra_config.get(CONFIG_PATHS_KEY)
        if includes is not None and not isinstance(includes, ListConfig):
            raise MalformedConfigPathsError(
                f"'{CONFIG_PATHS_KEY}' in {config_path!r} must be a list of paths, got {type(includes).__name__}"
            )
        for new_config_path in includes or []:
            if not isinstance(new_config_path, str):
                raise MalformedConfigPathsError(
                    f"'{CONFIG_PATHS_KEY}' entry {new_config_path!r} in {config_path!r} is not a string"
                )
            if new_config_path not in config_paths:
                config_paths.append(new_config_path)
                children.append([])
                children[index].append(len(config_paths) - 1)
        extra_configs.append(extra_config)

    merge_order: List[int] = []
    pending: List[Tuple[int, bool]] = [(root, False) for root in reversed(range(root_count))]
    while pending:
        index, children_visited = pending.pop()
        if children_visited:
            merge_order.append(index)
            continue
        pending.append((index, True))
        pending.extend((child, False) for child in reversed(children[index]))
    return [extra_configs[i] for i in merge_order]


def type_set_value(value: str) -> Any:
    """VALUE of --set typed as a plain YAML scalar by OmegaConf's loader (empty -> None).

    VALUE in matching single or double quotes is the string inside, as Hydra reads it
    (docs/decisions.md)."""
    if len(value) >= 2 and value[0] in "'\"" and value[-1] == value[0]:
        return value[1:-1]
    loader_cls = get_yaml_loader()
    loader = loader_cls("")
    tag = loader.resolve(yaml.ScalarNode, value, (True, False))
    node = yaml.ScalarNode(tag, value)
    return loader.construct_object(node, deep=True)


def build_override_config(sets: List[Tuple[str, str]]) -> DictConfig:
    cli = OmegaConf.create({})
    for key, value in sets:
        if key.startswith("++"):
            key = key[2:]
        elif key.startswith("+"):
            key = key[1:]
        if not key:
            raise UsageError("--set needs a non-empty KEY")
        OmegaConf.update(cli, key, type_set_value(value), merge=True)
    return cli


def load_merged(args: Args) -> DictConfig:
    roots = search_roots(args.search_dirs)

    env_cfg: DictConfig = OmegaConf.create({})
    if not args.no_env_yaml:
        if args.env_yaml is not None:
            p = Path(args.env_yaml)
            if not p.exists():
                raise ConfigPathNotFoundError(f"--env-yaml file '{args.env_yaml}' was not found")
            env_cfg = load_entry(str(p.absolute()), roots)
        else:
            found, _ = locate("env.yaml", roots)
            if found is not None:
                env_cfg = load_entry(str(found.absolute()), roots)

    cli_cfg = build_override_config(args.sets)

    if args.configs:
        root_entries: List[Any] = [STDIN if c == "-" else c for c in args.configs]
    else:
        value = env_cfg.get(CONFIG_PATHS_KEY) or []
        try:
            root_entries = TypeAdapter(List[str]).validate_python(value)
        except Exception as e:
            raise MalformedConfigPathsError(
                f"'{CONFIG_PATHS_KEY}' in env.yaml must be a list of paths. Got: {value!r}"
            ) from e

    extra_configs = load_extra_config_paths(root_entries, roots)
    return OmegaConf.merge(OmegaConf.create({}), *extra_configs, env_cfg, cli_cfg)


# --------------------------------------------------------------------------- settings -> variables


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
            raise ConfigError(f"value for {name} contains a NUL character")
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


# --------------------------------------------------------------------------- main


def run(argv: List[str]) -> Dict[str, str]:
    args = parse_args(argv)
    cfg = load_merged(args)
    if OmegaConf.is_missing(cfg, "telemetry"):
        # cfg.get() would return None (= all defaults); Gym rejects any '???' left after merging
        raise MissingMandatoryValue("Missing mandatory value: telemetry")
    block = cfg.get("telemetry")
    if isinstance(block, Container):
        data = OmegaConf.to_container(block, resolve=True, throw_on_missing=True)
    else:
        data = block  # None -> all defaults; any other scalar is rejected by the model
    settings = TelemetryConfig.model_validate({} if data is None else data)
    if isinstance(data, dict):
        known = list(TelemetryConfig.model_fields)
        for k in data:
            if k not in TelemetryConfig.model_fields:
                close = difflib.get_close_matches(str(k), known, n=1)
                hint = f" (did you mean '{close[0]}'?)" if close else ""
                print(f"warning: unknown telemetry key '{k}'{hint}", file=sys.stderr)
    return translate(settings)


def one_line(s: str) -> str:
    return " | ".join(part.strip() for part in str(s).splitlines() if part.strip())


def main(argv: List[str]) -> int:
    warnings.simplefilter("ignore")
    sys.setrecursionlimit(10000)
    try:
        out = run(argv)
    except BaseException as e:  # noqa: BLE001 - the contract is: one line, never a traceback
        if isinstance(e, KeyboardInterrupt):
            return 130
        print(f"error: {type(e).__name__}: {one_line(e)}", file=sys.stderr)
        return 1
    data = json.dumps(out, ensure_ascii=False, indent=None)
    sys.stdout.buffer.write(data.encode("utf-8", "surrogatepass") + b"\n")
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
