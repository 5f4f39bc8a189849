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
from enum import Enum
from typing import Any, List, Optional

from hydra_lexer import OverrideSyntaxError, Token, tokenize

PRIMITIVE_KINDS = {"ID", "NULL", "INT", "FLOAT", "BOOL", "INTERPOLATION", "UNQUOTED_CHAR", "COLON", "ESC", "WS"}
DICT_KEY_KINDS = {"ID", "NULL", "INT", "FLOAT", "BOOL", "UNQUOTED_CHAR", "ESC", "WS"}


class Quote(Enum):
    single = 0
    double = 1


@dataclass(frozen=True)
class QuotedString:
    """A quoted string before conversion (casts see it as a string, the key typing does not).
    Named as Hydra names it: sorted() on two of them says so, since they have no order. As
    Hydra's (core/override_parser/types.py), it keeps the quote it was written with, so 'a'
    and "a" are not equal."""

    text: str
    quote: Quote = Quote.single


Quoted = QuotedString


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
        # ConfigLoaderImpl.validate_sweep_overrides_legal, in run mode.
        if isinstance(value, ChoiceSweep) and value.simple_form:
            raise OverrideSyntaxError(
                f"Ambiguous value for argument '{self.line}'\n"
                "1. To use it as a list, use key=[value1,value2]\n"
                "2. To use it as string, quote the value: key=\\'value1,value2\\'\n"
                "3. To sweep over it, add --multirun to your command line"
            )
        if isinstance(value, (Sweep, Glob)):
            raise OverrideSyntaxError(f"Sweep parameters '{self.line}' requires --multirun")
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
        items = [first]
        while self.peek().kind == "COMMA":
            self.i += 1
            items.append(self.element())
        return ChoiceSweep(items, simple_form=True)

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
            return Quoted(_unescape_quoted(t.text), Quote.single if t.text[0] == "'" else Quote.double)
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
        start = self.i
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
        return _call(name, args, kwargs, "".join(t.text for t in self.toks[start:self.i]))


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


# --------------------------------------------------------------------------- functions
# Hydra registers these (overrides_parser.create_functions) and evaluates them while it visits
# the tree (overrides_visitor.visitFunction -> functions.Functions.eval). Written from
# hydra/_internal/grammar/{functions,grammar_functions,utils}.py of v1.3.2.


class ChoiceSweep(Sweep):
    def __init__(self, items: List[Any], simple_form: bool = False) -> None:
        super().__init__("choice sweep")
        self.list = items
        self.simple_form = simple_form

    def __repr__(self) -> str:
        return f"ChoiceSweep(tags=set(), list={self.list!r}, simple_form={self.simple_form}, shuffle=False)"


class RangeSweep(Sweep):
    def __init__(self) -> None:
        super().__init__("range sweep")


class IntervalSweep(Sweep):
    def __init__(self) -> None:
        super().__init__("interval sweep")


class Glob:
    """Not a Sweep in Hydra either (tag() and the casts refuse it), but a sweep override."""


_ELEMENT = (str, int, float, bool, list, dict)
_SWEEPS = (ChoiceSweep, RangeSweep, IntervalSweep)
_CAST_TYPE = "Optional[Union[str, int, float, bool, List[Any], Dict[str, Any], QuotedString, Sweep]]"
_ORDER_TYPE = "Union[str, int, bool, float, list, dict, ChoiceSweep, RangeSweep]"
_ORDER_SWEEP = "Optional[Union[ChoiceSweep, RangeSweep]]"


def _typename(v: Any) -> str:
    return type(v).__name__


# Parameters: (name, type as omegaconf's type_str prints it, classes accepted, kind, default).
# A Union accepts by isinstance (so bool passes for int); a lone `bool` wants exactly bool.
_VAR, _REQ, _OPT = "var", "req", "opt"
_CAST_PARAMS = [("args", _CAST_TYPE, _ELEMENT + (QuotedString, type(None), Sweep), _VAR, None),
                ("value", _CAST_TYPE, _ELEMENT + (QuotedString, type(None), Sweep), _OPT, None)]
_SIGNATURES = {
    "sort": [("args", _ORDER_TYPE, _ELEMENT + (ChoiceSweep, RangeSweep), _VAR, None),
             ("sweep", _ORDER_SWEEP, (ChoiceSweep, RangeSweep, type(None)), _OPT, None),
             ("list", "Optional[List[Any]]", (list, type(None)), _OPT, None),
             ("reverse", "bool", bool, _OPT, False)],
    "shuffle": [("args", _ORDER_TYPE, _ELEMENT + (ChoiceSweep, RangeSweep), _VAR, None),
                ("sweep", _ORDER_SWEEP, (ChoiceSweep, RangeSweep, type(None)), _OPT, None),
                ("list", "Optional[List[Any]]", (list, type(None)), _OPT, None)],
    "choice": [("args", "Union[str, int, float, bool, Dict[Any, Any], List[Any], ChoiceSweep]",
                (str, int, float, bool, dict, list, ChoiceSweep), _VAR, None)],
    "range": [("start", "Union[int, float]", (int, float), _REQ, None),
              ("stop", "Optional[Union[int, float]]", (int, float, type(None)), _OPT, None),
              ("step", "Union[int, float]", (int, float), _OPT, 1)],
    "interval": [("start", "Union[int, float]", (int, float), _REQ, None),
                 ("end", "Union[int, float]", (int, float), _REQ, None)],
    "tag": [("args", "Union[str, Sweep]", (str, Sweep), _VAR, None),
            ("sweep", "Optional[Sweep]", (Sweep, type(None)), _OPT, None)],
    "glob": [("include", "Union[List[str], str]", (list, str), _REQ, None),
             ("exclude", "Optional[Union[List[str], str]]", (list, str, type(None)), _OPT, None)],
    "int": _CAST_PARAMS, "float": _CAST_PARAMS, "str": _CAST_PARAMS, "bool": _CAST_PARAMS,
}


def _matches(v: Any, accepted: Any) -> bool:
    if accepted is bool:
        return type(v) is bool
    return isinstance(v, accepted)


def _bind(params: List[Any], args: List[Any], kwargs: dict) -> "tuple[list, dict]":
    """inspect.Signature.bind followed by Functions.eval's type check."""
    var: List[Any] = []
    named: dict = {}
    rest = list(args)
    for name, _, _, kind, _ in params:
        if kind == _VAR:
            var, rest = rest, []
        elif rest:
            named[name] = rest.pop(0)
    if rest:
        raise TypeError("too many positional arguments")
    kw = dict(kwargs)
    for name, _, _, kind, _ in params:
        if kind == _VAR:
            continue
        if name not in kw:
            if name not in named and kind == _REQ:
                raise TypeError(f"missing a required argument: '{name}'")
            continue
        if name in named:
            raise TypeError(f"multiple values for argument '{name}'")
        named[name] = kw.pop(name)
    if kw:
        raise TypeError(f"got an unexpected keyword argument '{next(iter(kw))}'")
    for name, shown, accepted, kind, _ in params:
        if kind == _VAR:
            for i, v in enumerate(var):
                if not _matches(v, accepted):
                    raise TypeError(f"mismatch type argument {name}[{i}]: {_typename(v)} is incompatible with {shown}")
        elif name in named and not _matches(named[name], accepted):
            raise TypeError(f"mismatch type argument {name}: {_typename(named[name])} is incompatible with {shown}")
    for name, _, _, kind, default in params:
        if kind != _VAR and name not in named:
            named[name] = default
    return var, named


def _simple_choice(args: List[Any]) -> ChoiceSweep:
    for a in args:
        assert not isinstance(a, (Sweep, Glob))
    return ChoiceSweep(list(args), simple_form=True)


def _cast(fn: Any, args: List[Any], value: Any) -> Any:
    if args and value is not None:
        raise TypeError("cannot use both position and named arguments")
    if value is None:
        if not args:
            raise TypeError("No positional args or value specified")
        value = args[0] if len(args) == 1 else _simple_choice(args)
    return fn(value)


def _cast_each(fn: Any, name: str, v: Any) -> Any:
    if isinstance(v, QuotedString):
        return fn(v.text)
    if isinstance(v, dict):
        return {k: _cast_each(fn, name, x) for k, x in v.items()}
    if isinstance(v, list):
        return [_cast_each(fn, name, x) for x in v]
    if isinstance(v, ChoiceSweep):
        return ChoiceSweep([_cast_each(fn, name, x) for x in v.list], v.simple_form)
    if isinstance(v, RangeSweep):
        if name not in ("int", "float"):
            raise ValueError("Range can only be cast to int or float")
        return v
    if isinstance(v, IntervalSweep):
        if name in ("str", "bool"):
            raise ValueError(f"Intervals cannot be cast to {name}")
        return v
    return fn(v)


def _sort_sweep(sweep: Any, reverse: bool) -> Any:
    if isinstance(sweep, ChoiceSweep):
        return ChoiceSweep(sorted(sweep.list, reverse=reverse), sweep.simple_form)  # may raise TypeError
    return sweep  # a range only turns around


def _sort(args: List[Any], sweep: Any, lst: Any, reverse: bool) -> Any:
    # Hydra's sort() is the interpreter's sorted(): Gym runs CPython 3.13, whose count_run
    # differs from 3.11's (descending runs take equal items), so where the comparisons are
    # inconsistent (NaN) or raise, this reference is exact only when run on 3.13.
    if lst is not None:
        return sorted(lst, reverse=reverse)
    if sweep is not None:
        return _sort_sweep(sweep, reverse)
    if len(args) == 1:
        if isinstance(args[0], (ChoiceSweep, RangeSweep)):
            return _sort_sweep(args[0], reverse)
        if isinstance(args[0], list):
            return sorted(args[0], reverse=reverse)
        return args[0]
    for a in args:
        if not isinstance(a, (int, float, bool, str)):
            raise TypeError(f"Invalid arguments: {tuple(args)}")
    if not args:
        raise ValueError("empty sort input")
    return _sort_sweep(_simple_choice(args), reverse)


def _keep_order(items: List[Any]) -> None:
    """random.shuffle's identity outcome: Gym's order is random, and a comparison needs one."""


def _shuffle(args: List[Any], sweep: Any, lst: Any) -> Any:
    if lst is not None:
        return _shuffle([lst], None, None)
    if sweep is not None:
        return sweep
    if len(args) == 1:
        if isinstance(args[0], (ChoiceSweep, RangeSweep)):
            return args[0]
        if isinstance(args[0], list):
            out = list(args[0])
            _keep_order(out)
            return out
        return [args[0]]
    return _simple_choice(args)


def _choice(args: List[Any]) -> ChoiceSweep:
    if not args:
        raise ValueError("empty choice is not legal")
    if len(args) == 1 and isinstance(args[0], ChoiceSweep):
        if args[0].simple_form:
            return ChoiceSweep(args[0].list)
        raise ValueError("nesting choices is not supported")
    return ChoiceSweep(list(args))


def _tag(args: List[Any], sweep: Any) -> Any:
    if not args:
        raise ValueError("Not enough arguments to tag, must take at least a sweep")
    if sweep is not None:
        args = args + [sweep]
    if not isinstance(args[-1], Sweep):
        raise ValueError("Last argument to tag() must be a choice(), range() or interval(), got NoneType")
    for t in args[:-1]:
        if not isinstance(t, str):
            raise ValueError(f"tag arguments type must be string, got {type(t).__name__}")
    return args[-1]


def _call(name: str, args: List[Any], kwargs: dict, text: str) -> Any:
    if name not in _SIGNATURES:
        raise OverrideSyntaxError(
            f"HydraException while evaluating '{text}': Unknown function '{name}'\n"
            f"Available: {','.join(sorted(_SIGNATURES))}\n")
    # Functions.eval unquotes the arguments themselves (not what a list or dict holds).
    args = [a.text if isinstance(a, QuotedString) else a for a in args]
    kwargs = {k: (v.text if isinstance(v, QuotedString) else v) for k, v in kwargs.items()}
    try:
        var, named = _bind(_SIGNATURES[name], args, kwargs)
        if name in _CASTS:
            return _cast(lambda v: _cast_each(_CASTS[name], name, v), var, named["value"])
        if name == "sort":
            return _sort(var, named["sweep"], named["list"], named["reverse"])
        if name == "shuffle":
            return _shuffle(var, named["sweep"], named["list"])
        if name == "choice":
            return _choice(var)
        if name == "tag":
            return _tag(var, named["sweep"])
        if name == "range":
            return RangeSweep()
        if name == "interval":
            return IntervalSweep()
        return Glob()
    except Exception as e:  # Hydra wraps every evaluation error
        raise OverrideSyntaxError(f"{type(e).__name__} while evaluating '{text}': {e}") from e


def _cast_int(v: Any) -> int:
    assert isinstance(v, (int, float, bool, str))
    return int(v)


def _cast_float(v: Any) -> float:
    assert isinstance(v, (int, float, bool, str))
    return float(v)


def _cast_str(v: Any) -> str:
    assert isinstance(v, (int, float, bool, str))
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


_CASTS = {"int": _cast_int, "float": _cast_float, "str": _cast_str, "bool": _cast_bool}


def parse_override(line: str) -> Override:
    return _Parser(line).override()
