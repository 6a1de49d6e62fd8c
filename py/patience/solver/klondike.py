"""A depth-first search made for Klondike: one position changed in place, its key kept per move.

The general search (``search.py``) builds a new position and a new key for every child,
about 125 µs a position in Klondike. Here the position is one set of lists, changed and
changed back, and its key is a 128-bit Zobrist hash updated move by move, so a child is
judged (met before or not) from its parent's key in a few operations, before it is built:
about five times as many positions a second. (With ``merge``, below, a child met before
as it stands is still judged so; a new one is built, then judged by its class's key: about
half the positions a second, for far fewer positions.)
The key stands for

- each face-up tableau card together with the card under it (or the bottom of a pile):
  blind to the order of the piles, as ``Rules.key`` is, and a run moved between piles
  changes only the entry of its bottom card;
- each face-down tableau card (they never move before they turn);
- each card on the foundations, each card in the stock or the waste, the card the waste
  shows, and the passes used (where they are limited).

Moves are those of ``fold.py``: a run of stock turns folded into the play of the card they
bring up (the stock and the waste are one list in playing order, which turning never
changes). Safe moves to the foundations (``patience.safe_moves``) are played at once after
every move, as in ``search.py``. A position the dead-end test (``reach.py``) finds lost is
dropped as soon as it is met.

Merging (``merge``, the default). Twins are the two cards of one rank and colour (the six
of spades and the six of clubs): the same cards build on them. Two kinds of positions are
counted as one with a position met, since all of them are won or all lost:

- *Twin swaps.* Where card ``y`` lies built on one twin and the other twin is face up on
  top of its pile, moving ``y`` (with the cards on it) onto the other is a move that can be
  made back at once and changes nothing else: such positions reach each other. From the
  one it meets, the search plays its own moves, and for each pair a swap may change, the
  swap followed by the uncovered twin going up (``_swapped``). Those are all the moves of
  the class: whether a move can be made depends on one pair at most (the twin it lands on
  or sends up must be uncovered), the other pairs stay swappable after it, and putting a
  card on the uncovered twin gives the position of putting it on the other twin with the
  runs exchanged, counted as one by the next rule. The swap is recorded with the move, so
  a win still replays move by move.
- *Exchanged runs.* Where both twins hold a card (the two cards that build on them), the
  position with the two runs exchanged plays alike: any move of one has its match in the
  other (lifting a twin, the cards on a run, a run's card going up or away, which leaves
  two positions joined by a swap).
- *The stock turned further* (draw 1 only). Turning the stock reaches every position with
  the same cards and a stock of higher rank (``stock_rank``): deeper in the waste in the
  same pass, or any later pass. A position whose cards were met with a stock of lower or
  equal rank is dropped.

The key of a class (``fold``) keys each card of a swappable pair as on the twin of lower
number, and in each pair where both twins hold a card, the card of lower number on the twin
of lower number. Why nothing is lost in a depth-first search where the position met first
may still be on the stack: take the expanded winnable position with the fewest moves to a
win, not counting swaps and turns; one of its moves starts such a path, and the position it
leads to was met as a position of its class or with the stock turned less far, as near a
win. Where the dead-end test and merging are off (``prune=False, merge=False``) the search
expands exactly what the general search does. Klondike deal 12 (draw 1), unknown after
400,000 positions before merging, is won after about 1,100.

Yukon (no stock; any face-up card lifted with the cards on it, built or not) fits too:
the stock's moves are then none, a run is led by any face-up card, and the dead-end test's
rules hold as they stand (there too a face-up card leaves whenever an open card takes it).
A card lifted onto the top of its own pile is no move. In Yukon the dead-end test is
asked after every move, not only after a card turned or a pile emptied: a run moved onto a
pile covers the card it lands on, and a card gone up is one fewer to land on, which is
where a Yukon game is most often lost. Positions a second, in CPython, fall by about half,
but positions to a proof fall further (deal 18, lost: 28,689 instead of 51,063, 2.4 s
against 1.9 s; deal 30: 284 instead of 1,229), and the node budget counts positions: the
held-out deal 1180 is proven lost in 119,711 positions, where 400,000 did not do it
before. (The test is sound wherever it is asked, so asking it more drops only lost
positions.) Twin merging is off for Yukon: the
cards on a twin need not be a build there, and the top of them may take the other twin
(J♥ K♥ on Q♠ with Q♣ free: J♥ K♥ onto Q♣, then Q♠ onto K♥), a move the swapped position has
and its class's representative has not; a review found a won position called lost that way.

Its keys (``zobrist.py``) could join two positions by chance, the only way it could call a
game unwinnable wrongly (about one in 10^26 over a million positions). A win is replayed
through the checked API.
"""

from __future__ import annotations

from collections.abc import Generator

from ..cards import RANK, RED, SUIT
from ..game import Move, State
from ..rules import Rules
from ..vocab import ALTERNATE, ANY_FACE_UP, BUILT_RUN, KING_ONLY, NO_STOCK, SUIT_UP, TO_WASTE
from . import restart
from .drive import InPlace, foundations_of, walk
from .proofs import Sharing
from .reach import hopeless
from .result import Outcome
from .search import finished
from .zobrist import BOTTOM, NONE, ZD, ZF, ZK, ZR, ZU, ZW, foundation_key, tableau_key

# A move of the search: its order among its siblings, its key change, kind, a, b, c, and
# the twin swap to play first (from, to, cards, key change; from -1: none).
Plan = tuple[int, int, int, int, int, int, tuple[int, int, int, int]]
NO_SWAP = (-1, 0, 0, 0)
# What undoing a move needs: kind, a, b, c, what it turned or changed, key change.
Record = tuple[int, int, int, int, int, int]

# Move kinds: a run between tableau piles (a: from, b: to, c: cards); a tableau card to the
# foundations (a: pile, c: its suit); a card of the stock or waste after the turns that bring
# it up (a: its place in the stock and waste, 1 up; b: the pile or TO_FOUNDATION; c: passes
# used after); a card back from the foundations (a: suit, b: pile).
RUN, UP, WASTE, BACK = 0, 1, 2, 3
TO_FOUNDATION = -1


def fits(r: Rules) -> bool:
    """Tell whether the game of ``r`` is Klondike-shaped, so that this search applies
    (Yukon too: no stock, any face-up card lifted)."""
    g = r.game
    return (g.stock in (TO_WASTE, NO_STOCK) and g.foundation == SUIT_UP
            and g.build == ALTERNATE and g.lift in (BUILT_RUN, ANY_FACE_UP)
            and g.empty == KING_ONLY and g.decks == 1 and not r.C
            and g.after_move is None and g.safety == "alt" and g.foundations == 4
            and g.symmetric and not g.supermove and g.pack is None)


# onto[b]: the cards that may go on card b (one rank lower, the other colour).
ONTO = [[a for a in range(52) if RANK[a] + 1 == RANK[b] and RED[a] != RED[b]]
        for b in range(52)]
# The two suits of the other colour.
OPPOSITE = [(1, 2) if not RED[c] else (0, 3) for c in range(52)]
# TWIN[c]: the other card of c's rank and colour; the pairs of twins that cards build on.
TWIN = [c + 3 - 2 * SUIT[c] for c in range(52)]
PAIRS_OF_TWINS = [(c, TWIN[c]) for c in range(4, 52) if c < TWIN[c]]


def dfs(r: Rules, root: State, budget: int, every: int = 0,
        prune: bool = True, merge: bool = True,
        seed: int | None = None,
        proven: set[int] | None = None) -> Generator[int, None, Outcome]:
    """Search ``root`` depth first (``drive.depth_first``); return the verdict, the winning
    moves and the nodes.

    A generator like ``search.best_first``: it yields the nodes expanded so far every
    ``every`` nodes (never when ``every`` is 0) and returns the outcome. ``fits(r)`` must
    hold. ``prune`` drops the positions the dead-end test (``reach.py``) finds lost: the
    root, and in Klondike each position reached by turning a card, emptying a pile or
    putting a card of the stock in the tableau (elsewhere the test seldom finds one, for
    its cost); in Yukon every position (see the module's text).
    ``merge`` counts positions joined by twin swaps as one, and drops a position whose
    cards were met before with the stock no further turned (see the module's text); with
    both off the search expands exactly what the general search does.

    ``seed`` shuffles the order of the moves a little (``restart.order``), for restarts
    (Yukon's, run by the solver). The search stays exact in any order: it says
    ``unwinnable`` only when it ran dry, every position met expanded or dropped by a test
    that looks at the position (the dead-end test, the merging), whichever move reached it
    first; the order decides which positions come first, so where a win lies late in one
    order another finds it soon.

    With ``proven`` (a set shared by the passes of one search) and no stock (Yukon), the
    search skips the positions proven lost there and adds those it proves (``Sharing``,
    ``proofs.py``). With a stock it keeps none: positions are merged there by a dominance
    (the stock turned further), not by their key alone, which the proof does not cover.
    """
    game = Klondike(r, root, prune, merge, seed)
    shared: InPlace[Plan, Record] = game
    if proven is not None and not game.deck and not game.twins:
        # Met by their key alone: every stock rank is 0 and each class a position.
        shared = Sharing(game, proven)
    return (yield from walk(shared, _replay, r, root, budget, every))


class Klondike:
    """Klondike (or Yukon) made fast for search: the ``drive.InPlace`` of ``dfs``."""

    def __init__(self, r: Rules, root: State, prune: bool, merge: bool,
                 seed: int | None) -> None:
        self.move_order = restart.order(seed)
        self.prune, self.merge = prune, merge
        self.tab = tab = [list(root.piles[t]) for t in r.T]
        self.down = down = [root.down[t] for t in r.T]
        self.found = found = foundations_of(r, root)
        waste = root.piles[r.waste] if r.waste >= 0 else ()
        self.deck = deck = list(waste) + list(reversed(root.piles[r.stock]
                                                       if r.stock >= 0 else ()))
        # The waste's size and the passes used.
        self.state = [len(waste), root.recycles]
        self.draw, self.max_recycles, self.takeback = r.draw, r.max_recycles, r.takeback
        self.limited = r.max_recycles is not None
        self.n_t = len(tab)
        # Whether any face-up card may be lifted with the cards on it, built or not.
        self.lift_any = lift_any = r.game.lift == ANY_FACE_UP
        # over[c]: the face-up card lying on face-up tableau card c as a build (-1: none).
        self.over = over = [-1] * 52
        # Twin merging holds where only built runs are lifted (Klondike). Where any face-up
        # card is lifted (Yukon), the cards on a twin need not be a build, and the top of
        # such a run may take the other twin: a move the class's representative does not
        # have.
        twins = merge and not lift_any
        for pile, d in zip(tab, down):
            for i in range(d + 1, len(pile)):
                if pile[i] in ONTO[pile[i - 1]]:
                    over[pile[i - 1]] = pile[i]
                elif not lift_any:
                    # A position from text may hold face-up cards that are no build, which
                    # no move can lift as a run: no swaps there.
                    twins = False
        self.twins = twins
        self.key = tableau_key(tab, down) ^ foundation_key(found)
        for card in deck:
            self.key ^= ZK[card]
        # The cards played from the waste to the foundations, to undo those moves.
        self.played: list[int] = []
        # Met positions: the key with the card the waste shows and the passes used.
        self.seen: set[int] = set()
        # With merge: for the key of each class met and of each position met as it stands
        # (its cards; with draw 3 also the card the waste shows and the passes used), the
        # least stock rank met (see ``rank``).
        self.best: dict[int, int] = {}

    def safe(self, c: int) -> bool:
        """Tell whether card ``c`` may go up now and could never be wanted in the tableau:
        the rule of ``patience.safe_moves``."""
        found = self.found
        rk = RANK[c]
        if found[SUIT[c]] != rk - 1:
            return False
        if rk <= 2:
            return True
        a, b = OPPOSITE[c]
        if found[a] < rk - 1 or found[b] < rk - 1:
            return False
        return not self.takeback or min(found) >= rk - 2

    def uncover(self, a: int) -> int:
        """After cards left pile ``a``: free its top card of a build, or turn it face up;
        return 1 where a card was turned, else 0."""
        src = self.tab[a]
        if len(src) > self.down[a]:
            self.over[src[-1]] = -1
            return 0
        if src:
            self.down[a] -= 1
            return 1
        return 0

    def do(self, kind: int, a: int, b: int, c: int, delta: int) -> Record:
        """Play a move whose key change is ``delta``; return what undoing it needs."""
        tab, over, found = self.tab, self.over, self.found
        turned = 0
        if kind == RUN:
            src = tab[a]
            dst = tab[b]
            if dst:
                over[dst[-1]] = src[-c]
            dst.extend(src[-c:])
            del src[-c:]
            turned = self.uncover(a)
        elif kind == UP:
            found[SUIT[tab[a].pop()]] += 1
            turned = self.uncover(a)
        elif kind == WASTE:
            state = self.state
            card = self.deck.pop(a - 1)
            turned = state[0] | state[1] << 8
            state[0] = a - 1
            state[1] = c
            if b == TO_FOUNDATION:
                found[SUIT[card]] += 1
                self.played.append(card)
            else:
                if tab[b]:
                    over[tab[b][-1]] = card
                tab[b].append(card)
        else:
            if tab[b]:
                over[tab[b][-1]] = (found[a] - 1) * 4 + a
            tab[b].append((found[a] - 1) * 4 + a)
            found[a] -= 1
        self.key ^= delta
        return (kind, a, b, c, turned, delta)

    def undo(self, recs: list[Record]) -> None:
        """Take back the moves of ``recs``, newest first."""
        tab, down, over, found = self.tab, self.down, self.over, self.found
        for kind, a, b, c, turned, delta in reversed(recs):
            self.key ^= delta
            if kind == RUN:
                down[a] += turned
                src, dst = tab[a], tab[b]
                if len(src) > down[a] and dst[-c] in ONTO[src[-1]]:
                    over[src[-1]] = dst[-c]
                src.extend(dst[-c:])
                del dst[-c:]
                if dst:
                    over[dst[-1]] = -1
            elif kind == UP:
                down[a] += turned
                found[c] -= 1
                src = tab[a]
                if len(src) > down[a] and found[c] * 4 + c in ONTO[src[-1]]:
                    over[src[-1]] = found[c] * 4 + c
                src.append(found[c] * 4 + c)
            elif kind == WASTE:
                if b == TO_FOUNDATION:
                    card = self.played.pop()
                    found[SUIT[card]] -= 1
                else:
                    card = tab[b].pop()
                    if tab[b]:
                        over[tab[b][-1]] = -1
                self.deck.insert(a - 1, card)
                self.state[0], self.state[1] = turned & 255, turned >> 8
            else:
                tab[b].pop()
                if tab[b]:
                    over[tab[b][-1]] = -1
                found[a] += 1

    def close(self) -> list[Record]:
        """Play safe moves to the foundations until there are none; return their records."""
        tab, down, deck, state, safe, do = (self.tab, self.down, self.deck, self.state,
                                            self.safe, self.do)
        done: list[Record] = []
        again = True
        while again:
            again = False
            for t in range(self.n_t):
                src = tab[t]
                i = len(src) - 1
                if i >= down[t] and safe(src[i]):
                    delta = up_key(src, i)
                    if i and down[t] == i:
                        delta ^= turn_key(src, i - 1)
                    done.append(do(UP, t, 0, SUIT[src[i]], delta))
                    again = True
            wp = state[0]
            if self.draw == 1 and wp and safe(deck[wp - 1]):
                card = deck[wp - 1]
                done.append(do(WASTE, wp, TO_FOUNDATION, state[1], ZK[card] ^ ZF[card]))
                again = True
        return done

    def children(self) -> list[Plan]:
        """Return the moves of the position, in the order to try them."""
        tab, down = self.tab, self.down
        out: list[Plan] = []
        # Where a card may go: the tableau piles that take it, and the first empty pile.
        want: dict[int, list[int]] = {}
        empty = -1
        for t in range(self.n_t):
            pile = tab[t]
            if len(pile) > down[t]:
                for a in ONTO[pile[-1]]:
                    want.setdefault(a, []).append(t)
            elif not pile and empty < 0:
                empty = t
        self._tableau(out, want, empty, NO_SWAP)
        self._stock(out, want, empty, NO_SWAP)
        if self.takeback:
            self._back(out, want, empty, NO_SWAP)
        if self.twins:
            for t, w, y in self.pairs():
                self._swapped(out, t, w, y)
        out.sort(key=self.move_order)
        return out

    def pairs(self) -> list[tuple[int, int, int]]:
        """Return the twin pairs that a swap may change: a pile ``t`` whose face-up top's
        twin ``w`` lies in the tableau with card ``y`` built on it."""
        tab, down, over = self.tab, self.down, self.over
        out = []
        for t in range(self.n_t):
            pile = tab[t]
            if len(pile) > down[t]:
                w = TWIN[pile[-1]]
                if over[w] >= 0:
                    out.append((t, w, over[w]))
        return out

    def fold(self) -> int:
        """Return the key of the position's class. For each pair of twins: where one
        holds a card and the other lies uncovered on top of its pile, the card is keyed as
        on the twin of lower number; where both hold a card, the card of lower number is
        keyed as on the twin of lower number."""
        h = self.key
        if not self.twins:
            return h
        over = self.over
        tops = {pile[-1] for pile, d in zip(self.tab, self.down) if len(pile) > d}
        for p, q in PAIRS_OF_TWINS:
            a = over[p]
            b = over[q]
            if a >= 0:
                if a > b >= 0:
                    h ^= ZU[a * 53 + p] ^ ZU[b * 53 + q] ^ ZU[b * 53 + p] ^ ZU[a * 53 + q]
            elif b >= 0 and p in tops:
                h ^= ZU[b * 53 + q] ^ ZU[b * 53 + p]
        return h

    def swap(self, t: int, w: int, y: int) -> tuple[int, int, int, int]:
        """Return the swap of ``y`` (with the cards on it) from twin ``w`` onto the top of
        pile ``t``: from, to, cards, key change."""
        tab = self.tab
        u = next(u for u in range(self.n_t) if w in tab[u])
        src = tab[u]
        return (u, t, len(src) - src.index(y), ZU[y * 53 + w] ^ ZU[y * 53 + tab[t][-1]])

    def _swapped(self, out: list[Plan], t: int, w: int, y: int) -> None:
        """Add the move that the swap of ``y`` (with the cards on it) from ``w`` onto the
        top of pile ``t`` makes possible: ``w`` going up. (The other card that builds on
        ``w`` may go there too, but that gives the position of putting it on the top of
        ``t`` with the two runs exchanged, which ``fold`` counts as the same.)"""
        if self.found[SUIT[w]] != RANK[w] - 1:
            return
        sw = self.swap(t, w, y)
        u = sw[0]
        rec = self.do(RUN, *sw)
        src = self.tab[u]
        i = len(src) - 1
        delta = up_key(src, i)
        turns = i == self.down[u] and i > 0
        if turns:
            delta ^= turn_key(src, i - 1)
        out.append((0 if turns else 2, delta, UP, u, 0, SUIT[w], sw))
        self.undo([rec])

    def _tableau(self, out: list[Plan], want: dict[int, list[int]], empty: int,
                 sw: tuple[int, int, int, int]) -> None:
        """Add the moves from the tableau: to the foundations, and runs onto other piles."""
        tab, down, found, lift_any = self.tab, self.down, self.found, self.lift_any
        rank_of, red = RANK, RED
        for t in range(self.n_t):
            src = tab[t]
            n = len(src)
            d = down[t]
            if n <= d:
                continue
            top = src[-1]
            if found[SUIT[top]] == rank_of[top] - 1:
                delta = up_key(src, n - 1)
                turns = n - 1 == d and d > 0
                if turns:
                    delta ^= turn_key(src, n - 2)
                out.append((0 if turns else 2, delta, UP, t, 0, SUIT[top], sw))
            # Every card of the face-up run may lead a run lifted off it.
            i = n - 1
            while True:
                card = src[i]
                turns = i == d and d > 0
                base = ZU[card * 53 + (src[i - 1] if i else BOTTOM)]
                if turns:
                    base ^= turn_key(src, i - 1)
                for dst in want.get(card, ()):
                    if dst == t:
                        continue
                    out.append((0 if turns else 5, base ^ ZU[card * 53 + tab[dst][-1]],
                                RUN, t, dst, n - i, sw))
                if empty >= 0 and i and rank_of[card] == 13:
                    out.append((1 if turns else 6, base ^ ZU[card * 53 + BOTTOM],
                                RUN, t, empty, n - i, sw))
                if i == d:
                    break
                under = src[i - 1]
                if not lift_any and (red[card] == red[under]
                                     or rank_of[card] + 1 != rank_of[under]):
                    break
                i -= 1

    def _stock(self, out: list[Plan], want: dict[int, list[int]], empty: int,
               sw: tuple[int, int, int, int]) -> None:
        """Add the plays of each card the stock can bring up (fold.py's chain of turns)."""
        deck, tab, found, draw, max_recycles = (self.deck, self.tab, self.found, self.draw,
                                                self.max_recycles)
        size = len(deck)
        q, passes = self.state
        met = {q}
        turns = 0
        while size:
            if q:
                card = deck[q - 1]
                order = 3 + (turns > 0)
                if found[SUIT[card]] == RANK[card] - 1:
                    out.append((order - 1, ZK[card] ^ ZF[card], WASTE, q, TO_FOUNDATION,
                                passes, sw))
                for dst in want.get(card, ()):
                    out.append((order, ZK[card] ^ ZU[card * 53 + tab[dst][-1]],
                                WASTE, q, dst, passes, sw))
                if empty >= 0 and RANK[card] == 13:
                    out.append((order, ZK[card] ^ ZU[card * 53 + BOTTOM], WASTE, q, empty,
                                passes, sw))
            if q < size:
                q += min(draw, size - q)
            elif max_recycles is None or passes < max_recycles:
                q = 0
                passes += 1
            else:
                break
            turns += 1
            if q in met:
                break
            met.add(q)

    def _back(self, out: list[Plan], want: dict[int, list[int]], empty: int,
              sw: tuple[int, int, int, int]) -> None:
        """Add the cards the foundations can give back. Not a card that is safe: the safe
        moves would put it straight back."""
        found, tab = self.found, self.tab
        for suit in range(4):
            rk = found[suit]
            if not rk:
                continue
            card = (rk - 1) * 4 + suit
            targets = list(want.get(card, ()))
            if empty >= 0 and rk == 13:
                targets.append(empty)
            if not targets:
                continue
            found[suit] -= 1
            useless = self.safe(card)
            found[suit] += 1
            if useless:
                continue
            for dst in targets:
                under = tab[dst][-1] if tab[dst] else BOTTOM
                out.append((7, ZF[card] ^ ZU[card * 53 + under], BACK, suit, dst, 0, sw))

    def won(self) -> bool:
        """Tell whether the game is won for certain: nothing face down, nothing in the stock
        or the waste, and every pile one run (then a top card of the lowest rank left can
        always go up)."""
        if self.deck or any(self.down):
            return False
        red, rank_of = RED, RANK
        for pile in self.tab:
            for i in range(1, len(pile)):
                a, b = pile[i], pile[i - 1]
                if red[a] == red[b] or rank_of[a] + 1 != rank_of[b]:
                    return False
        return True

    def full(self, h: int, wp: int, passes: int) -> int:
        """Return the key of a position: ``h`` the key of its cards, ``wp`` the waste's
        size, ``passes`` the passes used."""
        h ^= ZW[self.deck[wp - 1] if wp else NONE]
        if self.limited:
            h ^= ZR[min(passes, 63)]
        return h

    def rank(self, h: int, wp: int, passes: int) -> tuple[int, int]:
        """Return the key of a position's cards and its stock rank (``stock_rank``; with
        draw 3, the key of the whole position and rank 0)."""
        if self.draw == 1:
            return h, stock_rank(self.limited, wp, passes)
        return self.full(h, wp, passes), 0

    def newer(self, h: int, wp: int, passes: int) -> bool:
        """Tell whether no position met reaches this one's class by turning the stock, and
        remember it (``h`` the class's key, the rest as ``full``)."""
        h, least = self.rank(h, wp, passes)
        if self.best.get(h, 1 << 20) <= least:
            return False
        self.best[h] = least
        return True

    def fresh(self, h: int, wp: int, passes: int) -> bool:
        """Tell whether a position is new, and remember it (arguments as ``full``)."""
        h = self.full(h, wp, passes)
        if h in self.seen:
            return False
        self.seen.add(h)
        return True

    def start(self) -> list[Record]:
        closing = self.close()
        if self.merge:
            self.newer(self.fold(), self.state[0], self.state[1])
        else:
            self.fresh(self.key, self.state[0], self.state[1])
        return closing

    def enter(self, plan: Plan) -> list[Record] | None:
        _, delta, kind, a, b, c, sw = plan
        state = self.state
        if not self.merge:
            h = self.key ^ delta
            # After a play from the stock or waste, the waste is a - 1 cards deep, c passes
            # used.
            if kind == WASTE:
                k = self.full(h, a - 1, c)
            elif self.deck or self.limited:
                k = self.full(h, state[0], state[1])
            else:
                k = h ^ ZW[NONE]
            seen = self.seen
            if k in seen:
                return None
            seen.add(k)
            recs = [self.do(kind, a, b, c, delta)]
            recs += self.close()
            if self.key != h and not self.fresh(self.key, state[0], state[1]):
                self.undo(recs)
                return None
            return recs
        # Met before as it stands (the key of its own cards, not its class's), or with the
        # stock turned less far: skip it unbuilt. Else its class's key needs it built: play,
        # and take back if the class was met so. Both are remembered.
        best, rank, newer, fold = self.best, self.rank, self.newer, self.fold
        h = self.key ^ delta ^ (sw[3] if sw[0] >= 0 else 0)
        h, least = rank(h, a - 1, c) if kind == WASTE else rank(h, state[0], state[1])
        if best.get(h, 1 << 20) <= least:
            return None
        recs = [self.do(RUN, *sw)] if sw[0] >= 0 else []
        recs.append(self.do(kind, a, b, c, delta))
        back = len(recs)
        fresh_class = newer(fold(), state[0], state[1])
        best[h] = least
        if fresh_class:
            recs += self.close()
            if len(recs) == back:
                back = 0
            else:
                h, least = rank(self.key, state[0], state[1])
                if newer(fold(), state[0], state[1]):
                    best[h] = min(least, best.get(h, least))
                    back = 0
        if back:
            self.undo(recs)
            return None
        return recs

    def moved(self, plan: Plan) -> int:
        """Return the key after ``plan``'s move (and its swap) alone, as it stands: the
        key ``proofs.Sharing`` meets positions by (no stock, no twin merging)."""
        sw = plan[6]
        return self.key ^ plan[1] ^ (sw[3] if sw[0] >= 0 else 0)

    def play(self, plan: Plan) -> list[Record]:
        """Play ``plan`` (its swap first) and the safe moves after it; return their
        records."""
        _, delta, kind, a, b, c, sw = plan
        recs = [self.do(RUN, *sw)] if sw[0] >= 0 else []
        recs.append(self.do(kind, a, b, c, delta))
        recs += self.close()
        return recs

    def lost(self, recs: list[Record] | None) -> bool:
        """Tell whether the dead-end test is to be asked (at the root; in Yukon after every
        move; in Klondike after ``recs`` where they turned a card, emptied a pile or put a
        stock card in the tableau) and finds the position lost."""
        if not self.prune:
            return False
        tab = self.tab
        if recs is not None and not self.lift_any and not any(
                (kind == WASTE and b != TO_FOUNDATION) or (kind == RUN and not tab[a])
                or (turned and kind in (RUN, UP)) for kind, a, b, _, turned, _ in recs):
            return False
        return hopeless(tab, self.down, self.deck, self.takeback)


def up_key(src: list[int], i: int) -> int:
    """Return the key change of the top card (index ``i``) of a pile going up."""
    card = src[i]
    return ZU[card * 53 + (src[i - 1] if i else BOTTOM)] ^ ZF[card]


def turn_key(pile: list[int], i: int) -> int:
    """Return the key change of turning face up card ``i`` of ``pile``."""
    c = pile[i]
    return ZD[c] ^ ZU[c * 53 + (pile[i - 1] if i else BOTTOM)]


def stock_rank(limited: bool, wp: int, passes: int) -> int:
    """Return the rank of a stock turned so far, drawing one card at a time: ``wp`` cards in
    the waste, ``passes`` passes used (``limited``: whether passes are). Turning the stock
    takes a position to every position with the same cards and a stock of higher or equal
    rank, and to no other: on through the waste in the same pass, or into any later pass
    (where both are empty, no pass is left to use and the passes no longer matter). With
    passes unlimited every stock reaches every other, all of rank 0."""
    return passes * 64 + wp if limited else 0



def _replay(r: Rules, root: State, path: list[list[Record]]) -> list[Move]:
    """Turn the search's records into engine moves from ``root``, then finish the game."""
    names, T, F = r.names, r.T, r.F
    s = root
    moves: list[Move] = []

    def play(m: Move) -> None:
        nonlocal s
        moves.append(m)
        s = r.apply(s, m)

    def foundation_for(card: int) -> str:
        return next(names[f] for f in F if r.foundation_accepts(s.piles[f], card))

    for recs in path:
        for kind, a, b, c, _, _ in recs:
            if kind == RUN:
                play(Move(names[T[a]], names[T[b]], c))
            elif kind == UP:
                play(Move(names[T[a]], foundation_for(s.piles[T[a]][-1])))
            elif kind == WASTE:
                deck = list(s.piles[r.waste]) + list(reversed(s.piles[r.stock]))
                card = deck[a - 1]
                # Turn (and turn the waste over) until the card shows, with c passes used:
                # within two rounds of the stock and waste a pass, or never.
                turns, most = 0, 2 * (len(deck) + 1) * (c - s.recycles + 2)
                while not (s.piles[r.waste] and s.piles[r.waste][-1] == card
                           and s.recycles == c):
                    stock = s.piles[r.stock]
                    play(Move("stock", "waste", min(r.draw, len(stock))) if stock
                         else Move("waste", "stock", len(s.piles[r.waste])))
                    turns += 1
                    if turns > most:
                        raise AssertionError("the stock never shows the card")
                play(Move("waste", foundation_for(card) if b == TO_FOUNDATION
                          else names[T[b]]))
            else:
                src = next(f for f in F if s.piles[f] and SUIT[s.piles[f][-1]] == a)
                play(Move(names[src], names[T[b]]))
    return finished(r, s, moves)
