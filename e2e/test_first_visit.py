"""A first visit before Python is ready (issue 28): the opening the build wrote is on the
table at once, a tap made meanwhile is played once the engine is ready, the runtime's big
files start first and download once, and the solver's worker waits for the page's start.

Python is held back by holding the engine's zip (``patience.zip``) at the router until the
test lets it go: the page cannot start its engine without it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import opening
import pytest
from playwright.sync_api import Page, Request, Route, expect

from patience.bridge import Bridge

from .conftest import BOOT_TIMEOUT_MS, wait_for_engine
from .play import drawn_piles, snap, wait_ready

pytestmark = [pytest.mark.first_visit, pytest.mark.no_service_worker]

#: The runtime's big files, as the page asks for them.
BIG = ("vendor/pyodide/pyodide.asm.wasm", "vendor/pyodide/python_stdlib.zip", "patience.zip")


@dataclass
class Held:
    """The requests of a page, with the engine's zip held back until ``release()``."""

    site: str
    routes: list[Route] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)
    released: bool = False

    def route(self, route: Route) -> None:
        if self.released:
            route.continue_()
        else:
            self.routes.append(route)

    def seen(self, request: Request) -> None:
        self.requests.append(request.url.removeprefix(self.site))

    def wait_held(self, page: Page) -> None:
        """Wait until the page has asked for the engine's zip (held back here): the loader asks
        for it as it starts, which may come after the opening is painted."""
        for _ in range(BOOT_TIMEOUT_MS // 100):
            if self.routes:
                return
            page.wait_for_timeout(100)      # route handlers run while Playwright waits
        raise AssertionError("the engine's zip was never asked for, so not held back")

    def release(self) -> None:
        self.released = True
        for route in self.routes:
            route.continue_()
        self.routes.clear()


@pytest.fixture
def held(page: Page, site_url: str) -> Iterator[Held]:
    h = Held(site_url)
    page.route("**/patience.zip", h.route)
    page.on("request", h.seen)
    page.goto(site_url, wait_until="commit")
    yield h
    h.release()


def the_opening() -> dict[str, Any]:
    return opening.opening()


def test_the_opening_is_on_the_table_before_the_engine(page: Page, held: Held) -> None:
    expect(page.locator("#table .card").first).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    table = page.locator("#table")
    expect(table).to_have_attribute("aria-busy", "true")
    expect(page.locator("#table .boot-indicator")).to_have_text("Shuffling the cards…")
    expect(page.locator("#table .boot-indicator")).to_have_attribute("role", "status")
    assert page.evaluate("window.patienceBridge === undefined")
    held.wait_held(page)
    # What is painted is the engine's opening (written by the build), drawn as the engine's
    # snapshots are.
    want = the_opening()
    assert drawn_piles(page) == want["snapshot"]["piles"]
    expect(page.locator("#stat-deal")).to_contain_text(str(want["deal"]))

    held.release()
    wait_for_engine(page)
    wait_ready(page)
    expect(table).to_have_attribute("aria-busy", "false")
    expect(page.locator("#table .boot-indicator")).to_have_count(0)
    # The engine deals the deal painted: nothing on the table moves.
    now = snap(page)
    assert (now["game"], now["deal"], now["moveCount"]) == (want["game"], want["deal"], 0)
    assert now["piles"] == want["snapshot"]["piles"]
    assert drawn_piles(page) == want["snapshot"]["piles"]


def test_a_tap_before_the_engine_is_ready_is_played_once_it_is(page: Page, held: Held) -> None:
    want = the_opening()
    # A card of the opening whose tap the engine plays (asked of the engine here, in CPython).
    bridge = Bridge()
    bridge.new(want["game"], "{}", want["deal"])
    piles = want["snapshot"]["piles"]
    tapped = next((name, len(cards) - 1) for name, cards in piles.items()
                  if cards and cards[-1]
                  and json.loads(bridge.tap(name, len(cards) - 1)).get("move"))
    move = json.loads(bridge.tap(*tapped))["move"]
    after = json.loads(bridge.play(move, 0.0))["piles"]

    expect(page.locator("#table .card").first).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    # Pyodide's own start may hold the main thread a while (issue 28, point 5): the click
    # is handled once it is free, still before the engine has its zip.
    page.locator(f'#table .card[data-pile="{tapped[0]}"][data-index="{tapped[1]}"]').click(
        timeout=BOOT_TIMEOUT_MS)
    # Answered at once: beside the card (for a moment) and read out.
    expect(page.locator("#reason")).to_contain_text("still being shuffled")
    expect(page.locator("#live")).to_contain_text("still being shuffled")
    assert page.evaluate("window.patienceBridge === undefined")
    expect(page.locator("#stat-moves")).to_have_text("Moves 0")

    held.release()
    wait_for_engine(page)
    # Played once the engine is ready, and once only.
    expect(page.locator("#stat-moves")).to_have_text("Moves 1")
    expect(page.locator("html")).to_have_attribute("data-howto", re.compile("shown|not-shown"),
                                                   timeout=BOOT_TIMEOUT_MS)
    now = snap(page)
    assert now["moveCount"] == 1 and now["piles"] == after


def test_the_big_files_start_first_and_download_once(page: Page, held: Held) -> None:
    # The solver's worker is held back too, so that every request counted is the page's.
    workers: list[Route] = []

    def hold_worker(route: Route) -> None:
        workers.append(route)

    page.route("**/solver-worker.js", hold_worker)
    expect(page.locator("#table .card").first).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    # Asked for as the page starts, by fetch-early.js's worker: before the engine's worker
    # (which PyScript's core starts) asks for its first file, so before Pyodide asks for them;
    # but after the modules the page's head preloads (warm.js's, which paint the opening's
    # table, and PyScript's core: none waits behind a big file for a connection).
    for _ in range(BOOT_TIMEOUT_MS // 100):
        if "static/py/boot.py" in held.requests:
            break
        page.wait_for_timeout(100)
    engine = held.requests.index("static/py/boot.py")
    for name in BIG:
        assert held.requests.index(name) < engine, " ".join(held.requests[:engine + 1])
    preloaded = page.evaluate("""[...document.querySelectorAll('link[rel="modulepreload"]')]
        .map((l) => l.getAttribute('href').replace(/^\\.\\//, ''))""")
    assert "static/js/render.js" in preloaded and "static/js/controller.js" not in preloaded
    first_big = min(held.requests.index(name) for name in BIG)
    assert max(held.requests.index(m) for m in preloaded) < first_big, held.requests
    assert workers == []   # nor is the solver's worker started while Python is held back

    held.release()
    wait_for_engine(page)
    wait_ready(page)
    # The engine's worker fetches each big file again. Outside the tests the browser's HTTP
    # cache, filled by fetch-early.js's worker, answers it; here routing turns that cache
    # off, so each file is seen twice, and never more (nothing else fetches it).
    for name in BIG:
        assert held.requests.count(name) == 2, (name, held.requests)
    # PyScript loads none of its plugins but the error chunk it imports even when off.
    plugins = [r for r in held.requests if re.search(
        r"py-editor|py-game|py-terminal|donkey|deprecations-manager|codemirror", r)]
    assert plugins == []
    # The worker is asked for once the page's engine is ready and the table has settled;
    # let go, it starts and answers.
    expect(page.locator("html")).to_have_attribute("data-howto", re.compile("shown|not-shown"),
                                                   timeout=BOOT_TIMEOUT_MS)
    for _ in range(BOOT_TIMEOUT_MS // 100):
        if workers:
            break
        page.wait_for_timeout(100)
    assert workers, "the solver's worker was never started"
    for route in workers:
        route.continue_()
    expect(page.locator("#verdict")).to_have_attribute(
        "data-state", re.compile("winnable|lost|unknown"), timeout=BOOT_TIMEOUT_MS)
