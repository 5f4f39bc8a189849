#!/usr/bin/env python3
"""Reference model of gym-otel-env on the real OmegaConf 2.2.2 and pydantic v2: our stand-in for
NeMo Gym in CI. Every loading rule is rewritten from NeMo Gym's and Hydra's code (see the module
headers and examples.md), never from the C++ tool.

    PYTHONPATH=/usr/lib/python3/dist-packages python3 tests/differential/reference/gym_otel_ref.py \
        [--set K=V]... [--env-yaml P | --no-env-yaml] [--search-dir D]... [--gym-root D] \
        [--gym-version NAME] [--format json] [CONFIG... | --exec -- CMD ARGS...]

The arguments are the tool's. With --exec and no CONFIG, when CMD is one of Gym's entry points
(gym_cli.gym_argv), its command line is read as Gym reads it; the command is never run.
--gym-version NAME names the Gym (SPEC 8): its telemetry schema (gym_versions.py: seed, the
default, 2e5014086a or 27c821d975; 52755d025d has Gym main's) and its command line (gym_cli.py).

Success: one JSON object {NAME: VALUE} of the variables the tool would export (with --exec: the
ones the child would see changed), exit 0; warnings on stderr.
Failure: one line `error: <Class>: <message>` on stderr; exit 2 for usage errors (ours, Hydra's
override grammar and override application, Gym's command line), 1 for everything else.
Never a traceback.

Pipeline (gym_loader.parse): Gym argv -> Hydra tokens (+config_paths coalesced, `--set K=V` as
`++K=V` after them) applied to Hydra's empty struct config -> env.yaml -> config_paths tree ->
merge -> directives (_recursively_swap_keys) -> every '???' -> top-level values resolved ->
Gym's top-level defaults -> telemetry block resolved -> pydantic -> SPEC 5.
"""

from __future__ import annotations

import json
import os
import sys
import warnings
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import gym_cli  # noqa: E402
import gym_loader  # noqa: E402
import gym_versions  # noqa: E402
import telemetry_model  # noqa: E402


class UsageError(Exception):
    pass


class Args:
    def __init__(self) -> None:
        self.sets: List[str] = []
        self.env_yaml: Optional[str] = None
        self.no_env_yaml = False
        self.search_dirs: List[str] = []
        self.gym_root: Optional[str] = None
        self.gym_version: Optional[str] = None
        self.configs: List[str] = []
        self.exec_cmd: Optional[List[str]] = None


def parse_args(argv: List[str]) -> Args:
    a = Args()
    i = 0
    only_positional = False
    exec_mode = False

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
            if exec_mode:
                a.exec_cmd = argv[i + 1:]
                break
            only_positional = True
        elif arg == "--exec":
            exec_mode = True
        elif arg == "--set" or arg.startswith("--set="):
            kv = value_of("--set")
            if "=" not in kv:
                raise UsageError(f"--set expects KEY=VALUE, got {kv!r}")
            a.sets.append(kv)
        elif arg == "--env-yaml" or arg.startswith("--env-yaml="):
            a.env_yaml = value_of("--env-yaml")
        elif arg == "--no-env-yaml":
            a.no_env_yaml = True
        elif arg == "--search-dir" or arg.startswith("--search-dir="):
            a.search_dirs.append(value_of("--search-dir"))
        elif arg == "--gym-root" or arg.startswith("--gym-root="):
            a.gym_root = value_of("--gym-root")
        elif arg == "--gym-version" or arg.startswith("--gym-version="):
            a.gym_version = value_of("--gym-version")
        elif arg == "--format" or arg.startswith("--format="):
            fmt = value_of("--format")
            if fmt != "json":
                raise UsageError(f"the reference only prints json, not {fmt!r}")
        else:
            raise UsageError(f"unknown option {arg!r}")
        i += 1
    if exec_mode and not a.exec_cmd:
        raise UsageError("--exec needs -- CMD")
    if a.env_yaml is not None and a.no_env_yaml:
        raise UsageError("--env-yaml and --no-env-yaml exclude each other")
    if a.configs.count("-") > 1:
        raise UsageError("'-' (standard input) may be given only once")
    return a


def set_token(kv: str) -> str:
    """`--set KEY=VALUE` is the token `++KEY=VALUE` (SPEC 1.5), KEY as written: `--set +a=1` gives
    `+++a=1`, which Hydra's grammar rejects (examples.md)."""
    key, value = kv.split("=", 1)
    return f"++{key}={value}"


def run(argv: List[str]) -> Dict[str, str]:
    args = parse_args(argv)
    gym: Optional[gym_cli.GymCommand] = None
    if args.exec_cmd is not None and not args.configs:
        g_argv = gym_cli.gym_argv(args.exec_cmd)
        if g_argv is not None:
            # 52755d025d's command line for it and for Gym's main (docs/decisions.md), else 2e5014086a's.
            version = gym_cli.NEW if args.gym_version in (gym_cli.NEW, "27c821d975") else "2e5014086a"
            gym = gym_cli.read_gym_command(g_argv, version)
            gym_loader.MOVED_PATHS = version == gym_cli.NEW
            if not gym.has_command:
                gym = None
    gym_extra = gym_cli.gym_search_roots(gym) if gym else gym_cli.gym_search_roots(gym_cli.GymCommand())
    roots = gym_loader.search_roots(args.search_dirs, gym_extra, args.gym_root)
    tokens = gym_cli.hydra_tokens(gym, roots) if gym else []
    tokens += [set_token(kv) for kv in args.sets]
    hydra_cfg = gym_loader.apply_overrides(tokens)
    positional: List[Any] = [gym_loader.STDIN if c == "-" else c for c in args.configs]
    cfg = gym_loader.parse(hydra_cfg, positional, args.env_yaml, args.no_env_yaml, roots)
    data = gym_loader.telemetry_block(cfg)
    version = gym_versions.schema_of(args.gym_version)
    if version is None:
        raise UsageError(f"--gym-version: unknown version {args.gym_version!r} (known: {gym_versions.names()})")
    settings = telemetry_model.validate(data, version)
    return telemetry_model.translate(settings, version)


USAGE_ERRORS = (UsageError, gym_cli.GymUsageError, gym_loader.OverrideError)


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
        return 2 if isinstance(e, USAGE_ERRORS) else 1
    data = json.dumps(out, ensure_ascii=False, indent=None)
    sys.stdout.buffer.write(data.encode("utf-8", "surrogatepass") + b"\n")
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
