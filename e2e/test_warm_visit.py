"""A return visit before Python is ready (issue 28): the saved board is painted by
``static/js/warm.js`` alone, before the page's other modules have run and before the engine
has started; a tap made on it then is kept, and played once the engine has taken the same
board over.

The page's other modules are held back by holding one that ``warm.js`` does not import (the
controller, which ``main.js`` needs), and Python by holding the engine's zip, at the router,
until the test lets them go.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import Page, Route, expect

from .conftest import BOOT_TIMEOUT_MS, wait_for_engine
from .play import drawn_piles, open_game, snap_until, wait_ready

pytestmark = pytest.mark.no_service_worker

#: What the table says over a saved board while the engine starts (warm.js's WAIT_SAVED).
WAIT_SAVED = "Starting the card engine… your game is shown as you left it"
#: Held at the router: one of the page's modules that warm.js's graph leaves out, and the
#: engine's zip.
HELD = ("**/static/js/controller.js", "**/patience.zip")


def saved_snapshot(page: Page, game: str) -> dict[str, Any] | None:
    raw = page.evaluate(f"localStorage.getItem('patience:v1:game:{game}')")
    return json.loads(raw)["snapshot"] if raw else None


def test_a_warm_visit_paints_the_saved_board_before_the_page_and_the_engine(
        page: Page, site_url: str) -> None:
    open_game(page, site_url, "klondike", 5)
    page.locator('#table .card[data-pile="stock"]').last.click()
    played = snap_until(page, lambda s: s["moveCount"] >= 1)
    # The save is written once the move has been answered.
    page.wait_for_function(
        """(want) => {
            const raw = localStorage.getItem('patience:v1:game:klondike');
            return raw !== null && JSON.stringify(JSON.parse(raw).snapshot.piles) === want;
        }""", arg=json.dumps(played["piles"], separators=(",", ":")), timeout=BOOT_TIMEOUT_MS)
    saved = saved_snapshot(page, "klondike")
    assert saved is not None and saved["piles"] == played["piles"]

    held: list[Route] = []
    released = False

    def hold(route: Route) -> None:
        if released:
            route.continue_()
        else:
            held.append(route)

    for pattern in HELD:
        page.route(pattern, hold)
    page.goto(site_url, wait_until="commit")
    try:
        expect(page.locator("#table .card").first).to_be_visible(timeout=BOOT_TIMEOUT_MS)
        # The saved board, with the waiting note over it, while main.js has not run (it sets
        # window.patienceBusy) and the engine has not started.
        assert drawn_piles(page) == saved["piles"]
        expect(page.locator("#table .boot-indicator")).to_have_text(WAIT_SAVED)
        expect(page.locator("#table")).to_have_attribute("aria-busy", "true")
        assert page.evaluate("window.patienceBusy === undefined")
        assert page.evaluate("window.patienceBridge === undefined")
        # warm.js asks for the rest of the page once its board's frame is drawn: the
        # controller is asked for, and held.
        for _ in range(BOOT_TIMEOUT_MS // 100):
            if any(r.request.url.endswith("/static/js/controller.js") for r in held):
                break
            page.wait_for_timeout(100)
        assert any(r.request.url.endswith("/static/js/controller.js") for r in held)
        assert page.evaluate("window.patienceBusy === undefined")
        # A tap on it now, before the page's input is attached, is kept: the top card of
        # the stock, which the engine turns over once it is ready.
        page.locator('#table .card[data-pile="stock"]').last.click()
    finally:
        released = True
        for route in held:
            route.continue_()
        held.clear()

    # Answered as a tap made before the engine is ready is (intents.early), then played.
    expect(page.locator("#live")).to_contain_text("still being shuffled",
                                                  timeout=BOOT_TIMEOUT_MS)
    wait_for_engine(page)
    wait_ready(page)
    expect(page.locator("#table .boot-indicator")).to_have_count(0)
    expect(page.locator("#table")).to_have_attribute("aria-busy", "false")
    # The engine opened the saved game (the board painted) and played the tap on it, once.
    now = snap_until(page, lambda s: s["moveCount"] > played["moveCount"])
    assert (now["game"], now["deal"]) == ("klondike", 5)
    assert len(now["piles"]["stock"]) == len(saved["piles"]["stock"]) - 1
    assert drawn_piles(page) == now["piles"]
