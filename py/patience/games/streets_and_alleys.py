"""Streets and Alleys: eight open piles building down regardless of suit, one card at a time."""

from ..game import Game, Published
from ..vocab import ANY_CARD, ANY_SUIT, ONE_CARD, Rows

STREETS_AND_ALLEYS = Game(
    id="streets_and_alleys", title="Streets and Alleys", decks=1, tableau=8, foundations=4,
    deal=(Rows((7, 7, 7, 7, 6, 6, 6, 6), up=7),),
    build=ANY_SUIT, lift=ONE_CARD, empty=ANY_CARD, safety="any",
    summary="All cards face up; build down by rank whatever the suit, one card at a time.",
    published=(Published((), "51.19%", "Blake and Gent"),),
)
