"""Patience: the rules of nine solitaire games as data, in pure Python.

>>> import patience
>>> game = patience.new_game("freecell", deal=1)
>>> game.play("t1>c1")
Move(src='t1', dst='c1', n=1)
>>> game.undo()
Move(src='t1', dst='c1', n=1)
"""

from __future__ import annotations

from collections.abc import Mapping

from .auto import finish_moves, safe_moves, status
from .cards import card_name, card_str, parse_card
from .errors import (
    IllegalMoveError,
    MoveParseError,
    OptionsError,
    PatienceError,
    PositionError,
    SaveCardsError,
    SaveError,
    SaveGameError,
    SaveMoveError,
    SaveNotJSONError,
    SaveTooLargeError,
    SaveVersionError,
)
from .game import Game, Move, Option, State
from .games import GAMES, find_game
from .notation import format_position, parse_move, parse_position
from .rules import Rules
from .session import Session
from .view import view

__all__ = [
    "GAMES", "Game", "IllegalMoveError", "Move", "MoveParseError", "Option", "OptionsError",
    "PatienceError", "PositionError", "Rules", "SaveCardsError", "SaveError", "SaveGameError",
    "SaveMoveError", "SaveNotJSONError", "SaveTooLargeError", "SaveVersionError", "Session",
    "State", "card_name", "card_str", "find_game", "finish_moves", "format_position", "games",
    "load", "new_game", "parse_card", "parse_move", "parse_position", "rules", "safe_moves",
    "status", "view",
]
__version__ = "0.1.0"


def games() -> list[Game]:
    """Return the nine games, in the order the chooser shows them."""
    return list(GAMES.values())


def rules(game_id: str, options: Mapping[str, object] | None = None, **more: object) -> Rules:
    """Return the rules of a game with options (defaults for those not given)."""
    return Rules(find_game(game_id), {**(options or {}), **more})


def new_game(game_id: str, deal: int, options: Mapping[str, object] | None = None,
             **more: object) -> Session:
    """Deal game ``deal`` of a game and return the session that plays it."""
    return Session(rules(game_id, options, **more), deal=deal)


def load(text: str) -> Session:
    """Load a saved game (see ``Session.save``); raise a ``SaveError`` saying what is wrong."""
    return Session.load(text)
