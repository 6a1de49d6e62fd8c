"""The registry of games, by id: every ``Game`` table of the modules of this package.

No list is written by hand: ``discover`` imports each module of the package (``pkgutil``
finds them in a folder or in the engine's zip alike) and takes the ``Game`` values it
holds, so a new game is its file here. A module with no table (``layouts``) adds none. The
catalogue lists them by the place each table declares (``Game.place``), then by id.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterable
from types import ModuleType

from ..errors import OptionsError
from ..game import Game


def tables(modules: Iterable[ModuleType]) -> list[Game]:
    """Return the ``Game`` values the modules hold, each once, by place and then id; raise
    ``ValueError`` if two tables share an id."""
    found = {id(v): v for m in modules for v in vars(m).values() if isinstance(v, Game)}
    games = sorted(found.values(), key=lambda g: (g.place, g.id))
    ids = [g.id for g in games]
    twice = sorted({i for i in ids if ids.count(i) > 1})
    if twice:
        raise ValueError(f"two games share the id {', '.join(twice)}")
    return games


def discover() -> dict[str, Game]:
    """Import every module of this package (on its ``__path__``, read when called) and
    return its games by id, in the catalogue's order."""
    modules = [importlib.import_module(f"{__name__}.{info.name}")
               for info in pkgutil.iter_modules(__path__) if not info.ispkg]
    return {g.id: g for g in tables(modules)}


GAMES: dict[str, Game] = discover()


def find_game(game_id: str) -> Game:
    """Return the game with this id, or raise ``OptionsError`` naming the known ones."""
    game = GAMES.get(game_id)
    if game is None:
        raise OptionsError(f"no game {game_id!r} (games: {', '.join(GAMES)})")
    return game
