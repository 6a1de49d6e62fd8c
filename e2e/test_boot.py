"""The site starts Python and the engine, from files it serves itself, and the bridge works."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path
from typing import Any
from urllib.request import urlopen

import pytest
from playwright.sync_api import Page, Route

import patience

from .conftest import BrowserLog, open_site

GAMES = list(patience.GAMES)

# A first visit's start: no memory snapshot of Python (conftest.py).
pytestmark = pytest.mark.plain_boot


def test_boots_and_deals(page: Page, site_url: str, browser_log: BrowserLog) -> None:
    """The page defines ``patienceBridge``, whose calls resolve with the engine's JSON (the
    engine answers from its worker)."""
    open_site(page, site_url)
    kinds = page.evaluate("""async () => [typeof await patienceBridge.catalogue(),
                                          typeof await patienceBridge.new("klondike", "{}", 1),
                                          patienceBridge.catalogue() instanceof Promise]""")
    assert kinds == ["string", "string", True]

    catalogue: dict[str, Any] = json.loads(page.evaluate("patienceBridge.catalogue()"))
    assert [g["id"] for g in catalogue["games"]] == GAMES
    assert len(catalogue["cards"]) == 52

    snap: dict[str, Any] = json.loads(page.evaluate('patienceBridge.new("klondike", "{}", 1)'))
    assert snap["game"] == "klondike"
    assert snap["deal"] == 1
    assert snap["status"] == "playing"
    assert snap["moveCount"] == 0
    assert snap["piles"]["t1"][-1] is not None           # the top card is face up
    assert snap["piles"]["t7"][:6] == [None] * 6        # and the six below it face down
    assert sum(len(p) for p in snap["piles"].values()) == 52
    assert snap["moves"] and all(m["text"] for m in snap["moves"])

    played: dict[str, Any] = json.loads(page.evaluate(
        "(move) => patienceBridge.play(move, 2.5)", snap["moves"][0]["text"]))
    assert played["moveCount"] == 1
    assert played["canUndo"] is True
    undone: dict[str, Any] = json.loads(page.evaluate("patienceBridge.undo(3)"))
    assert undone["piles"] == snap["piles"]
    bad: dict[str, Any] = json.loads(page.evaluate('patienceBridge.play("t1>t1", 4)'))
    assert "error" in bad

    assert browser_log.errors == []
    assert page.locator(".py-error").count() == 0           # PyScript drew nothing
    assert page.evaluate("document.querySelector('script-py')?.innerHTML ?? ''") == ""


@pytest.mark.no_service_worker
def test_engine_failure_is_reported(page: Page, site_url: str) -> None:
    """A Python failure while starting fires ``patience:error``, and PyScript draws no box."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as zf:
        zf.writestr("patience/__init__.py", "")              # no bridge.py in this engine

    def broken_engine(route: Route) -> None:
        route.fulfill(status=200, body=buffer.getvalue(), content_type="application/zip")

    page.route("**/patience.zip", broken_engine)
    page.goto(site_url)
    page.wait_for_function("window.__patienceBoot.errors.length > 0", timeout=120_000)
    errors: list[str] = page.evaluate("window.__patienceBoot.errors")
    assert errors == ["patience:error ModuleNotFoundError: No module named 'patience.bridge'"]
    assert page.evaluate("window.patienceBridge") is None
    assert page.locator(".py-error").count() == 0


def test_only_the_runtime_it_needs(page: Page, site_url: str, site_dir: Path) -> None:
    """Every file the boot requests is in the site, and every vendored file is requested."""
    requested: set[str] = set()
    page.on("requestfinished", lambda r: requested.add(r.url))
    open_site(page, site_url)
    page.wait_for_load_state("networkidle")
    vendored = {f"{site_url}{p.relative_to(site_dir).as_posix()}"
                for p in (site_dir / "vendor").rglob("*") if p.is_file()
                and p.name != "LICENSE"}
    assert vendored - requested == set(), "vendored but never loaded"
    assert f"{site_url}patience.zip" in requested
    for url in requested:
        assert url.startswith(site_url), f"{url} is outside the site's folder"


def test_server_content_types(site_url: str) -> None:
    """The server labels the files the way browsers insist on (wasm, modules)."""
    expect = {"vendor/pyodide/pyodide.asm.wasm": "application/wasm",
              "vendor/pyodide/pyodide.mjs": "text/javascript",
              "vendor/pyscript/core.js": "text/javascript",
              "static/pyscript.json": "application/json",
              "patience.zip": "application/zip"}
    for path, mime in expect.items():
        with urlopen(site_url + path) as response:
            assert response.headers["Content-Type"].split(";")[0] == mime, path


@pytest.mark.no_service_worker
def test_a_page_that_cannot_finish_loading_says_so_and_retries(page: Page,
                                                                site_url: str) -> None:
    """The board's graph (warm.js) paints the opening, then loads the rest of the page: if
    that fails, the table says so with a way to try again instead of shuffling forever."""
    page.route("**/static/js/main.js", lambda route: route.fulfill(status=404, body="gone"))
    page.goto(site_url)
    alert = page.locator("#table .load-failed[role=alert]")
    alert.wait_for(timeout=60_000)
    assert "did not load" in alert.inner_text()
    assert page.locator("#table .boot-indicator").count() == 0
    assert page.locator("#table").get_attribute("aria-busy") == "false"
    assert page.locator("#btn-games").is_disabled()          # nothing would answer it
    page.unroute("**/static/js/main.js")
    alert.get_by_role("button", name="Try again").click()
    page.wait_for_selector("#table.ready .pile", timeout=120_000)
    assert page.locator("#table .load-failed").count() == 0
