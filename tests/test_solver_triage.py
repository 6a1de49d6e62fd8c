"""Roosevelt's triage (``solver/triage.py``): narrow beams first, and a deal whose narrow
beams stall early is given up at once, while deals known won go on to the reseeded beams."""

from __future__ import annotations

import patience
from patience.solver import onepass, solve, triage
from patience.solver.search import drain

from helpers import replays


def test_a_deal_whose_narrow_beams_stall_is_given_up_soon() -> None:
    r = patience.rules("roosevelt")
    s = r.deal(1)
    (verdict, moves, used), reach = drain(triage.narrow(r, s, 400_000))
    assert verdict == "unknown" and moves == [] and reach < triage.PROMISE
    # solve() spends no more than the narrow beams on it, not its budget.
    result = solve(r, s, budget=400_000)
    assert result.verdict == "unknown" and result.nodes == used < 20_000


def test_a_deal_known_won_passes_the_triage_and_is_won() -> None:
    # Deal 27: the narrow beams reach 55 cards up but win nothing; the reseeded beams win it.
    r = patience.rules("roosevelt")
    s = r.deal(27)
    (verdict, _, used), reach = drain(triage.narrow(r, s, 400_000))
    assert verdict == "unknown" and reach >= triage.PROMISE
    result = solve(r, s, budget=400_000)
    assert result.verdict == "solved" and result.nodes > used
    assert replays(r, s, result.moves)


def test_the_beam_reports_the_most_cards_up_it_rated() -> None:
    r = patience.rules("roosevelt")
    s = r.deal(27)
    reach = [0]
    drain(onepass.beam(r, s, 100_000, 25, reach=reach))
    narrow = [0]
    drain(onepass.beam(r, s, 100_000, 50, reach=narrow))
    # The two triage beams' figures, as the triage takes the larger.
    assert 0 < reach[0] < triage.PROMISE <= narrow[0] <= 104
