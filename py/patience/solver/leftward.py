"""Moving Left's search: the relaxed game's dead-end test (``leftbound.py``) first, then the
beams over the stock and the general search (``api._stockbeam``, handed in as ``then``).

``beam`` is a variant of ``stockbeam.beam`` measured against it (docs/solver.md): it drops
the positions the relaxed game loses before keeping the best of a level, and rates a
position by what its waste will cost.

Where the beams of ``stockbeam.py`` stall, the tableau is mostly face up and the waste is
long: one pass through 49 cards leaves the low cards of the stock under higher ones, and only
the waste's top card plays. So this score weighs the waste as ``stockbeam.score`` does and
adds, per waste card, how long the cards above it keep it there when a foundation wants it
next (``waiting``).
"""

from __future__ import annotations

from collections.abc import Callable, Generator

from ..cards import RANK, RED, SUIT
from ..game import State
from ..rules import Rules
from . import drive, stockbeam
from .leftbound import lost
from .stockbeam import Outcome, buried

# The weights of ``score``: a card up, a face-down card, a card on a lower one of its suit,
# a waste card, an empty pile, a wanted waste card's depth, a card the next ``AHEAD`` stock
# cards leave on the waste, a card they put up.
WEIGHTS = [10, -4, -3, -2, 3, -1, 0, 0]
AHEAD = [10]


def score(r: Rules, s: State) -> int:
    """Rate a position (higher is better): ``stockbeam.score``'s terms, and for each waste
    card a foundation wants next, the cards above it (``waiting``)."""
    piles, down = s.piles, s.down
    up = sum(len(piles[f]) for f in r.F)
    hidden = sum(down[t] for t in r.T) + down[r.waste]
    under = sum(buried(piles[t]) for t in (*r.T, r.waste))
    empty = sum(1 for t in r.T if not piles[t])
    w = WEIGHTS
    stuck, gone = ahead(r, s, AHEAD[0]) if (w[6] or w[7]) else (0, 0)
    return (w[0] * up + w[1] * hidden + w[2] * under + w[3] * len(piles[r.waste])
            + w[4] * empty + w[5] * waiting(r, s)
            + (w[6] * stuck + w[7] * gone if (w[6] or w[7]) else 0))


def waiting(r: Rules, s: State) -> int:
    """Sum, over the waste's cards that some foundation takes next, the cards above each."""
    need = [0] * 4 * 14
    for f in r.F:
        pile = s.piles[f]
        if pile:
            need[SUIT[pile[0]] * 14 + len(pile) + 1] += 1
    aces = 2 * 4 - sum(1 for f in r.F if s.piles[f])
    waste = s.piles[r.waste]
    n = len(waste)
    total = 0
    for i, c in enumerate(waste):
        if need[SUIT[c] * 14 + RANK[c]] or (RANK[c] == 1 and aces):
            total += n - 1 - i
    return total


def ahead(r: Rules, s: State, k: int) -> tuple[int, int]:
    """Turn the next ``k`` stock cards in the mind, playing each (and then the waste's top,
    while it can) only to a foundation or onto a pile's top card it goes on (a King into an
    empty pile): return how many stay on the waste and how many go up."""
    piles = s.piles
    height: dict[int, list[int]] = {}
    for f in r.F:
        pile = piles[f]
        if pile:
            su = SUIT[pile[0]]
            height.setdefault(su, []).append(len(pile))
    for su in range(4):
        h = height.setdefault(su, [])
        while len(h) < 2:
            h.append(0)
    tops: dict[tuple[int, bool], int] = {}
    empty = 0
    for t in r.T:
        pile = piles[t]
        if pile:
            c = pile[-1]
            key = (RANK[c], RED[c])
            tops[key] = tops.get(key, 0) + 1
        else:
            empty += 1
    waste = list(piles[r.waste])
    stock = piles[r.stock]
    stuck = gone = 0

    def place(c: int) -> bool:
        nonlocal gone, empty
        h = height[SUIT[c]]
        rk = RANK[c]
        for i in (0, 1):
            if h[i] == rk - 1:
                h[i] = rk
                gone += 1
                return True
        key = (rk + 1, not RED[c])
        if tops.get(key):
            tops[key] -= 1
        elif rk == 13 and empty:
            empty -= 1
        else:
            return False
        mine = (rk, RED[c])
        tops[mine] = tops.get(mine, 0) + 1
        return True

    for j in range(len(stock) - 1, max(-1, len(stock) - 1 - k), -1):
        c = stock[j]
        if place(c):
            while waste and place(waste[-1]):
                waste.pop()
        else:
            waste.append(c)
            stuck += 1
    return stuck, gone


class _Left(stockbeam._Beam):
    """``stockbeam``'s beam game, rating positions by ``score`` and dropping those the
    relaxed game loses (``leftbound.lost``: they cannot be won, so they take no place)."""

    def __init__(self, r: Rules, seed: int | None, width: int) -> None:
        super().__init__(r, seed)
        self.width = width

    def order(self, level: list[State]) -> list[int]:
        """Best ``score`` first, lost positions left out; ties as ``stockbeam`` breaks them."""
        r, noise, seeded = self.r, self.noise, self.seed is not None
        rated = sorted(range(len(level)), key=lambda j: (-score(r, level[j]), noise.random()
                                                        if seeded else 0))
        kept: list[int] = []
        for j in rated:
            if not lost(r, level[j]):
                kept.append(j)
                if len(kept) == self.width:
                    break
        return kept


def beam(r: Rules, root: State, budget: int, width: int, every: int = 0,
         seed: int | None = None) -> Generator[int, None, Outcome]:
    """``stockbeam.beam`` with this module's ``score`` and lost positions dropped."""
    game = _Left(r, seed, width)
    first, moves0 = game.settle(root)
    return (yield from drive.beam(game, first, moves0, budget, width, stockbeam.REACH, every))


Then = Callable[[Rules, State, int, int], Generator[int, None, Outcome]]


def search(r: Rules, s: State, budget: int, every: int,
           then: Then) -> Generator[int, None, Outcome]:
    """Answer ``unwinnable`` at once, with no position expanded, where the relaxed game is
    lost from ``s`` (``leftbound``: sound); else search as ``then`` does."""
    if lost(r, s):
        return "unwinnable", [], 0
    return (yield from then(r, s, budget, every))
