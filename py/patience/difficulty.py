"""How hard a listed deal is for a person: Easy, Medium or Hard, from the solver's effort.

Every deal in ``static/data/winnable.json`` is one the solver won, and the study's results
files say how many positions the search visited before it did (``nodes``). That effort is the
measure: a deal the search wins at once is one a player's first reasonable moves tend to win
too; a deal it must dig for hides its win behind moves that look wrong. ``tools/difficulty.py``
shows that it predicts: on deals the thresholds were not fit on, a greedy player built on
the engine's rules wins the Easy deals more often than the Medium ones, and those more often
than the Hard ones (``docs/difficulty.md``).

The thresholds of a list are its thirds by effort: the odd-numbered listed deals are sorted by
``nodes`` and cut at one third and two thirds (:func:`fit_cuts`); every listed deal is then
graded by them (:func:`grade`). So each grade is about a third of the list, and the even deals
stay held out for the check. The grades ride in the file's ``"difficulty"`` object, ``{list
key: {"<deal>": 1 | 2 | 3}}``, which :func:`read_winnable` checks on load.

>>> cuts = fit_cuts([10, 20, 30, 40, 50, 60])
>>> cuts
(20, 40)
>>> [grade(n, cuts) for n in (5, 20, 21, 40, 41)]
[1, 1, 2, 2, 3]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .rules import MAX_DEAL

#: The grades and their names, easiest first.
GRADES: dict[int, str] = {1: "Easy", 2: "Medium", 3: "Hard"}
#: The versions of ``winnable.json`` this engine reads (2 added ``"difficulty"``).
VERSIONS = (1, 2)


def fit_cuts(nodes: Sequence[int]) -> tuple[int, int]:
    """Return the efforts that end Easy and Medium: a list's thirds (``(0, 0)`` if empty)."""
    ranked = sorted(nodes)
    if not ranked:
        return (0, 0)
    n = len(ranked)
    return (ranked[max(0, (n + 2) // 3 - 1)], ranked[max(0, (2 * n + 2) // 3 - 1)])


def grade(nodes: int, cuts: tuple[int, int]) -> int:
    """Return a deal's grade (1 easy, 2 medium, 3 hard) from its search's effort."""
    return 1 if nodes <= cuts[0] else 2 if nodes <= cuts[1] else 3


def grade_list(nodes: Mapping[int, int]) -> tuple[dict[int, int], tuple[int, int]]:
    """Grade a list's deals (deal -> nodes); return the grades and the cuts, fit on the
    odd-numbered deals (on all of them if it has no odd one)."""
    fit = [n for d, n in nodes.items() if d % 2] or list(nodes.values())
    cuts = fit_cuts(fit)
    return {d: grade(n, cuts) for d, n in sorted(nodes.items())}, cuts


def _deal(value: object) -> int | None:
    if isinstance(value, str) and value.isascii() and value.isdigit():
        value = int(value)
    if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= MAX_DEAL:
        return value
    return None


def _count(value: object) -> int:
    ok = isinstance(value, int) and not isinstance(value, bool) and value > 0
    return value if ok and isinstance(value, int) else 0


def read_winnable(data: object) -> dict[str, dict[str, Any]]:
    """Check a loaded ``winnable.json`` and return its lists by key, each ``{"deals": [...],
    "budget": n, "tried": n, "grades": {"1": [...], "2": [...], "3": [...]}}``.

    A file of a version this engine does not read gives no lists; a bad entry is dropped
    (a deal out of range, a grade that is not 1, 2 or 3, a grade for a deal not listed). A
    list with no grades has empty ``grades`` lists.

    >>> read_winnable({"version": 2, "sets": {"freecell": [3, 1]},
    ...                "difficulty": {"freecell": {"1": 3, "3": 1, "9": 2}}})["freecell"]["grades"]
    {'1': [3], '2': [], '3': [1]}
    >>> read_winnable({"version": 7, "sets": {"freecell": [1]}})
    {}
    """
    if not isinstance(data, dict) or data.get("version") not in VERSIONS:
        return {}
    sets, budgets, tried, graded = (data.get(k) for k in ("sets", "budgets", "tried",
                                                            "difficulty"))
    if not isinstance(sets, dict):
        return {}
    out: dict[str, dict[str, Any]] = {}
    for key, raw in sets.items():
        if not isinstance(key, str) or not isinstance(raw, list):
            continue
        deals = sorted({d for d in map(_deal, raw) if d is not None})
        listed = set(deals)
        marks = graded.get(key) if isinstance(graded, dict) else None
        by_grade: dict[str, list[int]] = {str(g): [] for g in GRADES}
        if isinstance(marks, dict):
            for d, g in marks.items():
                deal = _deal(d)
                if deal in listed and g in GRADES and not isinstance(g, bool):
                    by_grade[str(g)].append(deal)
        out[key] = {"deals": deals,
                    "budget": _count(budgets.get(key)) if isinstance(budgets, dict) else 0,
                    "tried": _count(tried.get(key)) if isinstance(tried, dict) else 0,
                    "grades": {g: sorted(v) for g, v in by_grade.items()}}
    return out


def grade_of(graded: object, key: str, deal: int) -> int | None:
    """Return a listed deal's grade from a ``"difficulty"`` object, or None if it has none."""
    marks = graded.get(key) if isinstance(graded, dict) else None
    g = marks.get(str(deal)) if isinstance(marks, dict) else None
    return g if isinstance(g, int) and not isinstance(g, bool) and g in GRADES else None


#: A list whose search won fewer than this share of the deals it tried is one where the
#: solver rarely decides a deal: its "Unknown" needs words (:func:`search_note`).
RARE = 0.1


def search_note(title: str, won: int, tried: int) -> str | None:
    """Return what to tell a player while the solver knows nothing of a deal of a game whose
    search rarely finds a win (won ``won`` of the first ``tried`` deals), or None.

    >>> print(search_note("Roosevelt", 0, 50))  # doctest: +NORMALIZE_WHITESPACE
    No win found yet: the solver finds a win in few Roosevelt deals (none of the first 50
    it tried), so this deal may not be winnable. Winnable deals only gives deals it has
    won, once it has won some.
    >>> search_note("FreeCell", 1000, 1000) is None
    True
    """
    if tried <= 0 or won >= RARE * tried:
        return None
    share = "none" if not won else f"{won}"
    after = ("Winnable deals only gives deals it has won." if won else
             "Winnable deals only gives deals it has won, once it has won some.")
    return (f"No win found yet: the solver finds a win in few {title} deals ({share} of the first "
            f"{tried} it tried), so this deal may not be winnable. {after}")
