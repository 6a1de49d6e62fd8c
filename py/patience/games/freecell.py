"""FreeCell: every card face up, four free cells; Microsoft's deal numbers."""

from ..game import Game, Published
from ..plan import Plan
from ..vocab import ALTERNATE, ANY_CARD, BUILT_RUN, Rows

FREECELL = Game(
    id="freecell", title="FreeCell", decks=1, tableau=8, foundations=4, cells=4,
    deal=(Rows((7, 7, 7, 7, 6, 6, 6, 6), up=7),),
    build=ALTERNATE, lift=BUILT_RUN, empty=ANY_CARD, supermove=True,
    shuffle="microsoft", safety="alt",
    summary="Every card is dealt face up; four free cells hold one card each.",
    published=(Published((), "99.9989%", "Blake and Gent"),),
    place=30, solver=Plan("freecell_search"),
)
