"""The 128-bit Zobrist keys of the depth-first searches that change one position in place
(``klondike.py``, ``castle.py``), and the keys of a whole tableau and foundations.

A face-up tableau card is keyed together with the card under it (or the bottom of its pile):
blind to the order of the piles, as ``Rules.key`` is, and a run moved between piles changes
only the entry of its bottom card.

Two positions could share a key by chance: with 128 random bits the odds over a search of a
million positions are about one in 10^26, the only way a search keyed so could call a game
unwinnable wrongly.
"""

from __future__ import annotations

import random

BOTTOM = 52   # "the card under" a pile's bottom card
NONE = 52     # the card an empty waste shows


def _bits(count: int, rng: random.Random) -> list[int]:
    return [rng.getrandbits(128) for _ in range(count)]


_RNG = random.Random(0x4B4C4F4E44494B45)
# Face-up card over a card (c * 53 + under), face-down card, foundation card, stock or waste
# card, the card the waste shows, passes used.
ZU, ZD, ZF, ZK, ZW, ZR = (_bits(n, _RNG) for n in (52 * 53, 52, 52, 52, 53, 64))


def tableau_key(tab: list[list[int]], down: list[int]) -> int:
    """Return the key of tableau piles: each face-down card (the first ``down[t]`` of pile
    ``t``) alone, each face-up card with the card under it (or the bottom)."""
    key = 0
    for pile, d in zip(tab, down):
        for i, card in enumerate(pile):
            key ^= ZD[card] if i < d else ZU[card * 53 + (pile[i - 1] if i else BOTTOM)]
    return key


def foundation_key(found: list[int]) -> int:
    """Return the key of foundations holding each suit up to ``found[suit]``."""
    key = 0
    for suit, top in enumerate(found):
        for rk in range(1, top + 1):
            key ^= ZF[(rk - 1) * 4 + suit]
    return key
