"""Runs one difftest case through the binary and the reference and compares them; writes a failure
out as files, a repro.sh and both outputs.

Both programs run with the same arguments, environment, stdin and working directory:

    BIN --format json ARGS                   (C++)
    python gym_otel_ref.py ARGS              (reference; PYTHONPATH=/usr/lib/python3/dist-packages)

Pass: both exit 0 with the same variables (a 12-hex-digit NEMO_GYM_OTEL_RUN_ID matches any other)
and the same warnings of Gym main's lens rule (Gym's `telemetry.F=<repr> from the config is ignored
because NEMO_LENS_K=<repr> is set`, or the tool's `FILE:L:C: telemetry.F: <repr> from the config
...`: the same field, values and variable, in order), or both exit non-zero (and the binary printed nothing on stdout, SPEC 7). Anything else is a
failure. In the gymcli form the child of `--exec` is a stub from bin/ that prints its argv and
environment as JSON: the binary's side is the variables the child saw changed, and the child must
get its arguments unchanged.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, List, Optional, Tuple

from .generator import Case, render_file

REPO = Path(__file__).resolve().parent.parent.parent
REF = REPO / "tests" / "differential" / "reference" / "gym_otel_ref.py"
OMEGACONF_PATH = "/usr/lib/python3/dist-packages"
HEX12 = re.compile(r"^[0-9a-f]{12}$")
# Gym main's setup.py warning for a config value a set NEMO_LENS_<KEY> overrides (SPEC 8), in
# Gym's words (`telemetry.F=VALUE`) or with the key path the tool's messages give (`telemetry.F: VALUE`).
LENS_WARNING = re.compile(
    r"telemetry\.(\w+)(?:=|: )(.*) from the config is ignored because (NEMO_LENS_\w+)=(.*) is set$")


def lens_warnings(stderr: str) -> List[str]:
    """Each lens warning as Gym words it, whichever of the two forms the line has."""
    return [f"telemetry.{m[1]}={m[2]} from the config is ignored because {m[3]}={m[4]} is set"
            for m in map(LENS_WARNING.search, stderr.splitlines()) if m]


@dataclass
class Result:
    rc: int
    stdout: str
    stderr: str


# The child of `--exec` in the gym command-line cases: it prints what it received.
STUB = """#!/usr/bin/env python3
import json, os, sys
print(json.dumps({"argv": sys.argv[1:], "env": dict(os.environ)}))
"""
STUB_NAMES = ["gym", "ng", "ng_run", "nemo_gym_run", "uv", "mytool"]


def materialize(c: Case, root: Path) -> Tuple[Path, Dict[str, str], List[str], Optional[bytes]]:
    if root.exists():
        shutil.rmtree(root)
    (root / "work").mkdir(parents=True)
    (root / "extra").mkdir()
    if c.exec_cmd is not None:
        (root / "bin").mkdir()
        for name in STUB_NAMES:
            (root / "bin" / name).write_text(STUB)
            os.chmod(root / "bin" / name, 0o755)
    r = str(root)
    stdin = None
    for f in c.files:
        text = render_file(f, r)
        if f.path == c.stdin_file:
            stdin = text.encode("utf-8")
            continue
        p = root / f.path
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text, encoding="utf-8")
    env = {k: val.replace("@ROOT@", r) for k, val in c.env.items()}
    args = [a.replace("@ROOT@", r) for a in c.args()]
    return root / "work", env, args, stdin


def run_one(cmd: List[str], cwd: Path, env: Dict[str, str], stdin: Optional[bytes], timeout: float) -> Result:
    try:
        p = subprocess.run(cmd, cwd=cwd, env=env, input=stdin if stdin is not None else b"",
                           capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return Result(-999, "", "TIMEOUT")
    except OSError as e:
        return Result(-998, "", f"cannot run: {e}")
    return Result(p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace"))


def base_env() -> Dict[str, str]:
    return {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": "C.UTF-8"}


def bin_cmd(opts: argparse.Namespace, for_repro: bool = False, exec_form: bool = False) -> List[str]:
    fmt = [] if exec_form else ["--format", "json"]
    if opts.self_test:
        return [sys.executable, str(REF)] + fmt
    # the run uses a snapshot of the binary (a rebuild during the run must not mix versions)
    return [str(opts.bin if for_repro else opts.bin_snapshot)] + fmt


def ref_cmd() -> List[str]:
    return [sys.executable, str(REF)]


def child_exports(b: Result, sent_env: Dict[str, str], expected_argv: List[str]) -> Result:
    """`--exec` cases: the stub's report turned into the binary's JSON (the variables the child saw
    changed or added); a child that got other arguments is reported as a failure."""
    if b.rc != 0:
        return b
    try:
        report = json.loads(b.stdout)
        env, argv = report["env"], report["argv"]
    except (ValueError, KeyError, TypeError):
        return Result(b.rc, "child report is not JSON: " + b.stdout[:200], b.stderr)
    if argv != expected_argv:
        return Result(b.rc, f"child argv {argv!r} != {expected_argv!r}", b.stderr)
    changed = {k: val for k, val in env.items() if sent_env.get(k) != val}
    return Result(0, json.dumps(changed), b.stderr)


def compare(b: Result, r: Result) -> Optional[str]:
    """None when the two agree, else a one-line reason."""
    if b.rc < 0 or b.rc in (-998, -999):
        return f"binary died (rc={b.rc})"
    if r.rc < 0:
        return f"reference died (rc={r.rc})"
    if "Traceback" in r.stderr:
        return "reference crashed with a traceback"
    if "Traceback" in b.stderr:
        return "binary printed a Python traceback"
    if b.rc != 0 and r.rc != 0:
        if b.stdout.strip():
            return "both reject, but the binary wrote to stdout in json format (SPEC 7)"
        return None
    if b.rc != 0:
        return "binary rejects, reference accepts"
    if r.rc != 0:
        return "binary accepts, reference rejects"
    try:
        bj = json.loads(b.stdout)
    except ValueError:
        return "binary stdout is not JSON"
    rj = json.loads(r.stdout)
    if not isinstance(bj, dict):
        return "binary JSON is not an object"
    for d in (bj, rj):
        rid = d.get("NEMO_GYM_OTEL_RUN_ID")
        if isinstance(rid, str) and HEX12.match(rid):
            d["NEMO_GYM_OTEL_RUN_ID"] = "<12 random hex>"
    if bj != rj:
        keys = sorted(set(bj) | set(rj))
        diff = [k for k in keys if bj.get(k) != rj.get(k)]
        return "different variables: " + ", ".join(diff)
    bw, rw = lens_warnings(b.stderr), lens_warnings(r.stderr)
    if bw != rw:
        return f"different lens warnings: binary {bw!r}, reference {rw!r}"
    return None


def execute(c: Case, root: Path, opts: argparse.Namespace) -> Tuple[Optional[str], Result, Result, List[str], Dict[str, str]]:
    cwd, env, args, stdin = materialize(c, root)
    full_env = {**base_env(), **env}
    exec_form = c.exec_cmd is not None
    if exec_form:
        full_env["PATH"] = f"{root / 'bin'}:{full_env['PATH']}"
    bin_env = {**full_env, "PYTHONPATH": OMEGACONF_PATH} if opts.self_test else full_env
    b = run_one(bin_cmd(opts, exec_form=exec_form) + args, cwd, bin_env, stdin, opts.timeout)
    if exec_form and not opts.self_test:
        sent = [a.replace("@ROOT@", str(root)) for a in c.exec_cmd]
        b = child_exports(b, full_env, sent[1:])
    r = run_one(ref_cmd() + args, cwd, {**full_env, "PYTHONPATH": OMEGACONF_PATH}, stdin, opts.timeout)
    return compare(b, r), b, r, args, env



def write_failure(c: Case, reason: str, b: Result, r: Result, args: List[str], env: Dict[str, str],
                  out: Path, opts: argparse.Namespace) -> Path:
    d = out / f"fail-{c.seed}-{c.index}"
    if d.exists():
        shutil.rmtree(d)
    cwd, env, args, stdin = materialize(c, d / "case")
    if stdin is not None:
        (d / "stdin.yaml").write_bytes(stdin)
    envs = " ".join(shlex.quote(f"{k}={val}") for k, val in sorted(env.items()))
    stdin_redir = f" < {shlex.quote(str(d / 'stdin.yaml'))}" if stdin is not None else " < /dev/null"
    exec_form = c.exec_cmd is not None
    bin_line = " ".join(shlex.quote(x) for x in bin_cmd(opts, for_repro=True, exec_form=exec_form) + args)
    path = f"{shlex.quote(str(d / 'case' / 'bin'))}:$PATH" if exec_form else "$PATH"
    ref_line = " ".join(shlex.quote(x) for x in ref_cmd() + args)
    (d / "repro.sh").write_text(
        "#!/bin/sh\n"
        f"# difftest --seed {c.seed} --case {c.index}: {reason}\n"
        f"cd {shlex.quote(str(cwd))} || exit 1\n"
        f"echo '--- binary'; env -i PATH=\"{path}\" LANG=C.UTF-8 {'PYTHONPATH=' + OMEGACONF_PATH + ' ' if opts.self_test else ''}{envs} {bin_line}{stdin_redir}; echo \"rc=$?\"\n"
        f"echo '--- reference'; env -i PATH=\"{path}\" LANG=C.UTF-8 PYTHONPATH={OMEGACONF_PATH} {envs} {ref_line}{stdin_redir}; echo \"rc=$?\"\n"
    )
    os.chmod(d / "repro.sh", 0o755)
    summary = describe(c, reason, b, r, args, env, d / "case")
    (d / "summary.txt").write_text(summary)
    return d, summary


def describe(c: Case, reason: str, b: Result, r: Result, args: List[str], env: Dict[str, str], root: Path) -> str:
    lines = [f"case seed={c.seed} index={c.index}: {reason}", f"notes: {', '.join(c.notes) or '-'}"]
    for f in c.files:
        where = "(stdin)" if f.path == c.stdin_file else ""
        lines.append(f"--- {f.path} {where}")
        lines.append(render_file(f, str(root)).rstrip("\n"))
    lines.append("--- env: " + json.dumps(env, ensure_ascii=False))
    lines.append("--- args (cwd work/): " + " ".join(shlex.quote(a) for a in args))
    lines.append(f"--- binary rc={b.rc}\n{b.stdout.rstrip()}\n{b.stderr.rstrip()}".rstrip())
    lines.append(f"--- reference rc={r.rc}\n{r.stdout.rstrip()}\n{r.stderr.rstrip()}".rstrip())
    return "\n".join(lines) + "\n"

