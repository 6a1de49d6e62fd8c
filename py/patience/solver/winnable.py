"""The key of a game's option set in the list of winnable deals (``static/data/winnable.json``).

A key is the game id, then, when the game has options that change which deals can be won,
a colon and those options as ``name=value``, sorted by name and joined by commas; values
are written as ``patience.options.option_text`` writes them (``yes``/``no``, ``unlimited``):

>>> import patience
>>> winnable_key(patience.rules("klondike", {"draw": 3, "scoring": "vegas"}))
'klondike:draw=3,passes=3,takeback=yes'
>>> winnable_key(patience.rules("freecell"))
'freecell'

Options that only change the score or what is shown (``Option.play`` false: Klondike's
scoring, timed and peek) are left out: the same deals are won whatever they are.
"""

from __future__ import annotations

from ..options import option_text
from ..rules import Rules


def winnable_key(r: Rules) -> str:
    """Return the key of the winnable-deal list that applies to the options of ``r``."""
    play = {o.name for o in r.game.options if o.play}
    parts = [f"{name}={option_text(value)}" for name, value in sorted(r.options.items())
             if name in play]
    return r.game.id + (":" + ",".join(parts) if parts else "")
