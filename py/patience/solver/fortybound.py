"""A sound dead-end test for Forty Thieves: a relaxed game, decided exactly in one sweep,
that can do everything the real game can; a position the relaxed game loses is lost.

**Why a space decides it.** Forty Thieves puts any card into an empty pile, so once a pile
can be emptied nearly every card can go somewhere: no argument about what a card may go
on holds past the first space. Before it, a card leaves a pile's top or the waste's top
only to a foundation or onto the card a rank higher of its suit lying on a pile's top. The
test asks whether any pile can ever be emptied; a game won empties every pile, so a
position where none ever can is lost.

**The relaxed game.** A card is *seen* when it is on a foundation, on a pile's top (at the
start or once the cards on it have gone), in the waste, or turned from the stock. A card is
*free* when either copy of the card a rank higher of its suit is seen (a King: never), or
when a copy of every lower card of its suit is seen. The relaxed game plays the stock as
the real one (one pass, one card at a time, only the waste's top card plays); it takes off
a pile's top card or the waste's top card when it is free (the card under a pile's top is
then seen); it is *open* once a pile has no card left (or has none at the start). Every
move of the real game before a space is one of these, or plays a card the relaxed game has
already taken off: a card going onto a card a rank higher of its suit needs that card on a
pile's top, which is seen; a card going up needs a foundation of its suit at the rank
below, and every card on that foundation is seen. Cards a real move puts on a pile are not
the pile's own: the relaxed game counts them gone from where they came, so the cards it
keeps in a pile are at most the real pile's cards of the position tested, in their order,
and a real pile emptied has its own cards all taken off in the relaxed game too. So a real
game that empties a pile has a relaxed game that opens, and the relaxed game never opening
proves the position lost.

**Deciding it.** Seen only grows, so free only grows, and taking a free card off only makes
more cards seen. So taking every free card off before each turn of the stock does at least
as well as any other order, and the sweep opens exactly when some order of the relaxed
game does.

The test sees the order of the stock, like any search. It proves nothing about a position
it does not lose; a position with an empty pile it never loses.
"""

from __future__ import annotations

from ..cards import KING, RANK, SUIT
from ..game import State
from ..rules import Rules

# below[c]: the lower cards of c's suit.
BELOW: tuple[tuple[int, ...], ...] = tuple(
    tuple(b for b in range(52) if SUIT[b] == SUIT[c] and RANK[b] < RANK[c]) for c in range(52))


def lost(r: Rules, s: State) -> bool:
    """Tell whether Forty Thieves position ``s`` is lost for certain: no pile of the
    relaxed game (see the module) is ever emptied. Sound only for the tables ``forty.fits``
    accepts (one card lifted, no cells, no takeback, one pass), as the module proves."""
    return not opens(r, s)


def opens(r: Rules, s: State) -> bool:
    """Play the relaxed game from ``s`` (every free card off before each turn of the
    stock); tell whether a pile of it is emptied."""
    up = [c for f in r.F for c in s.piles[f]]
    return sweep([list(s.piles[t]) for t in r.T], up, list(s.piles[r.waste]),
                 list(reversed(s.piles[r.stock])))


def sweep(piles: list[list[int]], up: list[int], waste: list[int], stock: list[int]) -> bool:
    """Play the relaxed game: ``piles`` the tableau's (bottom first, changed in place),
    ``up`` the cards on the foundations (or the lowest card of every rank of a suit's
    foundations, all the test needs), ``waste`` bottom first, ``stock`` in the order it is
    turned; tell whether a pile is emptied."""
    if not all(piles):
        return True
    seen = [False] * 52
    for c in up:
        seen[c] = True
    for pile in piles:
        seen[pile[-1]] = True
    for c in waste:
        seen[c] = True

    def free(c: int) -> bool:
        return (RANK[c] < KING and seen[c + 4]) or all(seen[b] for b in BELOW[c])

    at = 0
    while True:
        changed = True
        while changed:
            changed = False
            for pile in piles:
                while pile and free(pile[-1]):
                    pile.pop()
                    changed = True
                    if not pile:
                        return True
                    seen[pile[-1]] = True
        # The waste's cards are all seen already, so taking one off changes nothing here.
        if at == len(stock):
            return False
        c = stock[at]
        at += 1
        seen[c] = True
