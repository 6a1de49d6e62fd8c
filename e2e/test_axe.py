"""axe-core finds nothing wrong on any game, dialog or table theme, on a phone and a laptop.

axe-core (pinned in ``package.json``, from ``node_modules``) is injected by this test into
the page, never served by the site. Every rule axe runs by default is run: nothing is turned
off. One page per screen size: every theme of the Settings dialog's select in turn, every
game of the engine's registry under each, and every dialog open in each theme.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page

from .conftest import BOOT_TIMEOUT_MS, ROOT
from .play import GAMES, themes, wait_ready

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
SIZES = [(360, 640), (1366, 768)]
#: Automatic moves off (the table stays as dealt), motion off (no card in flight when axe
#: looks), the solver's line on (its words are checked too).
SETTINGS = {"v": 1, "autoMove": False, "autoFinish": False, "fourColour": False,
            "indicator": True, "motion": False, "options": {}, "winnable": {}}


def axe(page: Page, within: str | None = None, rules: list[str] | None = None) -> list[str]:
    """Run axe over the page (or the element ``within``); return its violations as lines."""
    options: dict[str, Any] = {"resultTypes": ["violations"]}
    if rules:
        options["runOnly"] = {"type": "rule", "values": rules}
    found: list[dict[str, Any]] = page.evaluate(
        "async ([within, options]) => (await axe.run(within ? document.querySelector(within)"
        " : document, options)).violations.map((v) => ({id: v.id, help: v.help,"
        " nodes: v.nodes.slice(0, 4).map((n) => n.target.join(' ') + ': '"
        " + (n.failureSummary || '').replace(/\\s+/g, ' ').slice(0, 200)),"
        " count: v.nodes.length}))",
        [within, options])
    return [f"{v['id']} ({v['count']}x: {v['help']}): " + " | ".join(v["nodes"]) for v in found]


def press(page: Page, button: str) -> None:
    """Click an action button, through the More menu when it is kept there."""
    target = page.locator(f"#{button}")
    if not target.is_visible() and page.locator("#btn-more").is_visible():
        page.click("#btn-more")
    target.click()


def settled(page: Page) -> None:
    """Wait until the table is drawn and still (no card moving or waiting to move)."""
    wait_ready(page)
    page.wait_for_selector(".card.moving, .card.waiting", state="detached",
                           timeout=BOOT_TIMEOUT_MS)


def wait_for(page: Page, condition: str) -> None:
    """Poll a condition in the page (wait_for_function's eval is refused by the site's CSP)."""
    for _ in range(600):
        if page.evaluate(condition):
            return
        page.wait_for_timeout(100)
    pytest.fail(f"not so in 60 s: {condition}", pytrace=False)


def choose_game(page: Page, game: str) -> None:
    """Open ``game`` from the Games dialog, as a player would."""
    page.click("#btn-games")
    page.locator(f"#game-{game}").check(force=True)     # the picker opens the game's tile
    entry = page.locator(f'#dlg-games [data-game="{game}"]')
    entry.locator("button.accent").click()
    if page.locator("#notice").is_visible():                   # a game in progress: give it up
        page.locator("#notice-buttons button").last.click()
    wait_for(page, f"async () => (await __snap()).game === {json.dumps(game)}")
    settled(page)


def choose_theme(page: Page, theme: str) -> None:
    """Pick a theme in the Settings dialog and close it."""
    press(page, "btn-settings")
    page.select_option("#set-theme", theme)
    page.click('#dlg-settings button[value="close"]')
    assert page.evaluate("document.documentElement.dataset.theme") == theme


def dialogs(page: Page) -> dict[str, list[str]]:
    """Open every dialog in turn and run axe with each open; return the violations by name."""
    found: dict[str, list[str]] = {}

    def check(name: str, selector: str) -> None:
        page.wait_for_selector(selector, state="visible")
        found[name] = axe(page)

    page.click("#btn-games")
    check("Games", "#dlg-games")
    page.click('#dlg-games button[value="close"]')
    press(page, "btn-settings")
    check("Settings", "#dlg-settings")
    page.click('#dlg-settings button[value="close"]')
    press(page, "btn-rules")
    check("Rules", "#dlg-rules")
    page.click("#btn-howto")                                  # the walk, from the Rules page
    page.wait_for_selector("#howto:not([hidden])")
    check("How to play", "#howto")
    page.click("#howto-skip")
    page.wait_for_selector("#howto", state="hidden")
    press(page, "btn-deal")
    page.fill("#deal-number", "not a number")
    page.click('#deal-form button[type="submit"]')
    page.wait_for_selector("#deal-error:not(:empty)")
    check("Deal # (with its error)", "#dlg-deal")
    page.click("#deal-cancel")
    press(page, "btn-daily")
    check("Daily deal", "#dlg-daily")
    page.click('#dlg-daily button[value="close"]')
    press(page, "btn-stats")
    check("Statistics", "#dlg-stats")
    page.click('#dlg-stats button[value="close"]')
    if page.locator("#btn-more").is_visible():
        page.click("#btn-more")
        check("More menu", "#more")
        page.click("#btn-more")
    # A move, then New deal: the question before a game in progress is given up.
    page.click('.card[data-pile="stock"] >> nth=-1')
    wait_for(page, "async () => (await __snap()).moveCount > 0")
    settled(page)
    press(page, "btn-new")
    check("New deal? (a notice)", "#notice")
    page.locator("#notice-buttons button").last.click()     # "Keep playing", then "New deal"
    page.wait_for_selector("#notice", state="hidden")
    settled(page)
    press(page, "btn-stats")
    check("Statistics (with a game in the history)", "#dlg-stats")
    page.click('#dlg-stats button[value="close"]')
    return found


#: Each size in each theme: one test apiece, so that two browser workers share them evenly.
CASES = [(w, h, theme) for w, h in SIZES for theme in themes()]


@pytest.mark.parametrize(("width", "height", "theme"), CASES,
                         ids=[f"{w}x{h}-{theme}" for w, h, theme in CASES])
def test_no_axe_violations_on_any_game_dialog_or_theme(context: BrowserContext, page: Page,
                                                       site_url: str, width: int,
                                                       height: int, theme: str) -> None:
    assert AXE.is_file(), "axe-core is not installed: npm install"
    names = themes()
    assert len(names) >= 3 and names[0] == "felt"
    context.add_init_script(path=str(AXE))
    context.add_init_script(
        f"localStorage.setItem('patience:v1:settings', {json.dumps(json.dumps(SETTINGS))});")
    page.set_viewport_size({"width": width, "height": height})
    page.emulate_media(reduced_motion="reduce")
    page.goto(site_url + f"?game={GAMES[0]}&deal=5")
    settled(page)
    problems: list[str] = []
    choose_theme(page, theme)
    # The dialogs over the first game (it has a stock to turn: a move for the notice).
    for name, found in dialogs(page).items():
        problems += [f"{theme} {name}: {v}" for v in found]
    for game in GAMES:
        choose_game(page, game)
        problems += [f"{theme} {game}: {v}" for v in axe(page)]
        # The four-colour deck changes the colours of the cards only.
        page.evaluate("document.body.classList.add('four-colour')")
        problems += [f"{theme} {game} four-colour: {v}"
                     for v in axe(page, "#table", ["color-contrast"])]
        page.evaluate("document.body.classList.remove('four-colour')")
    assert not problems, "\n".join(problems)
