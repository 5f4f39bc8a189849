#!/usr/bin/env python3
"""A/B check for performance work: two builds of gym-otel-env must behave byte for byte alike.

    scripts/perf/ab.py OLD_BIN NEW_BIN [--count N] [--seed S]

Runs both binaries on the random cases difftest generates (tests/differential/generator.py:
configs, includes, env.yaml, --set, environments, injected faults) and on the benchmark's
configs, and compares exit status, stdout and stderr exactly; only a random 12-hex-digit run
id may differ. Needs no Python reference, so thousands of cases take a minute.
"""

import argparse
import re
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent / "tests"))
from differential import generator, runner  # noqa: E402

sys.path.insert(0, str(HERE))
import bench  # noqa: E402

RUN_ID = re.compile(r'(NEMO_GYM_OTEL_RUN_ID[^0-9a-f]*)[0-9a-f]{12}\b')


def norm(text: str) -> str:
    return RUN_ID.sub(r"\1<random>", text)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("--count", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=7)
    opts = ap.parse_args()
    bins = [str(Path(opts.old).resolve()), str(Path(opts.new).resolve())]
    differ = 0
    with tempfile.TemporaryDirectory(prefix="goe-ab.") as tmp:
        root = Path(tmp)
        cases = []
        for index in range(opts.count):
            c = generator.generate(opts.seed, index, ())
            cwd, env, args, stdin = runner.materialize(c, root / f"c{index}")
            cases.append((f"case {opts.seed}/{index}", cwd, {**runner.base_env(), **env}, args, stdin))
        big = root / "bench"
        big.mkdir()
        (big / "typical.yaml").write_text(bench.TYPICAL)
        (big / "servers.yaml").write_text(bench.servers_config(2000))
        for name in ("typical.yaml", "servers.yaml"):
            for fmt in ("sh", "json", "fish", "dotenv"):
                cases.append((f"{name} --format {fmt}", big, runner.base_env(), ["--format", fmt, name], None))
        # Paths the optimizations touched: errors that name a key path or a position,
        # and key replacement in mappings large enough to be indexed.
        many = "".join(f"k{i}: {i}\n" for i in range(40))
        edges = {
            "tag-error.yaml": "telemetry:\n  a:\n    - x\n    - {b: !!int 12x}\n",
            "float-error.yaml": "s:\n  t: [1, !!float abc]\n",
            "bad-utf8.yaml": "telemetry:\n  service_name: caf\xe9\n",
            "control-char.yaml": "a: b\n  c: \x07\n",
            "bad-interp.yaml": "x:\n  y:\n    - ok\n    - {z: '${oc.env:A'}\n",
            "dup-large.yaml": many + "k7: again\n",
            "replace-large.yaml": "telemetry: {enabled: yes}\n" + many + "1: a\n'1': b\ntrue: c\n'True': d\n",
            "merge-large.yaml": "base: &b\n" + "".join(f"  m{i}: {i}\n" for i in range(30)) +
                                "over:\n  <<: *b\n  m3: x\ntelemetry: {enabled: true, service_name: '${over.m3}'}\n",
        }
        for name, text in edges.items():
            (big / name).write_bytes(text.encode("latin-1"))
            cases.append((name, big, runner.base_env(), [name], None))
        for label, cwd, env, args, stdin in cases:
            a, b = (runner.run_one([x, *args], cwd, env, stdin, 60) for x in bins)
            if (a.rc, norm(a.stdout), a.stderr) != (b.rc, norm(b.stdout), b.stderr):
                differ += 1
                if differ <= 5:
                    print(f"DIFFER {label}: args {args}\n  old rc={a.rc} {a.stdout!r} {a.stderr!r}\n"
                          f"  new rc={b.rc} {b.stdout!r} {b.stderr!r}")
        print(f"{len(cases) - differ} passed, {differ} failed")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
