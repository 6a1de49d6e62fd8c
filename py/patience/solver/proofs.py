"""Positions proven lost as a depth-first search goes, shared by its restarts.

The positions a search meets and its moves between them make a graph; as the search walks
it depth first, it finds its strongly connected components (Tarjan's algorithm: each
position gets the number of its entering, and the least number it reaches back to through
positions not yet closed). A component is closed when the search leaves its first position
with nothing reached further back: every position reachable from it was then entered and
left, dropped by the dead-end test, or already proven lost, and none was won (a win ends
the search). So every position of the component is lost, and its keys go into ``proven``
(each position's key, and the key before its forced moves, which leads to it alone). By
induction over the order in which keys are added, every key in ``proven`` is of a lost
position, whatever the order of the moves and wherever a search was cut off (a position
left open when the budget ran out proves nothing). A later restart skips those positions
and counts no node for them, so the restarts together search further than each alone, and
each still runs dry only on a lost game (``Sharing``, over ``castle.Castle`` and, for Yukon,
``klondike.Klondike``).

The only way a key could be wrong is the searches' own: two positions joined by a chance
meeting of their 128-bit keys.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, Protocol, TypeVar

Plan = TypeVar("Plan")
Rec = TypeVar("Rec")


class Proofs:
    """The bookkeeping of Tarjan's algorithm over the keys of a search's positions."""

    def __init__(self, proven: set[int]) -> None:
        self.proven = proven
        # The number of each key met in this search; whether each number's position is
        # still open; the open positions (key, key before its forced moves).
        self.number: dict[int, int] = {}
        self.opened: list[bool] = []
        self.open: list[tuple[int, int]] = []
        # Per position on the path: its number and the least number it reaches back to.
        self.frames: list[list[int]] = []

    def reach(self, key: int) -> None:
        """Note a move from the position on top of the path to the one of ``key``, met in
        this search."""
        n = self.number[key]
        if self.opened[n]:
            frame = self.frames[-1]
            frame[1] = min(frame[1], n)

    def alias(self, before: int, key: int) -> None:
        """Note that the key ``before`` leads to the position of ``key`` (met) alone, by
        forced moves, and a move to it."""
        if key in self.proven:
            self.proven.add(before)
            return
        self.number[before] = self.number[key]
        self.reach(key)

    def push(self, key: int, before: int) -> None:
        """Enter the position of ``key`` (``before``: its key before its forced moves)."""
        n = len(self.opened)
        self.opened.append(True)
        self.number[key] = self.number[before] = n
        self.open.append((key, before))
        self.frames.append([n, n])

    def pop(self) -> None:
        """Leave the position on top of the path, closing its component if it is the
        component's first."""
        n, low = self.frames.pop()
        if low == n:
            proven, open_, number, opened = self.proven, self.open, self.number, self.opened
            while True:
                key, before = open_.pop()
                proven.add(key)
                proven.add(before)
                m = number[key]
                opened[m] = False
                if m == n:
                    return
        if self.frames:
            frame = self.frames[-1]
            frame[1] = min(frame[1], low)


class Keyed(Protocol[Plan, Rec]):
    """A game made fast for search whose positions are met by their key alone (no
    dominance): the ``drive.InPlace`` members ``Sharing`` passes on, and two of its own."""

    key: int

    def start(self) -> list[Rec]: ...

    def children(self) -> list[Plan]: ...

    def moved(self, plan: Plan) -> int:
        """Return the key after ``plan``'s move alone (before the forced moves)."""
        ...

    def play(self, plan: Plan) -> list[Rec]:
        """Play ``plan`` and the forced moves after it; return their records."""
        ...

    def undo(self, recs: list[Rec]) -> None: ...

    def won(self) -> bool: ...

    def lost(self, recs: list[Rec] | None) -> bool: ...


class Sharing(Generic[Plan, Rec]):
    """The ``drive.InPlace`` of ``game`` that proves positions lost as it goes and skips
    those proven before, in ``proven``, a set of keys shared by the passes of one search.

    It keeps the positions met itself and wraps the game rather than extending it, so the
    game's own calls (``undo`` inside its move generator) never touch the proofs' path:
    ``undo`` here takes back a position entered and pops its frame, and nothing else does.
    """

    def __init__(self, game: Keyed[Plan, Rec], proven: set[int]) -> None:
        self.game = game
        self.proofs = Proofs(proven)
        self.met: set[int] = set()
        self.children: Callable[[], list[Plan]] = game.children
        self.won: Callable[[], bool] = game.won
        self.lost: Callable[[list[Rec] | None], bool] = game.lost

    def start(self) -> list[Rec]:
        """Play the root's forced moves and enter the root."""
        closing = self.game.start()
        key = self.game.key
        self.met.add(key)
        self.proofs.push(key, key)
        return closing

    def enter(self, plan: Plan) -> list[Rec] | None:
        """Play ``plan`` and its forced moves, unless its position was met or proven lost
        (before or after the forced moves)."""
        game, met, proofs = self.game, self.met, self.proofs
        proven = proofs.proven
        h = game.moved(plan)
        if h in proven:
            return None
        if h in met:
            proofs.reach(h)
            return None
        met.add(h)
        recs = game.play(plan)
        key = game.key
        if key != h:
            if key in proven or key in met:
                game.undo(recs)
                proofs.alias(h, key)
                return None
            met.add(key)
        proofs.push(key, h)
        return recs

    def undo(self, recs: list[Rec]) -> None:
        """Take back the moves into the position on top of the path, and leave it."""
        self.game.undo(recs)
        self.proofs.pop()
