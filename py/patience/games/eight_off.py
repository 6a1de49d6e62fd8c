"""Eight Off: eight open piles building down in suit, eight free cells, four of them dealt."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..game import Game, Published
from ..vocab import IN_SUIT, KING_ONLY, ONE_CARD, Rows, ToCells
from .layouts import pile_names, row

if TYPE_CHECKING:
    from ..rules import Rules


def cells_above_piles(r: Rules) -> dict[str, Any]:
    """Lay out the foundations centred on top, the eight free cells in a row below them and
    the eight piles under the cells: eight card widths, so a phone shows every cell."""
    f, c, t = pile_names(r)
    gaps = len(t) - len(f)
    top = [*[None] * (gaps // 2), *f, *[None] * (gaps - gaps // 2)]
    return {"columns": len(t), "rows": [row(top), row(c), row(t, fan="down")]}


EIGHT_OFF = Game(
    id="eight_off", title="Eight Off", decks=1, tableau=8, foundations=4, cells=8,
    deal=(Rows((6,) * 8, up=6), ToCells(4)),
    build=IN_SUIT, lift=ONE_CARD, empty=KING_ONLY, safety="any",
    layout=cells_above_piles,
    summary="Every card face up and eight free cells, four of them filled by the deal; "
            "build down in suit, one card at a time.",
    published=(Published(),),
    decisions=(
        "Cards move one at a time. Where the free cells could carry a run card by card, the "
        "player makes those moves one by one: no move carries several cards at once.",
        "An empty pile takes only a King; an empty free cell takes any card.",
        "Cards on the foundations stay there.",
    ),
    place=110,
)
