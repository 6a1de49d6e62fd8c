"""The tenth game, Baker's Dozen, plays in the page with no line of JavaScript about it.

Issue 14 asks that a new game be one file of tables and hooks: the page draws its layout,
plays it by taps, lists it among the games and shows its generated rules page, all from the
engine's catalogue and snapshots.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

import patience
from patience.rulespage import build

from .play import card, drawn_piles, manual_play, open_game, snap, until

GAME = "bakers_dozen"


@pytest.mark.parametrize("size", [(360, 640), (1366, 768)], ids=["phone", "desktop"])
def test_bakers_dozen_plays_by_taps_and_shows_its_rules(page: Page, site_url: str,
                                                        size: tuple[int, int]) -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    manual_play(page)
    open_game(page, site_url, GAME, deal=1)
    s = snap(page)
    assert s["game"] == GAME and s["moveCount"] == 0
    drawn = page.eval_on_selector_all(".pile", "ps => ps.map(p => p.dataset.pile)")
    assert sorted(drawn) == sorted([*(f"f{i}" for i in range(1, 5)),
                                    *(f"t{i}" for i in range(1, 14))])
    for name, codes in drawn_piles(page).items():           # the Kings drawn at the bottom
        kings = [bool(c and c.startswith("K")) for c in codes]
        assert kings == sorted(kings, reverse=True), (name, codes)
    assert sum(c.startswith("K") for p in drawn_piles(page).values() for c in p if c) == 4

    # A tap on a card whose tap is a move plays it, and the move count goes up.
    key, text = sorted((k, v) for k, v in s["taps"].items())[0]
    src, n = key.split(":")
    card(page, src, len(s["piles"][src]) - int(n)).click(position={"x": 12, "y": 8})
    expect(page.locator("#table")).to_be_visible()
    until(page, "async () => (await __snap()).moveCount === 1")
    after = snap(page)
    dst = text.split(">")[1]
    assert after["piles"][dst][-1] == s["piles"][src][-1]
    assert len(after["piles"][src]) == len(s["piles"][src]) - 1

    # The Rules dialog shows the page the engine generates (under More on a phone).
    if not page.is_visible("#btn-rules"):
        page.click("#btn-more")
    page.click("#btn-rules")
    dialog = page.locator("#dlg-rules")
    expect(dialog).to_be_visible()
    expect(page.locator("#dlg-rules-title")).to_contain_text("Baker's Dozen")
    shown = re.sub(r"\s+", " ", page.inner_text("#rules-text"))
    for sentence in build(patience.find_game(GAME)).text().splitlines()[1:]:
        assert sentence in shown, sentence
    assert "every King is moved to the bottom of its pile" in shown


def test_bakers_dozen_is_among_the_games(page: Page, site_url: str) -> None:
    manual_play(page)
    open_game(page, site_url, "klondike", deal=1)
    page.click("#btn-games")
    expect(page.locator("#dlg-games")).to_be_visible()
    expect(page.locator("#game-list")).to_contain_text("Baker's Dozen")
