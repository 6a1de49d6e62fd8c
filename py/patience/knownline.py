"""Known lines: the win the study found for a listed deal, so that Hint can give its next move
at once in a game whose search is slow to find a win (any list with a lines file: see
``winnable.json``'s ``"lines"``).

``tools/lines.py`` writes one file a list, ``static/data/lines/<name>.json``::

    {"version": 1, "key": "roosevelt", "budget": 100000,
     "lines": {"27": "t6>f1 t5>f1 ...", ...}}

``key`` is the list's key (:func:`patience.solver.winnable_key`), ``budget`` the node budget
the wins were found under, and each line the moves of a win from the deal, in the engine's
notation, separated by spaces. ``winnable.json`` names the file of a list (``"lines": {key:
"lines/<name>.json"}``); the page loads it only when a listed deal of that list is on the
table, so a first visit does not pay for it, and the service worker keeps it once loaded.

:func:`read_lines` checks a file's shape (the bridge's ``known_lines``); :func:`follow`, run
by the solver's worker, decides whether a position lies on a deal's line and gives the rest
of the win from it. Nothing here is trusted unchecked: a line is replayed through
:meth:`Rules.play` and must end in a win, and the moves handed back are replayed from the
very position asked about.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .errors import PatienceError
from .game import State
from .games import GAMES
from .notation import MOVE_RE, parse_move
from .rules import MAX_DEAL, Rules

VERSION = 1
#: A line longer than this is not one a solver found (two decks take a few hundred moves).
MAX_MOVES = 5000
#: Where ``winnable.json`` may point: a file of ``static/data/lines/``.
FILE_RE = re.compile(r"^lines/[a-z0-9_-]{1,60}\.json$")


@dataclass(frozen=True)
class Lines:
    """A lines file, checked: the list's key, the budget and each deal's moves."""

    key: str
    budget: int
    lines: dict[int, str]

    def data(self) -> dict[str, Any]:
        """The file's JSON object (what ``tools/lines.py`` writes)."""
        return {"version": VERSION, "key": self.key, "budget": self.budget,
                "lines": {str(d): self.lines[d] for d in sorted(self.lines)}}


def split(line: str) -> list[str]:
    """Return a line's moves (its text split at spaces)."""
    return line.split()


def read_lines(data: object) -> Lines:
    """Check a loaded lines file; raise ``ValueError`` saying what is wrong with it.

    >>> read_lines({"version": 1, "key": "roosevelt", "budget": 10,
    ...             "lines": {"27": "t6>f1 stock>waste"}}).lines
    {27: 't6>f1 stock>waste'}
    >>> read_lines({"version": 2})
    Traceback (most recent call last):
    ...
    ValueError: a lines file of version 2: this engine reads version 1
    """
    if not isinstance(data, dict):
        raise ValueError("a lines file is a JSON object")
    if data.get("version") != VERSION:
        raise ValueError(f"a lines file of version {data.get('version')!r}: "
                         f"this engine reads version {VERSION}")
    key, budget, lines = data.get("key"), data.get("budget"), data.get("lines")
    if not isinstance(key, str) or key.partition(":")[0] not in GAMES:
        raise ValueError(f"the lines file's key {key!r} names no game")
    if isinstance(budget, bool) or not isinstance(budget, int) or budget < 0:
        raise ValueError(f"the lines file's budget {budget!r} is not a node count")
    if not isinstance(lines, dict):
        raise ValueError("the lines file's lines are not an object of deals")
    out: dict[int, str] = {}
    for deal, line in lines.items():
        if not (isinstance(deal, str) and deal.isascii() and deal.isdigit()
                and 1 <= int(deal) <= MAX_DEAL):
            raise ValueError(f"{deal!r} is not a deal number")
        moves = split(line) if isinstance(line, str) else []
        if not moves or len(moves) > MAX_MOVES \
                or not all(MOVE_RE.match(m.lower()) for m in moves):
            raise ValueError(f"deal {deal}'s line is not a list of moves")
        out[int(deal)] = " ".join(moves)
    return Lines(key, budget, out)


def replay(r: Rules, start: State, moves: Sequence[str]) -> list[State]:
    """Play ``moves`` from ``start`` through the checked API; return every position on the
    way (``start`` first). Raise a ``PatienceError`` at the first move that is not legal."""
    states = [start]
    for text in moves:
        states.append(r.play(states[-1], parse_move(r, text)))
    return states


def _winning(r: Rules, start: State, moves: Sequence[str]) -> bool:
    """Tell whether ``moves`` replay from ``start`` to a win."""
    try:
        return r.is_won(replay(r, start, moves)[-1])
    except PatienceError:
        return False


def _threaded(r: Rules, s: State, rest: Sequence[str]) -> list[str] | None:
    """Play the moves of ``rest`` that are legal, in turn, from ``s``, passing over those that
    are not (played already, by the table's safe moves for one); return the moves played if
    they win, else None."""
    played: list[str] = []
    for text in rest:
        try:
            s = r.play(s, parse_move(r, text))
        except PatienceError:
            continue
        played.append(text)
    return played if r.is_won(s) else None


def follow(r: Rules, deal: int, line: str, history: Sequence[State]) -> list[str] | None:
    """Return the moves that win from the last position of ``history`` by the known line of
    ``deal``, or None when that position has left the line (or the line is no win).

    ``history`` is the positions of the game in play, oldest first. The position is on the
    line when it is one of the line's positions (up to :meth:`Rules.key`): the rest of the
    line wins from it. Otherwise, from the latest position of ``history`` that is on the
    line, the rest of the line is played from the present one, passing over moves no longer
    legal (the table may have played some safe moves sooner than the line does): if that
    wins, it is the answer. Whatever is answered has been replayed from the present position
    to a win.
    """
    moves = split(line)
    try:
        states = replay(r, r.deal(deal), moves)
    except PatienceError:
        return None
    if not r.is_won(states[-1]) or not history:
        return None
    # The latest index of each position of the line: the shortest rest from it.
    at = {r.key(x): i for i, x in enumerate(states)}
    here = history[-1]
    i = at.get(r.key(here))
    if i is not None and _winning(r, here, moves[i:]):
        return moves[i:]
    for past in reversed(history):
        j = at.get(r.key(past))
        if j is not None:
            return _threaded(r, here, moves[j:])
    return None
