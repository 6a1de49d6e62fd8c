"""An exact depth-first search for Forty Thieves: one pass through a stock turned one card at
a time, piles building down in suit one card at a time, any card into an empty pile, eight
foundations (two decks).

It keeps ``onepass.py``'s position (Roosevelt's search, for alternating colours): the
tableau, the foundations' heights (per suit, highest first), the deck places played
(``gone``, a bit mask of the stock and the waste in playing order) and the pointer (the
stock's first card). The key is the tableau blind to the order of its piles (they are
alike) and ``gone``: the foundations hold every other card. A position met before with the
pointer no further on is dropped: it reaches this one by turning the stock alone. Moves are
``fold.py``'s: stock turns are folded into the play of the card turned last. A card goes
into an empty pile only from a pile holding more than that card, and into the first empty
pile only.

Safe moves are played at once after every move: a card goes up when it can and nothing could
ever be put on it in the tableau, that is both cards of its suit a rank lower are up (every
foundation of its suit stands at the rank below or higher); an Ace or a Two goes up always
(a Two holds only an Ace, and an Ace can always go up). A card that can never be wanted in
the tableau is no worse up: any line from the position with it in the tableau plays, from
the position with it up, the same moves less its own.

The moves of a position come in this order: plays to the foundations, moves that empty a
pile or bring a card onto the card of its suit a rank higher (from a pile, then the waste),
plays from the stock (nearest first), moves into an empty pile, and last moves of a card
that already lay on such a card. The game is won for certain when the stock and the waste
are played out and every pile is built down in suit (its lowest card, of each suit the
lowest left, can always go up).

``search`` is ``drive.depth_first`` over this game: when it runs dry, every position reachable
(up to the key and the safe moves) was expanded, and the deal is unwinnable. A win is replayed
into engine moves (``onepass._replay``) and checked through ``Rules.play`` by ``solve``.
"""

from __future__ import annotations

import random
from collections.abc import Generator

from ..cards import RANK, SUIT
from ..game import State
from ..rules import Rules
from ..vocab import ANY_CARD, IN_SUIT, ONE_CARD, SUIT_UP, TO_WASTE
from .drive import depth_first
from .onepass import DECK, RUN, TO_FOUNDATION, UP, Outcome, Step, _replay

# A position: the tableau piles, the foundations' heights (two a suit, the higher first),
# the deck places played (a bit mask), the pointer.
Position = tuple[tuple[tuple[int, ...], ...], tuple[int, ...], int, int]
# Positions reached a level of the beam, per position kept.
REACH = 40
# What undoing a move needs: the position before it, and the steps it played.
Rec = tuple[Position | None, list[Step]]


def fits(r: Rules) -> bool:
    """Tell whether the game of ``r`` has the shape this search handles (Forty Thieves)."""
    g = r.game
    return (g.stock == TO_WASTE and r.draw == 1 and r.max_recycles == 0
            and g.foundation == SUIT_UP and g.build == IN_SUIT and g.lift == ONE_CARD
            and g.empty == ANY_CARD and not r.C and g.after_move is None
            and not r.takeback and g.symmetric and not r.pairs and not r.below
            and g.goal == "foundations" and g.decks == 2 and g.foundations == 8)


class Forty:
    """The game of one deal for ``drive.depth_first``: one position, moved and moved back."""

    def __init__(self, r: Rules, root: State) -> None:
        self.n_t = len(r.T)
        self.deck = tuple(root.piles[r.waste]) + tuple(reversed(root.piles[r.stock]))
        self.n_deck = len(self.deck)
        heights = [0] * 8
        for suit in range(4):
            tops = sorted((len(root.piles[f]) for f in r.F
                           if root.piles[f] and SUIT[root.piles[f][0]] == suit), reverse=True)
            for i, h in enumerate(tops[:2]):
                heights[suit * 2 + i] = h
        # parent[c]: the card a rank higher of its suit (-1 for a King).
        self.parent = [c + 4 if RANK[c] < 13 else -1 for c in range(52)]
        self.total = r.game.cards
        self.tab = [tuple(root.piles[t]) for t in r.T]
        self.found = tuple(heights)
        self.gone = 0
        self.p = len(root.piles[r.waste])
        # Met keys, with the least pointer met.
        self.best: dict[object, int] = {}

    def _chain(self, c: int) -> int:
        """Return the foundation (index into the heights) that takes ``c``, or -1."""
        found = self.found
        base = SUIT[c] * 2
        need = RANK[c] - 1
        if found[base] == need:
            return base
        if found[base + 1] == need:
            return base + 1
        return -1

    def _put(self, i: int) -> None:
        """Raise foundation ``i`` by one, keeping its suit's two in order."""
        f = list(self.found)
        f[i] += 1
        if i % 2 and f[i - 1] < f[i]:
            f[i - 1], f[i] = f[i], f[i - 1]
        self.found = tuple(f)

    def _safe(self, c: int) -> bool:
        """Tell whether ``c`` may go up and is never wanted in the tableau."""
        if self._chain(c) < 0:
            return False
        rk = RANK[c]
        base = SUIT[c] * 2
        return rk <= 2 or self.found[base + 1] >= rk - 1

    def _top(self) -> int:
        """Return the deck place of the waste's top card, or -1 when the waste is empty."""
        i = self.p - 1
        gone = self.gone
        while i >= 0 and gone >> i & 1:
            i -= 1
        return i

    def close(self, steps: list[Step]) -> None:
        """Play safe moves until there are none, noting them in ``steps``."""
        tab, deck = self.tab, self.deck
        again = True
        while again:
            again = False
            for t in range(self.n_t):
                pile = tab[t]
                if pile and self._safe(pile[-1]):
                    self._put(self._chain(pile[-1]))
                    tab[t] = pile[:-1]
                    steps.append((UP, t, -1))
                    again = True
            w = self._top()
            if w >= 0 and self._safe(deck[w]):
                self._put(self._chain(deck[w]))
                self.gone |= 1 << w
                steps.append((DECK, w, TO_FOUNDATION))
                again = True

    def _fresh(self) -> bool:
        """Tell whether no position met reaches this one by turning the stock; remember it."""
        k = (tuple(sorted(self.tab)), self.gone)
        if self.best.get(k, self.n_deck + 1) <= self.p:
            return False
        self.best[k] = self.p
        return True

    def position(self) -> Position:
        return tuple(self.tab), self.found, self.gone, self.p

    def start(self) -> list[Rec]:
        steps: list[Step] = []
        self.close(steps)
        self._fresh()
        return [(None, steps)]

    def children(self, turns: bool = True) -> list[Step]:
        """Return the moves of the position, in the order to try them (without plays from
        the stock unless ``turns``)."""
        tab, parent, deck = self.tab, self.parent, self.deck
        # Where each card could go in the tableau: the piles whose top is its parent.
        want: dict[int, list[int]] = {}
        empty = -1
        for t in range(self.n_t):
            pile = tab[t]
            if pile:
                want.setdefault(pile[-1], []).append(t)
            elif empty < 0:
                empty = t
        out: list[tuple[int, Step]] = []
        for t in range(self.n_t):
            pile = tab[t]
            if not pile:
                continue
            c = pile[-1]
            if self._chain(c) >= 0:
                out.append((0, (UP, t, -1)))
            settled = len(pile) > 1 and parent[c] == pile[-2]
            for d in want.get(parent[c], ()):
                order = 9 if settled else (2 if len(pile) == 1 else 4)
                out.append((order, (RUN, t, d)))
            if empty >= 0 and len(pile) > 1:
                out.append((10 if settled else 7, (RUN, t, empty)))
        w = self._top()
        p = self.p
        for q in ([w] if w >= 0 else []) + list(range(p, self.n_deck if turns else p)):
            c = deck[q]
            later = q >= p
            if self._chain(c) >= 0:
                out.append((5 if later else 1, (DECK, q, TO_FOUNDATION)))
            for d in want.get(parent[c], ()):
                out.append((6 if later else 3, (DECK, q, d)))
            if empty >= 0:
                out.append((8 if later else 7, (DECK, q, empty)))
        out.sort(key=_order)
        return [step for _, step in out]

    def enter(self, step: Step) -> list[Rec] | None:
        before = self.position()
        steps = self.enter_free(step)
        if not self._fresh():
            self.restore(before)
            return None
        return [(before, steps)]

    def enter_free(self, step: Step) -> list[Step]:
        """Play ``step`` and the safe moves after it, met before or not; return the steps
        played."""
        self.play(step)
        steps = [step]
        self.close(steps)
        return steps

    def play(self, step: Step) -> None:
        """Play ``step`` alone."""
        kind, a, b = step
        tab = self.tab
        if kind == UP:
            c = tab[a][-1]
            tab[a] = tab[a][:-1]
            self._put(self._chain(c))
        elif kind == RUN:
            c = tab[a][-1]
            tab[a] = tab[a][:-1]
            tab[b] = tab[b] + (c,)
        else:
            c = self.deck[a]
            self.gone |= 1 << a
            if a >= self.p:
                self.p = a + 1
            if b == TO_FOUNDATION:
                self._put(self._chain(c))
            else:
                tab[b] = tab[b] + (c,)

    def restore(self, pos: Position) -> None:
        tab, self.found, self.gone, self.p = pos
        self.tab = list(tab)

    def undo(self, recs: list[Rec]) -> None:
        for before, _ in reversed(recs):
            if before is not None:
                self.restore(before)

    def won(self) -> bool:
        if sum(self.found) == self.total:
            return True
        if self.gone != (1 << self.n_deck) - 1:
            return False
        parent = self.parent
        for pile in self.tab:
            for i in range(1, len(pile)):
                if parent[pile[i]] != pile[i - 1]:
                    return False
        return True

    def lost(self, recs: list[Rec] | None) -> bool:
        return False


    def score(self) -> int:
        """Rate the position for the beam (higher is better): cards up, less cards in the
        tableau not on their parent, waste cards lying on a lower card of their suit in the
        waste (which must wait for it) and waste cards; plus empty piles."""
        parent, deck, gone = self.parent, self.deck, self.gone
        disorder = 0
        for pile in self.tab:
            for i in range(1, len(pile)):
                if parent[pile[i]] != pile[i - 1]:
                    disorder += 1
        low = [14, 14, 14, 14]
        blocking = waste = 0
        for i in range(self.p):
            if not gone >> i & 1:
                c = deck[i]
                waste += 1
                if low[SUIT[c]] < RANK[c]:
                    blocking += 1
                else:
                    low[SUIT[c]] = RANK[c]
        empty = sum(1 for pile in self.tab if not pile)
        return 10 * sum(self.found) - 3 * disorder - 5 * blocking - 2 * waste + 4 * empty


def _order(child: tuple[int, Step]) -> int:
    return child[0]


# A beam's position, the node it came from and the steps between.
Node = tuple[Position, "Node | None", list[Step]]


def beam(r: Rules, root: State, budget: int, width: int, every: int = 0,
         seed: int | None = None) -> Generator[int, None, Outcome]:
    """Look for a win stock card by stock card, keeping the ``width`` best positions; return
    ``solved`` with the moves, or ``unknown`` (it proves nothing).

    A level is the positions with the same stock cards turned. From each kept position the
    beam reaches every position it can without turning (the search's moves less plays from
    the stock, safe moves after each), at most ``REACH * width`` of them a level; the
    ``width`` best by ``Forty.score`` then turn the next card. Positions met twice in a level
    count once. Nodes are the positions expanded. Positions of equal score keep the order
    they were reached in, or with a ``seed`` an order of its own (a restart that keeps
    other positions).
    """
    noise = random.Random(seed)
    game = Forty(r, root)
    first = game.start()[0][1]
    level: list[Node] = [(game.position(), None, first)]
    nodes = 0
    while True:
        seen = {(tuple(sorted(n[0][0])), n[0][2]) for n in level}
        reached = list(level)
        i = 0
        while i < len(reached) and len(reached) < REACH * width:
            node = reached[i]
            i += 1
            game.restore(node[0])
            if game.won():
                return "solved", _replay(r, root, game.deck, _path(node)), nodes
            if nodes >= budget:
                return "unknown", [], nodes
            nodes += 1
            if every and not nodes % every:
                yield nodes
            for step in game.children(turns=False):
                game.restore(node[0])
                steps = game.enter_free(step)
                k = (tuple(sorted(game.tab)), game.gone)
                if k in seen:
                    continue
                seen.add(k)
                reached.append((game.position(), node, steps))
        for node in reached[i:]:
            game.restore(node[0])
            if game.won():
                return "solved", _replay(r, root, game.deck, _path(node)), nodes
        if reached[0][0][3] >= game.n_deck:
            return "unknown", [], nodes
        rated: list[tuple[int, float, Node]] = []
        for node in reached:
            game.restore(node[0])
            rated.append((-game.score(), noise.random() if seed is not None else len(rated),
                          node))
        rated.sort()
        level = []
        for _, _, node in rated[:width]:
            game.restore(node[0])
            game.p += 1
            turned: list[Step] = []
            game.close(turned)
            level.append((game.position(), node, turned))


def _path(node: Node) -> list[Step]:
    """Return the steps into a beam's position from the start, in order."""
    out: list[list[Step]] = []
    at: Node | None = node
    while at is not None:
        out.append(at[2])
        at = at[1]
    return [step for steps in reversed(out) for step in steps]


def search(r: Rules, root: State, budget: int,
           every: int = 0) -> Generator[int, None, Outcome]:
    """Search ``root`` depth first (``fits(r)`` must hold); return the verdict, the winning
    moves and the nodes expanded. A generator like ``drive.depth_first``."""
    game = Forty(r, root)
    verdict, path, nodes = yield from depth_first(game, budget, every)
    if verdict != "solved":
        return verdict, [], nodes
    steps = [step for recs in path for rec in recs for step in rec[1]]
    return verdict, _replay(r, root, game.deck, steps), nodes
