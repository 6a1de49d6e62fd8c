"""Klondike: seven columns in alternating colours, a stock turned one or three at a time."""

from ..game import Game, Option, Published
from ..movegen import TAKEBACK_POINTS, TIME_PENALTY, TIME_PERIOD
from ..plan import ORDERS, Pass, Plan
from ..vocab import ALTERNATE, BUILT_RUN, KING_ONLY, TO_WASTE, Rows

# The solver's passes (``patience.plan``). Its own depth-first search (``solver/klondike.py``)
# costs about a fifth as much a position as the general search. Asked first with no budget,
# it answers at once a deal its dead-end test finds lost. Then four best-first passes
# narrowed by ``solver/narrow.py``, a 48th of the budget each (on deals 1-40 most wins come
# in a few hundred nodes under one of the weights and in none under the others; a 24th each
# cost hard deals about 5 s of 10 before the exact search; of deals 1-200, draw 1, the 14
# that only a larger share lets a narrowed pass win, the exact search wins in under 4 s
# each), then the depth-first search with the rest.
SOLVER = Plan("klondike_search", (Pass("dfs", cap=0),
                                  *(Pass("narrow", 48, weights=w) for w in ORDERS),
                                  Pass("dfs")))

KLONDIKE = Game(
    id="klondike", title="Klondike", decks=1, tableau=7, foundations=4,
    deal=(Rows((1, 2, 3, 4, 5, 6, 7)),),
    build=ALTERNATE, lift=BUILT_RUN, empty=KING_ONLY, stock=TO_WASTE,
    draw="draw", passes="passes", takeback="takeback", scoring="scoring", safety="alt",
    peek="peek", timed="timed",
    options=(
        Option("draw", "Draw", (1, 3), 1, "Cards turned from the stock at a time.",
               ("Draw 1", "Draw 3")),
        Option("passes", "Passes", (1, 3, "unlimited"), 3, "Times through the stock.",
               ("1 pass", "3 passes", "Unlimited")),
        Option("scoring", "Scoring", ("none", "standard", "vegas"), "standard",
               "Standard points, Vegas dollars, or no score.", ("None", "Standard", "Vegas"),
               play=False),
        Option("timed", "Timed", (False, True), False,
               f"Standard scoring loses {TIME_PENALTY} points every {TIME_PERIOD} seconds.",
               ("Off", "On"), play=False),
        Option("takeback", "Foundation take-back", (True, False), True,
               f"Cards may come back from the foundations ({TAKEBACK_POINTS} points).",
               ("Allowed", "Not allowed")),
        Option("peek", "Peek", (False, True), False,
               "Show the next card of the stock.", ("Off", "On"), play=False),
    ),
    summary="Build four suits up from the Ace; the seven columns build down in alternating "
            "colours.",
    published=(Published((("draw", 1), ("passes", "unlimited")), "90.48%", "Blake and Gent"),
               Published((("draw", 3), ("passes", "unlimited")), "81.95%", "Blake and Gent")),
    place=10, solver=SOLVER,
)
