#!/usr/bin/env python3
"""The options --help lists, held to their copies in the docs, both ways.

    check_options_docs.py SOURCE_DIR < help.txt

--help is built from the parser's own options (apps/gym-otel-env/cli.cpp), so it is the
list. Each of its options, as it shows it ("--set KEY=VALUE", "-q, --quiet",
"--explain[=full|short]"), must appear, in the same group, as an entry of the man page's
OPTIONS (docs/gym-otel-env.1, under `.SS GROUP`) and as a row of docs/manual.md's
Options table (under its **GROUP** row); its name, with its argument, in the man page's
SYNOPSIS and the manual's Synopsis. And nothing else: an option those list that --help
does not is a finding too. Prints one line per finding; exits 1 on any.
"""

import re
import sys
from pathlib import Path

OPTION = re.compile(r"(?<![\w-])(--?[a-z][a-z-]*)")


def help_options(text):
    """{label: group} from --help: "Group:" headers, then "  -q, --quiet  ..." lines."""
    out, group = {}, None
    for line in text.splitlines():
        header = re.fullmatch(r"([A-Z][A-Za-z ]*):", line)
        if header:
            group = header.group(1)
            continue
        m = re.match(r"^  (-[a-z], |    )(--[a-z][a-z-]*)(\[=[a-z|]+\]| [A-Z][A-Z=]*)?(  |$)", line)
        if m and group:
            out[m.group(1).strip() + (" " if m.group(1).strip() else "") + m.group(2) + (m.group(3) or "")] = group
    return out


def roff_text(line):
    """What a roff line shows: the arguments of .B/.I joined by spaces, of the
    alternating macros (.BR, .IR, ...) joined as they are; escapes undone."""
    m = re.match(r"^\.([A-Z]{1,2})(?: (.*))?$", line)
    if m and m.group(1) in ("B", "I", "BI", "BR", "IB", "IR", "RB", "RI", "SY"):
        args = re.findall(r'"([^"]*)"|(\S+)', m.group(2) or "")
        words = [a or b for a, b in args]
        line = (" " if m.group(1) in ("B", "I", "SY") else "").join(words)
    elif line.startswith("."):
        return ""
    for escape, text in (("\\-", "-"), ("\\ ", " "), ("\\|", ""), ("\\&", ""), ("\\c", ""), ("\\(dq", '"'),
                         ("\\(aq", "'"), ("\\e", "\\")):
        line = line.replace(escape, text)
    return re.sub(r"\\f[BIRP]", "", line)


def man_sections(source):
    sections, name = {}, None
    for line in source.splitlines():
        if line.startswith(".SH "):
            name = line[4:].strip('"')
            sections[name] = []
        elif name:
            sections[name].append(line)
    return sections


def man_options(lines):
    """{label: group} of the man page's OPTIONS: the line after each .TP, under .SS GROUP."""
    out, group = {}, None
    for i, line in enumerate(lines):
        if line.startswith(".SS "):
            group = line[4:].strip('"')
        elif line == ".TP" and i + 1 < len(lines):
            label = roff_text(lines[i + 1]).strip()
            if label.startswith("-"):
                out[label] = group
    return out


def manual_section(text, title):
    m = re.search(r"^## " + re.escape(title) + r"\n(.*?)(?=^## )", text, re.M | re.S)
    return m.group(1) if m else ""


def manual_options(section):
    """{label: group} of the manual's Options table, **GROUP** rows opening each group."""
    out, group = {}, None
    for row in re.findall(r"^\| (.*?[^\\]) \|", section, re.M):
        bold = re.fullmatch(r"\*\*(.+)\*\*", row)
        if bold:
            group = bold.group(1)
            continue
        label = ", ".join(re.findall(r"`([^`]*)`", row)).replace("\\|", "|")  # a | escaped in a table
        if label.startswith("-"):
            out[label] = group
    return out


def names(label):
    return set(OPTION.findall(label))


def main():
    source = Path(sys.argv[1])
    helped = help_options(sys.stdin.read())
    if len(helped) < 10:
        print(f"--help: found only {len(helped)} options: {sorted(helped)}")
        return 1
    problems = []
    man = man_sections((source / "docs/gym-otel-env.1").read_text(encoding="utf-8"))
    manual = (source / "docs/manual.md").read_text(encoding="utf-8")

    for where, listed in (("the man page's OPTIONS", man_options(man.get("OPTIONS", []))),
                          ("docs/manual.md's Options table", manual_options(manual_section(manual, "Options")))):
        for label, group in helped.items():
            if label not in listed:
                problems.append(f"{where} has no entry '{label}' (as --help shows it)")
            elif listed[label] != group:
                problems.append(f"{where}: '{label}' is under {listed[label]}, --help has it under {group}")
        for label in listed:
            if label not in helped:
                problems.append(f"{where} has '{label}', which --help does not list")

    all_names = set().union(*(names(label) for label in helped))
    synopses = (("the man page's SYNOPSIS", " ".join(roff_text(l) for l in man.get("SYNOPSIS", []))),
                ("docs/manual.md's Synopsis", "\n".join(re.findall(r"^    (.*)", manual_section(manual, "Synopsis"), re.M))))
    for where, text in synopses:
        shown = set(OPTION.findall(text)) - {"--"}
        for label in helped:  # by one of its names; with its argument as --help shows it
            if not names(label) & shown:
                problems.append(f"{where} lacks {label}")
                continue
            for part in label.split(", "):
                if (" " in part or "[" in part) and part not in text:
                    problems.append(f"{where} shows {sorted(names(part))[0]}, but not as '{part}'")
        for name in sorted(shown - all_names):
            problems.append(f"{where} has {name}, which --help does not list")

    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
