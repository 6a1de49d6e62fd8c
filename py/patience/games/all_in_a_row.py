"""All in a Row: thirteen piles feeding one foundation, up or down, King and Ace adjacent."""

from ..game import Game, Published
from ..plan import Plan
from ..vocab import NO_BUILDING, ONE_CARD, STAYS_EMPTY, WRAP, Rows
from .layouts import two_rows_layout

ALL_IN_A_ROW = Game(
    id="all_in_a_row", title="All in a Row", decks=1, tableau=13, foundations=1,
    deal=(Rows((4,) * 13, up=4),),
    build=NO_BUILDING, lift=ONE_CARD, empty=STAYS_EMPTY, foundation=WRAP,
    layout=two_rows_layout,
    summary="Play every card onto one pile, each a rank above or below the last, whatever "
            "the suit.",
    published=(Published(),),
    place=70, solver=Plan("row_search"),
)
