"""The solver's side of the browser's worker: jobs given as JSON, run in short slices.

The page never waits on the solver. Its worker (``static/js/solver-worker.js``) starts a
job with :func:`start` and calls :meth:`Job.step` again and again, giving the event loop a
turn between calls; each step expands at most ``SLICE`` positions. When the player moves,
the worker simply stops stepping the old job (:meth:`Job.close`) and starts the new one.

Jobs (a JSON object; ``budget`` is a node budget, never a time):

``{"kind": "solve", "save": SAVE, "at": K, "budget": N}``
    Search the position after the first ``K`` moves of a session save (default: all of
    them). Answer: ``{"verdict", "moves", "nodes", "usedHidden", "at"}``, the moves in the
    engine's notation from that position. With ``"known": {"key": K, "deal": D, "line":
    MOVES}`` (a listed deal's known win, :mod:`patience.knownline`), a position on that line
    is answered at once from it, with ``"known": true`` and no node searched; a position off
    it (or a game not of that list and deal) is searched as without.
``{"kind": "rewind", "save": SAVE, "from": K, "skip": [...], "known": [...], "budget": N}``
    Walk back from the position after ``K - 1`` moves towards the deal and find the last
    winnable one: positions listed in ``skip`` are already known to be lost and are passed
    over; one listed in ``known`` is already known to be winnable and ends the walk
    unsearched (its ``moves`` are then ``null``). Answer: ``{"winnable": J, "moves",
    "usedHidden", "lost": [...]}`` where ``J`` is the move count of the last winnable
    position and ``lost`` the positions proven lost on the way; ``winnable`` is ``null``
    with ``unknownAt`` when a search ran out of budget first (nothing can be claimed then),
    or with neither when even the deal is lost.
``{"kind": "find", "game": ID, "options": {...}, "from": D, "tries": T, "budget": N}``
    Look for a deal the solver wins, trying deals ``D``, ``D + 1``... (at most ``T`` of
    them, wrapping round after the last deal number). Answer: ``{"deal": D or null,
    "tried": T}``.

Any answer may instead be ``{"error": {"kind", "message"}}``: bad input never raises.
"""

from __future__ import annotations

import json
from collections.abc import Generator
from typing import Any

from .errors import PatienceError
from .errors import error_json as _error
from .game import State
from .games import find_game
from .knownline import follow
from .rules import MAX_DEAL, Rules
from .session import Session
from .solver import Result, solve_steps, uses_hidden, winnable_key

# Short, so that the search of a position the player has left stops soon: a Klondike
# best-first node costs about five of its depth-first ones, and 2,000 of them made a slice
# of seconds on a slow machine. Long enough that the turn of the event loop between two
# slices (well under a millisecond) is lost in the slice's own work.
SLICE = 500
Answer = dict[str, Any]
Steps = Generator[int, None, Answer]


class Job:
    """One job: step it until it answers."""

    def __init__(self, request: str) -> None:
        self._steps: Steps | None = None
        self._answer: str | None = None
        try:
            data = json.loads(request)
            if not isinstance(data, dict):
                raise ValueError("a job is a JSON object")
            self._steps = _job(data)
        except (PatienceError, ValueError, TypeError, KeyError) as e:
            self._answer = _error(e)

    def step(self) -> str | None:
        """Expand up to ``SLICE`` positions; return the answer as JSON once there is one."""
        if self._answer is not None:
            return self._answer
        assert self._steps is not None
        try:
            next(self._steps)
        except StopIteration as done:
            self._answer = json.dumps(done.value, separators=(",", ":"))
        except Exception as e:       # a bug must answer, never stall the worker
            self._answer = _error(e)
        return self._answer

    def close(self) -> None:
        """Drop the job: its search is abandoned, and it answers that it was dropped."""
        if self._steps is not None:
            self._steps.close()
        if self._answer is None:
            self._answer = json.dumps({"error": {"kind": "dropped",
                                                 "message": "the job was dropped"}})


def start(request: str) -> Job:
    """Start a job from its JSON text."""
    return Job(request)


def run(request: str) -> Answer:
    """Run a job to its end and return its answer (for tests and scripts)."""
    job = start(request)
    while True:
        out = job.step()
        if out is not None:
            answer: Answer = json.loads(out)
            return answer


def _budget(data: dict[str, Any]) -> int:
    budget = data.get("budget")
    if isinstance(budget, bool) or not isinstance(budget, int) or budget < 0:
        raise ValueError(f"a node budget is a whole number from 0 up, not {budget!r}")
    return budget


def _job(data: dict[str, Any]) -> Steps:
    kind = data.get("kind")
    budget = _budget(data)
    if kind == "solve":
        session = Session.load(_text(data, "save"))
        at = _index(data.get("at", len(session.moves)), len(session.moves), "at")
        line = _known(data.get("known"), session)
        if line is not None:
            return _on_line(session, at, line, budget)
        return _solve(session.rules, session.states[at], at, budget)
    if kind == "rewind":
        session = Session.load(_text(data, "save"))
        top = _index(data.get("from"), len(session.moves), "from")
        skip, known = _counts(data, "skip"), _counts(data, "known")
        return _rewind(session, top, skip, known, budget)
    if kind == "find":
        rules = Rules(find_game(_text(data, "game")), data.get("options") or {})
        first = _index(data.get("from"), MAX_DEAL, "from")
        tries = _index(data.get("tries"), MAX_DEAL, "tries")
        return _find(rules, max(first, 1), tries, budget)
    raise ValueError(f"unknown job kind {kind!r}: solve, rewind or find")


def _text(data: dict[str, Any], name: str) -> str:
    value = data.get(name)
    if not isinstance(value, str):
        raise ValueError(f"{name} must be a string")
    return value


def _counts(data: dict[str, Any], name: str) -> set[int]:
    value = data.get(name, [])
    if not isinstance(value, list) or not all(
            isinstance(k, int) and not isinstance(k, bool) for k in value):
        raise ValueError(f"{name} is a list of move counts")
    return set(value)


def _index(value: object, most: int, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= most:
        raise ValueError(f"{name} must be a whole number from 0 to {most}, not {value!r}")
    return value


def _known(value: object, session: Session) -> str | None:
    """The known line a solve job carries, if it is the line of the session's list and deal."""
    if value is None:
        return None
    if not isinstance(value, dict):
        raise ValueError("known is {key, deal, line}")
    key, deal, line = value.get("key"), value.get("deal"), value.get("line")
    if not isinstance(key, str) or not isinstance(line, str) or isinstance(deal, bool) \
            or not isinstance(deal, int):
        raise ValueError("known is {key, deal, line}: a text, a deal number and a text")
    if session.deal != deal or winnable_key(session.rules) != key:
        return None
    return line


def _on_line(session: Session, at: int, line: str, budget: int) -> Steps:
    """Answer from the known line when position ``at`` is on it, else search."""
    r = session.rules
    assert session.deal is not None         # _known checked it is the line's deal
    rest = follow(r, session.deal, line, session.states[: at + 1])
    if rest is None:
        return (yield from _solve(r, session.states[at], at, budget))
    return {"verdict": "solved", "moves": rest, "nodes": 0,
            "usedHidden": uses_hidden(r, session.states[at]), "at": at, "known": True}


def _search(r: Rules, s: State, budget: int) -> Generator[int, None, Result]:
    return solve_steps(r, s, budget, SLICE)


def _solve(r: Rules, s: State, at: int, budget: int) -> Steps:
    result = yield from _search(r, s, budget)
    return {"verdict": result.verdict, "moves": [str(m) for m in result.moves],
            "nodes": result.nodes, "usedHidden": result.used_hidden, "at": at}


def _rewind(session: Session, top: int, skip: set[int], known: set[int],
            budget: int) -> Steps:
    lost: list[int] = []
    for k in range(top - 1, -1, -1):
        if k in known:
            return {"winnable": k, "moves": None, "usedHidden": None, "lost": lost}
        if k in skip:
            continue
        result = yield from _search(session.rules, session.states[k], budget)
        if result.verdict == "solved":
            return {"winnable": k, "moves": [str(m) for m in result.moves],
                    "usedHidden": result.used_hidden, "lost": lost}
        if result.verdict == "unknown":
            return {"winnable": None, "unknownAt": k, "lost": lost}
        lost.append(k)
    return {"winnable": None, "lost": lost}


def _find(r: Rules, first: int, tries: int, budget: int) -> Steps:
    for i in range(tries):
        deal = (first - 1 + i) % MAX_DEAL + 1
        result = yield from _search(r, r.deal(deal), budget)
        if result.verdict == "solved":
            return {"deal": deal, "tried": i + 1}
        yield 0          # a pause between deals, however small their searches
    return {"deal": None, "tried": tries}
