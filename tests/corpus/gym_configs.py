#!/usr/bin/env python3
"""gym_configs: run gym-otel-env and the reference (tests/differential/reference/gym_otel_ref.py)
over a tree of NeMo Gym configs, the way users run them, and compare.

    tests/corpus/gym_configs.py --tree /tmp/gymtree [--bin build/bin/gym-otel-env] [--jobs 2]
                                [--sample N] [--scenario NAME]... [--show N] [--only SUBSTR]

--tree is a checkout of NVIDIA-NeMo/Gym (the issue names commit 2e5014086a17...), or this
directory's own `shapes/` tree of hand-written Gym-shaped configs (what CI runs: CI cannot fetch Gym).

Which files count as configs: what Gym loads as a config, i.e. what `--config`, `config_paths` and the
asset selectors point at (nemo_gym/cli/main.py `_ASSETS`):
  resources_servers/*/configs/*.yaml, responses_api_models/*/configs/*.yaml,
  responses_api_agents/*/configs/*.yaml, benchmarks/**/*.yaml, environments/**/*.yaml,
minus prompt files (any path with a `prompts/` or `prompt_templates/` component, and files whose top
level is not a mapping: Gym's prompt templates and data sets are YAML but never configs).

Scenarios per config (all with cwd = the tree unless said otherwise):
  alone      CONFIG                                        no telemetry variables
  env        CONFIG                                        NEMO_GYM_OTEL_ENABLED=1
  user       MODEL CONFIG --env-yaml ENV                   as Gym's README pairs them (vllm_model)
  block      CONFIG MODEL BLOCK                            BLOCK: a telemetry block referencing the
                                                            config's nodes (oc.select, server names,
                                                            directive sources and targets)
  override   CONFIG --set ...                              Hydra values referencing the config
  exec       --exec -- gym env start --config CONFIG +config_paths=[MODEL] Hydra tokens (++, +, ~, =)
                                                            the child (a stub) prints its environment
  elsewhere  CONFIG --gym-root TREE                        cwd = an empty dir holding env.yaml
  extra      --exec -- gym env start --config CONFIG       cwd elsewhere, NEMO_GYM_EXTRA_ROOTS=TREE

Pass: both reject, or both accept with the same variables (a 12-hex-digit run id matches any other).
The reference runs in a forked child of this process (its imports are paid once).
"""

from __future__ import annotations

import argparse
import concurrent.futures as cf
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

import yaml

REPO = Path(__file__).resolve().parent.parent.parent
REF_DIR = REPO / "tests" / "differential" / "reference"
OMEGACONF_PATH = "/usr/lib/python3/dist-packages"
HEX12 = re.compile(r"^[0-9a-f]{12}$")
MODEL = "responses_api_models/vllm_model/configs/vllm_model.yaml"
SCENARIOS = ["alone", "env", "user", "block", "override", "exec", "elsewhere", "extra"]
STUB = """#!/usr/bin/env python3
import json, os, sys
print(json.dumps({"argv": sys.argv[1:], "env": dict(os.environ)}))
"""
ENV_YAML = "policy_base_url: http://127.0.0.1:8000/v1\npolicy_api_key: dummy-key\npolicy_model_name: my-model\n"


def find_configs(tree: Path) -> List[str]:
    pats = ["resources_servers/*/configs/*.yaml", "responses_api_models/*/configs/*.yaml",
            "responses_api_agents/*/configs/*.yaml", "benchmarks/**/*.yaml", "environments/**/*.yaml"]
    out = set()
    for p in pats:
        for f in tree.glob(p):
            rel = f.relative_to(tree).as_posix()
            if "/prompts/" in rel or "/prompt_templates/" in rel:
                continue
            try:
                doc = yaml.safe_load(f.read_text(encoding="utf-8"))
            except Exception:  # noqa: BLE001 - a YAML error is a case too: both must reject it
                doc = {}
            if doc is not None and not isinstance(doc, dict):
                continue
            out.add(rel)
    return sorted(out)


# --- the added block: references to the config's own nodes ---------------------------------------

def leaves(d: Any, prefix: str = "", depth: int = 0) -> List[Tuple[str, Any]]:
    """(path, value) of nodes reachable by dotted keys (string keys without dots)."""
    out: List[Tuple[str, Any]] = []
    if not isinstance(d, dict) or depth > 6:
        return out
    for k, val in d.items():
        if not isinstance(k, str) or "." in k or not re.fullmatch(r"[A-Za-z0-9_\-]+", k):
            continue
        p = f"{prefix}.{k}" if prefix else k
        out.append((p, val))
        out += leaves(val, p, depth + 1)
    return out


def directive_paths(d: Any, prefix: str = "") -> List[str]:
    """Paths a directive names as source, and the nodes holding a directive (its target)."""
    out: List[str] = []
    if isinstance(d, dict):
        for k, val in d.items():
            if not isinstance(k, str):
                continue
            p = f"{prefix}.{k}" if prefix else k
            if k in ("_inherit_from", "_copy") and isinstance(val, str):
                out += [val, prefix or val]
            elif k == "_delete_key" and isinstance(val, str):
                out += [f"{prefix}.{x.strip()}" if prefix else x.strip() for x in val.split(",")]
            elif isinstance(val, str):
                m = re.fullmatch(r"\$\{(inherit_from|copy):([^}]*)\}", val.strip())
                if m:
                    out += [m.group(2).strip(), p]
            out += directive_paths(val, p)
    return [x for x in out if x]


def refs_for(doc: Any) -> List[str]:
    """A few paths of the config to reference: directive sources/targets first, then a server's name
    node, then scalar leaves."""
    if not isinstance(doc, dict):
        return []
    ds = directive_paths(doc)
    ls = leaves(doc)
    scal = [p for p, val in ls if isinstance(val, (str, int, float, bool)) and not isinstance(val, str) or
            (isinstance(val, str) and "${" not in val and "???" not in val)]
    tops = [k for k in doc if isinstance(k, str) and k not in ("config_paths", "telemetry")]
    picks: List[str] = ds[:3]
    picks += [f"{t}" for t in tops[:1]]  # a whole server node: a mapping inside a string
    picks += [p for p in scal if p.count(".") >= 2][:2]
    picks += [p for p, _ in ls if p.endswith(".entrypoint")][:1]
    seen: List[str] = []
    for p in picks:
        if p not in seen and re.fullmatch(r"[A-Za-z0-9_\-.]+", p):
            seen.append(p)
    return seen[:6]


def block_yaml(refs: List[str]) -> str:
    # config_paths: Gym rewrites it to every loaded entry; head_server: Gym's default, from
    # use_absolute_ip / default_host.
    parts = ";".join(f"r{i}=${{oc.select:{p},none}}" for i, p in enumerate(refs + ["config_paths", "head_server"]))
    svc = json.dumps(f"svc[{parts}]")
    first = refs[0] if refs else "nope"
    return ("telemetry:\n  enabled: true\n"
            f"  service_name: {svc}\n"
            f"  otlp_endpoint: '${{oc.select:{first}.host,http://collector:4317}}'\n"
            "  span_groups: '${oc.select:policy_model_name,default}'\n")


def override_sets(refs: List[str]) -> List[str]:
    first = refs[0] if refs else "nope"
    return ["telemetry.enabled=true", f"telemetry.service_name=o-${{oc.select:{first},none}}",
            "telemetry.export_rank=3", "telemetry.otlp_headers='a=b,c=d'"]


def exec_tokens(doc: Any, refs: List[str]) -> List[str]:
    """Hydra tokens as a Gym user writes them. Gym applies them to Hydra's config *before* the files
    are merged (global_config.py `parse`), so `KEY=V` on a file's key is "Could not override" in Gym:
    users write `++KEY=V`. `+x` then `~x` exercises append and delete."""
    toks = ["++telemetry.enabled=true", "+telemetry_extra=1", "~telemetry_extra"]
    if refs:
        toks.append(f"++telemetry.service_name=x-${{oc.select:{refs[-1]},none}}")
    if isinstance(doc, dict):
        scal = [p for p, val in leaves(doc) if isinstance(val, (int, str)) and not isinstance(val, bool)
                and p.count(".") >= 2 and not p.rsplit(".", 1)[-1].startswith("_")]
        if scal:
            toks.append(f"++{scal[0]}=overridden")
            toks.append(f"++telemetry.otlp_endpoint=e-${{oc.select:{scal[0]},none}}")
    return toks


# --- running both sides ---------------------------------------------------------------------------

def run_bin(cmd: List[str], cwd: str, env: Dict[str, str]) -> Tuple[int, str, str]:
    try:
        p = subprocess.run(cmd, cwd=cwd, env=env, stdin=subprocess.DEVNULL, capture_output=True, timeout=60)
    except subprocess.TimeoutExpired:
        return -999, "", "TIMEOUT"
    return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")


def run_ref(argv: List[str], cwd: str, env: Dict[str, str]) -> Tuple[int, str, str]:
    """The reference's main() in a forked child: same argv, environment and cwd as the binary."""
    import gym_otel_ref  # noqa: F401 - imported once in the parent, before the fork
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        pid = os.fork()
        if pid == 0:
            try:
                os.chdir(cwd)
                os.environ.clear()
                os.environ.update(env)
                devnull = os.open(os.devnull, os.O_RDONLY)
                os.dup2(devnull, 0)
                os.dup2(out.fileno(), 1)
                os.dup2(err.fileno(), 2)
                sys.stdout = io.TextIOWrapper(os.fdopen(1, "wb", closefd=False), encoding="utf-8")
                sys.stderr = io.TextIOWrapper(os.fdopen(2, "wb", closefd=False), encoding="utf-8")
                rc = gym_otel_ref.main(argv)
                sys.stdout.flush()
                sys.stderr.flush()
            except BaseException:  # noqa: BLE001
                rc = 99
            os._exit(rc)
        _, status = os.waitpid(pid, 0)
        out.seek(0)
        err.seek(0)
        return os.waitstatus_to_exitcode(status), out.read().decode("utf-8", "replace"), err.read().decode(
            "utf-8", "replace")


def child_changed(stdout: str, sent: Dict[str, str]) -> Optional[str]:
    try:
        env = json.loads(stdout)["env"]
    except (ValueError, KeyError, TypeError):
        return None
    return json.dumps({k: val for k, val in env.items() if sent.get(k) != val})


def masked(s: str) -> Any:
    d = json.loads(s)
    if isinstance(d, dict) and HEX12.match(str(d.get("NEMO_GYM_OTEL_RUN_ID", ""))):
        d["NEMO_GYM_OTEL_RUN_ID"] = "<random>"
    return d


def case_args(scn: str, cfg: str, tree: Path, work: Path, doc: Any) -> Tuple[List[str], str, Dict[str, str], bool]:
    """(tool arguments, cwd, extra environment, is --exec)."""
    refs = refs_for(doc)
    envy = str(work / "env.yaml")
    on = {"NEMO_GYM_OTEL_ENABLED": "1"}
    t = str(tree)
    if scn == "alone":
        return [cfg], t, {}, False
    if scn == "env":
        return [cfg], t, on, False
    if scn == "user":
        return [MODEL, cfg, "--env-yaml", envy], t, on, False
    if scn == "block":
        b = work / "blocks" / (cfg.replace("/", "__"))
        b.parent.mkdir(parents=True, exist_ok=True)
        b.write_text(block_yaml(refs))
        return [cfg, MODEL, str(b), "--env-yaml", envy], t, {}, False
    if scn == "override":
        args = [cfg, "--env-yaml", envy]
        for s in override_sets(refs):
            args += ["--set", s]
        return args, t, {}, False
    if scn == "exec":
        return (["--env-yaml", envy, "--exec", "--", "gym", "env", "start", "--config", cfg,
                 f"+config_paths=[{MODEL}]"] + exec_tokens(doc, refs)), t, {}, True
    if scn == "elsewhere":
        return [cfg, MODEL, "--gym-root", t], str(work / "elsewhere"), on, False
    if scn == "extra":
        return (["--exec", "--", "gym", "env", "start", "--config", cfg, f"+config_paths=[{MODEL}]",
                 "++telemetry.run_id=fixed-run"]), str(work / "elsewhere"), {"NEMO_GYM_EXTRA_ROOTS": t,
                                                                             **on}, True
    raise ValueError(scn)


def run_case(scn: str, cfg: str, tree: Path, work: Path, binary: str) -> Dict[str, Any]:
    try:
        doc = yaml.safe_load((tree / cfg).read_text(encoding="utf-8"))
    except Exception:  # noqa: BLE001
        doc = None
    args, cwd, extra, is_exec = case_args(scn, cfg, tree, work, doc)
    env = {"PATH": f"{work / 'bin'}:/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": str(work), **extra}
    bargs = [binary] + ([] if is_exec else ["--format", "json"]) + args
    b = run_bin(bargs, cwd, env)
    r = run_ref(["--format", "json"] + args if not is_exec else args, cwd, {**env, "PYTHONPATH": OMEGACONF_PATH})
    res = {"scenario": scn, "config": cfg, "args": args, "cwd": cwd, "env": extra, "bin": b, "ref": r}
    bout = b[1]
    if is_exec and b[0] == 0:
        ch = child_changed(b[1], env)
        if ch is None:
            res["why"] = "child report is not JSON"
            return res
        bout = ch
    if "Traceback" in r[2]:
        res["why"] = "reference traceback"
    elif b[0] != 0 and r[0] != 0:
        res["why"] = None
    elif b[0] != 0:
        res["why"] = "binary rejects, reference accepts"
    elif r[0] != 0:
        res["why"] = "binary accepts, reference rejects"
    else:
        bj, rj = masked(bout), masked(r[1])
        if bj == rj:
            res["why"] = None
        else:
            keys = sorted(k for k in set(bj) | set(rj) if bj.get(k) != rj.get(k))
            res["why"] = "variables differ: " + ", ".join(f"{k}: {bj.get(k)!r} vs {rj.get(k)!r}" for k in keys)
    return res


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--tree", required=True)
    ap.add_argument("--bin", default=str(REPO / "build" / "bin" / "gym-otel-env"))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--sample", type=int, default=0, help="every Nth config only (a fixed sample)")
    ap.add_argument("--scenario", action="append", choices=SCENARIOS)
    ap.add_argument("--only", help="configs whose path contains this")
    ap.add_argument("--show", type=int, default=5, help="failures shown per scenario")
    ap.add_argument("--json", help="write every failing case here")
    o = ap.parse_args()
    tree = Path(o.tree).resolve()
    binary = str(Path(o.bin).resolve())
    sys.path.insert(0, str(REF_DIR))
    sys.path.insert(1, OMEGACONF_PATH)
    import gym_otel_ref  # noqa: F401 - pay the imports once, before the forks

    configs = find_configs(tree)
    if o.only:
        configs = [c for c in configs if o.only in c]
    if o.sample > 1:
        configs = configs[::o.sample]
    scns = o.scenario or SCENARIOS
    work = Path(tempfile.mkdtemp(prefix="gym-corpus-"))
    try:
        (work / "bin").mkdir()
        (work / "bin" / "gym").write_text(STUB)
        os.chmod(work / "bin" / "gym", 0o755)
        (work / "elsewhere").mkdir()
        (work / "env.yaml").write_text(ENV_YAML)
        (work / "elsewhere" / "env.yaml").write_text(ENV_YAML)
        probe = subprocess.run([str(work / "bin" / "gym")], capture_output=True)
        if probe.returncode != 0:  # a noexec temp dir would turn every --exec case into "both reject"
            sys.exit(f"the stub in {work} cannot run; set TMPDIR to an executable place")
        jobs = [(s, c) for s in scns for c in configs]
        with cf.ThreadPoolExecutor(max_workers=o.jobs) as ex:
            results = list(ex.map(lambda sc: run_case(sc[0], sc[1], tree, work, binary), jobs))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    failed_all = []
    print(f"{len(configs)} configs under {tree}")
    for s in scns:
        rs = [r for r in results if r["scenario"] == s]
        bad = [r for r in rs if r["why"]]
        failed_all += bad
        both_ok = sum(1 for r in rs if not r["why"] and r["bin"][0] == 0)
        print(f"{s:10s} {len(rs) - len(bad)} passed, {len(bad)} failed"
              f"  ({both_ok} accepted by both, {len(rs) - len(bad) - both_ok} rejected by both)")
        for r in bad[:o.show]:
            print(f"    {r['config']}: {r['why']}")
            for side in ("bin", "ref"):
                err = r[side][2].strip().splitlines()
                if err:
                    print(f"      {side} rc={r[side][0]}: {err[-1][:300]}")
    total_bad = len(failed_all)
    print(f"total      {len(results) - total_bad} passed, {total_bad} failed")
    if o.json:
        Path(o.json).write_text(json.dumps(failed_all, indent=1))
    return 1 if total_bad else 0


if __name__ == "__main__":
    sys.exit(main())
