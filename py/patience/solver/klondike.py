"""A depth-first search made for Klondike: one position changed in place, its key kept per move.

The general search (``search.py``) builds a new position and a new key for every child,
about 125 µs a position in Klondike. Here the position is one set of lists, changed and
changed back, and its key is a 128-bit Zobrist hash updated move by move, so a child is
judged (met before or not) from its parent's key in a few operations, before it is built:
about five times as many positions a second. The key stands for

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
dropped as soon as it is met; with the test off (``prune=False``) the search expands exactly
the positions the general search does.

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
from .reach import hopeless

Outcome = tuple[str, list[Move], int]
# A move of the search: its order among its siblings, its key change, kind, a, b, c.
Plan = tuple[int, int, int, int, int, int]
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
    """Tell whether the game of ``r`` is Klondike-shaped, so that this search applies."""
    g = r.game
    return (g.stock == "waste" and g.foundation == "suit_up" and g.build == "alt"
            and g.lift == "run" and g.empty == "king" and g.decks == 1 and not r.C
            and g.after_move is None and g.safety == "alt" and g.foundations == 4
            and g.symmetric and not g.supermove and g.pack is None)


def _bits(count: int, rng: random.Random) -> list[int]:
    return [rng.getrandbits(128) for _ in range(count)]


_RNG = random.Random(0x4B4C4F4E44494B45)
# Face-up card over a card (c * 53 + under), face-down card, foundation card, stock or waste
# card, the card the waste shows, passes used.
ZU, ZD, ZF, ZK, ZW, ZR = (_bits(n, _RNG) for n in (52 * 53, 52, 52, 52, 53, 64))


def dfs(r: Rules, root: State, budget: int, every: int = 0,
        prune: bool = True) -> Generator[int, None, Outcome]:
    """Search ``root`` depth first; return the verdict, the winning moves and the nodes.

    A generator like ``search.best_first``: it yields the nodes expanded so far every
    ``every`` nodes (never when ``every`` is 0) and returns the outcome. ``fits(r)`` must
    hold. ``prune`` drops the positions the dead-end test (``reach.py``) finds lost: the
    root, and each position reached by turning a card, emptying a pile or putting a card
    of the stock in the tableau (elsewhere the test seldom finds one, for its cost).
    """
    tab = [list(root.piles[t]) for t in r.T]
    down = [root.down[t] for t in r.T]
    found = [0, 0, 0, 0]
    for f in r.F:
        for card in root.piles[f]:
            found[SUIT[card]] = max(found[SUIT[card]], RANK[card])
    deck = list(root.piles[r.waste]) + list(reversed(root.piles[r.stock]))
    # The waste's size and the passes used.
    state = [len(root.piles[r.waste]), root.recycles]
    draw, max_recycles, takeback = r.draw, r.max_recycles, r.takeback
    limited = max_recycles is not None
    n_t = len(tab)
    rank_of, suit_of, red = RANK, SUIT, RED
    # onto[b]: the cards that may go on card b.
    onto = [[a for a in range(52) if RANK[a] + 1 == RANK[b] and RED[a] != RED[b]]
            for b in range(52)]
    opposite = [(1, 2) if not RED[c] else (0, 3) for c in range(52)]

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
            tab[b].extend(src[-c:])
            del src[-c:]
            if src and down[a] == len(src):
                down[a] -= 1
                turned = 1
        elif kind == UP:
            src = tab[a]
            found[suit_of[src.pop()]] += 1
            if src and down[a] == len(src):
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
                tab[b].append(card)
        else:
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
            dst = tab[b]
            tab[a].extend(dst[-c:])
            del dst[-c:]
        elif kind == UP:
            down[a] += turned
            found[c] -= 1
            tab[a].append(found[c] * 4 + c)
        elif kind == WASTE:
            if b == TO_FOUNDATION:
                card = played.pop()
                found[suit_of[card]] -= 1
            else:
                card = tab[b].pop()
            deck.insert(a - 1, card)
            state[0], state[1] = turned & 255, turned >> 8
        else:
            tab[b].pop()
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
        _tableau(out, want, empty)
        _stock(out, want, empty)
        if takeback:
            _back(out, want, empty)
        out.sort(key=_order)
        return out

    def _tableau(out: list[Plan], want: dict[int, list[int]], empty: int) -> None:
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
                out.append((0 if turns else 2, delta, UP, t, 0, suit_of[top]))
            # Every card of the face-up run may lead a run lifted off it.
            i = n - 1
            while True:
                card = src[i]
                turns = i == d and d > 0
                base = ZU[card * 53 + (src[i - 1] if i else BOTTOM)]
                if turns:
                    base ^= turn_key(src, i - 1)
                for dst in want.get(card, ()):
                    out.append((0 if turns else 5, base ^ ZU[card * 53 + tab[dst][-1]],
                                RUN, t, dst, n - i))
                if empty >= 0 and i and rank_of[card] == 13:
                    out.append((1 if turns else 6, base ^ ZU[card * 53 + BOTTOM],
                                RUN, t, empty, n - i))
                if i == d:
                    break
                under = src[i - 1]
                if red[card] == red[under] or rank_of[card] + 1 != rank_of[under]:
                    break
                i -= 1

    def _stock(out: list[Plan], want: dict[int, list[int]], empty: int) -> None:
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
                                passes))
                for dst in want.get(card, ()):
                    out.append((order, ZK[card] ^ ZU[card * 53 + tab[dst][-1]],
                                WASTE, q, dst, passes))
                if empty >= 0 and rank_of[card] == 13:
                    out.append((order, ZK[card] ^ ZU[card * 53 + BOTTOM], WASTE, q, empty,
                                passes))
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

    def _back(out: list[Plan], want: dict[int, list[int]], empty: int) -> None:
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
                out.append((7, ZF[card] ^ ZU[card * 53 + under], BACK, suit, dst, 0))

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

    def fresh(h: int, wp: int, passes: int) -> bool:
        """Tell whether a position is new, and remember it: ``h`` the key of its cards,
        ``wp`` the waste's size, ``passes`` the passes used."""
        h ^= ZW[deck[wp - 1] if wp else NONE]
        if limited:
            h ^= ZR[min(passes, 63)]
        if h in seen:
            return False
        seen.add(h)
        return True

    def lost(recs: list[Record]) -> bool:
        """Tell whether the dead-end test is to be asked after ``recs``, and finds the
        position lost."""
        kind, a, b = recs[0][0], recs[0][1], recs[0][2]
        if not ((kind == WASTE and b != TO_FOUNDATION) or (kind == RUN and not tab[a])
                or any(rec[4] for rec in recs if rec[0] in (RUN, UP))):
            return False
        return hopeless(tab, down, deck, takeback)

    closing = close()
    fresh(key, state[0], state[1])
    if won():
        return "solved", _replay(r, root, [closing]), 0
    if budget <= 0:
        return "unknown", [], 0
    if prune and hopeless(tab, down, deck, takeback):
        return "unwinnable", [], 0
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
        _, delta, kind, a, b, c = moves[i]
        h = key ^ delta
        # After a play from the stock or waste, the waste is a - 1 cards deep, c passes used.
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


def _order(plan: Plan) -> int:
    return plan[0]


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
