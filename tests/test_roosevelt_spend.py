"""The spending replay of ``tools/roosevelt_spend.py``: a beam cut at a budget wins there
exactly when its whole run won within it, and a deal's positions add up to its budget."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import roosevelt_spend as spend  # noqa: E402  (tools/)

from patience.solver import api, reseed  # noqa: E402

# A deal's log: the triage's beams 25 and 50 wide (best 44 cards up), then seeded beams; the
# third wins after 30,000 of its positions. CPU seconds: a microsecond a position.
LOG = [(-25, 5_000, 30, False, 0.005), (-50, 10_000, 44, False, 0.01),
       (1, 20_000, 50, False, 0.02), (2, 20_000, 44, False, 0.02),
       (3, 30_000, 103, True, 0.03)]


def test_a_win_counts_only_within_the_beams_share() -> None:
    # Session 30's way: 100,000 a deal, a tenth left to the exact search: the beams have
    # 75,000 after the triage, and the third beam's win at 70,000 of them falls inside.
    won, nodes, cpu = spend.spend(LOG, *spend.SESSION_30[1:])
    assert won and nodes == 85_000 and cpu == pytest.approx(0.085)
    # At 80,000 the beams have 57,000: the third is cut before its win, and the rest of the
    # budget is spent all the same.
    won, nodes, cpu = spend.spend(LOG, lambda best: 80_000, 0.1)
    assert not won and nodes == 80_000 and cpu == pytest.approx(0.08)


def test_a_deal_the_triage_gives_up_costs_its_triage_only() -> None:
    low = [(-25, 5_000, 30, False, 0.005), (-50, 10_000, 39, False, 0.01)]
    assert spend.spend(low, lambda best: 100_000, 0.1) == (False, 15_000, 0.015)


def test_a_log_too_short_for_the_budget_is_refused() -> None:
    short = LOG[:3]
    with pytest.raises(ValueError):
        spend.spend(short, lambda best: 100_000, 0.0)


def test_the_adopted_way_is_the_searchs_own() -> None:
    # What api._onepass runs above 40 stock cards: at most reseed.MOST seeded beams, and no
    # exact search after them, on the search's own budget whatever the triage reached.
    _, budget, exact, stall, most = spend.ADOPTED
    assert most == reseed.MOST == 2 and exact == 0.0 and stall == 0
    assert {budget(best) for best in (0, 30, 44, 60, 104)} == {api.DEFAULT_BUDGET} == {100_000}


def test_the_adopted_way_stops_after_two_seeded_beams() -> None:
    # The third beam's win is never reached: the deal ends after the second seeded beam,
    # the rest of its budget unspent (the triage's 15,000 and two beams of 20,000).
    won, nodes, cpu = spend.spend(LOG, *spend.ADOPTED[1:])
    assert not won and nodes == 55_000 and cpu == pytest.approx(0.055)
    # A win in the second seeded beam counts, at the positions it took.
    second = [*LOG[:3], (2, 20_000, 103, True, 0.02)]
    won, nodes, cpu = spend.spend(second, *spend.ADOPTED[1:])
    assert won and nodes == 55_000 and cpu == pytest.approx(0.055)
    # Session 30's way reached the third beam's win.
    assert spend.spend(LOG, *spend.SESSION_30[1:])[0]
