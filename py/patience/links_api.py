"""The bridge's methods for daily deals, links to a deal and the export file.

A mixin of :class:`patience.bridge.Bridge`: like the rest of the bridge, every method takes
strings and numbers and returns JSON text, and a failure comes back as ``{"error": {"kind":
..., "message": ...}}``, never as an exception.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from . import links
from .errors import PatienceError
from .games import GAMES, find_game

# The modules of the daily deal, the lists of winnable deals, their known wins and the export
# file are imported by the methods that use them, not with the bridge: the page's engine
# starts without them, and its first move does not wait for them (issue 28).


def _error(kind: str, message: str) -> str:
    return json.dumps({"error": {"kind": kind, "message": message}})


def _object(text: str, what: str) -> dict[str, Any]:
    """Read JSON text that must be an object (empty text is an empty object)."""
    value = json.loads(text or "{}")
    if not isinstance(value, dict):
        raise ValueError(f"{what} must be a JSON object")
    return value


class LinksApi:
    """Daily deals, links and the export file, for the page."""

    def daily(self, game_id: str, date: str, lists_json: str, options_json: str = "{}",
              grades_json: str = "{}") -> str:
        """Return a game's daily deal on a date (the player's local date, ``YYYY-MM-DD``).

        ``lists_json`` is the ``sets`` object of ``winnable.json``; ``options_json`` the
        player's options, of which only those that never change play are kept (see
        :mod:`patience.daily`); ``grades_json`` the file's ``difficulty`` object. Answers
        ``{"game", "options", "deal", "date", "key", "words", "grade", "difficulty"}``
        (``words``: the options that change play, in words; ``grade`` 1-3 and its name, or
        ``null`` twice for a deal with no grade), or ``{"none": why}`` for a game with no won
        deal listed.
        """
        from . import daily, difficulty  # noqa: PLC0415 (see the module's imports)

        try:
            game = find_game(str(game_id))
            lists = _object(lists_json, "the lists")
            own = _object(options_json, "the options")
            graded = _object(grades_json, "the grades")
            found = daily.daily_deal(game.id, str(date), lists, own)
        except (PatienceError, ValueError, TypeError) as e:
            return _error("bad-daily", str(e))
        if found is None:
            won = daily.longest_list(game.id, lists)
            so_far = (f"it has won only {won} {game.title} deal{'s' if won != 1 else ''} so far,"
                      f" too few for a new deal each day" if won else
                      f"it has not won any {game.title} deal yet")
            return json.dumps({"none": f"{game.title} has no daily deal: a daily deal is always "
                               f"one the solver has won, and {so_far}."})
        g = difficulty.grade_of(graded, found.key, found.deal)
        return json.dumps({"game": found.game, "options": found.options, "deal": found.deal,
                           "date": found.date, "key": found.key,
                           "words": daily.variant_words(found.game, found.options),
                           "grade": g, "difficulty": None if g is None else difficulty.GRADES[g]})

    def winnable_lists(self, data_json: str) -> str:
        """Read ``winnable.json`` (its text) for the page: ``{"lists": {key: {"deals",
        "budget", "tried", "grades": {"1": [deals], "2": ..., "3": ...}, "note"}},
        "grades": [{"grade": 1, "label": "Easy"}, ...]}``.

        ``note`` is what to say while the solver knows nothing of a deal of that list, when
        its search rarely finds a win (:func:`patience.difficulty.search_note`), else null.
        ``lines``: the file of the list's known wins (``"lines/<name>.json"``, read with
        :meth:`known_lines`), or null. A file of a version this engine does not read gives no
        lists.
        """
        from . import difficulty, knownline  # noqa: PLC0415 (see the module's imports)

        try:
            data = json.loads(data_json or "{}")
            found = difficulty.read_winnable(data)
        except ValueError as e:
            return _error("bad-lists", str(e))
        files = data.get("lines") if isinstance(data, dict) else None
        for key, entry in found.items():
            game = GAMES.get(key.partition(":")[0])
            entry["note"] = None if game is None else difficulty.search_note(
                game.title, len(entry["deals"]), entry["tried"])
            file = files.get(key) if isinstance(files, dict) else None
            entry["lines"] = file if isinstance(file, str) and knownline.FILE_RE.match(file) \
                else None
        return json.dumps({"lists": found, "grades": [{"grade": g, "label": label}
                                                      for g, label in difficulty.GRADES.items()]})

    def known_lines(self, data_json: str, key: str) -> str:
        """Read a list's file of known wins (its text, :mod:`patience.knownline`) for the
        page: ``{"key", "lines": {"<deal>": "<moves>"}}``, or an error saying what is wrong
        with it (a file of another version, of another list, or not a lines file at all)."""
        from . import knownline  # noqa: PLC0415 (see the module's imports)

        try:
            found = knownline.read_lines(json.loads(data_json))
        except (ValueError, TypeError) as e:
            return _error("bad-lines", f"the known wins could not be read: {e}")
        if found.key != key:
            return _error("bad-lines", f"the known wins are of {found.key!r}, not {key!r}")
        return json.dumps({"key": found.key,
                           "lines": {str(d): v for d, v in found.lines.items()}})

    def daily_record(self, results_json: str, today: str) -> str:
        """Return the daily results by day and the daily streak.

        ``results_json`` is ``{game id: {"YYYY-MM-DD": "won" | "lost"}}`` (the ``dailies``
        of each game's statistics). Answers ``{"streak": n, "best": n, "days": {date:
        {"won": [game ids], "lost": [game ids]}}}``; a day is won when any daily of it was.
        """
        from . import daily  # noqa: PLC0415 (see the module's imports)

        try:
            results = _object(results_json, "the results")
            days: dict[str, dict[str, list[str]]] = {}
            for game_id, by_day in results.items():
                if game_id not in GAMES or not isinstance(by_day, dict):
                    continue
                for date, result in by_day.items():
                    daily.day_number(str(date))
                    if result in ("won", "lost"):
                        days.setdefault(date, {"won": [], "lost": []})[result].append(game_id)
            won = [d for d, r in days.items() if r["won"]]
            current, best = daily.daily_streak(won, str(today))
        except (PatienceError, ValueError, TypeError) as e:
            return _error("bad-daily", str(e))
        return json.dumps({"streak": current, "best": best, "days": days})

    def link_parse(self, query: str, own_json: str = "{}") -> str:
        """Read a link's query: ``{"game", "options", "named", "deal"}`` (``deal`` may be
        null), ``{"none": true}`` for a query that names nothing, or an error saying, in
        words, what is wrong with the link.

        ``own_json`` holds the player's options by game id (``{"klondike": {...}}``): the
        options a link does not name that never change play are taken from them.
        """
        try:
            chosen = _object(own_json, "the player's options")
        except (ValueError, TypeError):
            chosen = {}
        try:
            link = links.parse_query(str(query), chosen)
        except PatienceError as e:
            return _error("bad-link", str(e))
        if link is None:
            return json.dumps({"none": True})
        return json.dumps({"game": link.game, "options": link.options,
                           "named": list(link.named), "deal": link.deal})

    def link_make(self, game_id: str, options_json: str, deal: float) -> str:
        """Return the query of a link to this deal: ``{"query": "?game=...&deal=..."}``."""
        try:
            number: object = deal
            if isinstance(number, float) and number.is_integer():
                number = int(number)
            query = links.make_query(str(game_id), _object(options_json, "the options"),
                                     number)
        except (PatienceError, ValueError, TypeError) as e:
            return _error("bad-link", str(e))
        return json.dumps({"query": query})

    def bundle_make(self, parts_json: str) -> str:
        """Build the export file from this device's records (see :func:`bundle.make`):
        ``{"file": {...}, "left": [records left out, in words]}``."""
        from . import bundle  # noqa: PLC0415 (see the module's imports)

        try:
            parts = json.loads(str(parts_json))
        except ValueError:
            parts = {}
        made, left = bundle.make(parts, self._stats_check())
        return json.dumps({"file": made, "left": left})

    def bundle_limits(self) -> str:
        """Return the largest export file that can be imported: ``{"maxBytes": n}``."""
        from . import bundle  # noqa: PLC0415 (see the module's imports)

        return json.dumps({"maxBytes": bundle.MAX_BYTES})

    def bundle_check(self, text: str) -> str:
        """Check a whole export file: ``{"ok": true, "stats": n, "games": n, "parked": n}``."""
        from . import bundle  # noqa: PLC0415 (see the module's imports)

        try:
            data = bundle.check(str(text), self._stats_check())
        except PatienceError as e:
            return _error("bad-bundle", str(e))
        return json.dumps({"ok": True, **{s: len(data.get(s, {})) for s in bundle.SECTIONS}})

    def bundle_merge(self, current_json: str, incoming_json: str) -> str:
        """Merge an export file into what this device holds.

        ``current_json`` is the device's own data in the export shape; ``incoming_json``
        the file. Answers ``{"write": {"stats", "games", "parked", "settings", "current"},
        "report": [lines]}``: only the records that change, and what was done in words.
        A bad file is an error and changes nothing.
        """
        from . import bundle  # noqa: PLC0415 (see the module's imports)

        check_stats = self._stats_check()
        try:
            incoming = bundle.check(str(incoming_json), check_stats)
            current = _object(current_json, "this device's data")
            merged = bundle.merge(current, incoming, self._stats_merge(), check_stats)
        except (PatienceError, ValueError, TypeError) as e:
            return _error("bad-bundle", str(e))
        return json.dumps({"write": {"stats": merged.stats, "games": merged.games,
                                     "parked": merged.parked, "settings": merged.settings,
                                     "current": merged.current},
                           "report": merged.report})

    def _stats_check(self) -> Callable[[str], str | None] | None:
        """Return the statistics check of the records module, if the bridge has one."""
        records_check = getattr(self, "records_check", None)
        if records_check is None:
            return None

        def check(text: str) -> str | None:
            answer = json.loads(records_check(text))
            if isinstance(answer, dict) and answer.get("ok") is True:
                return None
            error = answer.get("error", {}) if isinstance(answer, dict) else {}
            return str(error.get("message", "not a statistics record"))
        return check

    def _stats_merge(self) -> Callable[[str, str], dict[str, Any]] | None:
        records_merge = getattr(self, "records_merge", None)
        if records_merge is None:
            return None

        def merge(a: str, b: str) -> dict[str, Any]:
            answer = json.loads(records_merge(a, b))
            return answer if isinstance(answer, dict) else {"error": "not a record"}
        return merge
