"""The registry of games, by id."""

from __future__ import annotations

from ..errors import OptionsError
from ..game import Game
from .all_in_a_row import ALL_IN_A_ROW
from .bakers_dozen import BAKERS_DOZEN
from .eight_off import EIGHT_OFF
from .forty_thieves import FORTY_THIEVES
from .freecell import FREECELL
from .golf import GOLF
from .klondike import KLONDIKE
from .moving_left import MOVING_LEFT
from .pyramid import PYRAMID
from .roosevelt import ROOSEVELT
from .spider import SPIDER
from .streets_and_alleys import STREETS_AND_ALLEYS
from .tripeaks import TRIPEAKS
from .yukon import YUKON

GAMES: dict[str, Game] = {g.id: g for g in (
    KLONDIKE, SPIDER, FREECELL, PYRAMID, YUKON, STREETS_AND_ALLEYS, ALL_IN_A_ROW, ROOSEVELT,
    MOVING_LEFT, BAKERS_DOZEN, EIGHT_OFF, FORTY_THIEVES, TRIPEAKS, GOLF,
)}


def find_game(game_id: str) -> Game:
    """Return the game with this id, or raise ``OptionsError`` naming the known ones."""
    game = GAMES.get(game_id)
    if game is None:
        raise OptionsError(f"no game {game_id!r} (games: {', '.join(GAMES)})")
    return game
