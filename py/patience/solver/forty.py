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

from collections.abc import Generator

from ..cards import RANK, SUIT
from ..game import State
from ..rules import Rules
from ..vocab import IN_SUIT
from . import drive, onepass
from .onepass import DECK, RUN, TO_FOUNDATION, UP, Step, _replay
from .result import Outcome
from .stockbeam import buried

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
    return onepass.one_pass(r) and g.build == IN_SUIT and g.decks == 2 and g.foundations == 8


def _in_suit() -> tuple[onepass.Chain, onepass.Put, onepass.Safe]:
    """Return the foundations' functions (``onepass._foundations``) for two decks, with
    the safe moves of piles built down in suit: a card goes up safely when both cards of its
    suit a rank lower are up (an Ace or a Two always)."""
    chain_for, put, _ = onepass._foundations(2)

    def safe(found: tuple[int, ...], c: int) -> bool:
        """Tell whether ``c`` may go up and is never wanted in the tableau."""
        rk = RANK[c]
        return chain_for(found, c) >= 0 and (rk <= 2 or found[SUIT[c] * 2 + 1] >= rk - 1)

    return chain_for, put, safe


class Forty:
    """The game of one deal for ``drive.depth_first``: one position, moved and moved back."""

    def __init__(self, r: Rules, root: State) -> None:
        self.n_t = len(r.T)
        self.deck = tuple(root.piles[r.waste]) + tuple(reversed(root.piles[r.stock]))
        self.n_deck = len(self.deck)
        self.chain_for, self.put, safe = _in_suit()
        self._close = onepass._closer(self.n_t, self.deck, self.chain_for, self.put, safe)
        # parent[c]: the card a rank higher of its suit (-1 for a King).
        self.parent = [c + 4 if RANK[c] < 13 else -1 for c in range(52)]
        self.total = r.game.cards
        self.tab = [tuple(root.piles[t]) for t in r.T]
        self.found = onepass._heights(r, root)
        self.gone = 0
        self.p = len(root.piles[r.waste])
        # Met keys, with the least pointer met.
        self.best: dict[object, int] = {}

    def close(self, steps: list[Step]) -> None:
        """Play safe moves until there are none, noting them in ``steps``."""
        self.found, self.gone = self._close(self.tab, self.found, self.gone, self.p, steps)

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
        tab, parent, deck, found, chain_for = (self.tab, self.parent, self.deck, self.found,
                                               self.chain_for)
        # Where each card could go in the tableau: the piles whose top is its parent; and
        # the first empty pile (-1: none).
        want: dict[int, list[int]] = {}
        for t, pile in enumerate(tab):
            if pile:
                want.setdefault(pile[-1], []).append(t)
        empty = next((t for t, pile in enumerate(tab) if not pile), -1)
        out: list[tuple[int, Step]] = []
        for t in range(self.n_t):
            pile = tab[t]
            if not pile:
                continue
            c = pile[-1]
            if chain_for(found, c) >= 0:
                out.append((0, (UP, t, -1)))
            settled = len(pile) > 1 and parent[c] == pile[-2]
            for d in want.get(parent[c], ()):
                order = 9 if settled else (2 if len(pile) == 1 else 4)
                out.append((order, (RUN, t, d)))
            if empty >= 0 and len(pile) > 1:
                out.append((10 if settled else 7, (RUN, t, empty)))
        p = self.p
        w = onepass._top(self.gone, p)
        for q in ([w] if w >= 0 else []) + list(range(p, self.n_deck if turns else p)):
            c = deck[q]
            later = q >= p
            if chain_for(found, c) >= 0:
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
            self.found = self.put(self.found, self.chain_for(self.found, c))
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
                self.found = self.put(self.found, self.chain_for(self.found, c))
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
        waste = [deck[i] for i in range(self.p) if not gone >> i & 1]
        empty = sum(1 for pile in self.tab if not pile)
        return (10 * sum(self.found) - 3 * disorder - 5 * buried(waste) - 2 * len(waste)
                + 4 * empty)


def _order(child: tuple[int, Step]) -> int:
    return child[0]


def beam(r: Rules, root: State, budget: int, width: int, every: int = 0,
         seed: int | None = None) -> Generator[int, None, Outcome]:
    """Look for a win stock card by stock card (``drive.beam``), keeping the ``width`` best
    positions; return ``solved`` with the moves, or ``unknown`` (it proves nothing).

    From each kept position the beam reaches every position it can without turning (the
    search's moves less plays from the stock, safe moves after each), at most ``REACH *
    width`` of them a level (by the search's key, each once); the ``width`` best by
    ``Forty.score`` then turn the next card. Positions of equal score keep the order they
    were reached in, or with a ``seed`` an order of its own (a restart that keeps other
    positions).
    """
    game = Forty(r, root)
    first = game.start()[0][1]
    verdict, steps, nodes = yield from drive.beam(
        _Beam(game, seed), game.position(), tuple(first), budget, width, REACH, every)
    return verdict, _replay(r, root, game.deck, steps) if verdict == "solved" else [], nodes


class _Beam(onepass.DeckBeam):
    """The beam's game (``drive.Beamed``): ``Forty``'s positions as values, the one
    ``Forty`` put at each before it is looked at."""

    def __init__(self, game: Forty, seed: int | None) -> None:
        super().__init__(game.n_deck, seed)
        self.game = game

    def expand(self, pos: Position) -> list[tuple[tuple[Step, ...], Position]]:
        """The children that turn no card, safe moves played after each."""
        game = self.game
        game.restore(pos)
        out: list[tuple[tuple[Step, ...], Position]] = []
        for step in game.children(turns=False):
            game.restore(pos)
            steps = game.enter_free(step)
            out.append((tuple(steps), game.position()))
        return out

    def finish(self, pos: Position) -> tuple[Step, ...] | None:
        """No step where the position is won for certain (``_replay`` finishes it)."""
        self.game.restore(pos)
        return () if self.game.won() else None

    def turn(self, pos: Position) -> tuple[tuple[Step, ...], Position]:
        """The next card turned (no step: ``_replay`` turns as a play needs), safe moves
        played after it."""
        game = self.game
        game.restore(pos)
        game.p += 1
        steps: list[Step] = []
        game.close(steps)
        return tuple(steps), game.position()

    def order(self, level: list[Position]) -> list[int]:
        """Best ``Forty.score`` first; ties in the order reached, or at random by the
        seed."""
        game, noise, seeded = self.game, self.noise, self.seed is not None

        def rank(j: int) -> tuple[int, float]:
            game.restore(level[j])
            return -game.score(), noise.random() if seeded else j

        return sorted(range(len(level)), key=rank)


def search(r: Rules, root: State, budget: int,
           every: int = 0) -> Generator[int, None, Outcome]:
    """Search ``root`` depth first (``fits(r)`` must hold); return the verdict, the winning
    moves and the nodes expanded. A generator like ``drive.depth_first``."""
    game = Forty(r, root)
    verdict, path, nodes = yield from drive.depth_first(game, budget, every)
    if verdict != "solved":
        return verdict, [], nodes
    steps = [step for recs in path for rec in recs for step in rec[1]]
    return verdict, _replay(r, root, game.deck, steps), nodes
