"""A game in play: a deal, the moves made, undo and redo, and the versioned save.

A save is JSON: ``{"format": "patience", "version": 3, "game": ..., "options": {...},
"deal": N, "moves": [...], "redo": [...], "auto": [...], "elapsed": seconds}``; a game set
up from a position has ``"position": text`` instead of ``"deal"``. Loading replays every
move through the checked path, so a save that loads is a game that could have been played.

The history kept is capped so that a move costs the same however long the game: once more
than :data:`FOLD_AT` moves are kept, all but the last :data:`KEEP_MOVES` are folded into the
position they led to. A folded save starts from that ``"position"``, says how many moves it
holds folded (``"offset": K``) and which deal they were played from (``"dealt": N``); undo
reaches back to it, not further. Version 1 (every move from the deal, no fold) still loads
and is folded as it is replayed.

The move counter counts the player's moves only (decisions.md): a move the table makes by
itself (a safe card to a foundation, the automatic finish) is played with ``auto=True``,
shown and scored but not counted. Version 3 saves say which: ``"auto"`` lists the places
(from 0, in ``moves`` then ``redo``, the order they are replayed) of the automatic moves, and
a folded save's ``"autoFolded"`` how many of its ``offset`` folded moves were automatic.
Versions 1 and 2 knew nothing of this: every move of theirs counts. Every save is read within limits
(:mod:`patience.savecheck`): its size, nesting, numbers and move count.

Timed scoring (Klondike) is a running score like the rest: the time penalty is taken as the
seconds pass and stops at 0 as it happens, so no hidden debt builds up for later points to
repay (decisions.md). A timed game's save therefore holds when each kept move was played
(``"times"``: seconds, one a move) and, once folded, when its starting position was reached
(``"since"``); the starting position's score is the running score then.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from functools import lru_cache
from typing import Any, Final

from . import auto
from .errors import (
    OptionsError,
    PatienceError,
    SaveCardsError,
    SaveGameError,
    SaveMoveError,
    SaveNotJSONError,
    SaveTooLargeError,
    SaveVersionError,
)
from .game import Move, State
from .games import GAMES, find_game
from .movegen import TIME_PENALTY, TIME_PERIOD
from .notation import format_position, parse_move, parse_position
from .rules import MAX_DEAL, Rules
from .savecheck import (
    MAX_SAVE_CHARS,
    ascending_places,
    dumps,
    finite_number,
    read_json,
    whole_number,
)
from .view import view

SAVE_FORMAT = "patience"
SAVE_VERSION = 3
#: The save versions this engine reads.
READS: Final[tuple[int, ...]] = (1, 2, 3)
MAX_SAVE_BYTES = MAX_SAVE_CHARS
#: The most moves (played and undone) a save may hold.
MAX_MOVES = 50_000
#: Undo always reaches back this many moves at least.
KEEP_MOVES: Final[int] = 500
#: More moves kept than this, and the oldest are folded into the position (all but KEEP_MOVES).
FOLD_AT: Final[int] = 1_000
#: The most moves a save may say it holds folded, and the most seconds of play it may hold.
MAX_OFFSET: Final[int] = 10**9
MAX_ELAPSED: Final[float] = 1e8
#: The longest move text read (the longest real one, "waste>stock:104", is 15 characters).
MAX_MOVE_TEXT: Final[int] = 32


@lru_cache(maxsize=4096)
def _move_text(m: Move) -> str:
    return str(m)


def clamp_elapsed(value: object) -> float:
    """Return seconds played as given by the page, made finite and in range (NaN is 0)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return 0.0
    seconds = float(value)
    if math.isnan(seconds) or seconds < 0:
        return 0.0
    return min(seconds, MAX_ELAPSED)


def _saved_time(value: object) -> float:
    """Return seconds played as a save keeps them (to the millisecond), so that the time
    penalty and the score are the same before a save and after it is loaded."""
    return round(clamp_elapsed(value), 3)


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
        # Whether each kept move (and each undone one) was made by the table itself.
        self.autos: list[bool] = []
        self.redo_autos: list[bool] = []
        # Automatic moves among the ``offset`` folded ones.
        self.auto_offset = 0
        self.elapsed = elapsed
        # Moves folded into ``start`` (they can no longer be undone).
        self.offset = 0
        # Timed scoring: the seconds played when each kept move was played, and when
        # ``start`` was reached (the time penalty is charged from there as it happens).
        self.times: list[float] = []
        self.since = 0.0

    @property
    def state(self) -> State:
        """Return the present position."""
        return self.states[-1]

    def legal_moves(self) -> list[Move]:
        """Return the legal moves of the present position."""
        return self.rules.legal_moves(self.state)

    def play(self, move: Move | str, auto: bool = False) -> Move:
        """Play a move (a ``Move`` or its text); raise ``IllegalMoveError`` saying why not.

        ``auto``: the table made it by itself (shown and scored, not counted as a move).
        """
        if isinstance(move, str):
            move = parse_move(self.rules, move)
        self._advance(move)
        self.moves.append(move)
        self.autos.append(auto)
        if self.redo_stack and self.redo_stack[-1] == move:
            self.redo_stack.pop()
            self.redo_autos.pop()
        else:
            self.redo_stack.clear()
            self.redo_autos.clear()
        self._fold()
        return move

    def _advance(self, move: Move) -> None:
        """Add the position after ``move`` (checked by ``Rules.play``), and in a timed game
        the time it was played, its penalties charged first (``_charged``)."""
        if self.rules.timed:
            at = max(_saved_time(self.elapsed), self.last_time)
            self.states.append(self.rules.play(self._charged(at), move))
            self.times.append(at)
        else:
            self.states.append(self.rules.play(self.state, move))

    def undo(self) -> Move | None:
        """Take the last move back; return it, or ``None`` at the start."""
        if not self.moves:
            return None
        self.states.pop()
        move = self.moves.pop()
        self.redo_stack.append(move)
        self.redo_autos.append(self.autos.pop())
        if self.times:
            self.times.pop()
        return move

    def redo(self) -> Move | None:
        """Play the last undone move again; return it, or ``None`` if there is none."""
        if not self.redo_stack:
            return None
        move = self.redo_stack[-1]
        self._advance(move)
        self.moves.append(self.redo_stack.pop())
        self.autos.append(self.redo_autos.pop())
        self._fold()
        return move

    @property
    def last_time(self) -> float:
        """Return the seconds played when the present position was reached (timed scoring)."""
        return self.times[-1] if self.times else self.since

    def _charged(self, at: float) -> State:
        """Return the present position with the time penalty due by ``at`` taken from its
        score, stopping at 0 (timed scoring: the penalty is charged as the time passes)."""
        s = self.state
        due = TIME_PENALTY * (int(at // TIME_PERIOD) - int(self.last_time // TIME_PERIOD))
        return s._replace(score=max(0, s.score - due)) if due > 0 else s

    def _fold(self) -> None:
        """Keep at most FOLD_AT moves: fold all but the last KEEP_MOVES into the start."""
        if len(self.moves) <= FOLD_AT:
            return
        cut = len(self.moves) - KEEP_MOVES
        self.start = self.states[cut]
        if self.times:
            self.since = self.times[cut - 1]
            del self.times[:cut]
        del self.states[:cut]
        del self.moves[:cut]
        self.auto_offset += sum(self.autos[:cut])
        del self.autos[:cut]
        self.offset += cut

    @property
    def history(self) -> int:
        """Return the moves made since the deal, folded and automatic ones included."""
        return self.offset + len(self.moves)

    @property
    def move_count(self) -> int:
        """Return the player's moves since the deal, folded ones included (the move
        counter: the table's automatic moves are not counted)."""
        return self.history - self.auto_offset - sum(self.autos)

    def tally(self) -> dict[str, Any]:
        """Return what the page needs to number a kept position by the move counter:
        ``{"folded": the player's moves folded into the start, "auto": [places in the kept
        moves of the table's own moves]}``; position ``i`` of the kept line is then player
        move ``folded + i - (automatic places below i)``."""
        return {"folded": self.offset - self.auto_offset,
                "auto": [i for i, a in enumerate(self.autos) if a]}

    def restart(self) -> None:
        """Go back to the deal (or to the position the oldest kept move was played from),
        keeping the moves so they can be redone."""
        while self.undo() is not None:
            pass

    def status(self) -> auto.Status:
        """Tell whether the game is won, stuck or still playing."""
        return auto.status(self.rules, self.state)

    def score(self) -> int | None:
        """Return the score under the chosen scoring at the session's elapsed time."""
        return self.rules.score(self.state, _saved_time(self.elapsed), self.last_time)

    def run(self) -> int | None:
        """Return the run: in a game whose cards are played onto the waste (TriPeaks,
        Golf), the cards played from the table since the stock was last turned, or since the
        deal; ``None`` in other games. Shown to the player only as information: it is not
        scored (docs/rules/decisions.md). Moves folded into the start are not counted."""
        r = self.rules
        if not r.game.play.onto_waste:
            return None
        stock = r.names[r.stock] if r.stock >= 0 else None
        count = 0
        for m in reversed(self.moves):
            if m.src == stock:
                break
            count += 1
        return count

    def position(self) -> str:
        """Print the present position as text (face-down cards included)."""
        return format_position(self.rules, self.state)

    def view(self) -> dict[str, Any]:
        """Return what the player may see, as JSON-ready data (face-down cards hidden)."""
        return view(self.rules, self.state)

    def line(self) -> dict[str, Any]:
        """Return the line played, as the page's solver cache keys it: ``{"key": text,
        "moves": [...], "redo": [...]}``. The key names where the kept moves start, the game,
        its options and the deal (or, set up or folded, the start position), as the save
        does; the moves are the save's, played and undone (next first)."""
        start: int | str = (self.deal if self.deal is not None and self.offset == 0
                            else format_position(self.rules, self.start))
        return {"key": dumps([self.rules.game.id, self.rules.options, start]),
                "moves": [_move_text(m) for m in self.moves],
                "redo": [_move_text(m) for m in reversed(self.redo_stack)]}

    def save(self) -> str:
        """Return the game as versioned JSON (see the module's docstring)."""
        data: dict[str, Any] = {"format": SAVE_FORMAT, "version": SAVE_VERSION,
                                "game": self.rules.game.id, "options": self.rules.options}
        if self.deal is not None and self.offset == 0:
            data["deal"] = self.deal
        else:
            data["position"] = format_position(self.rules, self.start)
            if self.offset:
                data["offset"] = self.offset
                if self.auto_offset:
                    data["autoFolded"] = self.auto_offset
                if self.deal is not None:
                    data["dealt"] = self.deal
        data["moves"] = [_move_text(m) for m in self.moves]
        data["redo"] = [_move_text(m) for m in reversed(self.redo_stack)]
        flags = self.autos + self.redo_autos[::-1]
        data["auto"] = [i for i, a in enumerate(flags) if a]
        data["elapsed"] = round(clamp_elapsed(self.elapsed), 3)
        if self.rules.timed:
            data["times"] = [round(t, 3) for t in self.times]
            if self.since:
                data["since"] = round(self.since, 3)
        return dumps(data)

    @classmethod
    def load(cls, text: str, game: str | None = None) -> Session:
        """Read a save, replaying its moves; raise a specific ``SaveError`` if it is bad.

        ``game``: the game the save must be of (the key it was stored under); a save of
        another game is refused, so it is never opened in that game's place.
        """
        data = read_json(text)
        if not isinstance(data, dict):
            raise SaveNotJSONError("the save is not a JSON object")
        if data.get("format") != SAVE_FORMAT:
            raise SaveVersionError("this is not a Patience save")
        version = data.get("version")
        if isinstance(version, bool) or version not in READS:
            shown = repr(version)[:40]
            raise SaveVersionError(f"save version {shown} is not one this version of "
                                   f"Patience reads (it reads {_listed(READS)})")
        if game is not None and data.get("game") != game:
            raise SaveGameError(_other_game(data.get("game"), game))
        moves, redo = data.get("moves", []), data.get("redo", [])
        for name, lst in (("moves", moves), ("redo", redo)):
            if not isinstance(lst, list) or not all(
                    isinstance(m, str) and len(m) <= MAX_MOVE_TEXT for m in lst):
                raise SaveMoveError(f"{name} must be a list of move texts")
        if len(moves) + len(redo) > MAX_MOVES:
            raise SaveTooLargeError(f"the save holds {len(moves) + len(redo):,} moves; "
                                    f"at most {MAX_MOVES:,}")
        session = _start(data, version)
        autos = _autos(data, version, len(moves) + len(redo), session.offset)
        times = _times(data, session, len(moves))
        elapsed = session.elapsed
        for i, text_move in enumerate(moves + redo):
            # When it was played (a save without times: all at the start, so the time is
            # charged once, after the last move, as the score is read).
            session.elapsed = times[min(i, len(times) - 1)] if times else session.since
            try:
                session.play(text_move, auto=i in autos)
            except PatienceError as e:
                raise SaveMoveError(f"move {i + 1} ({text_move}): {e}") from e
        for _ in redo:
            session.undo()
        session.elapsed = elapsed
        return session


def _autos(data: Mapping[str, Any], version: int, count: int, offset: int) -> frozenset[int]:
    """Read which of a save's ``count`` moves the table made by itself (version 3: ``auto``,
    places in ascending order; an older save's moves are all the player's), and check
    ``autoFolded`` against ``offset`` (the session's count of automatic folded moves is set
    by :func:`_start`)."""
    if version < 3:
        return frozenset()
    places = data.get("auto", [])
    if not ascending_places(places, count):
        raise SaveGameError(f"auto must list places of moves (from 0 to {count - 1}), each "
                            "once, in ascending order")
    if not whole_number(data.get("autoFolded", 0), 0, offset):
        raise SaveGameError(f"autoFolded must be a whole number of moves from 0 to {offset}")
    return frozenset(places)


def _times(data: Mapping[str, Any], session: Session, count: int) -> list[float]:
    """Read a timed game's ``since`` and ``times`` (when each move was played), set
    ``since`` on the session and return the times (none for a game that is not timed, or an
    older save: its time is then charged after its last move)."""
    if not session.rules.timed:
        return []
    since, times = data.get("since", 0), data.get("times", [])
    if not finite_number(since, 0, MAX_ELAPSED):
        raise SaveGameError(f"since must be a number of seconds from 0 to {MAX_ELAPSED:g}")
    if not isinstance(times, list) or len(times) not in (0, count) or not all(
            finite_number(t, 0, MAX_ELAPSED) for t in times):
        raise SaveGameError("times must list the seconds at which each move was played")
    session.since = float(since)
    out = [float(t) for t in times]
    if any(b < a for a, b in zip([session.since, *out], out)):
        raise SaveGameError("times must not go back")
    return out


def _listed(versions: tuple[int, ...]) -> str:
    """Say a list of versions: "1, 2 and 3"."""
    *most, last = map(str, versions)
    return f"{', '.join(most)} and {last}" if most else last


def _other_game(saved: object, wanted: str) -> str:
    """Say that a save is of another game than the one its key names."""
    title = GAMES[wanted].title if wanted in GAMES else wanted
    if isinstance(saved, str) and saved in GAMES:
        return f"it holds a {GAMES[saved].title} game, not a {title} game"
    return f"it does not hold a {title} game"


def _start(data: Mapping[str, Any], version: int) -> Session:
    """Return the session a save starts from: its deal, or its starting position."""
    elapsed = data.get("elapsed", 0)
    if not finite_number(elapsed, 0, MAX_ELAPSED):
        raise SaveGameError(f"elapsed must be a number of seconds from 0 to {MAX_ELAPSED:g}, "
                            f"not {str(elapsed)[:40]}")
    game_id = data.get("game")
    options = data.get("options", {})
    if not isinstance(game_id, str) or not isinstance(options, dict):
        raise SaveGameError("the save must name a game and give its options as an object")
    try:
        rules = Rules(find_game(game_id), options)
    except OptionsError as e:
        raise SaveGameError(str(e)) from e
    folded = version >= 2 and ("offset" in data or "dealt" in data)
    if "position" in data:
        offset, dealt = (data.get("offset", 0), data.get("dealt")) if folded else (0, None)
        if isinstance(offset, bool) or not isinstance(offset, int) \
                or not 0 <= offset <= MAX_OFFSET:
            raise SaveGameError(f"offset must be a whole number of moves from 0 to {MAX_OFFSET}")
        if dealt is not None and (isinstance(dealt, bool) or not isinstance(dealt, int)
                                  or not 1 <= dealt <= MAX_DEAL):
            raise SaveGameError(f"dealt must be a deal number from 1 to {MAX_DEAL}")
        if not isinstance(data["position"], str):
            raise SaveCardsError("the starting position must be a position text")
        try:
            parsed, start = parse_position(data["position"])
        except (PatienceError, ValueError) as e:
            raise SaveCardsError(f"the starting position: {e}") from e
        if parsed.game is not rules.game or parsed.options != rules.options:
            raise SaveGameError("the starting position is of another game or options")
        session = Session(rules, start=start, elapsed=float(elapsed))
        session.deal, session.offset = dealt, offset
        folded_auto = data.get("autoFolded", 0) if version >= 3 else 0
        if whole_number(folded_auto, 0, offset):
            session.auto_offset = folded_auto     # otherwise refused by _autos
        return session
    if folded:
        raise SaveGameError("offset and dealt come with a starting position")
    try:
        return Session(rules, deal=data.get("deal"), elapsed=float(elapsed))
    except (OptionsError, ValueError) as e:
        raise SaveGameError(str(e)) from e
