"""Streets and Alleys: eight open piles building down regardless of suit, one card at a time."""

from ..game import Game, Published
from ..plan import EACH, Pass, Plan
from ..vocab import ANY_CARD, ANY_SUIT, ONE_CARD, Rows

# The solver's passes (``patience.plan``): short best-first restarts find many wins soonest;
# the depth-first search of ``solver/castle.py`` in its own order (about three times as many
# positions a second on large searches, and little memory) proves most losses (deals 1-200
# in at most 25,000 positions); past 100,000 positions, restarts of it, its order of moves
# shuffled a little by each seed, find more wins. Any pass that runs dry proves the game
# lost.
SOLVER = Plan("castle_search", (*(Pass("best", 10, 10_000, w) for w in EACH),
                                Pass("dfs", cap=60_000), Pass("restarts")))

STREETS_AND_ALLEYS = Game(
    id="streets_and_alleys", title="Streets and Alleys", decks=1, tableau=8, foundations=4,
    deal=(Rows((7, 7, 7, 7, 6, 6, 6, 6), up=7),),
    build=ANY_SUIT, lift=ONE_CARD, empty=ANY_CARD, safety="any",
    summary="All cards face up; build down by rank whatever the suit, one card at a time.",
    published=(Published((), "51.19%", "Blake and Gent"),),
    place=60, solver=SOLVER,
)
