"""Roosevelt: two decks, seven open piles, a single pass through the stock."""

from ..game import Game, Published
from ..plan import Plan
from ..vocab import ALTERNATE, ANY_CARD, ONE_CARD, TO_WASTE, Rows
from .layouts import three_rows_layout

ROOSEVELT = Game(
    id="roosevelt", title="Roosevelt", decks=2, tableau=7, foundations=8,
    deal=(Rows((4,) * 7, up=4),),
    build=ALTERNATE, lift=ONE_CARD, empty=ANY_CARD, stock=TO_WASTE, passes=1, safety="alt",
    layout=three_rows_layout,
    summary="Two decks; build down in alternating colours one card at a time; one pass "
            "through the stock.",
    published=(Published(),),
    place=80, solver=Plan("onepass_search"),
)
