"""A dedicated search for All in a Row (and any game shaped like it).

Cards only leave the tableau, one at a time, for a foundation that takes any card one rank
up or down from its top (King and Ace adjacent). A position reached from the root is then
fully told by the height of each pile and the rank of the foundation's top card: that pair,
packed in one integer, is the transposition key (it merges exactly the positions
``Rules.key`` merges, and those whose top cards differ only in suit, which play the same).
Depth-first, taller piles first; the moves emitted are ordinary ``t3>f1`` moves.

Pruning (sound: both tests look at what any winning order must do, never at the order
of the piles): the foundation walks round the ranks one step at a time, so a rank can only
be reached through ranks that still have cards in the tableau (``_cut``), and the number
of cards left of each rank must allow such a walk at all (``_trail``).
"""

from __future__ import annotations

from collections.abc import Generator, Iterator

from ..cards import RANK
from ..game import Move, State
from ..rules import Rules
from .search import Outcome


def _arc(present: int, start: int, step: int) -> int:
    """Return the ranks (bits 0-12) reached from ``start`` stepping by ``step`` through
    present ranks, ``start`` not included."""
    reach = 0
    x = (start + step) % 13
    while present >> x & 1 and not reach >> x & 1:
        reach |= 1 << x
        x = (x + step) % 13
    return reach


def _cut(present: int, top: int) -> bool:
    """Tell whether some rank left can never be reached from the foundation's top rank.

    ``present`` has bit ``k`` set when a card of rank ``k + 1`` is left in the tableau.
    """
    t = top - 1
    up, down = _arc(present, t, 1), _arc(present, t, -1)
    if present >> t & 1:
        return bool(present & ~(up | down | 1 << t))
    return bool(present & ~up) and bool(present & ~down)


def _trail(count: list[int], top: int) -> bool:
    """Tell whether some walk from rank ``top`` could use up the ranks left, by counts alone.

    ``count[k]`` cards of rank ``k`` (1-13) are left. A walk steps one rank up or down round
    the circle; it crosses the edge between ranks x and x+1 some e_x times, and the visits
    to each rank fix e_(x-1) + e_x. On a circle of 13 that fixes every e_x once the last
    rank is chosen: some choice must give whole, non-negative crossings on one arc.
    """
    for end in range(1, 14):
        d = [2 * count[x] + (x == top) - (x == end) for x in range(1, 14)]
        a = [0] * 13
        for x in range(1, 13):
            a[x] = d[x] - a[x - 1]
        twice = d[0] - a[12]
        if twice < 0 or twice & 1:
            continue
        e0 = twice >> 1
        edges = [a[x] + (e0 if x % 2 == 0 else -e0) for x in range(13)]
        if min(edges) < 0:
            continue
        runs = sum(1 for x in range(13) if edges[x] > 0 and edges[x - 1] == 0)
        if runs <= 1:
            return True
    return False


def fits(r: Rules) -> bool:
    """Tell whether the game is one this search handles."""
    return (r.game.foundation == "wrap" and r.game.build == "none" and r.stock < 0
            and not r.C and r.game.after_move is None)


def row_search(r: Rules, root: State, budget: int,
               every: int = 0) -> Generator[int, None, Outcome]:
    """Search from ``root``; return the verdict, the winning moves and the nodes expanded.

    A generator like ``best_first``: it yields the nodes expanded so far every ``every``
    nodes (never when ``every`` is 0) and returns the outcome. The depth-first search keeps
    its own stack, so it can pause anywhere.
    """
    tableau = r.T
    ranks = [[RANK[c] for c in root.piles[t]] for t in tableau]
    heights = [len(p) for p in ranks]
    base = max(heights, default=0) + 1
    mult = [base ** i for i in range(len(tableau))]
    found = root.piles[r.F[0]]
    top = RANK[found[-1]] if found else 0
    code = sum(h * m for h, m in zip(heights, mult))
    seen = {code * 14 + top}
    count = [0] * 14
    for pile in ranks:
        for x in pile:
            count[x] += 1
    # dead[counts * 16 + top]: the walk is cut or has no trail (the ranks present follow
    # from the counts, so one cache serves both tests).
    dead: dict[int, bool] = {}
    pow5 = [0] + [5 ** k for k in range(13)]
    present = sum(1 << (x - 1) for x in range(1, 14) if count[x])
    path: list[int] = []
    order = range(len(tableau))
    # The rank of each pile's top card (0 when empty), and the ranks next to each rank.
    exposed = [p[-1] if p else 0 for p in ranks]
    nears = [(-1, -1)] + [((x - 2) % 13 + 1, x % 13 + 1) for x in range(1, 14)]
    height = heights.__getitem__
    counts = sum(count[x] * 5 ** (x - 1) for x in range(1, 14))
    left = sum(heights)
    # A frame: the node's foundation rank, height code, cards left, ranks present, rank
    # counts (base 5), and what is left of its children, taller piles first.
    stack: list[tuple[int, int, int, int, int, Iterator[int]]] = []
    nodes = 0
    descend = True
    while True:
        if descend:
            if not left:
                break
            if nodes >= budget:
                return "unknown", [], nodes
            nodes += 1
            if every and not nodes % every:
                yield nodes
            moves: list[int] = []
            if top:
                key = counts * 16 + top
                cut = dead.get(key)
                if cut is None:
                    cut = dead[key] = _cut(present, top) or not _trail(count, top)
                if not cut:
                    near = nears[top]
                    moves = [t for t in order if exposed[t] in near]
            else:
                moves = [t for t in order if heights[t]]
            if len(moves) > 1:
                moves.sort(key=height, reverse=True)
            it = iter(moves)
            stack.append((top, code, left, present, counts, it))
            descend = False
        else:
            top, code, left, present, counts, it = stack[-1]
        for t in it:
            h = heights[t] - 1
            rank = ranks[t][h]
            nxt = code - mult[t]
            k = nxt * 14 + rank
            if k in seen:
                continue
            seen.add(k)
            heights[t] = h
            exposed[t] = ranks[t][h - 1] if h else 0
            path.append(t)
            count[rank] -= 1
            if not count[rank]:
                present &= ~(1 << (rank - 1))
            top, code, left, counts = rank, nxt, left - 1, counts - pow5[rank]
            descend = True
            break
        if descend:
            continue
        stack.pop()
        if not stack:
            return "unwinnable", [], nodes
        t = path.pop()
        rank = exposed[t] = ranks[t][heights[t]]
        count[rank] += 1
        heights[t] += 1
    f = r.names[r.F[0]]
    return "solved", [Move(r.names[tableau[t]], f) for t in path], nodes
