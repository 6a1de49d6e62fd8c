"""A rule-of-thumb move for when the solver has found no win: honest, never a promise.

The hint prefers a move from a solution the solver found; when there is none (the search
ran out of budget, or the game is lost), it falls back to this: the legal move whose
result, after the safe moves that follow, scores best on the solver's own heuristic,
never going back to a position already seen in this game.
"""

from __future__ import annotations

from collections.abc import Iterable

from .game import Move, State
from .rules import Rules
from .solver.heuristic import make_heuristic
from .solver.search import forced


def suggest(r: Rules, s: State, seen: Iterable[State] = ()) -> Move | None:
    """Return a reasonable move in ``s``, or ``None`` when there is no legal move.

    Moves leading back to a position in ``seen`` (up to ``Rules.key``) are only chosen when
    every move does.
    """
    moves = r.legal_moves(s)
    if not moves:
        return None
    h = make_heuristic(r)
    old = {r.key(x) for x in seen}
    old.add(r.key(s))

    def rank(m: Move) -> tuple[int, int]:
        child = r.apply(s, m)
        after, _ = forced(r, child)
        return (1 if r.key(child) in old else 0, h(after))

    return min(moves, key=rank)
