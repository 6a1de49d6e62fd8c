"""Which deals are known to be winnable: the key of a game and its options in the shipped list.

``static/data/winnable.json`` lists deal numbers the project's solver won, by set; a set is a
game with the options that change which deals can be won (how the stock turns, how many
passes, whether cards come back from the foundations, how many suits). Scoring, the clock
and peeking change nothing about that, so they are left out of the key.

>>> import patience
>>> winnable_key(patience.rules("klondike", {"draw": 3, "scoring": "vegas"}))
'klondike:draw=3,passes=3,takeback=True'
>>> winnable_key(patience.rules("freecell"))
'freecell'
"""

from __future__ import annotations

from .rules import Rules

#: Options that never change whether a deal can be won.
NOT_PLAY = frozenset({"scoring", "timed", "peek"})


def winnable_key(r: Rules) -> str:
    """Return the key of the set of winnable deals for the game and options of ``r``."""
    parts = [f"{name}={value}" for name, value in sorted(r.options.items())
             if name not in NOT_PLAY]
    return r.game.id + (":" + ",".join(parts) if parts else "")
