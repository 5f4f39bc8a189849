"""Parser for one Hydra 1.3 override token (hydra/grammar/OverrideParser.g4, v1.3.2) and the
value it gives (hydra/core/override_parser/overrides_visitor.py, types.py, and the cast
functions of hydra/_internal/grammar/grammar_functions.py), in run mode: a sweep is an error.

    parse_override("++telemetry.enabled=true") -> Override("FORCE_ADD", "telemetry.enabled", True)

Values: int, float, bool, None, str, list, dict; an interpolation stays a `${...}` string that
OmegaConf resolves later. `str(Override)` prints the parse, for tests and --explain-like output.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, List, Optional

from hydra_lexer import OverrideSyntaxError, Token, tokenize

PRIMITIVE_KINDS = {"ID", "NULL", "INT", "FLOAT", "BOOL", "INTERPOLATION", "UNQUOTED_CHAR", "COLON", "ESC", "WS"}
DICT_KEY_KINDS = {"ID", "NULL", "INT", "FLOAT", "BOOL", "UNQUOTED_CHAR", "ESC", "WS"}


@dataclass(frozen=True)
class Quoted:
    """A quoted string before conversion (casts see it as a string, the key typing does not)."""

    text: str


class Sweep:
    """A value only legal in multirun (a,b / choice() / range() / interval() / glob() / tag())."""

    def __init__(self, what: str) -> None:
        self.what = what


@dataclass
class Override:
    type: str  # CHANGE | ADD | FORCE_ADD | DEL
    key: str
    value: Any  # converted value; for DEL without '=' it is None and has_value is False
    has_value: bool
    package: Optional[str]
    input_line: str

    def __str__(self) -> str:
        return f"{self.type} {self.key!r}" + (f" = {self.value!r}" if self.has_value else "")


def _unescape_quoted(text: str) -> str:
    """overrides_visitor._unescape_quoted_string: only a run of backslashes right before the quote
    character is an escape; the run and that quote give every other character of the run plus the
    quote (so a run before the closing quote, always even, swallows the closing quote)."""
    q = text[0]
    body = text[1:]  # keeps the closing quote
    pattern = re.compile(r"(\\)+" + re.escape(q))
    m = pattern.search(body)
    if m is None:
        return body[:-1]
    out: List[str] = []
    while m is not None:
        start, stop = m.span()
        out.append(body[:start])
        out.append(body[start + 1:stop:2])
        body = body[stop:]
        m = pattern.search(body)
    if len(body) > 1:
        out.append(body[:-1])
    return "".join(out)


class _Parser:
    def __init__(self, line: str) -> None:
        self.line = line
        self.toks = tokenize(line)
        self.i = 0

    def peek(self, k: int = 0) -> Token:
        return self.toks[min(self.i + k, len(self.toks) - 1)]

    def take(self, kind: str) -> Token:
        t = self.peek()
        if t.kind != kind:
            self.fail(t, f"expecting {kind}")
        self.i += 1
        return t

    def fail(self, t: Token, what: str = "") -> None:
        shown = "<EOF>" if t.kind == "EOF" else repr(t.text)
        raise OverrideSyntaxError(f"mismatched input {shown} {what}".rstrip() + f" (in '{self.line}')")

    # override: key EQUAL value? | TILDE key (EQUAL value?)? | PLUS PLUS? key EQUAL value?
    def override(self) -> Override:
        kind = "CHANGE"
        t = self.peek()
        if t.kind == "PLUS":
            self.i += 1
            kind = "ADD"
            if self.peek().kind == "PLUS":
                self.i += 1
                kind = "FORCE_ADD"
        elif t.kind == "TILDE":
            self.i += 1
            kind = "DEL"
        key, package = self.key()
        has_value = True
        value: Any = None
        if kind == "DEL" and self.peek().kind == "EOF":
            has_value = False
        else:
            self.take("EQUAL")
            if self.peek().kind == "EOF":
                value = ""
            else:
                value = self.value()
        self.take("EOF")
        if isinstance(value, Sweep):
            raise OverrideSyntaxError(
                f"Ambiguous value for argument '{self.line}'\n"
                "1. To use it as a list, use key=[value1,value2]\n"
                "2. To use it as string, quote the value: key=\\'value1,value2\\'\n"
                "3. To sweep over it, add --multirun to your command line"
            )
        return Override(kind, key, _convert(value), has_value, package, self.line)

    # key: packageOrGroup (AT package)?;  packageOrGroup: package | ID (SLASH ID)+
    def key(self) -> "tuple[str, Optional[str]]":
        parts: List[str] = []
        t = self.peek()
        if t.kind == "ID" and self.peek(1).kind == "SLASH":
            parts.append(self.take("ID").text)
            while self.peek().kind == "SLASH":
                self.i += 1
                parts.append("/")
                parts.append(self.take("ID").text)
        elif t.kind in ("ID", "KEY_SPECIAL", "DOT_PATH"):
            self.i += 1
            parts.append(t.text)
        package = None
        if self.peek().kind == "AT":
            self.i += 1
            t = self.peek()
            package = ""
            if t.kind in ("ID", "KEY_SPECIAL", "DOT_PATH"):
                self.i += 1
                package = t.text
        return "".join(parts), package

    # value: element | simpleChoiceSweep
    def value(self) -> Any:
        first = self.element()
        if self.peek().kind != "COMMA":
            return first
        while self.peek().kind == "COMMA":
            self.i += 1
            self.element()
        return Sweep("simple choice sweep")

    # element: primitive | listContainer | dictContainer | function
    def element(self) -> Any:
        t = self.peek()
        if t.kind == "BRACKET_OPEN":
            return self.list_container()
        if t.kind == "BRACE_OPEN":
            return self.dict_container()
        if t.kind == "ID" and self.peek(1).kind == "POPEN":
            return self.function()
        if t.kind == "QUOTED_VALUE":
            self.i += 1
            return Quoted(_unescape_quoted(t.text))
        if t.kind in PRIMITIVE_KINDS:
            return self.primitive(PRIMITIVE_KINDS)
        self.fail(t)

    def primitive(self, kinds: "set[str]") -> Any:
        toks: List[Token] = []
        while self.peek().kind in kinds:
            toks.append(self.peek())
            self.i += 1
        if not toks:
            self.fail(self.peek())
        return _create_primitive(toks)

    def list_container(self) -> List[Any]:
        self.take("BRACKET_OPEN")
        out: List[Any] = []
        if self.peek().kind != "BRACKET_CLOSE":
            out.append(self.element())
            while self.peek().kind == "COMMA":
                self.i += 1
                out.append(self.element())
        self.take("BRACKET_CLOSE")
        return out

    def dict_container(self) -> dict:
        self.take("BRACE_OPEN")
        out: dict = {}
        if self.peek().kind != "BRACE_CLOSE":
            while True:
                k = self.primitive(DICT_KEY_KINDS)
                self.take("COLON")
                out[k] = self.element()
                if self.peek().kind != "COMMA":
                    break
                self.i += 1
        self.take("BRACE_CLOSE")
        return out

    # function: ID POPEN (argName? element (COMMA argName? element)*)? PCLOSE;  argName: ID EQUAL
    def function(self) -> Any:
        name = self.take("ID").text
        self.take("POPEN")
        args: List[Any] = []
        kwargs: dict = {}
        if self.peek().kind != "PCLOSE":
            while True:
                if self.peek().kind == "ID" and self.peek(1).kind == "EQUAL":
                    arg = self.take("ID").text
                    self.i += 1
                    kwargs[arg] = self.element()
                else:
                    if kwargs:
                        raise OverrideSyntaxError("positional argument follows keyword argument")
                    args.append(self.element())
                if self.peek().kind != "COMMA":
                    break
                self.i += 1
        self.take("PCLOSE")
        return _call(name, args, kwargs)


def _create_primitive(toks: List[Token]) -> Any:
    """overrides_visitor._createPrimitive: outer whitespace dropped; one token is typed; several
    tokens are joined as text (ESC tokens un-escaped)."""
    first, last = 0, len(toks)
    if toks[0].kind == "WS":
        if len(toks) == 1:
            raise OverrideSyntaxError("Trying to parse a primitive that is all whitespaces")
        first = 1
    if toks[-1].kind == "WS":
        last -= 1
    inner = toks[first:last]
    if len(inner) > 1:
        return "".join(t.text[1::2] if t.kind == "ESC" else t.text for t in inner)
    t = inner[0]
    if t.kind == "INT":
        return int(t.text)
    if t.kind == "FLOAT":
        return float(t.text)
    if t.kind == "NULL":
        return None
    if t.kind == "BOOL":
        return t.text.lower() == "true"
    if t.kind == "ESC":
        return t.text[1::2]
    return t.text  # ID, INTERPOLATION, UNQUOTED_CHAR, COLON


def _convert(v: Any) -> Any:
    if isinstance(v, list):
        return [_convert(x) for x in v]
    if isinstance(v, dict):
        return {_convert(k): _convert(x) for k, x in v.items()}
    if isinstance(v, Quoted):
        return v.text
    return v


SWEEP_FUNCTIONS = {"choice", "range", "interval", "glob", "tag", "shuffle"}


def _call(name: str, args: List[Any], kwargs: dict) -> Any:
    """The functions Hydra registers. The casts give values; the rest give sweeps (multirun only)."""
    casts = {"int": _cast_int, "float": _cast_float, "str": _cast_str, "bool": _cast_bool}
    try:
        if name in casts:
            if args and "value" in kwargs:
                raise TypeError("cannot use both position and named arguments")
            if set(kwargs) - {"value"}:
                raise TypeError(f"unexpected keyword argument(s) {sorted(set(kwargs) - {'value'})}")
            if "value" in kwargs:
                return _cast(casts[name], kwargs["value"])
            if not args:
                raise TypeError("No positional args or value specified")
            if len(args) > 1:
                return Sweep(f"{name}() of several values")
            return _cast(casts[name], args[0])
        if name == "sort":
            reverse = bool(kwargs.pop("reverse", False))
            target = kwargs.pop("list", None)
            if kwargs:
                raise TypeError(f"unexpected keyword argument(s) {sorted(kwargs)}")
            if target is None and len(args) == 1 and isinstance(args[0], list):
                target = args[0]
            if target is None or not isinstance(target, list):
                return Sweep("sort() of a sweep")
            return sorted(target, key=lambda x: _convert(x), reverse=reverse)
        if name in SWEEP_FUNCTIONS:
            return Sweep(f"{name}()")
    except OverrideSyntaxError:
        raise
    except Exception as e:  # Hydra wraps every evaluation error
        raise OverrideSyntaxError(f"{type(e).__name__} while evaluating '{name}(...)': {e}") from e
    raise OverrideSyntaxError(f"Unknown function '{name}'")


def _cast(fn: Any, v: Any) -> Any:
    if isinstance(v, Sweep):
        return v
    if isinstance(v, Quoted):
        return fn(v.text)
    if isinstance(v, dict):
        return {k: _cast(fn, x) for k, x in v.items()}
    if isinstance(v, list):
        return [_cast(fn, x) for x in v]
    return fn(v)


def _cast_int(v: Any) -> int:
    return int(v)


def _cast_float(v: Any) -> float:
    return float(v)


def _cast_str(v: Any) -> str:
    if isinstance(v, bool):
        return str(v).lower()
    return str(v)


def _cast_bool(v: Any) -> bool:
    if isinstance(v, str):
        if v.lower() == "false":
            return False
        if v.lower() == "true":
            return True
        raise ValueError(f"Cannot cast '{v}' to bool")
    return bool(v)


def parse_override(line: str) -> Override:
    return _Parser(line).override()
