"""A beam over the stock for one-pass games the engine plays as it stands (Moving Left):
it looks for a win, stock card by stock card, and proves nothing.

A level is the positions with the same number of stock cards left. From each kept position
the beam reaches every position it can without turning the stock (the engine's legal moves,
less plays off the foundations and moves whose result ``Rules.key`` merges with another's,
each followed by the table's safe moves), breadth first, at most ``REACH * width`` positions
a level; the ``width`` best of those by ``score`` then turn the next card. Positions met twice
in a level (by ``Rules.key``) count once. With the stock empty, a position is won when the
automatic finish (``auto.finish_moves``) wins it. ``solve`` replays every win through the
checked API.

Unlike ``onepass.beam`` it works on engine states and moves, so it takes any rule the engine
has (face-down cards, runs moved as units, Moving Left's close-up from the right), at a few
times the cost a position.
"""

from __future__ import annotations

import random
from collections.abc import Generator, Iterable

from ..auto import finish_moves
from ..cards import RANK, SUIT
from ..game import Move, State
from ..rules import Rules
from ..vocab import SUIT_UP
from . import drive
from .fold import make_legal
from .result import Outcome
from .search import forced

# Positions reached a level, per position kept.
REACH = 40
# The weights of ``score``: a card up, a face-down card, a card on a lower one of its suit,
# a waste card, an empty pile.
WEIGHTS = (10, -4, -3, -2, 3)


def fits(r: Rules) -> bool:
    """Tell whether the game has two decks and one pass through a stock turned one card to
    a waste (``onepass.fits`` takes those that lift one card and show every card)."""
    return (r.game.decks > 1 and r.stock >= 0 and r.waste >= 0 and r.draw == 1
            and r.max_recycles == 0 and not r.pairs and r.game.foundation == SUIT_UP)


def score(r: Rules, s: State) -> int:
    """Rate a position (higher is better): cards up, less face-down cards, cards in the
    tableau or the waste lying on a lower card of their suit (which must wait for it), and
    waste cards; plus empty piles. (Weights from a few Moving Left deals.)"""
    piles, down = s.piles, s.down
    up = sum(len(piles[f]) for f in r.F)
    hidden = sum(down[t] for t in r.T) + down[r.waste]
    under = sum(buried(piles[t]) for t in (*r.T, r.waste))
    empty = sum(1 for t in r.T if not piles[t])
    w = WEIGHTS
    return (w[0] * up + w[1] * hidden + w[2] * under + w[3] * len(piles[r.waste])
            + w[4] * empty)


def buried(cards: Iterable[int]) -> int:
    """Count the cards (bottom first) that lie on a lower card of their suit: each waits
    for that card to go up first."""
    low = [14, 14, 14, 14]
    n = 0
    for c in cards:
        if low[SUIT[c]] < RANK[c]:
            n += 1
        else:
            low[SUIT[c]] = RANK[c]
    return n


def beam(r: Rules, root: State, budget: int, width: int, every: int = 0,
         seed: int | None = None) -> Generator[int, None, Outcome]:
    """Look for a win keeping the ``width`` best positions each stock card (``drive.beam``);
    return ``solved`` with the moves or ``unknown``. A generator like ``onepass.beam``
    (nodes are the positions expanded). A ``seed`` breaks ties between equal scores at
    random (else the order reached), for restarts that look elsewhere."""
    game = _Beam(r, seed)
    first, moves0 = game.settle(root)
    return (yield from drive.beam(game, first, moves0, budget, width, REACH, every))


class _Beam:
    """The beam's game (``drive.Beamed``) on the engine's states and moves."""

    def __init__(self, r: Rules, seed: int | None) -> None:
        self.r, self.seed, self.legal, self.key = r, seed, make_legal(r), r.key
        self.noise = random.Random(seed)
        self.stock, self.waste = r.names[r.stock], r.names[r.waste]
        self.from_foundation = {r.names[f] for f in r.F}

    def settle(self, s: State) -> tuple[State, tuple[Move, ...]]:
        """Play the table's safe moves until there are none: the position and the moves."""
        return forced(self.r, s)

    def expand(self, s: State) -> list[tuple[tuple[Move, ...], State]]:
        """The legal moves but turns and plays off the foundations, safe moves after each."""
        r, stock, back = self.r, self.stock, self.from_foundation
        out: list[tuple[tuple[Move, ...], State]] = []
        for m in self.legal(s):
            if m.src == stock or m.src in back:
                continue
            child, safe = self.settle(r.apply(s, m))
            out.append(((m, *safe), child))
        return out

    def finish(self, s: State) -> tuple[Move, ...] | None:
        """With the stock played out, the automatic finish where it wins."""
        if s.piles[self.r.stock]:
            return None
        finish = finish_moves(self.r, s)
        return None if finish is None else tuple(finish)

    def out(self, s: State) -> bool:
        """The stock played out."""
        return not s.piles[self.r.stock]

    def turn(self, s: State) -> tuple[tuple[Move, ...], State]:
        """The next card turned, safe moves after it."""
        m = Move(self.stock, self.waste)
        child, safe = self.settle(self.r.apply(s, m))
        return (m, *safe), child

    def order(self, level: list[State]) -> list[int]:
        """Best ``score`` first; ties in the order reached, or at random by the seed."""
        r, noise, seeded = self.r, self.noise, self.seed is not None
        return sorted(range(len(level)), key=lambda j: (-score(r, level[j]), noise.random()
                                                       if seeded else 0))
