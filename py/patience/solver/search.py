"""Best-first search with a transposition table on ``Rules.key``.

Every position popped first has its safe moves (``patience.safe_moves``) played as forced
moves, then is expanded: each legal move gives a child (with the stock folded into the
moves, ``fold.py``), kept unless its key was met before.
The heuristic only orders the frontier, so when the frontier runs dry every reachable
position (up to ``Rules.key`` and the forced safe moves) was expanded and the game is proven
unwinnable.
"""

from __future__ import annotations

from collections.abc import Generator
from functools import partial
from typing import TypeVar

from ..auto import finish_moves, safe_moves
from ..game import Move, State
from ..rules import Rules
from ..vocab import ONE_CARD
from . import drive
from .blocked import make_blocked
from .fold import make_expand
from .heuristic import Heuristic
from .narrow import Narrow
from .result import Outcome


def forced(r: Rules, s: State) -> tuple[State, tuple[Move, ...]]:
    """Play safe moves until there are none; return the position and the moves played."""
    played: list[Move] = []
    while True:
        safe = safe_moves(r, s)
        if not safe:
            return s, tuple(played)
        played.append(safe[0])
        s = r.apply(s, safe[0])


def finished(r: Rules, s: State, moves: list[Move]) -> list[Move]:
    """Return ``moves`` (which reach ``s``, a position a search found won for certain)
    followed by the moves that finish the game from ``s``."""
    finish = finish_moves(r, s)
    if finish is None:
        raise AssertionError("the search's won position does not finish")
    return moves + finish
T = TypeVar("T")


def drain(steps: Generator[int, None, T]) -> T:
    """Run a stepping search to its end and return its outcome."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            value: T = done.value
            return value


def best_first(r: Rules, root: State, budget: int, h: Heuristic,
               narrow: Narrow | None = None, every: int = 0,
               fold: bool = True) -> Generator[int, None, Outcome]:
    """Search from ``root`` (``drive.best_first`` over ``General``); return the verdict, the
    winning moves and the nodes expanded.

    A generator: it yields the nodes expanded so far every ``every`` nodes (never when
    ``every`` is 0), so a caller can pause the search between slices; its return value
    (``StopIteration.value``) is the outcome. ``fold`` folds turning the stock into the
    moves (``fold.py``). A narrowed search that runs dry proves nothing: it may have cut
    the wins.
    """
    return (yield from drive.best_first(General(r, h, narrow, fold), root, budget, every,
                                        exact=narrow is None))


def _never(s: State) -> bool:
    return False


class General:
    """Any game through the engine's rules: the ``drive.Copying`` of ``best_first``. Its
    members are the engine's functions themselves, so the driver calls them directly."""

    def __init__(self, r: Rules, h: Heuristic, narrow: Narrow | None, fold: bool) -> None:
        self.key = r.key
        self.won = r.is_won
        self.score = h
        self.expand = make_expand(r, narrow, fold)
        self.close = partial(forced, r)
        # Where every card is lifted alone, most moves can make a new dead end; elsewhere few
        # can, and testing the root is enough (blocked.py).
        self.lost = (make_blocked(r) if r.game.lift == ONE_CARD else None) or _never
