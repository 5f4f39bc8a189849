"""Random cases for difftest: value pools, the case model and its YAML rendering, the generator of
the classic cases, interpolations and faults, and the forms of issue 11.

Each case is generated from random.Random(f"{seed}/{index}"), so a case can be re-run alone with
--seed S --case I. A case is 1-3 config files (sometimes config_paths includes, an env.yaml,
--set overrides, standard input), an environment, and sometimes one injected fault.

Adding values: every pool below is a list of entries; an entry is either a YAML text (str) or
V(text, tags...). Tags: "disputed" = the entry hits a place where real OmegaConf 2.2.2 differs
from SPEC.md's tables (see tests/differential/reference/examples.md); "ambiguous" = SPEC.md is
silent. --skip TAG leaves such entries (and faults) out. Interpolation generators live in
INTERP_GENS (functions (gen) -> V); fault injectors in FAULTS (functions (gen, case) -> None).
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Optional, Tuple

import yaml


@dataclass(frozen=True)
class V:
    """A pool entry: YAML text (or a raw string for env/--set pools) plus tags."""

    text: str
    tags: Tuple[str, ...] = ()


def v(text: str, *tags: str) -> V:
    return V(text, tuple(tags))


def _norm(pool: List[Any]) -> List[V]:
    return [e if isinstance(e, V) else V(e) for e in pool]


D = "disputed"
A = "ambiguous"

# --------------------------------------------------------------------------- value pools (YAML text)

# GOOD[kind] should validate for a field of that kind, BAD[kind] should not (SPEC 2 + 4); the
# reference decides in the end, the split only keeps most cases valid so that the variables get compared.
BOOL_GOOD = _norm([
    "true", "false", "True", "FALSE", "yes", "no", "Yes", "NO", "on", "off", "On", "OFF",
    "y", "n", "Y", "N", "t", "f", "1", "0", "1.0", "0.0", "1e0", "0b1", "0x1", "01",
    "'true'", "'yes'", "'Y'", "'on'", "'off'", "'0'", "'1'", "'TRUE'", "'tRuE'", "'t'", "'n'",
    '"no"', '"F"', "'OFF'", "'f'",
])
BOOL_BAD = _norm([
    "2", "-1", "0.5", "~", "null", "Null", "", ".nan", "' true'", "'true '", "'maybe'", "''",
    "'1.0'", "'00'", "abc", "'y '",
])
INT_GOOD = _norm([
    "-1", "+4", "0", "3", "1_000", "010", "0x10", "0b11", "1:30", "2.0", "1e3", "1.5e3", "true",
    "false", "-0", "1:30:00", "0_10", "-0x1A", "123456789012", "9223372036854775807", "1e18",
    "'12'", "' 12 '", "'-3'", "'+4'", "'1_000'", "'2.0'", "'2.00'", '"7"', '"\\t5\\n"', "'+2.0'",
    "'-2.0'", "' -0.0 '", "'010'", "'-9223372036854775808'",
    v("9223372036854775808", A), v("-9223372036854775809", A), v("99999999999999999999", A),
    v("'9223372036854775808'", A), v("'99999999999999999999'", A),
])
INT_BAD = _norm([
    "2.5", ".inf", ".nan", "-.inf", "~", "", "0o17", "1:30.5", "abc", "1:60", "'2.5'", "'0x10'",
    "'1e3'", "''", "'1__0'", "'_1'", "'1_'", "'1.'", "'.0'", "'1 000'", "y",
    v("1e19", A), v("1e20", A),
])
STR_GOOD = _norm([
    "default", "all_ranks", "rank", "otlp", "console", "none", "abc", "hello world", "grpc",
    "http/protobuf", "http://localhost:4317", "key=value,k2=v2", "2001-12-14", "2001-12-14 10:00:00",
    "0o17", "y", "n", "a  b", "svc-1", "ümlaut ✓", "a'b", 'say "hi"', "back\\slash", "semi;colon",
    "star*glob?[x]", "tilde~", "bang!", "1:60",
    "'123'", "'true'", "'1.5'", "''", "'  '", "' padded '", '"tab\\there"', '"multi\\nline"',
    '"trailing newline\\n"', "'it''s'", '"quote\\"d"', "'#hash'", "'a: b'", "'ümlaut ✓'", "'$HOME'",
    "'null'", "'~'", "'`cmd`'", "'$(cmd)'", "'a,b'", '"\\u00e9"', "'x=1,y=2'", "'*'",
])
STR_BAD = _norm(["123", "true", "1.5", "~", "", "null", "-1", "1e3", "0x10", ".inf", "1:30", "010", "off"])
# Explicit tags, read by SafeConstructor's constructor for each (float()/int() of any text).
BOOL_GOOD += _norm(["!!bool Yes", "!!bool 'off'", "!!int 1", "!!float ' 1.0'"])
INT_GOOD += _norm(["!!int 0o17", "!!int ' 12'", "!!int --5", "!!int 1:-30", "!!float 2.0", "!!float '--3'"])
INT_BAD += _norm(["!!float inf", "!!float ' 1.5'", "!!int 09", "!!bool y", "!!float ''"])
STR_GOOD += _norm(["!!str 12", "!!str true", "! 'x'", "!!str"])
STR_BAD += _norm(["!!float inf", "!!int 0x0x10", "!!null x", "!!timestamp 2001-12-14", "!!omap [{a: 1}]"])
NULLISH = _norm(["~", "null", "", "NULL"])

FIELD_KIND = {
    "enabled": "bool", "span_groups": "str", "export_strategy": "str", "export_rank": "int",
    "traces_enabled": "bool", "metrics_enabled": "bool", "logs_enabled": "bool", "exporter": "str",
    "run_id": "optstr", "service_name_per_server": "bool", "instrument_aiohttp": "bool",
    "otlp_endpoint": "optstr", "otlp_protocol": "optstr", "otlp_headers": "optstr", "service_name": "str",
}
FIELDS = list(FIELD_KIND)
GOOD = {"bool": [BOOL_GOOD], "int": [INT_GOOD], "str": [STR_GOOD], "optstr": [STR_GOOD, STR_GOOD, NULLISH]}
BAD = {"bool": [BOOL_BAD], "int": [INT_BAD], "str": [STR_BAD], "optstr": [INT_GOOD, BOOL_GOOD]}
ANY = [BOOL_GOOD, BOOL_BAD, INT_GOOD, INT_BAD, STR_GOOD, STR_BAD, NULLISH]
UNKNOWN_KEYS = ["enabeld", "servce_name", "export_ranks", "sample_rate", "otlp_timeout", "extra"]

# Contents of the top-level `x:` mapping (first file), the target of absolute references.
X_BLOCK = [
    ("n", "42"), ("z", "0"), ("one", "1"), ("neg", "-3"), ("s", "hello"), ("t", "'true'"),
    ("e", "''"), ("sp", "' padded '"), ("b", "true"), ("f", "1.5"), ("nl", "null"),
    ("url", "http://collector:4318"), ("big", "99999999999999999999"),
]
X_NESTED = [("nested", [("deep", "svc-deep"), ("num", "7")]),
            ("tele", [("enabled", "true"), ("exporter", "console"), ("service_name", "from-x")])]
ABS_REFS = ["x.n", "x.z", "x.one", "x.neg", "x.s", "x.t", "x.e", "x.sp", "x.b", "x.f", "x.nl",
            "x.url", "x.nested.deep", "x.nested.num", "x.tele.exporter", "x.big"]

# Environment variables read through ${oc.env:...}; GYM_T_UNSET is never set.
OC_ENV_VARS = ["GYM_T_A", "GYM_T_B", "GYM_T_C"]
OC_ENV_VALUES = _norm(["", " ", "1", "true", "yes", "0", "42", " 7 ", "2.0", "x y", "http://h:4317",
                       "console", "abc", "null", "off"])
# Text after the comma in ${oc.env:VAR,DEFAULT}
ENV_DEFAULTS = _norm([
    "x", "'a, b'", '"x"', "a\\,b", "a\\}b", "a\\\\b", "null", "NULL", "true", "True", "false",
    "8080", "1.5", "1e3", "-1", "+4", "1_000", " spaced ", "'  '", "''", "${oc.env:GYM_T_B,y}",
    "${oc.env:GYM_T_B,null}", "${x.n}", "pre-${x.s}", "http://h:4317", "/p/q", "a b", "inf", "nan",
    "0", "1.", "1e20", "'${x.n}'", "a\\ b", "@", "[1,2]",
    v("yes", D), v("010", D), v("0x10", D), v("~", D), v("1:30", D), v(".inf", D), v("NuLL", D),
    v("tRuE", D), v("00", D), v("", A),
])
DECODE_ARGS = _norm([
    "'123'", "'true'", "'1.5'", "'null'", "'-7'", "'1_000'", "'abc'", "null", "'[1,2]'",
    "${oc.env:GYM_T_A,'7'}", "${x.t}",
    v("'yes'", D), v("'0x10'", D), v("'010'", D), v("'~'", D), v("'inf'", D), v("'.inf'", D),
    v("' 12 '", D), v("''", D), v("'1:30'", D), v("'NULL'", D),
])
ESCAPED = _norm(["\\${x.n}", "\\\\${x.n}", "$x", "$", "a$b", "cost $5", "$ {x.n}", "\\$", "\\\\",
                 "pre-\\${x.n}-post", "${x.n}\\${x.s}", "\\\\\\${x.n}"])

# Environment pools
ENABLE_VALUES = _norm(["1", "0", "true", "TRUE", " yes ", "on", "off", "no", "false", "maybe", "",
                       "  ", "\t", "2", "On", "\ntrue\n"])
GENERIC_ENV_VALUES = _norm(["", " ", "\t ", "x", "abc", " spaced ", "42", "-1", "1", "0", "true",
                            "console", "grpc", "http://collector:4318", "k=v", "a b", "ümlaut",
                            "trailing\n", "$HOME", "'q'"])
SLURM_VALUES = _norm(["12345", " 678 ", "", "  ", "job-9", "\t42\n"])
PREFIXED_KEYS = ["SPAN_GROUPS", "EXPORT_STRATEGY", "EXPORT_RANK", "TRACES_ENABLED", "METRICS_ENABLED",
                 "LOGS_ENABLED", "EXPORTER", "RUN_ID", "SERVICE_NAME_PER_SERVER", "INSTRUMENT_AIOHTTP"]
LENS_KEYS = ["SPAN_GROUPS", "EXPORT_STRATEGY", "EXPORT_RANK", "TRACES_ENABLED", "METRICS_ENABLED",
             "LOGS_ENABLED", "EXPORTER", "RUN_ID"]
OTEL_VARS = ["OTEL_EXPORTER_OTLP_ENDPOINT", "OTEL_EXPORTER_OTLP_PROTOCOL", "OTEL_EXPORTER_OTLP_HEADERS",
             "OTEL_SERVICE_NAME"]

# --set VALUE pool (raw text after '='), typed by Hydra's override grammar (SPEC 2b)
SET_VALUES = _norm(["true", "false", "yes", "0", "1", "3", "-1", "1.5", "", "abc", "console", "1:30",
                    "0x10", "null", "~", "http://h:4317", "${x.n}", "svc-${oc.env:GYM_T_A,z}",
                    "'quoted'", " true", "a # c", "[1,2]"])


# --------------------------------------------------------------------------- case model


@dataclass
class Map:
    entries: List[Tuple[str, Any]] = field(default_factory=list)  # value: str (YAML text) | Map | Seq
    flow: bool = False

    def get(self, key: str) -> Any:
        for k, val in self.entries:
            if k == key:
                return val
        return None

    def set(self, key: str, value: Any) -> None:
        for i, (k, _) in enumerate(self.entries):
            if k == key:
                self.entries[i] = (key, value)
                return
        self.entries.append((key, value))


@dataclass
class Seq:
    items: List[str] = field(default_factory=list)


@dataclass
class File:
    path: str  # relative to the case root: work/..., extra/...
    body: Map = field(default_factory=Map)
    raw_tail: str = ""  # appended verbatim (faults)
    raw: Optional[str] = None  # replaces the whole text (faults)


@dataclass
class Case:
    seed: int
    index: int
    files: List[File] = field(default_factory=list)
    env: Dict[str, str] = field(default_factory=dict)
    opts: List[str] = field(default_factory=list)  # --search-dir / --env-yaml / --no-env-yaml
    sets: List[Tuple[str, str]] = field(default_factory=list)
    positional: List[str] = field(default_factory=list)
    stdin_file: Optional[str] = None  # path of the File fed on stdin for '-'
    notes: List[str] = field(default_factory=list)
    form: str = "classic"
    exec_cmd: Optional[List[str]] = None  # the command after `--exec --` (a stub from bin/)
    gym_version: Optional[str] = None  # `--gym-version NAME` (SPEC 8); None: the option is not given

    def args(self) -> List[str]:
        out = ["--gym-version", self.gym_version] if self.gym_version is not None else []
        out += self.opts
        for k, val in self.sets:
            out += ["--set", f"{k}={val}"]
        out += self.positional
        if self.exec_cmd is not None:
            out += ["--exec", "--"] + self.exec_cmd
        return out


def _plain_ok(s: str) -> bool:
    if not s or s != s.strip() or "\n" in s or "\t" in s:
        return False
    if not re.search(r"[^0-9_.:+\-eE ]", s):
        return False  # could be a number under OmegaConf's float rule
    try:
        return yaml.safe_load(f"k: {s}\n") == {"k": s}
    except yaml.YAMLError:
        return False


def yaml_text(s: str, rng: random.Random) -> str:
    """A YAML scalar text that loads as the string s (plain, single- or double-quoted)."""
    styles = ["single", "double"]
    if _plain_ok(s):
        styles += ["plain", "plain"]
    if "\n" in s or any(ord(c) < 32 for c in s):
        styles = ["double"]
    style = rng.choice(styles)
    if style == "plain":
        return s
    if style == "single":
        return "'" + s.replace("'", "''") + "'"
    return json.dumps(s)


def render_map(m: Map, indent: int, lines: List[str]) -> None:
    pad = " " * indent
    for k, val in m.entries:
        if isinstance(val, Map):
            flow = render_flow(val) if val.flow else None
            if flow is not None:
                lines.append(f"{pad}{k}: {flow}")
            elif not val.entries:
                lines.append(f"{pad}{k}: {{}}")
            else:
                lines.append(f"{pad}{k}:")
                render_map(val, indent + 2, lines)
        elif isinstance(val, Seq):
            if not val.items:
                lines.append(f"{pad}{k}: []")
            else:
                lines.append(f"{pad}{k}:")
                lines.extend(f"{pad}  - {item}" for item in val.items)
        else:
            lines.append(f"{pad}{k}: {val}".rstrip() if val == "" else f"{pad}{k}: {val}")


def render_flow(m: Map) -> Optional[str]:
    """Flow style `{a: 1, b: x}` when it loads exactly like block style, else None."""
    parts = []
    for k, val in m.entries:
        if isinstance(val, Map):
            inner = render_flow(val)
            if inner is None:
                return None
            parts.append(f"{k}: {inner}")
        elif isinstance(val, Seq):
            parts.append(f"{k}: [{', '.join(val.items)}]")
        else:
            parts.append(f"{k}: {val}" if val != "" else f"{k}:")
    text = "{" + ", ".join(parts) + "}"
    block: List[str] = []
    render_map(Map(m.entries), 2, block)
    try:
        if yaml.safe_load("k: " + text) != yaml.safe_load("k:\n" + "\n".join(block)):
            return None
    except Exception:  # noqa: BLE001 - PyYAML's constructors raise more than YAMLError (!!bool y: KeyError)
        return None
    return text


def render_file(f: File, root: str) -> str:
    if f.raw is not None:
        text = f.raw
    else:
        lines: List[str] = []
        render_map(f.body, 0, lines)
        text = "\n".join(lines) + ("\n" if lines else "")
        text += f.raw_tail
    return text.replace("@ROOT@", root)


# --------------------------------------------------------------------------- generator


class Gen:
    def __init__(self, seed: int, index: int, skip: Tuple[str, ...]) -> None:
        self.rng = random.Random(f"{seed}/{index}")
        self.skip = set(skip)
        self.case = Case(seed, index)
        self.env_set: Dict[str, str] = {}

    # -- helpers
    def pick(self, pool: List[V]) -> V:
        choices = [e for e in pool if not (set(e.tags) & self.skip)]
        return self.rng.choice(choices)

    def chance(self, p: float) -> bool:
        return self.rng.random() < p

    def note(self, s: str) -> None:
        self.case.notes.append(s)

    # -- interpolation strings (OmegaConf text, not yet YAML-quoted)
    def interp(self, block: Map, kind: str) -> V:
        gen = self.rng.choice(INTERP_GENS if kind not in ("bool", "int") else INTERP_GENS_TYPED)
        return gen(self, block, kind)

    def value_for(self, fieldname: str, block: Map) -> str:
        """YAML text for a value of this field: mostly valid, sometimes invalid, sometimes interpolated."""
        kind = FIELD_KIND.get(fieldname)
        r = self.rng.random()
        if kind is None:  # unknown key: anything goes
            e = self.pick(self.rng.choice(ANY)) if r < 0.7 else None
        elif r < 0.84:
            e = self.pick(self.rng.choice(GOOD[kind]))
        elif r < 0.88:
            e = self.pick(self.rng.choice(BAD[kind]))
        else:
            e = None
        if e is None:
            e = self.interp(block, kind or "any")
            text = yaml_text(e.text, self.rng)
        else:
            text = e.text
        for t in e.tags:
            self.note(f"tag:{t}")
        return text

    def telemetry_block(self, nfields: int) -> Map:
        block = Map(flow=self.chance(0.2))
        for name in self.rng.sample(FIELDS, nfields):
            block.set(name, self.value_for(name, block))
        if self.chance(0.25):
            key = self.rng.choice(UNKNOWN_KEYS)
            if key not in dict(block.entries):
                block.set(key, self.value_for(key, block))
        return block

    def env(self) -> None:
        env = self.case.env
        if self.chance(0.45):
            env["NEMO_GYM_OTEL_ENABLED"] = self.pick(ENABLE_VALUES).text
        if self.chance(0.25):
            env["NEMO_LENS_ENABLED"] = self.pick(ENABLE_VALUES).text
        for key in PREFIXED_KEYS:
            if self.chance(0.12):
                env[f"NEMO_GYM_OTEL_{key}"] = self.pick(GENERIC_ENV_VALUES).text
            if key in LENS_KEYS and self.chance(0.12):
                env[f"NEMO_LENS_{key}"] = self.pick(GENERIC_ENV_VALUES).text
        for var in OTEL_VARS:
            if self.chance(0.15):
                env[var] = self.pick(GENERIC_ENV_VALUES).text
        if self.chance(0.3):
            env["SLURM_JOB_ID"] = self.pick(SLURM_VALUES).text
        for var in OC_ENV_VARS:
            if self.chance(0.85):
                env[var] = self.pick(OC_ENV_VALUES).text

    def x_block(self) -> Map:
        entries = [(k, t) for k, t in X_BLOCK if self.chance(0.95) or k in ("n", "s")]
        entries += [(k, Map(list(sub))) for k, sub in X_NESTED]
        return Map(entries)

    def build(self) -> Case:
        c = self.case
        rng = self.rng
        self.env()

        use_extra = self.chance(0.4)
        if use_extra:
            if self.chance(0.5):
                c.opts += ["--search-dir", "@ROOT@/extra" if self.chance(0.5) else "../extra"]
                self.note("search-dir")
            else:
                c.env["NEMO_GYM_EXTRA_ROOTS"] = rng.choice(["@ROOT@/extra", "@ROOT@/extra:", ":@ROOT@/nowhere:@ROOT@/extra"])
                self.note("NEMO_GYM_EXTRA_ROOTS")

        env_roots_mode = self.chance(0.08)  # no CONFIG: env.yaml's config_paths are the roots
        n_roots = 0 if env_roots_mode else rng.choice([1, 1, 1, 2, 2, 3])
        files: List[File] = []
        roots: List[File] = []
        for i in range(max(n_roots, 1 if env_roots_mode else 0)):
            f = File(f"work/r{i + 1}.yaml")
            roots.append(f)
            files.append(f)

        # includes
        total = len(files)
        if self.chance(0.35):
            for parent in list(roots):
                if total >= 4 or not self.chance(0.7):
                    continue
                where = "extra" if (use_extra and self.chance(0.6)) else "work"
                inc = File(f"{where}/inc{total}.yaml")
                total += 1
                files.append(inc)
                entry = rng.choice([f"inc{total - 1}.yaml", f"@ROOT@/{where}/inc{total - 1}.yaml"]) \
                    if where == "work" else f"inc{total - 1}.yaml"
                parent.body.set("config_paths", Seq([entry]))
                self.note("include")
                if total < 4 and self.chance(0.3):  # nested include
                    inc2 = File(f"work/inc{total}.yaml")
                    files.append(inc2)
                    inc.body.set("config_paths", Seq([f"inc{total}.yaml"]))
                    total += 1
                    self.note("nested-include")
            if len(roots) >= 2 and self.chance(0.3):  # shared include, loaded once
                shared = roots[0].body.get("config_paths")
                if isinstance(shared, Seq):
                    roots[-1].body.set("config_paths", Seq(list(shared.items)))
                    self.note("shared-include")
            if use_extra and self.chance(0.3):  # shadowing: same name in cwd and extra root
                incs = [f for f in files if f.path.startswith("extra/")]
                if incs:
                    shadow = File("work/" + incs[0].path.split("/", 1)[1])
                    shadow.body.set("telemetry", Map([("service_name", "'shadowed-cwd-copy'")]))
                    files.append(shadow)
                    self.note("shadowed-include")

        # contents
        for i, f in enumerate(files):
            if i == 0:
                f.body.set("x", self.x_block())
            elif self.chance(0.2):
                f.body.set("x", Map([("n", rng.choice(["7", "'7'", "-2", "true"]))]))
            r = rng.random()
            if r < 0.8:
                f.body.set("telemetry", self.telemetry_block(rng.randint(1, 6)))
            elif r < 0.85:
                f.body.set("telemetry", rng.choice(["", "null", "~"]))
                self.note("telemetry-null")
            elif r < 0.92 and i == 0:
                f.body.set("telemetry", rng.choice(["${x.tele}", "'${x.tele}'"]))
                self.note("telemetry-interp")
            elif r < 0.95:
                f.body.set("telemetry", rng.choice(["5", "abc", "[]", "{}", "{}", "{}"]))
                self.note("telemetry-not-mapping")
            if self.chance(0.15):
                f.body.set("other_server", Map([("port", "${oc.env:GYM_T_UNSET,8000}"), ("name", "srv")]))

        # guarantee enabled is sometimes decided by the config
        if self.chance(0.5):
            last = roots[-1] if roots else files[-1]
            tb = last.body.get("telemetry")
            if isinstance(tb, Map):
                tb.set("enabled", self.pick(BOOL_GOOD).text
                       if self.chance(0.4) else self.rng.choice(["true", "yes", "On", "'true'"]))

        # env.yaml
        r = rng.random()
        if env_roots_mode:
            env_file = File("work/env.yaml")
            env_file.body.set("config_paths", Seq([f.path.split("/", 1)[1] for f in roots]))
            if self.chance(0.5):
                env_file.body.set("telemetry", self.telemetry_block(rng.randint(1, 3)))
            files.append(env_file)
            self.note("env.yaml-roots")
        elif r < 0.3:
            where = "extra" if (use_extra and self.chance(0.5)) else "work"
            env_file = File(f"{where}/env.yaml")
            env_file.body.set("telemetry", self.telemetry_block(rng.randint(1, 3)))
            files.append(env_file)
            self.note("env.yaml")
            if self.chance(0.15):
                c.opts.append("--no-env-yaml")
                self.note("no-env-yaml")
        elif r < 0.38:
            env_file = File("work/alt_env.yaml")
            env_file.body.set("telemetry", self.telemetry_block(rng.randint(1, 3)))
            files.append(env_file)
            c.opts += ["--env-yaml", rng.choice(["alt_env.yaml", "@ROOT@/work/alt_env.yaml"])]
            self.note("--env-yaml")

        # positional roots
        if not env_roots_mode:
            for f in roots:
                name = f.path.split("/", 1)[1]
                c.positional.append(rng.choice([name, name, f"@ROOT@/{f.path}"]))
            if self.chance(0.1):
                k = rng.randrange(len(roots))
                c.positional[k] = "-"
                c.stdin_file = roots[k].path
                self.note("stdin")

        # --set overrides
        if self.chance(0.3):
            for _ in range(rng.randint(1, 2)):
                key = rng.choice(FIELDS + ["x.n"]) if self.chance(0.9) else None
                prefix = ""  # --set KEY is ++KEY; the prefixes are exercised by the gym command lines
                val = self.pick(SET_VALUES)
                for t in val.tags:
                    self.note(f"tag:{t}")
                if key is None:
                    c.sets.append((prefix + "telemetry", ""))
                else:
                    c.sets.append((prefix + (key if key == "x.n" else f"telemetry.{key}"), val.text))
            self.note("set")

        c.files = files

        # faults
        if self.chance(0.25):
            faults = [fx for fx in FAULTS if not (set(fx[1]) & self.skip)]
            name, _tags, fn = rng.choice(faults)
            self.note(f"fault:{name}")
            for t in _tags:
                self.note(f"tag:{t}")
            fn(self, c)
        self.mapping_over_interp(c)
        return c

    def mapping_over_interp(self, c: Case) -> None:
        """`telemetry: ${x.tele}` with a mapping merged over it later: OmegaConf merges the mapping into
        the interpolation's target instead of replacing it (SPEC 2 says replace) -> tag it disputed."""
        first = c.files[0].body.get("telemetry") if c.files and c.files[0].raw is None else None
        if not (isinstance(first, str) and "${x.tele}" in first):
            return
        later = any(isinstance(f.body.get("telemetry"), (Map, Seq)) or "telemetry:" in f.raw_tail
                    for f in c.files[1:])
        later = later or any(k.lstrip("+").startswith("telemetry.") for k, _ in c.sets)
        if not later:
            return
        if D in self.skip:
            c.files[0].body.set("telemetry", self.telemetry_block(2))
        else:
            self.note("mapping-over-interp")
            self.note("tag:" + D)

    # the file merged last among the config files (last root); faults go there
    def last_root(self, c: Case) -> File:
        roots = [f for f in c.files if re.match(r"work/r\d+\.yaml$", f.path)]
        return roots[-1] if roots else c.files[0]

    def tele_of(self, f: File) -> Map:
        tb = f.body.get("telemetry")
        if not isinstance(tb, Map):
            tb = Map()
            f.body.set("telemetry", tb)
        return tb


# -- interpolation generators: (gen, block, kind) -> V (OmegaConf string, before YAML quoting).
# kind is the field's kind (bool/int/str/optstr) or "any"; generators mostly produce a fitting type.

ABS_BY_KIND = {
    "bool": ["x.b", "x.t", "x.one", "x.z"],
    "int": ["x.n", "x.z", "x.neg", "x.nested.num", "x.b", "x.one"],
    "str": ["x.s", "x.t", "x.e", "x.sp", "x.url", "x.nested.deep", "x.tele.exporter"],
    "optstr": ["x.s", "x.url", "x.nl", "x.e"],
}


def _fits(g: Gen, kind: str, refs: List[str]) -> List[str]:
    return ABS_BY_KIND.get(kind, ABS_REFS) if g.chance(0.85) else refs


def _env_var(g: Gen) -> str:
    set_vars = [n for n in OC_ENV_VARS if n in g.case.env]
    if set_vars and g.chance(0.9):
        return g.rng.choice(set_vars)
    return g.rng.choice(OC_ENV_VARS)


def i_env(g: Gen, block: Map, kind: str) -> V:
    return V("${oc.env:%s}" % _env_var(g))


def i_env_default(g: Gen, block: Map, kind: str) -> V:
    d = g.pick(ENV_DEFAULTS)
    var = g.rng.choice(OC_ENV_VARS + ["GYM_T_UNSET", "GYM_T_UNSET"])
    return V("${oc.env:%s,%s}" % (var, d.text), d.tags)


def i_abs(g: Gen, block: Map, kind: str) -> V:
    return V("${%s}" % g.rng.choice(_fits(g, kind, ABS_REFS)))


def i_rel(g: Gen, block: Map, kind: str) -> V:
    if g.chance(0.5):
        return V("${..%s}" % g.rng.choice(_fits(g, kind, ABS_REFS)))
    aux = g.pick(g.rng.choice(GOOD.get(kind, ANY)))
    block.set("aux", aux.text)
    if g.chance(0.3):
        block.set("sub", Map([("inner", "${..aux}")]))
        return V("${.sub.inner}", aux.tags)
    return V("${.aux}", aux.tags)


def i_concat(g: Gen, block: Map, kind: str) -> V:
    inner = g.rng.choice([i_env_default, i_abs, i_env, i_select])(g, block, "any")
    return V(g.rng.choice(["pre-%s-post", "%s%s", "%s/x", "a %s b"]).replace("%s", inner.text), inner.tags)


def i_escaped(g: Gen, block: Map, kind: str) -> V:
    return g.pick(ESCAPED)


def i_select(g: Gen, block: Map, kind: str) -> V:
    return V(g.rng.choice(["${oc.select:x.nope,dflt}", "${oc.select:x.n,0}", "${oc.select:x.nope}",
                           "${oc.select:x.s,'q'}", "${oc.select:x.nope,null}", "${oc.select:x.nope,8080}",
                           "${oc.select:x.b,false}", "${oc.select:.aux,zz}"]))


def i_decode(g: Gen, block: Map, kind: str) -> V:
    d = g.pick(DECODE_ARGS)
    return V("${oc.decode:%s}" % d.text, d.tags)


INTERP_GENS: List[Callable[[Gen, Map, str], V]] = [
    i_env, i_env_default, i_env_default, i_abs, i_abs, i_rel, i_concat, i_escaped, i_select, i_decode,
]
# for bool/int fields: mostly references to nodes of a fitting type
INTERP_GENS_TYPED: List[Callable[[Gen, Map, str], V]] = [
    i_abs, i_abs, i_abs, i_rel, i_rel, i_env, i_env_default, i_select, i_decode,
]


# -- faults: (name, tags, fn(gen, case))

def f_bad_bool(g: Gen, c: Case) -> None:
    name = g.rng.choice([k for k, t in FIELD_KIND.items() if t == "bool"])
    g.tele_of(g.last_root(c)).set(name, g.rng.choice(["maybe", "'maybe'", "2", "0.5", "'yes '", "~", "'1.0'"]))


def f_service_name_int(g: Gen, c: Case) -> None:
    g.tele_of(g.last_root(c)).set("service_name", g.rng.choice(["123", "1.5", "true", "~"]))


def f_export_rank_float(g: Gen, c: Case) -> None:
    g.tele_of(g.last_root(c)).set("export_rank", g.rng.choice(["2.5", "'2.5'", "'0x10'", "~", "abc"]))


def f_unset_env(g: Gen, c: Case) -> None:
    key = g.rng.choice(FIELDS + ["aux"])
    g.tele_of(g.last_root(c)).set(key, g.rng.choice(["${oc.env:GYM_T_UNSET}", "pre-${oc.env:GYM_T_UNSET}"]))


def f_malformed_yaml(g: Gen, c: Case) -> None:
    f = g.rng.choice(c.files)
    f.raw_tail += g.rng.choice([
        "bad: [unclosed\n", "bad: {a: 1\n", "\tbad: tab\n", "bad: \"unterminated\n", "  - : :\n",
        "bad: @at\n", "bad: 'x' y\n", "telemetry:\n  enabled: true\n bad_indent: 1\n",
    ])


def f_missing_include(g: Gen, c: Case) -> None:
    f = g.rng.choice(c.files)
    cp = f.body.get("config_paths")
    items = list(cp.items) if isinstance(cp, Seq) else []
    items.append(g.rng.choice(["missing_include.yaml", "@ROOT@/work/missing.yaml", "sub/none.yaml"]))
    f.body.set("config_paths", Seq(items))


def f_duplicate_key(g: Gen, c: Case) -> None:
    f = g.rng.choice(c.files)
    if g.chance(0.5):
        f.raw_tail += "dup: 1\ndup: 2\n"
    else:
        tb = g.tele_of(f)
        tb.flow = False
        f.body.entries = [e for e in f.body.entries if e[0] != "telemetry"]
        lines: List[str] = []
        render_map(tb, 2, lines)
        f.raw_tail += "telemetry:\n" + "\n".join(lines + ["  enabled: true", "  enabled: false"]) + "\n"


def f_unknown_resolver(g: Gen, c: Case) -> None:
    g.tele_of(g.last_root(c)).set(g.rng.choice(["service_name", "aux"]),
                                  g.rng.choice(["${nope:x}", "'${oc.nope:1}'", "pre-${foo.bar:}"]))


def f_missing_node(g: Gen, c: Case) -> None:
    g.tele_of(g.last_root(c)).set(g.rng.choice(["service_name", "run_id", "aux"]),
                                  g.rng.choice(["${x.does_not_exist}", "${.nope}", "${..nope.deeper}", "'a-${nowhere}'"]))


def f_unterminated(g: Gen, c: Case) -> None:
    g.tele_of(g.last_root(c)).set(g.rng.choice(["service_name", "aux"]),
                                  g.rng.choice(["${x.n", "'pre-${oc.env:GYM_T_A'", "'${oc.env:GYM_T_A,${x.n}'"]))


def f_unterminated_outside(g: Gen, c: Case) -> None:
    # OmegaConf validates every string containing '${' when a file is loaded, even outside the block
    g.rng.choice(c.files).body.set("unrelated", "'${broken'")


def f_cycle(g: Gen, c: Case) -> None:
    tb = g.tele_of(g.last_root(c))
    if g.chance(0.5):
        tb.set("c1", "${.c2}")
        tb.set("c2", "${.c1}")
    else:
        tb.set("service_name", g.rng.choice(["${.service_name}", "pre-${.service_name}", "${telemetry.service_name}"]))


def f_mandatory(g: Gen, c: Case) -> None:
    tb = g.tele_of(g.last_root(c))
    if g.chance(0.5):
        tb.set(g.rng.choice(FIELDS + ["aux"]), "???")
    else:
        c.files[0].body.get("x").set("req", "???")
        tb.set(g.rng.choice(["service_name", "aux"]), "${x.req}")


def f_toplevel_list(g: Gen, c: Case) -> None:
    g.rng.choice(c.files).raw = g.rng.choice(["- a\n- b\n", "[]\n", "42\n"])


def f_toplevel_scalar(g: Gen, c: Case) -> None:
    g.rng.choice(c.files).raw = "just_a_string\n"


def f_list_vs_mapping(g: Gen, c: Case) -> None:
    c.files[0].body.set("telemetry", Seq(["a"]))
    g.tele_of(c.files[-1])


FAULTS: List[Tuple[str, Tuple[str, ...], Callable[[Gen, Case], None]]] = [
    ("bad_bool", (), f_bad_bool),
    ("service_name_int", (), f_service_name_int),
    ("export_rank_float", (), f_export_rank_float),
    ("unset_env", (), f_unset_env),
    ("malformed_yaml", (), f_malformed_yaml),
    ("missing_include", (), f_missing_include),
    ("duplicate_key", (), f_duplicate_key),
    ("unknown_resolver", (), f_unknown_resolver),
    ("missing_node", (), f_missing_node),
    ("unterminated", (), f_unterminated),
    ("unterminated_outside_block", (D,), f_unterminated_outside),
    ("cycle", (), f_cycle),
    ("mandatory", (), f_mandatory),
    ("toplevel_not_mapping", (), f_toplevel_list),
    ("toplevel_plain_string", (D,), f_toplevel_scalar),
    ("list_vs_mapping", (), f_list_vs_mapping),
]


# --------------------------------------------------------------------------- forms of issue 11
#
# Each form builds whole files as raw YAML (File.raw) so that the directive and `???` shapes are
# written exactly; notes name the shapes used (they show in summaries and in the per-form counts).

# Hydra override VALUE texts by the field kind they fit (SPEC 2b types them, pydantic judges them)
H_VALUES = {
    "bool": _norm(["true", "false", "True", "FALSE", "tRuE", "1", "0", "'true'", "'yes'", '"on"', "'0'",
                   " true", "false ", "1.0", "int(1)", "bool(true)", "str(true)", "yes", "off", "y", "n",
                   "'TRUE'", "\\ true", "sort(true)"]),
    "int": _norm(["0", "-1", "+4", "1_000", "'12'", "' 12 '", "2.0", "true", "int(2.9)", "'2.0'",
                  "float(3)", "010", "1e3", "'-3'", " 7 ", "int('5')", "sort(5)", "int(sort('7'))"]),
    "str": _norm(["abc", "'123'", '"true"', "a b", "  padded  ", "'  padded  '", "http://h:4317",
                  "key\\\\=v", "a\\\\,b", "'a,b'", "pre-${x.s}", "${x.s}", "'${x.s}-q'", "yes", "on", "y",
                  "010", "0x10", "1:30", "'x\\\\'y'", '"a\\\\\\\\"', "/path/to", "a*b?", "x|y", "%p", "@at",
                  "'#hash'", "str(123)", "str(1.5)", "''", '""', "a  b", "\\\\(x\\\\)", "'${oc.env:GYM_T_A,dflt}'",
                  "${oc.env:GYM_T_A,dflt}", "'${oc.env:GYM_T_A,${x.s}}'", "{}", "otlp", "console",
                  "a:b", "a : b", "pre-${x.n}", "'\\\\'", "sort(x)", "sort('x y')", "str(sort(1))"]),
}
H_BAD = _norm(["123", "true", "1.5", "null", "NULL", "[a]", "{a: b}", "2", "maybe", "0.5", "nan", "inf",
               "-.5", "[1,[2,3]]", "{k: [1, 2], n: null}", "abc", "",
               # Hydra's sort() and shuffle() of a list or one value give a list
               "sort([b,a])", "sort(list=[2,1],reverse=true)", "shuffle([a,b])", "shuffle(x)"])
H_ERRORS = _norm(["a,b", "choice(a,b)", "~", "'unbalanced", '"x', "a=b", "range(1,3)", "foo(1)", "a(b",
                  "[1,2", "{a:}", "a#b", "${x", "'a'b", "'a' ", "glob(*)", "interval(0,1)", "1,2,3",
                  "${oc.env:GYM_T_A,${x.s}}", "[a,,b]", "a\\\\", "x]", "}", "int(a)", "bool(maybe)",
                  # sweeps made by sort()/shuffle()/tag(), and their argument errors
                  "sort(3,1,2)", "shuffle(a,b)", "sort(choice(a,b))", "tag(t,range(1,3))", "sort([1,x])",
                  "sort(null)", "tag(x)", "sort()", "extend_list([1],[2])"])


def h_value(g: Gen, kind: str) -> str:
    r = g.rng.random()
    if r < 0.78:
        e = g.pick(H_VALUES.get(kind, H_VALUES["str"]))
    elif r < 0.92:
        e = g.pick(H_BAD)
    else:
        e = g.pick(H_ERRORS)
        g.note("hydra-error-value")
    return e.text


def kind_of(fieldname: str) -> str:
    k = FIELD_KIND.get(fieldname, "str")
    return "str" if k == "optstr" else k


X_YAML = ("x:\n  n: 42\n  s: hello\n  b: true\n  t: 'true'\n  url: http://collector:4318\n"
          "  nested: {deep: svc-deep, num: 7}\n")


def flow(d: List[Tuple[str, str]]) -> str:
    return "{" + ", ".join(f"{k}: {val}" for k, val in d) + "}"


def block(name: str, d: List[Tuple[str, str]]) -> str:
    """`name:` with the pairs in block style (values with `{`, `?` or `${` stay plain there)."""
    if not d:
        return f"{name}: {{}}\n"
    return f"{name}:\n" + "".join(f"  {k}: {val}\n" for k, val in d)


def tele_fields(g: Gen, n: int, enabled: bool = True) -> List[Tuple[str, str]]:
    out: List[Tuple[str, str]] = []
    if enabled:
        out.append(("enabled", g.rng.choice(["true", "true", "yes", "'true'", "false"])))
    for name in g.rng.sample([f for f in FIELDS if f != "enabled"], n):
        for _ in range(20):
            e = g.pick(g.rng.choice(GOOD[FIELD_KIND[name]]))
            text = e.text if e.text != "" else "''"
            if _flow_safe(text):
                break
        else:
            text = "flow-safe"
        out.append((name, text))
    return out


def _flow_safe(text: str) -> bool:
    try:
        return yaml.safe_load(f"k: {{a: {text}}}") == {"k": {"a": yaml.safe_load(f"k: {text}")["k"]}}
    except yaml.YAMLError:
        return False


def base_files(g: Gen) -> None:
    c = g.case
    g.env()
    if "NEMO_GYM_OTEL_ENABLED" in c.env and g.chance(0.5):
        del c.env["NEMO_GYM_OTEL_ENABLED"]


# -- directives ----------------------------------------------------------------------------------

DIRECTIVE_SHAPES = [
    "inherit_prop", "inherit_str", "copy_prop", "copy_str", "scalar_copy", "scalar_inherit", "delete_only",
    "delete_with_copy", "nested_source", "in_list", "missing_source", "missing_value_source",
    "moved_reference", "cross_file", "delete_missing_with_copy", "leftover_directive", "top_level",
    "chain_copy", "copy_then_reference", "inherit_twice", "delete_spaces",
]


def form_directives(g: Gen) -> None:
    c = g.case
    rng = g.rng
    base_files(g)
    c.form = "directives"
    base = tele_fields(g, rng.randint(1, 4))
    if rng.random() < 0.8:
        base = [(k, val) for k, val in base if k != "enabled"] + [("enabled", "true")]
    lib_tele = tele_fields(g, rng.randint(1, 3))
    r1 = [X_YAML, f"base_tele: {flow(base)}\n",
          f"lib:\n  tele: {flow(lib_tele)}\n  svc: {{name: lib-svc, port: 8}}\n",
          "names: {a: alpha, b: beta, n: 5}\n"]
    r2: List[str] = []
    tele: Optional[str] = None
    shapes = rng.sample(DIRECTIVE_SHAPES, rng.choice([1, 1, 2, 3]))
    for shape in shapes:
        g.note("dir:" + shape)
        present = [k for k, _ in base if k != "enabled"]
        own = rng.choice(["", "", f", {rng.choice(present)}: own-val" if present else "", ", enabled: true",
                          ", service_name: own-svc", ", exporter: console"])
        if shape == "inherit_prop":
            tele = f"telemetry: {{_inherit_from: base_tele{own}}}\n"
        elif shape == "inherit_str":
            tele = "telemetry: ${inherit_from:base_tele}\n"
        elif shape == "copy_prop":
            tele = f"telemetry: {{_copy: {rng.choice(['base_tele', 'lib.tele'])}{own}}}\n"
        elif shape == "copy_str":
            tele = f"telemetry: ${{copy:{rng.choice(['base_tele', 'lib.tele'])}}}\n"
        elif shape == "scalar_copy":
            tele = (f"telemetry: {{enabled: true, service_name: '${{copy:names.{rng.choice('ab')}}}', "
                    f"run_id: r}}\n")
        elif shape == "scalar_inherit":
            tele = "telemetry: {enabled: true, service_name: '${inherit_from:names.a}', run_id: r}\n"
            if rng.random() < 0.5:
                r1.append("uses_a: ${names.a}\n")  # the source is gone after the inherit
        elif shape == "delete_only":
            keys = rng.choice(["exporter", "run_id", "exporter,run_id", "nope", "exporter, nope"])
            tele = f"telemetry: {{enabled: true, exporter: console, run_id: del-run, _delete_key: '{keys}'}}\n"
        elif shape == "delete_with_copy":
            keys = rng.choice(["exporter", "service_name", "enabled"])
            tele = f"telemetry: {{_copy: base_tele, _delete_key: {keys}, exporter: console}}\n"
        elif shape == "delete_missing_with_copy":
            tele = "telemetry: {_copy: base_tele, _delete_key: not_there}\n"
        elif shape == "delete_spaces":
            tele = "telemetry: {_copy: lib.tele, _delete_key: ' enabled ,  run_id '}\n"
        elif shape == "nested_source":
            r1.append("servers:\n  s1:\n    tele: {_copy: base_tele, exporter: otlp}\n")
            tele = rng.choice(["telemetry: ${servers.s1.tele}\n", "telemetry: {_inherit_from: servers.s1.tele}\n",
                               "telemetry: {_copy: servers.s1.tele, service_name: nested}\n"])
        elif shape == "in_list":
            r1.append("items:\n  - {_copy: base_tele, service_name: in-list}\n  - ${copy:names.b}\n"
                      "  - [{_inherit_from: names.n}]\n" if rng.random() < 0.3 else
                      "items:\n  - {_copy: base_tele, service_name: in-list}\n  - plain\n")
            tele = rng.choice([
                "telemetry: {enabled: true, service_name: '${items.0.service_name}', run_id: r}\n",
                "telemetry: ${items.0}\n",
                "telemetry: {enabled: true, service_name: '${items.1}', run_id: r}\n"])
        elif shape == "missing_source":
            tele = rng.choice(["telemetry: {_copy: nowhere}\n", "telemetry: ${inherit_from:base_tele.nope.deeper}\n",
                               "telemetry: {_inherit_from: names.a.b}\n", "telemetry: {_copy: items.0}\n"])
        elif shape == "missing_value_source":
            r1.append(rng.choice(["req_tele: ???\n", "req_tele: {enabled: true, service_name: ???}\n",
                                  "req_tele: {enabled: true, service_name: svc}\n"]))
            tele = rng.choice(["telemetry: {_copy: req_tele}\n", "telemetry: ${inherit_from:req_tele}\n",
                               "telemetry: {_copy: req_tele.service_name}\n"])
            if rng.random() < 0.4:
                c.sets.append(("req_tele", rng.choice(["{enabled: true, service_name: from-set}", "???"])))
        elif shape == "moved_reference":
            r1.append("moved: {_inherit_from: base_tele}\n")
            tele = rng.choice(["telemetry: {enabled: true, service_name: '${base_tele.exporter}', run_id: r}\n",
                               "telemetry: {enabled: true, service_name: '${moved.exporter}', run_id: r}\n",
                               "telemetry: {enabled: true, exporter: '${oc.select:base_tele.exporter,gone}'}\n"])
        elif shape == "cross_file":
            r2.append(rng.choice(["telemetry: {_copy: base_tele, span_groups: all}\n",
                                  "base_tele: {_delete_key: exporter}\n",
                                  "lib: {tele: {_inherit_from: base_tele}}\n"]))
        elif shape == "leftover_directive":
            # the copy source still holds its own directive: Gym does not recurse into the copy
            r1.append("inner: {_copy: names, extra: 1}\n")
            tele = rng.choice(["telemetry: {_copy: base_tele, holder: '${copy:names.a}'}\n",
                               "telemetry: {enabled: true, service_name: '${inner.a}', run_id: r}\n"])
        elif shape == "top_level":
            r1.append(rng.choice(["_copy: base_tele\n", "_delete_key: base_tele\n", "_inherit_from: lib\n"]))
        elif shape == "chain_copy":
            r1.append("step1: {_copy: base_tele, exporter: chain}\nstep2: {_copy: step1}\n")
            tele = "telemetry: {_copy: step2}\n"
        elif shape == "copy_then_reference":
            r1.append("made: {_copy: lib.svc, name: made-svc}\n")
            tele = "telemetry: {enabled: true, service_name: '${made.name}-${made.port}', run_id: r}\n"
        elif shape == "inherit_twice":
            r1.append("twin: {_inherit_from: base_tele}\n")
            tele = "telemetry: {_inherit_from: base_tele}\n"
    if tele is None:
        tele = f"telemetry: {flow(tele_fields(g, 2))}\n"
    r1.append(tele)
    if g.chance(0.3):
        r1.append("top_scalar: '${names.a}-top'\n")
    rng.shuffle(r1)
    c.files.append(File("work/r1.yaml", raw="".join(r1)))
    c.positional.append("r1.yaml")
    if r2:
        c.files.append(File("work/r2.yaml", raw="".join(r2)))
        c.positional.append("r2.yaml")
    c.opts.append("--no-env-yaml")


# -- ??? placement -------------------------------------------------------------------------------

MISSING_SHAPES = ["in_block", "elsewhere", "in_list", "deleted", "overwritten_file", "overwritten_set",
                  "quoted", "whole_block", "referenced", "overwritten_env_yaml", "nested_deep", "copied_over"]


def form_missing(g: Gen) -> None:
    c = g.case
    rng = g.rng
    base_files(g)
    c.form = "missing"
    block_pairs = tele_fields(g, rng.randint(1, 3))
    r1 = [X_YAML]
    r2: List[str] = []
    shape = rng.choice(MISSING_SHAPES)
    g.note("missing:" + shape)
    if shape == "in_block":
        block_pairs.append((rng.choice(["run_id", "service_name", "aux", "exporter"]), "???"))
    elif shape == "elsewhere":
        r1.append(rng.choice(["other:\n  port: ???\n", "top: ???\n", "a:\n  b:\n    c: ???\n    d: 1\n"]))
    elif shape == "in_list":
        r1.append(rng.choice(["l:\n  - 1\n  - ???\n  - 3\n", "l:\n  - k: ???\n"]))
    elif shape == "deleted":
        r1.append(rng.choice(["other:\n  _delete_key: port\n  port: ???\n  host: h\n",
                              "other:\n  _delete_key: 'a, port'\n  port: ???\n"]))
    elif shape == "overwritten_file":
        r1.append("other:\n  port: ???\n")
        r2.append(rng.choice(["other: {port: 8080}\n", "other: {host: h}\n", "other: null\n"]))
    elif shape == "overwritten_set":
        r1.append("other:\n  port: ???\n")
        c.sets.append(("other.port", rng.choice(["8080", "???", "''", "null"])))
    elif shape == "quoted":
        r1.append(rng.choice(["q: '???'\n", 'q: "???"\n', "q: ' ???'\n", "q: ????\n"]))
    elif shape == "whole_block":
        block_pairs = []
        r1.append("telemetry: ???\n")
        if rng.random() < 0.5:
            r2.append(block("telemetry", tele_fields(g, 1)))
    elif shape == "referenced":
        r1.append("req: ???\n")
        block_pairs.append(("service_name", "'${req}'"))
    elif shape == "overwritten_env_yaml":
        r1.append("other:\n  port: ???\n")
        c.files.append(File("work/env.yaml", raw=rng.choice(["other: {port: 1}\n", "other: {}\n"])))
    elif shape == "nested_deep":
        r1.append("deep:\n  a:\n    b:\n      - c: ???\n      - d:\n        - ???\n")
    elif shape == "copied_over":
        r1.append("src: {port: 9}\nother:\n  _copy: src\n  port: ???\n")
    if block_pairs:
        last = {k: val for k, val in block_pairs}  # a later pair wins; no duplicate keys
        r1.append(block("telemetry", list(last.items())))
    c.files.insert(0, File("work/r1.yaml", raw="".join(r1)))
    c.positional.append("r1.yaml")
    if r2:
        c.files.append(File("work/r2.yaml", raw="".join(r2)))
        c.positional.append("r2.yaml")
    if not any(f.path == "work/env.yaml" for f in c.files):
        c.opts.append("--no-env-yaml")


# -- Hydra override values through --set -----------------------------------------------------------


def form_override(g: Gen) -> None:
    c = g.case
    rng = g.rng
    base_files(g)
    c.form = "override"
    pairs = tele_fields(g, rng.randint(0, 2))
    r1 = [X_YAML]
    for _ in range(rng.randint(1, 3)):
        r = rng.random()
        if r < 0.75:
            name = rng.choice(FIELDS)
            c.sets.append((f"telemetry.{name}", h_value(g, kind_of(name))))
        elif r < 0.85:
            c.sets.append(("x.n", h_value(g, "int")))
            pairs.append(("export_rank", "${x.n}"))
        elif r < 0.92:
            c.sets.append(("telemetry", rng.choice(["{enabled: true, exporter: console}", "null", "{}",
                                                    "{enabled: true, 'service_name': \"q\"}", "[1]", "abc"])))
        else:
            c.sets.append((rng.choice(["telemetry.aux", "newkey", "x.list", "x"]),
                           rng.choice(["[a, b]", "{k: v}", "1", "${x.n}"])))
    g.note("sets:" + ",".join(k for k, _ in c.sets))
    r1.append(block("telemetry", pairs))
    c.files.append(File("work/r1.yaml", raw="".join(r1)))
    c.positional.append("r1.yaml")
    c.opts.append("--no-env-yaml")


# -- Gym command lines through --exec ------------------------------------------------------------

GYM_ENTRIES = [["gym", "env", "start"], ["gym", "env", "start"], ["ng", "env", "start"], ["ng_run"],
               ["nemo_gym_run"], ["uv", "run", "gym", "env", "start"], ["gym", "eval", "run"],
               ["gym", "env", "validate"]]


def asset_tree(g: Gen) -> Dict[str, str]:
    """Gym's layout under work/ (cwd), extra/ (a --search-dir or NEMO_GYM_EXTRA_ROOTS root) and install/."""
    rng = g.rng

    def tele(tag: str) -> str:
        return f"telemetry: {flow(tele_fields(g, rng.randint(0, 2)) + [('service_name', tag)])}\n"

    files = {
        "work/resources_servers/rs1/configs/rs1.yaml": "rs1_resources_server: {resources_servers: {rs1: {entrypoint: app.py}}}\n" + tele("rs1"),
        "work/resources_servers/rs1/configs/alt.yaml": "alt: 1\n" + tele("rs1-alt"),
        "work/responses_api_models/m1/configs/m1.yaml": "policy_model: {responses_api_models: {m1: {entrypoint: app.py}}}\n",
        "work/responses_api_models/m1/configs/fast.yaml": tele("m1-fast"),
        "work/benchmarks/b1/config.yaml": tele("b1"),
        "work/benchmarks/b1/other.yaml": tele("b1-other"),
        "work/benchmarks/grp/sub/config.yaml": tele("grp-sub"),
        "work/environments/e1/config.yaml": "config_paths: [resources_servers/rs1/configs/rs1.yaml]\n" + tele("e1"),
        "extra/environments/e2/config.yaml": tele("e2"),
        "extra/environments/e1/config.yaml": tele("e1-extra"),
        "extra/resources_servers/rs2/configs/rs2.yaml": tele("rs2"),
        "install/responses_api_models/m2/configs/m2.yaml": tele("m2-builtin"),
        "install/benchmarks/b9/config.yaml": tele("b9-builtin"),
        "work/r1.yaml": X_YAML + f"telemetry: {flow(tele_fields(g, rng.randint(1, 3)))}\n",
        "extra/inc.yaml": "telemetry: {exporter: console}\n",
    }
    if rng.random() < 0.3:
        files["work/env.yaml"] = rng.choice([
            "telemetry: {service_name: from-env-yaml}\n", "config_paths: [r1.yaml]\n",
            "config_paths: [benchmarks/b1/config.yaml]\ntelemetry: {run_id: env-run}\n"])
    return files


def gym_override(g: Gen) -> str:
    rng = g.rng
    r = rng.random()
    if r < 0.5:
        name = rng.choice(FIELDS)
        prefix = rng.choice(["++", "++", "+", ""])
        return f"{prefix}telemetry.{name}={h_value(g, kind_of(name))}"
    if r < 0.6:
        return rng.choice(["+config_paths=[r1.yaml]", "+config_paths=[extra_missing.yaml]",
                           "++config_paths=[r1.yaml]", "config_paths=[r1.yaml]", "+config_paths=[]",
                           "+config_paths=[r1.yaml, inc.yaml]", "+config_paths=r1.yaml", "+config_paths=[inc.yaml]"])
    if r < 0.7:
        return rng.choice(["~telemetry", "~telemetry.exporter", "~nothing", "~x.n", "~telemetry.enabled=true"])
    if r < 0.8:
        return rng.choice(["+x.n=7", "++x.n='8'", "x.n=9", "+head_server={host: h, port: 1}",
                           "++port_range_low=5", "+verbose=false", "+telemetry={enabled: true}"])
    if r < 0.9:
        return rng.choice(["++telemetry.service_name=${head_server.host}", "++telemetry.export_rank=${port_range_low}",
                           "++telemetry.service_name='${oc.select:head_server.port,none}'",
                           "++telemetry.run_id=${x.n}", "++telemetry.service_name=${verbose}"])
    return rng.choice(["telemetry.enabled=true", "a,b=1", "+telemetry.enabled=true,false", "~", "=x",
                       "key with space=1", "hydra/launcher=basic", "x@pkg=1", "+a.b.=1"])


def form_gymcli(g: Gen) -> None:
    c = g.case
    rng = g.rng
    base_files(g)
    c.form = "gymcli"
    for path, text in asset_tree(g).items():
        c.files.append(File(path, raw=text))
    cmd = list(rng.choice(GYM_ENTRIES))
    g.note("entry:" + " ".join(cmd))
    args: List[str] = []
    for _ in range(rng.choice([0, 1, 1, 2])):
        val = rng.choice(["r1.yaml", "resources_servers/rs1/configs/rs1.yaml", "@ROOT@/work/r1.yaml", "inc.yaml",
                          "nope.yaml", "benchmarks/b1/other.yaml"])
        args += rng.choice([["--config", val], [f"--config={val}"]])
    selectors = {
        "environment": ["e1", "e2", "e3", "grp", "ee1"],
        "benchmark": ["b1", "b1/other", "grp/sub", "grp", "b9", "b2"],
        "resources-server": ["rs1", "rs1/alt", "rs2", "rs3", "rs1/nope"],
        "model-type": ["m1", "m1/fast", "m2", "mm1"],
    }
    for flag in rng.sample(list(selectors), rng.choice([0, 1, 1, 2])):
        val = rng.choice(selectors[flag])
        args += rng.choice([[f"--{flag}", val], [f"--{flag}={val}"]])
        g.note(f"--{flag}")
    if rng.random() < 0.4:
        args += ["--search-dir", rng.choice(["../extra", "@ROOT@/extra", "@ROOT@/nowhere"])]
        g.note("gym-search-dir")
    elif rng.random() < 0.3:
        c.env["NEMO_GYM_EXTRA_ROOTS"] = rng.choice(["@ROOT@/extra", ":@ROOT@/extra", "@ROOT@/nowhere:@ROOT@/extra"])
    if rng.random() < 0.2:
        c.opts += ["--search-dir", "@ROOT@/extra"]
    if rng.random() < 0.3:
        c.opts += ["--gym-root", "@ROOT@/install"]
        g.note("gym-root")
    if rng.random() < 0.15:
        args.append(rng.choice(["-v", "--verbose"]))
    if rng.random() < 0.1:
        args += ["--model", "some-model"]
    for _ in range(rng.choice([0, 1, 2, 3])):
        args.append(gym_override(g))
    if rng.random() < 0.15:
        c.sets.append((f"telemetry.{rng.choice(FIELDS)}", rng.choice(["true", "abc", "7"])))
    rng.shuffle(args) if rng.random() < 0.2 else None
    if rng.random() < 0.07:
        cmd = ["mytool"]  # not Gym: its --config means something else
        g.note("not-gym")
    if rng.random() < 0.05:
        c.positional.append("r1.yaml")  # a positional CONFIG: the command line is not read
        g.note("positional+exec")
    if not any(f.path == "work/env.yaml" for f in c.files) and rng.random() < 0.5:
        c.opts.append("--no-env-yaml")
    c.exec_cmd = cmd + args


def form_versions(g: Gen) -> None:
    """Mostly valid single-file cases, for the schema versions' differences (versions_gen.py)."""
    try:
        from . import versions_gen
    except ImportError:  # imported as a top-level module
        import versions_gen
    versions_gen.form_versions(g)


FORMS: Dict[str, Optional[Callable[[Gen], None]]] = {
    "classic": None, "directives": form_directives, "missing": form_missing, "override": form_override,
    "gymcli": form_gymcli, "versions": form_versions,
}
FORM_WEIGHTS = {"classic": 3, "directives": 3, "missing": 2, "override": 2, "gymcli": 3, "versions": 4}


def generate(seed: int, index: int, skip: Tuple[str, ...], forms: Tuple[str, ...] = (),
             versions: Tuple[str, ...] = ()) -> Case:
    """versions: the schema versions to draw from (SPEC 8; versions_gen.py adds each one's
    differences, from a random stream of their own so that the rest of the case stays the same);
    none: the case gives no --gym-version at all."""
    # the versions form only where versions are drawn: a run without them keeps its old cases
    names = [f for f in FORMS if (not forms or f in forms) and (versions or f != "versions")]
    form = random.Random(f"{seed}/{index}/form").choices(names, [FORM_WEIGHTS[f] for f in names])[0]
    g = Gen(seed, index, skip)
    build = FORMS[form]
    if build is None:
        g.build()
    else:
        build(g)
    if versions:
        from . import versions_gen  # it imports this module's pools

        version = random.Random(f"{seed}/{index}/version").choice(list(versions))
        versions_gen.add_version(g.case, version, skip)
    return g.case

