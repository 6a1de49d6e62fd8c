"""A difficulty for every listed deal, in the page: Winnable deals only by grade, the daily
deal's grade, and the solver's honest words in a game whose search rarely wins."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from patience.bridge import Bridge
from patience.difficulty import GRADES

from .play import choose_game, manual_play, open_game, snap_until

MIN_LIST = 20       # winnable-deals.js: a grade with fewer deals deals from the whole list


def lists(site_dir: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(Bridge().winnable_lists(
        (site_dir / "static/data/winnable.json").read_text()))["lists"]
    return data


def graded_game(site_dir: Path) -> str:
    """Roosevelt once its list has deals enough in every grade; FreeCell until then."""
    found = lists(site_dir)["roosevelt"]["grades"]
    return "roosevelt" if all(len(found[str(g)]) >= MIN_LIST for g in GRADES) else "freecell"


def test_winnable_deals_only_offers_a_difficulty_and_deals_from_it(
        page: Page, site_url: str, site_dir: Path) -> None:
    game = graded_game(site_dir)
    hard = lists(site_dir)[game]["grades"]["3"]
    manual_play(page)
    open_game(page, site_url, game, 1)
    card = choose_game(page, game)
    grade = card.locator('select[name="grade"]')
    expect(grade).to_be_visible()                   # once the list says its grades
    expect(grade.locator("option")).to_have_text(["Any", "Easy", "Medium", "Hard"])
    expect(grade).to_be_disabled()                  # until Winnable deals only is on
    card.locator('input[name="winnable"]').check()
    expect(grade).to_be_enabled()
    grade.select_option(label="Hard")
    card.locator("button.accent").click()
    # The deal comes from the engine's worker: wait for it (the list avoids the deal on the
    # table, so the deal changes).
    deal = snap_until(page, lambda s: s["deal"] != 1)["deal"]
    assert deal in hard
    settings = json.loads(page.evaluate("localStorage.getItem('patience:v1:settings')"))
    assert settings["winnable"] == {game: 3}
    for _ in range(3):                              # every new deal
        page.click("#btn-new")
        was = deal
        deal = snap_until(page, lambda s: s["deal"] != was)["deal"]  # noqa: B023 (used at once)
        assert deal in hard
    card = choose_game(page, game)                  # the dialog shows the grade kept
    expect(card.locator('select[name="grade"]')).to_have_value("3")
    card.locator('select[name="grade"]').select_option(label="Any")
    page.keyboard.press("Escape")
    settings = json.loads(page.evaluate("localStorage.getItem('patience:v1:settings')"))
    assert settings["winnable"] == {game: True}


def test_the_daily_deal_says_its_difficulty(page: Page, site_url: str, site_dir: Path) -> None:
    manual_play(page)
    open_game(page, site_url, "freecell", 1)
    today = page.evaluate("(() => { const d = new Date(); return `${d.getFullYear()}-"
                          "${String(d.getMonth() + 1).padStart(2, '0')}-"
                          "${String(d.getDate()).padStart(2, '0')}`; })()")
    data = json.loads((site_dir / "static/data/winnable.json").read_text())
    sets, graded = json.dumps(data["sets"]), json.dumps(data["difficulty"])
    mine = json.loads(Bridge().daily("freecell", today, sets, "{}", graded))
    yukon = json.loads(Bridge().daily("yukon", today, sets, "{}", graded))
    roosevelt = json.loads(Bridge().daily("roosevelt", today, sets, "{}", graded))
    moving = json.loads(Bridge().daily("moving_left", today, sets, "{}", graded))
    page.click("#btn-daily")
    expect(page.locator("#daily-today h3")).to_have_text(
        f"FreeCell, deal {mine['deal']} · {mine['difficulty']}")
    expect(page.locator("#daily-others")).to_contain_text(
        f"Yukon, deal {yukon['deal']} · {yukon['difficulty']}")
    # Roosevelt's list (issue 27) is long enough for a daily deal, graded like the others.
    expect(page.locator("#daily-others")).to_contain_text(
        f"Roosevelt, deal {roosevelt['deal']} · {roosevelt['difficulty']}")
    # So is Moving Left's, since the playouts of session 33 won deals.
    expect(page.locator("#daily-others")).to_contain_text(
        f"Moving Left, deal {moving['deal']} · {moving['difficulty']}")


def test_the_line_says_early_what_is_known_where_the_search_rarely_wins(
        page: Page, site_url: str, site_dir: Path) -> None:
    note = lists(site_dir)["moving_left"]["note"]
    manual_play(page)
    open_game(page, site_url, "moving_left", 7)
    line = page.locator("#verdict")
    if note is None:        # the solver wins Moving Left deals often enough: no words needed
        expect(line).not_to_contain_text("No win found yet")
        return
    # While the solver is still thinking, not after its search gives up.
    expect(line).to_have_attribute("data-state", "thinking")
    expect(line).to_contain_text("No win found yet")
    assert note in line.evaluate("e => e.dataset.full")
    # Hint's rule of thumb says the same before its suggestion.
    page.click("#btn-hint")
    tip = page.locator("#tip")
    expect(tip).to_have_attribute("data-kind", "guess", timeout=20_000)
    full = tip.evaluate("e => e.dataset.full")
    assert full.startswith(note[:-1] + ". A suggestion by rule of thumb"), full
