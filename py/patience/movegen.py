"""The move generator and the unchecked move, shared by every game.

These two functions are the hot path of search: they work on plain tuples and lists and
look the rules up once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .game import Move, State

if TYPE_CHECKING:
    from .rules import Rules

# Standard scoring (Klondike), the points of each kind of move; the score never goes below 0.
FOUNDATION_POINTS = 10          # a card put on a foundation
TURN_UP_POINTS = 5              # a face-down card turned face up
TAKEBACK_POINTS = -15           # a card taken back from a foundation
RECYCLE_POINTS = -20            # the waste turned back into the stock, drawing several
RECYCLE_POINTS_DRAW_ONE = -100  # the same, drawing one card at a time
# Timed standard scoring: TIME_PENALTY points off for every TIME_PERIOD seconds.
TIME_PENALTY = 2
TIME_PERIOD = 10
# Vegas scoring: the stake, then so much a card on the foundations.
VEGAS_START = -52
VEGAS_CARD = 5


def generate(r: Rules, s: State, only: int = -1) -> list[Move]:
    """Return every legal move of ``s`` under ``r``, in a stable order; with ``only`` (a pile's
    index), just the moves from that pile (the same moves, fewer looked at: ``Rules.play``
    checks a move this way). The table's way of play (``Game.play``) lists the moves off the
    piles; the stock's own come last."""
    out = r.game.play.moves(r, s, only)
    if only < 0 or only in (r.stock, r.waste):
        _stock(r, s, out)
    return out


def built(r: Rules, s: State, only: int = -1) -> list[Move]:
    """Return the moves between piles of a game that builds (``vocab.Building``): to the
    foundations, onto the tableau, into the free cells."""
    piles, down, names = s.piles, s.down, r.names
    out: list[Move] = []
    waste = r.waste
    singles = [i for i in r.C if piles[i] and (only < 0 or i == only)]
    if waste >= 0 and piles[waste] and (only < 0 or waste == only):
        singles.insert(0, waste)
    lifts = [(t, r.run_length(piles[t], down[t])) for t in r.T
             if len(piles[t]) > down[t] and (only < 0 or t == only)]
    # To the foundations: one card from the waste, a free cell or a tableau pile.
    if r.game.foundation.takes_cards:
        accepts = r.foundation_accepts
        for src in singles + [t for t, _ in lifts]:
            card = piles[src][-1]
            for f in r.F:
                if accepts(piles[f], card):
                    out.append(Move(names[src], names[f]))
    # Onto the tableau: runs from the tableau, single cards from elsewhere.
    if r.game.build.builds:
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
                        m = Move(names[src], names[dst], n)
                        if n < len(pile) or not gives_back(r, s, m):
                            out.append(m)
        sources = singles + ([f for f in r.F if only < 0 or f == only] if r.takeback else [])
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
    return out


def gives_back(r: Rules, s: State, m: Move) -> bool:
    """Tell whether a move leaves the piles exactly as they were: a whole pile moved into an
    empty one that the game's after-move rule slides straight back (Moving Left's lone King
    moved into the empty rightmost pile). Such a move counts as no move (decisions.md), so
    the generator leaves it out and a game with nothing else to do is stuck."""
    if r.game.after_move is None:
        return False
    after = apply(r, s, m)
    return after.piles == s.piles and after.down == s.down


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
            score += RECYCLE_POINTS_DRAW_ONE if r.draw == 1 else RECYCLE_POINTS
    else:
        dst = index[m.dst]
        moving = piles[src][-m.n:]
        piles[src] = piles[src][:-m.n]
        r.game.play.lands(r, piles, dst, moving)
        if r.standard:
            if dst in r.F:
                score += FOUNDATION_POINTS
            elif src in r.F:
                score += TAKEBACK_POINTS
        if down[src] and down[src] >= len(piles[src]):
            down[src] = len(piles[src]) - 1
            if r.standard:
                score += TURN_UP_POINTS
    hook = r.game.after_move
    if hook is not None:
        hook(r, piles, down)
    return State(tuple(piles), tuple(down), recycles, max(0, score))
