"""Helpers for driving the app like a player: read the engine's state, click, drag, type."""

from __future__ import annotations

import json
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Locator, Page

import patience

from .conftest import BOOT_TIMEOUT_MS

# Every game of the engine's registry, in its order (a new game is tested with no line here).
GAMES = list(patience.GAMES)

# Automatic moves would make the move counts of a test depend on the deal: off, unless a test
# turns them on.
MANUAL = ('localStorage.setItem("patience:v1:settings", JSON.stringify('
          '{v: 1, autoMove: false, autoFinish: false, fourColour: false, options: {}}));')


def themes() -> list[str]:
    """Return the table themes the Settings dialog offers (index.html), the default first."""
    html = (Path(__file__).resolve().parent.parent / "index.html").read_text()
    start = html.index('<select id="set-theme"')
    block = html[start:html.index("</select>", start)]
    return [part.split('"', 1)[0] for part in block.split('<option value="')[1:]]


def manual_play(page: Page) -> None:
    """Turn automatic moves off for every load of this page (before its scripts run)."""
    page.add_init_script(MANUAL)


def wait_ready(page: Page) -> None:
    """Wait until the table is drawn and accepts input."""
    page.wait_for_selector("#table.ready .pile", timeout=BOOT_TIMEOUT_MS)


def open_game(page: Page, site_url: str, game: str, deal: int | None = None) -> None:
    """Open a game (a given deal, or the saved one) and wait until it can be played."""
    page.goto(site_url + f"?game={game}" + (f"&deal={deal}" if deal else ""))
    wait_ready(page)


def choose_game(page: Page, game: str) -> Locator:
    """Open the Games dialog and choose a game's tile; return its card, whose options and
    buttons then show under it."""
    page.click("#btn-games")
    page.click(f'.game-card[data-game="{game}"] .tile')
    card = page.locator(f'.game-card[data-game="{game}"]')
    card.locator(".details").wait_for(state="visible")
    return card


def snap(page: Page) -> dict[str, Any]:
    """Return the engine's present snapshot (the same one the page draws), once no transition
    the page has asked for (a click's move, deal or undo) is still on its way to the engine's
    worker and back (``window.patienceBusy``, main.js)."""
    data: dict[str, Any] = json.loads(page.evaluate("""async () => {
        for (let i = 0; i < 1500 && window.patienceBusy?.(); i++) {
            await new Promise((resolve) => { setTimeout(resolve, 20); });
        }
        return patienceBridge.snapshot(0);
    }"""))
    return data


def card(page: Page, pile: str, index: int) -> Locator:
    """Return the card element at ``index`` of ``pile``."""
    return page.locator(f'.card[data-pile="{pile}"][data-index="{index}"]')


def pile(page: Page, name: str) -> Locator:
    """Return the pile element of ``name``."""
    return page.locator(f'.pile[data-pile="{name}"]')


def settle(page: Page) -> None:
    """Wait until no card is moving (the motion after a move lasts a few hundred ms)."""
    page.wait_for_function("!document.querySelector('.card.moving')")


def saved_record(game: str, deal: int, moves: int, options: str = "{}") -> str:
    """Return the page's storage record of ``game`` after up to ``moves`` of the engine's
    rule-of-thumb suggestions from ``deal``, stopping while the game is still in play."""
    from patience.bridge import Bridge  # noqa: PLC0415 (the engine, for a real position)
    from patience.suggest import suggest  # noqa: PLC0415

    b = Bridge()
    now = json.loads(b.new(game, options, deal))
    session = b.session
    assert session is not None
    for _ in range(moves):
        move = suggest(session.rules, session.state, session.states)
        if move is None:
            break
        after = json.loads(b.play(str(move), 0))
        if after["status"] != "playing":
            b.undo(0)
            break
        now = after
    painted = {k: v for k, v in now.items() if k not in ("moves", "taps", "safe", "save")}
    return json.dumps({"v": 1, "game": game, "save": now["save"], "snapshot": painted})


def resume_record(page: Page, site_url: str, game: str, record: str,
                  settings: dict[str, Any] | None = None) -> None:
    """Open the page with ``record`` saved as the game in progress, and wait until it plays."""
    stored = {"v": 1, "autoMove": False, "autoFinish": False, "fourColour": False,
              "indicator": False, "options": {}, "winnable": {}, **(settings or {})}
    page.add_init_script(
        f"localStorage.setItem('patience:v1:settings', {json.dumps(json.dumps(stored))});"
        f"localStorage.setItem('patience:v1:current', {json.dumps(game)});"
        f"localStorage.setItem('patience:v1:game:{game}', {json.dumps(record)});")
    page.goto(site_url)
    wait_ready(page)


def drag(page: Page, source: Locator, target: Locator) -> None:
    """Drag with the mouse (pointer events) from one element's grab point to another's centre."""
    settle(page)
    box = source.bounding_box()
    goal = target.bounding_box()
    assert box is not None and goal is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + min(12, box["height"] / 4)
    page.mouse.move(x, y)
    page.mouse.down()
    steps = 8
    gx, gy = goal["x"] + goal["width"] / 2, goal["y"] + min(goal["height"] / 2, 40)
    for i in range(1, steps + 1):
        page.mouse.move(x + (gx - x) * i / steps, y + (gy - y) * i / steps)
    page.mouse.up()


def at_rest(page: Page, moved: Locator, timeout: float = 30_000) -> None:
    """Wait until a card dropped where it may not go is back at rest: no offset of its own
    (input.js ``glideBack`` clears it when the glide ends), not dragged, and no animation
    running on it (the refusal's shake). The glide and the shake start only once the engine
    has said no, and on a loaded machine they end later than any fixed pause of their length
    (a pause of 400 ms failed there: the card was still shaking)."""
    deadline = time.monotonic() + timeout / 1000
    while moved.evaluate("(el) => el.style.translate !== '' || el.classList.contains('dragging')"
                         " || el.getAnimations().length > 0"):
        if time.monotonic() > deadline:
            raise AssertionError("the dropped card never came to rest")
        page.wait_for_timeout(20)


def drawn_piles(page: Page) -> dict[str, list[str | None]]:
    """Return the piles as drawn on the page: card codes, ``None`` for face-down cards."""
    data: dict[str, list[str | None]] = page.evaluate("""() => {
        const out = {};
        for (const p of document.querySelectorAll('.pile')) out[p.dataset.pile] = [];
        for (const c of document.querySelectorAll('.card')) {
            out[c.dataset.pile][Number(c.dataset.index)] = c.dataset.code ?? null;
        }
        return out;
    }""")
    return data


def seed(page: Page, items: dict[str, str], once: str = "seeded") -> None:
    """Put items in localStorage before the page's first script, on the first load only
    (the next load after this call, for a ``once`` key of its own)."""
    page.add_init_script(f"""
        if (!sessionStorage.getItem({json.dumps(once)})) {{
            sessionStorage.setItem({json.dumps(once)}, "1");
            for (const [k, v] of Object.entries({json.dumps(items)})) localStorage.setItem(k, v);
        }}""")


def storage(page: Page) -> dict[str, str]:
    """Return the page's localStorage."""
    data: dict[str, str] = page.evaluate("Object.fromEntries(Object.entries(localStorage))")
    return data


def resume_save(page: Page, site_url: str, save: str) -> None:
    """Store a save as the FreeCell game in progress, then open it as a returning player.

    The record is the one the page stores for it (the engine's snapshot of the save, less the
    moves and the save text), made here by the same engine in CPython: one start of the page,
    not a first one to make the record and a second to open it."""
    from patience.bridge import Bridge  # noqa: PLC0415 (the engine, for the page's record)

    now = json.loads(Bridge().load(save))
    assert "error" not in now, now
    painted = {k: v for k, v in now.items() if k not in ("moves", "taps", "safe", "save")}
    seed(page, {"patience:v1:game:freecell": json.dumps(
        {"v": 1, "game": "freecell", "save": now["save"], "snapshot": painted}),
        "patience:v1:current": "freecell"}, once=f"resumed:{uuid.uuid4().hex}")
    page.goto(site_url)
    wait_ready(page)


def until(page: Page, predicate: str, timeout: float = 30_000) -> None:
    """Evaluate an async JavaScript predicate until it is truthy (``wait_for_function`` takes
    the promise an async predicate returns for a truthy answer): the engine's answers come
    from its worker (``__snap()``, conftest.py, resolves with its snapshot)."""
    deadline = time.monotonic() + timeout / 1000
    while not page.evaluate(predicate):
        if time.monotonic() > deadline:
            raise AssertionError(f"not so within {timeout / 1000:g} s: {predicate}")
        page.wait_for_timeout(20)


def snap_until(page: Page, check: Callable[[dict[str, Any]], bool],
               timeout: float = 30_000) -> dict[str, Any]:
    """Return the engine's snapshot once ``check`` holds of it: a gesture's move reaches the
    engine's worker and back asynchronously. An answer with an error (no game yet: the
    engine has started, and the page has not yet given it the game) does not pass."""
    deadline = time.monotonic() + timeout / 1000
    while "error" in (s := snap(page)) or not check(s):
        if time.monotonic() > deadline:
            raise AssertionError(f"the engine's position never passed the check: {s}")
        page.wait_for_timeout(20)
    return s


def drawn_until(page: Page, piles: dict[str, Any], timeout: float = 30_000) -> None:
    """Wait until the page draws ``piles`` (the engine's answer is drawn once it arrives)."""
    deadline = time.monotonic() + timeout / 1000
    while (drawn := drawn_piles(page)) != piles:
        if time.monotonic() > deadline:
            raise AssertionError(f"the page never drew the position: {drawn} != {piles}")
        page.wait_for_timeout(20)
