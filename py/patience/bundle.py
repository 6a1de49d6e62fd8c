"""The export file: a player's statistics, history, saved games and settings in one JSON file.

::

    {"format": "patience-export", "version": 1, "exported": "2026-11-24T09:00:00Z",
     "current": "klondike",
     "stats":  {"<game id>": <statistics record>, ...},
     "games":  {"<game id>": <saved-game record>, ...},
     "parked": {"<game id>": <saved-game record>, ...},
     "settings": {...} or null}

A statistics record is the one the page keeps under ``patience:v1:stats:<game id>`` (checked
by :mod:`patience.records`); a saved-game record is the one under ``patience:v1:game:<game
id>`` (``game``, the engine's ``save`` text, the ``snapshot`` painted on a warm start), or
under ``patience:v1:parked:<game id>`` for a game set aside while a shared link was played.

:func:`check` reads a whole file and refuses it, with a message a player understands, when
it is too large, too deeply nested, not of this format or version, names a game Patience does
not have, or holds any saved game the engine cannot load or any statistics record the
statistics module refuses. :func:`merge` brings a checked file into what a device holds,
losing nothing that is there: statistics are merged entry by entry; a saved game of the file
is taken only where the device has no game of that game in progress (none, or a deal not yet
played, or one already won or stuck); the device's settings are kept (the file's are taken
only when the device has none).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .errors import PatienceError
from .games import GAMES
from .session import Session

FORMAT = "patience-export"
VERSION = 1
#: Characters: more than all of a browser's storage for one site can hold.
MAX_BYTES = 8_000_000
#: Nesting depth of arrays and objects; the deepest record is far shallower.
MAX_DEPTH = 24
SECTIONS = ("stats", "games", "parked")

# A statistics check returns why a record is refused (None: it is fine); a merge returns the
# merged record. Both take and give records as JSON text (see patience.records).
StatsCheck = Callable[[str], "str | None"]
StatsMerge = Callable[[str, str], "dict[str, Any]"]


class BundleError(PatienceError):
    """Raised for an export file that cannot be imported; the message says why."""

    kind = "bad-bundle"


@dataclass
class Merged:
    """What a merge brings: the records to write (by section and game id) and a report."""

    stats: dict[str, Any] = field(default_factory=dict)
    games: dict[str, Any] = field(default_factory=dict)
    parked: dict[str, Any] = field(default_factory=dict)
    settings: dict[str, Any] | None = None
    current: str | None = None
    report: list[str] = field(default_factory=list)


def nesting_depth(text: str) -> int:
    """Return the deepest nesting of ``[`` and ``{`` in JSON text, without parsing it.

    >>> nesting_depth('{"a": [1, {"b": "[[["}]}')
    3
    """
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


def _no_constant(name: str) -> float:
    raise ValueError(f"{name} is not a number JSON allows")


def parse(text: str) -> dict[str, Any]:
    """Read an export file's text into its top object; raise :class:`BundleError` if not."""
    if not isinstance(text, str) or not text.strip():
        raise BundleError("the file is empty")
    if len(text) > MAX_BYTES:
        raise BundleError(f"the file is {len(text):,} characters long, more than an export of "
                          f"Patience can be (at most {MAX_BYTES:,})")
    if nesting_depth(text) > MAX_DEPTH:
        raise BundleError("the file is nested far deeper than an export of Patience")
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError) as e:
        raise BundleError(f"the file is not JSON text ({e})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BundleError("this is not a file exported by Patience")
    version = data.get("version")
    if version != VERSION:
        raise BundleError(f"this export is of version {version!r}, and this version of Patience "
                          f"reads version {VERSION}; a newer Patience may read it")
    return data


def game_title(game_id: str) -> str:
    """Return a game's title (its id when it is not one of the games)."""
    game = GAMES.get(game_id)
    return game.title if game else game_id


def check_game_record(game_id: str, record: object) -> Session:
    """Return the session a saved-game record resumes; raise :class:`BundleError` if it cannot."""
    title = game_title(game_id)
    if not isinstance(record, dict) or not isinstance(record.get("save"), str) \
            or not isinstance(record.get("snapshot"), dict):
        raise BundleError(f"the saved {title} game is not a saved-game record")
    if record.get("game") != game_id:
        raise BundleError(f"the saved {title} game is filed under another game")
    try:
        session = Session.load(record["save"])
    except PatienceError as e:
        raise BundleError(f"the saved {title} game cannot be resumed: {e}") from None
    if session.rules.game.id != game_id:
        raise BundleError(f"the saved {title} game holds a game of "
                          f"{session.rules.game.title}")
    return session


def make(parts: object, check_stats: StatsCheck | None) -> tuple[dict[str, Any], list[str]]:
    """Build the export file from this device's records; return it and, in words, the
    records left out because they cannot be read (so that one bad record never makes the
    whole file impossible to import). ``parts``: ``{"stats", "games", "parked"}`` (each a
    game id -> record), ``"settings"``, ``"current"`` and ``"exported"``."""
    given = parts if isinstance(parts, dict) else {}
    current = given.get("current")
    settings = given.get("settings")
    exported = given.get("exported")
    out: dict[str, Any] = {"format": FORMAT, "version": VERSION,
                           "exported": exported if isinstance(exported, str) else None,
                           "settings": settings if isinstance(settings, dict) else None,
                           "current": current if current in GAMES else None}
    left: list[str] = []
    for section in SECTIONS:
        out[section] = {}
        part = given.get(section)
        for game_id, record in (part.items() if isinstance(part, dict) else ()):
            if game_id not in GAMES:
                continue
            title = game_title(game_id)
            try:
                if section == "stats":
                    if check_stats is None:
                        raise BundleError("this version of Patience cannot read statistics")
                    why = check_stats(json.dumps(record))
                    if why is not None:
                        raise BundleError(why)
                else:
                    check_game_record(game_id, record)
            except PatienceError as e:
                what = {"stats": f"the {title} statistics", "games": f"the saved {title} game",
                        "parked": f"the waiting {title} game"}[section]
                left.append(f"{what} ({e})")
                continue
            out[section][game_id] = record
    return out, left


def check(text: str, check_stats: StatsCheck | None) -> dict[str, Any]:
    """Check a whole export file and return its data; raise :class:`BundleError` if it is bad.

    ``check_stats`` checks each statistics record (None: no statistics can be checked, so
    a file that holds any is refused rather than taken unchecked).
    """
    data = parse(text)
    for section in SECTIONS:
        part = data.get(section, {})
        if not isinstance(part, dict):
            raise BundleError(f'the file\'s "{section}" is not a list of games')
        for game_id, record in part.items():
            if game_id not in GAMES:
                raise BundleError(f'the file holds a game this version of Patience does not have '
                                  f'("{game_id[:40]}")')
            if section == "stats":
                if isinstance(record, dict) and record.get("game", game_id) != game_id:
                    raise BundleError(f"the statistics of {game_title(game_id)} are those of "
                                      "another game")
                if check_stats is None:
                    raise BundleError("this version of Patience cannot read statistics")
                why = check_stats(json.dumps(record))
                if why is not None:
                    raise BundleError(f"the statistics of {game_title(game_id)} cannot be "
                                      f"read: {why}")
            else:
                check_game_record(game_id, record)
    settings = data.get("settings")
    if settings is not None and not isinstance(settings, dict):
        raise BundleError("the file's settings are not a set of settings")
    current = data.get("current")
    if current is not None and current not in GAMES:
        raise BundleError("the file's last game played is not one of the games")
    return data


def _part(data: dict[str, Any], section: str) -> dict[str, Any]:
    part = data.get(section)
    return part if isinstance(part, dict) else {}


def _readable(game_id: str, record: object) -> Session | None:
    """Return the session of a record of this device, or None if it cannot be resumed."""
    if record is None:
        return None
    try:
        return check_game_record(game_id, record)
    except BundleError:
        return None


def _started(session: Session) -> bool:
    """Tell whether a saved game is one a player would miss: moves made, not over."""
    return bool(session.moves) and session.status() == "playing"


def _describe(session: Session) -> str:
    n = len(session.moves)
    deal = f"deal {session.deal}" if session.deal is not None else "a set position"
    return f"{deal}, {n} move{'' if n == 1 else 's'}"


def merge(current: dict[str, Any], incoming: dict[str, Any],
          merge_stats: StatsMerge | None, check_stats: StatsCheck | None) -> Merged:
    """Bring a checked file (``incoming``) into what the device holds (``current``).

    ``current`` has the file's shape and is read leniently: a record of it that cannot be
    read is left alone (the file's record of that game is then not merged into it) and said
    in the report. Returns only what changes.
    """
    out = Merged()
    mine_stats = _part(current, "stats")
    for game_id, theirs in incoming.get("stats", {}).items():
        title = game_title(game_id)
        their_text = json.dumps(theirs)
        mine = mine_stats.get(game_id)
        if mine is None:
            out.stats[game_id] = theirs
            out.report.append(f"{title}: statistics and history taken from the file.")
            continue
        mine_text = json.dumps(mine)
        if check_stats is None or merge_stats is None or check_stats(mine_text) is not None:
            out.report.append(f"{title}: the statistics on this device could not be read, so "
                              "the file's were not merged into them.")
            continue
        merged = merge_stats(mine_text, their_text)
        record = merged.get("record")
        if "error" in merged or record is None:
            out.report.append(f"{title}: the statistics could not be merged; this device's "
                              "are kept as they were.")
        elif record == mine:
            out.report.append(f"{title}: statistics already up to date.")
        else:
            out.stats[game_id] = record
            out.report.append(f"{title}: statistics and history merged with this device's.")
    for section, what in (("games", "game in progress"), ("parked", "game set aside")):
        mine_part = _part(current, section)
        target = out.games if section == "games" else out.parked
        for game_id, theirs in incoming.get(section, {}).items():
            title = game_title(game_id)
            session = check_game_record(game_id, theirs)
            mine = mine_part.get(game_id)
            if isinstance(mine, dict) and mine.get("save") == theirs.get("save"):
                continue
            here = _readable(game_id, mine)
            if mine is None or (here is not None and not _started(here) and _started(session)):
                target[game_id] = theirs
                out.report.append(f"{title}: the file's {what} ({_describe(session)}) is "
                                  "restored.")
            elif here is None:
                out.report.append(f"{title}: the {what} on this device could not be read, so "
                                  f"it is left as it is; the file's ({_describe(session)}) "
                                  "was not imported.")
            else:
                out.report.append(f"{title}: your {what} on this device is kept; the file's "
                                  f"({_describe(session)}) was not imported.")
    settings = incoming.get("settings")
    if current.get("settings") is None and settings is not None:
        out.settings = settings
        out.report.append("Settings taken from the file.")
    elif settings is not None:
        out.report.append("This device's settings are kept.")
    if current.get("current") is None and incoming.get("current") is not None:
        out.current = incoming["current"]
    if not out.report:
        out.report.append("The file holds nothing to import.")
    return out
