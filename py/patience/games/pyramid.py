"""Pyramid: remove pairs of free cards adding up to 13, and Kings alone."""

from ..game import Game, Option
from ..plan import Plan
from ..vocab import DISCARD, NO_BUILDING, ONE_CARD, STAYS_EMPTY, TO_WASTE, Pairs, Rows
from .layouts import pyramid_cover, pyramid_layout

PYRAMID = Game(
    id="pyramid", title="Pyramid", decks=1, tableau=28, foundations=1,
    deal=(Rows((1,) * 28),),
    build=NO_BUILDING, lift=ONE_CARD, empty=STAYS_EMPTY, foundation=DISCARD, stock=TO_WASTE,
    passes="passes", symmetric=False, safety="kings", play=Pairs(13), cover=pyramid_cover,
    goal="tableau", layout=pyramid_layout,
    options=(
        Option("passes", "Passes", (1, 3, "unlimited"), 3, "Times through the stock.",
               ("1 pass", "3 passes", "Unlimited")),
    ),
    summary="Clear the pyramid by removing pairs of free cards that add up to 13.",
    place=40, solver=Plan("pyramid_search"),
)
