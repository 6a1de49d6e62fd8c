"""The solver's dispatch and passes: what ``patience.solver`` gives (``solve``,
``solve_steps``, ``search_of``, ``uses_hidden``, ``DEFAULT_BUDGET``), imported the first time
one of them is asked for (``__init__.py`` says why)."""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterator

from ..game import Move, State
from ..rules import Rules
from . import forty, freecell, onepass, peaks, pyramid, reseed, restart, spider, stockbeam, triage
from .blocked import make_blocked
from .drive import offset
from .fortybound import lost as forty_lost
from .heuristic import make_heuristic
from .leftfast import fits as left_fits
from .leftnest import playouts as left_playouts
from .leftward import search as leftward_search
from .narrow import Narrow, make_narrow
from .result import Outcome, Result, Verdict
from .row import fits, row_search
from .schedule import WEIGHTS_OF, Fits, Schedule, schedule_of, staged
from .search import best_first, drain
from .winnable import winnable_key

__all__ = ["DEFAULT_BUDGET", "Result", "Verdict", "search_of", "solve", "solve_steps",
           "uses_hidden", "winnable_key"]

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
    name = search_of(r, s)
    search = OWN[name][1] if name in OWN else _search
    return answer(r, s, (yield from search(r, s, budget, every)))


def answer(r: Rules, s: State, outcome: Outcome) -> Result:
    """Make a search's ``outcome`` for position ``s`` the solver's ``Result``: a win is
    replayed through the checked API first (``_check``)."""
    verdict, moves, nodes = outcome
    if verdict == "solved":
        _check(r, s, moves)
    v: Verdict = "solved" if verdict == "solved" else (
        "unwinnable" if verdict == "unwinnable" else "unknown")
    return Result(v, moves, nodes, uses_hidden(r, s))


def search_of(r: Rules, s: State) -> str:
    """Name the search ``solve`` runs for position ``s``: the one the game's table declares
    (``Game.solver``, a ``patience.plan.Plan``) where its shape test holds of the rules and
    the position, otherwise ``general`` (the passes of ``schedule.general``)."""
    name = r.game.solver.search
    own = OWN.get(name)
    if (own is not None and own[0](r, s)) or staged(r, s) is not None:
        return name
    return "general"


def _search(r: Rules, s: State, budget: int,
            every: int) -> Generator[int, None, Outcome]:
    """Search in passes sharing the budget, as the game's schedule says (``schedule.py``).

    A narrowed pass proves nothing; any exact one may prove the game unwinnable. A position
    the dead-end test (``blocked.py``; for Klondike ``reach.py``) finds lost is answered at
    once, with no node expanded.
    """
    blocked = make_blocked(r)
    if blocked is not None and blocked(s):
        return "unwinnable", [], 0
    plan = schedule_of(r, s)
    narrow = make_narrow(r)
    spent = [0]         # the nodes the passes used
    last = [0]          # the last pause passed on
    verdict, moves = "unknown", list[Move]()
    for start, share, exact in _passes(r, s, every, plan, narrow, budget, spent):
        verdict, moves, nodes = yield from offset(start(share), spent[0], last)
        spent[0] += nodes
        used = spent[0]
        if verdict == "solved" or (verdict == "unwinnable" and exact):
            break
        if every and used > last[0]:
            # A pause between passes too: a pass smaller than ``every`` (Klondike's first
            # four) never pauses itself, and the browser's worker must look at its messages.
            last[0] = used
            yield used
    return verdict, moves, spent[0]


def _passes(r: Rules, s: State, every: int, plan: Schedule, narrow: Narrow | None,
            budget: int, spent: list[int]) -> Iterator[tuple[Start, int, bool]]:
    """Yield each pass of ``plan``: how to start it on its share, the share (of what is
    left when it comes, ``spent[0]`` used), whether it is exact."""
    # The positions the depth-first passes prove lost, shared by them (``proofs.Sharing``).
    proven: set[int] | None = set() if plan.shares else None
    for p in plan.passes:
        if p.search in ("best", "narrow"):
            only = narrow if p.search == "narrow" else None
            yield (_best(r, s, every, WEIGHTS_OF[p.weights], only), p.share(budget, spent[0]),
                   only is None)
        elif plan.dfs is not None and p.search == "dfs":
            yield (_seeded(plan.dfs, r, s, every, None, proven), p.share(budget, spent[0]),
                   True)
        elif plan.dfs is not None:
            for seed, part in restart.restarts(budget - spent[0]):
                yield _seeded(plan.dfs, r, s, every, seed, proven), part, True


def _best(r: Rules, s: State, every: int, weights: tuple[int, ...],
          only: Narrow | None) -> Start:
    """A best-first pass under ``weights``, narrowed by ``only`` (if given)."""
    return lambda share: best_first(r, s, share, make_heuristic(r, weights), only, every)


def _onepass(r: Rules, s: State, budget: int, every: int,
             score: onepass.Score | None = None) -> Generator[int, None, Outcome]:
    """Roosevelt: with more than 20 cards in the stock, beams looking for a win
    (``onepass.beam``), then, from 40 stock cards down, the exact depth-first search
    (``onepass.search``) with the rest.

    The exact search never finishes a whole deal but decides most positions with 20 cards or
    fewer in the stock, so it takes two thirds of the budget from 21 to 40 stock cards, after
    beams that widen (``_beams``). Above 40 it never won a deal, and only beams run: two
    narrow ones first (``triage.narrow``); when neither puts ``triage.PROMISE`` cards up,
    the search gives up at once, ``unknown``; else at most ``reseed.MOST`` narrow beams in
    orders of their own (``reseed.reseeded``, rating positions by ``score`` if given), and
    the search ends ``unknown`` if none wins, within the budget or short of it.
    """
    stock = len(s.piles[r.stock])
    if stock <= 20:
        return (yield from onepass.search(r, s, budget, every))
    if stock > 40:
        (verdict, moves, first), reach = yield from triage.narrow(r, s, budget, every)
        if verdict == "solved" or reach < triage.PROMISE or first >= budget:
            return verdict, moves, first
        beams = reseed.reseeded(r, s, budget - first, every, score=score, most=reseed.MOST)
        verdict, moves, used = yield from offset(beams, first)
        return verdict, moves, first + used
    share = budget // 3
    outcome = yield from _beams(
        lambda part, width, seed: onepass.beam(r, s, part, width, every, seed),
        share, max(4, share // (6 * (stock + 1))))
    return (yield from _then_exact(onepass.search, r, s, budget, every, outcome))


def _stockbeam(r: Rules, s: State, budget: int,
               every: int) -> Generator[int, None, Outcome]:
    """Moving Left: with more than 20 cards in the stock, beams looking for a win
    (``stockbeam.beam``) on nine tenths of the budget, then the general search (``_search``)
    with the rest; with 20 or fewer, the general search alone (which never won a whole deal
    at 40,000 positions, nor did best-first passes at a million). See
    ``_beams_then_exact``."""
    return (yield from _beams_then_exact(stockbeam.beam, _search, r, s, budget, every))


def _leftnest(r: Rules, s: State, budget: int,
              every: int) -> Generator[int, None, Outcome]:
    """Moving Left: with more than 20 cards in the stock, greedy playouts on the fast board
    (``leftnest.playouts``, ties broken in an order of their own each) on nine tenths of the
    budget, then the general search (``_search``) with the rest; with 20 or fewer, the
    general search alone. The playouts won 4 of deals 1-20 within 20 each, where no beam
    (``leftbeam.beam``) ever won a deal (docs/solver.md, session 33)."""
    if len(s.piles[r.stock]) <= 20:
        return (yield from _search(r, s, budget, every))
    share = budget - budget // 10
    first = yield from left_playouts(r, s, share, every)
    return (yield from _then_exact(_search, r, s, budget, every, first))


def _forty(r: Rules, s: State, budget: int, every: int) -> Generator[int, None, Outcome]:
    """Forty Thieves: with more than 20 cards in the stock, beams looking for a win
    (``forty.beam``) on nine tenths of the budget, then the exact depth-first search
    (``forty.search``) with the rest; with 20 or fewer, the exact search alone. (On deals
    1-10 the exact search alone won one at 200,000 positions, beams 200 wide five.) See
    ``_beams_then_exact``. A position the relaxed game of ``fortybound.py`` loses (no pile
    can ever be emptied) is answered at once, with no node expanded."""
    if forty_lost(r, s):
        return "unwinnable", [], 0
    return (yield from _beams_then_exact(forty.beam, forty.search, r, s, budget, every))


# A beam of a game (``forty.beam``, ``stockbeam.beam``): rules, position, budget, width,
# pause, seed; and a search that may finish a deal: rules, position, budget, pause.
Beam = Callable[[Rules, State, int, int, int, int | None], Generator[int, None, Outcome]]
Search = Callable[[Rules, State, int, int], Generator[int, None, Outcome]]


def _beams_then_exact(beam: Beam, exact: Search, r: Rules, s: State, budget: int,
                      every: int) -> Generator[int, None, Outcome]:
    """With more than 20 cards in the stock, widening beams of ``beam`` looking for a win
    (``_beams``) on nine tenths of the budget, then ``exact`` with the rest (its progress
    counted on from what the beams used); with 20 or fewer, ``exact`` alone."""
    stock = len(s.piles[r.stock])
    if stock <= 20:
        return (yield from exact(r, s, budget, every))
    share = budget - budget // 10
    beams = yield from _beams(lambda part, width, seed: beam(r, s, part, width, every, seed),
                              share, max(4, share // (6 * (stock + 1))))
    return (yield from _then_exact(exact, r, s, budget, every, beams))


def _then_exact(exact: Search, r: Rules, s: State, budget: int, every: int,
                beams: Outcome) -> Generator[int, None, Outcome]:
    """Return the win of the beams run first (``beams``, their outcome, the nodes they
    used counted in it), else run ``exact`` on what they left of ``budget``, its progress
    and its nodes counted on from theirs."""
    verdict, moves, used = beams
    if verdict == "solved":
        return beams
    verdict, moves, nodes = yield from offset(exact(r, s, budget - used, every), used)
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
        verdict, moves, nodes = yield from offset(beam(share - used, w, seed), used)
        used += nodes
        if verdict == "solved" or used >= share:
            break
    return verdict, moves, used


def _seeded(dfs: Callable[..., Generator[int, None, Outcome]], r: Rules, s: State, every: int,
            seed: int | None, proven: set[int] | None = None) -> Start:
    """A pass of a depth-first search that takes a ``seed`` for restarts (``klondike.dfs``,
    ``castle.dfs``: see there; ``None``, the search's own order), and the set of positions
    its passes prove lost where they share one (``castle.dfs``)."""
    if proven is None:
        return lambda share: dfs(r, s, share, every, seed=seed)
    return lambda share: dfs(r, s, share, every, seed=seed, proven=proven)


def _check(r: Rules, s: State, moves: list[Move]) -> None:
    """Replay a solution through the checked API; a failure is a bug in the solver."""
    for m in moves:
        s = r.play(s, m)
    if not r.is_won(s):
        raise AssertionError("the solver's moves do not win")


# The searches with passes of their own, by the name a game's plan gives them
# (``patience.plan``), each with the test that the rules and the position have the shape it
# is written for; a game that names none of them, or whose position its search's test
# refuses, gets the passes of its schedule (``schedule.py``, run by ``_search``).
OWN: dict[str, tuple[Fits, Callable[[Rules, State, int, int],
                                    Generator[int, None, Outcome]]]] = {
    "row_search": (lambda r, s: fits(r), row_search),
    "peaks_search": (lambda r, s: peaks.fits(r), peaks.search),
    "freecell_search": (freecell.fits, freecell.solve_passes),
    "pyramid_search": (pyramid.fits, pyramid.search),
    "onepass_search": (lambda r, s: onepass.fits(r), _onepass),
    "forty_search": (lambda r, s: forty.fits(r), _forty),
    "stockbeam_search": (lambda r, s: stockbeam.fits(r), _stockbeam),
    "leftward_search": (lambda r, s: left_fits(r),
                        lambda r, s, b, e: leftward_search(r, s, b, e, _leftnest)),
    "spider_search": (lambda r, s: spider.fits(r), spider.search),
}
