"""A Roosevelt beam score that looks at the stock: ``onepass``'s own (cards up, the tableau's
and the waste's disorder) plus the next stock cards that would have a place if they were
turned now (a foundation pile at the rank below, a tableau top they build on, or an empty
pile).

The cards of a level of the beam have all turned the same stock cards, so the term only tells
apart how well each position is ready for what comes: a position whose foundations and tops
wait for the next cards keeps them out of the waste, where a card lies on the ones before it.

Not ``solve``'s (docs/solver.md, session 29): a beam 50 wide under it wins deal 1236, which
no beam of ``onepass``'s score won in 100,000 positions, but as the triage's score its narrow
beams cost about three times the positions on a deal they give up, and as the reseeded
beams' alone it won none of 23 deals that pass the triage (nor did ``onepass``'s) for 29%
more CPU. It stays an option (``onepass_plans``' ``lookahead``) for the bench.
"""

from __future__ import annotations

from ..cards import RANK, SUIT
from .onepass import Position, _Play, _score

# How many of the next stock cards are looked at, and what each with a place is worth.
AHEAD = 12
PLACE = 3


def score(play: _Play, pos: Position) -> int:
    """``onepass._score`` plus ``PLACE`` for each of the next ``AHEAD`` stock cards that
    would have a place if turned now."""
    tab, found, _, p = pos
    tops = [pile[-1] for pile in tab if pile]
    base = _score(play, pos)
    if len(tops) < len(tab):
        return base + PLACE * (min(p + AHEAD, play.n_deck) - p)
    decks = len(found) // 4
    onto = play.onto
    ready = 0
    for c in play.deck[p:p + AHEAD]:
        low = SUIT[c] * decks
        if RANK[c] - 1 in found[low:low + decks] or any(c in onto[t] for t in tops):
            ready += 1
    return base + PLACE * ready
