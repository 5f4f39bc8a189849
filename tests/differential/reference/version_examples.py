#!/usr/bin/env python3
"""Hand-checked examples of the three schema versions of SPEC 8, held to the reference.

    python3 tests/differential/reference/version_examples.py [--write]

Each example states, worked out by hand from Gym's code at the version's commit (config.py's model,
setup.py's configure_telemetry_env, pydantic-core's lax float, Python's str(float)) and SPEC 5's
three differences, the exact variables and the exact stderr (Gym main's lens warning included)
that gym_otel_ref.py --gym-version NAME must give; an error example states the start of its one
error line (pydantic's help URL after it names pydantic's version). The check runs every example
and fails naming each difference; it also fails when version_examples.md, the readable copy, is
not what --write makes of this file. ctest: reference_versions.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Dict, List, Optional

HERE = Path(__file__).resolve().parent
MD = HERE / "version_examples.md"
sys.path.insert(0, str(HERE))
# before site-packages, as the reference runs (PYTHONPATH): its OmegaConf and antlr4
sys.path.insert(1, "/usr/lib/python3/dist-packages")
HEX12 = re.compile(r"^[0-9a-f]{12}$")
RANDOM = "<random 12 hex>"


class Ex:
    def __init__(self, version: str, title: str, yaml: str, env: Dict[str, str], expect: Optional[Dict[str, str]],
                 stderr: str = "", args: Optional[List[str]] = None, why: str = "") -> None:
        self.version, self.title, self.yaml, self.env = version, title, yaml, env
        self.expect, self.stderr, self.args, self.why = expect, stderr, args or [], why


ON = {"NEMO_GYM_OTEL_ENABLED": "1"}
E = "NEMO_GYM_OTEL_"


# The write order of each version, by hand from setup.py's loops (the seed's: SPEC 5's points);
# the run id is left out (the config's is written in its place, a generated one last).
_PREFIXED = ["SPAN_GROUPS", "EXPORT_STRATEGY", "EXPORT_RANK", "TRACES_ENABLED", "METRICS_ENABLED", "LOGS_ENABLED",
             "EXPORTER", "SERVICE_NAME_PER_SERVER", "INSTRUMENT_AIOHTTP"]
_OTLP = ["OTEL_EXPORTER_OTLP_ENDPOINT", "OTEL_EXPORTER_OTLP_PROTOCOL", "OTEL_EXPORTER_OTLP_HEADERS"]
WRITE_ORDER = {
    "seed": [E + "ENABLED"] + [E + k for k in _PREFIXED] + _OTLP + ["OTEL_SERVICE_NAME"],
    "2e5014086a": [E + "ENABLED"] + [E + k for k in _PREFIXED] + ["OTEL_SERVICE_NAME"],
    "27c821d975": [E + "ENABLED"] + [E + k for k in _PREFIXED if not k.startswith("EXPORT_")]
    + [E + "MEMORY_PROFILING_ENABLED", E + "MEMORY_PROFILING_INTERVAL_SECONDS"] + _OTLP + ["OTEL_SERVICE_NAME"],
}


def in_order(version: str, d: Dict[str, str]) -> Dict[str, str]:
    order = WRITE_ORDER[version] + [E + "RUN_ID"]
    return {k: d[k] for k in sorted(d, key=lambda k: order.index(k) if k in order else len(order))}


def seed_all(**kw: str) -> Dict[str, str]:
    """Every variable the seed's version writes with the block's defaults (SPEC 4's table)."""
    d = {E + "SPAN_GROUPS": "default", E + "EXPORT_STRATEGY": "all_ranks", E + "EXPORT_RANK": "-1",
         E + "TRACES_ENABLED": "1", E + "METRICS_ENABLED": "1", E + "LOGS_ENABLED": "0", E + "EXPORTER": "otlp",
         E + "SERVICE_NAME_PER_SERVER": "1", E + "INSTRUMENT_AIOHTTP": "1", "OTEL_SERVICE_NAME": "nemo-gym",
         E + "RUN_ID": RANDOM}
    return {k: v for k, v in {**d, **kw}.items() if v is not None}


def main_all(**kw: Optional[str]) -> Dict[str, str]:
    """Gym main's setup.py with the defaults of its config.py: no EXPORT_*, the memory pair."""
    d = {E + "SPAN_GROUPS": "default", E + "TRACES_ENABLED": "1", E + "METRICS_ENABLED": "1",
         E + "LOGS_ENABLED": "0", E + "EXPORTER": "otlp", E + "SERVICE_NAME_PER_SERVER": "1",
         E + "INSTRUMENT_AIOHTTP": "1", E + "MEMORY_PROFILING_ENABLED": "0",
         E + "MEMORY_PROFILING_INTERVAL_SECONDS": "1.0", "OTEL_SERVICE_NAME": "nemo-gym", E + "RUN_ID": RANDOM}
    return {k: v for k, v in {**d, **kw}.items() if v is not None}


def interval(text: str, want: Optional[str], why: str = "") -> Ex:
    yaml = f"telemetry:\n  memory_profiling:\n    interval_seconds: {text}\n"
    if want is None:
        return Ex("27c821d975", f"interval_seconds: {text}", yaml, ON, None, why=why,
                  stderr="error: ValidationError: 1 validation error for MainTelemetryConfig | "
                         "memory_profiling.interval_seconds | ")
    return Ex("27c821d975", f"interval_seconds: {text}", yaml, ON,
              main_all(**{E + "MEMORY_PROFILING_INTERVAL_SECONDS": want}), why=why)


def warn(field: str, value: str, key: str, env: str) -> str:
    return f"warning: telemetry.{field}={value} from the config is ignored because NEMO_LENS_{key}={env} is set"


EXAMPLES: List[Ex] = [
    # ---------------------------------------------------------------- seed
    Ex("seed", "every field written; SLURM_JOB_ID trimmed is the run id",
       "telemetry:\n  enabled: true\n  exporter: console\n  export_rank: '3'\n  otlp_endpoint: http://c:4318\n",
       {"SLURM_JOB_ID": " 42 "},
       {E + "ENABLED": "1", **seed_all(**{E + "EXPORTER": "console", E + "EXPORT_RANK": "3", E + "RUN_ID": "42",
                                          "OTEL_EXPORTER_OTLP_ENDPOINT": "http://c:4318"})}),
    Ex("seed", "NEMO_LENS_<KEY> carried unchanged (SPEC 5.3), no warning; a lens run id is the run id",
       "telemetry:\n  exporter: otlp\n", {**ON, "NEMO_LENS_EXPORTER": "console", "NEMO_LENS_RUN_ID": " r1 "},
       seed_all(**{E + "EXPORTER": "console", E + "RUN_ID": " r1 "})),
    Ex("seed", "memory_profiling is an unknown key: named, ignored",
       "telemetry:\n  memory_profiling: {enabled: true}\n", ON, seed_all(),
       stderr="warning: unknown telemetry key 'memory_profiling'"),
    # ---------------------------------------------------------------- 2e5014086a
    Ex("2e5014086a", "otlp_* are extra keys: accepted, nothing OTEL_EXPORTER_OTLP_* written",
       "telemetry:\n  otlp_endpoint: http://c:4318\n  otlp_headers: 5\n  export_rank: 2.0\n", ON,
       seed_all(**{E + "EXPORT_RANK": "2"}),
       stderr="warning: unknown telemetry key 'otlp_endpoint'\nwarning: unknown telemetry key 'otlp_headers'",
       why="otlp_headers: 5 is an error under the seed's version (str or null)"),
    Ex("2e5014086a", "a blank Gym variable is unset; NEMO_LENS_EXPORT_STRATEGY carried (SPEC 5)",
       "telemetry:\n  exporter: console\n",
       {**ON, E + "EXPORTER": "  ", "NEMO_LENS_EXPORT_STRATEGY": "single_rank"},
       seed_all(**{E + "EXPORTER": "console", E + "EXPORT_STRATEGY": "single_rank"})),
    Ex("2e5014086a", "the environment switches telemetry off: nothing written (SPEC 5)",
       "telemetry:\n  enabled: true\n", {"NEMO_GYM_OTEL_ENABLED": "0"}, {}),
    Ex("2e5014086a", "the standard OTLP variables are the user's alone",
       "telemetry:\n  enabled: true\n  otlp_protocol: grpc\n", {"OTEL_EXPORTER_OTLP_PROTOCOL": ""},
       {E + "ENABLED": "1", **seed_all()}, stderr="warning: unknown telemetry key 'otlp_protocol'"),
    # ---------------------------------------------------------------- 27c821d975
    Ex("27c821d975", "defaults: no EXPORT_*, the memory pair always written",
       "telemetry:\n  enabled: true\n", {}, {E + "ENABLED": "1", **main_all()}),
    interval("1.0", "1.0"),
    interval("2", "2.0", "an int is a float"),
    interval("'0.5'", "0.5", "a string, pydantic-core's str_as_float"),
    interval("1e-05", "1e-05", "Python's str: exponent form below 1e-4"),
    interval("0.0001", "0.0001"),
    interval("'1e3'", "1000.0"),
    interval("1.2345678901234567e+19", "1.2345678901234567e+19", "exponent form from 1e16"),
    interval("12345678901234567890", "1.2345678901234567e+19", "an int past 2**63 is still a float"),
    interval("9999999999999998", "9999999999999998.0", "below 1e16: positional"),
    interval("1e16", "1e+16"),
    interval(".inf", "inf", "inf passes gt=0"),
    interval("'Infinity'", "inf", "Rust's f64 parse takes it"),
    interval("'1e400'", "inf", "Rust's parse overflows to inf, which passes gt=0"),
    interval("'1_000.5'", "1000.5", "the underscore retry"),
    interval("'  7  '", "7.0", "trimmed first"),
    interval("true", "1.0", "lax: a bool is 1.0"),
    interval("0x10", "16.0", "YAML 1.1 hex int"),
    interval("1:30", "90.0", "YAML 1.1 base 60"),
    interval("0", None, "gt=0"),
    interval("-1", None),
    interval("false", None, "0.0 is not > 0"),
    interval(".nan", None, "nan fails gt"),
    interval("'-inf'", None),
    interval("'-1e-400'", None, "-0.0"),
    interval("' 1_0 '", None, "the underscore retry is on the untrimmed text"),
    interval("'_1'", None),
    interval("abc", None),
    interval("~", None, "null is not a float"),
    interval("1" + "0" * 400, None, "an int too large for a float"),
    Ex("27c821d975", "memory_profiling: null is an error", "telemetry:\n  memory_profiling: null\n", ON, None,
       stderr="error: ValidationError: 1 validation error for MainTelemetryConfig | memory_profiling | "
              "Input should be a valid dictionary or instance of MemoryProfilingConfig"),
    Ex("27c821d975", "memory_profiling: a scalar is an error", "telemetry:\n  memory_profiling: 5\n", ON, None,
       stderr="error: ValidationError: 1 validation error for MainTelemetryConfig | memory_profiling | "
              "Input should be a valid dictionary or instance of MemoryProfilingConfig"),
    Ex("27c821d975", "memory_profiling.enabled: a lax bool; an unknown key inside ignored, and named",
       "telemetry:\n  memory_profiling: {enabled: 'yes', interval: 3}\n", ON,
       main_all(**{E + "MEMORY_PROFILING_ENABLED": "1"}),
       stderr="warning: unknown telemetry key 'memory_profiling.interval' (did you mean 'interval_seconds'?)"),
    Ex("27c821d975", "memory_profiling.enabled: maybe is an error",
       "telemetry:\n  memory_profiling: {enabled: maybe}\n", ON, None,
       stderr="error: ValidationError: 1 validation error for MainTelemetryConfig | memory_profiling.enabled | "
              "Input should be a valid boolean, unable to interpret input"),
    Ex("27c821d975", "--set interval_seconds=1e-05 (Hydra's float)", "telemetry: {}\n", ON,
       main_all(**{E + "MEMORY_PROFILING_INTERVAL_SECONDS": "1e-05"}),
       args=["--set", "telemetry.memory_profiling.interval_seconds=1e-05"]),
    Ex("27c821d975", "a set memory variable wins; a blank one is unset (SPEC 5)",
       "telemetry:\n  memory_profiling: {enabled: true, interval_seconds: 2}\n",
       {**ON, E + "MEMORY_PROFILING_INTERVAL_SECONDS": "5", E + "MEMORY_PROFILING_ENABLED": ""},
       main_all(**{E + "MEMORY_PROFILING_ENABLED": "1", E + "MEMORY_PROFILING_INTERVAL_SECONDS": None})),
    Ex("27c821d975", "export_strategy/export_rank: loaded, written nowhere",
       "telemetry:\n  export_strategy: single_rank\n  export_rank: abc\n", ON, main_all(),
       stderr="warning: unknown telemetry key 'export_strategy' (did you mean 'exporter'?)\n"
              "warning: unknown telemetry key 'export_rank' (did you mean 'exporter'?)"),
    Ex("27c821d975", "NEMO_LENS_<KEY> set: the Gym variable unwritten; warned when the config differs",
       "telemetry:\n  span_groups: all\n  traces_enabled: true\n  exporter: otlp\n",
       {**ON, "NEMO_LENS_SPAN_GROUPS": "all", "NEMO_LENS_TRACES_ENABLED": " off ", "NEMO_LENS_EXPORTER": "console"},
       main_all(**{E + "SPAN_GROUPS": None, E + "TRACES_ENABLED": None, E + "EXPORTER": None}),
       stderr=warn("traces_enabled", "True", "TRACES_ENABLED", "'off'") + "\n"
              + warn("exporter", "'otlp'", "EXPORTER", "'console'"),
       why="span_groups asks for the same setting: no warning; 'off' is not truthy; setup.py's order"),
    Ex("27c821d975", "NEMO_LENS_<KEY> set, the config silent: unwritten, no warning; a blank one is unset",
       "telemetry:\n  enabled: true\n", {"NEMO_LENS_EXPORTER": "console", "NEMO_LENS_LOGS_ENABLED": " "},
       {E + "ENABLED": "1", **main_all(**{E + "EXPORTER": None})}),
    Ex("27c821d975", "bools compared by truthiness: '0' is false, '2' is not true",
       "telemetry:\n  logs_enabled: false\n  metrics_enabled: yes\n",
       {**ON, "NEMO_LENS_LOGS_ENABLED": "0", "NEMO_LENS_METRICS_ENABLED": "2"},
       main_all(**{E + "LOGS_ENABLED": None, E + "METRICS_ENABLED": None}),
       stderr=warn("metrics_enabled", "True", "METRICS_ENABLED", "'2'")),
    Ex("27c821d975", "NEMO_LENS_RUN_ID is the run id: no RUN_ID written, none generated, SLURM_JOB_ID unused",
       "telemetry:\n  run_id: cfg\n", {**ON, "NEMO_LENS_RUN_ID": " lensrun ", "SLURM_JOB_ID": "9"},
       main_all(**{E + "RUN_ID": None}), stderr=warn("run_id", "'cfg'", "RUN_ID", "'lensrun'")),
    Ex("27c821d975", "a config value equal to the stripped lens value: no warning",
       "telemetry:\n  exporter: console\n", {**ON, "NEMO_LENS_EXPORTER": " console "},
       main_all(**{E + "EXPORTER": None})),
    Ex("27c821d975", "a set Gym variable does not silence the warning (setup.py checks the lens first)",
       "telemetry:\n  exporter: otlp\n",
       {**ON, E + "EXPORTER": "otlp", "NEMO_LENS_EXPORTER": "console"}, main_all(**{E + "EXPORTER": None}),
       stderr=warn("exporter", "'otlp'", "EXPORTER", "'console'")),
    Ex("27c821d975", "telemetry switched off by the environment: nothing, and no warning",
       "telemetry:\n  enabled: true\n  exporter: otlp\n",
       {"NEMO_GYM_OTEL_ENABLED": "0", "NEMO_LENS_EXPORTER": "console"}, {},
       why="the reference's decision: the config is ignored because telemetry is off (SPEC 5.1)"),
    Ex("27c821d975", "a run_id: null in the config is skipped before the lens check: no warning",
       "telemetry:\n  run_id: null\n", {**ON, "NEMO_LENS_RUN_ID": "x"}, main_all(**{E + "RUN_ID": None})),
]


def run(ex: Ex) -> subprocess.CompletedProcess:
    """gym_otel_ref.main in this process (a new interpreter per example took half a minute), with
    the example's environment alone, in a directory of its own, stdout and stderr captured."""
    import gym_otel_ref

    saved_env, saved_cwd = dict(os.environ), os.getcwd()
    out, err = io.TextIOWrapper(io.BytesIO(), encoding="utf-8"), io.StringIO()
    with tempfile.TemporaryDirectory() as d:
        (Path(d) / "c.yaml").write_text(ex.yaml, encoding="utf-8")
        os.environ.clear()
        os.environ.update({"PATH": saved_env.get("PATH", "/usr/bin:/bin"), "LANG": "C.UTF-8", **ex.env})
        os.chdir(d)
        try:
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                rc = gym_otel_ref.main(["--gym-version", ex.version, *ex.args, "c.yaml"])
        finally:
            os.chdir(saved_cwd)
            os.environ.clear()
            os.environ.update(saved_env)
    out.flush()
    return subprocess.CompletedProcess([], rc, out.buffer.getvalue().decode("utf-8"), err.getvalue())


def check(ex: Ex) -> List[str]:
    p = run(ex)
    err = p.stderr.rstrip("\n")
    if ex.expect is None:
        if p.returncode != 1 or not err.startswith(ex.stderr) or "\n" in err:
            return [f"expected rc 1 and one line starting {ex.stderr!r}; got rc {p.returncode}, {err!r}"]
        return []
    problems = []
    if p.returncode != 0:
        return [f"expected success; got rc {p.returncode}: {err!r}"]
    got = json.loads(p.stdout)
    if HEX12.match(got.get(E + "RUN_ID", "")):
        got[E + "RUN_ID"] = RANDOM
    if got != ex.expect:
        keys = sorted(set(got) | set(ex.expect))
        problems += [f"{k}: expected {ex.expect.get(k)!r}, got {got.get(k)!r}" for k in keys
                     if got.get(k) != ex.expect.get(k)]
    written = [k for k in got if k != E + "RUN_ID"]
    if written != [k for k in in_order(ex.version, got) if k != E + "RUN_ID"]:
        problems.append(f"write order: expected setup.py's {WRITE_ORDER[ex.version]!r}, got {written!r}")
    if err != ex.stderr:
        problems.append(f"stderr: expected {ex.stderr!r}, got {err!r}")
    return problems


def check_unknown_version() -> List[str]:
    """An unknown name is a usage error that lists the known ones."""
    p = run(Ex("nope", "", "telemetry: {}\n", ON, None))
    want = "error: UsageError: --gym-version: unknown version 'nope' (known: seed, 2e5014086a, 27c821d975, 52755d025d)"
    if p.returncode != 2 or p.stderr.rstrip("\n") != want or p.stdout:
        return [f"--gym-version nope: expected rc 2 and {want!r}; got rc {p.returncode}, {p.stderr!r}"]
    return []


def markdown() -> str:
    out = ["# The schema versions of SPEC 8: hand-checked examples",
           "",
           "Written by `tests/differential/reference/version_examples.py --write` from its table; the",
           "ctest `reference_versions` runs each example through `gym_otel_ref.py --gym-version NAME` and",
           "fails on any difference, and when this page is out of date. Every example runs `c.yaml` with",
           "the environment shown (and nothing else but PATH/LANG). `<random 12 hex>`: a generated run id.",
           "Variables are listed in the order the version's setup.py writes them (checked too).",
           ""]
    for version in ("seed", "2e5014086a", "27c821d975"):
        out += [f"## --gym-version {version}", ""]
        for i, ex in enumerate(e for e in EXAMPLES if e.version == version):
            out.append(f"### {version}.{i + 1}. {ex.title}")
            out.append("")
            if ex.why:
                out += [ex.why, ""]
            out += ["```yaml", ex.yaml.rstrip("\n"), "```", ""]
            if ex.env:
                out += ["environment: `" + json.dumps(ex.env) + "`", ""]
            if ex.args:
                out += ["arguments: `" + " ".join(ex.args) + "`", ""]
            if ex.expect is None:
                out += ["error (exit 1), the line starts:", "", "    " + ex.stderr, ""]
                continue
            out += ["variables:", "", "```json", json.dumps(in_order(ex.version, ex.expect), indent=1), "```", ""]
            if ex.stderr:
                out += ["stderr:", "", *["    " + line for line in ex.stderr.splitlines()], ""]
    return "\n".join(out).rstrip("\n") + "\n"


def main(argv: List[str]) -> int:
    if argv == ["--write"]:
        MD.write_text(markdown(), encoding="utf-8")
        return 0
    failed = 0
    for ex in EXAMPLES:
        for problem in check(ex):
            failed += 1
            print(f"version_examples: {ex.version}: {ex.title}: {problem}", file=sys.stderr)
    for problem in check_unknown_version():
        failed += 1
        print(f"version_examples: {problem}", file=sys.stderr)
    if MD.read_text(encoding="utf-8") != markdown() if MD.exists() else True:
        failed += 1
        print(f"version_examples: {MD.name} is out of date: run {Path(__file__).name} --write", file=sys.stderr)
    print(f"version_examples: {len(EXAMPLES)} examples, {failed} problems")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
