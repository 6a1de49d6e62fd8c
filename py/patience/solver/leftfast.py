"""A fast board for Moving Left: its positions as small tuples, its moves, the close-up from
the right and the table's safe moves, without the engine's general machinery.

A position is ``(ups, downs, found, waste, p)``: each tableau pile's face-up cards (bottom
first) and count of face-down cards; the foundations' heights, two per suit (suit ``s`` at
``2 * s`` and ``2 * s + 1``, the higher first); the waste (bottom first); and ``p``, the stock
cards turned so far. A pile's face-down cards never move (the close-up moves face-up cards
only), so they are the first ``downs[t]`` cards the pile had at the root, kept once
(``hidden``); the stock is one list in turning order (``deck``).

A step is ``(kind, a, b, n)``: ``TAB`` ``n`` cards from pile ``a`` onto pile ``b``; ``UP``
pile ``a``'s top card to its foundation; ``WASTE`` the waste's top onto pile ``b`` (``b`` is
``-1`` for its foundation); ``BACK`` card ``a`` off its foundation onto pile ``b``;
``TURN`` the next stock card. ``moves`` turns steps into engine moves by replaying them
(which foundation pile takes a card is the engine's choice; they are alike).

Every legal move of the engine (``Rules.legal_moves``, ``Rules.apply``) is one of
``steps``, and the other way round: ``tests/test_solver_leftfast.py`` holds them equal on random
positions of random deals, and ``safe`` equal to ``search.forced`` (``auto.safe_moves``).
"""

from __future__ import annotations

from ..cards import KING, RANK, RED, SUIT
from ..game import Move, State
from ..games.layouts import close_up
from ..rules import Rules
from ..vocab import ALTERNATE, BUILT_RUN, KING_RIGHTMOST, SUIT_UP

# A position: face-up cards per pile, face-down counts, foundation heights, waste, pointer.
Ups = tuple[tuple[int, ...], ...]
Pos = tuple[Ups, tuple[int, ...], tuple[int, ...], tuple[int, ...], int]
Step = tuple[int, int, int, int]
TAB, UP, WASTE, BACK, TURN = 0, 1, 2, 3, 4
FOUNDATION = -1

# on[a][b]: card a may go on card b (one rank down, the other colour).
ON: tuple[tuple[bool, ...], ...] = tuple(
    tuple(RANK[a] + 1 == RANK[b] and RED[a] != RED[b] for b in range(52)) for a in range(52))
# The card of each suit and rank (rank 1-13).
CARD = tuple(tuple((k - 1) * 4 + s for k in range(14)) for s in range(4))


def fits(r: Rules) -> bool:
    """Tell whether the game of ``r`` is Moving Left's shape: two decks, one pass turned one
    card at a time, alternate colours, built runs, Kings into the rightmost pile only, the
    close-up after every move, plays off the foundations."""
    g = r.game
    return (g.decks == 2 and g.foundations == 8 and r.draw == 1 and r.max_recycles == 0
            and r.stock >= 0 and r.waste >= 0 and not r.C and g.foundation == SUIT_UP
            and g.build == ALTERNATE and g.lift == BUILT_RUN and g.empty == KING_RIGHTMOST
            and g.after_move is close_up and r.takeback and not r.pairs and not r.below
            and g.safety == "alt")


class Board:
    """One deal's fixed parts (face-down cards, stock order) and the functions on its
    positions."""

    def __init__(self, r: Rules, root: State) -> None:
        self.r, self.root = r, root
        self.n = len(r.T)
        self.hidden = tuple(root.piles[t][:root.down[t]] for t in r.T)
        self.deck = tuple(reversed(root.piles[r.stock]))
        self.cards = len(r.pack())
        heights = [0] * 8
        for f in r.F:
            pile = root.piles[f]
            if pile:
                s = SUIT[pile[0]]
                i = 2 * s if heights[2 * s] == 0 else 2 * s + 1
                heights[i] = len(pile)
        for s in range(4):
            if heights[2 * s] < heights[2 * s + 1]:
                heights[2 * s], heights[2 * s + 1] = heights[2 * s + 1], heights[2 * s]
        self.start: Pos = (tuple(root.piles[t][root.down[t]:] for t in r.T),
                           tuple(root.down[t] for t in r.T), tuple(heights),
                           tuple(root.piles[r.waste]), 0)

    # Positions ---------------------------------------------------------------------------

    def state(self, pos: Pos) -> State:
        """The engine's state of ``pos`` (foundations filled in order, two piles a suit)."""
        r = self.r
        ups, downs, found, waste, p = pos
        piles: list[tuple[int, ...]] = [() for _ in r.names]
        down = [0] * len(r.names)
        for i, t in enumerate(r.T):
            piles[t] = self.hidden[i][:downs[i]] + ups[i]
            down[t] = downs[i]
        piles[r.stock] = tuple(reversed(self.deck[p:]))
        piles[r.waste] = waste
        for j, h in enumerate(found):
            piles[r.F[j]] = tuple(CARD[j // 2][k] for k in range(1, h + 1))
        return State(tuple(piles), tuple(down))

    def up(self, pos: Pos) -> int:
        """The cards on the foundations."""
        return sum(pos[2])

    # Moves -------------------------------------------------------------------------------

    def steps(self, pos: Pos, back: bool = True, turn: bool = True) -> list[tuple[Step, Pos]]:
        """Every legal move of ``pos`` as a step and the position it leaves (no safe moves
        after it): plays off the foundations where ``back``, the turn where ``turn``."""
        ups, downs, found, waste, p = pos
        n = self.n
        last = n - 1
        out: list[tuple[Step, Pos]] = []
        tops = [u[-1] if u else -1 for u in ups]
        # Off the tableau: to the foundations, then runs onto other piles.
        for a in range(n):
            u = ups[a]
            if not u:
                continue
            c = u[-1]
            if self._rise(found, c) >= 0:
                out.append(((UP, a, FOUNDATION, 1), self._take(pos, a, 1, FOUNDATION, c)))
            k = 1
            while k < len(u) and ON[u[-k]][u[-k - 1]]:
                k += 1
            for m in range(1, k + 1):
                base = u[-m]
                hosts = ON[base]
                for b in range(n):
                    if b == a:
                        continue
                    top = tops[b]
                    if top >= 0:
                        if hosts[top]:
                            out.append(((TAB, a, b, m), self._take(pos, a, m, b, base)))
                    elif b == last and RANK[base] == KING:
                        child = self._take(pos, a, m, b, base)
                        if child != pos:
                            out.append(((TAB, a, b, m), child))
        # Off the waste.
        if waste:
            c = waste[-1]
            rest = waste[:-1]
            j = self._rise(found, c)
            if j >= 0:
                out.append(((WASTE, 0, FOUNDATION, 1),
                            (ups, downs, _raised(found, j), rest, p)))
            for b in range(n):
                top = tops[b]
                if (ON[c][top] if top >= 0 else b == last and RANK[c] == KING):
                    out.append(((WASTE, 0, b, 1),
                                self._fix((_put(ups, b, c), downs, found, rest, p))))
        # Off the foundations.
        if back:
            for s in range(4):
                for i in (2 * s, 2 * s + 1):
                    h = found[i]
                    if not h or (i % 2 and found[i - 1] == h):
                        continue
                    c = CARD[s][h]
                    low = list(found)
                    low[i] = h - 1
                    lowered = tuple(low)
                    for b in range(n):
                        top = tops[b]
                        if (ON[c][top] if top >= 0 else b == last and RANK[c] == KING):
                            out.append(((BACK, c, b, 1), self._fix((
                                _put(ups, b, c), downs, _sorted(lowered, s), waste, p))))
        if turn and p < len(self.deck):
            out.append(((TURN, 0, 0, 1), (ups, downs, found, (*waste, self.deck[p]), p + 1)))
        return out

    def _rise(self, found: tuple[int, ...], c: int) -> int:
        """The foundation (index into ``found``) that takes card ``c``, or -1."""
        s, need = SUIT[c], RANK[c] - 1
        if found[2 * s] == need:
            return 2 * s
        if found[2 * s + 1] == need:
            return 2 * s + 1
        return -1

    def _take(self, pos: Pos, a: int, m: int, b: int, base: int) -> Pos:
        """``m`` cards off pile ``a`` onto pile ``b`` (or the foundation: one card),
        the pile's next card turned and the tableau closed up."""
        ups, downs, found, waste, p = pos
        u = list(ups)
        d = list(downs)
        moving = u[a][-m:]
        u[a] = u[a][:-m]
        if b == FOUNDATION:
            found = _raised(found, self._rise(found, base))
        else:
            u[b] = u[b] + moving
        if not u[a] and d[a]:
            d[a] -= 1
            u[a] = (self.hidden[a][d[a]],)
        self._close(u, d)
        return (tuple(u), tuple(d), found, waste, p)

    def _fix(self, pos: Pos) -> Pos:
        """``pos`` with the tableau closed up (a card put on a pile leaves no gap, but a
        King put into the empty rightmost pile slides left)."""
        ups, downs, found, waste, p = pos
        u = list(ups)
        d = list(downs)
        if self._close(u, d):
            return (tuple(u), tuple(d), found, waste, p)
        return pos

    def _close(self, u: list[tuple[int, ...]], d: list[int]) -> bool:
        """Close the tableau up from the right in place (``layouts.close_up``); tell whether
        anything moved."""
        hidden = self.hidden
        any_moved = False
        moved = True
        while moved:
            moved = False
            for a in range(self.n - 1):
                if not u[a] and not d[a] and u[a + 1]:
                    u[a] = u[a + 1]
                    b = a + 1
                    if d[b]:
                        d[b] -= 1
                        u[b] = (hidden[b][d[b]],)
                    else:
                        u[b] = ()
                    moved = any_moved = True
        return any_moved

    # Safe moves --------------------------------------------------------------------------

    def safe(self, pos: Pos) -> tuple[Pos, list[Step]]:
        """Play the table's safe moves (``auto.safe_moves``, one at a time, the waste's
        first) until there are none: the position and the steps."""
        played: list[Step] = []
        while True:
            ups, downs, found, waste, p = pos
            lim = self._limits(found)
            step: Step | None = None
            if waste and self._safe(found, lim, waste[-1]):
                step = (WASTE, 0, FOUNDATION, 1)
                c = waste[-1]
                pos = (ups, downs, _raised(found, self._rise(found, c)), waste[:-1], p)
            else:
                for a in range(self.n):
                    u = ups[a]
                    if u and (len(u) + downs[a] > 1) and self._safe(found, lim, u[-1]):
                        step = (UP, a, FOUNDATION, 1)
                        pos = self._take(pos, a, 1, FOUNDATION, u[-1])
                        break
            if step is None:
                return pos, played
            played.append(step)

    @staticmethod
    def _limits(found: tuple[int, ...]) -> tuple[int, ...]:
        """Per suit, the highest rank below a card of the suit for it to go up safely
        (``auto.safe_moves`` for Moving Left, from the 3 up: the suit's two piles, the other
        colour's suits' piles at that rank or higher, every suit's one lower), and the
        suit's floor (both piles' lower height, 0 while one is empty) for Aces and 2s."""
        floor = [found[2 * s + 1] and min(found[2 * s], found[2 * s + 1]) for s in range(4)]
        low = min(floor) + 1
        black = min(floor[0], floor[3])
        red = min(floor[1], floor[2])
        return (min(floor[0], red, low), min(floor[1], black, low),
                min(floor[2], black, low), min(floor[3], red, low), *floor)

    def _safe(self, found: tuple[int, ...], lim: tuple[int, ...], c: int) -> bool:
        """Tell whether card ``c`` goes up safely (``_limits``)."""
        need = RANK[c] - 1
        s = SUIT[c]
        if need > 1:
            if need > lim[s]:
                return False
        elif need > lim[4 + s]:
            return False
        return self._rise(found, c) >= 0

    # Winning -----------------------------------------------------------------------------

    def finish(self, pos: Pos) -> list[Step] | None:
        """With the stock played out, the steps to the foundations alone that win from
        ``pos`` (the engine's automatic finish), or None."""
        if pos[4] < len(self.deck):
            return None
        steps: list[Step] = []
        while self.up(pos) < self.cards:
            ups, downs, found, waste, p = pos
            if waste and self._rise(found, waste[-1]) >= 0:
                c = waste[-1]
                steps.append((WASTE, 0, FOUNDATION, 1))
                pos = (ups, downs, _raised(found, self._rise(found, c)), waste[:-1], p)
                continue
            for a in range(self.n):
                u = ups[a]
                if u and self._rise(found, u[-1]) >= 0:
                    steps.append((UP, a, FOUNDATION, 1))
                    pos = self._take(pos, a, 1, FOUNDATION, u[-1])
                    break
            else:
                return None
        return steps

    def moves(self, steps: list[Step]) -> list[Move]:
        """The engine's moves for ``steps`` played from the root, replayed through
        ``Rules.apply`` (which foundation pile takes a card is asked of the engine)."""
        r = self.r
        names = r.names
        s = self.root
        out: list[Move] = []
        for kind, a, b, n in steps:
            if kind == TURN:
                m = Move("stock", "waste")
            else:
                src = (names[r.waste] if kind == WASTE else
                       names[r.T[a]] if kind in (TAB, UP) else
                       next(names[f] for f in r.F if s.piles[f] and s.piles[f][-1] == a))
                if b == FOUNDATION:
                    card = s.piles[r.index[src]][-1]
                    dst = next(names[f] for f in r.F if r.foundation_accepts(s.piles[f], card))
                else:
                    dst = names[r.T[b]]
                m = Move(src, dst, n)
            out.append(m)
            s = r.apply(s, m)
        return out


def _raised(found: tuple[int, ...], j: int) -> tuple[int, ...]:
    """The heights with pile ``j`` one higher, each suit's two kept highest first."""
    f = list(found)
    f[j] += 1
    if j % 2 and f[j] > f[j - 1]:
        f[j], f[j - 1] = f[j - 1], f[j]
    return tuple(f)


def _sorted(found: tuple[int, ...], s: int) -> tuple[int, ...]:
    """The heights with suit ``s``'s two piles put highest first."""
    if found[2 * s] >= found[2 * s + 1]:
        return found
    f = list(found)
    f[2 * s], f[2 * s + 1] = f[2 * s + 1], f[2 * s]
    return tuple(f)


def _put(ups: Ups, b: int, c: int) -> Ups:
    """The face-up cards with card ``c`` put on pile ``b``."""
    u = list(ups)
    u[b] = u[b] + (c,)
    return tuple(u)
