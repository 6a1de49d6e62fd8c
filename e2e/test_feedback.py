"""Honest, visible feedback (issue 13, point 5): the reason for a refused move on screen, a
question before a game in progress is thrown away, one move for a double tap, the rules page
opened at its top, money written as money, and a card with nowhere to go that still lifts."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Page, expect

from .play import card, choose_game, drag, manual_play, open_game, pile, snap


def nowhere_to_go(s: dict[str, Any]) -> tuple[str, str]:
    """Return a tableau pile whose face-up top card has no legal move, and a pile it may not
    be dropped on."""
    sources = {m["src"] for m in s["moves"]}
    columns = [p for p, cards in s["piles"].items() if p.startswith("t") and cards]
    for src in columns:
        if src in sources or s["piles"][src][-1] is None:
            continue
        return src, next(p for p in columns if p != src)
    raise AssertionError("every top card can move in this deal")


def play_a_tap(page: Page, s: dict[str, Any]) -> None:
    """Play the first listed tap of a tableau or waste card by clicking it, or turn the stock
    when the deal (a random one after New deal) offers no other tap."""
    keys = sorted(k for k in s["taps"] if k != "stock:0") or ["stock:0"]
    src, n = keys[0].split(":")
    if int(n) == 0:        # the pile itself: its top card when it has one (the stock's)
        cards = s["piles"][src]
        (card(page, src, len(cards) - 1) if cards else pile(page, src)).click(
            position={"x": 12, "y": 8})
    else:
        card(page, src, len(s["piles"][src]) - int(n)).click(position={"x": 12, "y": 8})


def test_a_refused_drop_shows_the_engines_reason_near_the_card(page: Page, site_url: str) -> None:
    manual_play(page)
    open_game(page, site_url, "klondike", 1)
    s = snap(page)
    src, dst = nowhere_to_go(s)
    top = len(s["piles"][src]) - 1
    # A card with no legal move still lifts: it follows the pointer...
    box = card(page, src, top).bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + 10, box["y"] + 10)
    page.mouse.down()
    page.mouse.move(box["x"] + 40, box["y"] + 60, steps=4)
    expect(card(page, src, top)).to_have_class(re.compile(r"\bdragging\b"))
    page.mouse.up()
    # ...and dropped where it may not go, it goes back, and the reason shows over the table.
    drag(page, card(page, src, top), pile(page, dst))
    bubble = page.locator("#reason")
    expect(bubble).to_be_visible()
    expect(bubble).to_contain_text("cannot go on")
    assert snap(page)["moveCount"] == 0
    table = page.locator("#table").bounding_box()
    shown = bubble.bounding_box()
    assert table is not None and shown is not None
    width = page.viewport_size["width"] if page.viewport_size else 1280
    assert shown["y"] >= 0 and shown["x"] >= 0 and shown["x"] + shown["width"] <= width
    expect(bubble).to_be_hidden(timeout=4000)                   # it goes by itself


def test_a_new_deal_asks_first_on_a_game_in_progress(page: Page, site_url: str) -> None:
    manual_play(page)
    open_game(page, site_url, "klondike", 1)
    page.click("#btn-new")                                      # nothing to lose: no question
    expect(page.locator("#notice")).to_be_hidden()
    s = snap(page)
    play_a_tap(page, s)
    played = snap(page)
    assert played["moveCount"] == 1
    page.click("#btn-new")
    expect(page.locator("#notice-title")).to_have_text("Start a new deal?")
    expect(page.locator("#notice-text")).to_contain_text(
        "game in progress (1 move) ends, and counts as lost in your statistics")
    keep = page.locator("#notice-buttons button").first
    expect(keep).to_have_text("Keep playing")
    expect(keep).to_be_focused()                                # the safe choice
    keep.click()
    kept = snap(page)
    assert (kept["deal"], kept["moveCount"], kept["piles"]) == (played["deal"], 1, played["piles"])
    page.click("#btn-restart")
    expect(page.locator("#notice-title")).to_have_text("Restart this deal?")
    page.keyboard.press("Enter")                                # Enter on the focused Keep playing
    assert snap(page)["moveCount"] == 1
    page.click("#btn-new")
    page.click('#notice-buttons button:has-text("New deal")')
    fresh = snap(page)
    assert fresh["moveCount"] == 0 and fresh["deal"] != played["deal"]


def test_a_double_tap_plays_one_move(page: Page, site_url: str) -> None:
    manual_play(page)
    open_game(page, site_url, "freecell", 1)
    s = snap(page)
    key = sorted(k for k in s["taps"] if k.startswith("t"))[0]
    src, n = key.split(":")
    box = card(page, src, len(s["piles"][src]) - int(n)).bounding_box()
    assert box is not None
    page.mouse.dblclick(box["x"] + 12, box["y"] + 8)
    page.wait_for_timeout(400)
    assert snap(page)["moveCount"] == 1
    # Two deliberate taps on different cards, quickly, both play.
    s = snap(page)
    keys = sorted(k for k in s["taps"] if k.startswith("t"))
    first, second = keys[0], next(k for k in keys if k.split(":")[0] != keys[0].split(":")[0])
    for key in (first, second):
        src, n = key.split(":")
        card(page, src, len(s["piles"][src]) - int(n)).click(position={"x": 12, "y": 8})
    assert snap(page)["moveCount"] == 3


def test_the_rules_open_at_their_top(page: Page, site_url: str) -> None:
    page.set_viewport_size({"width": 360, "height": 640})
    open_game(page, site_url, "klondike", 1)
    if not page.is_visible("#btn-rules"):
        page.click("#btn-more")                                 # on a phone, under More
    page.click("#btn-rules")
    expect(page.locator("#dlg-rules")).to_be_visible()
    scrolled = page.evaluate("""() => [document.querySelector('#dlg-rules'),
        document.querySelector('#rules-text'), document.querySelector('#dlg-rules .dialog-body')]
        .map((el) => el ? el.scrollTop : 0)""")
    assert scrolled == [0, 0, 0]
    assert page.evaluate("document.querySelector('#dlg-rules').scrollHeight"
                         " > document.querySelector('#dlg-rules').clientHeight")


def test_vegas_money_is_written_minus_dollars(page: Page, site_url: str) -> None:
    page.add_init_script("""localStorage.setItem("patience:v1:settings", JSON.stringify(
        {v: 1, autoMove: false, autoFinish: false, fourColour: false,
         options: {klondike: {scoring: "vegas"}}}));""")
    open_game(page, site_url, "klondike", 1)
    expect(page.locator("#stat-score")).to_have_text("-$52")


def test_a_new_deal_from_the_games_dialog_asks_first_too(page: Page, site_url: str) -> None:
    manual_play(page)
    open_game(page, site_url, "klondike", 1)
    play_a_tap(page, snap(page))
    choose_game(page, "klondike").locator("button.accent").click()     # New deal
    expect(page.locator("#notice-title")).to_have_text("Start a new deal?")
    page.click('#notice-buttons button:has-text("Keep playing")')
    assert snap(page)["moveCount"] == 1 and snap(page)["deal"] == 1
    choose_game(page, "freecell").locator("button.accent").click()     # another game: nothing lost
    expect(page.locator("#notice")).to_be_hidden()
    assert snap(page)["game"] == "freecell"
    choose_game(page, "klondike").locator('button:has-text("Resume")').click()
    assert snap(page)["moveCount"] == 1 and snap(page)["game"] == "klondike"
