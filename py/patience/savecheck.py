"""Reading untrusted JSON text (a save) within limits, before anything else looks at it.

A save comes from the player's storage, which anything on the origin can write, so it is read
as hostile: its size is capped before parsing, its nesting depth is measured without
recursion before ``json.loads`` (whose C parser recurses, and overflows Pyodide's stack at a
few thousand levels), ``NaN``/``Infinity`` and numbers too large for a float are refused, and
whole numbers are read only up to 15 digits (a 4,000-digit number would parse, then overflow
the first float conversion). Each refusal is a :class:`SaveError` saying what is wrong.
"""

from __future__ import annotations

import itertools
import json
import math
import re
from typing import Any, Final

from .errors import SaveNotJSONError, SaveTooLargeError

#: The largest save text read, in characters (a kept history of 1,001 moves is ~15 KB; an
#: old version 1 save of 50,000 moves ~0.7 MB).
MAX_SAVE_CHARS: Final[int] = 1_000_000
#: The deepest nesting read: a save is an object holding an object and lists (depth 2).
MAX_DEPTH: Final[int] = 16
#: Whole numbers are read up to this many digits (a sign aside).
MAX_INT_DIGITS: Final[int] = 15

# A JSON string, escapes included, possessively (no backtracking on a long one).
_STRING: Final = re.compile(r'"(?:[^"\\]++|\\.)*+"', re.DOTALL)
# A bracket pair with no bracket inside: one level of nesting, innermost.
_INNERMOST: Final = re.compile(r"\[[^\[\]{}]*+\]|\{[^\[\]{}]*+\}")
_BRACKET: Final = re.compile(r"[\[\]{}]")


def nesting(text: str, limit: int = MAX_DEPTH) -> str:
    """Tell how the brackets of a JSON text nest: ``"ok"`` (at most ``limit`` deep and
    matched), ``"deep"`` (deeper than that) or ``"unmatched"``.

    Strings are blanked first; then innermost pairs are removed ``limit`` times (each pass
    is one regular-expression substitution, linear in the text). A bracket left over was
    deeper than that if one more pass still removes a pair, else it has no partner. No
    recursion, no loop over characters in Python.
    """
    rest = _STRING.sub('""', text)
    for _ in range(limit):
        rest, removed = _INNERMOST.subn("", rest)
        if not removed:
            break
    if _BRACKET.search(rest) is None:
        return "ok"
    return "deep" if _INNERMOST.search(rest) else "unmatched"


def _constant(name: str) -> Any:
    raise SaveNotJSONError(f"the save holds {name}, which is not a number JSON allows")


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise SaveNotJSONError(f"the save holds the number {text[:40]}, too large to read")
    return value


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise SaveNotJSONError(f"the save holds a {len(text.lstrip('-'))}-digit number; "
                               f"at most {MAX_INT_DIGITS} digits are read")
    return int(text)


def read_json(text: object, what: str = "save", max_chars: int = MAX_SAVE_CHARS,
              max_depth: int = MAX_DEPTH) -> Any:
    """Parse untrusted JSON text within the limits; raise a ``SaveError`` saying why not.

    ``what`` names the text in the messages ("save", "record").
    """
    if not isinstance(text, str):
        raise SaveNotJSONError(f"the {what} is not text")
    if len(text) > max_chars:
        raise SaveTooLargeError(f"the {what} is {len(text):,} bytes long; "
                                f"at most {max_chars:,} are read")
    shape = nesting(text, max_depth)
    if shape == "deep":
        raise SaveTooLargeError(f"the {what} is nested more than {max_depth} levels deep")
    if shape == "unmatched":
        raise SaveNotJSONError(f"the {what} is not JSON: its brackets do not match")
    try:
        return json.loads(text, parse_constant=_constant, parse_float=_float, parse_int=_int)
    except SaveNotJSONError:
        raise
    except (ValueError, TypeError, RecursionError) as e:
        raise SaveNotJSONError(f"the {what} is not JSON: {e}") from e


def finite_number(value: object, lo: float, hi: float) -> bool:
    """Tell whether ``value`` is a JSON number (not a bool), finite, within ``[lo, hi]``."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    return math.isfinite(value) and lo <= value <= hi


def dumps(data: object) -> str:
    """Write JSON for the page: compact, and never ``NaN`` or ``Infinity`` (ValueError)."""
    return json.dumps(data, separators=(",", ":"), allow_nan=False)


def whole_number(value: object, lo: int, hi: int) -> bool:
    """Tell whether ``value`` is a JSON whole number (not a bool) within ``[lo, hi]``."""
    return isinstance(value, int) and not isinstance(value, bool) and lo <= value <= hi


def ascending_places(value: object, count: int) -> bool:
    """Tell whether ``value`` is a list of places in a list of ``count`` (whole numbers from
    0 to ``count - 1``), each once, in ascending order (a save's ``auto``)."""
    if not isinstance(value, list) or len(value) > count:
        return False
    if not all(whole_number(i, 0, count - 1) for i in value):
        return False
    return all(a < b for a, b in itertools.pairwise(value))
