"""NeMo Gym's config loading on the real OmegaConf, rewritten from nemo_gym/global_config.py
(GlobalConfigDictParser.parse, load_extra_config_paths, _recursively_swap_keys*,
_recursive_index_dict_using_path, raise_on_missing_values) and nemo_gym/__init__.py
(component_search_roots, _resolve_under_cwd_or_install) at 2e5014086a172aa34654e195e504df496e9c95f5,
and Hydra 1.3's _apply_overrides_to_config (hydra/_internal/config_loader_impl.py).
"""

from __future__ import annotations

import io
import os
import socket
import sys
from copy import deepcopy
from pathlib import Path
from typing import Any, List, Optional, Tuple

import yaml
from omegaconf import MISSING, DictConfig, ListConfig, OmegaConf, open_dict
from omegaconf._utils import get_yaml_loader
from pydantic import TypeAdapter

import gym_cli
from hydra_parser import parse_override

CONFIG_PATHS_KEY = "config_paths"
DEFAULT_HEAD_SERVER_PORT = 11000

# global_config.py registers these at import: a leftover directive resolves to its own text.
for _name in ("inherit_from", "copy"):
    if not OmegaConf.has_resolver(_name):
        OmegaConf.register_new_resolver(_name, lambda a, _n=_name: f"${{{_n}:{a}}}")


class ConfigError(Exception):
    pass


class ConfigPathNotFoundError(ConfigError):
    pass


class MalformedConfigPathsError(ConfigError):
    pass


class TopLevelNotMappingError(ConfigError):
    pass


class InheritPathNotFoundError(ConfigError):
    pass


class ConfigMissingValuesError(ConfigError):
    pass


class OverrideError(Exception):
    """Hydra rejects an override token (parse error, sweep, Could not override/append/delete)."""


# --------------------------------------------------------------------------- Hydra overrides


def apply_overrides(tokens: List[str]) -> DictConfig:
    """Hydra's primary config for config_path=None is empty (its `hydra` node is removed before the
    task sees it); the root is in struct mode while the overrides are applied, as in
    ConfigLoaderImpl._load_configuration_impl."""
    cfg = OmegaConf.create({})
    OmegaConf.set_struct(cfg, True)
    for line in tokens:
        try:
            o = parse_override(line)
        except Exception as e:
            raise OverrideError(f"Error parsing override '{line}': {e}") from e
        # Hydra 1.3's _apply_overrides_to_config: only a package (`key@pkg=...`) gets the config
        # group text. A key with a '/' that names no group (Overrides.__init__ asks the repository,
        # which for config_path=None holds Hydra's own groups only) is a config override like any
        # other, and fails in OmegaConf.update below.
        if o.package is not None:
            raise OverrideError(
                f"Override {line} looks like a config group override, but config group '{o.key}' does not exist.")
        # `hydra`, `hydra.*` and Hydra's own groups (`hydra/launcher=basic`) go to Hydra's node,
        # which is removed before the task function (Gym) sees the config: nothing to apply.
        if o.key == "hydra" or o.key.startswith(("hydra.", "hydra/")):
            continue
        key, value = o.key, o.value
        try:
            if o.type == "DEL":
                current = OmegaConf.select(cfg, key, throw_on_missing=False)
                if current is None:
                    raise OverrideError(f"Could not delete from config. '{key}' does not exist.")
                if o.has_value and value != current:
                    raise OverrideError(
                        f"Could not delete from config. The value of '{key}' is {current} and not {value}.")
                dot = key.rfind(".")
                with open_dict(cfg):
                    if dot == -1:
                        del cfg[key]
                    else:
                        del OmegaConf.select(cfg, key[:dot])[key[dot + 1:]]
            elif o.type == "ADD":
                if OmegaConf.select(cfg, key, throw_on_missing=False) is None or isinstance(value, (dict, list)):
                    OmegaConf.update(cfg, key, value, merge=True, force_add=True)
                else:
                    raise OverrideError(
                        f"Could not append to config. An item is already at '{key}'. "
                        f"Either remove + prefix: '{line[1:]}' Or add a second + to add or override '{key}': '+{line}'")
            elif o.type == "FORCE_ADD":
                OmegaConf.update(cfg, key, value, merge=True, force_add=True)
            else:
                try:
                    OmegaConf.update(cfg, key, value, merge=True)
                except Exception as ex:
                    from omegaconf.errors import ConfigAttributeError, ConfigKeyError
                    if isinstance(ex, (ConfigAttributeError, ConfigKeyError)):
                        raise OverrideError(
                            f"Could not override '{key}'. To append to your config use +{line}") from ex
                    raise
        except OverrideError:
            raise
        except Exception as ex:
            raise OverrideError(f"Error merging override {line}: {type(ex).__name__}: {ex}") from ex
    return cfg


# --------------------------------------------------------------------------- files and roots


class _Stdin:
    def __repr__(self) -> str:
        return "'-'"


STDIN = _Stdin()
_stdin_text: Optional[str] = None


def search_roots(ours: List[str], gym_extra: List[str], gym_root: Optional[str]) -> List[Path]:
    """SPEC 1.3 (our --search-dir in front of component_search_roots): de-duplicated by resolved path."""
    candidates = [Path(d) for d in ours if d] + [Path(d) for d in gym_extra] + [Path.cwd()]
    if gym_root:
        candidates.append(Path(gym_root))
    roots: List[Path] = []
    seen = set()
    for root in candidates:
        resolved = root.resolve()
        if resolved not in seen:
            seen.add(resolved)
            roots.append(root)
    return roots


def locate(entry: str, roots: List[Path]) -> Tuple[Optional[Path], List[Path]]:
    """_resolve_under_cwd_or_install plus the places listed in Gym's not-found message."""
    p = Path(entry)
    if p.is_absolute():
        return (p if p.exists() else None), [p]
    places = [root / p for root in roots]
    for candidate in places:
        if candidate.exists():
            return candidate, places
    return None, places


def load_text_as_config(text: str, name: str) -> DictConfig:
    raw = yaml.load(text, Loader=get_yaml_loader())
    if raw is not None and not isinstance(raw, dict):
        raise TopLevelNotMappingError(f"{name}: the top level must be a mapping, got {type(raw).__name__}")
    cfg = OmegaConf.load(io.StringIO(text))
    assert isinstance(cfg, DictConfig)
    return cfg


def load_entry(entry: Any, roots: List[Path]) -> DictConfig:
    global _stdin_text
    if entry is STDIN:
        if _stdin_text is None:
            _stdin_text = sys.stdin.buffer.read().decode("utf-8")
            _stdin_text = _stdin_text.replace("\r\n", "\n").replace("\r", "\n")
        return load_text_as_config(_stdin_text, "<stdin>")
    entry = os.fspath(entry)  # Path(entry) in Gym: a non-string entry fails here
    path, places = locate(entry, roots)
    if path is None:
        looked = "; ".join(str(p) for p in places)
        raise ConfigPathNotFoundError(f"config_paths entry '{entry}' was not found. Looked in: {looked}")
    with io.open(os.path.abspath(path), "r", encoding="utf-8") as f:
        text = f.read()
    return load_text_as_config(text, str(path))


# Gym 52755d025d's loader (set by gym_otel_ref for that command line): a config_paths entry that
# moved between responses_api_agents/ and harnesses/, or was renamed (_config_aliases.py), is found
# where it is now (__init__.py's _resolve_under_cwd_or_install, global_config.py's
# load_extra_config_paths), with Gym's warning, and the new name is what the list records.
MOVED_PATHS = False
WARNINGS: List[str] = []


def locate_moved(entry: str, roots: List[Path]) -> Optional[Path]:
    p = Path(entry)
    if p.is_absolute():
        return p if p.exists() else None
    for root in roots:
        for relative in gym_cli.moved_candidates(entry):
            if (root / relative).exists():
                return root / relative
    return None


def load_moved_entry(config_paths: List[Any], index: int, roots: List[Path]) -> DictConfig:
    original = os.fspath(config_paths[index])
    canonical = gym_cli.legacy_config_path_alias(original)
    legacy = not Path(original).is_absolute() and Path(original).parts[:1] == ("responses_api_agents",)
    renamed = None
    if canonical and legacy:
        path = locate_moved(canonical, roots)
        if path is not None:
            renamed = canonical
        else:
            path = locate_moved(original, roots)
    else:
        path = locate_moved(original, roots)
        if path is None and canonical:
            path = locate_moved(canonical, roots)
            renamed = canonical if path is not None else None
    if path is None:
        return load_entry(original, roots)  # Gym's not-found message, the places of the entry as written
    if renamed:
        WARNINGS.append(f"Config path `{original}` is deprecated; use `{renamed}`.")
        config_paths[index] = renamed
    with io.open(os.path.abspath(path), "r", encoding="utf-8") as f:
        return load_text_as_config(f.read(), str(path))


def load_extra_config_paths(config_paths: List[Any], roots: List[Path],
                            literal: int = 0) -> Tuple[List[Any], List[DictConfig]]:
    """load_extra_config_paths: (all entries, configs in merge order: post-order of the include tree).
    The first `literal` entries are the tool's CONFIG arguments, found as written."""
    config_paths = list(config_paths)
    root_count = len(config_paths)
    children: List[List[int]] = [[] for _ in config_paths]
    configs: List[DictConfig] = []
    for index, entry in enumerate(config_paths):  # grows while iterating, as in Gym
        moved = MOVED_PATHS and index >= literal and entry is not STDIN
        cfg = load_moved_entry(config_paths, index, roots) if moved else load_entry(entry, roots)
        for new_entry in cfg.get(CONFIG_PATHS_KEY) or []:  # iterated as Gym iterates it
            if new_entry not in config_paths:
                config_paths.append(new_entry)
                children.append([])
                children[index].append(len(config_paths) - 1)
        configs.append(cfg)
    order: List[int] = []
    pending: List[Tuple[int, bool]] = [(r, False) for r in reversed(range(root_count))]
    while pending:
        index, visited = pending.pop()
        if visited:
            order.append(index)
            continue
        pending.append((index, True))
        pending.extend((c, False) for c in reversed(children[index]))
    return config_paths, [configs[i] for i in order]


# --------------------------------------------------------------------------- directives

_MISSING_REF = object()


def index_path(cfg: Any, path: List[str]) -> Any:
    """_recursive_index_dict_using_path: only mappings are walked; '???' on the way -> _MISSING_REF."""
    for k in path:
        node = cfg._get_node(k) if isinstance(cfg, DictConfig) else None
        if node is None:
            raise InheritPathNotFoundError(f"Path specified does not exist in config: {path}")
        if OmegaConf.is_missing(cfg, k):
            return _MISSING_REF
        cfg = cfg[k]
    return cfg


def swap_keys(cfg: DictConfig) -> None:
    frozen = deepcopy(cfg)
    with open_dict(cfg):
        _swap_helper(cfg, cfg, frozen)


def _swap_helper(node: DictConfig, original: DictConfig, frozen: DictConfig) -> None:
    for k, v in list(node.items_ex(resolve=False)):
        deleting = isinstance(v, DictConfig) and "_delete_key" in v
        to_delete: set = set()
        if deleting:
            to_delete = set(map(str.strip, v.pop("_delete_key").split(",")))
            present = set(x for x in to_delete if x in v)
            for x in present:
                v.pop(x)
            to_delete -= present

        if isinstance(v, (DictConfig, dict)):
            _swap_helper(v, original, frozen)
        elif isinstance(v, (ListConfig, list)):
            for i in range(len(v)):
                if isinstance(v, ListConfig) and OmegaConf.is_missing(v, i):
                    continue
                item = v[i]
                if isinstance(item, (DictConfig, dict)):
                    _swap_helper(item, original, frozen)

        inherit_str = isinstance(v, str) and v.startswith("${inherit_from:")
        inherit_prop = isinstance(v, DictConfig) and "_inherit_from" in v
        copy_str = isinstance(v, str) and v.startswith("${copy:")
        copy_prop = isinstance(v, DictConfig) and "_copy" in v
        is_inherit = inherit_str or inherit_prop
        if not (is_inherit or copy_str or copy_prop):
            continue
        # both may be present on one mapping: the copy source is the one used, but both keys go
        if inherit_str:
            source = v.removeprefix("${inherit_from:").removesuffix("}")
        elif inherit_prop:
            source = v.pop("_inherit_from")
        if copy_str:
            source = v.removeprefix("${copy:").removesuffix("}")
        elif copy_prop:
            source = v.pop("_copy")
        parts = source.split(".")

        holder = index_path(original, parts[:-1])
        if is_inherit and holder is not _MISSING_REF:
            holder.pop(parts[-1], None)
        value = index_path(frozen, parts)
        if holder is _MISSING_REF or value is _MISSING_REF:
            node[k] = "???"
            continue
        if inherit_prop or copy_prop:
            value = OmegaConf.merge(value, v)
        node[k] = value
        if deleting:
            for x in to_delete:
                node[k].pop(x)


def missing_paths(cfg: DictConfig) -> List[str]:
    """raise_on_missing_values' walk over the unresolved container."""
    out: List[str] = []

    def walk(n: Any, prefix: str) -> None:
        if isinstance(n, dict):
            for key, value in n.items():
                p = f"{prefix}.{key}" if prefix else str(key)
                if value == MISSING:
                    out.append(p)
                else:
                    walk(value, p)
        elif isinstance(n, list):
            for i, value in enumerate(n):
                p = f"{prefix}[{i}]"
                if value == MISSING:
                    out.append(p)
                else:
                    walk(value, p)

    walk(OmegaConf.to_container(cfg, resolve=False, throw_on_missing=False), "")
    return out


def raise_on_missing(cfg: DictConfig) -> None:
    paths = missing_paths(cfg)
    if paths:
        listed = "; ".join(paths)
        hint = " ".join(f"++{p}=<value>" for p in paths[:3])
        raise ConfigMissingValuesError(
            f"{len(paths)} required config value(s) are unset (still '???') after merging: {listed}. "
            f"Provide each value via a CLI override, in env.yaml, or in a config you pass via config_paths, e.g. {hint}")


# --------------------------------------------------------------------------- parse


def parse(hydra_cfg: DictConfig, positional: List[Any], env_yaml: Optional[str], no_env_yaml: bool,
          roots: List[Path]) -> DictConfig:
    """GlobalConfigDictParser.parse up to configure_telemetry_env, without the server-instance steps."""
    cfg = OmegaConf.merge(OmegaConf.create({}), hydra_cfg)

    env_cfg: DictConfig = DictConfig({})
    if not no_env_yaml:
        if env_yaml is not None:
            if not Path(env_yaml).exists():
                raise ConfigPathNotFoundError(f"--env-yaml file '{env_yaml}' was not found")
            env_cfg = load_entry(str(Path(env_yaml).absolute()), roots)
        else:
            found, _ = locate("env.yaml", roots)
            if found is not None:
                env_cfg = load_entry(str(found.absolute()), roots)

    if positional:
        entries: List[Any] = positional
    else:
        value = OmegaConf.merge(env_cfg, cfg).get(CONFIG_PATHS_KEY) or []
        try:
            entries = TypeAdapter(List[str]).validate_python(value)
        except Exception as e:
            raise MalformedConfigPathsError(f"'{CONFIG_PATHS_KEY}' must be a list of paths. Got: {value!r}") from e

    all_entries, configs = load_extra_config_paths(entries, roots, len(positional))
    configs.append(env_cfg)
    cfg = OmegaConf.merge(*configs, cfg)
    if all_entries:
        with open_dict(cfg):
            cfg[CONFIG_PATHS_KEY] = ["-" if e is STDIN else e for e in all_entries]

    swap_keys(cfg)
    raise_on_missing(cfg)

    # The dummy-model pass iterates every top-level value, which resolves each of them.
    with open_dict(cfg):
        for top in cfg.values():
            if not (isinstance(top, DictConfig) and "responses_api_models" in top
                    and (len(top) > 1 or len(top["responses_api_models"]) > 1)
                    and "dummy_model" in top["responses_api_models"]):
                continue
            dummy = top["responses_api_models"].pop("dummy_model")
            actual = next(iter(top["responses_api_models"]))
            top["responses_api_models"][actual] = OmegaConf.merge(dummy, top["responses_api_models"][actual])

    # Top-level defaults parse() writes before configure_telemetry_env (server instances aside).
    with open_dict(cfg):
        use_absolute_ip = cfg.setdefault("use_absolute_ip", False)
    if use_absolute_ip:
        default_host = socket.gethostbyname(socket.gethostname())
    else:
        default_host = cfg.get("default_host") or "127.0.0.1"
    head = cfg.get("head_server", {})
    head_port = head.get("port", DEFAULT_HEAD_SERVER_PORT)
    with open_dict(cfg):
        cfg.setdefault("port_range_low", 10_001)
        cfg.setdefault("port_range_high", 20_000)
    with open_dict(cfg):
        if not cfg.get("head_server"):
            cfg["head_server"] = {"host": default_host, "port": DEFAULT_HEAD_SERVER_PORT}
        cfg["disallowed_ports"] = [head_port] if head_port is not None else []
        cfg.setdefault("allow_openai_version_skew", False)
    return cfg


def telemetry_block(cfg: DictConfig) -> Any:
    """telemetry_config_from_global_config: the block, resolved, as a plain value (None = defaults)."""
    try:
        block = cfg.get("telemetry")
    except (AttributeError, TypeError):
        block = None
    if isinstance(block, DictConfig):
        block = OmegaConf.to_container(block, resolve=True)
    return block
