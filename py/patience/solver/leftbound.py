"""A sound dead-end test for Moving Left: a relaxed game, decided exactly in one sweep, that
can do everything the real game can; a deal the relaxed game loses is lost.

**The close-up, seen from the face-down cards.** A pile with face-down cards (an *anchor*)
turns its next one up only when every face-up card on it has gone. Moving Left's close-up
(``layouts.close_up``) runs the face-up cards of the piles to the right of a gap one place
left, up to the first anchor, which turns a card up. So a pile that empties turns up a card
in the first anchor at or right of it, and in no other. Call the lowest face-up card of a
pile its *token*, and an anchor's *segment* the piles from the one after the anchor before
it up to itself. A card that turns up is its anchor's token; a close-up keeps every token in
the segment it was in (the run of the anchor's old token becomes the one next to it). So
**each card an anchor turns up needs a token of its segment to leave its pile**, other than
by a close-up: to a foundation, onto a card one rank up of the other colour that is face up,
or (a King) into an empty pile. When an anchor's face-down cards are all up, its segment
joins the next anchor's. Tokens right of the last anchor turn nothing up.

**The relaxed game.** Cards are *out* when face up in the tableau or on a foundation. A card
is *free* when a card it may go on (either deck's copy) is out, or when every lower card of
its suit is out (one copy each); a King, which goes on nothing, when every lower card of its
suit is out or the rightmost pile has no face-down card left (empty piles stand only at the
right-hand end, so while it has one there is no empty pile to go to). The relaxed game plays
the stock and the waste as the real one (one pass, one card at a time; only the waste's top
card plays), takes the waste's top card off when it is free, and turns the next card up in
an anchor when a token of its segment is free (that token is then out of play, the new card
a token). Every move of the real game is one of these or changes nothing they look at: a
card leaving the waste or a token leaving its pile is free (what it goes on is out; the
cards under it on a foundation are out; the relaxed game has turned up at least the cards
the real one has, so a pile empty in the real game has no face-down card in the relaxed one
either); a card built on a token, or a run moved onto one, is no token; a card out stays out
(off a foundation back onto the tableau it is still face up). So a real game won is a
relaxed game won.

**Deciding it.** Free only grows as cards come out and anchors are dug, and taking a free
card off (the waste's top, or a token) only brings cards out. So taking every free card off
before each turn of the stock does at least as well as any other order (a token kept to turn
up an anchor's card later is free then too, and any token of the segment does it), and the
relaxed game is won exactly when that sweep ends with every card out and the waste and the
stock empty.

The test sees the face-down cards and the order of the stock, like any search. It proves
nothing about a deal it does not lose.
"""

from __future__ import annotations

from ..cards import KING, RANK, RED, SUIT
from ..game import State
from ..rules import Rules

# hosts[c]: the cards c may be built on (one rank up, the other colour).
HOSTS: tuple[tuple[int, ...], ...] = tuple(
    tuple(h for h in range(52) if RANK[h] == RANK[c] + 1 and RED[h] != RED[c])
    for c in range(52))
# below[c]: the lower cards of c's suit.
BELOW: tuple[tuple[int, ...], ...] = tuple(
    tuple(b for b in range(52) if SUIT[b] == SUIT[c] and RANK[b] < RANK[c]) for c in range(52))


class _Segment:
    """An anchor's face-down cards (top last) and the tokens of its segment."""

    def __init__(self, down: list[int], tokens: list[int]) -> None:
        self.down, self.tokens = down, tokens


def lost(r: Rules, s: State) -> bool:
    """Tell whether Moving Left position ``s`` is lost for certain: the relaxed game (see
    the module) is lost from it."""
    return relaxed(r, s) < len(r.pack())


def relaxed(r: Rules, s: State) -> int:
    """Play the relaxed game from ``s`` (every free card off before each turn of the
    stock); return how many cards it brings out (every card: the relaxed game is won)."""
    out = [0] * 52
    segments: list[_Segment] = []
    tokens: list[int] = []
    for f in r.F:
        for c in s.piles[f]:
            out[c] += 1
    for t in r.T:
        pile, down = s.piles[t], s.down[t]
        for c in pile[down:]:
            out[c] += 1
        if len(pile) > down:
            tokens.append(pile[down])
        if down:
            segments.append(_Segment(list(pile[:down]), tokens))
            tokens = []
    waste = list(s.piles[r.waste])
    stock = list(s.piles[r.stock])

    last = segments[-1] if segments and s.down[r.T[-1]] else None

    def free(c: int) -> bool:
        if RANK[c] == KING:
            return last is None or not last.down or all(out[b] for b in BELOW[c])
        return any(out[h] for h in HOSTS[c]) or all(out[b] for b in BELOW[c])

    while True:
        changed = True
        while changed:
            changed = False
            for i, seg in enumerate(segments):
                while seg.down:
                    j = next((j for j, c in enumerate(seg.tokens) if free(c)), -1)
                    if j < 0:
                        break
                    seg.tokens.pop(j)
                    card = seg.down.pop()
                    out[card] += 1
                    seg.tokens.append(card)
                    changed = True
                if not seg.down and seg.tokens and i + 1 < len(segments):
                    segments[i + 1].tokens.extend(seg.tokens)
                    seg.tokens = []
            while waste and free(waste[-1]):
                out[waste.pop()] += 1
                changed = True
        if not stock:
            break
        waste.append(stock.pop())
    return sum(out)
