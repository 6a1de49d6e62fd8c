"""The figures a player sees, made from a statistics record (see :mod:`patience.records`).

How games count (``docs/records.md`` says the same for players):

- *Played*: every game recorded, won or lost; a game is recorded once a move is made.
- *Won* is a win on your own; *won with help* a win after Hint or Undo; *solved by the
  solver* a game Solve played moves in. They are counted apart and never added together.
- *Win rate*: won on your own / played; the *with-help rate* beside it counts both kinds of
  win. Neither is given while no game was won or lost by the player (only games the solver
  played, or none).
- *Winning streak*: wins in a row, on your own or with help; a loss or a solved game ends it.
  *Losing streak*: losses in a row; any other game ends it.
- *Best and average time, fewest moves*: from wins on your own. *Best score*: the highest
  final score of a game not played by the solver, won or lost.
- *Vegas balance*: the sum of the final scores of every game of a Vegas variant.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

from .games import GAMES
from .records import Entry, Fold, Record, Variant, kind, order, variant_of

#: Games shown on the results chart.
CHART: Final = 60

Figures = dict[str, Any]


def figures(folds: Iterable[Fold], entries: list[Entry], vegas: bool = False) -> Figures:
    """Return the figures of some folds and the kept entries that follow them."""
    folds = list(folds)
    count = {how: sum(f[how] for f in folds) for how in ("won", "helped", "solved", "lost")}
    win_seconds = sum(f["winSeconds"] for f in folds)
    best_seconds = [f["bestSeconds"] for f in folds if f["bestSeconds"] is not None]
    fewest = [f["fewestMoves"] for f in folds if f["fewestMoves"] is not None]
    scores = [f["bestScore"] for f in folds if f["bestScore"] is not None]
    balance = sum(f["scoreSum"] for f in folds)
    latest = max(folds, key=lambda f: f["last"], default=None)
    streak, losing = (latest["streak"], latest["losing"]) if latest else (0, 0)
    best = max([0, *(f["bestStreak"] for f in folds)])
    worst = max([0, *(f["bestLosing"] for f in folds)])
    for e in sorted(entries, key=order):
        how = kind(e)
        count[how] += 1
        balance += e["score"] or 0
        if how in ("won", "helped"):
            streak, losing = streak + 1, 0
        else:
            streak, losing = 0, (losing + 1 if how == "lost" else 0)
        best, worst = max(best, streak), max(worst, losing)
        if how == "won":
            win_seconds += e["seconds"]
            best_seconds.append(e["seconds"])
            fewest.append(e["moves"])
        if how != "solved" and e["score"] is not None:
            scores.append(e["score"])
    played = sum(count.values())
    # No rate while no game was finished by the player (only games Solve played, or none):
    # no "0%" beside "Lost 0".
    rated = played if count["won"] + count["helped"] + count["lost"] else 0
    return {
        "played": played, **count,
        "winRate": count["won"] / rated if rated else None,
        "helpRate": (count["won"] + count["helped"]) / rated if rated else None,
        "streak": streak, "bestStreak": best, "losing": losing, "bestLosing": worst,
        "bestSeconds": min(best_seconds, default=None),
        "averageSeconds": round(win_seconds / count["won"]) if count["won"] else None,
        "fewestMoves": min(fewest, default=None),
        "bestScore": max(scores, default=None),
        "balance": balance if vegas else None,
    }


def _row(e: Entry, v: Variant) -> dict[str, Any]:
    return {"id": e["id"], "deal": e["deal"], "options": e["options"], "variant": v.key,
            "label": v.label, "result": e["result"], "kind": kind(e), "marks": e["marks"],
            "seconds": e["seconds"], "moves": e["moves"], "score": e["score"],
            "ended": e["ended"], "daily": e["daily"]}


def series(folds: Iterable[Fold], entries: list[Entry]) -> list[dict[str, Any]]:
    """Return the chart's points: the last :data:`CHART` games in order, each with how it
    ended and the win rate (on your own) of all games up to it, folded ones included."""
    folds = list(folds)
    played = sum(f["played"] for f in folds)
    won = sum(f["won"] for f in folds)
    points = []
    for e in sorted(entries, key=order):
        how = kind(e)
        played += 1
        won += how == "won"
        points.append({"kind": how, "rate": won / played, "deal": e["deal"],
                       "ended": e["ended"]})
    return points[-CHART:]


def summary(record: Record | None, game_id: str) -> dict[str, Any]:
    """Return everything the Statistics dialog shows of one game."""
    game = GAMES[game_id]
    variants = []
    all_folds: list[Fold] = []
    all_entries: list[Entry] = []
    rows = []
    dailies: dict[str, str] = {}
    for key, part in (record["variants"] if record else {}).items():
        v = variant_of(game, key, part)
        folds = list(part["folds"].values())
        entries = part["entries"]
        all_folds += folds
        all_entries += entries
        rows += [_row(e, v) for e in entries]
        last = max([*(f["last"] for f in folds), *(e["ended"] for e in entries)])
        variants.append({"key": key, "label": v.label, "options": v.options, "vegas": v.vegas,
                         "last": last, "figures": figures(folds, entries, v.vegas),
                         "series": series(folds, entries)})
        for f in folds:
            for day, result in f["dailies"].items():
                _daily(dailies, day, result)
        for e in entries:
            if e["daily"]:
                _daily(dailies, e["daily"], "won" if kind(e) in ("won", "helped") else "lost")
    variants.sort(key=lambda v: v["last"], reverse=True)
    rows.sort(key=lambda r: (r["ended"], r["id"]), reverse=True)
    total = figures(all_folds, all_entries)
    total["bestStreak"] = max([total["bestStreak"],
                               *(v["figures"]["bestStreak"] for v in variants)])
    return {"game": game.id, "title": game.title, "total": total, "variants": variants,
            "history": rows, "series": series(all_folds, all_entries),
            "dailies": dict(sorted(dailies.items()))}


def _daily(dailies: dict[str, str], day: str, result: str) -> None:
    if dailies.get(day) != "won":
        dailies[day] = result


def clock(seconds: int) -> str:
    """Write a time as the page does: ``m:ss``, or ``h:mm:ss`` from an hour."""
    h, rest = divmod(seconds, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


def win_note(before: Figures, after: Figures, entry: Entry, title: str) -> str:
    """Return the line the win notice adds: the streak, or a new best. Empty after a loss."""
    how = kind(entry)
    if how == "lost":
        return ""
    if how == "solved":
        return "Games the solver finishes are kept apart from your wins."
    notes = []
    if how == "won" and before["won"] == 0:
        notes.append(f"Your first {title} win on your own.")
    elif how == "won" and before["bestSeconds"] is not None \
            and entry["seconds"] < before["bestSeconds"]:
        notes.append(f"A new best time: {clock(entry['seconds'])}.")
    elif how == "won" and before["fewestMoves"] is not None \
            and entry["moves"] < before["fewestMoves"]:
        notes.append(f"Your fewest moves yet: {entry['moves']}.")
    streak = after["streak"]
    if streak > 1:
        best = " (a new best)" if streak > before["bestStreak"] else ""
        notes.append(f"{streak} wins in a row{best}.")
    if how == "helped" and not notes:
        notes.append("Won with help: counted apart from your wins on your own.")
    return " ".join(notes)
