"""The move generator and the unchecked move, shared by every game.

These two functions are the hot path of search: they work on plain tuples and lists and
look the rules up once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import RANK
from .game import Move, State

if TYPE_CHECKING:
    from .rules import Rules


def generate(r: Rules, s: State) -> list[Move]:
    """Return every legal move of ``s`` under ``r``, in a stable order."""
    if r.pyramid:
        return _pyramid(r, s)
    piles, down, names = s.piles, s.down, r.names
    out: list[Move] = []
    waste = r.waste
    singles = [i for i in r.C if piles[i]]
    if waste >= 0 and piles[waste]:
        singles.insert(0, waste)
    lifts = [(t, r.run_length(piles[t], down[t])) for t in r.T if len(piles[t]) > down[t]]
    # To the foundations: one card from the waste, a free cell or a tableau pile.
    if r.game.foundation in ("suit_up", "wrap"):
        accepts = r.foundation_accepts
        for src in singles + [t for t, _ in lifts]:
            card = piles[src][-1]
            for f in r.F:
                if accepts(piles[f], card):
                    out.append(Move(names[src], names[f]))
    # Onto the tableau: runs from the tableau, single cards from elsewhere.
    if r.game.build != "none":
        on = r.on
        limit = r.move_limit(s, False)
        limit_empty = r.move_limit(s, True)
        empty_ok = r.empty_accepts
        tops = [(t, piles[t][-1] if piles[t] else -1) for t in r.T]
        for src, k in lifts:
            pile = piles[src]
            for n in range(1, k + 1):
                base = pile[-n] * 52
                for dst, top in tops:
                    if dst == src:
                        continue
                    if top >= 0:
                        if on[base + top] and n <= limit:
                            out.append(Move(names[src], names[dst], n))
                    elif n <= limit_empty and empty_ok(dst, pile[-n]):
                        out.append(Move(names[src], names[dst], n))
        sources = singles + (list(r.F) if r.takeback else [])
        for src in sources:
            if not piles[src]:
                continue
            card = piles[src][-1]
            for dst, top in tops:
                if (on[card * 52 + top] if top >= 0 else empty_ok(dst, card)):
                    out.append(Move(names[src], names[dst]))
    # Into an empty free cell.
    empty_cells = [c for c in r.C if not piles[c]]
    if empty_cells:
        for src, _ in lifts:
            for c in empty_cells:
                out.append(Move(names[src], names[c]))
    _stock(r, s, out)
    return out


def _stock(r: Rules, s: State, out: list[Move]) -> None:
    """Add the stock's move: turn cards, deal a row (Spider) or turn the waste over."""
    if r.stock < 0:
        return
    stock = s.piles[r.stock]
    if stock:
        if r.waste >= 0:
            out.append(Move("stock", "waste", min(r.draw, len(stock))))
        elif all(s.piles[t] for t in r.T):
            out.append(Move("stock", "tableau", min(len(r.T), len(stock))))
    elif r.waste >= 0 and s.piles[r.waste] and (
            r.max_recycles is None or s.recycles < r.max_recycles):
        out.append(Move("waste", "stock", len(s.piles[r.waste])))


def _pyramid(r: Rules, s: State) -> list[Move]:
    """Return the Pyramid's moves: Kings alone, pairs adding up to 13, the stock."""
    piles, names = s.piles, r.names
    out: list[Move] = []
    free = [t for t in r.T if piles[t] and r.free(s, t)]
    if r.waste >= 0 and piles[r.waste]:
        free.insert(0, r.waste)
    found = names[r.F[0]]
    for a_pos, a in enumerate(free):
        ra = RANK[piles[a][-1]]
        if ra == 13:
            out.append(Move(names[a], found))
            continue
        for b in free[a_pos + 1:]:
            if ra + RANK[piles[b][-1]] == 13:
                out.append(Move(names[a], names[b]))
    _stock(r, s, out)
    return out


def apply(r: Rules, s: State, m: Move) -> State:
    """Return the position after ``m`` without checking that it is legal."""
    piles = list(s.piles)
    down = list(s.down)
    score, recycles = s.score, s.recycles
    index = r.index
    src = index[m.src]
    if src == r.stock:
        stock = piles[src]
        if m.dst == "waste":
            piles[r.waste] = piles[r.waste] + stock[:-m.n - 1:-1]
            piles[src] = stock[:-m.n]
        else:
            for i, t in enumerate(r.T[:m.n]):
                piles[t] = piles[t] + (stock[-1 - i],)
            piles[src] = stock[:-m.n]
    elif m.dst == "stock":
        piles[r.stock] = piles[src][::-1]
        piles[src] = ()
        recycles += 1
        if r.standard:
            score -= 100 if r.draw == 1 else 20
    else:
        dst = index[m.dst]
        moving = piles[src][-m.n:]
        piles[src] = piles[src][:-m.n]
        if r.pyramid and dst not in r.F:
            f = r.F[0]
            piles[f] = piles[f] + moving + piles[dst][-1:]
            piles[dst] = piles[dst][:-1]
        else:
            piles[dst] = piles[dst] + moving
        if r.standard:
            if dst in r.F:
                score += 10
            elif src in r.F:
                score -= 15
        if down[src] and down[src] >= len(piles[src]):
            down[src] = len(piles[src]) - 1
            if r.standard:
                score += 5
    hook = r.game.after_move
    if hook is not None:
        hook(r, piles, down)
    return State(tuple(piles), tuple(down), recycles, max(0, score))
