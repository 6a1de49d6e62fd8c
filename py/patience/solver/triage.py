"""Triage for Roosevelt: two narrow beams first, and a deal whose narrow beams stall early is
given up at once, so the budget goes to the deals that may be won.

Most Roosevelt deals are lost, or at least no search here gets far in them: beams 25 and 50
wide (``onepass.beam``, well under a second together) put some 30 of the 104 cards up on a
typical deal, whatever the width or the score's weights. Every deal known won (27, 39, 44,
126 and 156, won by wider beams) had 42 cards or more up in one of those two beams; of deals
1-130, 29 reached ``PROMISE`` (40). The narrow beams prove nothing: a deal given up is
``unknown``, as after a whole budget spent in vain.
"""

from __future__ import annotations

from collections.abc import Generator

from ..game import State
from ..rules import Rules
from . import onepass
from .drive import offset
from .result import Outcome

# The narrow beams' widths, and the cards up one of them must reach for the deal to be
# searched further.
WIDTHS = (25, 50)
PROMISE = 40


def narrow(r: Rules, s: State, budget: int,
           every: int = 0) -> Generator[int, None, tuple[Outcome, int]]:
    """Run the narrow beams within ``budget``; return the outcome (``solved`` when one wins,
    else ``unknown``) and the most cards up they reached."""
    reach = [0]
    used = 0
    for width in WIDTHS:
        beam = onepass.beam(r, s, budget - used, width, every, None, reach)
        verdict, moves, nodes = yield from offset(beam, used)
        used += nodes
        if verdict == "solved" or used >= budget:
            return (verdict, moves, used), reach[0]
    return ("unknown", [], used), reach[0]
