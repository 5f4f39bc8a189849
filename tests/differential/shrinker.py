"""Shrinks a failing difftest case: drops environment variables, --set overrides, command-line
arguments and config entries one at a time, keeping each removal while the case still fails the
same way."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any, Callable, List, Tuple

from .generator import Case, Map
from .runner import execute


def _entry_paths(m: Map, prefix: Tuple[Any, ...]) -> List[Tuple[Any, ...]]:
    out = []
    for k, val in m.entries:
        out.append(prefix + (k,))
        if isinstance(val, Map):
            out += _entry_paths(val, prefix + (k,))
    return out


def _drop_entry(c: Case, fi: int, path: Tuple[Any, ...]) -> bool:
    m = c.files[fi].body
    for k in path[:-1]:
        m = m.get(k)
        if not isinstance(m, Map):
            return False
    before = len(m.entries)
    m.entries = [e for e in m.entries if e[0] != path[-1]]
    return len(m.entries) != before


def _drop_exec_arg(c: Case, i: int) -> bool:
    if c.exec_cmd is None or i >= len(c.exec_cmd):
        return False
    a = c.exec_cmd[i]
    n = 2 if a in ("--config", "--search-dir", "--environment", "--benchmark", "--resources-server",
                   "--model-type", "--model") else 1
    del c.exec_cmd[i:i + n]
    return True


def _drop_opt(c: Case, i: int) -> bool:
    if i >= len(c.opts):
        return False
    n = 2 if c.opts[i] in ("--search-dir", "--env-yaml", "--gym-root") else 1
    del c.opts[i:i + n]
    return True


def _drop_raw_line(c: Case, fi: int, li: int) -> bool:
    f = c.files[fi]
    lines = (f.raw or "").split("\n")
    # only top-level lines with their indented continuation
    if li >= len(lines) or not lines[li] or lines[li][0] == " ":
        return False
    j = li + 1
    while j < len(lines) and lines[j].startswith(" "):
        j += 1
    f.raw = "\n".join(lines[:li] + lines[j:])
    return True


def shrink(c: Case, root: Path, opts: argparse.Namespace, reason: str) -> Case:
    """Greedy: keep a removal while the case still fails the same way (same kind of reason)."""
    import copy

    kind = reason.split(":")[0]

    budget = opts.shrink_budget
    changed = True
    while changed and budget > 0:
        changed = False
        candidates: List[Callable[[Case], bool]] = []
        for k in list(c.env):
            candidates.append(lambda cc, k=k: cc.env.pop(k, None) is not None)
        for i in range(len(c.sets)):
            candidates.append(lambda cc, i=i: bool(cc.sets) and cc.sets.pop(min(i, len(cc.sets) - 1)) is not None)
        if c.exec_cmd is not None:
            first = 3 if c.exec_cmd[:2] in (["gym", "env"], ["ng", "env"], ["gym", "eval"]) else 1
            for i in range(first, len(c.exec_cmd)):
                candidates.append(lambda cc, i=i: _drop_exec_arg(cc, i))
        for i in range(len(c.opts)):
            candidates.append(lambda cc, i=i: _drop_opt(cc, i))
        for fi, f in enumerate(c.files):
            if f.raw is not None and f.raw.count("\n") > 1:
                for li in range(f.raw.count("\n")):
                    candidates.append(lambda cc, fi=fi, li=li: _drop_raw_line(cc, fi, li))
            if f.raw is None:
                for p in sorted(_entry_paths(f.body, ()), key=len, reverse=True):
                    if p == ("config_paths",):
                        continue
                    candidates.append(lambda cc, fi=fi, p=p: _drop_entry(cc, fi, p))
        for cand in candidates:
            if budget <= 0:
                break
            trial = copy.deepcopy(c)
            if not cand(trial):
                continue
            budget -= 1
            trial_reason, *_ = execute(trial, root, opts)
            if trial_reason is not None and trial_reason.split(":")[0] == kind:
                c = trial
                changed = True
    return c

