"""The solver's two drivers (``solver/drive.py``) and the schedules as data
(``solver/schedule.py``)."""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import replace
from typing import get_args

import pytest

import patience
from patience.plan import GENERAL, Pass, Plan, Search
from patience.solver import OWN, schedule, search_of
from patience.solver.drive import best_first, depth_first
from patience.solver.search import drain


class Walk:
    """A toy in-place game: a counter from 0 that a move raises by 1, 2 or 3 (or by the
    steps given), won at ``goal``, lost past it; a position met before is not entered."""

    def __init__(self, goal: int, steps: tuple[int, ...] = (1, 2, 3)) -> None:
        self.at, self.goal, self.steps = 0, goal, steps
        self.seen: set[int] = set()
        self.entered = 0

    def start(self) -> list[int]:
        self.seen.add(0)
        return []

    def children(self) -> list[int]:
        return list(self.steps)

    def enter(self, plan: int) -> list[int] | None:
        if self.at + plan in self.seen:
            return None
        self.at += plan
        self.seen.add(self.at)
        self.entered += 1
        return [plan]

    def undo(self, recs: list[int]) -> None:
        self.at -= sum(recs)

    def won(self) -> bool:
        return self.at == self.goal

    def lost(self, recs: list[int] | None) -> bool:
        return self.at > self.goal


def test_depth_first_finds_a_win_whose_records_add_up() -> None:
    verdict, path, nodes = drain(depth_first(Walk(10), 1_000))
    assert verdict == "solved"
    assert sum(sum(recs) for recs in path) == 10
    assert nodes == 10    # steps of 1, one node a position before the goal


def test_depth_first_proves_a_loss_only_when_it_runs_dry() -> None:
    # Steps of 2 never reach 7: every position from 0 to 8 is entered, then the stack is
    # empty.
    game = Walk(7, (2,))
    verdict, path, nodes = drain(depth_first(game, 1_000))
    assert (verdict, path, nodes) == ("unwinnable", [], 4)
    assert game.at == 0   # every move taken back


def test_depth_first_stops_at_its_budget_and_pauses_every_n_nodes() -> None:
    steps = depth_first(Walk(100, (1,)), 50, every=20)
    paused = []
    while True:
        try:
            paused.append(next(steps))
        except StopIteration as done:
            outcome = done.value
            break
    assert paused == [20, 40]
    assert outcome == ("unknown", [], 50)


def test_depth_first_answers_the_root_with_no_node() -> None:
    assert drain(depth_first(Walk(0), 10)) == ("solved", [[]], 0)
    assert drain(depth_first(Walk(-1), 10)) == ("unwinnable", [], 0)
    assert drain(depth_first(Walk(5), 0)) == ("unknown", [], 0)


class Count:
    """A toy copying game: numbers from 1, a move adds 1 or doubles, won at ``goal``,
    lost past it; scored by the distance to the goal."""

    def __init__(self, goal: int) -> None:
        self.goal = goal

    def close(self, s: int) -> tuple[int, tuple[str, ...]]:
        return s, ()

    def expand(self, s: int) -> Iterable[tuple[tuple[str, ...], int]]:
        return [(("+1",), s + 1), (("*2",), s * 2)]

    def key(self, s: int) -> Hashable:
        return s

    def won(self, s: int) -> bool:
        return s == self.goal

    def lost(self, s: int) -> bool:
        return s > self.goal

    def score(self, s: int) -> int:
        return self.goal - s


def test_best_first_finds_a_win_and_its_moves() -> None:
    verdict, moves, _ = drain(best_first(Count(24), 1, 1_000))
    assert verdict == "solved"
    s = 1
    for m in moves:
        s = s + 1 if m == "+1" else s * 2
    assert s == 24


def test_best_first_proves_a_loss_only_when_exact() -> None:
    # From 3, doubling and adding never come down to 2.
    assert drain(best_first(Count(2), 3, 1_000))[0] == "unwinnable"
    assert drain(best_first(Count(2), 3, 1_000, exact=False))[0] == "unknown"
    assert drain(best_first(Count(10**6), 1, 5)) == ("unknown", [], 5)


def test_a_pass_s_share_is_its_part_of_the_budget_at_most_its_cap_and_what_is_left() -> None:
    p = Pass("dfs", 20, 20_000)
    assert p.share(400_000, 0) == 20_000
    assert p.share(100_000, 0) == 5_000
    assert p.share(100_000, 98_000) == 2_000
    assert Pass("best").share(100_000, 30_000) == 70_000
    assert Pass("dfs", cap=0).share(100_000, 0) == 0


def test_yukon_s_schedule_spends_the_budget_as_it_did_before_it_was_data() -> None:
    # Before: a 20th (at most 20,000), four 40ths (at most 5,000 each), the search in its
    # own order (at most 200,000), restarts with the rest.
    budget, used, shares = 400_000, 0, []
    for p in patience.find_game("yukon").solver.passes[:-1]:
        shares.append(p.share(budget, used))
        used += shares[-1]
    assert shares == [20_000, 5_000, 5_000, 5_000, 5_000, 200_000]


def test_each_game_gets_the_search_its_table_declares() -> None:
    for g in patience.games():
        r = patience.rules(g.id)
        s = r.deal(1)
        assert search_of(r, s) == g.solver.search, g.id
        if g.solver.passes:
            assert schedule.schedule_of(r, s).passes == g.solver.passes
    baker = patience.rules("bakers_dozen")
    assert schedule.schedule_of(baker, baker.deal(1)) is schedule.SUITED
    # Every search a plan may name is one the solver has, and no other.
    assert set(get_args(Search)) - {"general"} == set(OWN) | set(schedule.STAGED)
    assert not set(OWN) & set(schedule.STAGED)


def test_a_table_that_declares_nothing_gets_the_general_schedule() -> None:
    """A table of Yukon's shape under a plan of its own takes Klondike's depth-first search;
    with no plan, the general passes, whatever its shape; with a plan whose search does not
    fit it, the general passes too."""
    yukon = patience.find_game("yukon")
    twin = replace(yukon, id="twin", solver=GENERAL)
    r = patience.Rules(twin)
    assert search_of(r, r.deal(1)) == "general"
    assert schedule.schedule_of(r, r.deal(1)) is schedule.general(r)
    r = patience.Rules(replace(yukon, id="twin", solver=Plan("freecell_search")))
    assert search_of(r, r.deal(1)) == "general"
    r = patience.Rules(replace(twin, solver=yukon.solver))
    assert search_of(r, r.deal(1)) == "klondike_search"


def test_a_plan_names_passes_only_for_a_search_run_in_passes() -> None:
    with pytest.raises(ValueError, match="needs passes"):
        Plan("castle_search")
    with pytest.raises(ValueError, match="takes no passes"):
        Plan("freecell_search", (Pass("best"),))
