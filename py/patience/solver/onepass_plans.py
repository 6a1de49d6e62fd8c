"""Roosevelt's searches, old and new, by name: the bench's before/after line (issue 27 asks for
the share of deals 1-400 won at the winnable list's budget, before and after its searches).

- ``issue17``: the search of issue 17's time, which made the study's first rows (deals 1-50
  at 10,000): one beam on a third of the budget, as wide as that third allows at eight
  positions a stock card and a unit of width, then the exact depth-first search with the
  rest. (The beam's score is today's; it has changed little since.)
- ``widening``: beams that widen (``api._beams``) on nine tenths of the budget, then the exact
  search: the search from issue 27's first day until the triage.
- ``session30``: the triage, then reseeded beams on nine tenths of the budget, then the
  exact search with the rest: ``solve``'s until session 31, which stops after
  ``reseed.MOST`` reseeded beams and leaves the exact search out above 40 stock cards.
- ``today``: what ``solve`` runs (``api._onepass``).
- ``lookahead``: today's, its reseeded beams rating positions by ``lookahead.score`` (the next
  stock cards with a place), not yet ``solve``'s.

Every plan is a generator like ``solve_steps``'s searches and returns an ``Outcome``; a
``solved`` outcome's moves are replayed through the checked API by ``solve_with``.
"""

from __future__ import annotations

from collections.abc import Callable, Generator

from ..game import State
from ..rules import Rules
from . import api, lookahead, onepass, reseed, triage
from .drive import offset
from .result import Outcome, Result
from .search import drain

Plan = Callable[[Rules, State, int, int], Generator[int, None, Outcome]]


def issue17(r: Rules, s: State, budget: int, every: int = 0) -> Generator[int, None, Outcome]:
    """One beam on a third of the budget, then the exact search (``onepass.search``)."""
    stock = len(s.piles[r.stock])
    if stock <= 20:
        return (yield from onepass.search(r, s, budget, every))
    share = budget // 3
    beams = yield from onepass.beam(r, s, share, max(4, share // (8 * (stock + 1))), every)
    return (yield from api._then_exact(onepass.search, r, s, budget, every, beams))


def widening(r: Rules, s: State, budget: int, every: int = 0) -> Generator[int, None, Outcome]:
    """Beams that widen on nine tenths of the budget (a third from 21 to 40 stock cards),
    then the exact search with the rest."""
    stock = len(s.piles[r.stock])
    if stock <= 20:
        return (yield from onepass.search(r, s, budget, every))
    share = budget // 3 if stock <= 40 else budget - budget // 10
    beams = yield from api._beams(
        lambda part, width, seed: onepass.beam(r, s, part, width, every, seed),
        share, max(4, share // (6 * (stock + 1))))
    return (yield from api._then_exact(onepass.search, r, s, budget, every, beams))


def session30(r: Rules, s: State, budget: int,
              every: int = 0) -> Generator[int, None, Outcome]:
    """The triage (``triage.narrow``), then reseeded beams with no limit on their number on
    nine tenths of the budget, then the exact search with the rest (above 40 stock cards;
    from 40 down, today's)."""
    stock = len(s.piles[r.stock])
    if stock <= 40:
        return (yield from api._onepass(r, s, budget, every))
    (verdict, moves, first), reach = yield from triage.narrow(r, s, budget, every)
    if verdict == "solved" or reach < triage.PROMISE or first >= budget:
        return verdict, moves, first
    share = budget - budget // 10 - first
    verdict, moves, used = yield from offset(reseed.reseeded(r, s, share, every), first)
    return (yield from api._then_exact(onepass.search, r, s, budget, every,
                                       (verdict, moves, first + used)))


def ahead(r: Rules, s: State, budget: int, every: int = 0) -> Generator[int, None, Outcome]:
    """Today's search, its reseeded beams rating positions by ``lookahead.score``."""
    return (yield from api._onepass(r, s, budget, every, lookahead.score))


PLANS: dict[str, Plan] = {"issue17": issue17, "widening": widening, "session30": session30,
                          "today": api._onepass, "lookahead": ahead}


def solve_with(plan: str, r: Rules, s: State, budget: int) -> Result:
    """Search ``s`` with the named plan (``PLANS``) within ``budget`` positions, its outcome
    made a ``Result`` as ``solve``'s is (``api.answer``: a win replayed through the checked
    API)."""
    if not onepass.fits(r):
        raise ValueError(f"the one-pass plans do not fit {r.game.id}")
    return api.answer(r, s, drain(PLANS[plan](r, s, budget, 0)))
