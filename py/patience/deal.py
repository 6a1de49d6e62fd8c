"""The shuffles: reproducible from (game, deal number) on every platform, forever.

Changing anything in this module changes every deal and is a breaking change.

**The Patience shuffle** (every game but FreeCell):

1. Seed: the first 8 bytes, big-endian, of SHA-256 of the ASCII text ``"patience:<game id>:<deal>"``
   (for example ``"patience:klondike:7"``).
2. Generator: SplitMix64 over that seed. Each step adds ``0x9E3779B97F4A7C15`` to the state
   (mod 2**64) and returns ``z`` mixed as ``z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9``,
   ``z = (z ^ (z >> 27)) * 0x94D049BB133111EB``, ``z ^ (z >> 31)``, all mod 2**64.
3. A number below ``n`` is drawn by rejection: take the top bits of a draw until the value,
   masked to the bit length of ``n - 1``, is below ``n`` (no modulo bias).
4. Fisher-Yates: for ``i`` from the last index down to 1, swap items ``i`` and ``below(i + 1)``.

The shuffled list is the order the cards are dealt in (``shuffled[0]`` is dealt first).
The options never change the shuffle, only which cards are in the pack: Spider's one-suit
pack is shuffled exactly like its four-suit pack.

**Microsoft FreeCell**: deal ``N`` is the layout Windows FreeCell shows for game ``N``; the same
linear congruential generator goes on above 32000.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from typing import TypeVar

T = TypeVar("T")
MASK64 = (1 << 64) - 1


class SplitMix64:
    """Generate 64-bit numbers by SplitMix64, a tiny generator with a one-word state."""

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    def next(self) -> int:
        """Return the next 64-bit number."""
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Return a uniformly drawn number from 0 to ``n - 1``."""
        if n <= 1:
            return 0
        bits = (n - 1).bit_length()
        while True:
            value = self.next() >> (64 - bits)
            if value < n:
                return value

    def shuffled(self, items: Iterable[T]) -> list[T]:
        """Return a new list: ``items`` shuffled by Fisher-Yates, for ``i`` from the last
        index down to 1 swapping items ``i`` and ``below(i + 1)``."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out


def seed_for(game_id: str, deal: int) -> int:
    """Return the 64-bit seed of a deal of a game."""
    digest = hashlib.sha256(f"patience:{game_id}:{deal}".encode("ascii")).digest()
    return int.from_bytes(digest[:8], "big")


def shuffle(items: list[T], game_id: str, deal: int) -> list[T]:
    """Return a new list: ``items`` in the Patience shuffle's order for this deal."""
    return SplitMix64(seed_for(game_id, deal)).shuffled(items)


def microsoft_freecell(deal: int) -> list[int]:
    """Return the 52 cards of Microsoft FreeCell game ``deal`` in dealing order.

    Cards are numbered as in ``patience.cards`` (``(rank - 1) * 4 + suit``, suits CDHS), which
    is also Microsoft's numbering. Card ``k`` of the result goes to column ``k % 8``.
    """
    state = deal & 0xFFFFFFFF
    deck = list(range(52))
    out: list[int] = []
    for left in range(52, 0, -1):
        state = (state * 214013 + 2531011) & 0x7FFFFFFF
        j = (state >> 16) % left
        out.append(deck[j])
        deck[j] = deck[left - 1]
    return out
