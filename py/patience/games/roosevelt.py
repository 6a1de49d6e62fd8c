"""Roosevelt: two decks, seven open piles, a single pass through the stock."""

from ..game import Game, Published
from .layouts import rows, three_rows_layout

ROOSEVELT = Game(
    id="roosevelt", title="Roosevelt", decks=2, tableau=7, foundations=8,
    deal=rows((4,) * 7, up=4),
    build="alt", lift="one", empty="any", stock="waste", passes=1, safety="alt",
    layout=three_rows_layout,
    summary="Two decks; build down in alternating colours one card at a time; one pass "
            "through the stock.",
    published=(Published(),),
)
