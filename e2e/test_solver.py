"""The solver in the page: hint, live indicator, point of no return, auto-solve, winnable deals.

The searches run in the solver's worker (a second Pyodide); these tests wait for its answers
on the page, as a player would.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

import patience
from patience.solver import solve, winnable_key

from .conftest import BOOT_TIMEOUT_MS
from .play import (
    card,
    choose_game,
    drag,
    manual_play,
    open_game,
    pile,
    resume_save,
    snap,
    until,
    wait_ready,
)
from helpers import LOSING, freecell_ending

# The worker starts a second Pyodide, then searches: allow for a slow, busy machine.
SOLVER_TIMEOUT_MS = BOOT_TIMEOUT_MS


def verdict(page: Page, state: str) -> None:
    expect(page.locator("#verdict")).to_have_attribute("data-state", state,
                                                       timeout=SOLVER_TIMEOUT_MS)


def test_hint_losing_move_and_undo_to_the_last_winnable_position(page: Page,
                                                                 site_url: str) -> None:
    manual_play(page)
    resume_save(page, site_url, freecell_ending().save())
    verdict(page, "winnable")
    expect(page.locator("#verdict")).to_have_text("Winnable")

    page.click("#btn-hint")
    expect(page.locator("#tip")).to_contain_text("keeps the game winnable",
                                                 timeout=SOLVER_TIMEOUT_MS)
    expect(page.locator(".card.hint").first).to_be_visible()

    # The losing move: the Jack of spades into a free cell leaves one cell for two cards.
    drag(page, card(page, "t8", 1), pile(page, "c1"))
    assert snap(page)["moveCount"] == 1
    verdict(page, "lost")
    expect(page.locator("#tip")).to_be_hidden()
    expect(page.locator("#ponr")).to_contain_text("Lost at move 1 (Pile 8 to Free cell 1)")
    expect(page.locator('.card.lost-move[data-pile="c1"]')).to_be_visible()

    # Another move on a lost game: the indicator stays, the point of no return is still move 1.
    page.keyboard.press("Escape")
    drag(page, card(page, "t1", 2), pile(page, "c2"))
    assert snap(page)["moveCount"] == 2
    verdict(page, "lost")
    expect(page.locator("#ponr")).to_contain_text("Lost at move 1")

    page.click("#btn-rewind")
    assert snap(page)["moveCount"] == 0
    verdict(page, "winnable")
    expect(page.locator("#ponr")).to_be_hidden()
    page.screenshot(path="/tmp/patience-e2e-rewind.png")


def test_a_game_opened_lost_walks_back_to_the_losing_move(page: Page, site_url: str) -> None:
    # Opened two moves past the losing one: nothing is known yet of the positions before,
    # so the worker walks back (the rewind job) to find where the game was lost.
    manual_play(page)
    resume_save(page, site_url, freecell_ending(*LOSING).save())
    verdict(page, "lost")
    expect(page.locator("#ponr")).to_contain_text("Lost at move 1 (Pile 8 to Free cell 1)",
                                                  timeout=SOLVER_TIMEOUT_MS)
    expect(page.locator("#btn-rewind")).to_have_text("Undo to the deal")
    expect(page.locator("#btn-hint")).to_be_disabled()   # stuck: no move left to hint

    page.click("#btn-rewind")
    assert snap(page)["moveCount"] == 0
    verdict(page, "winnable")
    assert snap(page)["canRedo"]                       # the undone moves can be replayed


def test_a_hint_on_a_lost_game_is_labelled_a_rule_of_thumb(page: Page, site_url: str) -> None:
    manual_play(page)
    resume_save(page, site_url, freecell_ending(LOSING[0]).save())
    verdict(page, "lost")
    page.click("#btn-hint")
    tip = page.locator("#tip")
    expect(tip).to_contain_text("This game can no longer be won", timeout=SOLVER_TIMEOUT_MS)
    expect(tip).to_contain_text("rule of thumb")
    expect(tip).not_to_contain_text("keeps the game winnable")
    expect(page.locator(".card.hint").first).to_be_visible()
    expect(page.locator("#ponr")).to_contain_text("Lost at move 1", timeout=SOLVER_TIMEOUT_MS)


def test_auto_solve_plays_the_win_and_can_be_stopped(page: Page, site_url: str) -> None:
    manual_play(page)
    resume_save(page, site_url, freecell_ending().save())
    verdict(page, "winnable")
    page.click("#btn-solve")
    expect(page.locator("#btn-solve")).to_have_text("Stop", timeout=SOLVER_TIMEOUT_MS)
    until(page, "async () => (await __snap()).moveCount >= 2")
    page.click("#btn-solve")
    expect(page.locator("#btn-solve")).to_have_text("Solve")
    stopped = snap(page)["moveCount"]
    page.wait_for_timeout(1000)
    assert snap(page)["moveCount"] == stopped          # stopped means stopped
    verdict(page, "winnable")                          # the rest of the win is still known

    page.click("#btn-solve")                           # and played to the end this time
    expect(page.locator("#notice-title")).to_have_text("Solved by the solver",
                                                       timeout=SOLVER_TIMEOUT_MS)
    record = json.loads(page.evaluate("localStorage.getItem('patience:v1:game:freecell')"))
    assert "solve" in record["marks"]                  # kept apart from the player's wins
    assert snap(page)["status"] == "won"
    assert snap(page)["moveCount"] > stopped


def test_winnable_deals_only_deals_from_the_shipped_list(page: Page, site_url: str,
                                                         site_dir: Path) -> None:
    listed = json.loads((site_dir / "static/data/winnable.json").read_text())["sets"]
    manual_play(page)
    open_game(page, site_url, "freecell", 1)
    choose_game(page, "freecell").locator('input[name="winnable"]').check()
    page.locator('.game-card[data-game="freecell"] button.accent').click()
    deal = snap(page)["deal"]
    assert deal != 1 and deal in listed["freecell"]
    verdict(page, "winnable")
    settings = json.loads(page.evaluate("localStorage.getItem('patience:v1:settings')"))
    assert settings["winnable"] == {"freecell": True}
    page.click("#btn-new")                          # every new deal, not just the first
    assert snap(page)["deal"] in listed["freecell"]


def test_winnable_deals_only_searches_on_the_device_where_no_list_applies(
        page: Page, site_url: str, site_dir: Path) -> None:
    listed = json.loads((site_dir / "static/data/winnable.json").read_text())["sets"]
    options = {"draw": 1, "takeback": False}
    assert winnable_key(patience.rules("klondike", options)) not in listed
    page.add_init_script(f"""localStorage.setItem("patience:v1:settings", JSON.stringify(
        {{v: 1, autoMove: false, autoFinish: false, fourColour: false,
          options: {{klondike: {json.dumps(options)}}}, winnable: {{klondike: true}}}}));""")
    open_game(page, site_url, "klondike", 1)
    page.click("#btn-new")
    expect(page.locator("#notice-title")).to_have_text("Finding a winnable deal")
    expect(page.locator("#btn-new")).to_be_disabled()        # the table waits meanwhile
    expect(page.locator("#notice")).to_be_hidden(timeout=SOLVER_TIMEOUT_MS)
    s = snap(page)
    assert s["deal"] != 1 and s["options"]["takeback"] is False
    r = patience.rules("klondike", options)
    assert solve(r, r.deal(s["deal"]), budget=400_000).verdict == "solved"
    verdict(page, "winnable")


def test_the_page_plays_on_while_the_solver_thinks(page: Page, site_url: str) -> None:
    # Four-suit Spider: the solver's search takes a while on this deal.
    page.add_init_script("""localStorage.setItem("patience:v1:settings", JSON.stringify(
        {v: 1, autoMove: false, autoFinish: false, fourColour: false,
         options: {spider: {suits: 4}}}));""")
    # A link names the options that differ from the defaults (links.py): four suits.
    page.goto(site_url + "?game=spider&deal=5&suits=4")
    wait_ready(page)
    assert snap(page)["options"]["suits"] == 4
    verdict(page, "thinking")
    # The main thread stays free while the worker searches: a chain of zero-delay timers
    # runs hundreds of times a second (a page blocked by a search would manage a few).
    ticks = page.evaluate("""() => new Promise((done) => {
        let n = 0;
        const end = performance.now() + 1000;
        const tick = () => (performance.now() < end ? (n++, setTimeout(tick, 0)) : done(n));
        tick();
    })""")
    assert page.locator("#verdict").get_attribute("data-state") == "thinking"
    assert ticks > 50
    # A move while it thinks is played at once, and the search turns to the new position.
    s = snap(page)
    key = sorted(k for k in s["taps"] if k != "stock:0")[0]
    src, n = key.split(":")
    card(page, src, len(s["piles"][src]) - int(n)).click(position={"x": 12, "y": 8})
    assert snap(page)["moveCount"] == 1
    verdict(page, "thinking")
    expect(page.locator("#verdict")).not_to_have_attribute("data-state", "thinking",
                                                           timeout=SOLVER_TIMEOUT_MS)


@pytest.mark.no_service_worker
def test_without_its_worker_the_page_says_so_and_hints_by_rule_of_thumb(
        page: Page, site_url: str) -> None:
    manual_play(page)
    page.context.route("**/solver-worker.js", lambda route: route.fulfill(status=404, body="gone"))
    open_game(page, site_url, "freecell", 1)
    verdict(page, "failed")
    expect(page.locator("#verdict")).to_contain_text("Solver unavailable")
    page.click("#btn-hint")
    tip = page.locator("#tip")
    expect(tip).to_contain_text("The solver is not available")
    expect(tip).to_contain_text("rule of thumb")
    expect(page.locator(".card.hint").first).to_be_visible()
    # Play goes on as ever.
    s = snap(page)
    key = sorted(k for k in s["taps"] if k != "stock:0")[0]
    src, n = key.split(":")
    card(page, src, len(s["piles"][src]) - int(n)).click(position={"x": 12, "y": 8})
    assert snap(page)["moveCount"] == 1
