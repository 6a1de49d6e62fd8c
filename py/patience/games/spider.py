"""Spider: two decks in ten columns; whole King-to-Ace runs of one suit leave the table."""

from ..game import Game, Option, Published
from ..plan import Plan
from ..vocab import ANY_CARD, ANY_SUIT, SUIT_RUN, TO_EVERY_PILE, WHOLE_RUNS, Rows
from .layouts import remove_runs, spider_pack

SPIDER = Game(
    id="spider", title="Spider", decks=2, tableau=10, foundations=8,
    deal=(Rows((6, 6, 6, 6, 5, 5, 5, 5, 5, 5)),),
    build=ANY_SUIT, lift=SUIT_RUN, empty=ANY_CARD, foundation=WHOLE_RUNS, stock=TO_EVERY_PILE,
    pack=spider_pack, after_move=remove_runs,
    options=(
        Option("suits", "Suits", (1, 2, 4), 1, "How many suits the 104 cards come in.",
               ("1 suit", "2 suits", "4 suits")),
    ),
    summary="Build King-to-Ace runs of one suit in the columns; each complete run leaves "
            "the table.",
    published=(Published((("suits", 1),)), Published((("suits", 2),))),
    place=20, solver=Plan("spider_search"),
)
