"""Moving Left: two decks; the tableau closes up from the right whenever a pile empties."""

from ..game import Game, Published
from ..plan import Plan
from ..vocab import ALTERNATE, BUILT_RUN, KING_RIGHTMOST, TO_WASTE, Rows
from .layouts import close_up

MOVING_LEFT = Game(
    id="moving_left", title="Moving Left", decks=2, tableau=10, foundations=8,
    deal=(Rows(tuple(range(1, 11))),),
    build=ALTERNATE, lift=BUILT_RUN, empty=KING_RIGHTMOST, stock=TO_WASTE, passes=1,
    takeback=True, symmetric=False, after_move=close_up, safety="alt",
    summary="Two decks; whenever a pile empties, the piles to its right slide left to "
            "close the gap.",
    published=(Published(),),
    place=90, solver=Plan("leftward_search"),
)
