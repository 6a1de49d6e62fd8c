"""The beam over the stock for Moving Left (``solver/stockbeam.py``) and the widening beams
that ``solve`` runs for Roosevelt and Moving Left."""

from __future__ import annotations

import patience
from patience.solver import onepass, solve, solve_steps, stockbeam
from patience.solver.search import drain

from helpers import replays, setup, stepped


def test_it_takes_the_two_deck_one_pass_games_only() -> None:
    assert stockbeam.fits(patience.rules("moving_left"))
    assert stockbeam.fits(patience.rules("roosevelt"))   # onepass.fits comes first in solve
    assert not stockbeam.fits(patience.rules("klondike", {"passes": 1}))
    assert not stockbeam.fits(patience.rules("klondike", {"draw": 1}))


# Hearts and spades stand at 7 on all four of their piles; the 24 cards above are in play, 9
# of them in the stock, which come out of the waste last first. Both 8S may go up at once, on
# two piles: played one after the other, the first would take the pile both were offered
# (the beam once played both onto it, and its "win" did not replay).
LATE = {
    "stock": "TS 9H TS 9S QH JH TH JS QS",
    "waste": "-",
    "t1": "8H | JS", "t2": "KH | 8H", "t3": "KS | 8S", "t4": "KS | 8S", "t5": "TH | QH",
    "t6": "9S", "t7": "9H", "t8": "JH", "t9": "QS", "t10": "KH",
}


def test_the_beam_wins_a_late_moving_left_position_and_the_win_replays() -> None:
    r, s = setup("moving_left", LATE)
    verdict, moves, nodes = drain(stockbeam.beam(r, s, 10_000, 4))
    assert verdict == "solved" and 0 < nodes < 10_000
    assert replays(r, s, moves)
    assert sum(1 for m in moves if m.src == "stock") == 9


def test_a_beam_out_of_positions_says_unknown_never_lost() -> None:
    r, s = setup("moving_left", LATE)
    assert drain(stockbeam.beam(r, s, 1, 4)) == ("unknown", [], 1)
    r = patience.rules("moving_left")
    verdict, moves, nodes = drain(stockbeam.beam(r, r.deal(1), 300, 4))
    assert (verdict, moves, nodes) == ("unknown", [], 300)


def test_a_seed_gives_the_same_search_every_time() -> None:
    r = patience.rules("roosevelt")
    s = r.deal(126)
    first = drain(onepass.beam(r, s, 3_000, 8, seed=7))
    assert drain(onepass.beam(r, s, 3_000, 8, seed=7)) == first
    m = patience.rules("moving_left")
    d = m.deal(2)
    assert drain(stockbeam.beam(m, d, 400, 4, seed=3)) == drain(stockbeam.beam(m, d, 400, 4,
                                                                               seed=3))


def test_solve_gives_a_whole_deal_to_the_beams_and_moving_left_a_beam_first() -> None:
    # Deal 27: the beams win it within 100,000 positions (the old split, a third to
    # one beam and the rest to an exact search that never finishes a deal, needed more).
    r = patience.rules("roosevelt")
    s = r.deal(27)
    result = solve(r, s, budget=100_000)
    assert result.verdict == "solved" and replays(r, s, result.moves)
    # Moving Left: the beam runs first and proves nothing, so a deal comes back unknown.
    m = patience.rules("moving_left")
    assert solve(m, m.deal(1), budget=2_000).verdict == "unknown"


def test_a_stepped_moving_left_search_yields_from_its_beam() -> None:
    r = patience.rules("moving_left")
    steps = solve_steps(r, r.deal(1), budget=300, every=10)
    seen, result = stepped(steps)
    # The playouts' nine tenths (270 positions), then the general search's passes.
    assert seen[:27] == list(range(10, 271, 10)) and seen == sorted(seen)
    assert result.verdict == "unknown" and result.nodes <= 300
