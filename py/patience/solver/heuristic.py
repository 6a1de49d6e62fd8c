"""Heuristics for the best-first search: lower is closer to a win.

They only order the search; they never prune, so they cannot make a verdict wrong.
"""

from __future__ import annotations

from collections.abc import Callable

from ..cards import RANK
from ..game import State
from ..rules import Rules
from ..vocab import WHOLE_RUNS, WRAP

Heuristic = Callable[[State], int]

# Weights of the suit-up heuristic, tuned on FreeCell deals 1-200 (the face-down weight on
# Klondike deals 1-20): a card not yet on the
# foundations, an occupied free cell, a face-down card, a card above a lower one in its
# pile, an empty pile (a bonus), and each card above a card the foundations want next.
WEIGHTS = (6, 2, 6, 3, 2, 2)
# A pass through the stock used up (where passes are limited): without it the search
# spends the passes early, fetching a wanted card from deep in the stock.
RECYCLE = 20
# Other weights for the short restarts that try a different path through a hard deal: more
# weight on free cells and empty piles, less on blockers, or none on buried cards.
ALTERNATES = ((6, 4, 2, 3, 4, 2), (6, 2, 2, 1, 2, 2), (6, 1, 2, 3, 1, 0))


def make_heuristic(r: Rules, weights: tuple[int, ...] = WEIGHTS) -> Heuristic:
    """Return the heuristic for the game of ``r`` (``weights``: see ``WEIGHTS``)."""
    if r.pairs:
        return _pairs(r)
    kind = r.game.foundation
    if kind == WRAP:
        return _wrap(r)
    if kind == WHOLE_RUNS:
        return _runs(r)
    return _suit_up(r, *weights)


def _pairs(r: Rules) -> Heuristic:
    """The tableau piles not yet cleared."""
    tableau = r.T
    return lambda s: sum(1 for t in tableau if s.piles[t])


def _wrap(r: Rules) -> Heuristic:
    """The sum of the squares of the tableau piles' lengths (few long piles are worse than
    many short ones)."""
    tableau = r.T
    return lambda s: sum(len(s.piles[t]) ** 2 for t in tableau)


def _runs(r: Rules) -> Heuristic:
    tableau = r.T
    stock = r.stock

    def h(s: State) -> int:
        piles, down = s.piles, s.down
        score = 2 * len(piles[stock]) if stock >= 0 else 0
        for t in tableau:
            pile = piles[t]
            d = down[t]
            score += len(pile) + 3 * d
            for k in range(d + 1, len(pile)):
                if pile[k] + 4 != pile[k - 1]:
                    score += 2
        return score

    return h


def _suit_up(r: Rules, FOUND: int, CELL: int, DOWN: int, BLOCK: int, EMPTY: int,
             NEED: int) -> Heuristic:
    tableau, cells = r.T, r.C
    extra = tuple(i for i in (r.stock, r.waste) if i >= 0)
    total = r.game.cards
    found = r.F
    rank = RANK
    aces = (0, 1, 2, 3)
    recycle = RECYCLE if r.max_recycles is not None else 0

    def h(s: State) -> int:
        piles, down = s.piles, s.down
        on_f = 0
        for f in found:
            on_f += len(piles[f])
        score = FOUND * (total - on_f) + recycle * s.recycles
        want = set()
        for f in found:
            pf = piles[f]
            if pf:
                want.add(pf[-1] + 4)
        for a in aces:
            want.add(a)
        for c in cells:
            if piles[c]:
                score += CELL
        for i in extra:
            score += len(piles[i]) // 2
        for t in tableau:
            pile = piles[t]
            score += DOWN * down[t]
            if not pile:
                score -= EMPTY
            low = 14
            n = len(pile)
            for i, card in enumerate(pile):
                if card in want:
                    score += NEED * (n - 1 - i)
                v = rank[card]
                if v > low:
                    score += BLOCK
                else:
                    low = v
        return score

    return h
