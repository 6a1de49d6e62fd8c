"""Every game fits a 360x640 phone and a large desktop, with no horizontal scrolling."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from .play import GAMES, open_game


@pytest.mark.parametrize(("width", "height"), [(360, 640), (1920, 1080)])
def test_every_game_fits_without_horizontal_scrolling(page: Page, site_url: str, width: int,
                                                      height: int) -> None:
    page.set_viewport_size({"width": width, "height": height})
    for game in GAMES:
        open_game(page, site_url, game, 11)
        overflow = page.evaluate("document.documentElement.scrollWidth - innerWidth")
        assert overflow <= 0, game
        right = page.evaluate("Math.max(...[...document.querySelectorAll('.pile, .card')]"
                              ".map(e => e.getBoundingClientRect().right))")
        bottom = page.evaluate("Math.max(...[...document.querySelectorAll('.card')]"
                               ".map(e => e.getBoundingClientRect().bottom))")
        table_bottom = page.evaluate("document.querySelector('#table')"
                                     ".getBoundingClientRect().bottom")
        assert right <= width, game
        assert bottom <= table_bottom + 1, game              # long piles are compressed
