"""A sound dead-end test for Klondike: what could ever happen, card by card, and a card that
never goes up.

It over-approximates, for every card ``c``, four facts about any play from the position:

- *open*: ``c`` lies uncovered in the tableau at some time;
- *up*: ``c`` reaches the foundations;
- *free* (a tableau card): ``c`` leaves the card it lies on (or the bottom of its pile);
- *space*: some pile is empty at some time.

Each fact can first become true only through an earlier one:

1. A tableau card is open at the start when on top; later only once the card lying on it at
   the start has left it (whatever else comes onto it must leave too).
2. A card of the stock or the waste comes out open onto an open card it may go on, or, a
   King, into a space. With take-back, a card of the foundations comes back the same way.
3. A card goes up once the card under it in its suit is up: from the stock or the waste, or
   from the tableau when open.
4. A tableau card leaves by going up; or lifted (face up, or face down once open) onto an
   open card it may go on; or, a King not at the bottom of its pile, into a space.
5. No pile being empty, the first to empty loses its bottom card to rule 4 (no card could
   go into an empty pile yet, and a King moved from one empty pile to another makes no
   new space).

Starting from what holds now and applying the rules until nothing changes gives a superset
of what can happen: the order of events and that a card covered by one card cannot take
another are ignored, and any card of the stock is taken to come up when wanted, whatever
the draw and the passes left. A card not found to go up never goes up, so the game is lost.

The test reads the face-down cards and the order-free contents of the stock, like the
search. It answers in about 50 µs; ``klondike.dfs`` asks it after the moves that most often
lose a game (a card turned, a pile emptied, a card from the stock put in the tableau). On
Klondike deal 7 (draw 1) the search runs dry after 3,336 positions instead of 173,155.
"""

from __future__ import annotations

from ..cards import RANK, RED, SUIT

# Cards are numbered rank-major: card c + 4 is the next of c's suit.
assert all(RANK[c] == c // 4 + 1 and SUIT[c] == c % 4 for c in range(52))

# ONTO[b]: the cards that may go on b; UPS[c]: the cards c may go on, as a bit mask.
ONTO = [[a for a in range(52) if RANK[a] + 1 == RANK[b] and RED[a] != RED[b]]
        for b in range(52)]
UPS = [sum(1 << b for b in range(52) if RANK[c] + 1 == RANK[b] and RED[c] != RED[b])
       for c in range(52)]
KINGS = [c for c in range(52) if RANK[c] == 13]
KING = [RANK[c] == 13 for c in range(52)]
ALL = (1 << 52) - 1
# Where a card is.
FACE_UP, FACE_DOWN, STOCK, FOUNDATION = 0, 1, 2, 3


def hopeless(tab: list[list[int]], down: list[int], found: list[int], deck: list[int],
             takeback: bool) -> bool:
    """Tell whether some card can never go up, so that the game is lost.

    ``tab``: the tableau piles, bottom first; ``down``: how many cards of each are face
    down; ``found``: the rank each suit has reached on the foundations; ``deck``: the cards
    of the stock and the waste; ``takeback``: whether cards come back from the foundations.
    """
    where = [FOUNDATION] * 52
    below = [-1] * 52
    for c in deck:
        where[c] = STOCK
    opened = 0
    space = False
    for pile, d in zip(tab, down):
        if not pile:
            space = True
            continue
        prev = -1
        for i, c in enumerate(pile):
            where[c] = FACE_DOWN if i < d else FACE_UP
            below[c] = prev
            prev = c
        opened |= 1 << prev
    up = 0
    for suit in range(4):
        for rank in range(found[suit]):
            up |= 1 << (rank * 4 + suit)
    free = 0
    onto, ups, king = ONTO, UPS, KING
    # Cards whose facts may have grown: at first every card.
    work = list(range(52))
    pop, extend, push = work.pop, work.extend, work.append
    while work:
        c = pop()
        bit = 1 << c
        w = where[c]
        if w == FOUNDATION:
            if takeback and not opened & bit and (ups[c] & opened or (space and king[c])):
                opened |= bit
                extend(onto[c])
            continue
        if not up & bit and (c < 4 or up >> (c - 4) & 1) and (w == STOCK or opened & bit):
            up |= bit
            if c < 48:
                push(c + 4)
        if w == STOCK:
            if not opened & bit and (ups[c] & opened or (space and king[c])):
                opened |= bit
                extend(onto[c])
            continue
        if free & bit:
            continue
        if up & bit or ((w == FACE_UP or opened & bit) and (
                ups[c] & opened or (space and king[c] and below[c] >= 0))):
            free |= bit
            b = below[c]
            if b >= 0:
                if not opened >> b & 1:
                    opened |= 1 << b
                    extend(onto[b])
                    push(b)
            elif not space:
                space = True
                extend(KINGS)
        if up == ALL:
            return False
    return up != ALL
