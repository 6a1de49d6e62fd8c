"""Which physical card is which, from one position to the next: ids for the page's motion.

The engine's positions hold card values, and a two-deck game holds each value twice, so a
position alone does not say which card went where. :class:`Tracker` gives every card on the
table an opaque id when a game starts (its place in the deal: pile by pile, bottom up) and
carries the ids across any change of position by comparing the two positions:

- the cards a pile keeps at its bottom (the longest common prefix) keep their ids;
- every other card has left its pile, and a card that has arrived somewhere takes the id of a
  card of the same value that left (the earliest to leave first).

This covers every kind of change alike (a move, an automatic move, undo, redo, a restart, a
deal from the stock, Moving Left closing up) without knowing any rule. An id says nothing of
a face-down card's value: it is a position at the start, which the player saw too.
"""

from __future__ import annotations

from collections import defaultdict, deque

Piles = tuple[tuple[int, ...], ...]


def fresh_ids(piles: Piles, first: int = 0) -> list[list[int]]:
    """Number the cards of a position in order, pile by pile, bottom up, from ``first``."""
    out: list[list[int]] = []
    n = first
    for pile in piles:
        out.append(list(range(n, n + len(pile))))
        n += len(pile)
    return out


def carry_ids(before: Piles, ids: list[list[int]], after: Piles) -> list[list[int]]:
    """Return the ids of ``after``'s cards, carried over from ``before`` (whose ids are ``ids``).

    A card value that arrives with no card of that value having left (which no legal change
    does) gets a new id past every id in use.
    """
    if len(before) != len(after):
        return fresh_ids(after)
    keep: list[int] = []
    left: dict[int, deque[int]] = defaultdict(deque)
    for old, new, old_ids in zip(before, after, ids):
        k = 0
        limit = min(len(old), len(new))
        while k < limit and old[k] == new[k]:
            k += 1
        keep.append(k)
        for card, cid in zip(old[k:], old_ids[k:]):
            left[card].append(cid)
    spare = 1 + max((i for pile in ids for i in pile), default=-1)
    out: list[list[int]] = []
    for new, old_ids, k in zip(after, ids, keep):
        pile_ids = old_ids[:k]
        for card in new[k:]:
            queue = left.get(card)
            if queue:
                pile_ids.append(queue.popleft())
            else:
                pile_ids.append(spare)
                spare += 1
        out.append(pile_ids)
    return out


class Tracker:
    """The ids of the cards of the position last shown, carried from one position to the next.

    Each game gets ids of its own (the next game's start past the last one's), so the page
    never takes a card of a new deal for one of the old.
    """

    def __init__(self) -> None:
        self._piles: Piles | None = None
        self._ids: list[list[int]] = []
        self._first = 0

    def reset(self) -> None:
        """Forget the last position: the next one gets fresh ids (a new game or a load)."""
        if self._piles is not None:
            self._first = 1 + max((i for pile in self._ids for i in pile), default=self._first)
        self._piles = None

    def ids(self, piles: Piles) -> list[list[int]]:
        """Return the ids of ``piles``' cards, carrying them over from the last position seen."""
        if self._piles is None:
            self._ids = fresh_ids(piles, self._first)
        elif piles != self._piles:
            self._ids = carry_ids(self._piles, self._ids, piles)
        self._piles = piles
        return self._ids
