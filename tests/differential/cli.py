"""difftest: differential test of gym-otel-env (C++) against tests/differential/reference/gym_otel_ref.py.

    scripts/difftest [--bin build/bin/gym-otel-env] [--seed S] [--count N] [--jobs J]
                     [--out DIR] [--keep] [--show N] [--skip TAG]... [--case I]... [--self-test]

Each case is generated from random.Random(f"{seed}/{index}"), so a case can be re-run alone with
--seed S --case I. A case is 1-3 config files (sometimes config_paths includes, an env.yaml,
--set overrides, standard input), an environment, and sometimes one injected fault. Both programs
run with the same arguments, environment, stdin and working directory:

    BIN --format json ARGS                   (C++)
    python gym_otel_ref.py ARGS              (reference; PYTHONPATH=/usr/lib/python3/dist-packages)

Pass: both exit 0 with the same variables (a 12-hex-digit NEMO_GYM_OTEL_RUN_ID matches any other),
or both exit non-zero (and the binary printed nothing on stdout, SPEC 7). Anything else is a
failure; it is shrunk (env vars, --set, config entries dropped while it still fails) and written
to OUT/fail-<seed>-<index>/ with the files, a repro.sh and both outputs.

Forms (--form NAME, repeatable; default all, weighted): classic (the generated configs of the earlier
issues), directives (_inherit_from, ${inherit_from:}, _copy, ${copy:}, _delete_key, nested, in lists,
missing and '???' sources, across files), missing ('???' in the block, elsewhere, in lists, deleted,
overwritten by a later file / --set / env.yaml), override (Hydra VALUEs of every grammar rule and
its errors through --set), gymcli (`--exec -- gym env start ...` and the other entry points with
--config, the four selectors, --search-dir, Hydra tokens; the child is a stub from bin/ that prints
its argv and environment as JSON: the binary's side is the variables the child saw changed, and
the child must get its arguments unchanged). The summary gives passed/total per form.

--gym-version NAME (repeatable; seed, 2e5014086a, 27c821d975): the telemetry schema versions of
SPEC 8 to draw each case's from; the case passes `--gym-version NAME` to both programs and exercises
that version's differences (versions_gen.py). Default: all three when the binary's --help lists
--gym-version (and with --self-test), else none: the option is not passed and every case is the
seed's (a binary without the option cannot be asked for another version; naming one but seed is
an error).

--self-test runs the reference in place of the binary (must give 0 failures).

--skip TAG leaves out the pool entries and faults tagged TAG ("disputed", "ambiguous"; see
generator.py, which also says how to add values).

The modules: generator.py (random cases), runner.py (run the binary and the reference, compare,
write failures), shrinker.py (minimise a failing case), cli.py (this: options, the run, the
summary). scripts/difftest is the entry point.
"""

from __future__ import annotations

import argparse
import concurrent.futures as cf
import os
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Dict, List

from .generator import FORMS, Case, generate
from .runner import REPO, Result, describe, execute, write_failure
from .shrinker import shrink
from .versions_gen import VERSIONS


def binary_takes_gym_version(binary: str) -> bool:
    import subprocess

    try:
        p = subprocess.run([binary, "--help"], capture_output=True, timeout=20)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return b"--gym-version" in p.stdout + p.stderr


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", default=str(REPO / "build" / "bin" / "gym-otel-env"))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--case", type=int, action="append", help="run only these case indices")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--out", default=str(REPO / "build" / "difftest-out"))
    ap.add_argument("--keep", action="store_true", help="keep every case directory")
    ap.add_argument("--show", type=int, default=3, help="print the details of the first N failures")
    ap.add_argument("--skip", action="append", default=[], help="leave out pool entries/faults with TAG")
    ap.add_argument("--form", action="append", default=[], choices=list(FORMS),
                    help="generate only cases of this form (repeatable; default: all)")
    ap.add_argument("--gym-version", action="append", default=[], choices=list(VERSIONS),
                    help="schema versions to draw cases from (repeatable; default: see above)")
    ap.add_argument("--no-shrink", action="store_true")
    ap.add_argument("--shrink-budget", type=int, default=80, help="max runs spent shrinking one failure")
    ap.add_argument("--timeout", type=float, default=20.0)
    ap.add_argument("--self-test", action="store_true", help="use the reference as the binary too")
    ap.add_argument("--dump", action="store_true", help="print the generated cases, run nothing")
    opts = ap.parse_args()

    skip = tuple(opts.skip)
    indices = opts.case if opts.case else list(range(opts.count))
    binary_ok = opts.self_test or opts.dump or (os.path.isfile(opts.bin) and os.access(opts.bin, os.X_OK))
    if not binary_ok:
        print(f"difftest: no executable binary at {opts.bin} (use --bin or --self-test)", file=sys.stderr)
        return 2
    takes_version = opts.self_test or opts.dump or binary_takes_gym_version(opts.bin)
    if not takes_version and set(opts.gym_version) - {"seed"}:
        print(f"difftest: {opts.bin} has no --gym-version option: only the seed's schema can be tested "
              "(--gym-version seed, or none)", file=sys.stderr)
        return 2
    versions = tuple(opts.gym_version or VERSIONS) if takes_version else ()
    if not takes_version:
        print("difftest: the binary has no --gym-version: every case is the seed schema's, the option not given")
    cases = [generate(opts.seed, i, skip, tuple(opts.form), versions) for i in indices]
    if opts.dump:
        for c in cases:
            print(describe(c, "(not run)", Result(0, "", ""), Result(0, "", ""), c.args(), c.env, Path("@ROOT@")))
        return 0

    out = Path(opts.out)
    out.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="difftest-"))
    opts.bin = os.path.abspath(opts.bin)
    if not opts.self_test:
        opts.bin_snapshot = str(work / "gym-otel-env")
        shutil.copy2(opts.bin, opts.bin_snapshot)

    def job(c: Case):
        root = work / f"case-{c.index:05d}"
        reason, b, r, args, env = execute(c, root, opts)
        return c, root, reason, b, r, args, env

    failures = []
    both_ok = both_reject = 0
    with cf.ThreadPoolExecutor(max_workers=max(1, opts.jobs)) as ex:
        for c, root, reason, b, r, args, env in ex.map(job, cases):
            both_ok += reason is None and r.rc == 0
            both_reject += reason is None and r.rc != 0
            if reason is not None:
                failures.append((c, root, reason, (b, r, args, env)))
            elif not opts.keep:
                shutil.rmtree(root, ignore_errors=True)

    shown = 0
    for c, root, reason, first_run in failures:
        if opts.no_shrink:
            b, r, args, env = first_run
        else:
            c = shrink(c, root, opts, reason)
            reason2, b, r, args, env = execute(c, root, opts)
            reason = reason2 or reason + " (flaky: passes on re-run)"
        d, summary = write_failure(c, reason, b, r, args, env, out, opts)
        print(f"FAIL seed={c.seed} case={c.index}: {reason}  -> {d}")
        if shown < opts.show:
            shown += 1
            print(summary)
        if not opts.keep:
            shutil.rmtree(root, ignore_errors=True)
    if opts.keep:
        print(f"difftest: case directories kept in {work}")
    else:
        shutil.rmtree(work, ignore_errors=True)
    passed = len(cases) - len(failures)
    per_form: Dict[str, List[int]] = {}
    per_version: Dict[str, List[int]] = {}
    for c in cases:
        per_form.setdefault(c.form, [0, 0])[0] += 1
        per_version.setdefault(c.gym_version or "seed (no option)", [0, 0])[0] += 1
    for c, _root, _reason, _run in failures:
        per_form[c.form][1] += 1
        per_version[c.gym_version or "seed (no option)"][1] += 1
    print("difftest: by form: " + ", ".join(f"{f} {n - m}/{n} passed" for f, (n, m) in sorted(per_form.items())))
    print("difftest: by version: " + ", ".join(f"{f} {n - m}/{n} passed" for f, (n, m) in sorted(per_version.items())))
    print(f"difftest: ({both_ok} accepted by both, {both_reject} rejected by both)")
    print(f"difftest: {passed} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
