"""Restarts of a depth-first search in shuffled orders (Yukon's and Streets and Alleys').

A search that is exact in any order proves a game lost whichever order it runs in, but where
a win lies, one order may find it in a few hundred positions and another wander for
hundreds of thousands. Many short searches in different orders, on Luby's schedule of
budgets, then win more than one long one (``docs/solver.md``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

# How far a seed may move a move in the order: its rank plus up to this much.
NOISE = 3.0
# The shortest restart, in positions (see ``restarts``).
RESTART_UNIT = 1_000


def order(seed: int | None) -> Callable[[tuple[Any, ...]], float]:
    """Return the sort key of a search's moves (each a tuple whose first item is its rank in
    the order): the rank itself with no ``seed``, else the rank plus a random number from
    the seed, up to ``NOISE``."""
    if seed is None:
        return lambda plan: float(plan[0])
    jitter = random.Random(seed).random
    return lambda plan: float(plan[0]) + jitter() * NOISE


def luby(i: int) -> int:
    """Return the ``i``-th term (from 1) of Luby's restart sequence: 1 1 2 1 1 2 4 1 1 2 ..."""
    k = 1
    while (1 << k) - 1 < i:
        k += 1
    while i != (1 << k) - 1:
        i -= (1 << (k - 1)) - 1
        k = 1
        while (1 << k) - 1 < i:
            k += 1
    return 1 << (k - 1)


def restarts(total: int, unit: int = RESTART_UNIT) -> list[tuple[int, int]]:
    """Return the restarts (seed, node budget) that share ``total`` nodes: ``unit`` times
    Luby's sequence, the last cut to what is left."""
    out: list[tuple[int, int]] = []
    used = 0
    i = 0
    while used < total:
        i += 1
        share = min(unit * luby(i), total - used)
        out.append((i, share))
        used += share
    return out
