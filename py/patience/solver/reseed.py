"""Roosevelt past the triage: one narrow beam after another, each breaking the ties of its
score in an order of its own, until one wins, the budget is spent, or (for a whole deal,
``MOST``) two have run.

A Roosevelt beam (``onepass.beam``) is chaotic: the same deal, beams of the same width, ties
broken in another order, end anywhere from 22 to 95 cards up (deal 27, width 24), and a wider
beam is not surely better (deal 536 is won by three of four beams 48 wide and by none of four
96 wide). The deals found won were won by beams 48 to 96 wide within 20,000-35,000 positions,
so many such beams in different orders buy more chances in a budget than beams that widen
(``_beams`` of the solver's ``__init__``, the schedule before: 24, 48, 97 and 194 wide in
100,000 positions). A beam proves nothing: the search ends ``solved`` or ``unknown``.
"""

from __future__ import annotations

from collections.abc import Generator

from ..game import State
from ..rules import Rules
from . import onepass
from .drive import offset
from .result import Outcome

# The beams' width, and the seed of the first (seeds 1, 2, 3 … follow).
WIDTH = 48
FIRST_SEED = 1
# The most beams a whole deal gets (``api._onepass``): past the second, a beam's wins cost
# some three times the CPU of the search's average win (docs/solver.md, session 31).
MOST = 2


def reseeded(r: Rules, s: State, budget: int, every: int = 0, width: int = WIDTH,
             score: onepass.Score | None = None,
             most: int = 0) -> Generator[int, None, Outcome]:
    """Run beams ``width`` wide with seeds 1, 2, 3 … within ``budget`` positions (and at
    most ``most`` of them, if given); return ``solved`` with the first win's moves, else
    ``unknown``, and the positions used. A generator like ``onepass.beam``: it yields the
    positions used so far every ``every`` of them or sooner (never when ``every`` is 0).
    ``score``: the beams' rating, if not ``onepass``'s own."""
    used = 0
    seed = FIRST_SEED
    while used < budget and not (most and seed - FIRST_SEED >= most):
        beam = onepass.beam(r, s, budget - used, width, every, seed, score=score)
        verdict, moves, nodes = yield from offset(beam, used)
        used += nodes
        if verdict == "solved":
            return verdict, moves, used
        if nodes == 0:
            break
        if every and used < budget:
            yield used      # a pause between beams too, so none is more than ``every`` apart
        seed += 1
    return "unknown", [], used
