"""Each game's schedule as data: the passes that share a search's budget.

A game's table declares its plan (``Game.solver``, a ``patience.plan.Plan``): for the
depth-first searches run in passes (``STAGED``: ``klondike_search``, ``castle_search``),
the ``Pass`` values run in order by ``patience.solver``: a depth-first pass of the search (``dfs``),
best-first passes of the general search (``best``, or ``narrow``: narrowed by ``narrow.py``,
proving nothing), and ``restarts`` of the depth-first search in shuffled orders with all that
is left (``restart.py``). A pass's share of the budget is ``budget // part`` (all that is
left where ``part`` is 0), at most ``cap``; the first pass that wins, or that proves the game
lost (an exact one), ends the search. A game whose plan names no such search, or whose
position the search's shape test (``fits``) refuses, gets the general schedule its rules
call for (``general``). Why each game's passes are as they are: the comment beside its plan
in ``patience/games/`` and ``docs/solver.md``.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass

from ..game import State
from ..plan import EACH, ORDERS, Pass, Weights
from ..rules import Rules
from ..vocab import SUIT_UP
from . import castle, klondike
from .heuristic import ALTERNATES, WEIGHTS
from .narrow import make_narrow
from .result import Outcome

# A depth-first search run in passes (``klondike.dfs``, ``castle.dfs``: each a function over
# ``drive.depth_first``): called with the rules, the position, the budget and ``every``, and
# ``seed`` by keyword (None: its own order; ``api._seeded``), past options of its own with
# their defaults (``prune``, ``merge``, ``eager``), hence the ``...``.
Dfs = Callable[..., Generator[int, None, Outcome]]
# A test that the rules and the position have the shape a search is written for.
Fits = Callable[[Rules, State], bool]

# The heuristic's weights a plan names (``patience.plan.Weights``).
WEIGHTS_OF: dict[Weights, tuple[int, ...]] = {
    "usual": WEIGHTS, "alt0": ALTERNATES[0], "alt1": ALTERNATES[1], "alt2": ALTERNATES[2]}


@dataclass(frozen=True)
class Schedule:
    """The passes of a search and the depth-first search they run (if any)."""

    passes: tuple[Pass, ...]
    dfs: Dfs | None = None
    # Whether the depth-first passes share the positions they prove lost (a ``proven`` set,
    # ``proofs.Sharing``).
    shares: bool = False


# The depth-first searches a plan's passes run, by the name the plan gives them, each with
# its shape test and whether its passes share what they prove lost.
STAGED: dict[str, tuple[Fits, Dfs, bool]] = {
    "klondike_search": (lambda r, s: klondike.fits(r), klondike.dfs, True),
    "castle_search": (castle.fits, castle.dfs, True),
}

# Games with a waste: the narrowed passes, then exact best-first ones, a sixth of the
# budget each, the last taking what is left.
NARROWED = Schedule((*(Pass("narrow", 6, weights=w) for w in ORDERS),
                     Pass("best", 6, weights="alt2"), Pass("best")))
# Games building up in suit: short restarts with other weights (a tenth of the budget
# each) before the exact pass.
SUITED = Schedule((*(Pass("best", 10, weights=w) for w in EACH), Pass("best")))
PLAIN = Schedule((Pass("best"),))


def staged(r: Rules, s: State) -> Schedule | None:
    """Return the schedule the game of ``r`` declares for a depth-first search run in
    passes, if it declares one and the search takes position ``s`` (a plan with narrowed
    passes needs a narrowing of the game's moves); otherwise ``None``."""
    plan = r.game.solver
    own = STAGED.get(plan.search)
    if own is None or not own[0](r, s):
        return None
    if any(p.search == "narrow" for p in plan.passes) and make_narrow(r) is None:
        return None
    return Schedule(plan.passes, own[1], own[2])


def schedule_of(r: Rules, s: State) -> Schedule:
    """Return the schedule of the general solver for the game of ``r`` at ``s``."""
    return staged(r, s) or general(r)


def general(r: Rules) -> Schedule:
    """Return the schedule of a game with no search of its own."""
    if make_narrow(r) is not None:
        return NARROWED
    if r.game.foundation == SUIT_UP and not r.pairs:
        return SUITED
    return PLAIN
