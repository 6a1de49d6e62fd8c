"""Yukon: any face-up card moves with everything above it."""

from ..game import Game, Published
from ..plan import ORDERS, Pass, Plan
from ..vocab import ALTERNATE, ANY_FACE_UP, KING_ONLY, Rows

# The solver's passes (``patience.plan``): Klondike's depth-first search
# (``solver/klondike.py``) decides most deals within a few thousand positions; where it does
# not, four short best-first passes (at most 5,000 positions each) find some wins that it
# meets only after hundreds of thousands (deals 17, 27, 40, 51, 96 and 164 of 1-200), then it
# starts again (at most 200,000 positions, more than any loss proven among deals 1-200
# needs, 176,000). Past about 232,000 positions, restarts of it in shuffled orders take the
# rest (at 400,000 they win 9 deals of 1-200 that the search in its own order needs 290,000
# to over 800,000 positions for, or never wins).
SOLVER = Plan("klondike_search", (Pass("dfs", 20, 20_000),
                                  *(Pass("best", 40, 5_000, w) for w in ORDERS),
                                  Pass("dfs", cap=200_000), Pass("restarts")))

YUKON = Game(
    id="yukon", title="Yukon", decks=1, tableau=7, foundations=4,
    deal=(Rows((1, 6, 7, 8, 9, 10, 11), up=(1, 5, 5, 5, 5, 5, 5)),),
    build=ALTERNATE, lift=ANY_FACE_UP, empty=KING_ONLY, safety="alt",
    summary="Move any face-up card with all the cards above it onto a card one rank higher "
            "of the other colour.",
    published=(Published(),),
    place=50, solver=SOLVER,
)
