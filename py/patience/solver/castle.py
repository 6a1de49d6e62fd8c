"""A depth-first search for open games played one card at a time (Streets and Alleys,
Baker's Dozen).

The shape: one deck, every card face up in the tableau from the start, no stock and no free
cells, building down regardless of suit, one card lifted at a time, any card into an empty
pile or none (Baker's Dozen: the dead-end test then counts no space, ever), foundations up
in suit with no card coming back (``fits``; a table names the search in its plan). The
general search (``search.py``) builds a new position and key for every child; here one
position is changed in place and changed back, and its key is a 128-bit Zobrist hash updated
move by move (each tableau card keyed with the card under it, or the bottom of its pile, so
that the order of the piles does not count, as in ``Rules.key``; each card on the
foundations), so a child met before is skipped before it is built.

Safe moves to the foundations are played at once after every move, as in ``search.py``:
those of ``patience.safe_moves`` and, where the tableau builds regardless of suit, more. A
card ``x`` of rank ``k`` that may go up is safe there once every card of rank ``k - 2`` or
lower is up. Why: take a win that keeps ``x`` in the tableau. Only a card ``y`` of rank
``k - 1`` ever goes on ``x``; in that win put each such ``y`` up instead (its suit is up to
``k - 2`` from now on) and leave out the moves of ``x`` and of those ``y`` after. No card
ever goes on such a ``y`` (only cards of rank ``k - 2``, all up), so ``x`` and a ``y`` on
it are always the top of their pile, the other piles are as in the win, every pile empty
in the win is empty here too, and the foundations hold at least what they hold in the win:
each move kept is still legal, and it wins. (The engine's rule, every card of rank
``k - 1`` up, is the one a player would agree to without thinking; this one is for the
search alone.) Every position is asked the dead-end test of
``blocked.py`` (cards that hold each other down for good): its ``held_for_good`` on the
search's own lists. A position where every pile runs down in rank from its bottom is a
win: the lowest card left lies on top of a pile and every lower card is up, so it goes up,
and so on.

The moves are every legal move but three kinds that lead nowhere new: a card put into an
empty pile from a pile where it lies alone (the same position, piles taken in any order),
into a second empty pile (the first gives the same position), and a card onto the top of
its own pile (no such move). With ``prune=False, eager=False`` the dead-end test and the
wider safe moves are off and the search expands exactly the positions the general search
does.

A ``seed`` shuffles the order of the moves a little, for restarts (``restart.py``, run by
``patience.solver``): the search is as exact in any order (a position is expanded once
whatever came before it, and every one reachable is expanded before the search runs dry), so
a restart that runs dry proves the game lost too, after exactly the positions of the search
in its own order. On the deals the search in its own order could not decide, the wins are
heavy-tailed: one order wins in a few hundred positions where another wanders for 300,000,
so many short searches in different orders win more of them than one long one.

As in ``klondike.py``, a chance meeting of two positions' keys is the one way a loss could
be called wrongly, and a win is played again through the checked API.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence

from ..cards import RANK, RED, SUIT
from ..game import Move, State
from ..rules import Rules
from ..vocab import ANY_CARD, ANY_SUIT, NO_STOCK, ONE_CARD, STAYS_EMPTY, SUIT_UP
from . import restart
from .blocked import held_for_good, masks
from .drive import InPlace, Replay, foundations_of, walk
from .proofs import Sharing
from .result import Outcome
from .search import finished
from .zobrist import BOTTOM, ZF, ZU, foundation_key, tableau_key

# A move of the search: its order among its siblings, its key change, kind, from, to.
Plan = tuple[int, int, int, int, int]
# What undoing a move needs: kind, from, to, key change.
Record = tuple[int, int, int, int]

# Move kinds: a tableau card onto another pile (a: from, b: to), a top card up (a: pile).
MOVE, UP = 0, 1

# Cards are numbered rank-major: card c + 4 is the next of c's suit.
assert all(RANK[c] == c // 4 + 1 and SUIT[c] == c % 4 for c in range(52))


def fits(r: Rules, s: State) -> bool:
    """Tell whether the game of ``r`` and position ``s`` have the shape this search needs."""
    g = r.game
    return (g.stock == NO_STOCK and not r.C and g.decks == 1 and g.foundation == SUIT_UP
            and g.foundations == 4 and g.build == ANY_SUIT and g.lift == ONE_CARD
            and g.empty in (ANY_CARD, STAYS_EMPTY) and g.after_move is None and not r.pairs
            and not r.takeback and g.symmetric
            and g.cover is None and g.pack is None and g.goal == "foundations"
            and g.safety in ("any", "alt", "none") and not any(s.down))


def dfs(r: Rules, root: State, budget: int, every: int = 0,
        prune: bool = True, eager: bool = True,
        seed: int | None = None,
        proven: set[int] | None = None) -> Generator[int, None, Outcome]:
    """Search ``root`` depth first, as ``klondike.dfs`` does (a generator of the same
    kind, returning the same outcome); ``fits(r, root)`` must hold. ``prune`` drops the
    positions the dead-end test finds lost; ``eager`` plays the wider safe moves of a game
    that builds regardless of suit (see the module's text); with both off, the search
    expands exactly what the general search does. ``seed``: as for ``klondike.dfs``, the
    order changes which positions come first, never which are expanded before the search
    runs dry. With ``proven`` (a set shared by the restarts of one search), the search
    skips the positions proven lost there and adds those it proves (``proofs.Sharing``).
    """
    game = Castle(r, root, prune, eager, seed)
    shared: InPlace[Plan, Record] = game if proven is None else Sharing(game, proven)
    return (yield from walk(shared, _replay, r, root, budget, every))


class Castle:
    """Streets and Alleys made fast for search: the ``drive.InPlace`` of ``dfs``."""

    def __init__(self, r: Rules, root: State, prune: bool, eager: bool,
                 seed: int | None) -> None:
        self.tab = [list(root.piles[t]) for t in r.T]
        self.found = found = foundations_of(r, root)
        self.on = r.on
        self.prune = prune
        # The suits whose cards one rank lower may want to go on a card (the safe-move rule).
        self.safety = safety = r.game.safety
        self.wide = eager and safety == "any" and r.game.build == ANY_SUIT
        self.wanting = [tuple(x for x in range(4) if safety == "any" or RED[x] != RED[c])
                        for c in range(52)]
        # Whether a card may go into an empty pile (Baker's Dozen's stay empty).
        self.spaces = r.game.empty == ANY_CARD
        # Bit masks for the dead-end test (``blocked.masks``).
        self.low, self.ups = masks(r)
        self.move_order = restart.order(seed)
        self.key = tableau_key(self.tab, [0] * len(self.tab)) ^ foundation_key(found)
        self.seen: set[int] = set()

    def safe(self, c: int) -> bool:
        """Tell whether card ``c`` may go up now and could never be wanted in the tableau."""
        found, rk = self.found, RANK[c]
        if found[SUIT[c]] != rk - 1 or (rk > 2 and self.safety == "none"):
            return False
        return (rk <= 2 or (self.wide and min(found) >= rk - 2)
                or all(found[x] >= rk - 1 for x in self.wanting[c]))

    def do(self, kind: int, a: int, b: int, delta: int) -> Record:
        tab = self.tab
        if kind == MOVE:
            tab[b].append(tab[a].pop())
        else:
            self.found[SUIT[tab[a].pop()]] += 1
        self.key ^= delta
        return (kind, a, b, delta)

    def undo(self, recs: list[Record]) -> None:
        tab, found = self.tab, self.found
        for kind, a, b, delta in reversed(recs):
            self.key ^= delta
            if kind == MOVE:
                tab[a].append(tab[b].pop())
            else:
                found[b] -= 1
                tab[a].append(found[b] * 4 + b)

    def close(self) -> list[Record]:
        """Play safe moves to the foundations until there are none; return their records."""
        done: list[Record] = []
        safe, do = self.safe, self.do
        again = True
        while again:
            again = False
            for t, src in enumerate(self.tab):
                if src and safe(src[-1]):
                    card = src[-1]
                    delta = ZU[card * 53 + (src[-2] if len(src) > 1 else BOTTOM)] ^ ZF[card]
                    done.append(do(UP, t, SUIT[card], delta))
                    again = True
        return done

    def start(self) -> list[Record]:
        closing = self.close()
        self.seen.add(self.key)
        return closing

    def enter(self, plan: Plan) -> list[Record] | None:
        seen = self.seen
        _, delta, kind, a, b = plan
        h = self.key ^ delta
        if h in seen:
            return None
        seen.add(h)
        recs = [self.do(kind, a, b, delta)]
        recs += self.close()
        key = self.key
        if key != h:
            if key in seen:
                self.undo(recs)
                return None
            seen.add(key)
        return recs

    def moved(self, plan: Plan) -> int:
        """Return the key after ``plan``'s move alone (``proofs.Keyed``)."""
        return self.key ^ plan[1]

    def play(self, plan: Plan) -> list[Record]:
        """Play ``plan`` and the safe moves after it; return their records."""
        _, delta, kind, a, b = plan
        recs = [self.do(kind, a, b, delta)]
        recs += self.close()
        return recs

    def children(self) -> list[Plan]:
        """Return the moves of the position, in the order to try them: cards up first,
        then moves that empty a pile or uncover a card that may go up, then the rest,
        empty piles last."""
        tab, found, on, rank_of, suit_of = self.tab, self.found, self.on, RANK, SUIT
        out: list[Plan] = []
        # by_rank[k]: the piles whose top card is of rank k.
        by_rank: list[list[int]] = [[] for _ in range(15)]
        empty = -1
        for t, pile in enumerate(tab):
            if pile:
                by_rank[rank_of[pile[-1]]].append(t)
            elif empty < 0:
                empty = t
        for t, src in enumerate(tab):
            if not src:
                continue
            card = src[-1]
            n = len(src)
            under = src[-2] if n > 1 else BOTTOM
            base = ZU[card * 53 + under]
            if found[suit_of[card]] == rank_of[card] - 1:
                out.append((0, base ^ ZF[card], UP, t, suit_of[card]))
            if n == 1:
                order = 2
            elif found[suit_of[under]] == rank_of[under] - 1:
                order = 1
            elif rank_of[card] >= rank_of[under]:
                # The card lies on a lower one: moving it takes away a blocker, the
                # sooner the nearer the lower card is to going up.
                order = 3 + min(3, rank_of[under] - 1 - found[suit_of[under]])
            else:
                # Off a card it is built on: a swap between like places.
                order = 8
            for dst in by_rank[rank_of[card] + 1]:
                top = tab[dst][-1]
                if on[card * 52 + top]:
                    out.append((order, base ^ ZU[card * 53 + top], MOVE, t, dst))
            if empty >= 0 and n > 1 and self.spaces:
                out.append((order + 3, base ^ ZU[card * 53 + BOTTOM], MOVE, t, empty))
        out.sort(key=self.move_order)
        return out

    def won(self) -> bool:
        """Tell whether every pile runs down in rank from its bottom (a sure win)."""
        rank_of = RANK
        for pile in self.tab:
            for i in range(1, len(pile)):
                if rank_of[pile[i]] > rank_of[pile[i - 1]]:
                    return False
        return True

    def lost(self, recs: list[Record] | None) -> bool:
        return self.prune and self.blocked()

    def blocked(self) -> bool:
        """The dead-end test of ``blocked.py`` where every card is in place: some set of
        cards none of which can ever be the first of them to leave."""
        tab, found, low, ups = self.tab, self.found, self.low, self.ups
        if self.spaces and not all(tab):
            # Any card may go into the empty pile: nothing is held for good.
            return False
        gone = BELOW[found[0]] | BELOW[found[1]] << 1 | BELOW[found[2]] << 2 \
            | BELOW[found[3]] << 3
        stacks: list[tuple[Sequence[int], list[int]]] = []
        members = 0
        for pile in tab:
            under = [0]
            m = 0
            for c in pile:
                m |= 1 << c
                under.append(m)
            stacks.append((pile, under))
            members |= m
        return held_for_good(stacks, members, gone, low, ups, EVERY if self.spaces else 0,
                             False)


# BELOW[k]: the clubs of rank k or lower (shifted by the suit for the others).
BELOW = [sum(1 << (z * 4) for z in range(k)) for k in range(14)]
# Every card (any card may go into an empty pile).
EVERY = (1 << 52) - 1


def _replay(r: Rules, root: State, path: list[list[Record]]) -> list[Move]:
    """Play the search's records as engine moves from ``root``; return them and the moves
    that finish the game."""
    names, T = r.names, r.T
    line = Replay(r, root)
    for recs in path:
        for kind, a, b, _ in recs:
            card = line.s.piles[T[a]][-1]
            line.play(Move(names[T[a]], names[T[b]] if kind == MOVE else next(
                names[f] for f in r.F if r.foundation_accepts(line.s.piles[f], card))))
    return finished(r, line.s, line.moves)
