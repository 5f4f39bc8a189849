#!/usr/bin/env python3
"""What the record (GYM_OTEL_ENV_RECORD, SPEC 5) costs on the typical config.

    scripts/perf/record_cost.py --bin BIN [--rounds N]

Two shells run the tool on bench.py's typical config, sh format: a fresh one (no earlier
output: the tool writes 14 variables and a record of them, 14 digests), and one where
`eval "$(gym-otel-env typical.yaml)"` already ran (the 14 variables and the record in the
environment: each variable is checked against its digest, found the tool's own, and
written again with a new record, 28 digests). Reports, for each: the instructions
executed (callgrind: repeatable under any load), those spent inside the record's code
(read_record and recorded, inclusive, which is where every SHA-256 is taken), and the
median wall and CPU time of interleaved runs (posix_spawn + wait4, as bench.py times).
Timings are reported, never asserted.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import bench  # noqa: E402

# The record's code: what it costs is what these two take, callees included.
RECORD_FUNCTIONS = ("goe::read_record(", "goe::recorded(")


def after_eval(tool: str, config: Path, env: dict) -> dict:
    """The environment of a shell after `eval "$(tool config)"`, as that shell exports it."""
    out = subprocess.run(["bash", "-c", 'eval "$("$0" "$1")" && env -0', tool, config.name], cwd=config.parent,
                         env=env, capture_output=True, check=True).stdout
    shell = dict(entry.split(b"=", 1) for entry in out.split(b"\0") if b"=" in entry)
    shell = {k.decode(): v.decode() for k, v in shell.items()}
    if "GYM_OTEL_ENV_RECORD" not in shell:
        sys.exit(f"record_cost: {tool} wrote no record")
    added = {k: v for k, v in shell.items() if k not in env and k not in ("PWD", "SHLVL", "_", "OLDPWD")}
    return {**env, **added}


def counted(argv: list, cwd: Path, env: dict, out: Path) -> tuple:
    """(instructions in all, instructions inside the record's functions), by callgrind."""
    r = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", *argv], cwd=cwd, env=env,
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    total = re.search(r"Collected\s*:\s*(\d+)", r.stderr)
    if r.returncode != 0 or not total:
        sys.exit(f"record_cost: callgrind failed on {' '.join(argv)}:\n{r.stderr}")
    text = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--threshold=100", str(out)], capture_output=True,
                          text=True, check=True).stdout
    # With debug information a function is listed once per source file its inlined code
    # came from; its own file's line, the largest, is its whole inclusive cost.
    inside = dict.fromkeys(RECORD_FUNCTIONS, 0)
    for line in text.splitlines():
        m = re.match(r"\s*([\d,]+) \([ \d.]+%\)\s+[^:]*:(goe::[^(]*\()", line)
        if m and m.group(2) in inside:
            inside[m.group(2)] = max(inside[m.group(2)], int(m.group(1).replace(",", "")))
    return int(total.group(1)), sum(inside.values())


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", required=True, help="the gym-otel-env binary (a Release build, with symbols)")
    ap.add_argument("--rounds", type=int, default=40, help="interleaved timing rounds (default 40)")
    args = ap.parse_args()
    tool = str(Path(args.bin).resolve())
    work = Path(tempfile.mkdtemp(prefix="goe-record-cost."))
    config = work / "typical.yaml"
    config.write_text(bench.TYPICAL)
    fresh = bench.clean_env()
    fresh.pop("GYM_OTEL_ENV_RECORD", None)
    os.chdir(work)  # bench.Runner starts the tool here: the config by its name, no env.yaml
    shells = {"fresh shell": fresh, "after an eval": after_eval(tool, config, fresh)}
    argv = [tool, config.name]
    print(f"tool:   {tool}")
    print(f"config: {config} ({config.stat().st_size} B), sh format")
    print(f"record: {len(shells['after an eval']['GYM_OTEL_ENV_RECORD'])} bytes")

    print("\n== instructions (callgrind)")
    base = None
    for name, env in shells.items():
        total, inside = counted(argv, work, env, work / "callgrind.out")
        base = base or total
        print(f"  {name:14} {total:>12,} in all ({total / base:.4f}x), {inside:>9,} in the record's code "
              f"({100 * inside / total:.2f}%)")

    print(f"\n== time, {args.rounds} rounds, the two interleaved")
    for name, env in shells.items():  # warm the page cache and the binary
        bench.Runner(work, env).usage(argv)
    runs = {name: [] for name in shells}
    runners = {name: bench.Runner(work, env) for name, env in shells.items()}
    for _ in range(args.rounds):
        for name, runner in runners.items():
            runs[name].append(runner.usage(argv))
    for name, usage in runs.items():
        wall = statistics.median(u[0] for u in usage)
        cpu = statistics.median(u[1] for u in usage)
        print(f"  {name:14} median wall {bench.ms(wall)}, CPU {bench.ms(cpu)}; fastest wall "
              f"{bench.ms(min(u[0] for u in usage))}")
    for path in work.iterdir():
        path.unlink()
    work.rmdir()
    return 0


if __name__ == "__main__":
    sys.exit(main())
