"""Moving Left: two decks; the tableau closes up from the right whenever a pile empties."""

from ..game import Game, Published
from .layouts import close_up, rows

MOVING_LEFT = Game(
    id="moving_left", title="Moving Left", decks=2, tableau=10, foundations=8,
    deal=rows(tuple(range(1, 11))),
    build="alt", lift="run", empty="king_rightmost", stock="waste", passes=1,
    takeback=True, symmetric=False, after_move=close_up, safety="alt",
    summary="Two decks; whenever a pile empties, the piles to its right slide left to "
            "close the gap.",
    published=(Published(),),
)
