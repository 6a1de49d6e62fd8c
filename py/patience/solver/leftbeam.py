"""Beams over Moving Left's fast board (``leftfast.py``), stock card by stock card, as
Roosevelt's (``onepass.beam``, ``triage.py``, ``reseed.py``): they look for a win and prove
nothing.

A level is the positions with the same stock cards turned. From each kept position a beam
reaches every position it can without turning (``leftfast.Board.steps`` less plays off the
foundations, the table's safe moves after each), breadth first, at most ``REACH * width`` a
level; the ``width`` best by ``score`` turn the next card (``drive.beam``). A win is the
engine's automatic finish once the stock is out; its steps become engine moves by replay
(``Board.moves``), and ``api`` checks them again through the checked API.
"""

from __future__ import annotations

import random
from collections.abc import Generator

from ..cards import RANK
from ..game import Move, State
from ..rules import Rules
from . import drive
from .drive import offset
from .leftfast import TURN, Board, Pos, Step
from .result import Outcome
from .stockbeam import buried

REACH = 40
# The weights of ``score``: a card up, a face-down card, a card on a lower one of its suit
# (tableau and waste), a waste card, an empty pile, the square of a pile's face-down count, a
# waste card over a lower card of any suit (``inversions``).
WEIGHTS = (10, -4, -3, -2, 3, 0, 0)
Weights = tuple[int, ...]


class _Beam:
    """The beam's game (``drive.Beamed``) on the fast board."""

    def __init__(self, board: Board, seed: int | None, weights: Weights,
                 reach: list[int] | None = None) -> None:
        self.b, self.seed, self.w, self.reach = board, seed, weights, reach
        self.noise = random.Random(seed)
        self._piles: dict[tuple[int, int, tuple[int, ...]], int] = {}
        self._waste: dict[tuple[int, ...], int] = {}
        # The position with the most cards up met (kept where ``reach`` is asked for).
        self.best: Pos | None = None

    def key(self, s: Pos) -> Pos:
        return s

    def expand(self, s: Pos) -> list[tuple[tuple[Step, ...], Pos]]:
        out: list[tuple[tuple[Step, ...], Pos]] = []
        safe = self.b.safe
        for step, child in self.b.steps(s, back=False, turn=False):
            settled, forced = safe(child)
            out.append(((step, *forced), settled))
        if self.reach is not None:
            for _, c in out:
                up = sum(c[2])
                if up > self.reach[0]:
                    self.reach[0] = up
                    self.best = c
        return out

    def finish(self, s: Pos) -> tuple[Step, ...] | None:
        done = self.b.finish(s)
        return None if done is None else tuple(done)

    def out(self, s: Pos) -> bool:
        return s[4] >= len(self.b.deck)

    def turn(self, s: Pos) -> tuple[tuple[Step, ...], Pos]:
        ups, downs, found, waste, p = s
        child, forced = self.b.safe((ups, downs, found, (*waste, self.b.deck[p]), p + 1))
        return ((TURN, 0, 0, 1), *forced), child

    def order(self, level: list[Pos]) -> list[int]:
        seeded, noise = self.seed is not None, self.noise
        scores = [self.score(s) for s in level]
        return sorted(range(len(level)),
                      key=lambda j: (-scores[j], noise.random() if seeded else 0))

    def score(self, s: Pos) -> int:
        """Rate a position (higher is better), ``stockbeam.score``'s terms on the fast board,
        and the square of each pile's face-down count (deep piles hold what is wanted)."""
        ups, downs, found, waste, _ = s
        w = self.w
        hidden = sum(downs)
        piles = self._piles
        hidden_cards = self.b.hidden
        under = 0
        empty = 0
        deep = 0
        for t, u in enumerate(ups):
            d = downs[t]
            if not u:
                empty += 1
                continue
            deep += d * d
            k = (t, d, u)
            got = piles.get(k)
            if got is None:
                got = buried(hidden_cards[t][:d] + u)
                if len(piles) > 1 << 16:
                    piles.clear()
                piles[k] = got
            under += got
        wb = self._waste.get(waste)
        if wb is None:
            wb = w[2] * buried(waste) + w[6] * inversions(waste)
            if len(self._waste) > 1 << 16:
                self._waste.clear()
            self._waste[waste] = wb
        return (w[0] * sum(found) + w[1] * hidden + w[2] * under + wb + w[3] * len(waste)
                + w[4] * empty + w[5] * deep)


def inversions(cards: tuple[int, ...]) -> int:
    """Count the pairs of cards (bottom first) where a card lies over a lower one of any
    suit: the foundations want the lower first, and it waits under the higher."""
    n = 0
    for i, c in enumerate(cards):
        k = RANK[c]
        for b in cards[:i]:
            if RANK[b] < k:
                n += 1
    return n


def beam(r: Rules, root: State, budget: int, width: int, every: int = 0,
         seed: int | None = None, weights: Weights = WEIGHTS,
         reach: list[int] | None = None, kind: type[Board] = Board,
         best: list[Pos] | None = None) -> Generator[int, None, Outcome]:
    """Look for a win keeping the ``width`` best positions each stock card; return
    ``solved`` with the engine's moves, or ``unknown``. ``reach[0]``, if given, is raised to
    the most cards up the beam saw, and the position is put in ``best``, if given. ``kind``:
    the board (a relaxed one, ``bench/moving_left.py``'s ``LooseBoard``, for measuring; its
    wins are not replayed)."""
    board = kind(r, root)
    game = _Beam(board, seed, weights, reach)
    first, forced = board.safe(board.start)
    verdict, steps, nodes = yield from drive.beam(game, first, tuple(forced), budget, width,
                                                  REACH, every)
    if reach is not None:
        reach[0] = max(reach[0], sum(first[2]))
    if best is not None and game.best is not None:
        best.append(game.best)
    if verdict == "solved" and kind is not Board:
        return verdict, [], nodes
    moves: list[Move] = board.moves(steps) if verdict == "solved" else []
    return verdict, moves, nodes


def triaged(r: Rules, s: State, budget: int, every: int = 0,
            widths: tuple[int, ...] = (25, 50), promise: int = 0, width: int = 48,
            seeds: int = 2, weights: Weights = WEIGHTS,
            reach: list[int] | None = None) -> Generator[int, None, Outcome]:
    """Narrow beams ``widths`` first; where none reaches ``promise`` cards up, give up
    (``unknown``); else beams ``width`` wide with seeds 1, 2 … (at most ``seeds``) within
    ``budget``. ``reach[0]``, if given, is raised to the most cards up the narrow beams
    saw."""
    used = 0
    reach = [0] if reach is None else reach
    for w in widths:
        verdict, moves, nodes = yield from offset(
            beam(r, s, budget - used, w, every, None, weights, reach), used)
        used += nodes
        if verdict == "solved" or used >= budget:
            return verdict, moves, used
    if reach[0] < promise:
        return "unknown", [], used
    for seed in range(1, seeds + 1):
        verdict, moves, nodes = yield from offset(
            beam(r, s, budget - used, width, every, seed, weights), used)
        used += nodes
        if verdict == "solved" or used >= budget:
            return verdict, moves, used
    return "unknown", [], used
