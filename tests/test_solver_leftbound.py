"""Moving Left's relaxed game (``solver/leftbound.py``): a sound dead-end test, and how far it
reaches."""

from __future__ import annotations

import patience
from patience.solver import leftbound, solve
from patience.solver.search import forced
from test_solver_stockbeam import LATE

from helpers import setup

# The waste's top 2S can go nowhere: both AS and all four red 3s lie under it in the waste.
WASTE_LOCKED = {"stock": "-", "waste": "AS AS 3D 3D 3H 3H 2S", "t1": "KC"}


def test_a_waste_card_whose_places_all_lie_under_it_loses() -> None:
    r, s = setup("moving_left", WASTE_LOCKED, filler="t10")
    assert leftbound.lost(r, s)
    result = solve(r, s, budget=1_000)
    assert result.verdict == "unwinnable" and result.nodes == 0


def test_a_token_that_cannot_leave_holds_its_pile_down_for_good() -> None:
    # t1 is the leftmost pile: nothing closes up into it, so its face-down cards come up
    # only when the 2S leaves, and both AS and all four red 3s are under it.
    r, s = setup("moving_left", {"stock": "-", "waste": "-", "t1": "AS AS 3D 3D 3H 3H | 2S"},
                 filler="t10")
    assert leftbound.lost(r, s)


def test_the_close_up_frees_a_pile_whose_left_neighbour_can_empty() -> None:
    # The same cards in t2: when t1's 5C leaves (a red 6 is face up in t10), t2's 2S slides
    # into t1 and the 3H under it turns up, which takes the 2S.
    r, s = setup("moving_left", {"stock": "-", "waste": "-", "t1": "5C",
                                 "t2": "AS AS 3D 3D 3H 3H | 2S"}, filler="t10")
    assert not leftbound.lost(r, s)


def test_the_relaxed_game_wins_every_position_of_a_won_line() -> None:
    # Soundness on the one Moving Left line known won (test_solver_stockbeam's LATE): no
    # position along it may be called lost.
    r, s = setup("moving_left", LATE)
    result = solve(r, s, budget=10_000)
    assert result.verdict == "solved"
    for m in result.moves:
        assert not leftbound.lost(r, s)
        s = r.play(s, m)
    assert r.is_won(s)


def test_no_deal_of_the_first_hundred_is_lost_to_the_relaxation() -> None:
    # What the bound is worth at the deal (docs/solver.md): the relaxed game wins them all,
    # so it bounds Moving Left's win rate by nothing; it prunes positions later in a game.
    r = patience.rules("moving_left")
    assert all(leftbound.relaxed(r, forced(r, r.deal(d))[0]) == 104 for d in range(1, 101))
