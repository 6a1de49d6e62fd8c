"""A best-first search made for FreeCell: compact positions, keys and scores built per move.

The general search (``search.py``) builds a ``State`` through ``Rules.apply``, then its
``Rules.key`` and its heuristic from scratch, for every child: about 125 µs a position.
Here a position is the columns (a tuple of tuples, shared with the parent but for the two
a move changes), the free cells and the height of each suit's foundation, and its key is
the ``under`` table: for each card, the card it lies on in its column, or "a column's
bottom", "a free cell" or "the foundations" (52 bytes). The key is exact and blind to the
order of the columns and of the cells, as ``Rules.key`` is (the cards of a column are the
chain from its bottom card up, so the table gives back the columns; cards in no column and
no cell are on the foundations). A child changes one byte of its parent's key (and one
for each card that goes up after it), and its score only by the columns it touches.

Moves are the engine's: a run of up to the supermove's capacity, ``(1 + free cells) <<
empty columns`` (one fewer empty column counted when the run goes to an empty one), onto
a column whose top takes its bottom card (one run length at most fits) or into an empty
column (every length that fits; moving a whole column into an empty one changes nothing
under the key and is left out), a card from a column into a free cell (the first empty one:
the cells are alike), a card from a cell onto a column, a card to the foundations. After
every move the safe moves to the foundations (``patience.safe_moves``: safety ``alt``) are
played at once, as in ``search.py``. Nothing is pruned but positions met before under the
exact key, so a search whose frontier runs dry has seen every reachable position and proves
the deal unwinnable.

The order is greedy best-first (newest first among equals) under a score of cards not yet
up, occupied cells, cards not built on the card under them, cards above a lower one, empty
columns (a bonus) and cards above a card the foundations want next (``FIRST``; the weights
of ``heuristic.py`` plus the cards not built on the card under them), then a pass that also
counts each move made (a weighted A*: it stays nearer the root), then short restarts under
other weights (``OTHERS``), then the first search goes on from where it stopped
(``Paused``; the passes are data, ``PASSES``). A child's score comes from its parent's: a run of k
cards changes the count above a lower one by the lowest rank under it, and the wanted cards
under it or under where it lands by k each. Deal 11982, the one of the first 32,000 that
cannot be won, is proven so after about 62,000 positions (a single pass).
"""

from __future__ import annotations

from collections.abc import Generator
from heapq import heappop, heappush

from ..cards import RANK, RED, SUIT
from ..game import Move, State
from ..rules import Rules
from ..vocab import ALTERNATE, ANY_CARD, BUILT_RUN, NO_STOCK, SUIT_UP
from .drive import path_to
from .result import Outcome

# A step of the search: from, to (columns 0.., cells CELLS + j, the foundations UP), cards.
Step = tuple[int, int, int]
# A column's part of the score: cards above a lower one, and each card's depth from the top.
Info = tuple[int, int, dict[int, int], tuple[int, ...]]

BOTTOM, IN_CELL, ON_UP = 52, 53, 54
CELLS = 16
UP = 32
# ONTO[c]: the two cards that may be built on card c (one rank lower, the other colour).
ONTO: tuple[tuple[int, ...], ...] = tuple(
    tuple(a for a in range(52) if RANK[a] + 1 == RANK[c] and RED[a] != RED[c])
    for c in range(52))
# OTHER[s]: the two suits of the other colour.
OTHER: tuple[tuple[int, int], ...] = tuple(
    tuple(x for x in range(4) if RED[x] != RED[s]) for s in range(4))  # type: ignore[misc]


def goes_up(found: list[int], c: int) -> bool:
    """Put card ``c`` up where its foundation wants it next and it is ``safe`` there; tell
    whether it went."""
    s = SUIT[c]
    v = RANK[c]
    if found[s] != v - 1 or not safe(found, s, v):
        return False
    found[s] = v
    return True


def safe(found: list[int] | tuple[int, ...], s: int, v: int) -> bool:
    """Tell whether the card of suit ``s`` and rank ``v``, wanted next by its foundation,
    is safe to put up (the engine's rule, safety ``alt``: both suits of the other colour up
    to one below it)."""
    if v <= 2:
        return True
    a, b = OTHER[s]
    return found[a] >= v - 1 and found[b] >= v - 1


# The score's weights: a card not yet up, an occupied cell, a card not built on the card
# under it, a card above a lower one in its column, an empty column (a bonus), and each card
# above a card the foundations want next. Tuned on deals 1-300: FIRST wins the median deal
# in about 75 positions (the general search's weights, OTHERS[1], take about 160). The
# others order the short restarts that try other paths through a hard deal: of the 47 of
# deals 1-1000 that FIRST does not win in 5,000 positions, each wins 28 to 35, and all
# three together all but 3 (deal 657: FIRST none in 100,000, OTHERS[0] in 3,020).
FIRST = (5, 4, 2, 0, 4, 1)
OTHERS = ((6, 2, 2, 1, 2, 2), (6, 4, 0, 3, 4, 2), (6, 1, 2, 3, 1, 0))
# A pass of the search: its weights, the cost of a move (added to a position's score for
# each move of the search that led to it; the safe moves played after one are not counted),
# and its share of the budget (``budget // part``; 0: all left).
Pass = tuple[tuple[int, ...], int, int]
# The greedy passes fall into traps: a region of thousands of positions, all four cells full
# and no column empty, scored better than the one move out of it, made early (deal 1464:
# FIRST spends 250,000 positions there; the way out, 23 moves from the root, scores 303
# against the trap's 255 to 261). A move cost of 3 makes the trap's positions, 40 to 100
# moves deep, cost as much as that, so the search goes back to the shallow ones. Chosen on
# the 37 deals of 1-2000 that FIRST does not win in 20,000 positions: under OTHERS[0] with
# cost 3 all 37 are won within 24,367 positions (1464 the most), under FIRST within 34,674;
# cost 1 and the greedy orders each leave some unwon at 40,000 (docs/solver.md). Run second,
# on a fifth of the budget, so the greedy restarts and the last pass still get the rest.
PASSES: tuple[Pass, ...] = (
    (FIRST, 0, 10), (OTHERS[0], 3, 5), *((w, 0, 10) for w in OTHERS), (FIRST, 0, 0))


def fits(r: Rules, s: State) -> bool:
    """Tell whether the game of ``r`` is FreeCell-shaped and ``s`` a position it can hold."""
    g = r.game
    if not (g.build == ALTERNATE and g.lift == BUILT_RUN and g.empty == ANY_CARD and g.supermove
            and g.foundation == SUIT_UP and g.stock == NO_STOCK and g.decks == 1
            and g.foundations == 4 and g.safety == "alt" and g.after_move is None
            and g.symmetric and g.pack is None and g.cover is None and not g.play.pairs
            and g.goal == "foundations" and not r.takeback and len(r.T) <= CELLS
            and len(r.C) <= UP - CELLS):
        return False
    cards = [c for p in s.piles for c in p]
    if sorted(cards) != list(range(52)) or any(s.down):
        return False
    for f in r.F:
        pile = s.piles[f]
        if pile and list(pile) != [SUIT[pile[0]] + 4 * i for i in range(len(pile))]:
            return False
    return all(len(s.piles[c]) <= 1 for c in r.C)


def _info(col: tuple[int, ...]) -> Info:
    """Return a column's cards above a lower one, its cards not built on the card under
    them, each card's depth from the top, and the lowest rank under each height."""
    block = 0
    loose = 0
    low = 14
    n = len(col)
    depth: dict[int, int] = {}
    lows = [14]
    below = -1
    for i, card in enumerate(col):
        depth[card] = n - 1 - i
        v = RANK[card]
        if v > low:
            block += 1
        else:
            low = v
        lows.append(low)
        if below >= 0 and card not in ONTO[below]:
            loose += 1
        below = card
    return block, loose, depth, tuple(lows)


def search(r: Rules, root: State, budget: int, weights: tuple[int, ...],
           every: int = 0, base: int = 0, cost: int = 0) -> Generator[int, None, Outcome]:
    """Search ``root`` best first; return the verdict, the winning moves and the nodes.

    A generator like ``search.best_first``: it yields ``base`` plus the nodes expanded so
    far every ``every`` nodes (never when ``every`` is 0) and returns the outcome.
    ``weights`` order it (see ``FIRST``), with ``cost`` added to a position's score for each
    move that led to it (see ``PASSES``). ``fits(r, root)`` must hold.
    """
    return (yield from Paused(r, root, weights, cost).run(budget, every, base))


class Paused:
    """A best-first search that stops at its budget and may go on later from where it
    stopped: ``run`` again with more budget expands the very positions a single search
    with the two budgets together would have expanded, none twice."""

    def __init__(self, r: Rules, root: State, weights: tuple[int, ...], cost: int = 0) -> None:
        self.r, self.root = r, root
        self.fc = _FreeCell(r, root, weights, cost)
        # Nodes expanded: (parent, steps to it), and how many moves of the search led to
        # each (the depth its children's scores count ``cost`` for).
        self.parents: list[tuple[int, tuple[Step, ...]]] = []
        self.depths: list[int] = []
        self.frontier: list[Node] = [self.fc.root]
        self.nodes = 0

    def run(self, budget: int, every: int = 0,
            base: int = 0) -> Generator[int, None, Outcome]:
        """Expand up to ``budget`` more positions; return the verdict, the winning moves
        and the positions expanded by this call (yielding ``base`` plus them every
        ``every``)."""
        fc = self.fc
        expand = fc.expand
        parents, frontier, depths = self.parents, self.frontier, self.depths
        start = nodes = self.nodes
        stop = start + budget
        try:
            while frontier:
                node = heappop(frontier)
                h, _, cols, cells, found, key, parent, moves = node
                if found[0] + found[1] + found[2] + found[3] == 52:
                    parents.append((parent, moves))
                    return "solved", _moves(self.r, self.root, parents,
                                            len(parents) - 1), nodes - start
                if nodes >= stop:
                    # Back for a later run (entries are unique: the order stays the same).
                    heappush(frontier, node)
                    return "unknown", [], nodes - start
                parents.append((parent, moves))
                depth = fc.depth = depths[parent] + 1 if parent >= 0 else 0
                depths.append(depth)
                nodes += 1
                if every and not (nodes - start) % every:
                    yield base + nodes - start
                expand(frontier, len(parents) - 1, h, cols, cells, found, key)
            return "unwinnable", [], nodes - start
        finally:
            self.nodes = nodes


# A frontier entry: score, tie-break (newest first), columns, cells, foundations, key,
# parent, steps to it.
Node = tuple[int, int, tuple[tuple[int, ...], ...], tuple[int, ...], tuple[int, ...],
             bytes, int, tuple[Step, ...]]


def _tables(r: Rules, s: State) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...],
                                          list[int]]:
    """Return the search's columns, cells (-1 for an empty one) and foundations (the rank
    up, per suit) of ``s``."""
    found = [0, 0, 0, 0]
    for f in r.F:
        if s.piles[f]:
            top = s.piles[f][-1]
            found[SUIT[top]] = RANK[top]
    return (tuple(s.piles[t] for t in r.T),
            tuple(s.piles[c][0] if s.piles[c] else -1 for c in r.C), found)


def _wanted(found: list[int]) -> tuple[int, ...]:
    """Return the cards the foundations take next."""
    return tuple(found[x] * 4 + x for x in range(4) if found[x] < 13)


class _FreeCell:
    """FreeCell made fast for best-first search: positions as tuples, each child's key
    judged before it is built and its score changed from its parent's."""

    def __init__(self, r: Rules, root: State, weights: tuple[int, ...], cost: int) -> None:
        self.weights, self.cost = weights, cost
        # The depth of the node being expanded (``Paused.run`` sets it).
        self.depth = 0
        self.n_t, self.n_c = len(r.T), len(r.C)
        cols0, cells0, found0 = _tables(r, root)
        under = bytearray([ON_UP] * 52)
        for col in cols0:
            below = BOTTOM
            for card in col:
                under[card] = below
                below = card
        for card in cells0:
            if card >= 0:
                under[card] = IN_CELL
        self.memo: dict[tuple[int, ...], Info] = {(): (0, 0, {}, (14,))}
        # The root, settled.
        cols_l = list(cols0)
        cells_l = list(cells0)
        first: list[Step] = []
        self.settle(cols_l, cells_l, found0, under, first)
        root_key = bytes(under)
        self.seen: set[bytes] = {root_key}
        self.root: Node = (self.score(cols_l, cells_l, found0), 0, tuple(cols_l),
                           tuple(cells_l), tuple(found0), root_key, -1, tuple(first))
        self.tick = 0

    def info(self, col: tuple[int, ...]) -> Info:
        got = self.memo.get(col)
        if got is None:
            got = self.memo[col] = _info(col)
        return got

    def term(self, col: tuple[int, ...], wants: tuple[int, ...]) -> int:
        _, _, LOOSE, BLOCK, _, NEED = self.weights
        block, loose, depth, _ = self.info(col)
        score = BLOCK * block + LOOSE * loose
        for w in wants:
            d = depth.get(w)
            if d is not None:
                score += NEED * d
        return score

    def score(self, cols: list[tuple[int, ...]], cells: list[int], found: list[int]) -> int:
        FOUND, CELL, _, _, EMPTY, _ = self.weights
        term = self.term
        wants = _wanted(found)
        h = FOUND * (52 - found[0] - found[1] - found[2] - found[3])
        for c in cells:
            if c >= 0:
                h += CELL
        for col in cols:
            if col:
                h += term(col, wants)
            else:
                h -= EMPTY
        return h

    def settle(self, cols: list[tuple[int, ...]], cells: list[int], found: list[int],
               key: bytearray, steps: list[Step]) -> None:
        """Play the safe moves to the foundations until there are none."""
        up = goes_up
        moved = True
        while moved:
            moved = False
            for i, col in enumerate(cols):
                n = len(col)
                while n and up(found, col[n - 1]):
                    key[col[n - 1]] = ON_UP
                    steps.append((i, UP, 1))
                    n -= 1
                if n < len(col):
                    cols[i] = col[:n]
                    moved = True
            for j, c in enumerate(cells):
                if c >= 0 and up(found, c):
                    cells[j] = -1
                    key[c] = ON_UP
                    steps.append((CELLS + j, UP, 1))
                    moved = True

    def expand(self, frontier: list[Node], me: int, h: int,
               cols: tuple[tuple[int, ...], ...], cells: tuple[int, ...],
               found: tuple[int, ...], key: bytes) -> None:
        """Push the children of node ``me`` not met before onto ``frontier``."""
        _, CELL, LOOSE, BLOCK, EMPTY, NEED = self.weights
        rank, suit, onto = RANK, SUIT, ONTO
        n_t, seen, info = self.n_t, self.seen, self.info
        tick = self.tick
        wants = _wanted(list(found))
        steps = _steps(cols, cells, found)
        # Each column's lowest ranks by height, and the heights of the cards wanted next.
        lows = [info(col)[3] for col in cols]
        at: list[list[int]] = [[] for _ in range(n_t)]
        for w in wants:
            for i in range(n_t):
                if w in cols[i]:
                    at[i].append(cols[i].index(w))
                    break
        # A child's score counts one more move than its parent's.
        h += self.cost
        for src, dst, k in steps:
            # The card at the bottom of what moves, and what it comes to lie on.
            if src < CELLS:
                col = cols[src]
                card = col[-k]
            else:
                card = cells[src - CELLS]
            up = dst == UP
            if up:
                lands = ON_UP
            elif dst >= CELLS:
                lands = IN_CELL
            else:
                to = cols[dst]
                lands = to[-1] if to else BOTTOM
            if not up and src < CELLS and k < len(col):
                # The card uncovered may be safe to put up (no other can be).
                c = col[-k - 1]
                s = suit[c]
                v = rank[c] - 1
                up = found[s] == v and safe(found, s, v + 1)
            child = bytearray(key)
            child[card] = lands
            if not up:
                # Nothing goes up: the key is known before the child is built.
                ckey = bytes(child)
                if ckey in seen:
                    continue
                seen.add(ckey)
                # The score changes by the columns moved from and to, and the cells: a run
                # of k whose bottom card has rank top adds the cards of rank above the
                # lowest under it to "above a lower one"; it leaves the wanted cards in its
                # column k shallower, and makes those in the column it lands on k deeper.
                c_cols = list(cols)
                ch = h
                top = rank[card]
                if src < CELLS:
                    n = len(col) - k
                    rest = c_cols[src] = col[:-k]
                    if n:
                        low = lows[src][n]
                        if top > low:
                            ch -= BLOCK * (top - low if top - low < k else k)
                        if card not in onto[rest[-1]]:
                            ch -= LOOSE
                        for x in at[src]:
                            if x < n:
                                ch -= NEED * k
                    else:
                        ch -= EMPTY
                    c_cells = cells
                else:
                    c_cells_l = list(cells)
                    c_cells_l[src - CELLS] = -1
                    ch -= CELL
                if dst >= CELLS:
                    c_cells_l = list(cells)
                    c_cells_l[dst - CELLS] = card
                    ch += CELL
                    c_cells = tuple(c_cells_l)
                else:
                    if src >= CELLS:
                        c_cells = tuple(c_cells_l)
                        moved = (*to, card)
                    else:
                        moved = to + col[-k:]
                    c_cols[dst] = moved
                    if to:
                        low = lows[dst][len(to)]
                        if top > low:
                            ch += BLOCK * (top - low if top - low < k else k)
                        ch += NEED * k * len(at[dst])
                    else:
                        ch += EMPTY
                tick -= 1
                heappush(frontier, (ch, tick, tuple(c_cols), c_cells, found, ckey, me,
                                    ((src, dst, k),)))
                continue
            self.tick = tick
            self.push_settled(frontier, me, cols, cells, found, child, (src, dst, k), card)
            tick = self.tick
        self.tick = tick

    def push_settled(self, frontier: list[Node], me: int, cols: tuple[tuple[int, ...], ...],
                     cells: tuple[int, ...], found: tuple[int, ...], child: bytearray,
                     step: Step, card: int) -> None:
        """Push the child of move ``step`` (of ``card``) after which cards go up: built,
        settled, then judged by its key."""
        src, dst, k = step
        c_cols = list(cols)
        c_cells_l = list(cells)
        c_found = list(found)
        moving: tuple[int, ...]
        if src < CELLS:
            col = cols[src]
            c_cols[src] = col[:-k]
            moving = col[-k:]
        else:
            c_cells_l[src - CELLS] = -1
            moving = (card,)
        if dst == UP:
            c_found[SUIT[card]] = RANK[card]
        elif dst >= CELLS:
            c_cells_l[dst - CELLS] = card
        else:
            c_cols[dst] = cols[dst] + moving
        done: list[Step] = [step]
        self.settle(c_cols, c_cells_l, c_found, child, done)
        ckey = bytes(child)
        if ckey in self.seen:
            return
        self.seen.add(ckey)
        self.tick -= 1
        h = self.score(c_cols, c_cells_l, c_found) + self.cost * (self.depth + 1)
        heappush(frontier, (h, self.tick, tuple(c_cols),
                            tuple(c_cells_l), tuple(c_found), ckey, me, tuple(done)))


def _steps(cols: tuple[tuple[int, ...], ...], cells: tuple[int, ...],
           found: tuple[int, ...]) -> list[Step]:
    """Return the moves of a position: (from, to, cards), one of each kind of move up to
    the order of the empty columns and of the empty cells."""
    n_t, n_c = len(cols), len(cells)
    rank, suit, onto = RANK, SUIT, ONTO
    free = 0
    cell_at = -1
    for j in range(n_c):
        if cells[j] < 0:
            free += 1
            if cell_at < 0:
                cell_at = j
    empty_at = -1
    empties = 0
    for i in range(n_t):
        if not cols[i]:
            empties += 1
            if empty_at < 0:
                empty_at = i
    cap = (1 + free) << empties
    cap_empty = (1 + free) << (empties - 1) if empties else 0
    # Where each card of a column's top run lies: its column and the cards it carries.
    runs: dict[int, tuple[int, int]] = {}
    lengths = [0] * n_t
    for i in range(n_t):
        col = cols[i]
        n = len(col)
        if not n:
            continue
        k = 1
        c = col[-1]
        runs[c] = (i, 1)
        while k < n:
            b = col[-k - 1]
            if rank[b] != rank[c] + 1 or RED[b] == RED[c]:
                break
            k += 1
            c = b
            runs[c] = (i, k)
        lengths[i] = k
    # The moves: (from, to, cards).
    steps: list[Step] = []
    for i in range(n_t):
        col = cols[i]
        if col:
            c = col[-1]
            if found[suit[c]] == rank[c] - 1:
                steps.append((i, UP, 1))
    for j in range(n_c):
        c = cells[j]
        if c >= 0 and found[suit[c]] == rank[c] - 1:
            steps.append((CELLS + j, UP, 1))
    for i in range(n_t):
        col = cols[i]
        if not col:
            continue
        for x in onto[col[-1]]:
            at = runs.get(x)
            if at is not None:
                src, k = at
                if src != i and k <= cap:
                    steps.append((src, i, k))
            else:
                for j in range(n_c):
                    if cells[j] == x:
                        steps.append((CELLS + j, i, 1))
    if empties:
        for j in range(n_c):
            if cells[j] >= 0:
                steps.append((CELLS + j, empty_at, 1))
        for i in range(n_t):
            n = len(cols[i])
            for k in range(1, min(lengths[i], cap_empty) + 1):
                if k < n:
                    steps.append((i, empty_at, k))
    if free:
        for i in range(n_t):
            if cols[i]:
                steps.append((i, CELLS + cell_at, 1))
    return steps


def moves(r: Rules, s: State) -> list[Move]:
    """Return the search's moves of ``s`` as the engine's (for the tests): one of each kind
    up to the order of the empty columns and cells, no safe move played after them."""
    cols, cells, found = _tables(r, s)
    return [_moves(r, s, [(-1, (step,))], 0)[0]
            for step in _steps(cols, cells, tuple(found))]

def _moves(r: Rules, root: State, parents: list[tuple[int, tuple[Step, ...]]],
           node: int) -> list[Move]:
    """Return the engine's moves from the root to ``node``, naming each foundation pile."""
    t_names = [r.names[t] for t in r.T]
    c_names = [r.names[c] for c in r.C]
    # The foundation pile of each suit, given as the aces go up (the first empty pile).
    pile_of: dict[int, str] = {}
    free_f: list[str] = []
    for f in r.F:
        if root.piles[f]:
            pile_of[SUIT[root.piles[f][0]]] = r.names[f]
        else:
            free_f.append(r.names[f])
    cols = [list(root.piles[t]) for t in r.T]
    cells = [root.piles[c][0] if root.piles[c] else -1 for c in r.C]
    out: list[Move] = []
    for src, dst, k in path_to(parents, node):
        if src < CELLS:
            moving = cols[src][-k:]
            del cols[src][-k:]
            name = t_names[src]
        else:
            moving = [cells[src - CELLS]]
            cells[src - CELLS] = -1
            name = c_names[src - CELLS]
        if dst == UP:
            s = SUIT[moving[0]]
            if s not in pile_of:
                pile_of[s] = free_f.pop(0)
            out.append(Move(name, pile_of[s]))
        elif dst >= CELLS:
            cells[dst - CELLS] = moving[0]
            out.append(Move(name, c_names[dst - CELLS]))
        else:
            cols[dst] += moving
            out.append(Move(name, t_names[dst], k))
    return out


def solve_passes(r: Rules, root: State, budget: int, every: int = 0,
                 passes: tuple[Pass, ...] | None = None) -> Generator[int, None, Outcome]:
    """Search in ``passes`` (``PASSES``) sharing the budget: each runs on ``budget // part``
    (all that is left where ``part`` is 0), and a pass with the weights and cost of an
    earlier one goes on from where that one stopped. Every pass is exact: any that runs dry
    proves the deal unwinnable."""
    searches: dict[tuple[tuple[int, ...], int], Paused] = {}
    used = 0
    verdict, moves = "unknown", list[Move]()
    for weights, cost, part in PASSES if passes is None else passes:
        pas = searches.get((weights, cost))
        if pas is None:
            pas = searches[weights, cost] = Paused(r, root, weights, cost)
        share = budget // part if part else budget
        verdict, moves, nodes = yield from pas.run(min(share, budget - used), every, used)
        used += nodes
        if verdict != "unknown":
            break
    return verdict, moves, used
