"""Gym's command line as NeMo Gym reads it (nemo_gym/cli/main.py `main`, `_merge_config_paths`,
`_asset_config_path`, `_extra_roots_from_search_dir`; nemo_gym/cli/legacy.py; pyproject.toml
[project.scripts]), at commit 2e5014086a172aa34654e195e504df496e9c95f5, and the newer command line
of commit 52755d025d3b535350feda96654f23d733706129 (`version="52755d025d"`): `--agent-type`
(AGENT_TYPE, _translate_agent_type, _ASSET_LEGACY_PARENTS), `--allow-unsupported-pairing`, the
selectors `_asset_selector(flag, repeatable=True)`, and _config_aliases.py's moved paths.

`read_gym_command(argv, version)` -> GymCommand or None (None: not one of Gym's entry points, so the
command line is not read). Asset selectors are resolved later, on the search roots.
"""

from __future__ import annotations

import difflib
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import List, Optional

# pyproject.toml [project.scripts]: gym and ng are cli.main:main; the rest are cli.legacy:main, which
# re-enters main with the equivalent subcommand (LEGACY table of cli/legacy.py).
LEGACY = {
    "run": ["env", "start"], "test": ["env", "test"], "test_all": ["env", "test"],
    "dev_test": ["dev", "test"], "init_resources_server": ["env", "init"],
    "list_benchmarks": ["list", "benchmarks"], "prepare_benchmark": ["eval", "prepare"],
    "collect_rollouts": ["eval", "run", "--no-serve"], "e2e_collect_rollouts": ["eval", "run"],
    "aggregate_rollouts": ["eval", "aggregate"], "materialize_prompts": ["dataset", "render"],
    "reward_profile": ["eval", "profile"],
    "upload_dataset_to_gitlab": ["dataset", "upload", "--storage", "gitlab"],
    "download_dataset_from_gitlab": ["dataset", "download", "--storage", "gitlab"],
    "prepare_data": ["dataset", "collate"], "upload_dataset_to_hf": ["dataset", "upload"],
    "download_dataset_from_hf": ["dataset", "download"], "gitlab_to_hf_dataset": ["dataset", "migrate"],
    "delete_dataset_from_gitlab": ["dataset", "rm"], "dump_config": ["env", "resolve"],
    "validate": ["env", "validate"], "help": ["--help"], "status": ["env", "status"],
    "pip_list": ["env", "packages"], "version": ["--version"],
}
SCRIPT_NAMES = {"gym", "ng"} | {p + k for k in list(LEGACY) + ["reinstall"] for p in ("ng_", "nemo_gym_")}

GROUPS = {"list", "dataset", "env", "eval", "dev"}
SINGLE_COMMANDS = {"search"}

# _ASSETS: selector -> (parent dir, configs subdir, default flavor)
ASSETS = {
    "benchmark": ("benchmarks", "", "config"),
    "environment": ("environments", "", "config"),
    "resources-server": ("resources_servers", "configs", None),
    "model-type": ("responses_api_models", "configs", None),
}
# Order in which `env start` / `eval run` list their flags: CONFIG, BENCHMARK, ENVIRONMENT,
# RESOURCES_SERVER_CONFIG, MODEL_TYPE; translated tokens come in that order, not in argv order.
SELECTOR_ORDER = ["benchmark", "environment", "resources-server", "model-type"]

# 52755d025d: _ASSETS gains agent-type, whose old parent is still searched; three selectors append.
NEW = "52755d025d"
ASSETS_NEW = {**ASSETS, "agent-type": ("harnesses", "configs", None)}
ASSET_LEGACY_PARENTS = {"agent-type": ("responses_api_agents",)}
REPEATABLE = {"benchmark", "environment", "resources-server"}

# _config_aliases.py at 52755d025d.
LEGACY_ENVIRONMENT_ALIASES = {
    "reasoning_gym_claude_code": "claude_code_reasoning_gym",
    "reasoning_gym_hermes": "hermes_reasoning_gym",
    "reasoning_gym_orchestrator": "langgraph_orchestrator_reasoning_gym",
    "reasoning_gym_parallel_thinking": "langgraph_parallel_thinking_reasoning_gym",
    "reasoning_gym_reflection": "langgraph_reflection_reasoning_gym",
    "reasoning_gym_rewoo": "langgraph_rewoo_reasoning_gym",
}
LEGACY_CONFIG_PATH_ALIASES = {
    **{f"environments/{a}/config.yaml": f"environments/{b}/config.yaml" for a, b in LEGACY_ENVIRONMENT_ALIASES.items()},
    "harnesses/stirrup_agent/configs/stirrup_gdpval.yaml": "harnesses/stirrup_agent/configs/stirrup_agent.yaml",
    "harnesses/tau2/configs/tau2_agent.yaml": "harnesses/tau2/configs/tau2.yaml",
    "harnesses/verifiers_agent/configs/acereason-math.yaml": "harnesses/verifiers_agent/configs/verifiers_agent.yaml",
}


def legacy_config_path_alias(path: str) -> Optional[str]:
    parsed = Path(path)
    if parsed.is_absolute():
        return None
    normalized = parsed.as_posix()
    if normalized.startswith("responses_api_agents/"):
        normalized = "harnesses/" + normalized.removeprefix("responses_api_agents/")
    canonical = LEGACY_CONFIG_PATH_ALIASES.get(normalized, normalized)
    return canonical if canonical != parsed.as_posix() else None


def moved_candidates(rel_path: str) -> List[Path]:
    """__init__.py's _resolve_under_cwd_or_install at 52755d025d: the relative paths tried per root."""
    p = Path(rel_path)
    if p.parts and p.parts[0] == "responses_api_agents":
        return [Path("harnesses", *p.parts[1:]), p]
    if p.parts and p.parts[0] == "harnesses":
        return [p, Path("responses_api_agents", *p.parts[1:])]
    return [p]

# Gym options that take a value (their value is not an override token). Ignored otherwise.
VALUE_OPTIONS = {
    "--model", "--model-url", "--model-api-key", "--domain", "--modality", "--licensing", "--lifecycle",
    "--input", "-i", "--name", "--split", "--repo-id", "--revision", "--output", "-o", "--prompt-config",
    "--mode", "--output-dir", "--reuse-verifier", "--manifest", "--storage", "--kind", "--catalog-kind",
}


# Commands whose first flag is ONBOARDING_NAME (`add_argument("onboarding_name", nargs="?")`):
# their first positional word is the workload NAME, not a Hydra override.
NAMED_COMMANDS = {("env", "validate"), ("env", "test"), ("env", "publish")}


class GymUsageError(Exception):
    """What Gym's argparse rejects (parser.error: exit 2)."""


@dataclass
class GymCommand:
    version: str = "2e5014086a"
    configs: List[str] = field(default_factory=list)
    # flag -> [values]: argparse `store` keeps the last one; 52755d025d's `append` keeps every one
    selectors: dict = field(default_factory=dict)
    agent_type: Optional[str] = None
    allow_unsupported_pairing: bool = False
    no_serve: bool = False
    warnings: List[str] = field(default_factory=list)  # logger.warning lines of the selectors
    search_dirs: List[str] = field(default_factory=list)
    overrides: List[str] = field(default_factory=list)  # Hydra tokens as typed
    verbose: bool = False
    has_command: bool = False
    onboarding_name: Optional[str] = None  # the NAME positional of NAMED_COMMANDS


def gym_argv(cmd: List[str]) -> Optional[List[str]]:
    """The arguments Gym's cli.main:main sees (after the program name), or None when cmd is not Gym."""
    if not cmd:
        return None
    name = os.path.basename(cmd[0])
    if name in ("gym", "ng"):
        return cmd[1:]
    if name in SCRIPT_NAMES:
        key = name.removeprefix("nemo_gym_").removeprefix("ng_")
        if key == "reinstall":
            return None  # dispatches general:reinstall directly, no config
        return LEGACY[key] + cmd[1:]
    if name == "uv" and len(cmd) >= 2 and cmd[1] == "run":
        i = 2
        while i < len(cmd) and cmd[i].startswith("-"):
            if cmd[i] == "--":
                i += 1
                break
            i += 1 if "=" in cmd[i] or cmd[i] in ("--no-sync", "--frozen", "--locked", "--isolated") else 2
        return gym_argv(cmd[i:])
    if name.startswith("python") and len(cmd) >= 3 and cmd[1] == "-m" and cmd[2] == "nemo_gym.cli.main":
        return cmd[3:]
    return None


def read_gym_command(argv: List[str], version: str = "2e5014086a") -> GymCommand:
    g = GymCommand(version=version)
    assets = ASSETS_NEW if version == NEW else ASSETS
    i = 0
    words: List[str] = []
    only_positional = False

    def value_of(opt: str) -> str:
        nonlocal i
        a = argv[i]
        if a.startswith(opt + "="):
            return a[len(opt) + 1:]
        if i + 1 >= len(argv) or (argv[i + 1].startswith("-") and argv[i + 1] != "-"):
            raise GymUsageError(f"argument {opt}: expected one argument")
        i += 1
        return argv[i]

    while i < len(argv):
        a = argv[i]
        if only_positional or not a.startswith("-") or a == "-":
            # the first one or two words are the subcommand; every other word is a Hydra override
            if not g.has_command and len(words) == 0 and (a in GROUPS or a in SINGLE_COMMANDS):
                words.append(a)
                g.has_command = a in SINGLE_COMMANDS
            elif not g.has_command and len(words) == 1:
                words.append(a)
                g.has_command = True
            elif tuple(words) in NAMED_COMMANDS and g.onboarding_name is None:
                g.onboarding_name = a
            else:
                g.overrides.append(a)
        elif a == "--":
            only_positional = True
        elif a == "--config" or a.startswith("--config="):
            g.configs.append(value_of("--config"))
        elif a == "--search-dir" or a.startswith("--search-dir="):
            g.search_dirs.append(value_of("--search-dir"))
        elif any(a == "--" + s or a.startswith("--" + s + "=") for s in assets):
            flag = next(s for s in assets if a == "--" + s or a.startswith("--" + s + "="))
            value = value_of("--" + flag)
            if flag == "agent-type":
                g.agent_type = value
            elif version == NEW and flag in REPEATABLE:
                g.selectors.setdefault(flag, []).append(value)
            else:
                g.selectors[flag] = [value]
        elif version == NEW and a == "--allow-unsupported-pairing":
            g.allow_unsupported_pairing = True
        elif a == "--no-serve":
            g.no_serve = True
        elif a in ("-v", "--verbose"):
            g.verbose = True
        elif a.split("=", 1)[0] in VALUE_OPTIONS:
            if "=" not in a:
                i += 1
        # any other option is Gym's own business
        i += 1
    return g


def did_you_mean(value: str, candidates) -> str:
    matches = difflib.get_close_matches(value, list(candidates), n=1)
    return f" Did you mean `{matches[0]}`?" if matches else ""


def asset_config_path(flag: str, value: str, roots: List[Path], version: str = "2e5014086a",
                      warnings: Optional[List[str]] = None) -> str:
    """_asset_config_path: `name` or `name/flavor` -> the resolved path of the config on the roots."""
    warnings = [] if warnings is None else warnings
    parent, subdir, default_flavor = (ASSETS_NEW if version == NEW else ASSETS)[flag]
    search_parents = (parent, *ASSET_LEGACY_PARENTS.get(flag, ())) if version == NEW else (parent,)
    server_name, _, flavor = value.partition("/")
    flavor = flavor or default_flavor or server_name
    config_dir = f"{parent}/{server_name}/{subdir}".rstrip("/")
    path = f"{config_dir}/{flavor}.yaml"

    if "/" in value and flag in ("benchmark", "environment"):
        nested: List[Path] = []
        for root in roots:
            candidate = root / parent / value / "config.yaml"
            if candidate.is_file() and candidate.resolve() not in nested:
                nested.append(candidate.resolve())
        if nested:
            return str(nested[0])

    matches: List[Path] = []
    selected: List[str] = []
    for root in roots:
        for search_parent in search_parents:
            candidate = root / search_parent / server_name / subdir / f"{flavor}.yaml"
            if candidate.exists() and candidate.resolve() not in matches:
                matches.append(candidate.resolve())
                selected.append(search_parent)
    if matches:
        if selected[0] != parent:
            warnings.append(f"Agent config directory `{selected[0]}` is deprecated; move it to `{parent}`.")
        return str(matches[0])
    if version == NEW and flag == "environment" and value in LEGACY_ENVIRONMENT_ALIASES:
        canonical = LEGACY_ENVIRONMENT_ALIASES[value]
        resolved = asset_config_path(flag, canonical, roots, version, warnings)
        warnings.append(f"`--environment {value}` is deprecated; use `--environment {canonical}`.")
        return resolved
    canonical_path = legacy_config_path_alias(path) if version == NEW else None
    if canonical_path:
        for root in roots:
            candidate = root / canonical_path
            if candidate.exists():
                warnings.append(f"Config path `{path}` is deprecated; use `{canonical_path}`.")
                return str(candidate.resolve())

    if flag == "benchmark":
        # Gym enumerates benchmark config names (nemo_gym.benchmarks); here: every */config.yaml or
        # *.yaml under benchmarks/, named by its directory path (examples.md).
        names = set()
        for root in roots:
            base = root / parent
            if base.is_dir():
                for p in base.rglob("*.yaml"):
                    rel = p.relative_to(base)
                    names.add(str(rel.parent) if p.name == "config.yaml" else str(rel.with_suffix("")))
        under = sorted(n for n in names if n.startswith(f"{value}/"))
        hint = f" Did you mean `{min(under, key=len)}`?" if under else did_you_mean(value, names)
        available = ", ".join(sorted(f"`{(r / parent).resolve()}`" for r in roots if (r / parent).is_dir()))
    else:
        dirs = [r / sp / server_name / subdir for r in roots for sp in search_parents]
        available = ", ".join(sorted({f"`{d.resolve()}`" for d in dirs if d.is_dir()}))
        typo = flavor
        candidates = [p.stem for d in dirs for p in sorted(d.glob("*.yaml"))]
        if not candidates:
            parents = [r / sp for r in roots for sp in search_parents]
            available = ", ".join(sorted({f"`{d.resolve()}`" for d in parents if d.is_dir()}))
            typo = server_name
            candidates = [c.name for d in parents if d.is_dir() for c in sorted(d.iterdir()) if c.is_dir()]
        hint = did_you_mean(typo, candidates)
    raise GymUsageError(
        f"`--{flag} {value}` was specified which implies config `{path}`, which does not exist.{hint} "
        f"See available {flag} configs in {available}."
    )


def merge_config_paths(tokens: List[str]) -> List[str]:
    """_merge_config_paths: every `+config_paths=[...]` token folded into one, placed first."""
    prefix = "+config_paths=["
    paths: List[str] = []
    rest: List[str] = []
    for t in tokens:
        if t.startswith(prefix) and t.endswith("]"):
            paths.extend(p for p in t[len(prefix):-1].split(",") if p)
        else:
            rest.append(t)
    return ([f"+config_paths=[{','.join(paths)}]"] if paths else []) + rest


def hydra_tokens(g: GymCommand, roots: List[Path]) -> List[str]:
    """The override list main() hands to Hydra."""
    translated: List[str] = []
    # ONBOARDING_NAME's translate_to_hydra: a NAME without '=' becomes +onboarding_name=<JSON
    # string>; one with '=' is handed on as it is, an override like any other.
    if g.onboarding_name:
        name = g.onboarding_name
        translated.append(name if "=" in name else f"+onboarding_name={json.dumps(name)}")
    if g.configs:
        translated.append(f"+config_paths=[{','.join(g.configs)}]")
    for flag in SELECTOR_ORDER:
        values = g.selectors.get(flag)
        # `store` keeps a string, falsy when empty; `append` a list, truthy with one empty name.
        repeatable = g.version == NEW and flag in REPEATABLE
        if values and (repeatable or values[-1]):
            paths = [asset_config_path(flag, v, roots, g.version, g.warnings) for v in values]
            translated.append(f"+config_paths=[{','.join(paths)}]")
    # AGENT_TYPE then ALLOW_UNSUPPORTED_PAIRING follow the other selectors in every command that has them.
    if g.agent_type:
        if g.no_serve:
            raise GymUsageError(
                "`--agent-type` chooses which agent runs the task, which is settled once the servers are "
                "running, so it cannot be combined with `--no-serve`. Use `--agent` to name one of them.")
        translated.append(f"+config_paths=[{asset_config_path('agent-type', g.agent_type, roots, g.version, g.warnings)}]")
    if g.allow_unsupported_pairing:
        translated.append("+allow_unsupported_pairing=true")
    tokens = merge_config_paths(translated + g.overrides)
    if g.verbose:
        tokens = ["+verbose=true"] + tokens
    return tokens


def gym_search_roots(g: GymCommand) -> List[str]:
    """_extra_roots_from_search_dir then _extra_roots: --search-dir joined in front of
    NEMO_GYM_EXTRA_ROOTS with ':' and split again, empty entries dropped."""
    original = os.environ.get("NEMO_GYM_EXTRA_ROOTS")
    if g.search_dirs:
        value = os.pathsep.join([*g.search_dirs, *([original] if original else [])])
    else:
        value = original or ""
    return [d for d in value.split(os.pathsep) if d]
