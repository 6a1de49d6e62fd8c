"""A solver for every game: exact search under a node budget: best-first (FreeCell with a
search of its own, ``freecell.py``), or depth-first for Klondike and Yukon, All in a Row, the
Pyramid, TriPeaks and Golf (``peaks.py``), Streets and Alleys (``castle.py``) and the
one-pass games that lift one card (``onepass.py``); for Spider a search of its own by
stages between deals (``spider.py``), which finds wins but proves no deal lost.

>>> import patience
>>> from patience.solver import solve
>>> r = patience.rules("freecell")
>>> result = solve(r, r.deal(1), budget=20_000)
>>> result.verdict
'solved'
"""

from __future__ import annotations

from collections.abc import Callable, Generator

from ..game import Move, State
from ..rules import Rules
from ..vocab import SUIT_UP
from . import castle, freecell, klondike, onepass, peaks, pyramid, restart, spider, stockbeam
from .blocked import make_blocked
from .heuristic import ALTERNATES, WEIGHTS, make_heuristic
from .narrow import Narrow, make_narrow
from .result import Result, Verdict
from .row import fits, row_search
from .search import Outcome, best_first, drain
from .winnable import winnable_key

__all__ = ["DEFAULT_BUDGET", "Result", "Verdict", "solve", "solve_steps", "uses_hidden",
           "winnable_key"]

DEFAULT_BUDGET = 100_000
# A pass of the search, started on its share of the budget.
Start = Callable[[int], Generator[int, None, Outcome]]


def uses_hidden(r: Rules, s: State) -> bool:
    """Tell whether a search of ``s`` sees what a player cannot (face-down or stock cards)."""
    if r.stock >= 0 and s.piles[r.stock]:
        return True
    return any(s.down[t] for t in r.T)


def solve(r: Rules, s: State, budget: int = DEFAULT_BUDGET) -> Result:
    """Search position ``s`` under rules ``r``, expanding at most ``budget`` positions.

    A ``solved`` result's moves are checked: they replay through ``Rules.play`` to a win.
    """
    return drain(solve_steps(r, s, budget))


def solve_steps(r: Rules, s: State, budget: int = DEFAULT_BUDGET,
                every: int = 0) -> Generator[int, None, Result]:
    """Search like ``solve``, pausing every ``every`` nodes: a generator.

    It yields the nodes expanded so far every ``every`` nodes and between two passes of
    a search (never when ``every`` is 0), and returns the ``Result`` (as
    ``StopIteration.value``). A caller that stops iterating drops the search; the browser's
    worker uses this to answer a newer question first.
    """
    if isinstance(budget, bool) or not isinstance(budget, int) or budget < 0:
        raise ValueError(f"a node budget is a whole number from 0 up, not {budget!r}")
    if fits(r):
        verdict, moves, nodes = yield from row_search(r, s, budget, every)
    elif peaks.fits(r):
        verdict, moves, nodes = yield from peaks.search(r, s, budget, every)
    elif freecell.fits(r, s):
        verdict, moves, nodes = yield from freecell.solve_passes(r, s, budget, every)
    elif pyramid.fits(r, s):
        verdict, moves, nodes = yield from pyramid.search(r, s, budget, every)
    elif onepass.fits(r):
        verdict, moves, nodes = yield from _onepass(r, s, budget, every)
    elif stockbeam.fits(r):
        verdict, moves, nodes = yield from _stockbeam(r, s, budget, every)
    elif spider.fits(r):
        verdict, moves, nodes = yield from spider.search(r, s, budget, every)
    else:
        verdict, moves, nodes = yield from _search(r, s, budget, every)
    if verdict == "solved":
        _check(r, s, moves)
    v: Verdict = "solved" if verdict == "solved" else (
        "unwinnable" if verdict == "unwinnable" else "unknown")
    return Result(v, moves, nodes, uses_hidden(r, s))


def _search(r: Rules, s: State, budget: int,
            every: int) -> Generator[int, None, Outcome]:
    """Search in passes sharing the budget; the last pass is an exact one.

    Klondike first asks its dead-end test, then runs four best-first passes narrowed by
    ``narrow`` under four heuristic weights, a 48th of the budget each (on Klondike deals
    1-40 most wins come in a few hundred nodes under one of the weights and in none under
    the others), then its own exact depth-first search (``klondike.py``) with the rest;
    a game of that shape with no stock (Yukon) runs that search on a 20th of the budget
    (at most 20,000 positions), then four exact best-first passes (a 40th each, at most
    5,000 positions), then that search again (at most 200,000 positions), then restarts
    of it with the rest, in shuffled orders, as below. Open games played one card
    at a time (Streets and Alleys) run four short best-first restarts (a tenth of the
    budget each, at most 10,000 positions), then the exact depth-first search of
    ``castle.py`` in its own order (at most 60,000 positions), then, past 100,000
    positions, that search in restarts with the rest, its order of moves shuffled by each
    restart's seed, their budgets 1,000 positions times Luby's sequence (1 1 2 1 1 2 4
    ...). (A
    24th each cost hard deals about 5 s of 10 before the exact search. Of deals 1-200,
    draw 1, the 14 that only a larger share lets a narrowed pass win, the exact search
    wins in under 4 s each.) Other games with a waste run the narrowed passes, then exact
    best-first ones, a sixth of the budget each, the last taking what is left. Other games building
    up in suit try short restarts with other weights (a tenth of the budget each) before
    the exact pass. A narrowed pass proves nothing; any exact one may prove the game
    unwinnable. A position the dead-end test (``blocked.py``; for Klondike ``reach.py``)
    finds lost is answered at once, with no node expanded.
    """
    blocked = make_blocked(r)
    if blocked is not None and blocked(s):
        return "unwinnable", [], 0
    narrow = make_narrow(r)

    def best(weights: tuple[int, ...], only: Narrow | None) -> Start:
        return lambda share: best_first(r, s, share, make_heuristic(r, weights), only, every)

    # A pass: how to start it on its share of the budget, the share, whether it is exact.
    passes: list[tuple[Start, int, bool]] = []
    orders = (ALTERNATES[2], WEIGHTS, ALTERNATES[1], ALTERNATES[0])
    if narrow is not None and klondike.fits(r):
        # Klondike's own depth-first search costs about a fifth as much a position. Asked
        # first with no budget, it answers at once a deal its dead-end test finds lost.
        passes.append((lambda share: klondike.dfs(r, s, 0, every), 0, True))
        passes += [(best(w, narrow), budget // 48, False) for w in orders]
        passes.append((lambda share: klondike.dfs(r, s, share, every), budget, True))
    elif klondike.fits(r):
        # Yukon: the depth-first search decides most deals within a few thousand positions;
        # where it does not, four short best-first passes (at most 5,000 positions each)
        # find some wins that it meets only after hundreds of thousands (deals 17, 27, 40,
        # 51, 96 and 164 of 1-200), then it starts again with what is left.
        # Past about 232,000 positions, restarts of the depth-first search in shuffled orders
        # take the rest (at 400,000 they win 9 deals of 1-200 that the search in its own
        # order needs 290,000 to over 800,000 positions for, or never wins); its own order
        # keeps 200,000, more than any loss proven among deals 1-200 needs (176,000).
        first, share = min(budget // 20, 20_000), min(budget // 40, 5_000)
        passes.append((_seeded(klondike.dfs, r, s, every, None), first, True))
        passes += [(best(w, None), share, True) for w in orders]
        own = min(budget - first - 4 * share, 200_000)
        passes.append((_seeded(klondike.dfs, r, s, every, None), own, True))
        for seed, part in restart.restarts(budget - first - 4 * share - own):
            passes.append((_seeded(klondike.dfs, r, s, every, seed), part, True))
    elif castle.fits(r, s):
        # Short best-first restarts find many wins soonest; the depth-first search in its
        # own order (about three times as many positions a second on large searches, and
        # little memory) proves most losses (deals 1-200 in at most 25,000 positions);
        # past 100,000 positions, restarts of it, its order of moves shuffled a little by
        # each seed, find more wins. Any pass that runs dry proves the game lost.
        share = min(budget // 10, 10_000)
        passes += [(best(w, None), share, True) for w in (WEIGHTS, *ALTERNATES)]
        own = min(budget - 4 * share, 60_000)
        passes.append((_seeded(castle.dfs, r, s, every, None), own, True))
        for seed, part in restart.restarts(budget - 4 * share - own):
            passes.append((_seeded(castle.dfs, r, s, every, seed), part, True))
    else:
        if narrow is not None:
            passes += [(best(w, narrow), budget // 6, False) for w in orders]
            passes.append((best(ALTERNATES[2], None), budget // 6, True))
        elif r.game.foundation == SUIT_UP and not r.pairs:
            passes += [(best(w, None), budget // 10, True) for w in (WEIGHTS, *ALTERNATES)]
        passes.append((best(WEIGHTS, None), budget, True))
    used = 0
    last = [0]          # the last pause passed on
    verdict, moves = "unknown", list[Move]()
    for start, share, exact in passes:
        verdict, moves, nodes = yield from _offset(start(min(share, budget - used)), used,
                                                   last)
        used += nodes
        if verdict == "solved" or (verdict == "unwinnable" and exact):
            break
        if every and used > last[0]:
            # A pause between passes too: a pass smaller than ``every`` (Klondike's first
            # four) never pauses itself, and the browser's worker must look at its messages.
            last[0] = used
            yield used
    return verdict, moves, used


def _onepass(r: Rules, s: State, budget: int,
             every: int) -> Generator[int, None, Outcome]:
    """Roosevelt: with more than 20 cards in the stock, beams looking for a win
    (``onepass.beam``, see ``_beams``), then the exact depth-first search
    (``onepass.search``) with the rest.

    The exact search never finishes a whole deal but decides most positions with 20 cards or
    fewer in the stock, so it takes two thirds of the budget from 21 to 40 stock cards and a
    tenth above (it used to take two thirds of a whole deal's budget, and won nothing with
    it).
    """
    stock = len(s.piles[r.stock])
    if stock <= 20:
        return (yield from onepass.search(r, s, budget, every))
    share = budget // 3 if stock <= 40 else budget - budget // 10
    verdict, moves, used = yield from _beams(
        lambda part, width, seed: onepass.beam(r, s, part, width, every, seed),
        share, max(4, share // (6 * (stock + 1))))
    if verdict == "solved":
        return verdict, moves, used
    verdict, moves, nodes = yield from _offset(onepass.search(r, s, budget - used, every),
                                               used)
    return verdict, moves, used + nodes


def _stockbeam(r: Rules, s: State, budget: int,
               every: int) -> Generator[int, None, Outcome]:
    """Moving Left: with more than 20 cards in the stock, beams looking for a win
    (``stockbeam.beam``, see ``_beams``) on nine tenths of the budget, then the general
    search (``_search``) with the rest; with 20 or fewer, the general search alone (which
    never won a whole deal at 40,000 positions, nor did best-first passes at a million)."""
    stock = len(s.piles[r.stock])
    if stock <= 20:
        return (yield from _search(r, s, budget, every))
    share = budget - budget // 10
    verdict, moves, used = yield from _beams(
        lambda part, width, seed: stockbeam.beam(r, s, part, width, every, seed),
        share, max(4, share // (6 * (stock + 1))))
    if verdict == "solved":
        return verdict, moves, used
    verdict, moves, nodes = yield from _offset(_search(r, s, budget - used, every), used)
    return verdict, moves, used + nodes


def _beams(beam: Callable[[int, int, int | None], Generator[int, None, Outcome]],
           share: int, width: int) -> Generator[int, None, Outcome]:
    """Run beams ``beam(budget, width, seed)`` that widen, within ``share`` positions: the
    ``width`` given (the widest the share allows, at about six positions a stock card and a
    unit of width), in its own order, comes after beams of an eighth, a quarter and a half
    of it, each in an order of its own (``seed``). The narrow ones win the easy deals soon;
    the others look at other positions (docs/solver.md has what this won)."""
    used = 0
    verdict, moves = "unknown", list[Move]()
    for seed, w in ((1, width // 8), (2, width // 4), (3, width // 2), (None, width)):
        if w < 4 and seed is not None:
            continue
        verdict, moves, nodes = yield from _offset(beam(share - used, w, seed), used)
        used += nodes
        if verdict == "solved" or used >= share:
            break
    return verdict, moves, used


def _seeded(dfs: Callable[..., Generator[int, None, Outcome]], r: Rules, s: State, every: int,
            seed: int | None) -> Start:
    """A pass of a depth-first search that takes a ``seed`` for restarts (``klondike.dfs``,
    ``castle.dfs``: see there; ``None``, the search's own order)."""
    return lambda share: dfs(r, s, share, every, seed=seed)


def _offset(steps: Generator[int, None, Outcome], base: int,
            last: list[int] | None = None) -> Generator[int, None, Outcome]:
    """Pass on a pass's progress counted from the nodes earlier passes used (noting the
    last in ``last[0]``, if given)."""
    while True:
        try:
            n = next(steps)
        except StopIteration as done:
            outcome: Outcome = done.value
            return outcome
        if last is not None:
            last[0] = base + n
        yield base + n


def _check(r: Rules, s: State, moves: list[Move]) -> None:
    """Replay a solution through the checked API; a failure is a bug in the solver."""
    for m in moves:
        s = r.play(s, m)
    if not r.is_won(s):
        raise AssertionError("the solver's moves do not win")
