"""What the player may see of a position: JSON-ready, with face-down cards hidden."""

from __future__ import annotations

from typing import Any

from .cards import card_str
from .game import State
from .rules import Rules


def view(r: Rules, s: State) -> dict[str, Any]:
    """Return the piles as the player sees them: face-down cards are ``None``.

    The stock is face down, except its top card when the game's peek option is on.
    """
    piles: dict[str, list[str | None]] = {}
    for i, name in enumerate(r.names):
        pile = s.piles[i]
        hidden = len(pile) if i == r.stock else s.down[i]
        cards: list[str | None] = [None] * hidden + [card_str(c) for c in pile[hidden:]]
        if i == r.stock and pile and r.peek:
            cards[-1] = card_str(pile[-1])
        piles[name] = cards
    free = r.game.play.removable(r, s)
    return {"game": r.game.id, "piles": piles, "recycles": s.recycles, "free": free}
