"""Nested rollouts for Moving Left on the fast board (``leftfast.py``): a search that commits
to one line through the one-pass stock, choosing each stock card's position by where a greedy
playout from it ends (Bjarnason, Fern & Tadepalli's nested rollouts for Klondike; Cazenave's
nested Monte Carlo search, with its memory of the best line).

A level is the positions reached from one position without turning the stock (the board's
steps less plays off the foundations, the table's safe moves after each), breadth first, at
most ``reach`` of them; a chunk is the steps from a level's first position to one of its
positions, the turn of the next card and the safe moves after it.

- A playout (nesting 0) takes, level by level, the position ``leftbeam``'s ``score`` rates
  best and turns the next card, to the stock's end; its value is the most cards up it met.
- Nesting ``n`` takes, level by level, the ``width`` best positions by ``score``, runs
  nesting ``n - 1`` from each (after its turn), and follows the best line found so far (its
  own or an earlier one: the memory), to the stock's end.

A win is the engine's automatic finish once the stock is out (``Board.finish``); its steps
become engine moves by replay (``Board.moves``), checked again by ``api``. It proves nothing.
"""

from __future__ import annotations

import random
from collections.abc import Generator
from heapq import heappop, heappush

from ..cards import KING, RANK, SUIT
from ..game import State
from ..rules import Rules
from .drive import offset
from .leftbeam import WEIGHTS, Weights, _Beam
from .leftfast import ON, TURN, Board, Pos, Step
from .result import Outcome

# A line: its value (most cards up met, a win is the deck's size), its chunks and the
# position each leaves.
# The look-ahead of ``score``: the next stock cards turned, and the weight of each of them
# left in the waste.
LOOK = (5, 3)
# The positions a playout's level expands.
TOP = 40
Line = tuple[int, list[tuple[tuple[Step, ...], Pos]]]
# A level's positions, each with the steps to it from the level's first.
Level = list[tuple[Pos, tuple[Step, ...]]]


class _Nest:
    """One deal's nested search."""

    def __init__(self, board: Board, width: int, reach: int, top: int, seed: int | None,
                 weights: Weights) -> None:
        self.b, self.width, self.reach, self.top = board, width, reach, top
        self.rate = _Beam(board, None, weights)
        self.noise = random.Random(seed) if seed is not None else None
        self.nodes = 0
        self.cards = board.cards
        self.won: list[Step] | None = None
        # The scores of the last level's positions, reckoned as it was built: ``ranked``
        # reads them there instead of scoring every position again.
        self.scored: dict[Pos, int] = {}

    def level(self, pos: Pos, limit: int) -> Generator[int, None, Level]:
        """The positions reached from ``pos`` without turning, each with its steps: best
        first by ``score``, at most ``limit`` expanded."""
        safe, steps, score = self.b.safe, self.b.steps, self.score
        seen = {pos}
        out: Level = [(pos, ())]
        scored = self.scored = {pos: score(pos)}
        heap = [(-scored[pos], 0)]
        expanded = 0
        while heap and expanded < limit:
            _, i = heappop(heap)
            s, path = out[i]
            expanded += 1
            self.nodes += 1
            yield self.nodes
            for step, child in steps(s, back=False, turn=False):
                settled, forced = safe(child)
                if settled not in seen:
                    seen.add(settled)
                    out.append((settled, (*path, step, *forced)))
                    scored[settled] = value = score(settled)
                    heappush(heap, (-value, len(out) - 1))
        return out

    def turn(self, s: Pos, path: tuple[Step, ...]) -> tuple[tuple[Step, ...], Pos]:
        """The chunk ``path`` and the next card turned, safe moves after it."""
        ups, downs, found, waste, p = s
        child, forced = self.b.safe((ups, downs, found, (*waste, self.b.deck[p]), p + 1))
        return (*path, (TURN, 0, 0, 1), *forced), child

    def score(self, s: Pos) -> int:
        """``leftbeam``'s score, less ``LOOK[1]`` for each of the next ``LOOK[0]`` stock cards
        that would stay in the waste (``stuck``)."""
        return self.rate.score(s) - LOOK[1] * self.stuck(s, LOOK[0])

    def stuck(self, s: Pos, k: int) -> int:
        """Turn the next ``k`` stock cards onto ``s``, playing each only onto a pile top or
        its foundation (the waste's top again after each such play): the cards left in the
        waste."""
        ups, _, found, _, p = s
        tops = [u[-1] for u in ups if u]
        f = list(found)
        king_room = not ups[-1]
        pile: list[int] = []
        for turned in self.b.deck[p:p + k]:
            pile.append(turned)
            while pile:
                c = pile[-1]
                suit, need = SUIT[c], RANK[c] - 1
                if f[2 * suit] == need:
                    f[2 * suit] += 1
                elif f[2 * suit + 1] == need:
                    f[2 * suit + 1] += 1
                else:
                    i = next((i for i, t in enumerate(tops) if ON[c][t]), -1)
                    if i >= 0:
                        tops[i] = c
                    elif king_room and RANK[c] == KING:
                        king_room = False
                        tops.append(c)
                    else:
                        break
                pile.pop()
        return len(pile)

    def ranked(self, lvl: Level, n: int) -> list[int]:
        """The ``n`` best of a level by ``score`` (ties at random where seeded); ``lvl`` is
        the level built last, whose scores ``scored`` holds."""
        scored = self.scored
        noise = self.noise
        keys = [(-scored[s], noise.random() if noise else 0.0) for s, _ in lvl]
        return sorted(range(len(lvl)), key=keys.__getitem__)[:n]

    def search(self, pos: Pos, nest: int) -> Generator[int, None, Line]:
        """The best line from ``pos`` at nesting ``nest`` (a win stops at once, kept in
        ``won``)."""
        b = self.b
        line: list[tuple[tuple[Step, ...], Pos]] = []
        best = sum(pos[2])
        memory: list[tuple[tuple[Step, ...], Pos]] = []
        mem_value = -1
        while True:
            lvl = yield from self.level(pos, self.reach if nest else self.top)
            for s, _ in lvl:
                best = max(best, sum(s[2]))
            if pos[4] >= len(b.deck):
                for s, path in lvl:
                    done = b.finish(s)
                    if done is not None:
                        line.append(((*path, *done), s))
                        self.won = [st for chunk, _ in line for st in chunk]
                        return self.cards, line
                return best, line
            if nest == 0:
                s, path = lvl[self.ranked(lvl, 1)[0]]
                chunk, pos = self.turn(s, path)
                line.append((chunk, pos))
                continue
            for j in self.ranked(lvl, self.width):
                s, path = lvl[j]
                chunk, child = self.turn(s, path)
                value, tail = yield from self.search(child, nest - 1)
                if self.won is not None:
                    self.won = [st for c, _ in line for st in c] + list(chunk) + self.won
                    return self.cards, line
                if value > mem_value:
                    mem_value, memory = value, [(chunk, child), *tail]
            chunk, pos = memory[0]
            memory = memory[1:]
            line.append((chunk, pos))
            best = max(best, mem_value)


def nested(r: Rules, root: State, budget: int, nest: int = 0, width: int = 8,
           reach: int = 200, top: int = TOP, seed: int | None = None,
           weights: Weights = WEIGHTS, every: int = 0,
           up: list[int] | None = None, base: int = 0) -> Generator[int, None, Outcome]:
    """Look for a win by nested rollouts (nesting ``nest``; ``width`` positions tried a
    stock card, their levels ``reach`` positions expanded; a playout's levels ``top``; ties
    broken at random by ``seed``, else in the order reached); return ``solved`` with the
    engine's moves, or ``unknown``, and the positions expanded. ``up[0]``, if given, is raised
    to the most cards up the search's lines met. ``base`` positions were spent before this
    search (by earlier playouts): it pauses (yields) where the whole count reaches a multiple
    of ``every``, so a run of playouts expands at most ``every`` positions between pauses."""
    board = Board(r, root)
    game = _Nest(board, width, reach, top, seed, weights)
    first, forced = board.safe(board.start)
    walk = game.search(first, nest)
    try:
        while True:
            n = next(walk)      # the position about to be expanded
            if n > budget:
                return "unknown", [], budget
            if every and not (base + n) % every:
                yield n
    except StopIteration as done:
        value, _ = done.value
    if up is not None:
        up[0] = max(up[0], value)
    if game.won is None:
        return "unknown", [], game.nodes
    return "solved", board.moves(list(forced) + game.won), game.nodes


def playouts(r: Rules, s: State, budget: int, every: int = 0, top: int = TOP,
             up: list[int] | None = None) -> Generator[int, None, Outcome]:
    """Greedy playouts (``nested`` at nesting 0), the first breaking ties in the order
    reached, then seeds 1, 2, 3 … at random, until one wins or ``budget`` positions are
    spent: ``solved`` with its moves, else ``unknown``. ``up`` as ``nested``'s."""
    used = 0
    seed: int | None = None
    while used < budget:
        verdict, moves, nodes = yield from offset(
            nested(r, s, budget - used, 0, top=top, seed=seed, every=every, up=up, base=used),
            used)
        used += nodes
        if verdict == "solved":
            return verdict, moves, used
        if nodes == 0:
            break
        seed = 1 if seed is None else seed + 1
    return "unknown", [], used
