"""A dedicated search for All in a Row (and any game shaped like it).

Cards only leave the tableau, one at a time, for a foundation that takes any card one rank
up or down from its top (King and Ace adjacent). A position reached from the root is then
fully told by the height of each pile and the rank of the foundation's top card. The
transposition key packs, in one integer, that rank and how many piles are left at each
sequence of ranks (bottom first): it merges the positions ``Rules.key`` merges, those whose
cards differ only in suit, and those that differ only by which of two piles holding the
same ranks in the same order is which (they play the same, the piles swapped).
Depth-first, taller piles first; the moves emitted are ordinary ``t3>f1`` moves.

Two such searches take turns (``row_search``): one plays the game forward, the other
backward, the piles turned over (see ``_walk``); either one's verdict is exact, and a
deal that is huge one way is often small the other.

Pruning (sound: both tests look at what any winning order must do, never at the order
of the piles): the foundation walks round the ranks one step at a time, so a rank can only
be reached through ranks that still have cards in the tableau (``_cut``), and the number
of cards left of each rank must allow such a walk at all (``_trail``).
"""

from __future__ import annotations

from collections.abc import Generator

from ..cards import RANK
from ..game import Move, State
from ..rules import Rules
from ..vocab import NO_BUILDING, WRAP
from .result import Outcome


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


# The ends that give edge x the sign -1 in the formula below: bit x of _ODD[end] is set
# when (end - x - 1) % 13 is odd.
_ODD = [sum(1 << x for x in range(13) if (e - x - 1) % 13 % 2) for e in range(13)]


def _trail(count: list[int], top: int, ends: int = 0x1FFF) -> bool:
    """Tell whether some walk from rank ``top`` could use up the ranks left, by counts alone.

    ``count[k]`` cards of rank ``k`` (1-13) are left. A walk steps one rank up or down round
    the circle; it crosses the edge between ranks x and x+1 some e_x times, and the visits
    to each rank fix e_(x-1) + e_x: twice the cards of rank x, plus one at the start, minus
    one at the end. On a circle of 13 (odd) that fixes every e_x once the last rank is
    chosen: 2 e_x is the sum of those visit numbers round the circle from rank x+1 with
    signs + - + ... +. Some last rank must give non-negative crossings, the crossed edges
    one arc (the walk is connected). Only the last ranks in ``ends`` (bit ``k`` for rank
    ``k + 1``) are tried: a walk that must end next to some rank.

    Worked out once for no end at all (each 2 e_x is then odd), the end then takes one
    from 2 e_x when (end - x - 1) % 13 is even and adds one when it is odd: an edge at -1
    needs an end that adds, one at +1 is crossed only with such an end, one at 3 or more
    always; below -1 no end helps.
    """
    d = [2 * count[x + 1] + (x == top - 1) for x in range(13)]
    s = 0
    for k in range(13):
        s += d[(1 + k) % 13] if k % 2 == 0 else -d[(1 + k) % 13]
    # s is twice e_0 with no end; then 2 e_(x+1) = 2 d[x+1] - 2 e_x.
    must = 0     # edges at -1: the end must add one (they are then 0)
    some = 0     # edges at +1: crossed when the end adds one
    always = 0   # edges at 3 or more: crossed whatever the end
    for x in range(13):
        if s >= 3:
            always |= 1 << x
        elif s == 1:
            some |= 1 << x
        elif s == -1:
            must |= 1 << x
        else:
            return False
        s = 2 * d[(x + 1) % 13] - s
    for end, odd in enumerate(_ODD):
        if not ends >> end & 1 or must & ~odd:
            continue
        m = always | some & odd
        starts = m & ~((m << 1 | m >> 12) & 0x1FFF)
        if not starts & (starts - 1):
            return True
    return False


def fits(r: Rules) -> bool:
    """Tell whether the game is one this search handles."""
    return (r.game.foundation == WRAP and r.game.build == NO_BUILDING and r.stock < 0
            and not r.C and r.game.after_move is None)


# The nodes one direction searches before the other takes its turn.
_TURN = 2_000


def row_search(r: Rules, root: State, budget: int,
               every: int = 0) -> Generator[int, None, Outcome]:
    """Search from ``root``; return the verdict, the winning moves and the nodes expanded.

    A generator like ``best_first``: it yields the nodes expanded so far every ``every``
    nodes (never when ``every`` is 0) and returns the outcome. The depth-first searches
    keep their own stacks, so they can pause anywhere.

    Two searches take turns of ``_TURN`` nodes, the budget shared: one plays the game
    forward, the other backward (``_walk`` with the piles turned over). The first to
    finish gives the verdict: either one is exact. The nodes are both searches' together.
    """
    tableau = r.T
    ranks = [[RANK[c] for c in root.piles[t]] for t in tableau]
    found = root.piles[r.F[0]]
    top = RANK[found[-1]] if found else 0
    if not any(ranks):
        return "solved", [], 0
    walks = [_walk(ranks, top, 0), _walk([p[::-1] for p in ranks], 0, top)]
    done = [next(w) for w in walks]
    total = turn = 0
    while True:
        if total >= budget:
            return "unknown", [], total
        # Pause at the end of the turn, at the budget, and at the next multiple of every.
        step = min(_TURN - total % _TURN, budget - total)
        if every:
            step = min(step, every - total % every)
        w = turn
        won: bool | None = None
        try:
            now = walks[w].send(done[w] + step)
        except StopIteration as end:
            won, path, now = end.value
        if now > done[w]:
            total += now - done[w]
            done[w] = now
            if every and not total % every:
                yield total
        if won is not None:
            if not won:
                return "unwinnable", [], total
            f = r.names[r.F[0]]
            order = path if w == 0 else path[::-1]
            return "solved", [Move(r.names[tableau[t]], f) for t in order], total
        if not total % _TURN:
            turn = 1 - turn


def _code(ranks: list[list[int]]) -> tuple[int, list[list[int]]]:
    """Return the key code of piles ``ranks`` (bottom first) and what it loses when pile t
    goes from height h to h - 1 (``losses[t][h]``, from h = 1).

    Piles whose cards left are the same ranks in the same order play alike, so the code
    counts the piles left at each such sequence (a prefix of some pile's ranks, the empty
    one included): a digit per prefix, in a base one more than the piles that have it.
    """
    prefixes: dict[tuple[int, ...], int] = {}
    for pile in ranks:
        for h in range(len(pile) + 1):
            p = tuple(pile[:h])
            prefixes[p] = prefixes.get(p, 0) + 1
    weight: dict[tuple[int, ...], int] = {}
    w = 1
    for p, many in prefixes.items():
        weight[p] = w
        w *= many + 1
    losses = [[0] + [weight[tuple(pile[:h])] - weight[tuple(pile[:h - 1])]
                     for h in range(1, len(pile) + 1)] for pile in ranks]
    return sum(weight[tuple(pile)] for pile in ranks), losses


def _walk(ranks: list[list[int]], top: int,
          last: int) -> Generator[int, int, tuple[bool, list[int], int]]:
    """Search for a way to play every card of ``ranks`` (piles, bottom first) from a
    foundation whose top rank is ``top`` (0 when empty); ``last``, when not 0, is a rank
    the last card played must be next to.

    Turned over, this finds the game backward: a winning order read backward plays each
    pile bottom first, one rank up or down at each step like the forward one, from any
    card (the foundation is empty), and its last card must be able to go on the
    foundation's top card (it is the top card of a pile, being the last of its pile the
    backward game plays). So the backward search wins exactly when the forward one does,
    yet the two may be far apart in size: a deal the forward search needs a million nodes
    to refute may take the backward one a thousand, and the other way round.

    A coroutine: it first yields 0, and whenever it has expanded as many nodes as it was
    last sent it yields that count and waits for a new limit. It returns whether it won,
    the piles played (numbers in ``ranks``) and the nodes it expanded.
    """
    n = len(ranks)
    below = [0, 13, *range(1, 13)]
    above = [0, *range(2, 14), 1]
    heights = [len(p) for p in ranks]
    tall = max(heights, default=0)
    code, losses = _code(ranks)
    code *= 14
    seen = {code + top}
    count = [0] * 14
    for pile in ranks:
        for x in pile:
            count[x] += 1
    five = max(count) + 1
    power = [0] + [five ** k << 4 for k in range(13)]
    counts = sum(count[x] * power[x] for x in range(1, 14))
    left = sum(heights)
    # The ranks the walk may end on (bit k for rank k + 1): with ``last``, the two next to
    # it, so ``_trail`` refutes a position whose walks by counts all end elsewhere (sound:
    # a win's last card is the walk's last step, and it must be next to ``last``).
    ends = 1 << below[last] - 1 | 1 << above[last] - 1 if last else 0x1FFF
    # dead[counts + top]: the walk is cut or has no trail (both follow from the counts).
    dead: dict[int, bool] = {}

    def is_dead(key: int) -> bool:
        top = key & 15
        count = [key // power[x] % five if x else 0 for x in range(14)]
        present = sum(1 << (x - 1) for x in range(1, 14) if count[x])
        cut = dead[key] = _cut(present, top) or not _trail(count, top, ends)
        return cut

    # The moves of a node are a bit mask: the top card of pile t at height h is bit
    # (tall - h) * n + t, so the lowest bit is the tallest pile (the first by number among
    # equals). exposed[x] has the bits of the top cards of rank x; cell[b] tells card b's
    # pile, its rank, what the key loses when it is played (times 14), and the bit and rank
    # of the card under it (0 and 0 when none).
    bit = [[1 << (tall - h) * n + t for h in range(tall + 1)] for t in range(n)]
    cell: dict[int, tuple[int, int, int, int, int]] = {}
    for t, pile in enumerate(ranks):
        for h in range(1, len(pile) + 1):
            cell[bit[t][h]] = (t, pile[h - 1], losses[t][h] * 14,
                               bit[t][h - 1] if h > 1 else 0, pile[h - 2] if h > 1 else 0)
    exposed = [0] * 14
    for t, pile in enumerate(ranks):
        if pile:
            exposed[pile[-1]] |= bit[t][len(pile)]
    path: list[int] = []
    # Each node on the path: its foundation rank, key code, rank counts and moves not tried.
    frames: list[tuple[int, int, int, int]] = []
    limit = yield 0
    while not limit:
        limit = yield 0
    nodes = 1
    moves = 0
    if not top:
        for x in range(1, 14):
            moves |= exposed[x]
    elif not is_dead(counts + top):
        moves = exposed[below[top]] | exposed[above[top]]
    while True:
        while moves:
            low = moves & -moves
            moves ^= low
            t, rank, loss, under, next_rank = cell[low]
            nxt = code - loss
            if nxt + rank in seen:
                continue
            seen.add(nxt + rank)
            if left == 1:
                if last and rank != below[last] and rank != above[last]:
                    continue
                path.append(low)
                return True, [cell[b][0] for b in path], nodes
            while nodes >= limit:
                limit = yield nodes
            nodes += 1
            child = counts - power[rank]
            key = child + rank
            cut = dead.get(key)
            if cut is None:
                cut = is_dead(key)
            if cut:
                continue
            frames.append((top, code, counts, moves))
            exposed[rank] ^= low
            if under:
                exposed[next_rank] |= under
            path.append(low)
            top, code, counts = rank, nxt, child
            left -= 1
            moves = exposed[below[top]] | exposed[above[top]]
        if not frames:
            return False, [], nodes
        top, code, counts, moves = frames.pop()
        low = path.pop()
        t, rank, loss, under, next_rank = cell[low]
        if under:
            exposed[next_rank] ^= under
        exposed[rank] |= low
        left += 1
