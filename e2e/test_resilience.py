"""Failures are visible and recoverable: bad saves, a runtime that will not start, full storage."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, Route, expect

from .play import card, manual_play, open_game, seed, snap, storage, wait_ready

OTHER = "patience:v1:game:freecell"


def check_set_aside(page: Page, site_url: str, bad: str, why: str) -> None:
    other = '{"v":1,"game":"freecell","untouched":true}'
    seed(page, {"patience:v1:current": "klondike", "patience:v1:game:klondike": bad,
                        OTHER: other})
    page.goto(site_url)
    wait_ready(page)
    expect(page.locator("#notice")).to_be_visible()
    expect(page.locator("#notice-title")).to_have_text("Saved game set aside")
    expect(page.locator("#notice-text")).to_contain_text(why)
    kept = storage(page)
    backups = [k for k in kept if k.startswith("patience:v1:backup:klondike:")]
    assert len(backups) == 1 and kept[backups[0]] == bad        # kept, not deleted
    assert kept[OTHER] == other                                  # other games untouched
    s = snap(page)
    assert s["game"] == "klondike" and s["status"] == "playing"  # a fresh game started
    page.click("#notice button")
    expect(page.locator("#notice")).to_be_hidden()
    page.click("#btn-new")
    assert snap(page)["moveCount"] == 0


def test_a_corrupt_save_is_set_aside_and_a_new_game_starts(page: Page, site_url: str) -> None:
    check_set_aside(page, site_url, "{this is not json", "not a saved game")


def test_a_foreign_save_is_set_aside_with_the_engines_reason(page: Page, site_url: str) -> None:
    foreign = json.dumps({"v": 1, "game": "klondike",
                          "save": json.dumps({"format": "patience", "version": 99}),
                          "snapshot": {"piles": {}, "layout": {"columns": 1, "rows": []}}})
    check_set_aside(page, site_url, foreign, "save version 99")


def test_a_save_with_an_illegal_move_is_set_aside(page: Page, site_url: str) -> None:
    save = json.dumps({"format": "patience", "version": 1, "game": "klondike", "options": {},
                       "deal": 5, "moves": ["t1>t1"]})
    record = json.dumps({"v": 1, "game": "klondike", "save": save,
                         "snapshot": {"piles": {}, "layout": {"columns": 1, "rows": []}}})
    check_set_aside(page, site_url, record, "move 1 (t1>t1)")


@pytest.mark.no_service_worker
@pytest.mark.plain_boot
def test_python_that_cannot_start_says_so_and_retry_recovers(page: Page, site_url: str) -> None:
    blocked = {"on": True}

    def maybe_fail(route: Route) -> None:
        if blocked["on"]:
            route.fulfill(status=404, body="missing")
        else:
            route.continue_()

    page.route("**/pyodide.asm.wasm", maybe_fail)
    page.goto(site_url)
    expect(page.locator("#notice-title")).to_have_text("Python could not start", timeout=60_000)
    expect(page.locator("#notice-text")).to_contain_text("WebAssembly")
    assert page.is_enabled("#notice button")
    blocked["on"] = False
    page.click("#notice button")                                   # Retry
    wait_ready(page)
    assert snap(page)["status"] == "playing"


def test_a_full_storage_is_reported_and_play_goes_on(page: Page, site_url: str) -> None:
    manual_play(page)
    page.add_init_script("""
        const realSet = Storage.prototype.setItem;
        Storage.prototype.setItem = function (key, value) {
            if (String(key).startsWith("patience:v1:game:")) {
                throw new DOMException("quota", "QuotaExceededError");
            }
            return realSet.call(this, key, value);
        };""")
    open_game(page, site_url, "klondike", 8)
    expect(page.locator("#toast")).to_be_visible()
    expect(page.locator("#toast-text")).to_contain_text("storage for this site is full")
    page.click("#toast-ok")
    expect(page.locator("#toast")).to_be_hidden()
    s = snap(page)
    key, _ = sorted((k, v) for k, v in s["taps"].items() if k != "stock:0")[0]
    src, n = key.split(":")
    card(page, src, len(s["piles"][src]) - int(n)).click(position={"x": 12, "y": 8})
    assert snap(page)["moveCount"] == 1                             # play goes on
