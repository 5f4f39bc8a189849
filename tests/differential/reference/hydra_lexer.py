"""Lexer for one Hydra 1.3 override token, written from hydra/grammar/OverrideLexer.g4 (v1.3.2).

ANTLR lexing: at each position every rule of the current mode is tried, the longest match wins
and a tie goes to the rule listed first. `=` in the key mode switches to the value mode for the
rest of the token. A character no rule matches is an error (Hydra's error listener raises).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import List, Tuple


class OverrideSyntaxError(Exception):
    """What Hydra reports as a HydraException / OverrideParseException for one token."""


@dataclass(frozen=True)
class Token:
    kind: str
    text: str
    pos: int

    def __repr__(self) -> str:
        return f"{self.kind}({self.text!r})"


_DIGIT = "[0-9]"
_INT_UNSIGNED = r"(?:0|[1-9](?:_?[0-9])*)"
_ID = r"[a-zA-Z_][a-zA-Z0-9_-]*"
_KEY_SPECIAL = r"[a-zA-Z_$][a-zA-Z0-9_$-]*"
_WS = r"[ \t]+"
_POINT_FLOATS = [rf"{_INT_UNSIGNED}\.", rf"{_INT_UNSIGNED}?\.{_DIGIT}(?:_?{_DIGIT})*"]
_EXP = rf"[eE][+-]?{_DIGIT}(?:_?{_DIGIT})*"


def _alts(*patterns: str) -> List["re.Pattern[str]"]:
    return [re.compile(p, re.DOTALL) for p in patterns]


# (name, emitted kind, alternatives); each alternative is matched greedily and the longest kept,
# which is what the ANTLR DFA gives for these rules.
KEY_MODE: List[Tuple[str, List["re.Pattern[str]"]]] = [
    ("EQUAL", _alts(rf"=(?:{_WS})?")),
    ("TILDE", _alts("~")),
    ("PLUS", _alts(r"\+")),
    ("AT", _alts("@")),
    ("COLON", _alts(":")),
    ("SLASH", _alts("/")),
    ("ID", _alts(_ID)),
    ("KEY_SPECIAL", _alts(_KEY_SPECIAL)),
    ("DOT_PATH", _alts(rf"(?:{_KEY_SPECIAL}|{_INT_UNSIGNED})(?:\.(?:{_KEY_SPECIAL}|{_INT_UNSIGNED}))+")),
]

_FLOAT_BODIES = (
    _POINT_FLOATS
    + [rf"(?:{_INT_UNSIGNED}){_EXP}"]
    + [rf"(?:{p}){_EXP}" for p in _POINT_FLOATS]
    + ["[Ii][Nn][Ff]", "[Nn][Aa][Nn]"]
)

VALUE_MODE: List[Tuple[str, List["re.Pattern[str]"]]] = [
    ("POPEN", _alts(rf"(?:{_WS})?\((?:{_WS})?")),
    ("COMMA", _alts(rf"(?:{_WS})?,(?:{_WS})?")),
    ("PCLOSE", _alts(rf"(?:{_WS})?\)")),
    ("BRACKET_OPEN", _alts(rf"\[(?:{_WS})?")),
    ("BRACKET_CLOSE", _alts(rf"(?:{_WS})?\]")),
    ("BRACE_OPEN", _alts(rf"\{{(?:{_WS})?")),
    ("BRACE_CLOSE", _alts(rf"(?:{_WS})?\}}")),
    ("COLON", _alts(rf"(?:{_WS})?:(?:{_WS})?")),  # VALUE_COLON -> type(COLON)
    ("EQUAL", _alts(rf"(?:{_WS})?=(?:{_WS})?")),  # VALUE_EQUAL -> type(EQUAL)
    ("FLOAT", _alts(*[rf"[+-]?(?:{b})" for b in _FLOAT_BODIES])),
    ("INT", _alts(rf"[+-]?{_INT_UNSIGNED}")),
    ("BOOL", _alts("[Tt][Rr][Uu][Ee]", "[Ff][Aa][Ll][Ss][Ee]")),
    ("NULL", _alts("[Nn][Uu][Ll][Ll]")),
    ("UNQUOTED_CHAR", _alts(r"[/\-\\+.$%*@?|]")),
    ("ID", _alts(_ID)),
    ("ESC", _alts(r"(?:\\\\|\\\(|\\\)|\\\[|\\\]|\\\{|\\\}|\\:|\\=|\\,|\\ |\\\t)+")),
    ("WS", _alts(_WS)),
    # '"' (('\\\\')* | (.)*? ~[\\] ('\\\\')*) '"': the non-greedy loop stops at the first quote
    # that is preceded by an even number of backslashes.
    ("QUOTED_VALUE", _alts(r'"(?:(?:\\\\)*|.*?[^\\](?:\\\\)*)"', r"'(?:(?:\\\\)*|.*?[^\\](?:\\\\)*)'")),
    ("INTERPOLATION", _alts(r"\$\{[^}]+\}")),
]


def tokenize(text: str) -> List[Token]:
    tokens: List[Token] = []
    mode = KEY_MODE
    i = 0
    while i < len(text):
        best_kind, best_len = "", 0
        for kind, patterns in mode:
            for p in patterns:
                m = p.match(text, i)
                if m and m.end() - i > best_len:
                    best_kind, best_len = kind, m.end() - i
        if best_len == 0:
            raise OverrideSyntaxError(f"token recognition error at: '{text[i]}'")
        tokens.append(Token(best_kind, text[i:i + best_len], i))
        i += best_len
        if mode is KEY_MODE and best_kind == "EQUAL":
            mode = VALUE_MODE
    tokens.append(Token("EOF", "", len(text)))
    return tokens
