"""A sound dead-end test: cards that hold each other down for good.

A card "in place" must leave its place before anything under it in its pile can be played:
in Klondike and Yukon a face-down card, or the lowest face-up card of a pile (whatever is
lifted with it, nothing under it can be lifted with it); in a game that lifts one card at a
time, every card. Such a card ``x`` can leave in only three ways:

1. to the foundations, once every lower card of its suit is there;
2. lifted onto a card ``y`` it may go on (a card of the next rank up, by the building rule),
   once ``y`` is uncovered (and, where cards never come back from the foundations, while
   ``y`` is not on them);
3. lifted into an empty pile, where the game lets it go there.

Take a set ``S`` of cards in place such that, for each ``x`` in ``S``: some lower card of
``x``'s suit is in ``S`` or under a card of ``S``; every ``y`` that ``x`` may go on is under
a card of ``S`` or, where cards never come back from them, on the foundations; and ``x``
may not go into an empty pile, or no pile is empty and every pile
holds a card of ``S``. Then no card of ``S`` can ever be the first of them to leave: while
all of them are in place, everything under them stays where it is, so each of the three
ways is shut. The game cannot be won, as every card must reach the foundations.

In a game that lifts runs, play seldom makes a new such set: cards in place leave it (a
lowest face-up card lifted onto another pile lies on a face-up card there); what comes into
place is a King (or another card the game lets into an empty pile) put into an empty pile,
which holds nothing down but may fill the last space. Testing every position expanded there
costs time and found nothing more on Klondike deals 1-40, so the solver tests the position it
is asked about; where cards are lifted one at a time, a card put on another is in place, and
every position expanded is tested as well. (Testing fewer positions never makes a verdict
wrong.)

``make_blocked`` finds the largest such set (start from every card in place, drop each card
that has a way out, until none drops); the position is lost when it is not empty. The test
looks at face-down cards, so a verdict that uses it uses the hidden cards, like any search.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..game import State
from ..rules import Rules
from ..vocab import (
    ALTERNATE,
    ANY_CARD,
    ANY_SUIT,
    KING_ONLY,
    NO_STOCK,
    ONE_CARD,
    STAYS_EMPTY,
    SUIT_UP,
    TO_WASTE,
)


def make_blocked(r: Rules) -> Callable[[State], bool] | None:
    """Return the dead-end test of the game of ``r``, or ``None`` where the argument of this
    module does not hold (two decks, free cells, piles that close up, other foundations)."""
    g = r.game
    if (g.decks != 1 or r.C or g.after_move is not None or g.foundation != SUIT_UP
            or r.pairs or g.build not in (ALTERNATE, ANY_SUIT)
            or g.stock not in (NO_STOCK, TO_WASTE)
            or g.empty not in (ANY_CARD, KING_ONLY, STAYS_EMPTY)):
        return None
    tableau = r.T
    low, ups = masks(r)
    roam = sum(1 << c for c in range(52) if any(r.empty_accepts(t, c) for t in tableau))
    every = g.lift == ONE_CARD
    found = r.F if not r.takeback else ()

    def blocked(s: State) -> bool:
        piles, down = s.piles, s.down
        # Per pile: its cards, and under[i] the mask of its cards below height i.
        stacks: list[tuple[Sequence[int], list[int]]] = []
        members = 0
        # Cards on foundations that never give them back: no card goes on them again.
        gone = 0
        for f in found:
            for c in piles[f]:
                gone |= 1 << c
        empty = False
        for t in tableau:
            pile = piles[t]
            if not pile:
                empty = True
                continue
            under = [0]
            for c in pile:
                under.append(under[-1] | 1 << c)
            stacks.append((pile, under))
            members |= under[-1] if every else under[down[t] + 1]
        return held_for_good(stacks, members, gone, low, ups, roam, empty)

    return blocked


def masks(r: Rules) -> tuple[list[int], list[int]]:
    """Return the bit masks over cards of the test: ``low[c]``, the lower cards of ``c``'s
    suit; ``ups[c]``, the cards ``c`` may go on in the game of ``r``."""
    on = r.on
    low = [sum(1 << z for z in range(c - 4, -1, -4)) for c in range(52)]
    ups = [sum(1 << p for p in range(52) if on[c * 52 + p]) for c in range(52)]
    return low, ups


def held_for_good(stacks: list[tuple[Sequence[int], list[int]]], members: int, gone: int,
                  low: list[int], ups: list[int], roam: int, empty: bool) -> bool:
    """Tell whether some of the cards ``members`` (a bit mask of cards in place) make a set
    ``S`` of the module's text, by dropping each card with a way out until none drops.

    ``stacks``: each pile that is not empty, with ``under[i]``, the mask of its cards below
    height ``i``; ``gone``: the cards on foundations that never give them back; ``low[c]``:
    the lower cards of ``c``'s suit; ``ups[c]``: the cards ``c`` may go on; ``roam``: the
    cards an empty pile may take; ``empty``: whether a pile is empty.
    """
    while members:
        # Everything under the highest member of each pile is held down.
        held = 0
        piles_held = 0
        for pile, under in stacks:
            for i in range(len(pile) - 1, -1, -1):
                if members >> pile[i] & 1:
                    held |= under[i]
                    piles_held += 1
                    break
        stay = members | held
        shut = held | gone
        # Where a pile is empty or holds no member, a card it may take has a way out.
        out = 0 if not empty and piles_held == len(stacks) else members & roam
        rest = members & ~out
        while rest:
            bit = rest & -rest
            rest ^= bit
            x = bit.bit_length() - 1
            if not low[x] & stay or ups[x] & ~shut:
                out |= bit
        if not out:
            return True
        members &= ~out
    return False
