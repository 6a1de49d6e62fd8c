"""Each game's schedule as data: the passes that share a search's budget.

A ``Schedule`` is a tuple of ``Pass`` values run in order by ``patience.solver``: a
depth-first pass of the game's own search (``dfs``), best-first passes of the general search
(``best``, or ``narrow``: narrowed by ``narrow.py``, proving nothing), and ``restarts`` of the
depth-first search in shuffled orders with all that is left (``restart.py``). A pass's share
of the budget is ``budget // part`` (all that is left where ``part`` is 0), at most ``cap``;
the first pass that wins, or that proves the game lost (an exact one), ends the search.
``SCHEDULES`` lists the schedules of the searches written for a shape of game, each with the
test (``fits``) that the rules and the position have that shape; a game none takes gets the
general schedule its rules call for (``general``). Why each schedule is as it is:
``docs/solver.md`` and the comments below.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Literal

from ..game import State
from ..rules import Rules
from ..vocab import SUIT_UP
from . import castle, klondike
from .heuristic import ALTERNATES, WEIGHTS
from .narrow import make_narrow
from .search import Outcome

# A depth-first search: rules, position, budget, every, seed (None: its own order).
Dfs = Callable[..., Generator[int, None, Outcome]]


@dataclass(frozen=True)
class Pass:
    """One pass: which search, its share of the budget, its heuristic weights."""

    search: Literal["dfs", "best", "narrow", "restarts"]
    part: int = 0
    cap: int | None = None
    weights: tuple[int, ...] = WEIGHTS

    def share(self, budget: int, used: int) -> int:
        """Return the pass's share of ``budget`` with ``used`` spent."""
        share = budget // self.part if self.part else budget - used
        if self.cap is not None:
            share = min(share, self.cap)
        return min(share, budget - used)


@dataclass(frozen=True)
class Schedule:
    """A game's passes, the depth-first search they run (if any), and its shape test."""

    passes: tuple[Pass, ...]
    dfs: Dfs | None = None
    fits: Callable[[Rules, State], bool] = lambda r, s: True


# The heuristic weights best-first passes try, in this order.
ORDERS = (ALTERNATES[2], WEIGHTS, ALTERNATES[1], ALTERNATES[0])

# Klondike: its own depth-first search costs about a fifth as much a position as the general
# search. Asked first with no budget, it answers at once a deal its dead-end test finds lost.
# Then four best-first passes narrowed by ``narrow``, a 48th of the budget each (on deals
# 1-40 most wins come in a few hundred nodes under one of the weights and in none under the
# others; a 24th each cost hard deals about 5 s of 10 before the exact search; of deals
# 1-200, draw 1, the 14 that only a larger share lets a narrowed pass win, the exact search
# wins in under 4 s each), then the depth-first search with the rest.
KLONDIKE = Schedule(
    (Pass("dfs", cap=0), *(Pass("narrow", 48, weights=w) for w in ORDERS), Pass("dfs")),
    klondike.dfs, lambda r, s: klondike.fits(r) and make_narrow(r) is not None)

# Yukon: the depth-first search decides most deals within a few thousand positions; where it
# does not, four short best-first passes (at most 5,000 positions each) find some wins that
# it meets only after hundreds of thousands (deals 17, 27, 40, 51, 96 and 164 of 1-200),
# then it starts again (at most 200,000 positions, more than any loss proven among deals
# 1-200 needs, 176,000). Past about 232,000 positions, restarts of it in shuffled orders
# take the rest (at 400,000 they win 9 deals of 1-200 that the search in its own order needs
# 290,000 to over 800,000 positions for, or never wins).
YUKON = Schedule(
    (Pass("dfs", 20, 20_000), *(Pass("best", 40, 5_000, w) for w in ORDERS),
     Pass("dfs", cap=200_000), Pass("restarts")),
    klondike.dfs, lambda r, s: klondike.fits(r))

# Streets and Alleys: short best-first restarts find many wins soonest; the depth-first
# search in its own order (about three times as many positions a second on large searches,
# and little memory) proves most losses (deals 1-200 in at most 25,000 positions); past
# 100,000 positions, restarts of it, its order of moves shuffled a little by each seed, find
# more wins. Any pass that runs dry proves the game lost.
CASTLE = Schedule(
    (*(Pass("best", 10, 10_000, w) for w in (WEIGHTS, *ALTERNATES)), Pass("dfs", cap=60_000),
     Pass("restarts")),
    castle.dfs, castle.fits)

# Other games with a waste: the narrowed passes, then exact best-first ones, a sixth of the
# budget each, the last taking what is left.
NARROWED = Schedule((*(Pass("narrow", 6, weights=w) for w in ORDERS),
                     Pass("best", 6, weights=ALTERNATES[2]), Pass("best")))
# Other games building up in suit: short restarts with other weights (a tenth of the budget
# each) before the exact pass.
SUITED = Schedule((*(Pass("best", 10, weights=w) for w in (WEIGHTS, *ALTERNATES)),
                   Pass("best")))
PLAIN = Schedule((Pass("best"),))

# The schedules of the games with a depth-first search of their own, asked in this order:
# the first whose shape test holds of the rules and the position is the game's.
SCHEDULES: tuple[Schedule, ...] = (KLONDIKE, YUKON, CASTLE)


def schedule_of(r: Rules, s: State) -> Schedule:
    """Return the schedule of the general solver for the game of ``r`` at ``s``."""
    for own in SCHEDULES:
        if own.fits(r, s):
            return own
    return general(r)


def general(r: Rules) -> Schedule:
    """Return the schedule of a game with no search of its own."""
    if make_narrow(r) is not None:
        return NARROWED
    if r.game.foundation == SUIT_UP and not r.pairs:
        return SUITED
    return PLAIN
