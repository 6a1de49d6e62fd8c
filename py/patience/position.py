"""Moves and positions: the two values every layer above the cards passes around.

They live apart from the game tables (``game.py``, which names them too) so that the rule
vocabulary (``vocab.py``) can make moves without importing the tables that use it.
"""

from __future__ import annotations

from typing import NamedTuple

Piles = tuple[tuple[int, ...], ...]


class Move(NamedTuple):
    """A move: ``n`` cards from pile ``src`` to pile ``dst``, by pile id.

    Special forms: ``stock>waste:N`` turns N cards; ``waste>stock:N`` turns the waste of N
    cards back into the stock; ``stock>tableau:N`` deals one card onto each of the N tableau
    piles (Spider). In the Pyramid a move onto another card (``t5>t6``, ``waste>t3``)
    removes the pair, and ``t1>f1`` removes a King.
    """

    src: str
    dst: str
    n: int = 1

    def __str__(self) -> str:
        return f"{self.src}>{self.dst}" + (f":{self.n}" if self.n != 1 else "")


class State(NamedTuple):
    """A position: immutable and hashable.

    ``piles[i]`` lists the cards of pile ``i`` bottom first (the last is the top card);
    ``down[i]`` counts its face-down cards, at the bottom (the stock is always face down);
    ``recycles`` counts the times the waste went back to the stock; ``score`` is the running
    score under standard scoring (0 otherwise).
    """

    piles: Piles
    down: tuple[int, ...]
    recycles: int = 0
    score: int = 0
