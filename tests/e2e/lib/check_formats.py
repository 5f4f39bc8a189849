"""Reads back what tests/e2e/lib.bash's render_all wrote, the way a
format's consumer reads it, and compares with the values.

    python3 check_formats.py READER DIR [REFUSED...]

READER: json (Python's json module, bytes back through surrogateescape as os.environ
does), python-dotenv (the real package), docker (docker --env-file, emulated after
docker/cli opts/file.go), github (the Actions runner reading $GITHUB_ENV, emulated after
actions/runner src/Runner.Worker/FileCommandManager.cs). REFUSED: the values the format
is expected to refuse (exit 1, nothing on stdout, one error line), each as hex, or
`invalid-utf8` for every value that is not UTF-8.
Prints one line per mismatch, then a summary; exits 1 on any mismatch.
"""

import json
import os
import sys
import unicodedata

NAMES = ("NEMO_GYM_OTEL_EXPORTER", "OTEL_SERVICE_NAME")
REFUSAL = "cannot be written"


def read_json(text: bytes):
    obj = json.loads(text.decode("utf-8"))
    return {k: v.encode("utf-8", "surrogateescape") for k, v in obj.items()}


def read_python_dotenv(text: bytes):
    import io

    from dotenv import dotenv_values

    # What load_dotenv(path) reads: the file opened as UTF-8 text (universal newlines),
    # with its defaults, interpolation on.
    stream = io.TextIOWrapper(io.BytesIO(text), encoding="utf-8")
    values = dotenv_values(stream=stream)
    return {k: v.encode("utf-8") for k, v in values.items() if v is not None}


def python_dotenv_interpolates(value: bytes) -> bool:
    # python-dotenv's own reading of ${...} (dotenv.variables), which nothing escapes.
    from dotenv.variables import Variable, parse_variables

    return any(isinstance(atom, Variable) for atom in parse_variables(value.decode("utf-8", "replace")))


def go_is_space(c: str) -> bool:
    # Go's unicode.IsSpace.
    return c in "\t\n\v\f\r \x85\xa0" or unicodedata.category(c) == "Zs" or c in "\u2028\u2029"


def read_docker_env_file(text: bytes):
    out = {}
    lines = text.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()  # bufio.ScanLines: no empty token after the final newline
    for n, raw in enumerate(lines):
        if raw.endswith(b"\r"):
            raw = raw[:-1]  # ScanLines drops one CR before the LF
        line = raw.decode("utf-8")  # docker: "contains invalid utf8 bytes" error
        if n == 0 and line.startswith("\ufeff"):
            line = line[1:]
        while line and go_is_space(line[0]):
            line = line[1:]
        if not line or line.startswith("#"):
            continue
        variable, sep, value = line.partition("=")
        variable = variable.lstrip(" \t")
        if not variable or " " in variable or "\t" in variable:
            raise ValueError(f"poorly formatted environment: {line!r}")
        if sep:
            out[variable] = value.encode("utf-8")
    return out


def read_github_env(text: bytes):
    # File.ReadAllText: UTF-8, a BOM dropped, a bad byte becomes U+FFFD.
    s = text.decode("utf-8", "replace")
    if s.startswith("\ufeff"):
        s = s[1:]
    index = 0

    def read_line():
        nonlocal index
        if index >= len(s):
            return None, None
        start = index
        lf = s.find("\n", index)
        if lf < 0:
            index = len(s)
            return s[start:], None
        index = lf + 1  # Linux runner: LF only, a CR stays in the line
        return s[start:lf], "\n"

    out = {}
    line, _ = read_line()
    while line is not None:
        if line:
            eq, heredoc = line.find("="), line.find("<<")
            if eq >= 0 and (heredoc < 0 or eq < heredoc):
                key, value = line.split("=", 1)
            elif heredoc >= 0 and (eq < 0 or heredoc < eq):
                key, delimiter = line.split("<<", 1)
                if not key or not delimiter:
                    raise ValueError(f"Invalid format '{line}'")
                start = end = index
                temp, newline = read_line()
                while temp != delimiter:
                    if temp is None:
                        raise ValueError(f"Matching delimiter not found '{delimiter}'")
                    if newline is None:
                        raise ValueError("EOF marker missing new line.")
                    end = index - len(newline)
                    temp, newline = read_line()
                value = s[start:end] if end > start else ""
            else:
                raise ValueError(f"Invalid format '{line}'")
            if key.upper() != "NODE_OPTIONS":
                out[key] = value.encode("utf-8")
        line, _ = read_line()
    return out


def main():
    reader, directory, *refused = sys.argv[1:]
    refuse_invalid_utf8 = "invalid-utf8" in refused
    refused = {bytes.fromhex(r) for r in refused if r != "invalid-utf8"}
    n_refused = 0
    n, bad, docker_quoted = 0, 0, 0

    def fail(i, what):
        nonlocal bad
        bad += 1
        print(f"FAIL [{reader}] value #{i}: {what}")

    while os.path.exists(os.path.join(directory, f"{n}.want")):
        i, n = n, n + 1
        path = lambda ext: os.path.join(directory, f"{i}.{ext}")  # noqa: E731
        want = open(path("want"), "rb").read()
        out = open(path("out"), "rb").read()
        err = open(path("err"), "rb").read().decode("utf-8", "replace")
        rc = int(open(path("rc")).read())
        try:
            want.decode("utf-8")
            invalid_utf8 = False
        except UnicodeDecodeError:
            invalid_utf8 = True
        if want in refused or (refuse_invalid_utf8 and invalid_utf8):
            n_refused += 1
            if reader == "python-dotenv" and b"${" in want and not python_dotenv_interpolates(want):
                fail(i, f"refused although python-dotenv would not interpolate it: {want!r}")
            lines = err.splitlines()
            if rc != 1 or out or len(lines) != 1 or REFUSAL not in err or not err.startswith("gym-otel-env: error: "):
                fail(i, f"expected a refusal, got rc={rc} stdout={out!r} stderr={err!r}")
            continue
        if rc != 0:
            fail(i, f"rc={rc} stderr={err!r}")
            continue
        try:
            if reader == "json":
                got = read_json(out)
            elif reader == "python-dotenv":
                got = read_python_dotenv(out)
            elif reader == "docker":
                got = read_docker_env_file(out)
            elif reader == "github":
                got = read_github_env(out)
            else:
                sys.exit(f"unknown reader {reader}")
        except Exception as e:  # noqa: BLE001 - any reader failure is a test failure
            fail(i, f"{type(e).__name__}: {e} in {out!r}")
            continue
        if reader == "docker":
            # docker --env-file takes quotes as part of the value: it can read the lines
            # written without quotes, and those must be every simple value.
            line = [ln for ln in out.split(b"\n") if ln.startswith(b"NEMO_GYM_OTEL_EXPORTER=")][0]
            quoted = line[len(b"NEMO_GYM_OTEL_EXPORTER=") :][:1] in (b"'", b'"')
            text = want.decode("utf-8")
            simple = (
                text == text.strip()
                and "#" not in text
                and text[:1] not in ("'", '"', "`")
                and all(c >= " " and c != "\x7f" for c in text)
            )
            if quoted:
                docker_quoted += 1
                if simple:
                    fail(i, f"a simple value was quoted: {line!r}")
                continue
        for name in NAMES:
            if name == "OTEL_SERVICE_NAME" and not want:
                continue  # an empty service_name is not exported
            if got.get(name) != want:
                fail(i, f"{name}: want {want!r}, got {got.get(name)!r} from {out!r}")
    if n == 0:
        sys.exit("no values rendered")
    extra = f", {docker_quoted} quoted (docker keeps quotes)" if reader == "docker" else ""
    print(f"[{reader}] {n} values, {n_refused} refused as expected{extra}, {bad} failures")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
