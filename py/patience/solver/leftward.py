"""Moving Left's search: the relaxed game's dead-end test (``leftbound.py``) first, then
greedy playouts over the stock and the general search (``api._leftnest``, handed in as
``then``; ``leftnest.py``). No beam (below) ever won a deal; the playouts won 4 of deals 1-20.

Beams that drop the positions the relaxed game loses, or rate the waste by the cards over
those a foundation wants next, or look ten stock cards ahead, did no better than
``stockbeam.beam`` (docs/solver.md, session 29), so the beams are ``stockbeam``'s, played on
the fast board since session 32 (``leftbeam.py``: the same score, about three times the
positions a second).
"""

from __future__ import annotations

from collections.abc import Callable, Generator

from ..game import State
from ..rules import Rules
from .leftbound import lost
from .result import Outcome

Then = Callable[[Rules, State, int, int], Generator[int, None, Outcome]]


def search(r: Rules, s: State, budget: int, every: int,
           then: Then) -> Generator[int, None, Outcome]:
    """Answer ``unwinnable`` at once, with no position expanded, where the relaxed game is
    lost from ``s`` (``leftbound``: sound); else search as ``then`` does."""
    if lost(r, s):
        return "unwinnable", [], 0
    return (yield from then(r, s, budget, every))
