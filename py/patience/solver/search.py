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
from heapq import heappop, heappush
from typing import TypeVar

from ..auto import safe_moves
from ..game import Move, State
from ..rules import Rules
from ..vocab import ONE_CARD
from .blocked import make_blocked
from .fold import make_expand
from .heuristic import Heuristic
from .narrow import Narrow

# A frontier entry: priority, tie-break (newest first), position, parent node, moves to it.
Entry = tuple[int, int, State, int, tuple[Move, ...]]


def forced(r: Rules, s: State) -> tuple[State, tuple[Move, ...]]:
    """Play safe moves until there are none; return the position and the moves played."""
    played: list[Move] = []
    while True:
        safe = safe_moves(r, s)
        if not safe:
            return s, tuple(played)
        played.append(safe[0])
        s = r.apply(s, safe[0])


Outcome = tuple[str, list[Move], int]
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
    """Search from ``root``; return the verdict, the winning moves and the nodes expanded.

    A generator: it yields the nodes expanded so far every ``every`` nodes (never when
    ``every`` is 0), so a caller can pause the search between slices; its return value
    (``StopIteration.value``) is the outcome. ``fold`` folds turning the stock into the
    moves (``fold.py``).
    """
    key, won = r.key, r.is_won
    expand = make_expand(r, narrow, fold)
    # Where every card is lifted alone, most moves can make a new dead end; elsewhere few
    # can, and testing the root is enough (blocked.py).
    dead = make_blocked(r) if r.game.lift == ONE_CARD else None
    seen: set[object] = {key(root)}
    parents: list[tuple[int, tuple[Move, ...]]] = []
    frontier: list[Entry] = [(h(root), 0, root, -1, ())]
    nodes = 0
    tick = 0
    while frontier:
        _, _, s, parent, moves = heappop(frontier)
        closed, extra = forced(r, s)
        if extra:
            k = key(closed)
            if k in seen:
                continue
            seen.add(k)
            s = closed
            moves += extra
        parents.append((parent, moves))
        if won(s):
            return "solved", _path(parents, len(parents) - 1), nodes
        if nodes >= budget:
            return "unknown", [], nodes
        nodes += 1
        if every and not nodes % every:
            yield nodes
        if dead is not None and dead(s):
            continue
        me = len(parents) - 1
        for steps, c in expand(s):
            kc = key(c)
            if kc in seen:
                continue
            seen.add(kc)
            tick -= 1
            heappush(frontier, (h(c), tick, c, me, steps))
    # A narrowed search that runs dry proves nothing: it may have cut the wins.
    return ("unwinnable" if narrow is None else "unknown"), [], nodes


def _path(parents: list[tuple[int, tuple[Move, ...]]], node: int) -> list[Move]:
    """Return the moves from the root to ``node``."""
    chunks: list[tuple[Move, ...]] = []
    while node >= 0:
        parent, moves = parents[node]
        chunks.append(moves)
        node = parent
    return [m for chunk in reversed(chunks) for m in chunk]
