"""Forty Thieves: two decks, ten open piles building down in suit, one pass through the stock."""

from ..game import Game, Published
from ..plan import Plan
from ..vocab import ANY_CARD, IN_SUIT, ONE_CARD, TO_WASTE, Rows

FORTY_THIEVES = Game(
    id="forty_thieves", title="Forty Thieves", decks=2, tableau=10, foundations=8,
    deal=(Rows((4,) * 10, up=4),),
    build=IN_SUIT, lift=ONE_CARD, empty=ANY_CARD, stock=TO_WASTE, passes=1, safety="any",
    summary="Two decks; forty cards face up in ten piles that build down in suit, one card "
            "at a time; one pass through the stock.",
    published=(Published(),),
    decisions=(
        "Cards move one at a time, from a pile or the waste; no move carries a run.",
        "An empty pile takes any card, from a pile or the waste.",
        "The stock is turned one card at a time onto the waste, once through: there is no "
        "redeal. Only the waste's top card plays.",
        "Cards on the foundations stay there.",
    ),
    place=120, solver=Plan("forty_search"),
)
