"""Forty Thieves' search (``solver/forty.py``): which games it takes, its verdicts against a
plain search of every reachable position on small and late positions, and its wins."""

from __future__ import annotations

import random

import patience
from patience import Rules, State
from patience.solver import forty, solve
from patience.solver.search import drain

from helpers import plain_search, played_out, replays, small_two_deck


def test_it_takes_forty_thieves_only_among_the_games() -> None:
    taken = {g for g in patience.GAMES if forty.fits(patience.rules(g))}
    assert taken == {"forty_thieves"}


def agree(r: Rules, s: State) -> str | None:
    """Return the exact search's verdict, checked against the plain search (``None`` where
    the plain search is too long); a win replays through the checked API."""
    truth = plain_search(r, s, 20_000)
    if truth is None:
        return None
    want = "solved" if truth else "unwinnable"
    verdict, moves, _ = drain(forty.search(r, s, 100_000))
    assert verdict == want, patience.format_position(r, s)
    if verdict == "solved":
        assert replays(r, s, moves)
    return want


def test_verdicts_agree_with_a_plain_search_on_small_positions() -> None:
    rng = random.Random(5)
    verdicts = [agree(*small_two_deck("forty_thieves", rng, 8, (10, 12), 2)) for _ in range(25)]
    # Small positions with an empty pile soon are all won; the late ones below are lost.
    assert verdicts.count("solved") == 25


def test_verdicts_agree_with_a_plain_search_late_in_random_games() -> None:
    rng = random.Random(1)
    verdicts = [agree(*played_out("forty_thieves", rng, 3)) for _ in range(8)]
    assert verdicts.count("unwinnable") >= 6


def test_the_beams_win_deals_the_exact_search_does_not() -> None:
    # Deal 1: the exact search alone runs out of 20,000 positions; a beam 20 wide wins it,
    # and solve() (beams on nine tenths of the budget, the widest 46 wide over the deal's
    # 64 stock cards after beams of 5, 11 and 23) wins it too.
    r = patience.rules("forty_thieves")
    s = r.deal(1)
    assert drain(forty.search(r, s, 20_000))[0] == "unknown"
    verdict, moves, _ = drain(forty.beam(r, s, 100_000, 20))
    assert verdict == "solved" and replays(r, s, moves)
    result = solve(r, s, budget=20_000)
    assert result.verdict == "solved" and replays(r, s, result.moves)
    # Deal 2: a beam that finds nothing says so: it proves no loss.
    assert drain(forty.beam(r, r.deal(2), 100_000, 4))[0] == "unknown"


def test_the_exact_search_wins_a_deal_in_its_own_order() -> None:
    r = patience.rules("forty_thieves")
    s = r.deal(5)
    verdict, moves, nodes = drain(forty.search(r, s, 20_000))
    assert verdict == "solved" and nodes < 2_000
    assert replays(r, s, moves)
