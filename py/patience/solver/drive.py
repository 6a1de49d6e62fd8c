"""The solver's two drivers: one depth-first, one best-first, each over one small interface
for a game made fast for search.

A search is a generator: it yields the nodes expanded so far every ``every`` nodes (never
when ``every`` is 0; the page's worker pauses there) and returns its outcome as
``StopIteration.value``. Both drivers stop at ``budget`` nodes with ``unknown``, and say
``unwinnable`` only when every position reachable (up to the game's key and the positions
its own tests drop as lost) was expanded: the proof is the game's to keep sound (its key,
its forced moves, its dead-end test), the driver only never stops early.

- ``depth_first`` drives an ``InPlace`` game: one position changed by a move and changed
  back (Klondike and Yukon, ``klondike.py``; Streets and Alleys, ``castle.py``). The game
  remembers the positions met; ``enter`` plays a move only onto a position not met.
  A game whose positions are small values (Roosevelt, ``onepass.py``; the Pyramid,
  ``pyramid.py``; TriPeaks and Golf, ``peaks.py``) is made one by ``ByValue``: the
  position is replaced by the move's result and put back by undoing it.
- ``best_first`` drives a ``Copying`` game: positions are values, a frontier ordered by the
  game's score, a table of keys met (the general search, ``search.py``).

Beside them, ``beam`` drives a ``Beamed`` game through a one-pass stock card by card,
keeping the best positions of each card (Roosevelt, ``onepass.beam``; Forty Thieves,
``forty.beam``; Moving Left, ``stockbeam.py``): it looks for a win and proves nothing.

The three count positions in one place, ``metered``: each walks its game and asks it before
expanding a position, and it keeps the budget and the pauses. A search run after others
(the solver's passes, a beam's exact search) passes its progress on counted from theirs
through ``offset``.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Hashable, Iterable
from heapq import heappop, heappush
from typing import Generic, Protocol, TypeVar

from ..cards import RANK, SUIT
from ..game import Move, State
from ..rules import Rules

Plan = TypeVar("Plan")
Rec = TypeVar("Rec")
Pos = TypeVar("Pos")
Step = TypeVar("Step")
Step_co = TypeVar("Step_co", covariant=True)
Outcome_T = TypeVar("Outcome_T")
Found = TypeVar("Found")

# What the depth-first driver finds: the verdict, the records of the moves from the root to
# the win (the root's forced moves first; empty unless solved), the nodes expanded.
Walk = tuple[str, list[list[Rec]], int]


class InPlace(Protocol[Plan, Rec]):
    """A game for the depth-first driver: one position, changed in place and changed back.

    ``Plan`` is a move as the game's move generator gives it (cheap, not yet played);
    ``Rec`` is what undoing one played move needs.
    """

    def start(self) -> list[Rec]:
        """Play the root's forced moves, remember the root as met, return their records."""
        ...

    def children(self) -> list[Plan]:
        """Return the moves of the position, in the order to try them."""
        ...

    def enter(self, plan: Plan) -> list[Rec] | None:
        """Play ``plan`` and the forced moves after it and remember the position; or, where
        it was met before (or counts as met), leave the position as it is and return None."""
        ...

    def undo(self, recs: list[Rec]) -> None:
        """Take back moves played, newest last in ``recs``."""
        ...

    def won(self) -> bool:
        """Tell whether the position is won for certain."""
        ...

    def lost(self, recs: list[Rec] | None) -> bool:
        """Tell whether the position is lost for certain (a dead-end test; ``recs`` the
        moves that reached it, None at the root). A sound test only: a position it drops
        counts as expanded."""
        ...


def depth_first(game: InPlace[Plan, Rec], budget: int,
                every: int = 0) -> Generator[int, None, Walk[Rec]]:
    """Search ``game`` depth first from its position; return the verdict, the records of a
    win and the nodes expanded. The root counts as no node: a root won, lost or given no
    budget is answered with 0."""
    closing = game.start()
    if game.won():
        return "solved", [closing], 0
    if game.lost(None):
        return "unwinnable", [], 0
    if budget <= 0:
        return "unknown", [], 0
    return (yield from metered(_depth_first(game, closing), budget, every, 1))


def _depth_first(game: InPlace[Plan, Rec],
                 closing: list[Rec]) -> Generator[None, None, tuple[str, list[list[Rec]]]]:
    """The walk of ``depth_first`` below the root (its forced moves ``closing``), asking
    ``metered`` before it expands each position."""
    children, enter, undo, won, lost = (game.children, game.enter, game.undo, game.won,
                                        game.lost)
    # A frame: the moves of a position and the next to try; path: the records of the moves
    # into each frame's position.
    stack: list[list[Plan]] = [children()]
    pos = [0]
    path: list[list[Rec]] = [closing]
    while stack:
        i = pos[-1]
        moves = stack[-1]
        if i >= len(moves):
            stack.pop()
            pos.pop()
            undo(path.pop())
            continue
        pos[-1] = i + 1
        recs = enter(moves[i])
        if recs is None:
            continue
        path.append(recs)
        if won():
            return "solved", path
        if lost(recs):
            undo(path.pop())
            continue
        yield
        stack.append(children())
        pos.append(0)
    return "unwinnable", []


def metered(walk: Generator[None, None, tuple[str, list[Found]]], budget: int, every: int,
            nodes: int = 0) -> Generator[int, None, tuple[str, list[Found], int]]:
    """Run a driver's ``walk``, which yields (nothing) before it expands a position and
    returns its verdict and what it found; count the positions from ``nodes``, stop the walk
    with ``unknown`` where ``budget`` are expanded, and yield the count every ``every``
    (never when ``every`` is 0). Return the walk's outcome and the count."""
    try:
        while True:
            next(walk)
            if nodes >= budget:
                return "unknown", [], nodes
            nodes += 1
            if every and not nodes % every:
                yield nodes
    except StopIteration as done:
        verdict, found = done.value
        return verdict, found, nodes


class ByValue(Generic[Pos, Plan, Step]):
    """An ``InPlace`` game whose positions are values: ``now`` is the position, a record is
    the position a move left and the steps it played (that move's and the forced ones). A
    game gives ``step`` (a plan's position and steps, or None where it was met), its
    ``children`` and ``won`` (of ``now``); ``lost`` is never, unless a game says otherwise
    (a game may give no children instead: the position then counts as expanded)."""

    now: Pos

    def step(self, plan: Plan) -> tuple[Pos, list[Step]] | None:
        """Return the position ``plan`` leads to from ``now`` (forced moves played) and
        the steps to it, remembering it; or None where it was met before."""
        raise NotImplementedError

    def enter(self, plan: Plan) -> list[tuple[Pos, list[Step]]] | None:
        """Play ``plan`` (``InPlace.enter``)."""
        got = self.step(plan)
        if got is None:
            return None
        before = self.now
        self.now = got[0]
        return [(before, got[1])]

    def undo(self, recs: list[tuple[Pos, list[Step]]]) -> None:
        """Put back the position before ``recs``."""
        self.now = recs[0][0]

    def lost(self, recs: list[tuple[Pos, list[Step]]] | None) -> bool:
        """Never: a game of values drops a lost position by giving it no children."""
        return False


def walk(game: InPlace[Plan, Rec],
         replay: Callable[[Rules, State, list[list[Rec]]], list[Move]],
         r: Rules, root: State, budget: int,
         every: int) -> Generator[int, None, tuple[str, list[Move], int]]:
    """Drive ``game`` (the in-place form of ``root``) depth first; return the verdict, the
    moves of a win (its records turned into engine moves by ``replay``) and the nodes
    (``klondike.dfs``, ``castle.dfs``)."""
    verdict, path, nodes = yield from depth_first(game, budget, every)
    return verdict, (replay(r, root, path) if verdict == "solved" else []), nodes


def foundations_of(r: Rules, root: State) -> list[int]:
    """Return how high each suit stands on the foundations of ``root``, by suit."""
    found = [0, 0, 0, 0]
    for f in r.F:
        for card in root.piles[f]:
            found[SUIT[card]] = max(found[SUIT[card]], RANK[card])
    return found


class Replay:
    """A search's line turned into the engine's moves: ``play`` plays a move from the
    position reached (``s``) and adds it to ``moves``."""

    def __init__(self, r: Rules, s: State) -> None:
        self.apply, self.s = r.apply, s
        self.moves: list[Move] = []

    def play(self, m: Move) -> None:
        """Play ``m`` from the position reached."""
        self.moves.append(m)
        self.s = self.apply(self.s, m)


def never(recs: object) -> bool:
    """Tell no position lost (``InPlace.lost`` of a game that gives a lost position no
    moves instead)."""
    return False


def bits(m: int) -> list[int]:
    """Return the places of the set bits of ``m``, lowest first (the bit-mask searches)."""
    out = []
    while m:
        low = m & -m
        out.append(low.bit_length() - 1)
        m ^= low
    return out


def steps_of(path: list[list[tuple[Pos, list[Step]]]]) -> list[Step]:
    """Return the steps of a ``ByValue`` game's winning records, from the root."""
    return [step for recs in path for _, steps in recs for step in steps]


class Copying(Protocol[Pos, Step_co]):
    """A game for the best-first driver: positions are values, never changed."""

    def close(self, s: Pos) -> tuple[Pos, tuple[Step_co, ...]]:
        """Return ``s`` after its forced moves, and those moves."""
        ...

    def expand(self, s: Pos) -> Iterable[tuple[tuple[Step_co, ...], Pos]]:
        """Return the children of ``s``, each with the moves to it."""
        ...

    def key(self, s: Pos) -> Hashable:
        """Return the key of ``s``: positions of one key are won or lost alike."""
        ...

    def won(self, s: Pos) -> bool:
        """Tell whether ``s`` is won."""
        ...

    def lost(self, s: Pos) -> bool:
        """Tell whether ``s`` is lost for certain (a sound dead-end test)."""
        ...

    def score(self, s: Pos) -> int:
        """Order the frontier: the lowest score is expanded first."""
        ...


def best_first(game: Copying[Pos, Step], root: Pos, budget: int, every: int = 0,
               exact: bool = True) -> Generator[int, None, tuple[str, list[Step], int]]:
    """Search from ``root`` best first; return the verdict, the moves of a win and the nodes
    expanded. A frontier that runs dry proves the game lost only where the game's children
    are all its moves (``exact``); a narrowed game's search says ``unknown`` then."""
    return (yield from metered(_best_first(game, root, exact), budget, every))


def _best_first(game: Copying[Pos, Step], root: Pos,
                exact: bool) -> Generator[None, None, tuple[str, list[Step]]]:
    """The search of ``best_first``, asking ``metered`` before it expands each position."""
    close, expand, key, won, lost, h = (game.close, game.expand, game.key, game.won,
                                        game.lost, game.score)
    seen: set[Hashable] = {key(root)}
    # Per node expanded: its parent and the moves from the parent to it.
    parents: list[tuple[int, tuple[Step, ...]]] = []
    # A frontier entry: score, tie-break (newest first), position, parent, moves to it.
    frontier: list[tuple[int, int, Pos, int, tuple[Step, ...]]] = [(h(root), 0, root, -1, ())]
    tick = 0
    while frontier:
        _, _, s, parent, moves = heappop(frontier)
        closed, extra = close(s)
        if extra:
            if not fresh(seen, key(closed)):
                continue
            s = closed
            moves += extra
        parents.append((parent, moves))
        if won(s):
            return "solved", path_to(parents, len(parents) - 1)
        yield
        if lost(s):
            continue
        me = len(parents) - 1
        for steps, c in expand(s):
            if fresh(seen, key(c)):
                tick -= 1
                heappush(frontier, (h(c), tick, c, me, steps))
    return ("unwinnable" if exact else "unknown"), []


class Beamed(Protocol[Pos, Step_co]):
    """A game for the beam: positions are values, a stock is turned one card at a time."""

    def key(self, s: Pos) -> Hashable:
        """Return the key of ``s``: positions of one key in a level count once."""
        ...

    def expand(self, s: Pos) -> Iterable[tuple[tuple[Step_co, ...], Pos]]:
        """Return the children of ``s`` that turn no card, each with the moves to it."""
        ...

    def finish(self, s: Pos) -> tuple[Step_co, ...] | None:
        """Return the moves that win from ``s`` where it is won for certain, else None."""
        ...

    def out(self, s: Pos) -> bool:
        """Tell whether the stock is played out at ``s``."""
        ...

    def turn(self, s: Pos) -> tuple[tuple[Step_co, ...], Pos]:
        """Return the position after turning the next card from ``s``, and the moves."""
        ...

    def order(self, level: list[Pos]) -> list[int]:
        """Return the places of a level's positions, the best first."""
        ...


def beam(game: Beamed[Pos, Step], root: Pos, first: tuple[Step, ...], budget: int,
         width: int, reach: int, every: int = 0
         ) -> Generator[int, None, tuple[str, list[Step], int]]:
    """Look for a win from ``root`` (reached by the moves ``first``) stock card by stock
    card, keeping the ``width`` best positions; return ``solved`` with the moves, or
    ``unknown``.

    A level is the positions with the same stock cards turned. From each kept position the
    beam reaches every position it can without turning, breadth first, at most
    ``reach * width`` a level, each key once; the ``width`` best of those by the game's
    ``order`` then turn the next card. Nodes are the positions expanded; each is looked at
    for a win first, as are the positions of a level reached but not expanded.
    """
    return (yield from metered(_beam(game, root, first, width, reach), budget, every))


def _beam(game: Beamed[Pos, Step], root: Pos, first: tuple[Step, ...], width: int,
          reach: int) -> Generator[None, None, tuple[str, list[Step]]]:
    """The search of ``beam``, asking ``metered`` before it expands each position."""
    key, expand, finish, turn = game.key, game.expand, game.finish, game.turn
    # Per position reached: the one it came from and the moves between (``path_to``).
    parents: list[tuple[int, tuple[Step, ...]]] = [(-1, first)]
    level = [(root, 0)]
    while True:
        seen = {key(s) for s, _ in level}
        reached = list(level)
        i = 0
        while i < len(reached) and len(reached) < reach * width:
            s, me = reached[i]
            i += 1
            done = finish(s)
            if done is not None:
                return "solved", path_to(parents, me) + list(done)
            yield
            for steps, c in expand(s):
                if fresh(seen, key(c)):
                    parents.append((me, steps))
                    reached.append((c, len(parents) - 1))
        for s, me in reached[i:]:
            done = finish(s)
            if done is not None:
                return "solved", path_to(parents, me) + list(done)
        if game.out(reached[0][0]):
            return "unknown", []
        level = []
        for j in game.order([s for s, _ in reached])[:width]:
            s, me = reached[j]
            steps, c = turn(s)
            parents.append((me, steps))
            level.append((c, len(parents) - 1))


def fresh(seen: set[Hashable], k: Hashable) -> bool:
    """Tell whether ``k`` was not in ``seen``, adding it."""
    if k in seen:
        return False
    seen.add(k)
    return True


def path_to(parents: list[tuple[int, tuple[Step, ...]]], node: int) -> list[Step]:
    """Return the moves from the root to ``node`` of a table of (parent, moves to it)."""
    chunks: list[tuple[Step, ...]] = []
    while node >= 0:
        parent, moves = parents[node]
        chunks.append(moves)
        node = parent
    return [m for chunk in reversed(chunks) for m in chunk]


def offset(steps: Generator[int, None, Outcome_T], base: int,
           last: list[int] | None = None) -> Generator[int, None, Outcome_T]:
    """Run a search after others, passing on its progress counted from the ``base`` nodes
    they used (noting the last passed on in ``last[0]``, if given); return its outcome."""
    while True:
        try:
            n = next(steps)
        except StopIteration as done:
            outcome: Outcome_T = done.value
            return outcome
        if last is not None:
            last[0] = base + n
        yield base + n
