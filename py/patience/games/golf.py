"""Golf: seven piles of five face up, their top cards played onto the waste a rank up or
down; one pass through the stock."""

from ..game import Game, Option
from ..vocab import (
    NO_BUILDING,
    NO_FOUNDATION,
    ONE_CARD,
    ONTO_PLAY_PILE,
    STAYS_EMPTY,
    OntoWaste,
    Rows,
    TurnOne,
)
from .layouts import waste_below_layout

GOLF = Game(
    id="golf", title="Golf", decks=1, tableau=7, foundations=0,
    deal=(Rows((5,) * 7, up=5), TurnOne()),
    build=NO_BUILDING, lift=ONE_CARD, empty=STAYS_EMPTY, foundation=NO_FOUNDATION,
    stock=ONTO_PLAY_PILE, passes=1, play=OntoWaste(wrap="wrap", king_stops=True),
    goal="tableau", layout=waste_below_layout,
    options=(
        Option("wrap", "King and Ace", (False, True), False,
               "Whether King and Ace count as neighbours (then a card goes on a King).",
               ("Apart", "Neighbours")),
    ),
    summary="Clear the seven piles onto the waste, each card a rank above or below the last, "
            "whatever the suit.",
)
