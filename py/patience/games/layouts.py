"""Dealing helpers for the game tables, and the after-move hooks of the games that need one."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import RANK
from ..game import DealHook, OptionValue

if TYPE_CHECKING:
    from ..rules import Rules


def rows(sizes: tuple[int, ...], up: tuple[int, ...] | int = 1) -> DealHook:
    """Return a deal that goes round the piles row by row, skipping full ones.

    Pile ``i`` gets ``sizes[i]`` cards, of which the top ``up[i]`` (or ``up``) are face up;
    the cards left over become the stock, in the order they were shuffled (the last on top).
    """
    ups = up if isinstance(up, tuple) else (up,) * len(sizes)

    def deal(pack: list[int]) -> tuple[list[list[int]], list[int], list[int]]:
        piles: list[list[int]] = [[] for _ in sizes]
        k = 0
        for row in range(max(sizes)):
            for i, size in enumerate(sizes):
                if size > row:
                    piles[i].append(pack[k])
                    k += 1
        down = [max(0, size - u) for size, u in zip(sizes, ups)]
        return piles, down, pack[k:]

    return deal


def spider_pack(options: dict[str, OptionValue]) -> list[int]:
    """Return Spider's 104 cards: two decks' worth in 1, 2 or 4 suits (spades, then hearts)."""
    suits = {1: (3,), 2: (3, 2), 4: (0, 1, 2, 3)}[int(options["suits"])]
    copies = 8 // len(suits)
    return [rank * 4 + suit for suit in suits for _ in range(copies) for rank in range(13)]


def remove_runs(r: Rules, piles: list[tuple[int, ...]], down: list[int]) -> None:
    """Move every King-to-Ace run of one suit on top of a tableau pile to a foundation."""
    for t in r.T:
        pile = piles[t]
        if len(pile) - down[t] < 13 or RANK[pile[-1]] != 1:
            continue
        if all(pile[-k] + 4 == pile[-k - 1] for k in range(1, 13)):
            f = next(f for f in r.F if not piles[f])
            piles[f] = pile[-13:]
            piles[t] = pile[:-13]
            if down[t] and down[t] >= len(piles[t]):
                down[t] -= 1


def close_up(r: Rules, piles: list[tuple[int, ...]], down: list[int]) -> None:
    """Close the tableau up from the right (Moving Left), cascading until no gap is left.

    While a pile other than the rightmost is empty and the pile to its right has face-up
    cards, those cards move into the gap and the card they uncover is turned face up.
    """
    moved = True
    while moved:
        moved = False
        for a, b in zip(r.T, r.T[1:]):
            if not piles[a] and len(piles[b]) > down[b]:
                piles[a] = piles[b][down[b]:]
                down[a] = 0
                piles[b] = piles[b][:down[b]]
                if down[b]:
                    down[b] -= 1
                moved = True
