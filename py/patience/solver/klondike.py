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
A card lifted onto the top of its own pile is no move. Twin merging is off for Yukon: the
cards on a twin need not be a build there, and the top of them may take the other twin
(J♥ K♥ on Q♠ with Q♣ free: J♥ K♥ onto Q♣, then Q♠ onto K♥), a move the swapped position has
and its class's representative has not; a review found a won position called lost that way.

Two positions could share a key by chance: with 128 random bits the odds over a search of a
million positions are about one in 10^26, the only way this search could call a game
unwinnable wrongly. A win is replayed through the checked API.
"""

from __future__ import annotations

import random
from collections.abc import Generator

from ..auto import finish_moves
from ..cards import RANK, RED, SUIT
from ..game import Move, State
from ..rules import Rules
from ..vocab import ALTERNATE, ANY_FACE_UP, BUILT_RUN, KING_ONLY, NO_STOCK, SUIT_UP, TO_WASTE
from . import restart
from .reach import hopeless

Outcome = tuple[str, list[Move], int]
# A move of the search: its order among its siblings, its key change, kind, a, b, c, and
# the twin swap to play first (from, to, cards, key change; from -1: none).
Plan = tuple[int, int, int, int, int, int, tuple[int, int, int, int]]
NO_SWAP = (-1, 0, 0, 0)
# What undoing a move needs: kind, a, b, c, what it turned or changed, key change.
Record = tuple[int, int, int, int, int, int]

BOTTOM = 52   # "the card under" a pile's bottom card
NONE = 52     # the card an empty waste shows

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


def _bits(count: int, rng: random.Random) -> list[int]:
    return [rng.getrandbits(128) for _ in range(count)]


_RNG = random.Random(0x4B4C4F4E44494B45)
# Face-up card over a card (c * 53 + under), face-down card, foundation card, stock or waste
# card, the card the waste shows, passes used.
ZU, ZD, ZF, ZK, ZW, ZR = (_bits(n, _RNG) for n in (52 * 53, 52, 52, 52, 53, 64))


def dfs(r: Rules, root: State, budget: int, every: int = 0,
        prune: bool = True, merge: bool = True,
        seed: int | None = None) -> Generator[int, None, Outcome]:
    """Search ``root`` depth first; return the verdict, the winning moves and the nodes.

    A generator like ``search.best_first``: it yields the nodes expanded so far every
    ``every`` nodes (never when ``every`` is 0) and returns the outcome. ``fits(r)`` must
    hold. ``prune`` drops the positions the dead-end test (``reach.py``) finds lost: the
    root, and each position reached by turning a card, emptying a pile or putting a card
    of the stock in the tableau (elsewhere the test seldom finds one, for its cost).
    ``merge`` counts positions joined by twin swaps as one, and drops a position whose
    cards were met before with the stock no further turned (see the module's text); with
    both off the search expands exactly what the general search does.

    ``seed`` shuffles the order of the moves a little (``restart.order``), for restarts
    (Yukon's, run by the solver). The search stays exact in any order: it says
    ``unwinnable`` only when it ran dry, every position met expanded or dropped by a test
    that looks at the position (the dead-end test, the merging), whichever move reached it
    first; the order decides which positions come first, so where a win lies late in one
    order another finds it soon.
    """
    move_order = restart.order(seed)
    tab = [list(root.piles[t]) for t in r.T]
    down = [root.down[t] for t in r.T]
    found = [0, 0, 0, 0]
    for f in r.F:
        for card in root.piles[f]:
            found[SUIT[card]] = max(found[SUIT[card]], RANK[card])
    waste = root.piles[r.waste] if r.waste >= 0 else ()
    deck = list(waste) + list(reversed(root.piles[r.stock] if r.stock >= 0 else ()))
    # The waste's size and the passes used.
    state = [len(waste), root.recycles]
    draw, max_recycles, takeback = r.draw, r.max_recycles, r.takeback
    limited = max_recycles is not None
    n_t = len(tab)
    # Whether any face-up card may be lifted with the cards on it, built or not.
    lift_any = r.game.lift == ANY_FACE_UP
    rank_of, suit_of, red = RANK, SUIT, RED
    # onto[b]: the cards that may go on card b.
    onto = [[a for a in range(52) if RANK[a] + 1 == RANK[b] and RED[a] != RED[b]]
            for b in range(52)]
    opposite = [(1, 2) if not RED[c] else (0, 3) for c in range(52)]
    # twin[c]: the other card of c's rank and colour; the twins that cards build on.
    twin = [c + 3 - 2 * SUIT[c] for c in range(52)]
    pairs_of_twins = [(c, twin[c]) for c in range(4, 52) if c < twin[c]]
    # over[c]: the face-up card lying on face-up tableau card c as a build (-1: none).
    over = [-1] * 52
    # Twin merging holds where only built runs are lifted (Klondike). Where any face-up card
    # is lifted (Yukon), the cards on a twin need not be a build, and the top of such a run
    # may take the other twin: a move the class's representative does not have.
    twins = merge and not lift_any
    for pile, d in zip(tab, down):
        for i in range(d + 1, len(pile)):
            if pile[i] in onto[pile[i - 1]]:
                over[pile[i - 1]] = pile[i]
            elif not lift_any:
                # A position from text may hold face-up cards that are no build, which
                # no move can lift as a run: no swaps there.
                twins = False

    key = 0
    for pile, d in zip(tab, down):
        for i, card in enumerate(pile):
            key ^= ZD[card] if i < d else ZU[card * 53 + (pile[i - 1] if i else BOTTOM)]
    for suit, top in enumerate(found):
        for rk in range(1, top + 1):
            key ^= ZF[(rk - 1) * 4 + suit]
    for card in deck:
        key ^= ZK[card]

    def safe(c: int) -> bool:
        """Tell whether card ``c`` may go up now and could never be wanted in the tableau:
        the rule of ``patience.safe_moves``."""
        rk = rank_of[c]
        if found[suit_of[c]] != rk - 1:
            return False
        if rk <= 2:
            return True
        a, b = opposite[c]
        if found[a] < rk - 1 or found[b] < rk - 1:
            return False
        return not takeback or min(found) >= rk - 2

    def turn_key(pile: list[int], i: int) -> int:
        """Return the key change of turning face up card ``i`` of ``pile``."""
        c = pile[i]
        return ZD[c] ^ ZU[c * 53 + (pile[i - 1] if i else BOTTOM)]

    # The cards played from the waste to the foundations, to undo those moves.
    played: list[int] = []

    def do(kind: int, a: int, b: int, c: int, delta: int) -> Record:
        """Play a move whose key change is ``delta``; return what undoing it needs."""
        nonlocal key
        turned = 0
        if kind == RUN:
            src = tab[a]
            dst = tab[b]
            if dst:
                over[dst[-1]] = src[-c]
            dst.extend(src[-c:])
            del src[-c:]
            if len(src) > down[a]:
                over[src[-1]] = -1
            elif src:
                down[a] -= 1
                turned = 1
        elif kind == UP:
            src = tab[a]
            found[suit_of[src.pop()]] += 1
            if len(src) > down[a]:
                over[src[-1]] = -1
            elif src:
                down[a] -= 1
                turned = 1
        elif kind == WASTE:
            card = deck.pop(a - 1)
            turned = state[0] | state[1] << 8
            state[0] = a - 1
            state[1] = c
            if b == TO_FOUNDATION:
                found[suit_of[card]] += 1
                played.append(card)
            else:
                if tab[b]:
                    over[tab[b][-1]] = card
                tab[b].append(card)
        else:
            if tab[b]:
                over[tab[b][-1]] = (found[a] - 1) * 4 + a
            tab[b].append((found[a] - 1) * 4 + a)
            found[a] -= 1
        key ^= delta
        return (kind, a, b, c, turned, delta)

    def undo(rec: Record) -> None:
        nonlocal key
        kind, a, b, c, turned, delta = rec
        key ^= delta
        if kind == RUN:
            down[a] += turned
            src, dst = tab[a], tab[b]
            if len(src) > down[a] and dst[-c] in onto[src[-1]]:
                over[src[-1]] = dst[-c]
            src.extend(dst[-c:])
            del dst[-c:]
            if dst:
                over[dst[-1]] = -1
        elif kind == UP:
            down[a] += turned
            found[c] -= 1
            src = tab[a]
            if len(src) > down[a] and found[c] * 4 + c in onto[src[-1]]:
                over[src[-1]] = found[c] * 4 + c
            src.append(found[c] * 4 + c)
        elif kind == WASTE:
            if b == TO_FOUNDATION:
                card = played.pop()
                found[suit_of[card]] -= 1
            else:
                card = tab[b].pop()
                if tab[b]:
                    over[tab[b][-1]] = -1
            deck.insert(a - 1, card)
            state[0], state[1] = turned & 255, turned >> 8
        else:
            tab[b].pop()
            if tab[b]:
                over[tab[b][-1]] = -1
            found[a] += 1

    def up_key(src: list[int], i: int) -> int:
        """Return the key change of the top card (index ``i``) of a pile going up."""
        card = src[i]
        return ZU[card * 53 + (src[i - 1] if i else BOTTOM)] ^ ZF[card]

    def close() -> list[Record]:
        """Play safe moves to the foundations until there are none; return their records."""
        done: list[Record] = []
        again = True
        while again:
            again = False
            for t in range(n_t):
                src = tab[t]
                i = len(src) - 1
                if i >= down[t] and safe(src[i]):
                    delta = up_key(src, i)
                    if i and down[t] == i:
                        delta ^= turn_key(src, i - 1)
                    done.append(do(UP, t, 0, suit_of[src[i]], delta))
                    again = True
            wp = state[0]
            if draw == 1 and wp and safe(deck[wp - 1]):
                card = deck[wp - 1]
                done.append(do(WASTE, wp, TO_FOUNDATION, state[1], ZK[card] ^ ZF[card]))
                again = True
        return done

    def children() -> list[Plan]:
        """Return the moves of the position, in the order to try them."""
        out: list[Plan] = []
        # Where a card may go: the tableau piles that take it, and the first empty pile.
        want: dict[int, list[int]] = {}
        empty = -1
        for t in range(n_t):
            pile = tab[t]
            if len(pile) > down[t]:
                for a in onto[pile[-1]]:
                    want.setdefault(a, []).append(t)
            elif not pile and empty < 0:
                empty = t
        _tableau(out, want, empty, NO_SWAP)
        _stock(out, want, empty, NO_SWAP)
        if takeback:
            _back(out, want, empty, NO_SWAP)
        if twins:
            for t, w, y in pairs():
                _swapped(out, t, w, y)
        out.sort(key=move_order)
        return out

    def pairs() -> list[tuple[int, int, int]]:
        """Return the twin pairs that a swap may change: a pile ``t`` whose face-up top's
        twin ``w`` lies in the tableau with card ``y`` built on it."""
        out = []
        for t in range(n_t):
            pile = tab[t]
            if len(pile) > down[t]:
                w = twin[pile[-1]]
                if over[w] >= 0:
                    out.append((t, w, over[w]))
        return out

    def fold() -> int:
        """Return the key of the position's class. For each pair of twins: where one
        holds a card and the other lies uncovered on top of its pile, the card is keyed as
        on the twin of lower number; where both hold a card, the card of lower number is
        keyed as on the twin of lower number."""
        h = key
        if not twins:
            return h
        tops = {pile[-1] for pile, d in zip(tab, down) if len(pile) > d}
        for p, q in pairs_of_twins:
            a = over[p]
            b = over[q]
            if a >= 0:
                if a > b >= 0:
                    h ^= ZU[a * 53 + p] ^ ZU[b * 53 + q] ^ ZU[b * 53 + p] ^ ZU[a * 53 + q]
            elif b >= 0 and p in tops:
                h ^= ZU[b * 53 + q] ^ ZU[b * 53 + p]
        return h

    def swap(t: int, w: int, y: int) -> tuple[int, int, int, int]:
        """Return the swap of ``y`` (with the cards on it) from twin ``w`` onto the top of
        pile ``t``: from, to, cards, key change."""
        u = next(u for u in range(n_t) if w in tab[u])
        src = tab[u]
        return (u, t, len(src) - src.index(y), ZU[y * 53 + w] ^ ZU[y * 53 + tab[t][-1]])

    def _swapped(out: list[Plan], t: int, w: int, y: int) -> None:
        """Add the move that the swap of ``y`` (with the cards on it) from ``w`` onto the
        top of pile ``t`` makes possible: ``w`` going up. (The other card that builds on
        ``w`` may go there too, but that gives the position of putting it on the top of
        ``t`` with the two runs exchanged, which ``fold`` counts as the same.)"""
        if found[suit_of[w]] != rank_of[w] - 1:
            return
        sw = swap(t, w, y)
        u = sw[0]
        rec = do(RUN, *sw)
        src = tab[u]
        i = len(src) - 1
        delta = up_key(src, i)
        turns = i == down[u] and i > 0
        if turns:
            delta ^= turn_key(src, i - 1)
        out.append((0 if turns else 2, delta, UP, u, 0, suit_of[w], sw))
        undo(rec)

    def _tableau(out: list[Plan], want: dict[int, list[int]], empty: int,
                 sw: tuple[int, int, int, int]) -> None:
        """Add the moves from the tableau: to the foundations, and runs onto other piles."""
        for t in range(n_t):
            src = tab[t]
            n = len(src)
            d = down[t]
            if n <= d:
                continue
            top = src[-1]
            if found[suit_of[top]] == rank_of[top] - 1:
                delta = up_key(src, n - 1)
                turns = n - 1 == d and d > 0
                if turns:
                    delta ^= turn_key(src, n - 2)
                out.append((0 if turns else 2, delta, UP, t, 0, suit_of[top], sw))
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

    def _stock(out: list[Plan], want: dict[int, list[int]], empty: int,
               sw: tuple[int, int, int, int]) -> None:
        """Add the plays of each card the stock can bring up (fold.py's chain of turns)."""
        size = len(deck)
        q, passes = state[0], state[1]
        met = {q}
        turns = 0
        while size:
            if q:
                card = deck[q - 1]
                order = 3 + (turns > 0)
                if found[suit_of[card]] == rank_of[card] - 1:
                    out.append((order - 1, ZK[card] ^ ZF[card], WASTE, q, TO_FOUNDATION,
                                passes, sw))
                for dst in want.get(card, ()):
                    out.append((order, ZK[card] ^ ZU[card * 53 + tab[dst][-1]],
                                WASTE, q, dst, passes, sw))
                if empty >= 0 and rank_of[card] == 13:
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

    def _back(out: list[Plan], want: dict[int, list[int]], empty: int,
              sw: tuple[int, int, int, int]) -> None:
        """Add the cards the foundations can give back. Not a card that is safe: the safe
        moves would put it straight back."""
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
            useless = safe(card)
            found[suit] += 1
            if useless:
                continue
            for dst in targets:
                under = tab[dst][-1] if tab[dst] else BOTTOM
                out.append((7, ZF[card] ^ ZU[card * 53 + under], BACK, suit, dst, 0, sw))

    def won() -> bool:
        """Tell whether the game is won for certain: nothing face down, nothing in the stock
        or the waste, and every pile one run (then a top card of the lowest rank left can
        always go up)."""
        if deck or any(down):
            return False
        for pile in tab:
            for i in range(1, len(pile)):
                a, b = pile[i], pile[i - 1]
                if red[a] == red[b] or rank_of[a] + 1 != rank_of[b]:
                    return False
        return True

    # Met positions: the key with the card the waste shows and the passes used.
    seen: set[int] = set()

    def full(h: int, wp: int, passes: int) -> int:
        """Return the key of a position: ``h`` the key of its cards, ``wp`` the waste's
        size, ``passes`` the passes used."""
        h ^= ZW[deck[wp - 1] if wp else NONE]
        if limited:
            h ^= ZR[min(passes, 63)]
        return h

    # With merge: for the key of each class met and of each position met as it stands (its
    # cards; with draw 3 also the card the waste shows and the passes used), the least
    # stock rank met (see ``rank``).
    best: dict[int, int] = {}

    def rank(h: int, wp: int, passes: int) -> tuple[int, int]:
        """Return the key of a position's cards and its stock rank (``stock_rank``; with
        draw 3, the key of the whole position and rank 0)."""
        if draw == 1:
            return h, stock_rank(limited, wp, passes)
        return full(h, wp, passes), 0

    def newer(h: int, wp: int, passes: int) -> bool:
        """Tell whether no position met reaches this one's class by turning the stock, and
        remember it (``h`` the class's key, the rest as ``full``)."""
        h, least = rank(h, wp, passes)
        if best.get(h, 1 << 20) <= least:
            return False
        best[h] = least
        return True

    def fresh(h: int, wp: int, passes: int) -> bool:
        """Tell whether a position is new, and remember it (arguments as ``full``)."""
        h = full(h, wp, passes)
        if h in seen:
            return False
        seen.add(h)
        return True

    def lost(recs: list[Record]) -> bool:
        """Tell whether the dead-end test is to be asked after ``recs``, and finds the
        position lost."""
        if not any((kind == WASTE and b != TO_FOUNDATION) or (kind == RUN and not tab[a])
                   or (turned and kind in (RUN, UP)) for kind, a, b, _, turned, _ in recs):
            return False
        return hopeless(tab, down, deck, takeback)

    closing = close()
    if merge:
        newer(fold(), state[0], state[1])
    else:
        fresh(key, state[0], state[1])
    if won():
        return "solved", _replay(r, root, [closing]), 0
    if prune and hopeless(tab, down, deck, takeback):
        return "unwinnable", [], 0
    if budget <= 0:
        return "unknown", [], 0
    # A frame: the moves of a position and the next to try. path: the records of the moves
    # into each frame's position (with the safe moves after).
    stack: list[list[Plan]] = [children()]
    pos = [0]
    path: list[list[Record]] = [closing]
    nodes = 1
    while stack:
        moves = stack[-1]
        i = pos[-1]
        if i >= len(moves):
            stack.pop()
            pos.pop()
            for rec in reversed(path.pop()):
                undo(rec)
            continue
        pos[-1] = i + 1
        _, delta, kind, a, b, c, sw = moves[i]
        if merge:
            # Met before as it stands (the key of its own cards, not its class's), or with
            # the stock turned less far: skip it unbuilt. Else its class's key needs it
            # built: play, and take back if the class was met so. Both are remembered.
            h = key ^ delta ^ (sw[3] if sw[0] >= 0 else 0)
            h, least = rank(h, a - 1, c) if kind == WASTE else rank(h, state[0], state[1])
            if best.get(h, 1 << 20) <= least:
                continue
            recs = [do(RUN, *sw)] if sw[0] >= 0 else []
            recs.append(do(kind, a, b, c, delta))
            back = len(recs)
            fresh_class = newer(fold(), state[0], state[1])
            best[h] = least
            if fresh_class:
                recs += close()
                if len(recs) == back:
                    back = 0
                else:
                    h, least = rank(key, state[0], state[1])
                    if newer(fold(), state[0], state[1]):
                        best[h] = min(least, best.get(h, least))
                        back = 0
            if back:
                for rec in reversed(recs):
                    undo(rec)
                continue
        else:
            h = key ^ delta
            # After a play from the stock or waste, the waste is a - 1 cards deep, c passes
            # used.
            if not (fresh(h, a - 1, c) if kind == WASTE else fresh(h, state[0], state[1])):
                continue
            recs = [do(kind, a, b, c, delta)]
            recs += close()
            if key != h and not fresh(key, state[0], state[1]):
                for rec in reversed(recs):
                    undo(rec)
                continue
        path.append(recs)
        if won():
            return "solved", _replay(r, root, path), nodes
        if prune and lost(recs):
            path.pop()
            for rec in reversed(recs):
                undo(rec)
            continue
        if nodes >= budget:
            return "unknown", [], nodes
        nodes += 1
        if every and not nodes % every:
            yield nodes
        stack.append(children())
        pos.append(0)
    return "unwinnable", [], nodes


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
    finish = finish_moves(r, s)
    if finish is None:
        raise AssertionError("the search's won position does not finish")
    return moves + finish
