"""A solver for every game: exact search under a node budget: best-first (FreeCell with a
search of its own, ``freecell.py``), or depth-first for Klondike and Yukon, All in a Row, the
Pyramid, TriPeaks and Golf (``peaks.py``), Streets and Alleys (``castle.py``) and the
one-pass games that lift one card (``onepass.py``; Forty Thieves, ``forty.py``); for
Spider a search of its own by stages between deals (``spider.py``), which finds wins but
proves no deal lost.

>>> import patience
>>> from patience.solver import solve
>>> r = patience.rules("freecell")
>>> result = solve(r, r.deal(1), budget=20_000)
>>> result.verdict
'solved'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .result import Result, Verdict
from .winnable import winnable_key

if TYPE_CHECKING:
    from .api import DEFAULT_BUDGET, search_of, solve, solve_steps, uses_hidden

__all__ = ["DEFAULT_BUDGET", "Result", "Verdict", "search_of", "solve", "solve_steps",
           "uses_hidden", "winnable_key"]

# The names ``api.py`` defines, imported with the searches the first time one is asked for
# (PEP 562). The page's engine imports ``winnable.py`` of this package as it starts (and
# ``heuristic.py`` and ``search.py`` with its suggestions, once asked for one) and never runs
# a search (the solver's worker does): importing every search with them cost the page's start
# about a third of its Python imports (about 130 ms of CPU here, four times that on a phone).
_LAZY = frozenset({"DEFAULT_BUDGET", "search_of", "solve", "solve_steps",
                   "uses_hidden"})


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        from . import api  # noqa: PLC0415 (imported when first asked for: see above)

        return getattr(api, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
