"""The Games dialog with pictures, and the How to play walk (issue 25, points 5 and 6).

Every game of the registry is drawn from the engine's preview by the table's renderer; the
walk shows on a first visit only, marks what it talks about, and its move is a legal one.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .play import GAMES, choose_game, manual_play, open_game, snap, wait_ready


def preview(page: Page, game: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(page.evaluate(f"patienceBridge.preview('{game}', '{{}}')"))
    return data


@pytest.mark.parametrize("size", [(360, 640), (1366, 768)], ids=["phone", "desktop"])
def test_the_games_dialog_pictures_every_game_and_opens_at_the_one_on_the_table(
        page: Page, site_url: str, size: tuple[int, int]) -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    manual_play(page)
    open_game(page, site_url, "freecell", 1)
    page.click("#btn-games")
    chosen = page.get_by_role("radio", name=re.compile("^FreeCell"))
    expect(chosen).to_be_checked()
    expect(chosen).to_be_focused()
    for game in GAMES:                       # each tile: the opening the engine gives, drawn
        picture = page.locator(f'.game-card[data-game="{game}"] .pic .preview-table')
        piles = preview(page, game)["piles"]
        expect(picture.locator(".card")).to_have_count(sum(len(p) for p in piles.values()))
        expect(picture.locator(".card.down")).to_have_count(
            sum(c is None for p in piles.values() for c in p))
        expect(picture.locator(".pile")).to_have_count(len(piles))
        details = page.locator(f'.game-card[data-game="{game}"] .details')
        if game == "freecell":
            expect(details).to_be_visible()
        else:
            expect(details).to_be_hidden()
    # The arrow keys choose another game, whose options open; Enter goes to its Play button.
    after = GAMES[GAMES.index("freecell") + 1]
    page.keyboard.press("ArrowDown")
    expect(page.locator(f'.game-card[data-game="{after}"] .details')).to_be_visible()
    expect(page.locator('.game-card[data-game="freecell"] .details')).to_be_hidden()
    page.keyboard.press("Enter")
    play = page.locator(f'.game-card[data-game="{after}"] button.accent')
    expect(play).to_be_focused()
    expect(page.locator("#dlg-games")).to_be_visible()        # Enter did not close the dialog
    page.keyboard.press("Enter")
    expect(page.locator("#dlg-games")).to_be_hidden()
    assert snap(page)["game"] == after
    expect(page.locator(".preview-table")).to_have_count(0)   # no copy of a table left behind
    page.click("#btn-games")                                  # opens at the game now played
    expect(page.get_by_role("radio", name=re.compile(f"^{snap(page)['title']}"))).to_be_checked()


@pytest.mark.first_visit
def test_a_first_visit_shows_the_walk_once_and_skip_closes_it_for_good(
        page: Page, site_url: str) -> None:
    page.goto(site_url)
    wait_ready(page)
    expect(page.locator("html")).to_have_attribute("data-howto", "shown")
    walk = page.get_by_role("dialog", name="The goal")
    expect(walk).to_be_visible()
    expect(page.locator("#howto-count")).to_have_text(
        re.compile(rf"^How to play {snap(page)['title']}: step 1 of [234]$"))
    foundations = [n for n, k in snap(page)["layout"]["kinds"].items() if k == "foundation"]
    marked = page.eval_on_selector_all("#table .pile.guide-target",
                                       "ps => ps.map(p => p.dataset.pile)")
    assert sorted(marked) == sorted(foundations)
    expect(page.locator("#howto-next")).to_be_focused()
    page.click("#howto-next")
    expect(page.locator("#howto-title")).to_have_text("Moving cards")
    page.click("#howto-back")
    expect(page.locator("#howto-title")).to_have_text("The goal")
    page.click("#howto-skip")
    expect(page.locator("#howto")).to_be_hidden()
    expect(page.locator("#table .guide, #table .guide-target")).to_have_count(0)
    settings = json.loads(page.evaluate("localStorage.getItem('patience:v1:settings')"))
    assert settings["howto"] == 1
    page.reload()
    wait_ready(page)
    expect(page.locator("html")).to_have_attribute("data-howto", "not-shown")
    expect(page.locator("#howto")).to_be_hidden()


@pytest.mark.parametrize("game", ["klondike", "pyramid", "freecell"])
def test_the_rules_open_the_walk_and_its_move_plays(page: Page, site_url: str,
                                                     game: str) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    manual_play(page)
    open_game(page, site_url, game, 3)
    page.click("#btn-rules")
    expect(page.locator("#rules-pic .preview-table .card")).not_to_have_count(0)
    page.click("#btn-howto")
    expect(page.locator("#dlg-rules")).to_be_hidden()
    expect(page.locator("#howto")).to_be_visible()
    while page.locator("#howto-title").inner_text() != "Try a move":
        page.click("#howto-next")
    move = page.locator("#howto-play").get_attribute("data-move")
    assert move and move in [m["text"] for m in snap(page)["moves"]]
    said = json.loads(page.evaluate(f"patienceBridge.describe({json.dumps(move)})"))
    for c in said["cards"]:                   # the move's cards are marked on the table
        expect(page.locator(f'#table .card[data-pile="{c["pile"]}"][data-index="{c["index"]}"]')
               ).to_have_class(re.compile(r"\bguide\b"))
    if said["target"] and all(c["pile"] != said["target"]["pile"] for c in said["cards"]):
        expect(page.locator(f'#table .pile[data-pile="{said["target"]["pile"]}"]')
               ).to_have_class(re.compile(r"\bguide-target\b"))
    page.click("#howto-play")
    expect(page.locator("#howto")).to_be_hidden()
    after = snap(page)
    assert after["moveCount"] == 1 and after["last"] == move


def test_the_walk_closes_when_another_game_is_dealt(page: Page, site_url: str) -> None:
    manual_play(page)
    open_game(page, site_url, "klondike", 2)
    page.click("#btn-rules")
    page.click("#btn-howto")
    expect(page.locator("#howto")).to_be_visible()
    choose_game(page, "freecell").locator("button.accent").click()
    assert snap(page)["game"] == "freecell"
    expect(page.locator("#howto")).to_be_hidden()
    expect(page.locator("#table .guide, #table .guide-target")).to_have_count(0)


def _shows_the_move_of_the_table(page: Page) -> str:
    """Check the walk's move step belongs to the position on the table: its move is the one
    the engine picks now, a legal move, and its cards are the ones marked; return it."""
    expect(page.locator("#howto-title")).to_have_text("Try a move")
    now = json.loads(page.evaluate("patienceBridge.howto()"))["steps"][-1]["move"]["text"]
    expect(page.locator("#howto-play")).to_have_attribute("data-move", now)
    assert now in [m["text"] for m in snap(page)["moves"]]
    said = json.loads(page.evaluate(f"patienceBridge.describe({json.dumps(now)})"))
    marked = page.locator("#table .card.guide")
    expect(marked).to_have_count(len(said["cards"]) + (
        0 if not said["target"] or not drawn_top(page, said["target"]["pile"]) else 1))
    for c in said["cards"]:
        expect(page.locator(f'#table .card[data-pile="{c["pile"]}"][data-index="{c["index"]}"]')
               ).to_have_class(re.compile(r"\bguide\b"))
    return str(now)


def drawn_top(page: Page, name: str) -> bool:
    """Tell whether a pile has a card drawn on it."""
    return page.locator(f'#table .card[data-pile="{name}"]').count() > 0


def turn_stock(page: Page) -> None:
    """Tap the stock's top card (it turns the stock) and wait for the move to be drawn."""
    stock = page.locator('#table .card[data-pile="stock"]')
    stock.nth(stock.count() - 1).click()


def test_the_walk_follows_the_position_on_the_table(page: Page, site_url: str) -> None:
    # Klondike deal 9: after a turn of the stock the walk's move is the waste's card onto t2,
    # a move the deal's first position does not have; the stock is undone and turned again
    # under the open walk, and its move and marks follow each position.
    page.set_viewport_size({"width": 1366, "height": 768})
    manual_play(page)
    open_game(page, site_url, "klondike", 9)
    turn_stock(page)
    expect(page.locator("#btn-undo")).to_be_enabled()
    page.click("#btn-rules")
    page.click("#btn-howto")
    while page.locator("#howto-title").inner_text() != "Try a move":
        page.click("#howto-next")
    assert _shows_the_move_of_the_table(page) == "waste>t2"
    page.click("#btn-undo")
    expect(page.locator("#howto")).to_be_visible()
    assert snap(page)["moveCount"] == 0
    assert _shows_the_move_of_the_table(page) == "stock>waste"
    turn_stock(page)
    assert snap(page)["moveCount"] == 1
    move = _shows_the_move_of_the_table(page)
    assert move == "waste>t2"
    page.click("#howto-play")
    expect(page.locator("#howto")).to_be_hidden()
    after = snap(page)
    assert after["moveCount"] == 2 and after["last"] == move
