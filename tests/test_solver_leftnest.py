"""Moving Left's playouts and nested rollouts (``solver/leftnest.py``): whole deals won, every
win replayed through the checked API, the budget kept, a seed repeated."""

from __future__ import annotations

import patience
from patience.solver import leftnest, solve
from patience.solver.search import drain

from helpers import replays

# Deal 14 is won by the first greedy playout (1,750 positions); deal 2 by the one of seed 5.
FIRST = 14
SEEDED = 2


def test_a_greedy_playout_wins_a_whole_deal_and_its_moves_replay() -> None:
    r = patience.rules("moving_left")
    s = r.deal(FIRST)
    up = [0]
    verdict, moves, nodes = drain(leftnest.nested(r, s, 20_000, up=up))
    assert verdict == "solved" and 0 < nodes < 20_000 and up[0] == 104
    assert replays(r, s, moves)
    assert sum(1 for m in moves if m.src == "stock") == 49


def test_a_nested_search_carries_its_playout_s_win_back_through_its_own_line() -> None:
    # At nesting 1 and width 1, the first level's one position is the playout's own, so the
    # win is found by the inner playout and must be joined to the outer line's steps.
    r = patience.rules("moving_left")
    s = r.deal(FIRST)
    verdict, moves, _ = drain(leftnest.nested(r, s, 20_000, nest=1, width=1))
    assert verdict == "solved" and replays(r, s, moves)


def test_playouts_try_seed_after_seed_within_the_budget() -> None:
    r = patience.rules("moving_left")
    s = r.deal(SEEDED)
    assert drain(leftnest.nested(r, s, 20_000))[0] == "unknown"
    verdict, moves, nodes = drain(leftnest.playouts(r, s, 20_000))
    assert verdict == "solved" and replays(r, s, moves)
    assert drain(leftnest.playouts(r, s, 20_000)) == (verdict, moves, nodes)
    assert drain(leftnest.playouts(r, s, 3_000)) == ("unknown", [], 3_000)


def test_the_solver_wins_moving_left_deals_and_says_nothing_of_the_rest() -> None:
    r = patience.rules("moving_left")
    won = solve(r, r.deal(FIRST), 20_000)
    assert won.verdict == "solved" and replays(r, r.deal(FIRST), won.moves)
    assert solve(r, r.deal(1), 5_000).verdict == "unknown"



def test_playouts_pause_every_slice_across_playouts() -> None:
    # The page's worker runs a search a slice at a time (a pause every ``every`` positions):
    # a run of playouts must pause at each multiple of it, counted over the whole run, not
    # within each playout (which let up to twice a slice go by between pauses).
    r = patience.rules("moving_left")
    s = r.deal(SEEDED)
    walk = leftnest.playouts(r, s, 3_000, every=100)
    pauses: list[int] = []
    try:
        while True:
            pauses.append(next(walk))
    except StopIteration as done:
        assert done.value == ("unknown", [], 3_000)
    assert pauses == list(range(100, 3_001, 100))
