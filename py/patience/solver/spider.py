"""A search made for Spider: best first within each stage between deals, depth first over
the deals.

Dealing from the stock is the one move that cannot be undone, so the game falls into
*stages*: the positions between one deal and the next. Each stage is searched best first
(highest score first, ``_pile_score`` summed over the piles) for a bounded number of
positions; the positions it expanded with no empty pile are the places it could deal
from. The best of them by that score are dealt from, tried in the order of their score
after the deal, each starting the next stage's search (depth first over the stages). In
the last stage (the stock empty) the search looks for the win, with ``LAST`` times as many
positions. The search runs in passes (``PASSES``): first one place to deal from a stage,
then two, with twice the positions a stage each pass, until the budget is spent or no
stage stops short any more. On deals 1-40 of 4 suits, one place a stage won 9 of 20 and
two 13 of 20 at the same 100,000 nodes; three did worse (more stages to search, each
shallower).

The score of a pile: +10 a card on the next higher of its suit, -2 on the next higher of
another suit (in 4 suits, deals 1-20 at 100,000 nodes: 13 won with +3, 18 with 0 or -2),
-4 a face-up card on a card it does not build on, -12 a face-down card, +20 an empty pile,
+4 a pile built up from a King; +200 each King-to-Ace run gone to the foundations.

A position is ten piles, each kept as ``bytes``: its count of face-down cards, then its
cards from the bottom (card = (rank - 1) * 4 + suit). The key of a position joins the
piles; in the last stage it sorts them first (with the stock empty the piles are
interchangeable: an exact merge), before that it keeps their order (a deal puts a different
card on each pile, so two positions with their piles in another order may play apart).

Moves are runs between piles, with the runs that are lifted as units in mind
(``_children``):

- a run goes onto a card one rank higher: onto one of its suit, or onto one of another
  suit when that does something (not when it splits a run of one suit, nor when the run
  lies already on a card of that rank, where it only swaps which of two equal-rank cards
  shows);
- a run of one suit is split onto a card of its suit only to complete a King-to-Ace run
  (else the card it leaves on top is the twin of the card it goes to);
- a whole run of one suit goes into the first empty pile, unless it is the pile's all;
- completed King-to-Ace runs leave at once, as the rules say;
- deals are made only from the places to deal from above.

This is a narrowed, heuristic search: the moves left out (the swap can matter: showing the
other 10 may let a 9 of its suit come onto it) and the places to deal from not tried may
hold the only wins, so when it runs dry it proves nothing and says ``unknown``, never
``unwinnable``. A win is given back as the real game's moves and replayed through the
checked API by ``patience.solver.solve``.
"""

from __future__ import annotations

from collections.abc import Generator
from heapq import heappop, heappush

from ..game import Move, State
from ..games.layouts import remove_runs
from ..rules import Rules
from ..vocab import ANY_CARD, ANY_SUIT, SUIT_RUN, TO_EVERY_PILE, WHOLE_RUNS
from .result import Outcome

# A position: a pile per tableau pile (face-down count, then the cards, bottom first).
Piles = tuple[bytes, ...]
# A move of the search: from pile, to pile, cards (from -1: a deal of that many cards).
Step = tuple[int, int, int]

# The score's weights (see the module's text).
W_SUIT, W_RANK, W_BREAK, W_DOWN, W_EMPTY, W_KING, W_RUN = 10, -2, -4, -12, 20, 4, 200
# The passes: positions searched a stage, places to deal from tried a stage (the last
# pass is repeated with twice the positions each time); the last stage searches LAST
# times as many (16 did no better on deals 1-40 of 4 suits).
PASSES = ((400, 1), (600, 2))
LAST = 4
# The pile scores kept at most (then forgotten), to bound the memory of a long search.
MEMO = 200_000


def fits(r: Rules) -> bool:
    """Tell whether the game of ``r`` is Spider-shaped, so that this search applies."""
    g = r.game
    return (g.foundation == WHOLE_RUNS and g.build == ANY_SUIT and g.lift == SUIT_RUN
            and g.empty == ANY_CARD and g.stock == TO_EVERY_PILE and g.after_move is remove_runs
            and r.waste < 0 and not r.C and not g.supermove and len(r.T) < 256)


def _pile_score(p: bytes) -> int:
    """Return the score of one pile (see the weights)."""
    d = p[0]
    n = len(p)
    if n == 1:
        return W_EMPTY
    score = W_DOWN * d
    if d == 0 and p[1] >> 2 == 12:
        score += W_KING
    for i in range(d + 2, n):
        a, b = p[i], p[i - 1]
        if a + 4 == b:
            score += W_SUIT
        elif (a >> 2) + 1 == b >> 2:
            score += W_RANK
        else:
            score += W_BREAK
    return score


def _complete(p: bytes) -> bytes | None:
    """Return the pile with the King-to-Ace run of one suit on its top taken away (the
    card under it turned up if face down), or None if it has none."""
    n = len(p)
    if n - 1 - p[0] < 13 or p[-1] >> 2:
        return None
    for k in range(1, 13):
        if p[-k] + 4 != p[-k - 1]:
            return None
    rest = p[:-13]
    d = rest[0]
    if d and d >= len(rest) - 1:
        rest = bytes((d - 1,)) + rest[1:]
    return rest

def search(r: Rules, s: State, budget: int, every: int = 0,
           passes: tuple[tuple[int, int], ...] = PASSES) -> Generator[int, None, Outcome]:
    """Search ``s`` for a win; return the verdict, the winning moves and the nodes expanded.

    A generator like ``search.best_first``: it yields the nodes expanded so far every
    ``every`` nodes (never when ``every`` is 0). ``passes`` lists, for each pass, the
    positions a stage may expand and the places to deal from tried a stage; the last pass
    is repeated with twice the positions a stage each time, while the budget lasts and
    some stage stops short of its end. The verdict is
    ``solved`` or ``unknown``, never ``unwinnable``.
    """
    names = r.names
    T = r.T
    root: Piles = tuple(bytes((s.down[t],)) + bytes(s.piles[t]) for t in T)
    stock: bytes = bytes(s.piles[r.stock]) if r.stock >= 0 else b""
    memo: dict[bytes, int] = {}
    nodes = 0
    # Whether a stage of this pass stopped at its limit (else a wider pass finds no more).
    cut = False

    def score(p: bytes) -> int:
        v = memo.get(p)
        if v is None:
            if len(memo) >= MEMO:
                memo.clear()
            v = memo[p] = _pile_score(p)
        return v

    def stage(top: Piles, rest: bytes, limit: int, width: int
              ) -> Generator[int, None, tuple[list[Step] | None,
                                              list[tuple[Piles, list[Step]]]]]:
        """Search one stage from ``top``: return a win's steps, or the best places to deal
        from with the steps to each."""
        nonlocal nodes, cut
        last = not rest
        first = nodes
        if last:
            limit *= LAST

        def key_of(ps: Piles) -> bytes:
            return b"\xff".join(sorted(ps) if last else ps)

        k0 = key_of(top)
        came: dict[bytes, tuple[bytes, Step]] = {k0: (b"", (0, 0, 0))}
        h0 = sum(score(p) for p in top)
        frontier: list[tuple[int, int, Piles, bytes]] = [(-h0, 0, top, k0)]
        tick = 0
        ready: list[tuple[int, int, bytes, Piles]] = []
        while frontier and nodes - first < limit and nodes < budget:
            negh, _, ps, k = heappop(frontier)
            if last and all(len(p) == 1 for p in ps):
                return _steps(came, k), []
            nodes += 1
            if every and not nodes % every:
                yield nodes
            tops = [p[-1] if len(p) > 1 else -1 for p in ps]
            if -1 not in tops:
                ready.append((negh, -len(ready), k, ps))
            h = -negh
            for step, src, dst, gone in _children(ps, tops):
                i, j, _ = step
                lst = list(ps)
                lst[i] = src
                lst[j] = dst
                child = tuple(lst)
                kc = key_of(child)
                if kc in came:
                    continue
                came[kc] = (k, step)
                hc = (h - score(ps[i]) - score(ps[j]) + score(src) + score(dst)
                      + W_RUN * gone)
                tick -= 1
                heappush(frontier, (-hc, tick, child, kc))
        if frontier:
            cut = True
        if last:
            return None, []
        ready.sort()
        out: list[tuple[Piles, list[Step]]] = []
        for _, _, k, ps in ready[:width]:
            out.append((ps, _steps(came, k)))
        return None, out

    def dfs(top: Piles, rest: bytes, limit: int,
            width: int) -> Generator[int, None, list[Step] | None]:
        won, places = yield from stage(top, rest, limit, width)
        if won is not None:
            return won
        # The places to deal from are tried best first by their score after the deal.
        dealt: list[tuple[int, int, Piles, bytes, list[Step]]] = []
        for ps, steps in places:
            nxt, left = _deal(ps, rest)
            dealt.append((-sum(score(p) for p in nxt), len(dealt), nxt, left, steps))
        dealt.sort()
        for _, _, nxt, left, steps in dealt[:width]:
            if nodes >= budget:
                return None
            more = yield from dfs(nxt, left, limit, width)
            if more is not None:
                return [*steps, (-1, -1, len(rest) - len(left)), *more]
        return None

    schedule = list(passes)
    while schedule and nodes < budget:
        limit, width = schedule.pop(0)
        if not schedule:
            schedule.append((limit * 2, width))
        cut = False
        won = yield from dfs(root, stock, limit, width)
        if won is not None:
            return "solved", [_move(names, T, st) for st in won], nodes
        if not cut and not schedule[1:]:
            break
    return "unknown", [], nodes


def _deal(ps: Piles, rest: bytes) -> tuple[Piles, bytes]:
    """Deal a card of the stock ``rest`` (from its end) onto each pile, as far as it goes;
    return the piles (a run completed by the deal taken off) and the stock left."""
    m = min(len(ps), len(rest))
    lst = list(ps)
    for i in range(m):
        p = lst[i] + rest[-1 - i:len(rest) - i]
        if p[-1] < 4:
            p = _complete(p) or p
        lst[i] = p
    return tuple(lst), rest[:len(rest) - m]


def _children(ps: Piles, tops: list[int]) -> list[tuple[Step, bytes, bytes, int]]:
    """Return the moves of the search from ``ps`` (whose top cards are ``tops``, -1 for an
    empty pile): each step with the piles it changes (from, to) and the runs it completes.

    The moves left out are those of the module's text.
    """
    out: list[tuple[Step, bytes, bytes, int]] = []
    n_piles = len(ps)
    empty = tops.index(-1) if -1 in tops else -1
    for i in range(n_piles):
        p = ps[i]
        d = p[0]
        n = len(p)
        if n - 1 <= d:
            continue
        # The run of one suit on top: p[n - run:].
        run = 1
        while run < n - 1 - d and p[n - run - 1] == p[n - run] + 4:
            run += 1
        rank_top = p[-1] >> 2
        # Whether the card under the run is face up and a rank higher: then the run lies
        # built already, on a card of another suit.
        under = n - run - 1
        built = under > d and p[under] >> 2 == (p[n - run] >> 2) + 1
        for j in range(n_piles):
            if j == i:
                continue
            t = tops[j]
            if t < 0:
                if j != empty or under == 0:
                    continue
                m = run
            else:
                m = (t >> 2) - rank_top
                if m < 1 or m > run:
                    continue
                if t != p[n - m] + 4:
                    if m < run or built:
                        continue
                elif m < run and _complete(ps[j] + p[n - m:]) is None:
                    # A split onto the suit: only when it completes a run.
                    continue
            src = p[:n - m]
            if src[0] and src[0] >= len(src) - 1:
                src = bytes((src[0] - 1,)) + src[1:]
            dst = ps[j] + p[n - m:]
            gone = 0
            if dst[-1] < 4:
                done = _complete(dst)
                if done is not None:
                    dst = done
                    gone = 1
            out.append(((i, j, m), src, dst, gone))
    return out


def _steps(came: dict[bytes, tuple[bytes, Step]], k: bytes) -> list[Step]:
    """Return the steps from a stage's first position to the one of key ``k``."""
    out: list[Step] = []
    while True:
        parent, step = came[k]
        if not parent:
            break
        out.append(step)
        k = parent
    out.reverse()
    return out


def _move(names: tuple[str, ...], T: tuple[int, ...], step: Step) -> Move:
    i, j, m = step
    if i < 0:
        return Move("stock", "tableau", m)
    return Move(names[T[i]], names[T[j]], m)
