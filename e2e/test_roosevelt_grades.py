"""Winnable deals only in Roosevelt, by difficulty: its listed deals span Easy, Medium and Hard
(winnable.json's "difficulty"), so the Games dialog offers all three, and each deals a listed
deal of the grade asked for (while the list is short, from the grade's own deals rather than
a search on the device) and says its grade (Hint from a listed deal's known win:
test_known_line.py)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from .play import choose_game, manual_play, open_game, snap_until
from .test_difficulty import MIN_LIST, lists


def pool(listed: dict[str, Any], grade: int) -> list[int]:
    """The deals a grade deals from (winnable-deals.js, ``winnableDeal``): the grade's own when
    it has enough, else the whole list when that has enough, else the grade's own again (a
    search on the device could not honour the grade)."""
    graded: list[int] = listed["grades"].get(str(grade), [])
    if len(graded) < MIN_LIST <= len(listed["deals"]):
        return list(listed["deals"])
    return graded


def test_roosevelt_deals_winnable_deals_by_difficulty(
        page: Page, site_url: str, site_dir: Path) -> None:
    listed = lists(site_dir)["roosevelt"]
    # The list itself: every grade has deals, and every deal a grade.
    assert all(listed["grades"].get(str(g)) for g in (1, 2, 3)), listed["grades"]
    assert sorted(d for g in listed["grades"].values() for d in g) == sorted(listed["deals"])
    grade_of = {d: int(g) for g, deals in listed["grades"].items() for d in deals}
    names = {1: "Easy", 2: "Medium", 3: "Hard"}
    manual_play(page)
    open_game(page, site_url, "roosevelt", 1)
    card = choose_game(page, "roosevelt")
    grade = card.locator('select[name="grade"]')
    expect(grade).to_be_disabled()                  # until Winnable deals only is on
    # The grades come from the engine's answer on the shipped list (picker.js fillGrades,
    # asynchronous): waited for, not read at once.
    expect(grade.locator("option")).to_have_text(["Any", "Easy", "Medium", "Hard"])
    card.locator('input[name="winnable"]').check()
    expect(grade).to_be_enabled()
    deal = 1
    for wanted in (1, 2, 3):
        if wanted > 1:
            card = choose_game(page, "roosevelt")
        card.locator('select[name="grade"]').select_option(label=names[wanted])
        card.locator("button.accent").click()
        was = deal
        # The deal comes from the engine's worker; the list avoids the deal on the table.
        deal = snap_until(page, lambda s: s["deal"] != was)["deal"]  # noqa: B023 (used at once)
        assert deal in pool(listed, wanted), (wanted, deal)
        settings = json.loads(page.evaluate("localStorage.getItem('patience:v1:settings')"))
        assert settings["winnable"] == {"roosevelt": wanted}
        # The screen-reader line says the deal and its own grade.
        expect(page.locator("#live")).to_have_text(
            f"Roosevelt, deal {deal} ({names[grade_of[deal]]}): the solver has won it")
