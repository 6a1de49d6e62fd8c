"""Roosevelt's reseeded beams (``solver/reseed.py``): narrow beams one after another, each in
an order of its own, until one wins or the budget is spent."""

from __future__ import annotations

import itertools

import patience
from patience.solver import onepass, reseed
from patience.solver.search import drain

from helpers import replays, stepped


def test_a_later_seed_wins_where_the_first_does_not() -> None:
    # Deal 536: the beam 48 wide with seed 1 stalls; the one with seed 2 wins it.
    r = patience.rules("roosevelt")
    s = r.deal(536)
    first = drain(onepass.beam(r, s, 100_000, reseed.WIDTH, seed=reseed.FIRST_SEED))
    assert first[0] == "unknown" and first[2] < 100_000
    verdict, moves, nodes = drain(reseed.reseeded(r, s, 100_000))
    assert verdict == "solved" and first[2] < nodes < 100_000
    assert replays(r, s, moves)


def test_the_budget_is_kept_and_progress_yielded() -> None:
    r = patience.rules("roosevelt")
    s = r.deal(1)
    steps = reseed.reseeded(r, s, 30_000, every=1_000)
    seen, (verdict, moves, nodes) = stepped(steps)
    # Several beams (deal 1's stall within about 10,000 positions), counted as one search.
    assert verdict == "unknown" and moves == [] and nodes == 30_000
    assert seen[0] == 1_000 and 29_000 <= seen[-1] <= 30_000
    assert all(0 < b - a <= 1_000 for a, b in itertools.pairwise(seen))
    assert any(n % 1_000 for n in seen)     # a pause where a beam ended, too


def test_at_most_the_beams_asked_for_run() -> None:
    # Deal 1's beams stall within about 10,000 positions each: two of them use far less than
    # the budget, and as many positions as the first two of an unlimited run.
    r = patience.rules("roosevelt")
    s = r.deal(1)
    two = drain(reseed.reseeded(r, s, 100_000, most=2))
    first = drain(onepass.beam(r, s, 100_000, reseed.WIDTH, seed=reseed.FIRST_SEED))[2]
    second = drain(onepass.beam(r, s, 100_000, reseed.WIDTH, seed=reseed.FIRST_SEED + 1))[2]
    assert two == ("unknown", [], first + second)
    assert drain(reseed.reseeded(r, s, first + second + 1, most=3))[2] == first + second + 1
