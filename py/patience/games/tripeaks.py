"""TriPeaks: three overlapping peaks cleared onto the waste a rank up or down, King and Ace
neighbours; one pass through the stock."""

from ..game import Game, Option
from ..plan import Plan
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
from .layouts import peaks_cover, peaks_layout, turn_up_free

TRIPEAKS = Game(
    id="tripeaks", title="TriPeaks", decks=1, tableau=28, foundations=0,
    deal=(Rows((1,) * 28, up=(0,) * 18 + (1,) * 10), TurnOne()),
    build=NO_BUILDING, lift=ONE_CARD, empty=STAYS_EMPTY, foundation=NO_FOUNDATION,
    stock=ONTO_PLAY_PILE, passes=1, play=OntoWaste(wrap="wrap"), symmetric=False,
    cover=peaks_cover, after_move=turn_up_free, goal="tableau", layout=peaks_layout,
    options=(
        Option("wrap", "King and Ace", (True, False), True,
               "Whether King and Ace count as neighbours.", ("Neighbours", "Apart")),
    ),
    summary="Clear three overlapping peaks onto the waste, each card a rank above or below "
            "the last, whatever the suit.",
    place=130, solver=Plan("peaks_search"),
)
