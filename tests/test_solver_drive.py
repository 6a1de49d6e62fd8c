"""The solver's two drivers (``solver/drive.py``) and the schedules as data
(``solver/schedule.py``)."""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import replace
from typing import get_args

import pytest

import patience
from patience.plan import GENERAL, Pass, Plan, Search
from patience.solver import schedule, search_of
from patience.solver.api import OWN
from patience.solver.drive import ByValue, beam, best_first, bits, depth_first, steps_of
from patience.solver.search import drain

from helpers import stepped


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
    paused, outcome = stepped(steps)
    assert paused == [20, 40]
    assert outcome == ("unknown", [], 50)


def test_depth_first_answers_the_root_with_no_node() -> None:
    assert drain(depth_first(Walk(0), 10)) == ("solved", [[]], 0)
    assert drain(depth_first(Walk(-1), 10)) == ("unwinnable", [], 0)
    assert drain(depth_first(Walk(5), 0)) == ("unknown", [], 0)


class Climb(ByValue[int, int, str]):
    """A toy game of values for the depth-first driver: the counter of ``Walk`` as a
    value, each move's steps its name; won at ``goal``, no move past it."""

    def __init__(self, goal: int, steps: tuple[int, ...] = (1, 2, 3)) -> None:
        self.now, self.goal, self.steps = 0, goal, steps
        self.seen: set[int] = set()

    def start(self) -> list[tuple[int, list[str]]]:
        self.seen.add(0)
        return [(0, [])]

    def step(self, plan: int) -> tuple[int, list[str]] | None:
        if self.now + plan in self.seen:
            return None
        self.seen.add(self.now + plan)
        return self.now + plan, [f"+{plan}"]

    def children(self) -> list[int]:
        return [] if self.now > self.goal else list(self.steps)

    def won(self) -> bool:
        return self.now == self.goal


def test_a_game_of_values_wins_with_its_steps_and_proves_a_loss_when_dry() -> None:
    verdict, path, nodes = drain(depth_first(Climb(10), 1_000))
    assert verdict == "solved" and nodes == 10
    assert steps_of(path) == ["+1"] * 10
    # Steps of 2 never reach 7; past it a position has no moves: it still counts as
    # expanded, and the driver puts every position back.
    game = Climb(7, (2,))
    assert drain(depth_first(game, 1_000)) == ("unwinnable", [], 5)
    assert game.now == 0


class Stock:
    """A toy game for the beam: a one-pass stock of numbers, each turn adding the next to
    the position's sum; between turns the sum may be raised by 1 (at most ``lift`` times a
    card); won at ``goal`` with the stock out. Positions: (cards turned, sum, raises)."""

    def __init__(self, stock: list[int], goal: int, lift: int = 1) -> None:
        self.stock, self.goal, self.lift = stock, goal, lift
        self.ordered = 0

    def key(self, s: tuple[int, int, int]) -> Hashable:
        return s[:2]

    def expand(self, s: tuple[int, int, int]
               ) -> Iterable[tuple[tuple[str, ...], tuple[int, int, int]]]:
        i, total, raised = s
        return [(("+1",), (i, total + 1, raised + 1))] if raised < self.lift else []

    def finish(self, s: tuple[int, int, int]) -> tuple[str, ...] | None:
        return ("done",) if self.out(s) and s[1] == self.goal else None

    def out(self, s: tuple[int, int, int]) -> bool:
        return s[0] == len(self.stock)

    def turn(self, s: tuple[int, int, int]) -> tuple[tuple[str, ...], tuple[int, int, int]]:
        i, total, _ = s
        return (f"turn {self.stock[i]}",), (i + 1, total + self.stock[i], 0)

    def order(self, level: list[tuple[int, int, int]]) -> list[int]:
        # The sum nearest the goal's share of the cards turned first.
        self.ordered += 1
        return sorted(range(len(level)), key=lambda j: -level[j][1])


def test_the_beam_finds_a_win_card_by_card_with_its_moves() -> None:
    game = Stock([1, 1, 1], 5)
    verdict, moves, nodes = drain(beam(game, (0, 0, 0), ("deal",), 100, 2, 40))
    assert verdict == "solved"
    assert moves[0] == "deal" and moves[-1] == "done"
    assert 3 + moves.count("+1") == 5 and moves.count("turn 1") == 3
    assert game.ordered == 3 and 0 < nodes < 100


def test_the_beam_says_unknown_never_lost() -> None:
    # The stock runs out short of the goal; then the budget runs out first.
    assert drain(beam(Stock([1, 1], 9), (0, 0, 0), (), 100, 2, 40))[0] == "unknown"
    steps = beam(Stock([1] * 50, 200), (0, 0, 0), (), 30, 2, 40, every=10)
    paused, outcome = stepped(steps)
    assert outcome == ("unknown", [], 30)
    assert paused == [10, 20, 30]


def test_bits_lists_a_mask_s_set_bits_lowest_first() -> None:
    assert bits(0) == []
    assert bits(0b101001) == [0, 3, 5]
    assert bits(1 << 70 | 2) == [1, 70]


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
    eight = patience.rules("eight_off")
    assert schedule.schedule_of(eight, eight.deal(1)) is schedule.SUITED
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
