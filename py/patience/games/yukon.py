"""Yukon: any face-up card moves with everything above it."""

from ..game import Game, Published
from ..vocab import ALTERNATE, ANY_FACE_UP, KING_ONLY, Rows

YUKON = Game(
    id="yukon", title="Yukon", decks=1, tableau=7, foundations=4,
    deal=(Rows((1, 6, 7, 8, 9, 10, 11), up=(1, 5, 5, 5, 5, 5, 5)),),
    build=ALTERNATE, lift=ANY_FACE_UP, empty=KING_ONLY, safety="alt",
    summary="Move any face-up card with all the cards above it onto a card one rank higher "
            "of the other colour.",
    published=(Published(),),
)
