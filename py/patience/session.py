"""A game in play: a deal, the moves made, unlimited undo and redo, and the versioned save.

A save is JSON: ``{"format": "patience", "version": 1, "game": ..., "options": {...},
"deal": N, "moves": [...], "redo": [...], "elapsed": seconds}``; a game set up from a
position has ``"position": text`` instead of ``"deal"``. Loading replays every move through
the checked path, so a save that loads is a game that could have been played.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from . import auto
from .errors import (
    OptionsError,
    PatienceError,
    PositionError,
    SaveCardsError,
    SaveGameError,
    SaveMoveError,
    SaveNotJSONError,
    SaveTooLargeError,
    SaveVersionError,
)
from .game import Move, State
from .games import find_game
from .notation import format_position, parse_move, parse_position
from .rules import Rules
from .view import view

SAVE_FORMAT = "patience"
SAVE_VERSION = 1
MAX_SAVE_BYTES = 1_000_000
MAX_MOVES = 50_000


class Session:
    """Play one game: the position, the moves made and undone, and the outcome."""

    def __init__(self, rules: Rules, deal: int | None = None, start: State | None = None,
                 elapsed: float = 0.0) -> None:
        if start is None:
            if deal is None:
                raise ValueError("a session starts from a deal number or from a position")
            start = rules.deal(deal)
        elif deal is not None:
            raise ValueError("a session starts from a deal number or from a position, not both")
        self.rules = rules
        self.deal = deal
        self.start: State = start
        self.states: list[State] = [self.start]
        self.moves: list[Move] = []
        self.redo_stack: list[Move] = []
        self.elapsed = elapsed

    @property
    def state(self) -> State:
        """Return the present position."""
        return self.states[-1]

    def legal_moves(self) -> list[Move]:
        """Return the legal moves of the present position."""
        return self.rules.legal_moves(self.state)

    def play(self, move: Move | str) -> Move:
        """Play a move (a ``Move`` or its text); raise ``IllegalMoveError`` saying why not."""
        if isinstance(move, str):
            move = parse_move(self.rules, move)
        self.states.append(self.rules.play(self.state, move))
        self.moves.append(move)
        if self.redo_stack and self.redo_stack[-1] == move:
            self.redo_stack.pop()
        else:
            self.redo_stack.clear()
        return move

    def undo(self) -> Move | None:
        """Take the last move back; return it, or ``None`` at the start."""
        if not self.moves:
            return None
        self.states.pop()
        move = self.moves.pop()
        self.redo_stack.append(move)
        return move

    def redo(self) -> Move | None:
        """Play the last undone move again; return it, or ``None`` if there is none."""
        if not self.redo_stack:
            return None
        move = self.redo_stack[-1]
        self.states.append(self.rules.play(self.state, move))
        self.moves.append(self.redo_stack.pop())
        return move

    def restart(self) -> None:
        """Go back to the deal, keeping the moves so they can be redone."""
        while self.undo() is not None:
            pass

    def status(self) -> auto.Status:
        """Tell whether the game is won, stuck or still playing."""
        return auto.status(self.rules, self.state)

    def score(self) -> int | None:
        """Return the score under the chosen scoring at the session's elapsed time."""
        return self.rules.score(self.state, self.elapsed)

    def position(self) -> str:
        """Print the present position as text (face-down cards included)."""
        return format_position(self.rules, self.state)

    def view(self) -> dict[str, Any]:
        """Return what the player may see, as JSON-ready data (face-down cards hidden)."""
        return view(self.rules, self.state)

    def save(self) -> str:
        """Return the game as versioned JSON."""
        data: dict[str, Any] = {"format": SAVE_FORMAT, "version": SAVE_VERSION,
                                "game": self.rules.game.id, "options": self.rules.options}
        if self.deal is not None:
            data["deal"] = self.deal
        else:
            data["position"] = format_position(self.rules, self.start)
        data["moves"] = [str(m) for m in self.moves]
        data["redo"] = [str(m) for m in reversed(self.redo_stack)]
        data["elapsed"] = round(self.elapsed, 3)
        return json.dumps(data, separators=(",", ":"))

    @classmethod
    def load(cls, text: str) -> Session:
        """Read a save, replaying its moves; raise a specific ``SaveError`` if it is bad."""
        if len(text) > MAX_SAVE_BYTES:
            raise SaveTooLargeError(f"the save is {len(text)} bytes; at most {MAX_SAVE_BYTES}")
        try:
            data = json.loads(text)
        except (ValueError, TypeError) as e:
            raise SaveNotJSONError(f"the save is not JSON: {e}") from e
        if not isinstance(data, dict):
            raise SaveNotJSONError("the save is not a JSON object")
        if data.get("format") != SAVE_FORMAT:
            raise SaveVersionError("this is not a Patience save")
        if data.get("version") != SAVE_VERSION:
            raise SaveVersionError(f"save version {data.get('version')!r} is not one this "
                                   f"version of Patience reads (it reads {SAVE_VERSION})")
        session = _start(data)
        moves, redo = data.get("moves", []), data.get("redo", [])
        for name, lst in (("moves", moves), ("redo", redo)):
            if not isinstance(lst, list) or not all(isinstance(m, str) for m in lst):
                raise SaveMoveError(f"{name} must be a list of move texts")
        if len(moves) + len(redo) > MAX_MOVES:
            raise SaveTooLargeError(f"the save holds {len(moves) + len(redo)} moves; "
                                    f"at most {MAX_MOVES}")
        for i, text_move in enumerate(moves + redo):
            try:
                session.play(text_move)
            except PatienceError as e:
                raise SaveMoveError(f"move {i + 1} ({text_move}): {e}") from e
        for _ in redo:
            session.undo()
        return session


def _start(data: Mapping[str, Any]) -> Session:
    """Return the session a save starts from: its deal, or its starting position."""
    elapsed = data.get("elapsed", 0)
    if isinstance(elapsed, bool) or not isinstance(elapsed, (int, float)) or elapsed < 0:
        raise SaveGameError(f"elapsed must be a number of seconds, not {elapsed!r}")
    game_id = data.get("game")
    options = data.get("options", {})
    if not isinstance(game_id, str) or not isinstance(options, dict):
        raise SaveGameError("the save must name a game and give its options as an object")
    try:
        rules = Rules(find_game(game_id), options)
    except OptionsError as e:
        raise SaveGameError(str(e)) from e
    if "position" in data:
        if not isinstance(data["position"], str):
            raise SaveCardsError("the starting position must be a position text")
        try:
            parsed, start = parse_position(data["position"])
        except PositionError as e:
            raise SaveCardsError(f"the starting position: {e}") from e
        if parsed.game is not rules.game or parsed.options != rules.options:
            raise SaveGameError("the starting position is of another game or options")
        return Session(rules, start=start, elapsed=float(elapsed))
    try:
        return Session(rules, deal=data.get("deal"), elapsed=float(elapsed))
    except (OptionsError, ValueError) as e:
        raise SaveGameError(str(e)) from e
