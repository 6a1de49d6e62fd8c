"""The only module that knows a browser exists: JSON text in, JSON text out.

The page calls these methods through Pyodide with strings and numbers and parses the JSON
they return. Nothing here raises across that boundary: a failure comes back as
``{"error": {"kind": ..., "message": ...}}``. The snapshot is everything the page draws, with
face-down cards as ``null``; the page never compares ranks or suits, it looks moves up in
``moves`` and ``taps``.
"""

from __future__ import annotations

import importlib
import json
from typing import Any, Final

from . import auto, intents, spoken
from .cards import card_name, card_str
from .errors import PatienceError
from .errors import error_json as _error
from .explain import explain
from .game import Game, State
from .games import GAMES, find_game
from .guide_api import GuideApi, rules_of, table_layout
from .identity import Tracker
from .intents import pile_label
from .links_api import LinksApi
from .movegen import TIME_PERIOD
from .notation import parse_move
from .records_api import RecordsApi
from .rules import MAX_DEAL
from .savecheck import dumps
from .session import Session, clamp_elapsed
from .solver import winnable_key
from .view import view

# The rules page (:mod:`patience.rulespage`) and the suggestions (:mod:`patience.suggest`, with
# the solver's searches it runs) are imported by the methods that use them, as are the
# modules of the mixins' daily deals, export file and records, not with the bridge: the
# page's engine starts without them, and its first move does not wait for them (issue 28).

#: The modules the bridge's methods import when first used. The memory snapshot has them
#: (:func:`import_later`, run by ``static/js/solver-worker.js`` before it takes one), so a
#: start from it pays for them no more than for the rest (``tests/test_bridge_imports.py``
#: checks that this is every module those methods import and none the start imports).
LATER: Final[tuple[str, ...]] = (
    "patience.bundle", "patience.daily", "patience.difficulty", "patience.howto",
    "patience.knownline", "patience.records", "patience.records_figures", "patience.rulespage",
    "patience.suggest",
)


def import_later() -> None:
    """Import the modules the bridge's methods import when first used (:data:`LATER`)."""
    for name in LATER:
        importlib.import_module(name)


def _game_info(g: Game) -> dict[str, Any]:
    return {"id": g.id, "title": g.title, "summary": g.summary, "decks": g.decks,
            "options": [{"name": o.name, "label": o.label, "help": o.help,
                         "choices": list(o.choices), "labels": list(o.labels),
                         "default": o.default} for o in g.options]}


class Bridge(LinksApi, RecordsApi, GuideApi):
    """One game in play for the page, plus the catalogue of games."""

    def __init__(self) -> None:
        self.session: Session | None = None
        # Whether the last change of position was a move played, undone or redone (so
        # ``lastWords`` says it).
        self.said = False
        # The words last said, with the position they were said for (asked once a move; an
        # undo or a redo words itself at once, see :mod:`patience.spoken`).
        self.words: tuple[State | None, str | None] = (None, None)
        self.tracker = Tracker()

    def catalogue(self) -> str:
        """Return the games with their options, the names of the 52 cards and the deal range."""
        return json.dumps({"games": [_game_info(g) for g in GAMES.values()],
                           "cards": {card_str(c): card_name(c) for c in range(52)},
                           "minDeal": 1, "maxDeal": MAX_DEAL})

    def rules(self, game_id: str, options_json: str) -> str:
        """Return a game's rules page for these options: ``{"title": ..., "html": ...}``.

        The HTML is headings, paragraphs and lists only (``h3``, ``p``, ``ul``/``li``), with
        every text escaped; see :mod:`patience.rulespage`.
        """
        from . import rulespage  # noqa: PLC0415 (see the module's imports)

        try:
            options = json.loads(options_json or "{}")
            page = rulespage.build(find_game(game_id), options)
        except (PatienceError, ValueError, TypeError) as e:
            return _error(e)
        return json.dumps({"title": page.title, "html": rulespage.html(page)})

    def move_for(self, src: str, index: int, dst: str) -> str:
        """Return the move a drag makes: ``{"move": text | null, "reason": text | null}``.

        The drag takes the cards of pile ``src`` from card ``index`` up and drops them on pile
        ``dst``; ``reason`` says why no legal move does that (see :func:`intents.move_for`).
        """
        if self.session is None:
            return _NO_GAME
        r, s = self.session.rules, self.session.state
        return json.dumps(intents.move_for(r, s, str(src), _index(index), str(dst)))

    def tap(self, src: str, index: int) -> str:
        """Return what a tap on card ``index`` of pile ``src`` does (see :func:`intents.tap`).

        ``{"move": text | null, "select": bool, "reason": text | null}``.
        """
        if self.session is None:
            return _NO_GAME
        r, s = self.session.rules, self.session.state
        return json.dumps(intents.tap(r, s, str(src), _index(index)))

    def describe(self, move_text: str) -> str:
        """Describe a move in words against the present position, before it is played.

        See :func:`intents.describe` for the fields; an unreadable move is an error.
        """
        if self.session is None:
            return _NO_GAME
        r, s = self.session.rules, self.session.state
        try:
            move = parse_move(r, move_text)
        except PatienceError as e:
            return _error(e)
        return json.dumps(intents.describe(r, s, move))

    def new(self, game_id: str, options_json: str, deal: int) -> str:
        """Deal a new game and return its snapshot."""
        try:
            self.session = Session(rules_of(game_id, options_json), deal=int(deal))
            self.said = False
            self.tracker.reset()
        except (PatienceError, ValueError, TypeError) as e:
            return _error(e)
        return self.snapshot(0)

    def load(self, save_text: str, game_id: str = "") -> str:
        """Resume a saved game and return its snapshot, or an error saying what is wrong.

        ``game_id``: the game the save is stored under; a save of another game is refused
        (the page then sets it aside rather than opening it over that game's own save). The
        save is read within limits (see :mod:`patience.savecheck`): nothing in it can raise
        past this method, and the game on the table is kept when it is refused.
        """
        try:
            session = Session.load(save_text, str(game_id) if game_id else None)
        except PatienceError as e:
            said = str(e)
            return _error(e if len(said) <= 300 else type(e)(said[:300] + "…"))
        except (ValueError, TypeError, RecursionError, MemoryError, OverflowError) as e:
            return _error(ValueError(f"the save cannot be read: {type(e).__name__}"))
        self.session = session
        self.said = False
        self.tracker.reset()
        return self.snapshot(session.elapsed)

    def play(self, move_text: str, elapsed: float, auto: bool = False) -> str:
        """Play a move given as text and return the new snapshot (or why it is illegal).

        ``auto``: the table plays it by itself (a safe card, the finish): shown and scored,
        not counted in ``moveCount`` (decisions.md).
        """
        if self.session is None:
            return _NO_GAME
        self.session.elapsed = clamp_elapsed(elapsed)     # when it was played (timed scoring)
        try:
            self.session.play(move_text, auto=auto is True)
        except PatienceError as e:
            return _error(e)
        self.said = True
        return self.snapshot(elapsed)

    def explain(self, move_text: str) -> str:
        """Return why a move is refused, without playing anything: ``{"reason": ...}``.

        ``reason`` is ``null`` when the move is legal.
        """
        if self.session is None:
            return _NO_GAME
        r, s = self.session.rules, self.session.state
        try:
            move = parse_move(r, move_text)
        except PatienceError as e:
            return json.dumps({"reason": str(e)})
        if move in r.legal_moves(s):
            return json.dumps({"reason": None})
        return json.dumps({"reason": explain(r, s, move)})

    def undo(self, elapsed: float) -> str:
        """Take back the last move."""
        if self.session is None:
            return _NO_GAME
        session = self.session
        was = session.state
        move = session.undo()
        self.said = move is not None
        if move is not None:
            self.words = (session.state, spoken.took_back(session.rules, session.state, move,
                                                          was))
        return self.snapshot(elapsed)

    def redo(self, elapsed: float) -> str:
        """Play the last undone move again."""
        if self.session is None:
            return _NO_GAME
        session = self.session
        session.elapsed = clamp_elapsed(elapsed)
        was = session.state
        move = session.redo()
        if move is not None:
            self.said = True
            self.words = (session.state, spoken.replayed(session.rules, was, move,
                                                         session.state))
        return self.snapshot(elapsed)

    def undo_to(self, count: int, elapsed: float) -> str:
        """Take moves back until ``count`` moves are left (the point of no return's undo)."""
        if self.session is None:
            return _NO_GAME
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            return _error(ValueError(f"a move count is a whole number, not {count!r}"))
        while len(self.session.moves) > count:
            self.session.undo()
            self.said = False
        return self.snapshot(elapsed)

    def suggest(self) -> str:
        """Return a rule-of-thumb move (``{"move": text}``, ``null`` when there is none).

        The page asks for it only when the solver has no winning move to offer, and labels it
        as a suggestion, never as keeping the game winnable.
        """
        from .suggest import suggest  # noqa: PLC0415 (see the module's imports)

        if self.session is None:
            return _NO_GAME
        session = self.session
        m = suggest(session.rules, session.state, session.states)
        return json.dumps({"move": None if m is None else str(m)})

    def winnable_key(self, game_id: str, options_json: str) -> str:
        """Return the key of the winnable-deal list for a game and options: ``{"key": ...}``."""
        try:
            rules = rules_of(game_id, options_json)
        except (PatienceError, ValueError, TypeError) as e:
            return _error(e)
        return json.dumps({"key": winnable_key(rules)})

    def restart(self, elapsed: float) -> str:
        """Go back to the deal (the moves stay on the redo list)."""
        if self.session is None:
            return _NO_GAME
        self.session.restart()
        self.said = False
        return self.snapshot(elapsed)

    def finish(self) -> str:
        """Return the moves that finish the game, or an empty list if none do."""
        if self.session is None:
            return "[]"
        moves = auto.finish_moves(self.session.rules, self.session.state) or []
        return json.dumps([str(m) for m in moves])

    def snapshot(self, elapsed: float) -> str:
        """Return everything the page draws and asks about, as JSON."""
        session = self.session
        if session is None:
            return _NO_GAME
        session.elapsed = clamp_elapsed(elapsed)
        r, s = session.rules, session.state
        moves = r.legal_moves(s)
        taps = intents.taps(r, s, moves)
        words = None
        if self.said and (session.moves or self.words[0] is s):
            if self.words[0] is not s:
                self.words = (s, intents.words(r, session.states[-2], session.moves[-1], s))
            words = self.words[1]
        status = auto.status(r, s, moves)
        finish = status == "playing" and not any(s.down) and (
            r.stock < 0 or not s.piles[r.stock]) and auto.finish_moves(r, s) is not None
        seen = view(r, s)
        ids = self.tracker.ids(s.piles)
        return dumps({
            "game": r.game.id, "title": r.game.title, "options": r.options,
            "deal": session.deal, "layout": table_layout(r), "piles": seen["piles"],
            "free": seen["free"], "ids": {n: ids[i] for i, n in enumerate(r.names)},
            "labels": {n: pile_label(n) for n in r.names},
            "moves": [{"src": m.src, "dst": m.dst, "n": m.n, "text": str(m)} for m in moves],
            "taps": taps, "lift": intents.lift(r, s), "pairs": r.pairs,
            "lastWords": words, "safe": [str(m) for m in auto.safe_moves(r, s)], "finish": finish,
            "status": status, "score": session.score(), "run": session.run(),
            "scoring": r.scoring, "moveCount": session.move_count,
            "history": session.history, "tally": session.tally(),
            "folded": session.offset,
            "canUndo": bool(session.moves), "canRedo": bool(session.redo_stack),
            "last": str(session.moves[-1]) if session.moves else None,
            "recycles": s.recycles, "passesLeft": None if r.max_recycles is None
            else max(0, r.max_recycles - s.recycles),
            "elapsed": session.elapsed, "save": session.save(), "line": session.line(),
            # Timed scoring: the seconds between two time penalties (the page refreshes the
            # score on each), else None.
            "penaltyEvery": TIME_PERIOD if r.timed else None,
        })


_NO_GAME = json.dumps({"error": {"kind": "no-game",
                                 "message": "no game in play: deal or load one first"}})


def _index(index: object) -> int:
    """Read a card index from the page: a whole number (JavaScript may send 3.0)."""
    if isinstance(index, bool):
        return -2
    if isinstance(index, float) and index.is_integer():
        return int(index)
    return index if isinstance(index, int) else -2


