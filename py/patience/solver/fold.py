"""The children of a position, with turning the stock folded into the moves.

In a game whose stock is turned onto a waste (Klondike, Roosevelt, Moving Left), most of a
plain search goes into positions that differ only in where the stock stands. Here a child
is a short sequence of real engine moves instead: any number of stock turns (and turns of
the waste back to the stock, while passes are left), then a play of the card then on top
of the waste, onto a foundation or the tableau. The plain stock moves are dropped.

Why no win is lost (so a search that runs dry still proves the game unwinnable): a stock
move changes only the stock, the waste and the count of passes, and whether it is legal
depends on nothing else; every other move leaves those alone unless it plays the waste's
top card. So in any winning line, a run of stock moves can be pushed later, past the moves
that do not touch the waste, until it stands right before a play from the waste (a won
position has an empty stock and waste, so no run is left at the end). Every such run and
play is a child here, with one saving: the stock moves from a position follow one fixed
chain, and when the chain comes back to a waste already offered it offers nothing new (the
same cards in the same places, with no more passes left than the first time), so the walk
stops there.
"""

from __future__ import annotations

from collections.abc import Callable

from ..game import Move, State
from ..rules import Rules
from .narrow import Narrow

Child = tuple[tuple[Move, ...], State]
Expand = Callable[[State], list[Child]]


def folds(r: Rules) -> bool:
    """Tell whether the game turns a stock onto a waste that plays like Klondike's (not
    one that cards are played onto: ``Play.onto_waste``)."""
    return r.waste >= 0 and not r.pairs and not r.game.play.onto_waste


def make_legal(r: Rules, narrow: Narrow | None = None) -> Callable[[State], list[Move]]:
    """Return the legal moves of a position less those whose result ``Rules.key`` merges
    with another's: the same card or run into a second empty free cell, foundation or
    (where the tableau piles are alike) tableau pile, or a whole pile with nothing face
    down moved into an empty one. ``narrow`` filters the rest (see ``narrow.py``).
    """
    legal, index = r.legal_moves, r.index
    alike = {i: "cell" for i in r.C}
    if r.game.foundation.takes_cards:
        alike.update({f: "foundation" for f in r.F})
    if r.game.symmetric:
        alike.update({t: "tableau" for t in r.T})
    tableau = set(r.T) if r.game.symmetric else set()

    def moves(s: State) -> list[Move]:
        piles, down = s.piles, s.down
        out: list[Move] = []
        met: set[tuple[str, int, str]] = set()
        for m in legal(s):
            dst = index.get(m.dst, -1)
            kind = alike.get(dst)
            if kind is not None and not piles[dst]:
                src = index[m.src]
                if kind == "tableau" and src in tableau and not down[src] \
                        and m.n == len(piles[src]):
                    continue
                if (m.src, m.n, kind) in met:
                    continue
                met.add((m.src, m.n, kind))
            out.append(m)
        return out if narrow is None else narrow(s, out)

    return moves


def make_expand(r: Rules, narrow: Narrow | None = None,
                fold: bool = True) -> Expand:
    """Return the function listing a position's children: the moves to each, and where
    they lead.

    ``narrow`` filters the plain moves first (see ``narrow.py``); ``fold`` (the default)
    folds the stock into the moves where the game allows it (see the module's docstring).
    """
    apply = r.apply
    legal = make_legal(r, narrow)
    if not (fold and folds(r)):
        def plain(s: State) -> list[Child]:
            return [((m,), apply(s, m)) for m in legal(s)]
        return plain

    stock_i, waste_i = r.stock, r.waste
    draw, max_recycles = r.draw, r.max_recycles
    names, found, tableau = r.names, r.F, r.T
    on = r.on
    accepts, empty_ok = r.foundation_accepts, r.empty_accepts
    # Cards that may go onto a tableau card: under[b] lists the cards a with a on b.
    under = [[a for a in range(52) if on[a * 52 + b]] for b in range(52)]
    on_empty = {t: [c for c in range(52) if empty_ok(t, c)] for t in tableau}
    # Cards an empty foundation takes (one empty foundation is offered: they are alike).
    starts = [c for c in range(52) if accepts((), c)]
    to_pile = {i: Move("waste", names[i]) for i in (*found, *tableau)}

    def wanted(s: State) -> dict[int, list[Move]]:
        """Return, for each card that could be played from the waste, where it may go."""
        piles = s.piles
        out: dict[int, list[Move]] = {}
        for f in found:
            pile = piles[f]
            if pile:
                c = pile[-1] + 4
                if c < 52 and accepts(pile, c):
                    out.setdefault(c, []).append(to_pile[f])
        empty = next((f for f in found if not piles[f]), -1)
        if empty >= 0:
            for c in starts:
                out.setdefault(c, []).append(to_pile[empty])
        for t in tableau:
            pile = piles[t]
            for c in (under[pile[-1]] if pile else on_empty[t]):
                out.setdefault(c, []).append(to_pile[t])
        return out

    def expand(s: State) -> list[Child]:
        out: list[Child] = [((m,), apply(s, m)) for m in legal(s)
                            if m.src != "stock" and m.dst != "stock"]
        piles = s.piles
        stock, waste = piles[stock_i], piles[waste_i]
        deck = waste + stock[::-1]
        n = len(deck)
        p = len(waste)
        recycles = s.recycles
        seen = {p}
        ops: list[Move] = []
        want: dict[int, list[Move]] | None = None
        folded: list[Child] = []
        while True:
            if p < n:
                k = min(draw, n - p)
                ops.append(Move("stock", "waste", k))
                p += k
            elif n and (max_recycles is None or recycles < max_recycles):
                ops.append(Move("waste", "stock", n))
                p = 0
                recycles += 1
            else:
                break
            if p in seen:
                break
            seen.add(p)
            if not p:
                continue
            if want is None:
                want = wanted(s)
            plays = want.get(deck[p - 1])
            if not plays:
                continue
            rest = list(piles)
            rest[stock_i] = deck[p:][::-1]
            rest[waste_i] = deck[:p]
            mid = State(tuple(rest), s.down, recycles, s.score)
            turns = tuple(ops)
            for m in plays:
                folded.append(((*turns, m), apply(mid, m)))
        # Fewest turns last: among children the heuristic ties, the search takes the newest.
        folded.reverse()
        return out + folded

    return expand
