"""Spider: two decks in ten columns; whole King-to-Ace runs of one suit leave the table."""

from ..game import Game, Option, Published
from .layouts import remove_runs, rows, spider_pack

SPIDER = Game(
    id="spider", title="Spider", decks=2, tableau=10, foundations=8,
    deal=rows((6, 6, 6, 6, 5, 5, 5, 5, 5, 5)),
    build="any", lift="suit_run", empty="any", foundation="runs", stock="tableau",
    pack=spider_pack, after_move=remove_runs,
    options=(
        Option("suits", "Suits", (1, 2, 4), 1, "How many suits the 104 cards come in.",
               ("1 suit", "2 suits", "4 suits")),
    ),
    summary="Build King-to-Ace runs of one suit in the columns; each complete run leaves "
            "the table.",
    published=(Published((("suits", 1),)), Published((("suits", 2),))),
)
