"""Roosevelt's searches by name (``solver/onepass_plans.py``), for the bench's before and
after: each runs within its budget, a win is replayed through the checked API, and a game of
another shape is refused."""

from __future__ import annotations

import pytest

import patience
from patience.solver import onepass_plans, solve

from helpers import replays


def test_today_is_what_solve_runs() -> None:
    # Deal 1604: the first narrow beam of the triage wins it.
    r = patience.rules("roosevelt")
    s = r.deal(1604)
    got = onepass_plans.solve_with("today", r, s, 100_000)
    assert got.verdict == "solved" and replays(r, s, got.moves)
    assert got == solve(r, s, budget=100_000)


@pytest.mark.parametrize("plan", ["issue17", "widening", "session30"])
def test_the_older_plans_spend_their_whole_budget_on_a_deal_they_do_not_win(plan: str) -> None:
    # Deal 1 is won by no search here; the older plans end with the exact search, which
    # spends what the beams left, so they use the whole budget (today's gives it up early).
    r = patience.rules("roosevelt")
    s = r.deal(1)
    got = onepass_plans.solve_with(plan, r, s, 3_000)
    assert got.verdict == "unknown" and got.nodes == 3_000 and got.moves == []


def test_today_gives_up_a_deal_after_its_last_beam_where_session30_spent_the_budget() -> None:
    # Deal 24 passes the triage (57 cards up) and no beam wins it: today's search stops after
    # reseed.MOST reseeded beams, session 30's went on to the whole budget.
    r = patience.rules("roosevelt")
    s = r.deal(24)
    now = onepass_plans.solve_with("today", r, s, 200_000)
    before = onepass_plans.solve_with("session30", r, s, 200_000)
    assert now.verdict == before.verdict == "unknown"
    assert 30_000 < now.nodes < 100_000 and before.nodes == 200_000


def test_a_game_of_another_shape_is_refused() -> None:
    r = patience.rules("klondike")
    with pytest.raises(ValueError, match="one-pass"):
        onepass_plans.solve_with("today", r, r.deal(1), 1_000)
