"""A player's record of one game: the games played, by variant, checked, added to and merged.

The page keeps one record per game id (``patience:v1:stats:<game id>``) and the engine
decides everything about it: what an entry must hold, which variant it belongs to, how two
records are merged and how old games are folded into totals. The figures shown to the player
(played, won, streaks, best time) are made from a record by :mod:`patience.records_figures`.

A record::

    {"v": 1, "game": "klondike",
     "variants": {"<variant key>": {"entries": [entry, ...], "folds": {"<writer>": fold}}}}

An entry is one game played to its end (won) or given up (lost): ``id``, ``game``,
``options`` (all of them), ``deal``, ``result``, ``marks``, ``seconds``, ``moves``,
``score``, ``ended`` (UTC, ``2026-11-24T08:37:24.123Z``) and ``daily``, plus two fields the
engine stamps when it adds the entry: ``w``, the writer (one browser profile), and ``n``, the
entry's number among that writer's games of that variant (1, 2, 3, ...).

History and folding: each variant keeps its newest :data:`HISTORY` entries in full. An older
entry is folded into its writer's *fold* (totals, bests, streaks and dailies of that writer's
entries 1 to ``upto``), and only in order: entry ``n`` is folded only when the fold already
holds 1 to ``n - 1``. So a fold always stands for a known, gapless run of one writer's
entries, and merging is exact: for each writer the fold with the larger ``upto`` holds the
other; an entry that a fold holds is dropped, every other entry is kept by its id. Merging is
therefore commutative and idempotent, never counts a game twice and never loses one (see
``tests/test_records.py``).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any, Final

from .daily import date_of, day_number
from .errors import PatienceError
from .game import Game, OptionValue
from .games import GAMES
from .options import option_text, resolve
from .rules import MAX_DEAL
from .savecheck import finite_number, read_json

VERSION: Final = 1
#: Entries kept in full per variant; older ones are folded into totals.
HISTORY: Final = 100
#: A record is read up to this many characters (100 entries of ten variants is ~300 KB).
MAX_RECORD_CHARS: Final = 2_000_000
#: More entries than this in one variant is not a record this engine wrote.
MAX_KEPT: Final = 2_000
MARKS: Final = ("hint", "undo", "solve")
RESULTS: Final = ("won", "lost")
#: Seconds and moves above these are not from a real game.
MAX_SECONDS: Final = 10_000_000
MAX_MOVES: Final = 10_000_000
MAX_SCORE: Final = 10_000_000

_ID: Final = re.compile(r"[A-Za-z0-9_-]{1,64}")
_ENDED: Final = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z")
_DAY: Final = re.compile(r"\d{4}-\d{2}-\d{2}")

ENTRY_FIELDS: Final = ("id", "game", "options", "deal", "result", "marks", "seconds", "moves",
                       "score", "ended", "daily")
FOLD_COUNTS: Final = ("upto", "played", "won", "helped", "solved", "lost", "winSeconds",
                      "scoreSum", "bestStreak", "streak", "losing", "bestLosing")
FOLD_BESTS: Final = ("bestSeconds", "fewestMoves", "bestScore")

Record = dict[str, Any]
Entry = dict[str, Any]
Fold = dict[str, Any]


class RecordError(PatienceError):
    """Raised when a statistics record or an entry is not one this engine reads."""


# --- variants -----------------------------------------------------------------------------

def score_options(game: Game) -> set[str]:
    """Return the options that change only the score (they still make a variant)."""
    return {name for name in (game.scoring, game.timed) if name}


def variant_options(game: Game, options: dict[str, OptionValue]) -> list[tuple[str, OptionValue]]:
    """Return the options that make a variant: those that change play or the score.

    Klondike's draw 1 and draw 3 are two variants, and so are standard and Vegas scoring
    (a Vegas balance is kept per variant); peeking at the stock changes neither.
    """
    counted = {o.name for o in game.options if o.play} | score_options(game)
    return [(o.name, options[o.name]) for o in game.options if o.name in counted]


def variant_key(game: Game, options: dict[str, OptionValue]) -> str:
    """Return the key of a variant: ``klondike:draw=3,passes=3,scoring=vegas,...``."""
    parts = [f"{name}={option_text(value)}" for name, value in variant_options(game, options)]
    return game.id + (":" + ",".join(parts) if parts else "")


def options_of_key(game: Game, key: str) -> dict[str, OptionValue] | None:
    """Return the full options a variant key stands for (the others at their defaults), or
    None when the text is not a key of this game."""
    head, _, tail = key.partition(":")
    if head != game.id or len(key) > 300:
        return None
    try:
        spec = dict(p.split("=", 1) for p in tail.split(",")) if tail else {}
        options = resolve(game, spec)
    except (PatienceError, ValueError):
        return None
    return options if variant_key(game, options) == key else None


def variant_label(game: Game, options: dict[str, OptionValue]) -> str:
    """Name a variant in words from the catalogue's labels (``"Draw 3, 3 passes, ..."``).

    A choice whose label says it all (``Draw 3``, ``2 suits``) is given alone; others with
    their option's name (``Scoring: Vegas``); a yes-or-no option only when not its default.
    Empty for a game without options.
    """
    words = []
    for o in game.options:
        if o.name not in dict(variant_options(game, options)):
            continue
        value = options[o.name]
        label = o.labels[o.choices.index(value)] if o.labels else option_text(value)
        if isinstance(value, bool):
            if value != o.default:
                words.append(f"{o.label}: {label}")
        elif any(ch.isdigit() for ch in label):
            words.append(label)
        else:
            words.append(f"{o.label}: {label}")
    return ", ".join(words)


def is_vegas(game: Game, options: dict[str, OptionValue]) -> bool:
    """Tell whether a variant keeps a running Vegas balance."""
    return bool(game.scoring) and options.get(game.scoring or "") == "vegas"


def kind(entry: Entry) -> str:
    """Return how a game ended: ``won`` (on your own), ``helped``, ``solved`` or ``lost``."""
    if entry["result"] == "lost":
        return "lost"
    if "solve" in entry["marks"]:
        return "solved"
    return "helped" if entry["marks"] else "won"


def order(entry: Entry) -> tuple[str, str]:
    """Return the sort key of an entry: when it ended, then its id."""
    return (entry["ended"], entry["id"])


# --- checking -----------------------------------------------------------------------------

def _whole(value: object, lo: int, hi: int, what: str) -> int:
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise RecordError(f"{what} is not a whole number from {lo} to {hi}")
    return value


_TIME: Final = re.compile(r"(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?"
                          r"(Z|[+-]\d{2}:\d{2})")


def _ended(value: object) -> str:
    """Return an end time in the record's form (UTC, milliseconds, ``Z``)."""
    found = _TIME.fullmatch(value) if isinstance(value, str) and len(value) <= 40 else None
    if found is None:
        raise RecordError("an entry's end time is not an ISO date and time with its zone")
    day, hh, mm, ss, fraction, zone = found.groups()
    try:
        days = day_number(day)
    except ValueError as e:
        raise RecordError(f"an entry's end time: {e}") from e
    if int(hh) > 23 or int(mm) > 59 or int(ss) > 59:
        raise RecordError(f"an entry's end time {value!r} is not a time of day")
    offset = 0 if zone == "Z" else (int(zone[1:3]) * 60 + int(zone[4:6])) \
        * (1 if zone[0] == "+" else -1)
    minutes = days * 1440 + int(hh) * 60 + int(mm) - offset
    day_utc, minute = divmod(minutes, 1440)
    try:
        date = date_of(day_utc)
    except ValueError as e:
        raise RecordError(f"an entry's end time {value!r} is out of range") from e
    ms = (fraction or "").ljust(3, "0")[:3]
    return f"{date}T{minute // 60:02d}:{minute % 60:02d}:{ss}.{ms}Z"


def _day(value: object, what: str) -> str:
    if not isinstance(value, str) or not _DAY.fullmatch(value):
        raise RecordError(f"{what} is not a date (YYYY-MM-DD)")
    try:
        day_number(value)
    except ValueError as e:
        raise RecordError(f"{what}: {e}") from e
    return value


def check_entry(game: Game, raw: object, stored: bool = False) -> Entry:
    """Return an entry in the record's form, or raise :class:`RecordError` saying why not.

    ``stored``: the entry comes from a record, so it must carry the writer (``w``) and its
    number (``n``), and its end time must already be in the record's form.
    """
    if not isinstance(raw, dict):
        raise RecordError("an entry is not an object")
    fields = set(ENTRY_FIELDS) | ({"w", "n"} if stored else set())
    extra = set(raw) - fields
    missing = fields - set(raw)
    if extra or missing:
        names = ", ".join(sorted(extra or missing))
        raise RecordError(f"an entry has {'unknown' if extra else 'no'} field(s): {names}")
    if not isinstance(raw["id"], str) or not _ID.fullmatch(raw["id"]):
        raise RecordError("an entry's id is not 1 to 64 letters, digits, - or _")
    if raw["game"] != game.id:
        raise RecordError(f"an entry of {str(raw['game'])[:40]!r} is in the {game.title} record")
    try:
        options = resolve(game, raw["options"])
    except PatienceError as e:
        raise RecordError(f"an entry's options are not {game.title}'s: {e}") from e
    if raw["result"] not in RESULTS:
        raise RecordError("an entry's result is not won or lost")
    marks = raw["marks"]
    if not isinstance(marks, list) or any(m not in MARKS for m in marks) \
            or len(set(marks)) != len(marks):
        raise RecordError("an entry's marks are not a list of hint, undo and solve")
    score = raw["score"]
    entry: Entry = {
        "id": raw["id"], "game": game.id, "options": options,
        "deal": _whole(raw["deal"], 1, MAX_DEAL, "an entry's deal"),
        "result": raw["result"], "marks": [m for m in MARKS if m in marks],
        "seconds": _whole(round(raw["seconds"]) if finite_number(raw["seconds"], 0, MAX_SECONDS)
                          else raw["seconds"], 0, MAX_SECONDS, "an entry's time"),
        "moves": _whole(raw["moves"], 0, MAX_MOVES, "an entry's move count"),
        "score": None if score is None
        else _whole(score, -MAX_SCORE, MAX_SCORE, "an entry's score"),
        "ended": _ended(raw["ended"]),
        "daily": None if raw["daily"] is None else _day(raw["daily"], "an entry's daily date"),
    }
    if stored:
        if raw["ended"] != entry["ended"]:
            raise RecordError("an entry's end time is not in the record's form")
        if not isinstance(raw["w"], str) or not _ID.fullmatch(raw["w"]):
            raise RecordError("an entry's writer is not 1 to 64 letters, digits, - or _")
        entry["w"] = raw["w"]
        entry["n"] = _whole(raw["n"], 1, 10**9, "an entry's number")
    return entry


def check_fold(raw: object) -> Fold:
    """Return a fold as read, or raise :class:`RecordError` saying why it is not one."""
    if not isinstance(raw, dict):
        raise RecordError("the totals of older games are not an object")
    fields = set(FOLD_COUNTS) | set(FOLD_BESTS) | {"last", "dailies"}
    if set(raw) != fields:
        names = ", ".join(sorted(set(raw) ^ fields))
        raise RecordError(f"the totals of older games do not have the right fields ({names})")
    fold: Fold = {name: _whole(raw[name], 0, 10**12, f"the older games' {name}")
                  for name in FOLD_COUNTS}
    for name in FOLD_BESTS:
        lo = -MAX_SCORE if name == "bestScore" else 0
        fold[name] = None if raw[name] is None else _whole(raw[name], lo, 10**12,
                                                           f"the older games' {name}")
    fold["last"] = _ended(raw["last"])
    dailies = raw["dailies"]
    if not isinstance(dailies, dict) or any(v not in RESULTS for v in dailies.values()):
        raise RecordError("the older games' dailies are not dates with won or lost")
    fold["dailies"] = {_day(k, "a daily date"): v for k, v in sorted(dailies.items())}
    counted = fold["won"] + fold["helped"] + fold["solved"] + fold["lost"]
    if fold["upto"] < 1 or counted != fold["played"] or fold["played"] != fold["upto"]:
        raise RecordError("the totals of older games do not add up")
    return fold


def check(raw: object, game_id: str | None = None) -> Record:
    """Return a record in its normal form, or raise :class:`RecordError` saying why not."""
    if not isinstance(raw, dict):
        raise RecordError("the statistics record is not an object")
    if raw.get("v") != VERSION:
        raise RecordError("the statistics record is not of a version this Patience reads")
    if set(raw) != {"v", "game", "variants"}:
        raise RecordError("the statistics record has fields it should not have")
    game = GAMES.get(raw["game"]) if isinstance(raw["game"], str) else None
    if game is None or (game_id is not None and game.id != game_id):
        raise RecordError("the statistics record is not of this game")
    variants = raw["variants"]
    if not isinstance(variants, dict):
        raise RecordError("the statistics record's variants are not an object")
    out: Record = {"v": VERSION, "game": game.id, "variants": {}}
    for key, part in variants.items():
        if not isinstance(part, dict) or set(part) != {"entries", "folds"} \
                or not isinstance(part["entries"], list) or not isinstance(part["folds"], dict):
            raise RecordError("a variant of the record is not entries and folds")
        if len(part["entries"]) > MAX_KEPT:
            raise RecordError("a variant of the record holds too many games")
        entries = [check_entry(game, e, stored=True) for e in part["entries"]]
        folds = {}
        for writer, fold in part["folds"].items():
            if not _ID.fullmatch(writer):
                raise RecordError("a writer's name in the record is not one Patience writes")
            folds[writer] = check_fold(fold)
        if not isinstance(key, str) or options_of_key(game, key) is None \
                or any(variant_key(game, e["options"]) != key for e in entries):
            raise RecordError("a game of the record is filed under another variant")
        if not entries and not folds:
            continue
        ids = [e["id"] for e in entries]
        if len(set(ids)) != len(ids):
            raise RecordError("a game is in the record twice")
        out["variants"][key] = {"entries": entries, "folds": folds}
    return normal(out)


def read(text: str, game_id: str | None = None) -> Record | None:
    """Read a stored record (empty text: none yet); raise :class:`RecordError` if it is bad."""
    if text is None or text == "":
        return None
    try:
        raw = read_json(text, "statistics record", max_chars=MAX_RECORD_CHARS)
    except PatienceError as e:
        raise RecordError(str(e)) from e
    return check(raw, game_id)


# --- adding, folding, merging ----------------------------------------------------------------

def empty(game_id: str) -> Record:
    """Return a record with no games."""
    return {"v": VERSION, "game": game_id, "variants": {}}


def add(record: Record | None, raw_entry: object, writer: str) -> tuple[Record, Entry]:
    """Return the record with one more game, and the entry as kept.

    ``writer`` names the browser profile adding it (any id of letters and digits); the entry
    gets the writer's next number in its variant. An entry already in the record (the same id)
    is not added twice.
    """
    if not isinstance(raw_entry, dict) or raw_entry.get("game") not in GAMES:
        raise RecordError("the entry does not name a game")
    game = GAMES[raw_entry["game"]]
    if record is not None and record["game"] != game.id:
        raise RecordError(f"a {game.title} game cannot go in the {record['game']} record")
    if not _ID.fullmatch(writer):
        raise RecordError("the writer's name is not 1 to 64 letters, digits, - or _")
    entry = check_entry(game, raw_entry)
    out = copy(record) if record is not None else empty(game.id)
    key = variant_key(game, entry["options"])
    part = out["variants"].setdefault(key, {"entries": [], "folds": {}})
    for kept in part["entries"]:
        if kept["id"] == entry["id"]:
            return out, kept
    mine = [e["n"] for e in part["entries"] if e["w"] == writer]
    fold = part["folds"].get(writer)
    entry["w"] = writer
    entry["n"] = max([fold["upto"] if fold else 0, *mine]) + 1
    part["entries"].append(entry)
    return normal(out), entry


def merge(a: Record, b: Record) -> Record:
    """Return the union of two records of one game (two tabs, or an imported file)."""
    if a["game"] != b["game"]:
        raise RecordError("records of two different games cannot be merged")
    out = empty(a["game"])
    for key in sorted(set(a["variants"]) | set(b["variants"])):
        pa = a["variants"].get(key, {"entries": [], "folds": {}})
        pb = b["variants"].get(key, {"entries": [], "folds": {}})
        folds: dict[str, Fold] = {}
        for writer in set(pa["folds"]) | set(pb["folds"]):
            choices = [f for f in (pa["folds"].get(writer), pb["folds"].get(writer)) if f]
            # The larger fold holds the smaller; equal ones are the same games.
            folds[writer] = max(choices, key=lambda f: (f["upto"], _canon(f)))
        entries: dict[str, Entry] = {}
        for e in [*pa["entries"], *pb["entries"]]:
            if e["id"] in entries and _canon(entries[e["id"]]) >= _canon(e):
                continue
            entries[e["id"]] = e
        out["variants"][key] = {"entries": list(entries.values()), "folds": folds}
    return normal(out)


def normal(record: Record) -> Record:
    """Put a record in its normal form: entries a fold holds dropped, entries in order, and
    entries older than the newest :data:`HISTORY` folded where their writer's run allows."""
    for part in record["variants"].values():
        folds: dict[str, Fold] = part["folds"]
        kept = [e for e in part["entries"]
                if e["n"] > folds.get(e["w"], {"upto": 0})["upto"]]
        kept.sort(key=order)
        old, recent = kept[:-HISTORY] if len(kept) > HISTORY else [], kept[-HISTORY:]
        left = []
        for e in old:
            fold = folds.get(e["w"])
            if e["n"] == (fold["upto"] if fold else 0) + 1:
                folds[e["w"]] = fold_in(fold, e)
            else:
                left.append(e)        # an earlier game of its writer is missing: keep it
        part["entries"] = left + recent
        part["folds"] = dict(sorted(folds.items()))
    return record


def fold_in(fold: Fold | None, e: Entry) -> Fold:
    """Return a fold with one more entry, the next of its writer."""
    f: Fold = dict(fold) if fold else {
        **{name: 0 for name in FOLD_COUNTS}, **{name: None for name in FOLD_BESTS},
        "last": e["ended"], "dailies": {}}
    f["dailies"] = dict(f["dailies"])
    how = kind(e)
    f["upto"] = e["n"]
    f["played"] += 1
    f[how] += 1
    f["scoreSum"] += e["score"] or 0
    f["last"] = max(f["last"], e["ended"])
    if how in ("won", "helped"):
        f["streak"] += 1
        f["losing"] = 0
    else:
        f["streak"] = 0
        f["losing"] = f["losing"] + 1 if how == "lost" else 0
    f["bestStreak"] = max(f["bestStreak"], f["streak"])
    f["bestLosing"] = max(f["bestLosing"], f["losing"])
    if how == "won":
        f["winSeconds"] += e["seconds"]
        f["bestSeconds"] = _least(f["bestSeconds"], e["seconds"])
        f["fewestMoves"] = _least(f["fewestMoves"], e["moves"])
    if how != "solved" and e["score"] is not None:
        f["bestScore"] = e["score"] if f["bestScore"] is None else max(f["bestScore"], e["score"])
    if e["daily"]:
        day = "won" if how in ("won", "helped") else "lost"
        if f["dailies"].get(e["daily"]) != "won":
            f["dailies"][e["daily"]] = day
    return f


def _least(a: int | None, b: int) -> int:
    return b if a is None else min(a, b)


def _canon(value: object) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def copy(record: Record) -> Record:
    """Return a copy of a record that can be changed without changing the original."""
    return {"v": record["v"], "game": record["game"], "variants": {
        key: {"entries": [dict(e) for e in part["entries"]],
              "folds": {w: dict(f) for w, f in part["folds"].items()}}
        for key, part in record["variants"].items()}}


@dataclass(frozen=True)
class Variant:
    """A variant of a game as the figures need it."""

    key: str
    label: str
    options: dict[str, OptionValue]
    vegas: bool


def variant_of(game: Game, key: str, part: dict[str, Any]) -> Variant:
    """Return the variant a record's part is about (from any of its entries, else its key)."""
    options = part["entries"][-1]["options"] if part["entries"] \
        else options_of_key(game, key) or game.default_options()
    return Variant(key, variant_label(game, options), options, is_vegas(game, options))
