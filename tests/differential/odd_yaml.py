#!/usr/bin/env python3
"""odd_yaml: the odd-documents campaign of issue 12 (SPEC 2): small configs whose `telemetry:` block
takes its structure and values from odd YAML, run through the binary and the reference.

    python3 tests/differential/odd_yaml.py [--bin build/bin/gym-otel-env] [--seed S] [--count N]
        [--case I]... [--out DIR] [--no-shrink] [--show N] [--dump] [--subprocess]

Each case is one document generated from random.Random(f"odd/{seed}/{index}") (re-run one alone
with --seed S --case I): anchors and aliases (as keys, on containers), merge keys `<<` (single,
list, nested, overriding, on non-mappings), block scalars (| > with chomping and indentation
indicators, blank lines, trailing spaces), line breaks (CRLF, CR, NEL, U+2028, U+2029 as the
document's style or sprinkled into scalars, comments and flow collections), tabs, non-string keys
(int, bool, null, float, alias, complex), tags (`!`, `!!str`, ..., unknown, verbatim, %TAG),
flow collections with odd spacing, `---`/`...`, directives, comments in odd places, BOMs, quoted
escapes; a third of the cases then get one random mutation (a character inserted, deleted or an
indentation changed), mostly errors, so that error positions get compared too.

Both programs read the file as a config:

    BIN --no-env-yaml --format json CONFIG
    gym_otel_ref.py --no-env-yaml --format json CONFIG     (real OmegaConf and pydantic)

Agreement: both accept with the same JSON (NEMO_GYM_OTEL_RUN_ID's random value ignored), or both
reject and, when the reference's error is PyYAML's with a position (its problem mark, the last
`line N, column M` of the message), the binary's `gym-otel-env: error: FILE:LINE:COL:` is the same
position. The reference runs in a forked child of this process (OmegaConf and pydantic imported
once; --subprocess runs it as a command instead, slower, the same result).

Each disagreement is shrunk (lines, then characters dropped while the same kind of disagreement
remains) and printed with its kind; the summary counts agreements and disagreements by kind and
by minimal document. Exit 1 when any disagreement is left.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
from collections import Counter, defaultdict
from pathlib import Path
from typing import Callable, Dict, List, Optional, Tuple

REPO = Path(__file__).resolve().parent.parent.parent
REF_DIR = REPO / "tests" / "differential" / "reference"
OMEGACONF_PATH = "/usr/lib/python3/dist-packages"
HEX12 = re.compile(r"^[0-9a-f]{12}$")

ODD_BREAKS = ["\r\n", "\r", "\x85", "\u2028", "\u2029"]
STR_FIELDS = ["service_name", "otlp_headers", "run_id", "otlp_endpoint", "span_groups", "exporter",
              "otlp_protocol", "export_strategy"]
BOOL_FIELDS = ["traces_enabled", "metrics_enabled", "logs_enabled", "service_name_per_server",
               "instrument_aiohttp"]

# --------------------------------------------------------------------------- scalar pools

PLAIN = ["svc", "a b", "x:y", "a#b", "-x", "?x", "x-", "a  b", "ümlaut ✓", "a,b", "a]b", "a}b",
         "x # comment", "0o17", "2001-12-14", "1:30", "~", "null", ".inf", "0x1F", "+1", "1_0",
         "yes", "Off", "=", "a\\nb", "x'y", 'x"y', "a: b", "%x", "@x", "`x", "<<", "*", "&",
         "!", "a\tb", "x\t", "|x", ">x", "-", "?", ":x", "x:", "a]", "{x", "[x", "a\\", "日本",
         "\ufeffx", "a\u00a0b", "\\t"]
ESCAPES = ["\\t", "\\n", "\\x41", "\\u00e9", "\\U0001F600", "\\N", "\\_", "\\L", "\\P", "\\0", "\\a",
           "\\b", "\\e", "\\f", "\\r", "\\v", "\\/", '\\"', "\\\\", "\\ ", "\\\t", "\\q", "\\x4",
           "\\uZZZZ", "\\U00110000", "\\ud800", "\\x7f", "\\u2028", "\\ufeff", "\\'"]
BLOCK_LINES = ["text", "more text", "", "", "  more indented", "   ", "tab\there", "\ttab-lead",
               "trailing  ", "# not a comment", "x: y", "- z", "'q'", "…", "a\u2028b", "end"]
TAGS_STR = ["!!str 12", "!!str", "!!str true", "!!str ~", "! 12", "! x", "!<tag:yaml.org,2002:str> 5",
            "!foo x", "!!binary aGVsbG8=", "!!timestamp 2001-12-14", "!!str [a]", "!!null x",
            "!!null ''", "!!merge x", "!!set {a}", "!!omap [a: 1]", "!!str &s9 v", "&s8 !!str v",
            "!!float 1", "!!int '7'", "!e!str 5", "!!python/str x", "!<!> x", "!!str\t x", "!x!y z"]
TAGS_INT = ["!!int '7'", "!!int 0x1f", "!!int x", "!!float 2", "!!float '1.5'", "!!int 1_0", "!!int 010",
            "!!int '0b11'", "!!int 1:30", "! 3", "!!str 3", "!!bool 1", "!!int", "!!int ''"]
TAGS_BOOL = ["!!bool yes", "!!bool 'no'", "!!bool x", "!!bool on", "! true", "!!str true", "!!bool ''",
             "!!bool True"]


class Gen:
    def __init__(self, seed: int, index: int) -> None:
        self.r = random.Random(f"odd/{seed}/{index}")
        self.feat: List[str] = []
        self.anchors: Dict[str, str] = {}  # name -> kind: str, map, int, bool, key
        self.n = 0
        self.pre: List[str] = []  # top-level blocks before telemetry
        self.tag_directive = False

    def chance(self, p: float) -> bool:
        return self.r.random() < p

    def pick(self, xs):
        return self.r.choice(xs)

    def f(self, name: str) -> None:
        if name not in self.feat:
            self.feat.append(name)

    def anchor(self, kind: str) -> str:
        self.n += 1
        name = self.pick(["a", "x", "A-1", "n_", "9", "k"]) + str(self.n)
        self.anchors[name] = kind
        return name

    def alias_of(self, kind: str) -> Optional[str]:
        names = [n for n, k in self.anchors.items() if k == kind]
        return self.pick(names) if names else None

    # ---------------------------------------------------------------- scalars (text after "key:")

    def sp(self, ind: int) -> str:
        return " " * ind

    def plain(self, ind: int) -> str:
        self.f("plain")
        if self.chance(0.25):
            self.f("plain-multiline")
            parts = [self.pick(["first", "a b", "x:y", "-x"])]
            for _ in range(self.r.randint(1, 3)):
                lead = self.sp(ind + self.r.randint(1, 4))
                parts.append(self.pick(["", "", "   "]) if self.chance(0.3) else
                             lead + self.pick(["second", "c  d", "# c", "- e", "x: y", "'q'", "tail  "]))
            return " " + "\n".join(parts)
        return " " + self.pick(PLAIN)

    def single(self, ind: int) -> str:
        self.f("single-quoted")
        body = self.pick(["a''b", "  lead", "tab\there", "a\\nb", "", "x # y", "it''s", "日本"])
        if self.chance(0.4):
            self.f("quoted-multiline")
            for _ in range(self.r.randint(1, 3)):
                lead = self.sp(self.pick([0, ind, ind + 1, ind + 3]))
                body += "\n" + self.pick(["", lead + "next", lead + "  spaced  ", lead + "\tt", lead + "---",
                                          lead + "...", lead + "# c"])
        return " '" + body + "'"

    def double(self, ind: int) -> str:
        self.f("double-quoted")
        body = "".join(self.pick(["a", " ", "x"]) + self.pick(ESCAPES) for _ in range(self.r.randint(1, 3)))
        if self.chance(0.4):
            self.f("quoted-multiline")
            for _ in range(self.r.randint(1, 3)):
                lead = self.sp(self.pick([0, ind, ind + 2]))
                body += self.pick(["\\", "", " ", "\t"]) + "\n" + self.pick(
                    ["", lead + "next", lead + "  s", lead + "\\ x", lead + "\tt", lead + "---"])
        return ' "' + body + '"'

    def block(self, ind: int) -> str:
        ind_char = self.pick("|>")
        self.f("block-" + ind_char)
        chomp = self.pick(["", "", "-", "+"])
        explicit = self.pick([0, 0, 0, 1, 2, 3, 9])
        head = ind_char
        order = [chomp, str(explicit) if explicit else ""]
        if self.chance(0.5):
            order.reverse()
        head += "".join(order)
        if chomp:
            self.f("chomp" + chomp)
        if explicit:
            self.f("indent-indicator")
        head += self.pick(["", "", " # c", "  ", "\t", " #c\t", "#c"])
        content_ind = ind + (explicit if explicit else self.pick([1, 2, 2, 4]))
        lines = []
        if self.chance(0.2):
            self.f("block-leading-blank")
            lines.append(self.pick(["", self.sp(content_ind + 2), self.sp(content_ind)]))
        for _ in range(self.r.randint(1, 4)):
            ln = self.pick(BLOCK_LINES)
            lines.append(self.sp(content_ind) + ln if ln else self.pick(["", "", self.sp(content_ind + 1)]))
        if self.chance(0.3):
            self.f("block-trailing-blank")
            lines += [self.pick(["", self.sp(content_ind), self.sp(ind + 1)]) for _ in range(self.r.randint(1, 2))]
        if self.chance(0.1):
            lines.append(self.sp(self.pick([0, ind])) + "# comment")
        return " " + head + "\n" + "\n".join(lines)

    def str_value(self, ind: int) -> str:
        k = self.r.random()
        if k < 0.2:
            return self.plain(ind)
        if k < 0.35:
            return self.single(ind)
        if k < 0.5:
            return self.double(ind)
        if k < 0.72:
            return self.block(ind)
        if k < 0.82:
            self.f("tag")
            return " " + self.pick(TAGS_STR)
        if k < 0.92:
            al = self.alias_of("str")
            if al and self.chance(0.8):
                self.f("alias")
                return " *" + al + self.pick(["", " ", " # c"])
            self.f("anchor")
            return " &" + self.anchor("str") + self.pick([" v", " 'q'", " |\n" + self.sp(ind + 2) + "b", "", " !!str 7"])
        if k < 0.96:
            self.f("undefined-alias")
            return " *nope"
        self.f("container-as-str")
        return " " + self.pick(["[a]", "{a: b}", "[]", "{}"])

    def int_value(self, ind: int) -> str:
        if self.chance(0.5):
            self.f("tag")
            return " " + self.pick(TAGS_INT)
        return " " + self.pick(["3", "0x10", "010", "1:30", "-1", "'5'", "\"7\"", "1_000", "0b11", "+2", "2.0",
                                "|\n" + self.sp(ind + 2) + "3", ">-\n" + self.sp(ind + 2) + "4\n", "0o7"])

    def bool_value(self, ind: int) -> str:
        if self.chance(0.4):
            self.f("tag")
            return " " + self.pick(TAGS_BOOL)
        al = self.alias_of("bool")
        if al and self.chance(0.5):
            self.f("alias")
            return " *" + al
        return " " + self.pick(["true", "on", "Yes", "false", "NO", "'true'", "y", "|-\n" + self.sp(ind + 2) + "true"])

    # ---------------------------------------------------------------- keys

    def key(self, name: str) -> str:
        k = self.r.random()
        if k < 0.55:
            return name
        if k < 0.63:
            self.f("quoted-key")
            return self.pick([f"'{name}'", f'"{name}"', '"' + name.replace("_", "\\x5f") + '"',
                              '"' + name.replace("e", "\\u0065", 1) + '"'])
        if k < 0.7:
            self.f("tagged-key")
            return self.pick(["!!str ", "! ", "!!str\t"]) + name
        if k < 0.8:
            self.f("alias-key")
            al = self.alias_of("key:" + name)
            if al is None:
                al = self.anchor("key:" + name)
                self.pre.append(f"k{self.n}: &{al} {name}")
            return "*" + al + self.pick(["", " "])
        if k < 0.86:
            self.f("anchored-key")
            return "&" + self.anchor("str") + " " + name
        if k < 0.92:
            self.f("explicit-key")
            return "?" + self.pick([" ", "  ", "\t"]) + name + "\n"  # the `:` goes on the next line
        self.f("non-string-key")
        return self.pick(["1", "true", "~", "null", "1.5", "[a, b]", "{a: 1}", "? [x]\n", "2001-12-14", "0x1",
                          ".nan", "-0"])

    # ---------------------------------------------------------------- mappings

    def entries(self) -> List[Tuple[str, str, str]]:
        """(field, kind, key-name) of the block's entries, `enabled` mostly first."""
        out = []
        if self.chance(0.9):
            out.append(("enabled", "bool", "enabled"))
        for name in self.r.sample(STR_FIELDS, self.r.randint(1, 3)):
            out.append((name, "str", name))
        if self.chance(0.3):
            out.append(("export_rank", "int", "export_rank"))
        if self.chance(0.3):
            name = self.pick(BOOL_FIELDS)
            out.append((name, "bool", name))
        self.r.shuffle(out)
        return out

    def block_map(self, ind: int, step: int) -> List[str]:
        lines = []
        for name, kind, _ in self.entries():
            key = self.key(name)
            if kind == "bool":
                val = " true" if name == "enabled" and self.chance(0.7) else self.bool_value(ind)
            elif kind == "int":
                val = self.int_value(ind)
            else:
                val = self.str_value(ind)
            pad = self.sp(ind)
            if key.endswith("\n"):  # explicit key: `? key` then `: value` on the next line
                lines.append(pad + key.rstrip("\n"))
                lines.append(pad + ":" + val)
            else:
                sep = ":" if not key.startswith("*") or key.endswith(" ") else self.pick([":", " :"])
                lines.append(pad + key + sep + val)
            if self.chance(0.1):
                self.f("comment-line")
                lines.append(self.sp(self.pick([0, ind, ind + 5])) + "#" + self.pick(["", " c", "\tt", " 'x"]))
        return lines

    def flow_scalar(self, kind: str) -> str:
        if kind == "bool":
            return self.pick(["true", "on", "'true'", "!!bool yes", "TRUE"])
        if kind == "int":
            return self.pick(["3", "!!int '4'", "0x1", "'5'"])
        return self.pick(["svc", "a b", "'q, r'", '"d\\tq"', "x:y", "a#b", "'it''s'", "!!str 1", "-x", "?x",
                          "x : y", "'m\n  l'", "\"m\n  l\"", "p\n  q", "~", "", "[a]", "*nope", "a\u2028b",
                          "a\x85b"])

    def flow_map(self) -> str:
        self.f("flow")
        parts = []
        for name, kind, _ in self.entries():
            key = name if self.chance(0.8) else self.pick([f"'{name}'", f'"{name}"', f"? {name}"])
            if key.startswith("?"):
                self.f("explicit-key")
            colon = self.pick([": ", ": ", " : ", ":  ", ":\n  ", ": ", ":" if kind != "str" else ": "] + [": \t"] * self.chance(0.2))
            v = " true" if name == "enabled" and self.chance(0.7) else self.flow_scalar(kind)
            parts.append(key + colon + v.lstrip())
        sep = [", ", ",", " ,", ",\n  ", ", # c\n  ", ", ", " , "] + [",\t"] * self.chance(0.2)
        text = parts[0]
        for p in parts[1:]:
            text += self.pick(sep) + p
        opener = self.pick(["{", "{ ", "{\n  ", "{ # c\n  "])
        closer = self.pick(["}", " }", ",}", "\n}", ", }", "\n  }", ",,}"])
        return opener + text + closer

    # ---------------------------------------------------------------- the document

    def telemetry(self) -> List[str]:
        k = self.r.random()
        tele_key = "telemetry"
        if self.chance(0.08):
            tele_key = self.pick(["'telemetry'", '"telemetry"', "!!str telemetry", "? telemetry\n"])
            self.f("odd-telemetry-key")
        props = ""
        if self.chance(0.1):
            self.f("container-anchor")
            props = " &" + self.anchor("map")
        if self.chance(0.05):
            self.f("tag")
            props += self.pick([" !!map", " !!omap", " !foo", " !"])
        head = tele_key.rstrip("\n") + (":" if not tele_key.endswith("\n") else "\n:") + props
        step = self.pick([2, 2, 1, 3, 4])
        if k < 0.2:
            return [head + " " + self.flow_map()]
        if k < 0.38:
            return self.merged(head, step)
        return [head] + self.block_map(step, step)

    def merged(self, head: str, step: int) -> List[str]:
        self.f("merge")
        base = self.anchor("map")
        fields = [("enabled", "true"), ("service_name", self.pick(["base", "'b a'", "1"])),
                  ("exporter", self.pick(["console", "otlp", "none"]))]
        style = self.pick(["flow", "block"])
        if style == "flow":
            self.pre.append(f"base: &{base} {{" + ", ".join(f"{a}: {b}" for a, b in fields) + "}")
        else:
            self.pre.append(f"base: &{base}")
            self.pre += [f"  {a}: {b}" for a, b in fields]
        refs = [base]
        if self.chance(0.4):
            self.f("merge-nested")
            second = self.anchor("map")
            self.pre.append(f"second: &{second}")
            self.pre.append(f"  <<: *{base}")
            self.pre.append("  service_name: second")
            self.pre.append(f"  span_groups: {self.pick(['s2', '~', ''])}")
            refs.append(second)
        pad = self.sp(step)
        lines = [head]
        m = self.r.random()
        if m < 0.5:
            lines.append(pad + "<<: *" + self.pick(refs))
        elif m < 0.75:
            self.f("merge-list")
            lst = refs[:] if len(refs) > 1 else [base, base]
            self.r.shuffle(lst)
            lines.append(pad + "<<: [" + ", ".join("*" + x for x in lst) + "]")
        elif m < 0.85:
            self.f("merge-inline")
            lines.append(pad + "<<: {service_name: inline, logs_enabled: on}")
        else:
            self.f("merge-odd")
            lines.append(pad + self.pick(["<<: *" + base + "\n" + pad + "<<: {exporter: none}",
                                          "<<: [*" + base + ", x]", "<<: x", "'<<': *" + base, "<<: []",
                                          "<<: ~", "!!merge <<: *" + base, "<<: [[*" + base + "]]",
                                          "<<: !!map {service_name: t}", "? <<\n" + pad + ": *" + base]))
        if self.chance(0.7):
            self.f("merge-override")
            lines += self.block_map(step, step)
        return lines

    def other(self) -> List[str]:
        """A top-level block with non-string keys and odd values, referenced or not."""
        self.f("non-string-key")
        lines = ["other:"]
        for _ in range(self.r.randint(1, 3)):
            key = self.pick(["1", "true", "1.5", "-0", "0x1", "2001-12-14", "~", "? [x]\n", "? {a: 1}\n", "k",
                             "'1'", "*" + (self.alias_of("str") or "nope"), "1: 2"])
            val = self.pick([" a", " 1", " {2: b}", " [1, 2]", "", " *" + (self.alias_of("map") or "nope")])
            if key.endswith("\n"):
                lines.append("  " + key.rstrip("\n"))
                lines.append("  :" + val)
            else:
                lines.append("  " + key + ":" + val)
        return lines

    def document(self) -> str:
        head: List[str] = []
        if self.chance(0.1):
            self.f("bom")
            head.append("\ufeff" * self.pick([1, 1, 1, 2]))
        directives = []
        if self.chance(0.15):
            self.f("directive")
            directives = self.r.sample(["%YAML 1.1", "%YAML 1.2", "%YAML 2.0", "%TAG !e! tag:yaml.org,2002:",
                                        "%TAG !! tag:example.com,2000:", "%FOO bar baz", "%YAML 1.1 # c",
                                        "%TAG ! !x-", "%YAML 1.1", "%YAML  1.1"], self.r.randint(1, 2))
        marker = ""
        if directives or self.chance(0.2):
            self.f("doc-start")
            marker = self.pick(["---", "---", "--- # c", "--- &root", "--- !!map", "---\t", "----", "--- |\n x"])
        lines: List[str] = []
        lines += directives
        if marker:
            lines.append(marker)
        if self.chance(0.1):
            self.f("comment-line")
            lines.append(self.pick(["# top", "  # indented", "#", "#\t"]))
        tele = self.telemetry()
        if self.chance(0.25):
            if not self.anchors or self.chance(0.5):
                a = self.anchor(self.pick(["str", "bool"]))
                self.pre.append(f"defs: {{v: &{a} {'true' if self.anchors[a] == 'bool' else 'anch-v'}}}")
        body = self.pre + tele
        if self.chance(0.15):
            body += self.other()
        if self.chance(0.1):
            self.f("interpolation")
            body.append("ref: ${telemetry.service_name}")
        lines += body
        tail = ""
        if self.chance(0.15):
            self.f("doc-end")
            tail = self.pick(["...", "...\n", "... # c", "...\n# c", "---", "---\n", "...\n---\nb: 1", "...x",
                              "...\n...", "--- \n"])
        text = "\n".join(lines) + ("\n" + tail if tail else "")
        if self.chance(0.85) and not text.endswith("\n"):
            text += "\n"
        text = "".join(head) + text
        text = self.breaks(text)
        text = self.sprinkle(text)
        if self.chance(0.25):
            text = self.mutate(text)
        return text

    def breaks(self, text: str) -> str:
        k = self.r.random()
        if k < 0.5:
            return text
        if k < 0.9:
            br = self.pick(ODD_BREAKS)
            self.f("breaks-" + {"\r\n": "crlf", "\r": "cr", "\x85": "nel", "\u2028": "ls", "\u2029": "ps"}[br])
            return text.replace("\n", br)
        self.f("breaks-mixed")
        return "".join(self.pick(["\n", "\n"] + ODD_BREAKS) if c == "\n" else c for c in text)

    def sprinkle(self, text: str) -> str:
        """One odd line break or a tab at a random place, or at a place where a token ends."""
        if self.chance(0.7):
            return text
        what = self.pick(ODD_BREAKS + ["\t", "\t", " \t", "\t#c"])
        self.f("sprinkle-" + ("tab" if "\t" in what else "break"))
        spots = [m.end() for m in re.finditer(r"[:,\[\]{}'\"a-z0-9]", text)] or [len(text)]
        at = self.pick(spots)
        return text[:at] + what + text[at:]

    def mutate(self, text: str) -> str:
        self.f("mutated")
        k = self.r.random()
        at = self.r.randint(0, len(text))
        if k < 0.6:
            ins = self.pick(["\t", ":", "- ", "? ", "&a ", "*a", "!x ", '"', "'", "[", "]", "{", "}", ",", "#", "|",
                             ">", "%", "@", "`", "\ufeff", "\x85", "\u2028", "\r", "\\", " ", "  ", "\n", "---",
                             "...", "&", "*", "!", "\x00", "\x07", "\ue000", "é"])
            return text[:at] + ins + text[at:]
        if k < 0.8:
            return text[:at] + text[at + 1:]
        lines = text.split("\n")
        i = self.r.randrange(len(lines))
        lines[i] = self.pick([" ", "  ", "\t"]) + lines[i] if self.chance(0.6) else lines[i][1:]
        return "\n".join(lines)


def generate(seed: int, index: int) -> Tuple[str, List[str]]:
    g = Gen(seed, index)
    return g.document(), g.feat


# --------------------------------------------------------------------------- running


class Ref:
    """The reference in a forked child: OmegaConf and pydantic are imported once, each case gets a
    fresh copy of that process."""

    def __init__(self, subprocess_mode: bool) -> None:
        self.subprocess_mode = subprocess_mode
        if not subprocess_mode:
            sys.path.insert(0, OMEGACONF_PATH)
            sys.path.insert(0, str(REF_DIR))
            import gym_otel_ref  # noqa: F401  (imports omegaconf, pydantic)
            self.main = gym_otel_ref.main

    def run(self, cwd: Path, args: List[str]) -> Tuple[int, str, str]:
        if self.subprocess_mode:
            p = subprocess.run([sys.executable, str(REF_DIR / "gym_otel_ref.py")] + args, cwd=cwd,
                               env={"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": "C.UTF-8",
                                    "PYTHONPATH": OMEGACONF_PATH}, capture_output=True, timeout=60)
            return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")
        out, err = cwd / ".ref.out", cwd / ".ref.err"
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:  # the child: never returns
            try:
                signal.alarm(30)
                os.chdir(cwd)
                for k in [k for k in os.environ if k.startswith(("NEMO_GYM", "OTEL_", "SLURM", "GYM_"))]:
                    del os.environ[k]
                fd_in = os.open(os.devnull, os.O_RDONLY)
                fd_out = os.open(out, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
                fd_err = os.open(err, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
                os.dup2(fd_in, 0)
                os.dup2(fd_out, 1)
                os.dup2(fd_err, 2)
                sys.stdout = io.TextIOWrapper(io.FileIO(1, "w", closefd=False), encoding="utf-8")
                sys.stderr = io.TextIOWrapper(io.FileIO(2, "w", closefd=False), encoding="utf-8")
                rc = self.main(args)
                sys.stdout.flush()
                sys.stderr.flush()
                os._exit(rc)
            except BaseException:  # noqa: BLE001
                os._exit(99)
        _, status = os.waitpid(pid, 0)
        rc = os.waitstatus_to_exitcode(status)
        return rc, out.read_bytes().decode("utf-8", "replace"), err.read_bytes().decode("utf-8", "replace")


POS_REF = re.compile(r"line (\d+), column (\d+)")
POS_BIN = re.compile(r"^gym-otel-env: error: [^\n]*?odd\.yaml:(\d+):(\d+):", re.M)


def compare(b: Tuple[int, str, str], r: Tuple[int, str, str]) -> Optional[str]:
    """None when they agree, else the kind of disagreement."""
    (brc, bout, berr), (rrc, rout, rerr) = b, r
    if rrc not in (0, 1, 2) or "Traceback" in rerr:
        return f"reference died (rc={rrc})"
    if brc < 0 or brc > 2:
        return f"binary died (rc={brc})"
    if brc == 0 and rrc == 0:
        bj, rj = json.loads(bout), json.loads(rout)
        for d in (bj, rj):
            if isinstance(d.get("NEMO_GYM_OTEL_RUN_ID"), str) and HEX12.match(d["NEMO_GYM_OTEL_RUN_ID"]):
                d["NEMO_GYM_OTEL_RUN_ID"] = "*"
        if bj != rj:
            return "values: " + ",".join(sorted(k for k in set(bj) | set(rj) if bj.get(k) != rj.get(k)))
        return None
    if brc == 0:
        return "binary accepts, reference rejects: " + rerr.split(":")[1].strip()
    if rrc == 0:
        return "binary rejects, reference accepts"
    ref_pos = POS_REF.findall(rerr)
    if ref_pos and ("YAMLError" in rerr or "Error: " in rerr) and "Validation" not in rerr:
        m = POS_BIN.search(berr)
        if m is None:
            return "position: the binary gives none"
        if (m.group(1), m.group(2)) != ref_pos[-1]:
            return "position differs"
    return None


class Runner:
    def __init__(self, opts: argparse.Namespace) -> None:
        self.ref = Ref(opts.subprocess)
        self.dir = Path(tempfile.mkdtemp(prefix="odd-yaml-"))
        # a snapshot: a rebuild during the run must not mix versions
        self.bin = str(self.dir / "gym-otel-env")
        shutil.copy2(opts.bin, self.bin)

    def run(self, doc: str) -> Tuple[Optional[str], Tuple, Tuple]:
        (self.dir / "work").mkdir(exist_ok=True)
        (self.dir / "work" / "odd.yaml").write_bytes(doc.encode("utf-8", "surrogatepass"))
        args = ["--no-env-yaml", "--format", "json", "odd.yaml"]
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": "C.UTF-8"}
        try:
            p = subprocess.run([self.bin] + args, cwd=self.dir / "work", env=env, capture_output=True, timeout=30,
                               stdin=subprocess.DEVNULL)
            b = (p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace"))
        except subprocess.TimeoutExpired:
            b = (-999, "", "TIMEOUT")
        r = self.ref.run(self.dir / "work", args)
        return compare(b, r), b, r


def kind_of(reason: str) -> str:
    return reason.split(":")[0]


def shrink(run: Callable[[str], Optional[str]], doc: str, reason: str, budget: int = 400) -> str:
    """Drops lines, then single characters, while the same kind of disagreement remains."""
    kind = kind_of(reason)

    def still(d: str) -> bool:
        nonlocal budget
        if budget <= 0:
            return False
        budget -= 1
        got = run(d)
        return got is not None and kind_of(got) == kind

    for unit in ("line", "char"):
        pieces = re.split(r"(?<=\n)", doc) if unit == "line" else list(doc)
        size = max(1, len(pieces) // 2)
        while budget > 0:
            changed = False
            i = len(pieces) - size
            while i >= 0 and budget > 0:
                trial = pieces[:i] + pieces[i + size:]
                if trial and still("".join(trial)):
                    pieces, changed = trial, True
                i = min(i, len(pieces)) - size
            if not changed:
                if size == 1:
                    break
                size //= 2
        doc = "".join(pieces)
    return doc


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bin", default=str(REPO / "build" / "bin" / "gym-otel-env"))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=3000)
    ap.add_argument("--case", type=int, action="append")
    ap.add_argument("--out", default=str(REPO / "build" / "odd-yaml-out"))
    ap.add_argument("--no-shrink", action="store_true")
    ap.add_argument("--show", type=int, default=40, help="print this many minimal documents")
    ap.add_argument("--dump", action="store_true", help="print the generated documents, run nothing")
    ap.add_argument("--subprocess", action="store_true", help="run the reference as a command, not forked")
    opts = ap.parse_args()

    indices = opts.case or list(range(opts.count))
    if opts.dump:
        for i in indices:
            doc, feat = generate(opts.seed, i)
            print(f"### case {i} [{' '.join(feat)}]\n{doc!r}")
        return 0
    runner = Runner(opts)
    out = Path(opts.out)
    out.mkdir(parents=True, exist_ok=True)
    stats: Counter = Counter()
    fails = []
    feat_fail: Counter = Counter()
    for i in indices:
        doc, feat = generate(opts.seed, i)
        reason, b, r = runner.run(doc)
        if reason is None:
            stats["agree: both accept" if b[0] == 0 else "agree: both reject"] += 1
            continue
        stats["disagree"] += 1
        fails.append((i, doc, feat, reason))
        feat_fail.update(feat)
    groups: Dict[Tuple[str, str], List[int]] = defaultdict(list)
    by_kind: Counter = Counter()
    for i, doc, feat, reason in fails:
        small = doc if opts.no_shrink else shrink(lambda d: runner.run(d)[0], doc, reason)
        reason2, b, r = runner.run(small)
        reason2 = reason2 or reason
        by_kind[kind_of(reason2)] += 1
        groups[(kind_of(reason2), small)].append(i)
        d = out / f"odd-{opts.seed}-{i}"
        d.mkdir(exist_ok=True)
        (d / "original.yaml").write_bytes(doc.encode("utf-8", "surrogatepass"))
        (d / "minimal.yaml").write_bytes(small.encode("utf-8", "surrogatepass"))
        (d / "summary.txt").write_text(f"{reason2}\nfeatures: {' '.join(feat)}\nminimal: {small!r}\n"
                                       f"--- binary rc={b[0]}\n{b[1]}{b[2]}--- reference rc={r[0]}\n{r[1]}{r[2]}")
    shown = 0
    for (kind, small), cases in sorted(groups.items(), key=lambda kv: -len(kv[1])):
        if shown >= opts.show:
            break
        shown += 1
        reason, b, r = runner.run(small)
        print(f"--- {kind} x{len(cases)} (cases {' '.join(map(str, cases[:8]))}{' ...' if len(cases) > 8 else ''})")
        print(f"    minimal: {small!r}")
        print(f"    binary rc={b[0]}: {(b[2] or b[1]).strip()[:300]}")
        print(f"    reference rc={r[0]}: {(r[2] or r[1]).strip()[:300]}")
    shutil.rmtree(runner.dir, ignore_errors=True)
    total = len(indices)
    print(f"odd_yaml: seed {opts.seed}: {total} cases, {stats['agree: both accept']} both accept, "
          f"{stats['agree: both reject']} both reject, {stats['disagree']} disagree")
    for kind, n in by_kind.most_common():
        print(f"odd_yaml:   {n:5d}  {kind}")
    print(f"odd_yaml: {len(groups)} distinct minimal documents; failures in {out}")
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
