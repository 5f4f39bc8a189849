#!/usr/bin/env python3
"""Runs the hand-written examples through gym_otel_ref.py and writes examples.md.

    python3 tests/differential/reference/make_examples.py [--check]

Each example states what SPEC.md's tables predict ("spec"); the reference (real OmegaConf 2.2.2 +
pydantic 2) is run and its output recorded. A row where the two differ is marked DIFFERS; those are
summarised at the top of examples.md. --check only prints the differing rows.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

HERE = Path(__file__).resolve().parent
REF = HERE / "gym_otel_ref.py"
OMEGACONF_PATH = "/usr/lib/python3/dist-packages"
HEX12 = re.compile(r"^[0-9a-f]{12}$")

ERR = "error"  # expected: rejected
ON = {"NEMO_GYM_OTEL_ENABLED": "1"}  # env that enables telemetry, so that settings get printed


def run(files: Dict[str, str], env: Dict[str, str], args: List[str], stdin: str = "") -> Tuple[int, str, str]:
    with tempfile.TemporaryDirectory() as d:
        work = Path(d) / "work"
        work.mkdir()
        for name, text in files.items():
            p = work / name
            p.parent.mkdir(parents=True, exist_ok=True)
            p.write_text(text, encoding="utf-8")
        full_env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": "C.UTF-8",
                    "PYTHONPATH": OMEGACONF_PATH, **env}
        p = subprocess.run([sys.executable, str(REF), *args], cwd=work, env=full_env,
                           input=stdin.encode(), capture_output=True)
        return p.returncode, p.stdout.decode(), p.stderr.decode().strip()


def outcome(rc: int, out: str, err: str) -> Any:
    if rc != 0:
        return ERR
    d = json.loads(out)
    if HEX12.match(d.get("NEMO_GYM_OTEL_RUN_ID", "")):
        d["NEMO_GYM_OTEL_RUN_ID"] = "<random 12 hex>"
    return d


def matches(expected: Any, got: Any) -> bool:
    if expected == ERR or got == ERR:
        return expected == got
    if isinstance(expected, dict):  # expected lists a subset of the variables; None = must be absent
        return all((k not in got) if val is None else got.get(k) == val for k, val in expected.items())
    return expected == got


# --------------------------------------------------------------------------- examples
# Full examples: (id, title, spec section, files, env, args, expected, note)
# expected: ERR, or a dict of variables that must have that value (None: must be absent), or the
# exact dict when marked EXACT.

class Ex:
    def __init__(self, title: str, section: str, files: Dict[str, str], env: Dict[str, str], args: List[str],
                 expected: Any, note: str = "", exact: bool = False, stdin: str = "") -> None:
        self.title, self.section, self.files, self.env, self.args = title, section, files, env, args
        self.expected, self.note, self.exact, self.stdin = expected, note, exact, stdin


# Table examples: one field, many YAML texts: (title, section, field, var, [(yaml_text, expected)], env)
# expected: the variable's value, None (not exported), or ERR.
class Table:
    def __init__(self, title: str, section: str, template: str, var: str, rows: List[Tuple[str, Any]],
                 env: Optional[Dict[str, str]] = None, note: str = "") -> None:
        self.title, self.section, self.template, self.var, self.rows = title, section, template, var, rows
        self.env = ON if env is None else env
        self.note = note


# No '???' in X: Gym (and the reference) reject a '???' anywhere in the merged config (SPEC 1 point 6),
# which would fail every example that includes X. '???' has its own examples.
X = "x: {n: 42, s: hello, f: 1.5, b: true, e: '', nl: null, tele: {exporter: console, service_name: from-x}}\n"

EXAMPLES: List[Any] = [
    Table("Plain scalars into a bool field (traces_enabled)", "2, 4",
          "telemetry: {traces_enabled: %s}\n", "NEMO_GYM_OTEL_TRACES_ENABLED",
          [("yes", "1"), ("Off", "0"), ("ON", "1"), ("y", "1"), ("n", "0"), ("'maybe'", ERR),
           ("~", ERR), ("''", ERR), ("' true'", ERR), ("'TRUE'", "1"), ("2", ERR), ("1.0", "1"),
           ("0.5", ERR), ("0b1", "1"), ("01", "1"), ("'1.0'", ERR)]),
    Table("Plain scalars into an int field (export_rank)", "2, 4",
          "telemetry: {export_rank: %s}\n", "NEMO_GYM_OTEL_EXPORT_RANK",
          [("-1", "-1"), ("+4", "4"), ("1_000", "1000"), ("010", "8"), ("0x10", "16"), ("0b11", "3"),
           ("1:30", "90"), ("0o17", ERR), ("2.0", "2"), ("1e3", "1000"), ("2.5", ERR), (".inf", ERR),
           (".nan", ERR), ("1:30.5", ERR), ("true", "1"), ("~", ERR), ("' 12 '", "12"), ("'1_000'", "1000"),
           ("'2.0'", "2"), ("'0x10'", ERR), ("'1e3'", ERR), ("''", ERR), ("'010'", "10"),
           ("'1__0'", ERR), ("99999999999999999999", "99999999999999999999"),
           ("9.2e18", "9200000000000000000"), ("1e19", "10000000000000000000")]),
    Table("Plain scalars into a str field (service_name)", "2, 4",
          "telemetry: {service_name: %s}\n", "OTEL_SERVICE_NAME",
          [("svc", "svc"), ("123", ERR), ("'123'", "123"), ("true", ERR), ("1.5", ERR), ("~", ERR),
           ("2001-12-14", "2001-12-14"), ("0o17", "0o17"), ("y", "y"), ("''", None), ("'  '", "  "),
           ("\"tab\\there\"", "tab\there"), ("!!binary aGVsbG8=", ERR)]),
    Table("Nulls into a str-or-null field (otlp_endpoint)", "2, 4, 5.4",
          "telemetry: {otlp_endpoint: %s}\n", "OTEL_EXPORTER_OTLP_ENDPOINT",
          [("~", None), ("null", None), ("Null", None), ("NULL", None), ("", None), ("'null'", "null"),
           ("''", ""), ("http://h:4317", "http://h:4317"), ("42", ERR)]),
    Table("oc.env defaults (GYM_UNSET is unset; field otlp_endpoint)", "3",
          "telemetry:\n  otlp_endpoint: |-\n    ${oc.env:GYM_UNSET,%s}\n", "OTEL_EXPORTER_OTLP_ENDPOINT",
          [("x", "x"), ("null", None), ("true", "True"), ("8080", "8080"), ("1.5", "1.5"),
           ("'a, b'", "a, b"), ("\"x\"", "x"), ("a\\,b", "a,b"), ("a\\}b", "a}b"), ("a\\\\b", "a\\b"),
           ("  spaced  ", "spaced"), ("1e3", "1000.0"), ("''", ""),
           ("yes", "True"), ("010", "8"), ("0x10", "16"), ("~", None), ("1:30", "90"), (".inf", "inf"),
           ("NuLL", "NuLL"), ("tRuE", "tRuE"), ("00", "0"), ("inf", "inf"), ("1_000", "1000"),
           ("api-key=abc", "api-key=abc"), ("'api-key=abc'", "api-key=abc"), ("", "")]),
    Table("oc.decode (field otlp_headers, str-or-null)", "3",
          "telemetry: {otlp_headers: \"${oc.decode:%s}\"}\n", "OTEL_EXPORTER_OTLP_HEADERS",
          [("'abc'", "abc"), ("'123'", ERR), ("'null'", None), ("null", None), ("'yes'", ERR),
           ("'0x10'", ERR), ("'inf'", "inf"), ("'~'", None), ("' 12 '", ERR), ("''", None),
           ("'2001-12-14'", "2001-12-14")],
          note="spec column: the string typed as YAML; a non-string result is rejected by the str-or-null field."),
    Table("String interpolation and escapes (field otlp_headers)", "3",
          X + "telemetry: {otlp_headers: %s}\n", "OTEL_EXPORTER_OTLP_HEADERS",
          [("'pre-${x.n}-post'", "pre-42-post"), ("'pre-${x.f}'", "pre-1.5"), ("'pre-${x.b}'", "pre-True"),
           ("'pre-${x.nl}-post'", "pre-None-post"), ("'pre-${oc.env:GYM_UNSET,null}'", "pre-None"),
           ("'\\${x.n}'", "${x.n}"), ("'\\\\${x.n}'", "\\42"), ("$x", "$x"), ("$", "$"), ("a$b", "a$b"),
           ("'${x.s}${x.n}'", "hello42"), ("'${oc.env:GYM_A,${oc.env:GYM_B,x}}'", "x"),
           ("'${oc.env:GYM_EMPTY}'", ""), ("'${oc.env:GYM_EMPTY,d}'", ""),
           ("'${oc.select:x.nope,dflt}'", "dflt"), ("'${oc.select:x.s,dflt}'", "hello"),
           ("'${oc.select:x.nope}'", None), ("'${oc.select:x.nl,dflt}'", None),
           ("'${x.n}'", ERR), ("'${x.s}'", "hello")],
          env={**ON, "GYM_EMPTY": ""}),
    Table("OmegaConf's other resolvers (field service_name; x as above, lst has 11 items)", "3",
          X + "lst: [a, b, c, d, e, f, g, h, i, j, k]\ntelemetry: {service_name: %s}\n", "OTEL_SERVICE_NAME",
          [("'${oc.deprecated:x.s}'", "hello"), ("'${oc.deprecated:x.nope}'", ERR), ("'${oc.deprecated:x.n}'", ERR),
           ("'v=${oc.create:{a: 1}}'", "v={'a': 1}"), ("'${oc.create:{a: 1}}'", ERR), ("'v=${oc.create:null}'", "v=None"),
           ("'${oc.create:5}'", ERR), ("'v=${oc.dict.keys:x.tele}'", "v=['exporter', 'service_name']"),
           ("'${oc.dict.keys:x.tele}'", ERR), ("'v=${oc.dict.values:x.tele}'", "v=['${x.tele.exporter}', '${x.tele.service_name}']"),
           ("'${oc.dict.keys:lst}'", ERR), ("'${oc.dict.keys:x.nope}'", ERR)],
          note="oc.create and oc.dict.* give a list or a mapping, which the str field refuses; in a string they show as written."),
    Table("List indices and interpolation to a parent node (field service_name)", "3",
          "lst: [a, b, c, d, e, f, g, h, i, j, k]\np: ${telemetry}\ntelemetry: {run_id: r, service_name: %s}\n",
          "OTEL_SERVICE_NAME",
          [("'${lst.1_0}'", "k"), ("'${lst.+1}'", "b"), ("'${lst[01]}'", "b"), ("'${lst.-1}'", ERR), ("'${lst.11}'", ERR),
           ("'${lst.x}'", ERR), ("'${oc.select:lst.-1,d}'", "d"), ("'${oc.select:lst.x,d}'", ERR),
           ("\"${oc.select:'lst. 1 '}\"", "b"), ("'v=${telemetry}'", ERR), ("'${telemetry}'", ERR), ("'v=${p}'", ERR),
           ("'v=${oc.select:telemetry.run_id}'", "v=r")]),
    Ex("A top-level value may list the block's keys (Gym resolves it first)", "3",
       {"a.yaml": "k: ${oc.dict.keys:telemetry}\nv: ${oc.dict.values:telemetry}\ntelemetry: {exporter: console}\n"},
       ON, ["a.yaml"], {"NEMO_GYM_OTEL_EXPORTER": "console"}),
    Ex("Absolute reference keeps the type", "3", {"a.yaml": X + "telemetry: {export_rank: '${x.n}', service_name: '${x.s}'}\n"},
       ON, ["a.yaml"], {"NEMO_GYM_OTEL_EXPORT_RANK": "42", "OTEL_SERVICE_NAME": "hello"}),
    Ex("Relative references", "3", {"a.yaml": X + "telemetry:\n  aux: rel\n  sub: {inner: '${..aux}'}\n  exporter: '${.sub.inner}'\n  service_name: '${..x.s}'\n"},
       ON, ["a.yaml"], {"NEMO_GYM_OTEL_EXPORTER": "rel", "OTEL_SERVICE_NAME": "hello"}),
    Ex("oc.env: unset variable without default", "3", {"a.yaml": "telemetry: {exporter: '${oc.env:GYM_UNSET}'}\n"},
       ON, ["a.yaml"], ERR),
    Ex("Unknown resolver", "3", {"a.yaml": "telemetry: {exporter: '${nope:x}'}\n"}, ON, ["a.yaml"], ERR),
    Ex("Missing node", "3", {"a.yaml": "telemetry: {exporter: '${x.nope}'}\n"}, ON, ["a.yaml"], ERR),
    Ex("Unterminated ${ inside the block", "3", {"a.yaml": "telemetry: {exporter: '${x.n'}\n"}, ON, ["a.yaml"], ERR),
    Ex("Unterminated ${ OUTSIDE the block (never needed)", "3",
       {"a.yaml": "other:\n  deep: '${broken'\ntelemetry: {exporter: console}\n"}, ON, ["a.yaml"],
       {"NEMO_GYM_OTEL_EXPORTER": "console"},
       note="OmegaConf parses every string containing '${' when the file is loaded. Nested, because a "
            "scalar directly at the top level is resolved (SPEC 3), so there the spec says error too."),
    Ex("Unresolvable interpolation outside the block is not resolved", "3",
       {"a.yaml": "other:\n  a: '${oc.env:GYM_UNSET}'\n  b: '${x.nope}'\ntelemetry: {exporter: console}\n"}, ON, ["a.yaml"],
       {"NEMO_GYM_OTEL_EXPORTER": "console"},
       note="nested under a mapping: a scalar directly at the top level is resolved (SPEC 3), so "
            "`other: '${oc.env:GYM_UNSET}'` there would fail the run."),
    Ex("Cycle", "3", {"a.yaml": "telemetry: {c1: '${.c2}', c2: '${.c1}'}\n"}, ON, ["a.yaml"], ERR),
    Ex("??? inside the block (unknown key too)", "3", {"a.yaml": "telemetry:\n  extra: ???\n"}, ON, ["a.yaml"], ERR,
       note="block style: inside a flow mapping PyYAML reads `?` as the key indicator, so `{extra: ???}` is a YAML error."),
    Ex("??? as the whole block", "3, 4", {"a.yaml": "telemetry: ???\n"}, ON, ["a.yaml"], ERR,
       note="OmegaConf's cfg.get('telemetry') alone would return None (= all defaults); the reference rejects it, "
            "as Gym does (Gym's raise_on_missing_values rejects a '???' anywhere in the merged config)."),
    Ex("??? outside the block is an error too (Gym checks the whole merged config)", "1.6",
       {"a.yaml": "other: ???\ntelemetry: {exporter: console}\n"}, ON, ["a.yaml"], ERR),
    Ex("${oc.select:path,DEFAULT} on a ??? node", "1.6, 3",
       {"a.yaml": "x:\n  req: ???\ntelemetry: {otlp_headers: '${oc.select:x.req,dflt}'}\n"}, ON, ["a.yaml"], ERR,
       note="OmegaConf alone would give DEFAULT for a node that is '???'; Gym's raise_on_missing_values "
            "rejects the '???' before anything is resolved."),
    Ex("Duplicate key", "2", {"a.yaml": "telemetry:\n  exporter: a\n  exporter: b\n"}, ON, ["a.yaml"], ERR),
    Ex("Duplicate non-string key (int / bool keys)", "2", {"a.yaml": "telemetry: {exporter: a}\n1: x\n1: y\ntrue: a\nTrue: b\n"},
       ON, ["a.yaml"], ERR, note="OmegaConf's loader only checks keys that resolve to strings."),
    Ex("Top level is a list", "2", {"a.yaml": "- a\n- b\n"}, ON, ["a.yaml"], ERR),
    Ex("Top level is a plain string", "2", {"a.yaml": "just_a_string\n"}, ON, ["a.yaml"], ERR,
       note="The reference follows the spec; OmegaConf.load itself returns {just_a_string: None} (Gym would accept it)."),
    Ex("Empty file", "1, 2", {"a.yaml": ""}, ON, ["a.yaml"], {"NEMO_GYM_OTEL_EXPORTER": "otlp"}),
    Ex("Merge: mapping over scalar, null over mapping", "2",
       {"a.yaml": "telemetry: abc\n", "b.yaml": "telemetry: {exporter: b}\n", "c.yaml": "telemetry: ~\n"},
       ON, ["a.yaml", "b.yaml", "c.yaml"], {"NEMO_GYM_OTEL_EXPORTER": "otlp"}),
    Ex("Merge: list against mapping", "2", {"a.yaml": "telemetry: [1]\n", "b.yaml": "telemetry: {exporter: b}\n"},
       ON, ["a.yaml", "b.yaml"], ERR),
    Ex("Merge: mapping over an interpolation that points to a mapping", "2",
       {"a.yaml": X + "telemetry: '${x.tele}'\n", "b.yaml": "telemetry: {exporter: b}\n"},
       ON, ["a.yaml", "b.yaml"], {"NEMO_GYM_OTEL_EXPORTER": "b", "OTEL_SERVICE_NAME": "nemo-gym"},
       note="OmegaConf resolves the interpolation during the merge and merges into a copy of the target, "
            "so service_name 'from-x' survives; the spec says the mapping replaces the scalar."),
    Ex("Includes: a file overrides what it pulled in; later root wins; duplicates loaded once", "1.3",
       {"r1.yaml": "config_paths: [inc.yaml]\ntelemetry: {exporter: r1}\n",
        "inc.yaml": "telemetry: {exporter: inc, span_groups: inc, export_strategy: inc}\n",
        "r2.yaml": "config_paths: [inc.yaml]\ntelemetry: {span_groups: r2}\n"},
       ON, ["r1.yaml", "r2.yaml"],
       {"NEMO_GYM_OTEL_EXPORTER": "r1", "NEMO_GYM_OTEL_SPAN_GROUPS": "r2", "NEMO_GYM_OTEL_EXPORT_STRATEGY": "inc"}),
    Ex("Includes: --search-dir before NEMO_GYM_EXTRA_ROOTS before cwd", "1.3",
       {"r1.yaml": "config_paths: [inc.yaml]\n", "inc.yaml": "telemetry: {exporter: cwd}\n",
        "sd/inc.yaml": "telemetry: {exporter: search-dir}\n", "er/inc.yaml": "telemetry: {exporter: extra-root}\n"},
       {**ON, "NEMO_GYM_EXTRA_ROOTS": "er"}, ["--search-dir", "sd", "r1.yaml"], {"NEMO_GYM_OTEL_EXPORTER": "search-dir"}),
    Ex("Missing include", "1.3", {"r1.yaml": "config_paths: [nope.yaml]\n"}, ON, ["r1.yaml"], ERR),
    Ex("env.yaml after files, --set last", "1.4, 1.5",
       {"r1.yaml": "telemetry: {exporter: file, span_groups: file, export_rank: 1}\n",
        "env.yaml": "telemetry: {exporter: envyaml, span_groups: envyaml}\n"},
       ON, ["--set", "telemetry.span_groups=cli", "--set", "telemetry.export_rank=16", "r1.yaml"],
       {"NEMO_GYM_OTEL_EXPORTER": "envyaml", "NEMO_GYM_OTEL_SPAN_GROUPS": "cli", "NEMO_GYM_OTEL_EXPORT_RANK": "16"}),
    Ex("No CONFIG: env.yaml's config_paths are the roots", "1.4",
       {"r1.yaml": "telemetry: {exporter: r1, span_groups: r1}\n",
        "env.yaml": "config_paths: [r1.yaml]\ntelemetry: {span_groups: envyaml}\n"},
       ON, [], {"NEMO_GYM_OTEL_EXPORTER": "r1", "NEMO_GYM_OTEL_SPAN_GROUPS": "envyaml"}),
    Ex("--set VALUE typing (Hydra's grammar): empty is the empty string, quotes are removed", "1.5, 2b",
       {"r1.yaml": "telemetry: {run_id: abc}\n"},
       ON, ["--set", "telemetry.run_id=", "--set", "telemetry.otlp_endpoint=", "--set", "telemetry.exporter='q'",
            "r1.yaml"],
       {"NEMO_GYM_OTEL_RUN_ID": "<random 12 hex>", "OTEL_EXPORTER_OTLP_ENDPOINT": "", "NEMO_GYM_OTEL_EXPORTER": "q"},
       note="the empty run_id is blank, so a run id is generated (SPEC 5.6); the empty otlp_endpoint is not "
            "null, so it is exported (SPEC 5.4)."),
    Ex("stdin", "1.1", {}, ON, ["-"], {"NEMO_GYM_OTEL_EXPORTER": "from-stdin"}, stdin="telemetry: {exporter: from-stdin}\n"),
    Ex("No file at all, telemetry off", "1, 5.1", {}, {}, [], {}, exact=True),
    Ex("No file, env enables: every default", "5", {}, {"NEMO_GYM_OTEL_ENABLED": " TRUE ", "SLURM_JOB_ID": " 77 "}, [],
       {"NEMO_GYM_OTEL_SPAN_GROUPS": "default", "NEMO_GYM_OTEL_EXPORT_STRATEGY": "all_ranks",
        "NEMO_GYM_OTEL_EXPORT_RANK": "-1", "NEMO_GYM_OTEL_TRACES_ENABLED": "1", "NEMO_GYM_OTEL_METRICS_ENABLED": "1",
        "NEMO_GYM_OTEL_LOGS_ENABLED": "0", "NEMO_GYM_OTEL_EXPORTER": "otlp", "NEMO_GYM_OTEL_RUN_ID": "77",
        "NEMO_GYM_OTEL_SERVICE_NAME_PER_SERVER": "1", "NEMO_GYM_OTEL_INSTRUMENT_AIOHTTP": "1",
        "OTEL_SERVICE_NAME": "nemo-gym"}, exact=True),
    Ex("Env switches telemetry off: nothing, even though the config enables it", "5.1",
       {"r1.yaml": "telemetry: {enabled: true}\n"}, {"NEMO_GYM_OTEL_ENABLED": "0", "NEMO_LENS_ENABLED": "1"}, ["r1.yaml"], {}, exact=True),
    Ex("Blank NEMO_GYM_OTEL_ENABLED is unset; NEMO_LENS_ENABLED decides", "5.1",
       {"r1.yaml": "telemetry: {enabled: false}\n"}, {"NEMO_GYM_OTEL_ENABLED": "  ", "NEMO_LENS_ENABLED": "on"}, ["r1.yaml"],
       {"NEMO_GYM_OTEL_ENABLED": "1"}),
    Ex("Invalid config is an error even when the env switches telemetry off", "4, 5",
       {"r1.yaml": "telemetry: {service_name: 123}\n"}, {"NEMO_GYM_OTEL_ENABLED": "0"}, ["r1.yaml"], ERR,
       note="spec silent; the reference validates first (as Gym would)."),
    Ex("Lens fallback carried unchanged; set Gym variable wins; blank Gym variable is unset", "5.3",
       {"r1.yaml": "telemetry: {enabled: true, exporter: cfg, span_groups: cfg, export_rank: 3}\n"},
       {"NEMO_LENS_EXPORTER": " console ", "NEMO_GYM_OTEL_SPAN_GROUPS": "env", "NEMO_LENS_SPAN_GROUPS": "lens",
        "NEMO_GYM_OTEL_EXPORT_RANK": "\t", "NEMO_LENS_EXPORT_RANK": "7"}, ["r1.yaml"],
       {"NEMO_GYM_OTEL_EXPORTER": " console ", "NEMO_GYM_OTEL_SPAN_GROUPS": None, "NEMO_GYM_OTEL_EXPORT_RANK": "7"}),
    Ex("Run id: blank config run_id -> SLURM_JOB_ID trimmed; lens run id carried", "5.3, 5.6",
       {"r1.yaml": "telemetry: {enabled: true, run_id: '  '}\n"}, {"SLURM_JOB_ID": "\t123 "}, ["r1.yaml"],
       {"NEMO_GYM_OTEL_RUN_ID": "123"}),
    Ex("Run id from NEMO_LENS_RUN_ID beats SLURM_JOB_ID", "5.3, 5.6",
       {"r1.yaml": "telemetry: {enabled: true}\n"}, {"SLURM_JOB_ID": "123", "NEMO_LENS_RUN_ID": "lens-run"}, ["r1.yaml"],
       {"NEMO_GYM_OTEL_RUN_ID": "lens-run"}),
    Ex("Run id set in the env: not emitted, nothing generated", "5.6",
       {"r1.yaml": "telemetry: {enabled: true, run_id: cfg}\n"}, {"NEMO_GYM_OTEL_RUN_ID": "env-run"}, ["r1.yaml"],
       {"NEMO_GYM_OTEL_RUN_ID": None}),
    Ex("OTLP settings: set standard variable wins, blank one does not", "5.4",
       {"r1.yaml": "telemetry: {enabled: true, otlp_endpoint: 'http://cfg:4317', otlp_protocol: grpc, otlp_headers: 'a=b'}\n"},
       {"OTEL_EXPORTER_OTLP_ENDPOINT": "http://env:4318", "OTEL_EXPORTER_OTLP_PROTOCOL": " "}, ["r1.yaml"],
       {"OTEL_EXPORTER_OTLP_ENDPOINT": None, "OTEL_EXPORTER_OTLP_PROTOCOL": "grpc", "OTEL_EXPORTER_OTLP_HEADERS": "a=b"}),
    Ex("Only changed variables: blank env value equal to the config's empty string is not re-emitted", "5",
       {"r1.yaml": "telemetry: {enabled: true, exporter: ''}\n"}, {"NEMO_GYM_OTEL_EXPORTER": ""}, ["r1.yaml"],
       {"NEMO_GYM_OTEL_EXPORTER": None}, note="reading of 'only variables that change are emitted'."),
    Ex("Block not a mapping", "4", {"r1.yaml": "telemetry: 5\n"}, ON, ["r1.yaml"], ERR),
    Ex("Block null: defaults", "4", {"r1.yaml": "telemetry:\n"}, ON, ["r1.yaml"], {"NEMO_GYM_OTEL_EXPORTER": "otlp"}),
    Ex("Unknown keys are ignored (with a warning on stderr), but resolved", "3, 4",
       {"r1.yaml": "telemetry: {exporter: a, servce_name: x}\n"}, ON, ["r1.yaml"], {"NEMO_GYM_OTEL_EXPORTER": "a"}),
]


INTRO = """# gym-otel-env reference examples

Generated by `tests/differential/reference/make_examples.py` (re-run it to refresh). Every example
is run through `tests/differential/reference/gym_otel_ref.py` (real OmegaConf 2.2.2 + pydantic
2.13, Gym's loading/merging code path). "spec" is what SPEC.md's tables predict, read by hand;
**DIFFERS** marks a row where real OmegaConf/pydantic (hence Gym) and SPEC.md disagree. The
reference does what OmegaConf does, except where marked "(reference follows the spec)".
"""

# gym_loader_decisions.md goes between INTRO and SPEC_NOTES: the generated list of DIFFERS rows
# must follow the SPEC_NOTES sections it belongs to, not the loader decisions.
SPEC_NOTES = """## Where SPEC.md and real OmegaConf 2.2.2 / pydantic 2 / Gym disagree

1. **`${oc.env:VAR,DEFAULT}`: DEFAULT is typed by OmegaConf's interpolation grammar, not by YAML.**
   Only `true`/`false` (any case), `null` (any case), decimal ints (`_` allowed, leading `+`; no
   leading zeros) and floats (`1.5`, `1.`, `1e3`, `inf`, `nan`, any case) are typed; everything else
   is the text. So `yes` -> `"yes"` (spec: `"True"`), `010` -> `"010"` (spec `"8"`), `00` -> `"00"`,
   `0x10` -> `"0x10"` (spec `"16"`), `1:30` -> `"1:30"` (spec `"90"`), `.inf` -> `".inf"` (spec
   `"inf"`), `NuLL` -> null (spec `"NuLL"`), `tRuE` -> `"True"` (spec `"tRuE"`), `+4` -> `"4"`,
   `1_000` -> `"1000"`, `1e3` -> `"1000.0"`, `1e20` -> `"1e+20"`.
   `~` is a grammar error (spec: null), and so is any unquoted character outside the grammar's
   unquoted set, e.g. `=`: `${oc.env:H,api-key=abc}` is an error, `'api-key=abc'` must be quoted.
   An empty default (`${oc.env:X,}`) gives `""` (with a Python warning).
2. **`${oc.decode:S}` parses S with the same grammar (`singleElement`), not YAML.** `'yes'` -> `"yes"`,
   `'0x10'` -> `"0x10"`, `'010'` -> `"010"`, `'inf'` -> float inf, `'.inf'` -> `".inf"`, `' 12 '` -> `" 12 "`
   (kept as a string), `'[1,2]'` -> a list, `'~'` and `''` -> error (spec: null), `'1:30'` -> `"1:30"`.
3. **Interpolation syntax is checked when a file is loaded, for every string containing `${`,
   anywhere in any file** (OmegaConf validates on node creation). An unterminated `${`, or a grammar
   error such as `${oc.env:X,~}`, outside the telemetry block - even in a value that a later file
   overrides - is an error. Only *resolution* is lazy (an unknown resolver, missing node, unset env
   var, cycle or `???` outside what the block needs is fine).
4. **A mapping merged over an interpolation that resolves (at merge time, in the configs merged so
   far) to a mapping is merged into a copy of that mapping, not put in its place** (spec: "a mapping
   over a scalar replaces it"). `telemetry: ${x.tele}` then `telemetry: {exporter: b}` keeps
   `x.tele`'s other keys. A list merged over such an interpolation is an error ("Cannot merge
   DictConfig with ListConfig"). This applies to `--set telemetry.K=V` too (Gym merges the CLI
   config last). If the interpolation does not resolve, or resolves to a scalar, it is replaced.
5. **Duplicate keys are only detected among keys that YAML types as strings.** `1: a` / `1: b`,
   `true: a` / `True: b`, `null:` twice are accepted, last one wins (spec: duplicate key = error).
6. **Top level that is a single plain string** (`just_a_string`): `OmegaConf.load` returns
   `{just_a_string: None}`, so Gym accepts it. The spec (and the reference) reject it. A list or a
   number at top level is an error in both.
7. **`telemetry: ???`**: `cfg.get('telemetry')` returns None (all defaults); Gym rejects it, because
   `raise_on_missing_values` rejects any `???` left anywhere in the merged config - also outside the
   block, which the spec allows. The reference rejects `telemetry: ???` and accepts `???` outside the block.
8. **`${oc.select:path,DEFAULT}`** returns DEFAULT also when the node exists but is `???`
   (spec: only when the path does not exist); a null node gives null, not DEFAULT (as the spec says).
9. **pydantic int range:** ints and int strings of any size are accepted
   (`99999999999999999999` -> `"99999999999999999999"`), but a float is accepted only inside the
   signed 64-bit range: `9.2e18` -> `9200000000000000000`, `1e19` / `2.0**63` -> error
   (`int_parsing_size`). The spec does not mention a range.
10. **pydantic str accepts bytes**: YAML `!!binary aGVsbG8=` gives bytes, which the str field accepts
    as `"hello"` (spec: "a string only"). Exotic, but real.

## Where SPEC.md is silent and the reference had to choose

- `--set` VALUE: typed by running the OmegaConf YAML loader's implicit resolvers over the whole
  text as a plain scalar: no quote removal (`'q'` stays `'q'` with quotes), no comment stripping, no
  flow collections, no whitespace trimming (`" true"` is a string). Gym's real CLI goes through
  Hydra's override grammar, which types differently (e.g. `yes` is a string there) and strips quotes.
- `--set` overrides are collected into one override config with `OmegaConf.update(..., merge=True)`
  (what Hydra does) and merged after env.yaml.
- "blank"/"trimmed" use ASCII whitespace (` \\t\\n\\v\\f\\r`); Python's `str.strip()` would also
  strip Unicode spaces (U+00A0, U+2003, U+0085, ...).
- "Only variables that change are emitted": a variable whose current value already equals the new
  value (possible only for blank values, which count as unset) is not emitted.
- The config is validated (and resolved) even when the environment switches telemetry off.
- `--env-yaml` naming a missing file is an error (Gym silently skips a missing dotenv path).
- `-` may be given once; a value containing NUL is an error.
- With no CONFIG, `config_paths` in env.yaml must be a list of strings (Gym's TypeAdapter check);
  an include list that is not a list of strings is an error.

"""


# --------------------------------------------------------------------------- driver

def show_value(v: Any) -> str:
    if v is ERR:
        return "error"
    if v is None:
        return "(not exported)"
    return "`" + json.dumps(v, ensure_ascii=False)[1:-1] + "`"


def md_cell(s: str) -> str:
    return s.replace("|", "\\|").replace("\n", "\\n")


def main() -> int:
    check_only = "--check" in sys.argv
    body: List[str] = []
    differs: List[str] = []
    n = 0
    for ex in EXAMPLES:
        n += 1
        if isinstance(ex, Table):
            body.append(f"### {n}. {ex.title} (SPEC {ex.section})\n")
            body.append("Config: `" + ex.template.replace("\n", "\\n") + "`, env: `" + json.dumps(ex.env) + "`\n")
            if ex.note:
                body.append(ex.note + "\n")
            body.append("| YAML text | spec | reference | |\n|---|---|---|---|")
            for text, expected in ex.rows:
                rc, out, err = run({"a.yaml": ex.template % text if "%s" in ex.template else ex.template}, ex.env, ["a.yaml"])
                got = outcome(rc, out, err)
                got_v = ERR if got == ERR else got.get(ex.var)
                ok = (expected == ERR) == (got_v == ERR) and (expected == ERR or expected == got_v)
                shown = show_value(got_v) if got_v != ERR else "error: " + err.split(": ", 2)[1]
                mark = "" if ok else "**DIFFERS**"
                body.append(f"| `{md_cell(text)}` | {md_cell(show_value(expected))} | {md_cell(shown)} | {mark} |")
                if not ok:
                    differs.append(f"{n}. {ex.title}: `{text}` - spec: {show_value(expected)}, OmegaConf/reference: {shown}")
            body.append("")
        else:
            rc, out, err = run(ex.files, ex.env, ex.args, ex.stdin)
            got = outcome(rc, out, err)
            ok = (got == ex.expected) if (ex.exact and got != ERR and ex.expected != ERR) else matches(ex.expected, got)
            body.append(f"### {n}. {ex.title} (SPEC {ex.section}){'  **DIFFERS**' if not ok else ''}\n")
            for name, text in ex.files.items():
                body.append(f"`{name}`:\n```yaml\n{text.rstrip()}\n```")
            if ex.stdin:
                body.append(f"stdin:\n```yaml\n{ex.stdin.rstrip()}\n```")
            body.append(f"env: `{json.dumps(ex.env)}`  args: `{' '.join(ex.args) or '(none)'}`\n")
            exp = "error" if ex.expected == ERR else json.dumps(ex.expected, ensure_ascii=False)
            body.append(f"- spec{' (exact)' if ex.exact else ' (these variables; null = absent)'}: `{exp}`")
            body.append(f"- reference: exit {rc}")
            if out.strip():
                body.append(f"  ```json\n  {out.strip()}\n  ```")
            if err:
                body.append(f"  stderr: `{err}`")
            if ex.note:
                body.append(f"- note: {ex.note}")
            body.append("")
            if not ok:
                differs.append(f"{n}. {ex.title} - spec: {exp}; reference: "
                               f"{'error: ' + err.split(': ', 2)[1] if rc else out.strip()}")
    if check_only:
        print("\n".join(differs) or "no differences")
        return 0
    decisions = (HERE / "gym_loader_decisions.md").read_text(encoding="utf-8").rstrip("\n") + "\n"
    head = [INTRO, decisions, SPEC_NOTES, "### Rows marked DIFFERS below (generated)", ""] + \
        [f"- {d if len(d) < 200 else d[:200] + '...'}" for d in differs] + ["", "## Examples", ""]
    (HERE / "examples.md").write_text("\n".join(head + body) + "\n", encoding="utf-8")
    print(f"wrote {HERE / 'examples.md'}: {n} examples, {len(differs)} differences")
    return 0


if __name__ == "__main__":
    sys.exit(main())
