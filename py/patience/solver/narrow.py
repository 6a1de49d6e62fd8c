"""A narrowing of the moves for a quick first pass: it may cut wins, so it proves nothing.

Klondike-like games (a waste, foundations built up in suit) lose most of their search to
shuffling runs between piles and taking cards back from the foundations. The first pass
keeps only a tableau-to-tableau move that turns a face-down card, empties its pile, or
uncovers a card that can go to the foundations; it drops take-backs. A win it finds is a
win; when it runs dry, the exact search decides.
"""

from __future__ import annotations

from collections.abc import Callable

from ..game import Move, State
from ..rules import Rules
from ..vocab import SUIT_UP

Narrow = Callable[[State, list[Move]], list[Move]]


def make_narrow(r: Rules) -> Narrow | None:
    """Return the first-pass move filter of the game of ``r``, or ``None``."""
    if r.waste < 0 or r.pairs or r.game.foundation != SUIT_UP:
        return None
    index, tableau = r.index, set(r.T)
    found = set(r.F)
    accepts = r.foundation_accepts

    def narrow(s: State, moves: list[Move]) -> list[Move]:
        piles, down = s.piles, s.down
        out: list[Move] = []
        for m in moves:
            src = index.get(m.src, -1)
            if src in found:
                continue
            if src in tableau and index.get(m.dst, -1) in tableau:
                pile = piles[src]
                rest = len(pile) - m.n
                if rest and rest > down[src] and not any(
                        accepts(piles[f], pile[rest - 1]) for f in r.F):
                    continue
            out.append(m)
        return out

    return narrow
