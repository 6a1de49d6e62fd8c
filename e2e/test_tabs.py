"""Two tabs on one game (issue 16, point 1): a newer save is never overwritten by an older
one; a tab whose game moved on elsewhere shows it as it is now, and says so."""

from __future__ import annotations

import json

from playwright.sync_api import BrowserContext, Page, expect

import patience

from .play import MANUAL, open_game, snap, wait_ready

KEY = "patience:v1:game:klondike"

HIDE = """() => {
    Object.defineProperty(document, "hidden", {get: () => true, configurable: true});
    Object.defineProperty(document, "visibilityState", {get: () => "hidden", configurable: true});
    document.dispatchEvent(new Event("visibilitychange"));
}"""


def tap_stock(page: Page) -> None:
    """Tap the stock where a player would (its top card, if it has one), in the tab in front
    (a tab in the background gets no animation frames, as in a real browser)."""
    page.bring_to_front()
    box = page.locator('.pile[data-pile="stock"]').bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + 12)


def turn_stock(page: Page) -> int:
    """Turn the stock by a tap (a move in Klondike); return the move count after it."""
    before = snap(page)["moveCount"]
    page.wait_for_timeout(400)                   # not the echo of a double tap
    tap_stock(page)
    expect(page.locator("#stat-moves")).to_have_text(f"Moves {before + 1}")
    after: int = snap(page)["moveCount"]
    return after


def stored_moves(page: Page) -> int:
    """The moves made in the Klondike save in storage (folded ones included)."""
    record = json.loads(page.evaluate(f"localStorage.getItem({json.dumps(KEY)})"))
    save = json.loads(record["save"])
    return int(len(save["moves"]) + save.get("offset", 0))


def two_tabs(context: BrowserContext, page: Page, site_url: str) -> tuple[Page, Page]:
    context.add_init_script(MANUAL)
    open_game(page, site_url, "klondike", 8)
    assert turn_stock(page) == 1
    other = context.new_page()
    other.goto(site_url)
    wait_ready(other)
    assert snap(other)["game"] == "klondike" and snap(other)["moveCount"] == 1
    return page, other


def test_a_hidden_and_reloaded_tab_never_writes_its_old_game_back(
        context: BrowserContext, page: Page, site_url: str) -> None:
    a, b = two_tabs(context, page, site_url)
    b.evaluate(HIDE)                                   # B goes to the background
    for n in (2, 3, 4):
        assert turn_stock(a) == n
    assert stored_moves(a) == 4
    b.reload()                                         # B's pagehide must not write move 1 back
    wait_ready(b)
    assert snap(b)["moveCount"] == 4
    assert stored_moves(a) == 4
    assert turn_stock(a) == 5                          # A goes on, and its moves are kept
    assert stored_moves(b) == 5
    a.reload()
    wait_ready(a)
    assert snap(a)["moveCount"] == 5


def test_a_tab_in_view_follows_the_other_tabs_moves_and_says_so(
        context: BrowserContext, page: Page, site_url: str) -> None:
    a, b = two_tabs(context, page, site_url)
    assert turn_stock(a) == 2
    b.bring_to_front()
    expect(b.locator("#stat-moves")).to_have_text("Moves 2")
    expect(b.locator("#toast")).to_be_visible()
    expect(b.locator("#toast-text")).to_contain_text("moved on in another tab")
    assert snap(b)["moveCount"] == 2
    assert turn_stock(a) == 3                          # and A's next move is kept
    assert stored_moves(a) == 3


def test_a_move_made_on_a_stale_game_is_not_saved_over_the_newer_one(
        context: BrowserContext, page: Page, site_url: str) -> None:
    _, b = two_tabs(context, page, site_url)
    b.bring_to_front()
    # B misses the news of another tab's save (as a browser may for a frozen tab): here the
    # newer save of two more moves is written from B's own page, which hears no event of it.
    record = json.loads(b.evaluate(f"localStorage.getItem({json.dumps(KEY)})"))
    newer = patience.load(record["save"])
    newer.play("stock>waste")
    newer.play("stock>waste")
    record.update(rev=record["rev"] + 1, save=newer.save())
    b.evaluate("([k, v]) => localStorage.setItem(k, v)", [KEY, json.dumps(record)])
    b.wait_for_timeout(400)
    tap_stock(b)                                       # a move on B's stale game (move 2)
    expect(b.locator("#toast-text")).to_contain_text("the last move made here was not kept")
    expect(b.locator("#stat-moves")).to_have_text("Moves 3")
    assert stored_moves(b) == 3
    kept = json.loads(b.evaluate(f"localStorage.getItem({json.dumps(KEY)})"))
    assert kept["rev"] == record["rev"]


def test_a_tab_that_followed_the_other_plays_on_at_once(
        context: BrowserContext, page: Page, site_url: str) -> None:
    a, b = two_tabs(context, page, site_url)
    assert turn_stock(a) == 2
    b.bring_to_front()
    expect(b.locator("#stat-moves")).to_have_text("Moves 2")
    # The game it reloaded flies in from the stock (a dealt card lets taps through while it
    # flies: tests/js/motion.test.mjs); once it has landed, B's tap turns the stock.
    b.wait_for_function("!document.querySelector('.card.moving')")
    b.wait_for_timeout(400)                            # not the echo of a double tap
    tap_stock(b)
    expect(b.locator("#stat-moves")).to_have_text("Moves 3")
    assert stored_moves(b) == 3
