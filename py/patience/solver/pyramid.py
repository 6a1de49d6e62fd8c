"""An exact depth-first search made for the Pyramid: positions as bit masks.

A position is four small numbers: which pyramid places still hold a card (28 bits), which
cards of the stock and the waste are left, where the waste stands, and the passes used.
The stock and the waste are one list in playing order (the waste from its bottom, then
the stock from its top); turning the stock or the waste over never changes that order,
so the waste is the cards left before a pointer, its top the last of them, and the stock
the cards left from the pointer on.

What the search leaves out, each for a reason:

- *Turning the stock.* Turns are folded into the removal they lead to: a card of the
  stock or the waste can be brought to the top of the waste by turning, in this pass if it
  lies at or past the waste's top, else in the next pass if one is left. A position
  reached with the same cards left and the stock turned less far (fewer passes used, or
  the same pass and the pointer no further on) can turn to it, so a position whose cards
  were met before with the stock turned as far or less is dropped (the argument of
  ``klondike.py``: take the expanded winnable position nearest a win in removals; its
  winning removal leads to a position met as it stands or with the stock turned less far).
- *Kings.* Removing a King is always safe (``patience.auto.safe_moves``): free Kings of
  the pyramid are removed at once, and the Kings of the stock and the waste are counted as
  gone from the start (a winning line from there is a winning line of the real game once
  every King that reaches the top of the waste is removed on the spot; the moves given
  back do so).
- *Pairs that nothing else wants.* Two free pyramid cards that add up to 13, when no other
  card of either rank is left anywhere, are removed at once: each can only ever go with
  the other, and removing them only frees cards.
- *Dead ends* (``_stranded``). Each pyramid card must leave with a card of the rank that
  completes it, and a card leaves once: for each pair of ranks (Ace and Queen, 2 and
  Jack...) the pyramid's cards of those ranks must be matched one to one with cards of the
  other rank that are left, never with a card that covers them or that they cover (one of
  the two would still be covered when the other leaves), never two cards of the stock and
  the waste together (only the waste's top is free). In the last pass, a waste card that
  no pyramid card left can take away never leaves, so the waste's cards under it never come
  up again: they count as gone. A position with no such matching is lost, and dropped.

Everything else is searched: each removal of a free pyramid card with another or with a
card brought to the waste's top. When the search runs dry the position is unwinnable. A
win is given back as the real game's moves (turns, passes and Kings included) and
replayed through the checked API by ``patience.solver.solve``.
"""

from __future__ import annotations

from collections.abc import Callable, Generator

from ..cards import RANK
from ..game import Move, State
from ..rules import Rules
from . import drive
from .drive import bits
from .result import Outcome

# A removal of the search: kind (0 a King of the pyramid, 1 two pyramid cards, 2 a card
# of the stock or the waste with a pyramid card), then two numbers: the pyramid place and
# unused, two pyramid places, or the card of the stock or the waste and the pyramid place.
Action = tuple[int, int, int]
# A position: pyramid mask, stock-and-waste mask, pointer, passes used.
Position = tuple[int, int, int, int]
# The passes a search with unlimited passes may use: more than any search needs.
UNLIMITED = 1 << 20


def fits(r: Rules, s: State) -> bool:
    """Tell whether this search can take position ``s``: a game of pairs built as a covering
    pyramid with a stock turned one card at a time to a waste, won by clearing the pyramid,
    every place holding one card at most."""
    return (r.pairs and bool(r.below) and r.stock >= 0 and r.waste >= 0 and r.draw == 1
            and len(r.F) == 1 and r.game.goal == "tableau"
            and all(len(s.piles[t]) <= 1 for t in r.T))


class _Pyramid:
    """The search's tables for one position's cards: what covers what, who pairs with whom."""

    def __init__(self, r: Rules, s: State) -> None:
        total = r.pair_total
        self.total = total
        T = r.T
        place = {t: i for i, t in enumerate(T)}
        n = len(T)
        self.tcard = [s.piles[t][0] if s.piles[t] else -1 for t in T]
        self.rank_t = [RANK[c] if c >= 0 else 0 for c in self.tcard]
        # cover[i]: the places that must be empty for place i to be free.
        self.cover = [0] * n
        for t, over in r.below.items():
            if t in place:
                for o in over:
                    self.cover[place[t]] |= 1 << place[o]
        # cone[i]: the places over or under place i through cards left, near or far: never
        # its partner (a card over it leaves first; one left in between keeps it so).
        above = [0] * n
        for i in range(n - 1, -1, -1):
            m = 0
            for j in range(n):
                if self.cover[i] >> j & 1 and self.tcard[j] >= 0:
                    m |= 1 << j | above[j]
            above[i] = m
        self.cone = [above[i] for i in range(n)]
        for i in range(n):
            for j in range(n):
                if above[i] >> j & 1:
                    self.cone[j] |= 1 << i
        waste, stock = s.piles[r.waste], s.piles[r.stock]
        self.q = list(waste) + list(reversed(stock))
        self.rank_q = [RANK[c] for c in self.q]
        self.start_pointer = len(waste)
        self.limit = UNLIMITED if r.max_recycles is None else r.max_recycles
        # By rank: the pyramid places and the stock-and-waste places of its cards.
        self.t_of = [0] * (total + 1)
        self.q_of = [0] * (total + 1)
        for i, c in enumerate(self.tcard):
            if c >= 0 and RANK[c] <= total:
                self.t_of[RANK[c]] |= 1 << i
        for j, c in enumerate(self.q):
            if RANK[c] < total:
                self.q_of[RANK[c]] |= 1 << j
        self.dead_cache: dict[tuple[int, int, int], bool] = {}

    def start(self, s: State) -> Position:
        """Return the search's position for ``s``, Kings of the stock and waste gone."""
        tm = sum(1 << i for i, c in enumerate(self.tcard) if c >= 0)
        sm = sum(1 << j for j, c in enumerate(self.q) if RANK[c] < self.total)
        return tm, sm, _settle(sm, self.start_pointer), s.recycles

    def stranded(self, tm: int, sm: int) -> bool:
        """Tell whether some pair of ranks leaves a pyramid card with no partner (module
        docstring: dead ends)."""
        total, t_of, q_of = self.total, self.t_of, self.q_of
        for k in range(1, (total + 1) // 2):
            a, b = t_of[k] & tm, t_of[total - k] & tm
            if not a and not b:
                continue
            qa, qb = q_of[k] & sm, q_of[total - k] & sm
            key = (k, a | b << 64, qa | qb << 64)
            dead = self.dead_cache.get(key)
            if dead is None:
                dead = not self._matched(a, b, qa, qb)
                self.dead_cache[key] = dead
            if dead:
                return True
        return False

    def _matched(self, a: int, b: int, qa: int, qb: int) -> bool:
        """Tell whether every pyramid card of masks ``a`` and ``b`` (ranks that complete
        each other) finds its own partner among ``b`` and ``qb``, ``a`` and ``qa``."""
        cone = self.cone
        # Left: the cards of rank k (pyramid ones must be matched), right: the others.
        left = [(i, True) for i in bits(a)] + [(j, False) for j in bits(qa)]
        right = [(i, True) for i in bits(b)] + [(j, False) for j in bits(qb)]

        def joins(x: tuple[int, bool], y: tuple[int, bool]) -> bool:
            if x[1] and y[1]:
                return not cone[x[0]] >> y[0] & 1
            return x[1] or y[1]

        spare = len(bits(qa))

        def place(li: int, used: int) -> bool:
            # Every pyramid card of the left from ``li`` on gets a partner; then the
            # pyramid cards of the right left over take stock cards of the left, any of them.
            while li < len(left) and not left[li][1]:
                li += 1
            if li == len(left):
                return sum(1 for ri, y in enumerate(right)
                           if y[1] and not used >> ri & 1) <= spare
            for ri, y in enumerate(right):
                if not used >> ri & 1 and joins(left[li], y) and place(li + 1, used | 1 << ri):
                    return True
            return False

        return place(0, 0)


def _reachable(sm: int, p: int, tm: int, rank_q: list[int], t_of: list[int],
               total: int) -> int:
    """Return the cards of the stock and the waste that can still come up in the last pass:
    the waste's cards under one that no pyramid card left can take away never do."""
    w = sm & ((1 << p) - 1)
    while w:
        j = w.bit_length() - 1
        if not t_of[total - rank_q[j]] & tm:
            return sm & ~((2 << j) - 1)
        w ^= 1 << j
    return sm


def _settle(sm: int, p: int) -> int:
    """Return the pointer just past the waste's top: the same waste, written one way."""
    return (sm & ((1 << p) - 1)).bit_length()


class _Walk:
    """The search's game for ``drive.depth_first`` (an ``InPlace`` one, its members closures
    over the position ``now``, as in ``peaks.py``): a move is a removal and the forced ones
    after it (``_forcer``); a position whose cards were met with the stock turned as far or
    less is not entered; one that ``_Pyramid.stranded`` shows lost has no moves
    (``_mover``). A record is the position a move left and the removals it made."""

    def __init__(self, r: Rules, s: State, g: _Pyramid) -> None:
        unlimited = r.max_recycles is None
        forced, moves = _forcer(g), _mover(g, unlimited)
        seen: dict[int, int] = {}
        shift = len(g.q)
        root = g.start(s)
        now = root
        Recs = list[tuple[Position, list[Action]]]

        def fresh(pos: Position, path: list[Action]) -> Recs | None:
            """Enter ``pos`` (removals done) unless its cards were met with the stock turned
            as far or less; return its records."""
            nonlocal now
            tm, sm, p, rec = pos
            if tm:
                key = tm << shift | sm
                stock_rank = 0 if unlimited else rec * 64 + p
                was = seen.get(key)
                if was is not None and was <= stock_rank:
                    return None
                seen[key] = stock_rank
            before, now = now, pos
            return [(before, path)]

        def enter(plan: tuple[Position, Action]) -> Recs | None:
            (tm, sm, p, rec), act = plan
            path = [act]
            return fresh((forced(tm, sm, path), sm, p, rec), path)

        def undo(recs: Recs) -> None:
            nonlocal now
            now = recs[0][0]

        def start() -> Recs:
            tm, sm, p, rec = root
            path: list[Action] = []
            got = fresh((forced(tm, sm, path), sm, p, rec), path)
            assert got is not None
            return got

        self.start, self.enter, self.undo = start, enter, undo
        self.children = lambda: moves(now)
        self.won = lambda: not now[0]
        self.lost = drive.never


def _forcer(g: _Pyramid) -> Callable[[int, int, list[Action]], int]:
    """Return ``forced(tm, sm, path)``, which removes free Kings, and free pairs that nothing
    else wants, from pyramid mask ``tm`` (the stock and the waste ``sm``) until there are
    none (``path`` extended), and returns the pyramid's mask."""
    total, cover, rank_t, t_of, q_of = g.total, g.cover, g.rank_t, g.t_of, g.q_of

    def forced(tm: int, sm: int, path: list[Action]) -> int:
        changed = True
        while changed and tm:
            changed = False
            free = [i for i in bits(tm) if not tm & cover[i]]
            for i in free:
                if rank_t[i] == total:
                    tm &= ~(1 << i)
                    path.append((0, i, 0))
                    changed = True
            if changed:
                continue
            for x, i in enumerate(free):
                k = rank_t[i]
                for j in free[x + 1:]:
                    if k + rank_t[j] == total and not (
                            (t_of[k] | t_of[total - k]) & tm & ~(1 << i | 1 << j)
                            or (q_of[k] | q_of[total - k]) & sm):
                        tm &= ~(1 << i | 1 << j)
                        path.append((1, i, j))
                        changed = True
                        break
                if changed:
                    break
        return tm

    return forced


def _mover(g: _Pyramid, unlimited: bool) -> Callable[[Position], list[tuple[Position, Action]]]:
    """Return ``children(pos)``: the removals of a position, the cheapest first (two pyramid
    cards, the waste's top, then the cards turned to soonest); none when it is stranded.
    With ``unlimited`` passes, the passes used are not counted."""
    total, cover, limit, stranded = g.total, g.cover, g.limit, g.stranded
    rank_t, rank_q, t_of, q_of = g.rank_t, g.rank_q, g.t_of, g.q_of

    def children(pos: Position) -> list[tuple[Position, Action]]:
        tm, sm, p, rec = pos
        up = sm if rec < limit else _reachable(sm, p, tm, rank_q, t_of, total)
        if stranded(tm, up):
            return []
        free = [i for i in bits(tm) if not tm & cover[i]]
        top = (sm & ((1 << p) - 1)).bit_length() - 1
        out: list[tuple[int, tuple[Position, Action]]] = []
        for x, i in enumerate(free):
            k = rank_t[i]
            want = total - k
            for j in free[x + 1:]:
                if rank_t[j] == want:
                    out.append((0, ((tm & ~(1 << i | 1 << j), sm, p, rec), (1, i, j))))
            for j in bits(q_of[want] & sm):
                if j == top or j >= p:
                    pas = rec
                elif rec < limit:
                    pas = rec + 1
                else:
                    continue
                rest = sm ^ 1 << j
                child = (tm & ~(1 << i), rest, _settle(rest, j), pas if not unlimited else 0)
                # The waste's top first, then the cards turned to soonest.
                cost = 1 if j == top else 2 + (pas - rec) * 64 + j
                out.append((cost, (child, (2, j, i))))
        # The cheapest first; of equal cost, the last found (the order of the stack this
        # search had before its driver).
        out.sort(key=_dearest)
        return [c[1] for c in reversed(out)]

    return children


def _dearest(child: tuple[int, object]) -> int:
    return -child[0]


def search(r: Rules, s: State, budget: int,
           every: int = 0) -> Generator[int, None, Outcome]:
    """Search ``s`` exactly; return the verdict, the winning moves and the nodes expanded,
    yielding the nodes every ``every`` (never when 0): ``drive.depth_first`` on ``_Walk``."""
    g = _Pyramid(r, s)
    verdict, path, nodes = yield from drive.depth_first(_Walk(r, s, g), budget, every)
    return verdict, _moves(r, s, g, drive.steps_of(path)) if verdict == "solved" else [], nodes


def _moves(r: Rules, s: State, g: _Pyramid, path: list[Action]) -> list[Move]:
    """Return the real game's moves for a line of the search's removals."""
    names, T = r.names, r.T
    found = names[r.F[0]]
    line = drive.Replay(r, s)
    play = line.play
    for kind, a, b in path:
        if kind == 0:
            play(Move(names[T[a]], found))
        elif kind == 1:
            play(Move(names[T[min(a, b)]], names[T[max(a, b)]]))
        else:
            card = g.q[a]
            for _ in range(4 * len(g.q) * (g.limit + 2 if g.limit < UNLIMITED else 4) + 8):
                waste = line.s.piles[r.waste]
                if waste and waste[-1] == card:
                    break
                if waste and RANK[waste[-1]] == g.total:
                    play(Move("waste", found))
                elif line.s.piles[r.stock]:
                    play(Move("stock", "waste"))
                else:
                    play(Move("waste", "stock", len(waste)))
            else:
                raise AssertionError("the search's line does not bring its card up")
            play(Move("waste", names[T[b]]))
    return line.moves
