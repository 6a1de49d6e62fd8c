"""The keyboard's direct keys: which key goes straight to each pile of a game.

The page reads them from the layout (``layout["keys"]``: pile name -> key name) and never
from the piles' names. Key names: ``"1"`` .. ``"9"``, ``"0"`` for the tableau's piles 1-10,
``"shift+1"`` .. ``"shift+0"`` for piles 11-20, ``"s"`` the stock, ``"w"`` the waste, ``"f"``
every foundation and ``"c"`` every free cell (a key shared by a group of piles puts the held
cards on the first of them that takes them):

>>> import patience
>>> keys = pile_keys(patience.rules("freecell"))
>>> keys["t1"], keys["t8"], keys["c2"], keys["f4"]
('1', '8', 'c', 'f')
>>> pile_keys(patience.rules("bakers_dozen"))["t13"]
'shift+3'
>>> "t21" in pile_keys(patience.rules("pyramid"))     # the Pyramid's piles 21-28: arrows only
False
"""

from __future__ import annotations

import re

from .rules import Rules

_TABLEAU = re.compile(r"t([0-9]+)")
_GROUPS = {"f": re.compile(r"f[0-9]+"), "c": re.compile(r"c[0-9]+")}
_SINGLE = {"stock": "s", "waste": "w"}


def pile_keys(r: Rules) -> dict[str, str]:
    """Return the key of each pile that has one, in the table's order of piles."""
    out: dict[str, str] = {}
    for name in r.index:
        t = _TABLEAU.fullmatch(name)
        if t:
            n = int(t.group(1))
            if 1 <= n <= 20:
                out[name] = f"{'shift+' if n > 10 else ''}{n % 10}"
            continue
        if name in _SINGLE:
            out[name] = _SINGLE[name]
            continue
        for key, pattern in _GROUPS.items():
            if pattern.fullmatch(name):
                out[name] = key
    return out
