"""Baker's Dozen: thirteen open piles with the Kings at the bottom; a pile once empty stays so."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..game import Game
from ..plan import EACH, Pass, Plan
from ..vocab import ANY_SUIT, ONE_CARD, STAYS_EMPTY, KingsToBottom, Rows
from .layouts import pile_names, row

if TYPE_CHECKING:
    from ..rules import Rules


def two_rows_under_foundations(r: Rules) -> dict[str, Any]:
    """Lay out the four foundations centred above the thirteen piles in two rows (7 and 6)."""
    f, _, t = pile_names(r)
    width = (len(t) + 1) // 2
    gaps = width - len(f)
    top = [*[None] * (gaps // 2), *f, *[None] * (gaps - gaps // 2)]
    return {"columns": width, "rows": [row(top), row(t[:width], fan="down"),
                                       row(t[width:], fan="down")]}


# The solver's passes (``patience.plan``), as Streets and Alleys': the depth-first search of
# ``solver/castle.py`` takes Baker's Dozen too (no move into an empty pile, and its dead-end
# test counts no space). Short best-first restarts win most deals in a few hundred
# positions; the search in its own order proves the rare losses; restarts of it in shuffled
# orders win the long ones (the general search alone left 3 of deals 1-20 and 1001-1020
# unknown at 40,000 positions).
SOLVER = Plan("castle_search", (*(Pass("best", 10, 10_000, w) for w in EACH),
                                Pass("dfs", cap=60_000), Pass("restarts")))

BAKERS_DOZEN = Game(
    id="bakers_dozen", title="Baker's Dozen", decks=1, tableau=13, foundations=4,
    deal=(Rows((4,) * 13, up=4), KingsToBottom()),
    build=ANY_SUIT, lift=ONE_CARD, empty=STAYS_EMPTY, safety="any",
    layout=two_rows_under_foundations,
    summary="Thirteen open piles with every King at the bottom: a game of planning, as a "
            "pile that empties can never be filled again.",
    place=100, solver=SOLVER,
)
