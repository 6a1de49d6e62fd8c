"""The engine's errors, split by cause. Every one is a ``ValueError``."""

from __future__ import annotations

import json


class PatienceError(ValueError):
    """Base class of every error the engine raises on bad input."""


class OptionsError(PatienceError):
    """Raised for an unknown game, an unknown option or a value an option does not take."""


class MoveParseError(PatienceError):
    """Raised when a text is not a move in the engine's notation."""


class IllegalMoveError(PatienceError):
    """Raised when a well-formed move is not legal in the position; the message says why."""


class PositionError(PatienceError):
    """Raised when a position text cannot be read, or its cards do not add up."""


class SaveError(PatienceError):
    """Raised when a saved game cannot be loaded. ``kind`` names the cause for programs."""

    kind = "save"


class SaveNotJSONError(SaveError):
    """The save is not JSON, or not a JSON object."""

    kind = "not-json"


class SaveVersionError(SaveError):
    """The save is not one of ours, or of a version this engine does not read."""

    kind = "version"


class SaveGameError(SaveError):
    """The save names an unknown game, option or option value, or a bad deal number."""

    kind = "game"


class SaveMoveError(SaveError):
    """A move in the save does not parse or is not legal when replayed."""

    kind = "move"


class SaveCardsError(SaveError):
    """The save's starting position does not hold the cards the game is played with."""

    kind = "cards"


class SaveTooLargeError(SaveError):
    """The save is larger than any real game could make it."""

    kind = "too-large"


def error_json(e: Exception) -> str:
    """Return ``e`` as the answer the page gets for an error, ``{"error": {"kind": ...,
    "message": ...}}``: its ``kind`` (a save error's) or else its class's name."""
    kind = getattr(e, "kind", type(e).__name__)
    return json.dumps({"error": {"kind": kind, "message": str(e)}})
