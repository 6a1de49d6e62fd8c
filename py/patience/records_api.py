"""The bridge's methods for a player's statistics and history (see :mod:`patience.records`).

A mixin of :class:`patience.bridge.Bridge`: JSON text in and out, and a failure comes back as
``{"error": {"kind": ..., "message": ...}}``, never as an exception. A record that cannot be
read is a ``bad_record`` error: the page sets it aside and starts a fresh one.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from .errors import PatienceError
from .games import GAMES
from .options import resolve
from .savecheck import dumps, read_json

if TYPE_CHECKING:
    from . import records, records_figures

# The records' modules are imported by the methods that use them, not with the bridge: the
# page's engine starts without them, and its first move does not wait for them (issue 28).


def _error(kind: str, message: str) -> str:
    return json.dumps({"error": {"kind": kind, "message": message}})


class RecordsApi:
    """A game's record of games played: add, merge, check and sum up, for the page."""

    def records_add(self, record_text: str, entry_json: str, writer: str = "") -> str:
        """Add a finished (or given-up) game to a game's record.

        ``record_text`` is the stored record ("" when there is none yet), ``entry_json`` the
        entry the page built and ``writer`` this browser profile's id (the page keeps one;
        without it the entry is its own writer). Answers ``{"record": ..., "note": words}``:
        the new record and, after a win, a line for the win notice (the streak or a new best).
        A stored record that cannot be read is ``bad_record``; a bad entry ``bad_entry``.
        """
        from . import records, records_figures  # noqa: PLC0415 (see the module's imports)

        try:
            entry = read_json(entry_json, "entry", max_chars=20_000)
        except PatienceError as e:
            return _error("bad_entry", str(e))
        game_id = entry.get("game") if isinstance(entry, dict) else None
        if not isinstance(game_id, str) or game_id not in GAMES:
            return _error("bad_entry", "the entry does not name a game")
        try:
            record = records.read(record_text, game_id)
        except PatienceError as e:
            return _error("bad_record", f"the {GAMES[game_id].title} statistics cannot be "
                                        f"read: {e}")
        try:
            before = _variant_figures(record, game_id, entry)
            record, kept = records.add(record, entry, str(writer) or f"e{entry.get('id')}")
            after = _variant_figures(record, game_id, kept)
        except PatienceError as e:
            return _error("bad_entry", f"the game cannot be recorded: {e}")
        note = records_figures.win_note(before, after, kept, GAMES[game_id].title)
        return dumps({"record": record, "note": note})

    def records_merge(self, a_text: str, b_text: str) -> str:
        """Merge two records of the same game: ``{"record": ...}`` (either may be "")."""
        from . import records  # noqa: PLC0415 (see the module's imports)

        try:
            a = records.read(a_text)
            b = records.read(b_text)
        except PatienceError as e:
            return _error("bad_record", f"the statistics cannot be read: {e}")
        if a is None or b is None:
            one = a or b
            return dumps({"record": one}) if one else _error(
                "bad_record", "there is no statistics record to merge")
        try:
            return dumps({"record": records.merge(a, b)})
        except PatienceError as e:
            return _error("bad_record", str(e))

    def records_summary(self, record_text: str, game_id: str = "") -> str:
        """Return the figures of a game's record: per variant, the game's total, the history
        (newest first), the chart's points and ``dailies`` (``{"YYYY-MM-DD": "won" |
        "lost"}``). ``game_id`` names the game when the record is "" (none yet)."""
        from . import records, records_figures  # noqa: PLC0415 (see the module's imports)

        try:
            record = records.read(record_text, game_id or None)
        except PatienceError as e:
            return _error("bad_record", f"the statistics cannot be read: {e}")
        game = record["game"] if record else game_id
        if game not in GAMES:
            return _error("bad_record", "there is no statistics record and no game named")
        return dumps(records_figures.summary(record, game))

    def records_check(self, text: str) -> str:
        """Check a stored statistics record: ``{"ok": true}`` or a ``bad_record`` error."""
        from . import records  # noqa: PLC0415 (see the module's imports)

        try:
            records.read(text)
        except PatienceError as e:
            return _error("bad_record", f"the statistics cannot be read: {e}")
        return json.dumps({"ok": True})


def _variant_figures(record: records.Record | None, game_id: str,
                     entry: object) -> records_figures.Figures:
    """Return the figures of the variant an entry belongs to (all zero when it is new)."""
    from . import records, records_figures  # noqa: PLC0415 (see the module's imports)

    game = GAMES[game_id]
    options = entry.get("options") if isinstance(entry, dict) else None
    try:
        key = records.variant_key(game, resolve(game, options))
    except PatienceError:
        key = ""
    part = (record["variants"] if record else {}).get(key, {"entries": [], "folds": {}})
    return records_figures.figures(part["folds"].values(), part["entries"])
