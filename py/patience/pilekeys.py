"""What the page may know of each pile: its kind, the key that goes straight to it, and the
rank that starts it when it is empty.

The page never reads meaning into a pile's name: it draws, taps and words piles by the
*kind* the layout gives (``layout["kinds"]``: pile name -> ``"stock"``, ``"waste"``,
``"foundation"``, ``"cell"`` or ``"tableau"``):

>>> import patience
>>> kinds = pile_kinds(patience.rules("klondike"))
>>> kinds["stock"], kinds["waste"], kinds["f1"], kinds["t7"]
('stock', 'waste', 'foundation', 'tableau')
>>> pile_kinds(patience.rules("freecell"))["c4"]
'cell'

The keyboard's direct keys come the same way (``layout["keys"]``: pile name -> key name). Key
names: ``"1"`` .. ``"9"``, ``"0"`` for the tableau's piles 1-10,
``"shift+1"`` .. ``"shift+0"`` for piles 11-20, ``"s"`` the stock, ``"w"`` the waste, ``"f"``
every foundation and ``"c"`` every free cell (a key shared by a group of piles puts the held
cards on the first of them that takes them):

>>> keys = pile_keys(patience.rules("freecell"))
>>> keys["t1"], keys["t8"], keys["c2"], keys["f4"]
('1', '8', 'c', 'f')
>>> pile_keys(patience.rules("bakers_dozen"))["t13"]
'shift+3'
>>> "t21" in pile_keys(patience.rules("pyramid"))     # the Pyramid's piles 21-28: arrows only
False

And the piles nobody can use once they are empty (``layout["closed"]``: a list of names), whose
empty place the page leaves unmarked: those of a game whose emptied piles stay empty; and the
rank an empty pile shows (``layout["empty"]``: pile name -> ``"A"``, ``"K"``), where only one
rank may start it (:func:`empty_marks`).
"""

from __future__ import annotations

import re
from typing import Literal

from .cards import RANK, RANKS
from .rules import Rules

_TABLEAU = re.compile(r"t([0-9]+)")
_GROUPS = {"f": re.compile(r"f[0-9]+"), "c": re.compile(r"c[0-9]+")}
_SINGLE = {"stock": "s", "waste": "w"}

PileKind = Literal["stock", "waste", "foundation", "cell", "tableau"]


def pile_kinds(r: Rules) -> dict[str, PileKind]:
    """Return the kind of every pile of the table, in the table's order of piles."""
    def kind(i: int) -> PileKind:
        if i == r.stock:
            return "stock"
        if i == r.waste:
            return "waste"
        if i in r.F:
            return "foundation"
        return "cell" if i in r.C else "tableau"
    return {name: kind(i) for i, name in enumerate(r.names)}


def closed_piles(r: Rules) -> list[str]:
    """Return the tableau piles that take no card once empty, by the game's empty-pile rule
    (the page draws no outline where such a pile was).

    >>> import patience
    >>> closed_piles(patience.rules("golf"))
    ['t1', 't2', 't3', 't4', 't5', 't6', 't7']
    >>> closed_piles(patience.rules("klondike"))
    []
    """
    if any(r.game.empty.accepts(card, rightmost) for card in range(52)
           for rightmost in (False, True)):
        return []
    return [r.names[t] for t in r.T]


def empty_marks(r: Rules) -> dict[str, str]:
    """Return the rank shown in each empty pile that only one rank may start (the page draws
    it faintly where the pile is empty): a foundation built from the Ace shows ``"A"``, a
    tableau pile only a King may fill ``"K"``; a pile any card may start, or none, shows none.

    >>> import patience
    >>> marks = empty_marks(patience.rules("klondike"))
    >>> marks["f1"], marks["t1"]
    ('A', 'K')
    >>> sorted(empty_marks(patience.rules("freecell")))      # the cells and piles take any card
    ['f1', 'f2', 'f3', 'f4']
    >>> empty_marks(patience.rules("golf"))       # no foundation; emptied columns stay empty
    {}
    """
    out: dict[str, str] = {}
    piles = [*(r.F if r.game.foundation.takes_cards else ()), *r.T]
    for i in piles:
        ranks = {RANK[card] for card in range(52)
                 if (r.foundation_accepts((), card) if i in r.F else r.empty_accepts(i, card))}
        if len(ranks) == 1:
            rank_ = ranks.pop()
            out[r.names[i]] = "10" if rank_ == 10 else RANKS[rank_ - 1]
    return out


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
