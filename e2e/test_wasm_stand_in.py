"""The loader's stand-in for Pyodide's own fetch of its WebAssembly (static/js/wasm-stand-in.js).

The loader compiles ``pyodide.asm.wasm`` early and answers Pyodide's fetch of it with a
stand-in, which the pinned Pyodide hands unread to ``WebAssembly.instantiateStreaming`` (the
loader's wrapper then instantiates its own module). Here the served ``pyodide.mjs`` is changed
to read that response's body instead, as a later Pyodide might: the engine must still start,
from the real file the stand-in's body fetches, and the loader must say so.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, Route

from .conftest import BrowserLog, open_site

# A first visit's start (no memory snapshot), with no service worker between the page's
# workers and ``route``.
pytestmark = [pytest.mark.plain_boot, pytest.mark.no_service_worker]

#: Pyodide 314.0.7's ``pyodide.mjs`` hands its fetch's response to instantiateStreaming.
STREAMING = re.compile(r"WebAssembly\.instantiateStreaming\((\w+),(\w+)\)")
WARNING = "read the wasm stand-in's body"


def reading_the_body(source: str) -> str:
    """Return ``pyodide.mjs`` with its instantiateStreaming of the fetched response replaced
    by reading the response's body and instantiating the bytes."""
    found = STREAMING.findall(source)
    assert len(found) == 1, (
        "the vendored pyodide.mjs no longer hands its fetch of pyodide.asm.wasm to "
        "WebAssembly.instantiateStreaming once, as Pyodide 314.0.7 did: the loader's stand-in "
        "(static/js/wasm-stand-in.js) rests on that, so check the loader against this Pyodide")
    return STREAMING.sub(
        r"WebAssembly.instantiate(await (await \1).arrayBuffer(),\2)", source)


def test_a_pyodide_that_reads_the_wasm_response_still_starts(
        page: Page, site_url: str, site_dir: Path, browser_log: BrowserLog) -> None:
    source = (site_dir / "vendor" / "pyodide" / "pyodide.mjs").read_text(encoding="utf-8")
    changed = reading_the_body(source)

    def served(route: Route) -> None:
        route.fulfill(status=200, body=changed, content_type="text/javascript")

    page.route("**/vendor/pyodide/pyodide.mjs", served)
    open_site(page, site_url)
    assert page.evaluate("document.documentElement.dataset.boot") == "plain"
    assert '"klondike"' in page.evaluate("patienceBridge.catalogue()")
    assert any(WARNING in line for line in browser_log.console), browser_log.report()
    assert browser_log.errors == []


def test_the_pinned_pyodide_leaves_the_stand_in_unread(
        page: Page, site_url: str, browser_log: BrowserLog) -> None:
    wasm = f"{site_url}vendor/pyodide/pyodide.asm.wasm"
    solver = f"{site_url}static/js/solver-worker.js"
    seen: list[str] = []
    page.on("request", lambda r: seen.append(r.url) if r.url in (wasm, solver) else None)
    open_site(page, site_url)
    # The solver's worker may start (and ask for the runtime) as soon as the engine is
    # ready, before this line runs on a loaded machine: only what came before it counts.
    asked = seen[:seen.index(solver)] if solver in seen else seen
    # At most the page's early fetch and the loader's compile: Pyodide's is the stand-in.
    assert len(asked) <= 2, seen
    assert not any(WARNING in line for line in browser_log.console), browser_log.report()
