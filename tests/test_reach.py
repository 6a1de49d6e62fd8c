"""The dead-end test of Klondike (``solver/reach.py``) and the search's use of it."""

from __future__ import annotations

import random

import pytest

import patience
from patience import Rules, State
from patience.notation import parse_position
from patience.solver import klondike, solve
from patience.solver.reach import hopeless
from patience.solver.search import drain

from helpers import plain_search, small_klondike


def lost(r: Rules, s: State) -> bool:
    """Ask the test about an engine position."""
    tab = [list(s.piles[t]) for t in r.T]
    deck = list(s.piles[r.waste]) + list(s.piles[r.stock])
    return hopeless(tab, [s.down[t] for t in r.T], deck, r.takeback)


# The jack of clubs lies on the ten it waits for; both red queens are up.
JACK_ON_TEN = """klondike draw=1 passes=1 takeback={takeback}
stock: -
waste: -
f1: AC 2C 3C 4C 5C 6C 7C 8C 9C
f2: AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD
f3: AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH
f4: AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS
t1: TC JC
t2: {t2}
t3: QC
t4: KC
t5: -
t6: -
t7: -
"""


def test_a_card_that_can_never_go_up_is_found() -> None:
    """Without take-back nothing can ever take the jack: the ten under it never goes up."""
    r, s = parse_position(JACK_ON_TEN.format(takeback="no", t2="KS"))
    assert plain_search(r, s, 10_000) is False
    assert lost(r, s)
    assert drain(klondike.dfs(r, s, 1_000)) == ("unwinnable", [], 0)
    assert solve(r, s, budget=1_000).verdict == "unwinnable"


def test_a_card_given_back_is_a_way_out() -> None:
    """With take-back a red queen comes back onto an open black king and the jack goes on
    it: the game is won. (The search without the test is the judge where cards come back:
    a plain search drowns in take-backs.)"""
    r, s = parse_position(JACK_ON_TEN.format(takeback="yes", t2="KS"))
    assert drain(klondike.dfs(r, s, 10_000, prune=False))[0] == "solved"
    assert not lost(r, s)
    assert solve(r, s, budget=1_000).verdict == "solved"


@pytest.mark.parametrize(("takeback", "low"), [(False, 8), (True, 6), (True, 4)])
def test_it_never_calls_a_winnable_position_lost(takeback: bool, low: int) -> None:
    """Random small positions: where the search without the test wins, the test does not
    call the position lost; it does call some lost, and the search with it agrees."""
    rng = random.Random(11)
    found_lost = 0
    for _ in range(120):
        r, s = small_klondike(rng, takeback, low)
        truth = drain(klondike.dfs(r, s, 20_000, prune=False))[0]
        assert truth != "unknown"
        if lost(r, s):
            assert truth == "unwinnable", patience.format_position(r, s)
            found_lost += 1
        assert drain(klondike.dfs(r, s, 20_000))[0] == truth
    assert found_lost >= 10


def test_the_search_runs_dry_sooner_with_it() -> None:
    """Klondike deal 7 without take-back: the same verdict after far fewer positions."""
    r = patience.rules("klondike", {"takeback": False})
    plain = drain(klondike.dfs(r, r.deal(7), 50_000, prune=False))
    pruned = drain(klondike.dfs(r, r.deal(7), 50_000))
    assert plain[0] == pruned[0] == "unwinnable"
    assert pruned[2] * 2 < plain[2]


def test_a_deal_lost_from_the_start_is_answered_before_any_search() -> None:
    """Klondike deal 85 (draw 1): the dead-end test finds the deal lost as dealt, so the
    solver answers at once, without the best-first passes it runs first otherwise."""
    r = patience.rules("klondike", {"draw": 1})
    assert lost(r, r.deal(85))
    result = solve(r, r.deal(85), budget=240_000)
    assert (result.verdict, result.nodes) == ("unwinnable", 0)
