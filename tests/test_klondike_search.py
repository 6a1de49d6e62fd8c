"""The depth-first search made for Klondike (``solver/klondike.py``)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import patience
from patience import Rules, State
from patience.notation import parse_move, parse_position
from patience.solver import klondike, solve
from patience.solver.heuristic import WEIGHTS, make_heuristic
from patience.solver.search import best_first, drain

from helpers import NEEDED_BACK, plain_search, random_moves, replays, small_klondike


def dfs(r: Rules, s: State, budget: int, prune: bool = True,
        merge: bool = True) -> tuple[str, list[patience.Move], int]:
    return drain(klondike.dfs(r, s, budget, prune=prune, merge=merge))


def test_the_game_that_needs_a_take_back_is_solved() -> None:
    r, s = parse_position(NEEDED_BACK)
    result = solve(r, s, budget=50_000)
    assert result.verdict == "solved"
    assert replays(r, s, result.moves)
    verdict, moves, _ = dfs(r, s, 50_000)
    assert verdict == "solved" and replays(r, s, moves)


def lost_with_take_backs() -> tuple[Rules, State]:
    """NEEDED_BACK with the 5H buried too: no red 5 can take a black 4 given back."""
    text = NEEDED_BACK.replace("t1: 6C 6S 5D 2D | 3D", "t1: 6C 6S 5D 5H 2D | 3D")
    return parse_position(text.replace("t2: 5H", "t2: -"))


@pytest.mark.parametrize("position", [
    lambda: (patience.rules("klondike", {"takeback": False}), None, 7),
    lambda: (patience.rules("klondike", {"draw": 3, "passes": 1}), None, 38),
    lambda: (*lost_with_take_backs(), 0),
])
def test_it_exhausts_exactly_the_positions_the_general_search_does(position: Any) -> None:
    """Where both run dry, they expanded the same number of positions: the Zobrist key
    tells apart exactly the positions ``Rules.key`` does, and the moves are the same (the
    dead-end test and the twin swaps off, as the general search has neither)."""
    r, s, deal = position()
    s = s or r.deal(deal)
    verdict, _, nodes = dfs(r, s, 200_000, prune=False, merge=False)
    general = drain(best_first(r, s, 200_000, make_heuristic(r, WEIGHTS)))
    assert verdict == general[0] == "unwinnable"
    assert nodes == general[2]


@pytest.mark.parametrize("deal", [1, 6, 8])
def test_deals_solve_and_replay(deal: int) -> None:
    r = patience.rules("klondike", {"draw": 1})
    s = r.deal(deal)
    verdict, moves, nodes = dfs(r, s, 50_000)
    assert verdict == "solved" and 0 < nodes < 50_000
    assert replays(r, s, moves)


def test_mid_game_with_a_pass_used() -> None:
    """A position with the waste turned over once and cards in the waste: the plays it
    finds turn the stock the way the engine does."""
    r = patience.rules("klondike", {"draw": 3, "passes": 3})
    s = r.deal(1)
    for text in ("stock>waste:3",) * 8 + ("waste>stock:24", "stock>waste:3"):
        s = r.play(s, parse_move(r, text))
    assert s.recycles == 1 and len(s.piles[r.waste]) == 3
    verdict, moves, _ = dfs(r, s, 200_000)
    assert verdict == "solved" and replays(r, s, moves)


@pytest.mark.parametrize("deal", [2, 7])
def test_the_passes_used_do_not_matter_where_they_are_unlimited(deal: int) -> None:
    """The same position after 70 passes or none: the same search, move for move."""
    r = patience.rules("klondike", {"draw": 1, "passes": "unlimited"})
    s = r.play(r.deal(deal), parse_move(r, "stock>waste"))
    fresh = dfs(r, s, 2_000)
    worn = dfs(r, s._replace(recycles=70), 2_000)
    assert fresh[0] == worn[0] and fresh[2] == worn[2]
    assert [str(m) for m in fresh[1]] == [str(m) for m in worn[1]]
    if worn[0] == "solved":
        assert replays(r, s._replace(recycles=70), worn[1])


def test_the_budget_is_respected() -> None:
    r = patience.rules("klondike", {"draw": 1})
    verdict, moves, nodes = dfs(r, r.deal(4), 1_000)
    assert (verdict, moves, nodes) == ("unknown", [], 1_000)


def test_everything_face_up_is_a_win_only_where_each_pile_is_a_run() -> None:
    """The search stops at a position with nothing face down and the stock empty, as a sure
    win, only where every pile is one run: here the 10 of clubs lies on the 9 it waits
    for, with nowhere to go."""
    text = """klondike draw=1 passes=1 takeback=no
stock: -
waste: -
f1: AC 2C 3C 4C 5C 6C 7C 8C
f2: AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD
f3: AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH
f4: AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS
t1: 9C TC
t2: KC
t3: QC
t4: JC
t5: -
t6: -
t7: -
"""
    r, s = parse_position(text)
    assert plain_search(r, s, 1_000) is False
    assert dfs(r, s, 1_000)[0] == "unwinnable"
    r, s = parse_position(text.replace("t1: 9C TC", "t1: TC 9C"))
    verdict, moves, _ = dfs(r, s, 1_000)
    assert verdict == "solved" and replays(r, s, moves)
    assert klondike.fits(r) and not klondike.fits(patience.rules("moving_left"))


def walked(rng: random.Random, takeback: bool, low: int) -> tuple[Rules, State]:
    """A random small position (``small_klondike``) after up to 30 random moves, so that
    runs lie built on one another, on twins among them."""
    r, s = small_klondike(rng, takeback, low)
    return r, random_moves(rng, r, s, 0, 30)


@pytest.mark.parametrize(("seed", "takeback", "low"), [(1, False, 6), (2, True, 5)])
def test_merging_changes_no_verdict(seed: int, takeback: bool, low: int) -> None:
    """Counting as one the positions joined by twin swaps or exchanged runs, and dropping a
    position met with the stock turned less far: on random small positions the search gives
    the verdict of the search that tells them apart, its wins replay, and it often looks at
    fewer positions. (Without the twin going up after a swap, some won position here is
    called lost; without merging, it seldom looks at fewer.)"""
    rng = random.Random(seed)
    fewer = 0
    for _ in range(100):
        r, s = walked(rng, takeback, low)
        plain = dfs(r, s, 30_000, prune=False, merge=False)
        folded = dfs(r, s, 30_000, prune=False)
        assert plain[0] != "unknown"
        assert folded[0] == plain[0], patience.format_position(r, s)
        if folded[0] == "solved":
            assert replays(r, s, folded[1])
        fewer += folded[2] < plain[2]
    assert fewer >= 15


def test_merging_shortens_a_proof() -> None:
    """Klondike deal 7 is lost: the search proves it from fewer positions merging."""
    r = patience.rules("klondike", {"draw": 1})
    apart = dfs(r, r.deal(7), 20_000, merge=False)
    folded = dfs(r, r.deal(7), 20_000)
    assert apart[0] == folded[0] == "unwinnable"
    assert folded[2] < apart[2]


@pytest.mark.parametrize("passes", [1, 3, "unlimited"])
def test_the_stock_rank_orders_what_turning_reaches(passes: Any) -> None:
    """Drawing one card at a time: from each state of the stock, turning alone (through the
    engine) reaches exactly the states of higher or equal rank. The search drops a position
    met before with the same cards and a stock of lower rank on that ground."""
    r = patience.rules("klondike", {"draw": 1, "passes": passes})
    limited = r.max_recycles is not None

    def stock(x: State) -> tuple[int, int]:
        """The waste's size and the passes used (unlimited: the pass does not count)."""
        return len(x.piles[r.waste]), x.recycles if limited else 0

    def reach(x: State) -> dict[tuple[int, int], State]:
        met = {stock(x): x}
        todo = [x]
        while todo:
            y = todo.pop()
            for move in r.legal_moves(y):
                if {move.src, move.dst} != {"stock", "waste"}:
                    continue
                z = r.play(y, move)
                if stock(z) not in met:
                    met[stock(z)] = z
                    todo.append(z)
        return met

    states = reach(r.deal(3))
    assert len(states) == 25 * (1 + (r.max_recycles or 0))
    for (wp, used), x in states.items():
        mine = klondike.stock_rank(limited, wp, used)
        assert set(reach(x)) == {(w, u) for w, u in states
                                 if klondike.stock_rank(limited, w, u) >= mine}
