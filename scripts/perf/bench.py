#!/usr/bin/env python3
"""Times gym-otel-env against Gym's OmegaConf path and yaml-cpp; run it through scripts/bench.

    bench.py --bin BIN --yaml-events BIN [--python PY] [--rounds N] [--big-rounds N]
             [--no-python] [--instructions] [--keep]

Generates the configs into a temporary directory, checks that the tool and the Python job
print the same variables, then times them side by side: in each round the Python job runs
once and the tool and the floor (`/usr/bin/env true`) run alternately several times, so
that drifts of the machine (frequency, other load) hit every column alike. Each run is a
posix_spawn + wait4 of the real command with stdout to /dev/null, timed on the monotonic
clock (wall) and by the kernel's rusage (CPU = user + sys, and peak RSS). Then the tool
runs against yaml-cpp's bare event parse (bench/yaml_events.cpp: the same file, an empty
event handler) on 5,000 and 50,000 servers, all four in the same rounds. Medians are
reported, with the budgets of issues 7 and 15; against yaml-cpp, the fastest run of each
side too, with a verdict for each estimate. Timings are reported, never asserted by the
tests.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
PY_JOB = HERE / "gym_python.py"
OMEGACONF_PATH = "/usr/lib/python3/dist-packages"
FLOOR = ["/usr/bin/env", "true"]

# ---------------------------------------------------------------------------- configs

TYPICAL = """\
# A typical NeMo Gym config: a policy model, a resources server, an agent, telemetry.
policy_base_url: https://api.openai.com/v1
policy_api_key: ${oc.env:OPENAI_API_KEY,sk-not-a-key}
policy_model_name: gpt-4.1-2025-04-14

policy_model:
  responses_api_models:
    openai_model:
      entrypoint: app.py
      openai_base_url: ${policy_base_url}
      openai_api_key: ${policy_api_key}
      openai_model: ${policy_model_name}

math_with_judge:
  resources_servers:
    math_with_judge:
      entrypoint: app.py
      domain: math
      judge_model_server:
        type: responses_api_models
        name: policy_model
      judge_responses_create_params:
        input: []
      should_use_judge: false

math_with_judge_simple_agent:
  responses_api_agents:
    simple_agent:
      entrypoint: app.py
      resources_server:
        type: resources_servers
        name: math_with_judge
      model_server:
        type: responses_api_models
        name: policy_model
      datasets:
      - name: example
        type: example
        jsonl_fpath: resources_servers/math_with_judge/data/example.jsonl
        num_repeats: 1
        license: Creative Commons Attribution 4.0 International

telemetry:
  enabled: true
  service_name: ${policy_model_name}-gym
  span_groups: default,rollout
  export_strategy: single_rank
  export_rank: 0
  logs_enabled: false
  otlp_endpoint: ${oc.env:OTEL_COLLECTOR_URL,http://localhost:4318}
  otlp_protocol: http/protobuf
"""

SERVER = """\
math_server_{i:05d}:
  resources_servers:
    math_with_judge:
      entrypoint: app.py
      host: 10.0.{hi}.{lo}
      port: {port}
      model_server:
        type: responses_api_models
        name: ${{policy_model_name}}
"""


def servers_config(n: int) -> str:
    head = TYPICAL
    body = "".join(SERVER.format(i=i, hi=i // 256 % 256, lo=i % 256, port=10000 + i % 50000) for i in range(n))
    return head + "\n" + body


# ---------------------------------------------------------------------------- running


def clean_env() -> dict:
    """The caller's environment without anything the job reads, so both see the same input."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("NEMO_GYM_OTEL_", "NEMO_LENS_", "OTEL_", "OPENAI_API_KEY"))
           and k not in ("SLURM_JOB_ID", "NEMO_GYM_EXTRA_ROOTS")}
    env["PYTHONPATH"] = OMEGACONF_PATH
    return env


class Runner:
    def __init__(self, cwd: Path, env: dict):
        self.cwd, self.env = cwd, env
        self.devnull = os.open(os.devnull, os.O_WRONLY)

    def once(self, argv: list) -> float:
        """Wall time of one run, in milliseconds."""
        return self.usage(argv)[0]

    def usage(self, argv: list) -> tuple:
        """(wall ms, CPU ms = user + sys, ru_maxrss KiB) of one run; the last includes
        this process's pages (posix_spawn shares them until exec): use peak_rss_kib."""
        actions = [(os.POSIX_SPAWN_DUP2, self.devnull, 1)]
        start = time.perf_counter_ns()
        pid = os.posix_spawn(argv[0], argv, self.env, file_actions=actions)
        _, status, ru = os.wait4(pid, 0)
        elapsed = time.perf_counter_ns() - start
        if os.waitstatus_to_exitcode(status) != 0:
            sys.exit(f"bench: {' '.join(argv)} failed (status {status})")
        return elapsed / 1e6, (ru.ru_utime + ru.ru_stime) * 1e3, ru.ru_maxrss

    def instructions(self, argv: list) -> int:
        """Instructions executed, counted by callgrind (repeatable under any load)."""
        r = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *argv],
                           cwd=self.cwd, env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        m = re.search(r"Collected\s*:\s*(\d+)", r.stderr)
        if r.returncode != 0 or not m:
            sys.exit(f"bench: callgrind failed on {' '.join(argv)}:\n{r.stderr}")
        return int(m.group(1))

    def output(self, argv: list) -> str:
        r = subprocess.run(argv, cwd=self.cwd, env=self.env, capture_output=True, text=True)
        if r.returncode != 0:
            sys.exit(f"bench: {' '.join(map(str, argv))} failed:\n{r.stderr}")
        return r.stdout

    def peak_rss_kib(self, argv: list, runs: int = 3) -> int:
        """GNU time's %M (maximum resident set size, KiB), the largest of `runs` runs."""
        worst = 0
        for _ in range(runs):
            r = subprocess.run(["/usr/bin/time", "-f", "%M", *argv], cwd=self.cwd, env=self.env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
            worst = max(worst, int(r.stderr.strip().splitlines()[-1]))
        return worst


def side_by_side(runner: Runner, columns: dict, rounds: int, inner: dict) -> dict:
    """Times the columns alternately: each round runs column c inner[c] times, interleaved."""
    return {k: [u[0] for u in v] for k, v in side_by_side_usage(runner, columns, rounds, inner).items()}


def side_by_side_usage(runner: Runner, columns: dict, rounds: int, inner: dict) -> dict:
    """As side_by_side, with each run's (wall ms, CPU ms, peak RSS KiB)."""
    runs = {name: [] for name in columns}
    for _ in range(rounds):
        pending = dict(inner)
        while any(pending.values()):
            for name, argv in columns.items():
                if pending[name]:
                    runs[name].append(runner.usage(argv))
                    pending[name] -= 1
    return runs


def without_random_run_id(exports: dict) -> dict:
    rid = exports.get("NEMO_GYM_OTEL_RUN_ID", "")
    if len(rid) == 12 and all(c in "0123456789abcdef" for c in rid):
        exports = {**exports, "NEMO_GYM_OTEL_RUN_ID": "<random>"}
    return exports


# ---------------------------------------------------------------------------- report


def ms(x: float) -> str:
    return f"{x:.2f} ms" if x < 100 else f"{x:.0f} ms"


def per_round(inner: dict) -> str:
    return "per round: " + ", ".join(f"{k} x{n}" for k, n in inner.items()) + ", interleaved"


def verdict(ok: bool) -> str:
    return "ok" if ok else "MISSED"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", required=True, help="the gym-otel-env binary (a Release build)")
    ap.add_argument("--yaml-events", required=True, help="bench_yaml_events, built like the tool")
    ap.add_argument("--python", default=sys.executable,
                    help="the Python with pydantic v2 (default: the one running this script)")
    ap.add_argument("--rounds", type=int, default=40, help="rounds on the typical config (default 40)")
    ap.add_argument("--big-rounds", type=int, default=5, help="rounds on the 5,000-server config (default 5)")
    ap.add_argument("--no-python", action="store_true", help="time the tool and the floor only")
    ap.add_argument("--instructions", action="store_true",
                    help="also count instructions with callgrind (5,000 servers; about a minute)")
    ap.add_argument("--keep", action="store_true", help="keep the generated configs")
    args = ap.parse_args()

    tool = str(Path(args.bin).resolve())
    events = str(Path(args.yaml_events).resolve())
    # The interpreter itself: a launcher in front of it (a pyenv shim is a shell script
    # that runs pyenv) would add its own start-up, 55 ms here, to every Python run.
    python = args.python if os.sep in args.python else shutil.which(args.python) or args.python
    work = Path(tempfile.mkdtemp(prefix="goe-bench."))
    try:
        files = {"typical": work / "typical.yaml"}
        files["typical"].write_text(TYPICAL)
        for n in (500, 5000, 50000):
            files[n] = work / f"servers-{n}.yaml"
            files[n].write_text(servers_config(n))
        size = {k: p.stat().st_size for k, p in files.items()}
        runner = Runner(work, clean_env())
        os.chdir(work)  # relative config names, and no env.yaml here

        def tool_cmd(key):
            return [tool, files[key].name]

        def py_cmd(key):
            return [python, str(PY_JOB), files[key].name]

        print(f"machine: {platform.machine()}, {os.cpu_count()} cores, {platform.platform()}")
        print(f"tool:    {tool}")
        print(f"yaml:    {events}")
        if not args.no_python:
            print(f"python:  {python} {platform.python_version() if python == sys.executable else ''}".rstrip())
        print(f"configs: {work} (typical {size['typical']} B, 5,000 servers {size[5000] / 1e6:.2f} MB)")

        # Same job, same answer: compare the variables before timing anything.
        if not args.no_python:
            for key in ("typical", 500):
                mine = json.loads(runner.output([tool, "--format", "json", files[key].name]))
                theirs = json.loads(runner.output([*py_cmd(key), "--json"]))
                if without_random_run_id(mine) != without_random_run_id(theirs):
                    sys.exit(f"bench: the tool and the Python job disagree on {files[key].name}:\n"
                             f"  tool:   {mine}\n  python: {theirs}")
            print("check:   the tool and the Python job print the same variables")

        # Warm the page cache and the dynamic loader's caches once.
        for argv in (FLOOR, tool_cmd("typical"), tool_cmd(5000)):
            runner.once(argv)

        cols = {"floor": FLOOR, "tool": tool_cmd("typical")}
        inner = {"floor": 10, "tool": 10}
        if not args.no_python:
            cols["python"] = py_cmd("typical")
            inner["python"] = 1
        print(f"\n== typical config, {args.rounds} rounds ({per_round(inner)})")
        t = side_by_side(runner, cols, args.rounds, inner)
        med = {k: statistics.median(v) for k, v in t.items()}
        for k in cols:
            print(f"  {k:<7} median {ms(med[k]):>10}   (min {ms(min(t[k]))}, n={len(t[k])})")
        floor_x = med["tool"] / med["floor"]
        typical_x = med["python"] / med["tool"] if "python" in med else None

        cols = {"tool": tool_cmd(5000)}
        inner = {"tool": 5}
        if not args.no_python:
            cols["python"] = py_cmd(5000)
            inner["python"] = 1
        print(f"\n== 5,000-server config ({size[5000] / 1e6:.2f} MB), {args.big_rounds} rounds ({per_round(inner)})")
        tb = side_by_side(runner, cols, args.big_rounds, inner)
        medb = {k: statistics.median(v) for k, v in tb.items()}
        for k in cols:
            print(f"  {k:<7} median {ms(medb[k]):>10}   (min {ms(min(tb[k]))}, n={len(tb[k])})")
        big_x = medb["python"] / medb["tool"] if "python" in medb else None

        print("\n== growth with the number of servers (tool only)")
        growth = {}
        for n, reps in ((500, 21), (5000, 11), (50000, 5)):
            growth[n] = statistics.median(runner.once(tool_cmd(n)) for _ in range(reps))
        empty = med["tool"]
        print(f"  {'servers':>8} {'size':>9} {'median':>10} {'above typical':>14} {'per MB':>10}")
        for n, m in growth.items():
            above = m - empty
            print(f"  {n:>8,} {size[n] / 1e6:>7.2f}MB {ms(m):>10} {ms(above):>14} {ms(above / (size[n] / 1e6)):>10}")
        per_mb_5k = (growth[5000] - empty) / size[5000]
        per_mb_50k = (growth[50000] - empty) / size[50000]
        linear_ratio = per_mb_50k / per_mb_5k

        # The parser under the tool is the floor of what it can cost on a large file: every
        # byte has to be parsed. Alternate the two so that load on the machine hits both.
        # Two estimates of each: the median, and the fastest run, the one least disturbed
        # by other work on the machine (on a shared VM that work comes in bursts, and a
        # burst lands on one of the two at random).
        print("\n== the tool against yaml-cpp's bare event parse (same file, empty handler), alternately")
        print(f"  {'servers':>8} {'size':>9} {'':>6} {'CPU median':>11} {'CPU fastest':>12} {'wall median':>12} "
              f"{'peak RSS':>10} {'runs':>5}")
        # Both sizes in the same rounds too, so that the cost per MB compares runs that saw
        # the same machine.
        columns = {f"{k} {n}": cmd for n in (5000, 50000)
                   for k, cmd in (("yaml", [events, files[n].name]), ("tool", tool_cmd(n)))}
        all_runs = side_by_side_usage(runner, columns, max(3, args.big_rounds + 2),
                                      {"yaml 5000": 3, "tool 5000": 3, "yaml 50000": 1, "tool 50000": 1})
        vs_yaml = {}
        for n in (5000, 50000):
            runs = {k: all_runs[f"{k} {n}"] for k in ("yaml", "tool")}
            cpu = {k: statistics.median(u[1] for u in v) for k, v in runs.items()}
            fastest = {k: min(u[1] for u in v) for k, v in runs.items()}
            wall = {k: statistics.median(u[0] for u in v) for k, v in runs.items()}
            # Not wait4's ru_maxrss: a posix_spawn child counts this Python's pages in it.
            peak = {"yaml": runner.peak_rss_kib([events, files[n].name], runs=2),
                    "tool": runner.peak_rss_kib(tool_cmd(n), runs=2)}
            # Each round's own ratio too: the two runs of a round saw the same machine.
            pairs = statistics.median(t[1] / y[1] for y, t in zip(runs["yaml"], runs["tool"]))
            vs_yaml[n] = {"cpu": cpu, "fastest": fastest, "wall": wall, "rss": peak, "pairs": pairs,
                          "ratio": cpu["tool"] / cpu["yaml"], "fastest_ratio": fastest["tool"] / fastest["yaml"],
                          "size": size[n]}
            for k in ("yaml", "tool"):
                print(f"  {n:>8,} {size[n] / 1e6:>7.2f}MB {k:>6} {ms(cpu[k]):>11} {ms(fastest[k]):>12} {ms(wall[k]):>12} "
                      f"{peak[k] / 1024:>6.1f} MiB {len(runs[k]):>5}")
            print(f"  {'':>8} {'':>9} {'ratio':>6} {cpu['tool'] / cpu['yaml']:>10.2f}x "
                  f"{fastest['tool'] / fastest['yaml']:>11.2f}x {wall['tool'] / wall['yaml']:>11.2f}x"
                  f"   (median of the rounds' own CPU ratios: {pairs:.2f}x)")
        typical_runs = [runner.usage(tool_cmd("typical"))[1] for _ in range(21)]
        linear = {}
        for estimate, key, base in (("median", "cpu", statistics.median(typical_runs)),
                                    ("fastest", "fastest", min(typical_runs))):
            per_mb = {n: (v[key]["tool"] - base) / v["size"] for n, v in vs_yaml.items()}
            yaml_mb = {n: v[key]["yaml"] / v["size"] for n, v in vs_yaml.items()}
            linear[estimate] = (per_mb[50000] / per_mb[5000], yaml_mb[50000] / yaml_mb[5000])
            print(f"  CPU per MB, 50,000 / 5,000 servers ({estimate}): tool {linear[estimate][0]:.2f}, "
                  f"yaml-cpp {linear[estimate][1]:.2f}")

        instr = {}
        if args.instructions and shutil.which("valgrind"):
            for k, argv in (("yaml", [events, files[5000].name]), ("tool", tool_cmd(5000))):
                instr[k] = runner.instructions(argv)
            print(f"  instructions (callgrind), 5,000 servers: yaml {instr['yaml']:,}, tool {instr['tool']:,}, "
                  f"ratio {instr['tool'] / instr['yaml']:.3f}x")
        elif args.instructions:
            print("  instructions: valgrind not found, not counted")

        print("\n== peak RSS (GNU time %M, largest of 3 runs)")
        rss = {"floor": runner.peak_rss_kib(FLOOR), "tool typical": runner.peak_rss_kib(tool_cmd("typical")),
               "tool 5,000": runner.peak_rss_kib(tool_cmd(5000))}
        if not args.no_python:
            rss["python typical"] = runner.peak_rss_kib(py_cmd("typical"), runs=1)
            rss["python 5,000"] = runner.peak_rss_kib(py_cmd(5000), runs=1)
        for k, v in rss.items():
            print(f"  {k:<15} {v / 1024:7.1f} MiB")

        print("\n== budgets (issues 7 and 15)")
        if typical_x is not None:
            print(f"  typical: faster than Gym's OmegaConf path = {typical_x:6.1f}x  (>= 50x)   "
                  f"{verdict(typical_x >= 50)}")
        print(f"  typical: tool / env true    = {floor_x:6.2f}x  (<= 1x; issue 7: <= 3x)   {verdict(floor_x <= 1)}")
        if big_x is not None:
            print(f"  5,000 servers: faster than Gym's OmegaConf path = {big_x:5.1f}x  (>= 30x)   {verdict(big_x >= 30)}")
        # Both estimates, each with its verdict: fastest runs first.
        def both(fast: float, median: float, ok, unit: str = "x") -> str:
            return (f"{fast:.2f}{unit} fastest, {median:.2f}{unit} median   "
                    f"{verdict(ok(fast))} / {verdict(ok(median))}")

        for n, limit in ((5000, 1.15), (50000, 1.2)):
            v = vs_yaml[n]
            print(f"  {n:,} servers: tool CPU / yaml-cpp's event parse = "
                  f"{both(v['fastest_ratio'], v['ratio'], lambda r: r <= limit)}  (<= {limit}x)")
        peak50 = vs_yaml[50000]["rss"]["tool"] / 1024
        print(f"  50,000 servers: peak RSS    = {peak50:6.1f} MiB (<= 80 MiB) {verdict(peak50 <= 80)}")
        print(f"  linear: CPU per MB at 50,000 / at 5,000 servers = "
              f"{both(linear['fastest'][0], linear['median'][0], lambda r: r <= 1.05, '')}  (<= 1.05)")
        print(f"  typical: peak RSS           = {rss['tool typical'] / 1024:6.1f} MiB (<= 8 MiB) "
              f"{verdict(rss['tool typical'] <= 8 * 1024)}")
        print(f"  linear: wall per MB at 50,000 / at 5,000 servers = {linear_ratio:.2f}  (issue 7: <= 1.3)   "
              f"{verdict(linear_ratio <= 1.3)}")
        return 0
    finally:
        if args.keep:
            print(f"\nconfigs kept in {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
