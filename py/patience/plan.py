"""What a game asks of the solver, as data its table declares (``Game.solver``).

A ``Plan`` names the search written for the game's shape and, for a depth-first search run
in passes, the ``Pass`` values that share the budget. The games import this module, never
the solver; ``patience.solver`` maps each name to its search, and runs it only where the
search's shape test holds of the rules and the position (otherwise, and for a game that
declares nothing, the general schedule its rules call for). Why each game's plan is as it
is: the comment beside it in the game's file, and ``docs/solver.md``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

# The searches a plan may name, each ``<module>_search`` after its module in
# ``patience/solver/``: ``general`` (the best-first search in the passes the rules call for,
# ``schedule.py``); the depth-first searches run in the plan's passes, ``klondike_search``
# (alternating colours, Kings to empty piles, face-down cards) and ``castle_search`` (open
# piles building regardless of suit, one card at a time); and the searches with passes of
# their own: ``freecell_search`` (free cells and supermoves), ``spider_search`` (whole runs
# off), ``pyramid_search`` (pairs), ``peaks_search`` (cards onto a waste), ``row_search``
# (a wrapping foundation), ``onepass_search`` (one pass through the stock, one card lifted)
# ``forty_search`` (one pass through a two-deck stock, in-suit builds, one card lifted) and
# ``stockbeam_search`` (beams through a two-deck stock), and ``leftward_search`` (Moving
# Left's: a relaxed game's dead-end test, then ``stockbeam_search``).
Search = Literal["general", "klondike_search", "castle_search", "freecell_search",
                 "spider_search", "pyramid_search", "peaks_search", "row_search",
                 "onepass_search", "forty_search", "stockbeam_search", "leftward_search"]
# The heuristic's weights a best-first pass uses, by name (``solver/heuristic.py``: ``usual``
# is ``WEIGHTS``, ``alt0``-``alt2`` the ``ALTERNATES``).
Weights = Literal["usual", "alt0", "alt1", "alt2"]
# The weights best-first passes try one after the other where a plan tries them all: for
# short restarts under each (``EACH``), or in the order that suits a waste (``ORDERS``).
EACH: tuple[Weights, ...] = ("usual", "alt0", "alt1", "alt2")
ORDERS: tuple[Weights, ...] = ("alt2", "usual", "alt1", "alt0")


@dataclass(frozen=True)
class Pass:
    """One pass: which search (the plan's depth-first search, ``restarts`` of it in shuffled
    orders, or a best-first pass, ``narrow`` for one narrowed to promising moves that proves
    nothing), its share of the budget (``budget // part``, all that is left where ``part``
    is 0, at most ``cap``) and the best-first heuristic's weights."""

    search: Literal["dfs", "best", "narrow", "restarts"]
    part: int = 0
    cap: int | None = None
    weights: Weights = "usual"

    def share(self, budget: int, used: int) -> int:
        """Return the pass's share of ``budget`` with ``used`` spent."""
        share = budget // self.part if self.part else budget - used
        if self.cap is not None:
            share = min(share, self.cap)
        return min(share, budget - used)


@dataclass(frozen=True)
class Plan:
    """The search a game takes and, for ``klondike_search`` and ``castle_search``, the
    passes it runs in order (the first that wins, or that proves the game lost with an
    exact pass, ends it)."""

    search: Search = "general"
    passes: tuple[Pass, ...] = ()

    def __post_init__(self) -> None:
        staged = self.search in ("klondike_search", "castle_search")
        if staged != bool(self.passes):
            raise ValueError(f"a {self.search} plan {'needs' if staged else 'takes no'} passes")


GENERAL = Plan()
