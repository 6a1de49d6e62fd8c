"""When PyScript's core runs (issue 28): on a return visit after the saved board is painted (the
page's other modules, main.js first, are asked for only then), on a first visit before them,
as soon as the opening is drawn (its engine has no snapshot to start from: it is the long wait).

The core's first act is to define the ``py-script`` element: an init script notes when.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, Route

from .conftest import wait_for_engine
from .play import manual_play, snap_until, wait_ready

#: Notes when PyScript's core defines its element, and when the first card is on the table.
_WATCH = """
(() => {
  const seen = window.__order = {core: null, card: null};
  const define = customElements.define.bind(customElements);
  customElements.define = (name, ...rest) => {
    if (name === "py-script" && seen.core === null) seen.core = performance.now();
    return define(name, ...rest);
  };
  new MutationObserver((_, observer) => {
    if (seen.card === null && document.querySelector("#table .card")) {
      seen.card = performance.now();
      observer.disconnect();
    }
  }).observe(document, {childList: true, subtree: true});
})();
"""

#: When the page asked for main.js (its resource timing), or null.
_MAIN_ASKED = """(() => {
  const e = performance.getEntriesByType("resource")
    .find((r) => r.name.endsWith("/static/js/main.js"));
  return e ? e.startTime : null;
})()"""


def _order(page: Page) -> tuple[float, float, float]:
    """(the core defined its element, the first card drawn, main.js asked for), in ms."""
    wait_for_engine(page)
    seen = page.evaluate("window.__order")
    main = page.evaluate(_MAIN_ASKED)
    assert seen["core"] is not None and seen["card"] is not None and main is not None, (seen,
                                                                                        main)
    return seen["core"], seen["card"], main


class _Held:
    """boot.js (in main.js's graph) held back at the router until ``release()``."""

    PATTERN = "**/static/js/boot.js"

    def __init__(self, page: Page) -> None:
        self.page = page
        self.routes: list[Route] = []
        page.route(self.PATTERN, self.hold)

    def hold(self, route: Route) -> None:
        self.routes.append(route)

    def release(self) -> None:
        for route in self.routes:
            route.continue_()
        self.page.unroute(self.PATTERN, self.hold)


def _seen_while_held(page: Page, held: _Held, settle_ms: int) -> dict[str, float | None]:
    """What the page did with boot.js held: once it has been asked for and the board is
    drawn, and then ``settle_ms`` more, or once the core has run."""
    for _ in range(200):
        if held.routes and page.evaluate("window.__order.card !== null"):
            break
        page.wait_for_timeout(100)
    for _ in range(settle_ms // 100):
        if page.evaluate("window.__order.core !== null"):
            break
        page.wait_for_timeout(100)
    seen: dict[str, float | None] = page.evaluate("window.__order")
    assert held.routes, "the page never asked for boot.js"
    assert seen["card"] is not None, "no board on the table"
    return seen


@pytest.mark.first_visit
@pytest.mark.no_service_worker
def test_a_first_visit_runs_the_core_without_waiting_for_the_page_s_other_modules(
        page: Page, site_url: str) -> None:
    """With main.js's graph held back, the core runs all the same: it would not if it came
    only with that graph."""
    page.add_init_script(_WATCH)
    held = _Held(page)
    page.goto(site_url)
    try:
        seen = _seen_while_held(page, held, 20_000)
        assert seen["core"] is not None, "PyScript's core waited for main.js's graph"
    finally:
        held.release()
    _, card, main = _order(page)
    assert card < main                 # the opening first, then the rest of the page


@pytest.mark.no_service_worker
def test_a_return_visit_paints_its_board_before_the_core_runs(page: Page,
                                                              site_url: str) -> None:
    """With main.js's graph held back, the saved board is painted and the core does not run
    (it comes with that graph); once let go, the engine starts."""
    manual_play(page)
    page.goto(site_url + "?game=klondike&deal=3")
    wait_ready(page)
    page.click('.card[data-pile="stock"] >> nth=-1')        # a move: the game is saved
    snap_until(page, lambda s: s["moveCount"] == 1)
    page.add_init_script(_WATCH)
    held = _Held(page)
    page.goto(site_url)
    try:
        seen = _seen_while_held(page, held, 3_000)
        assert seen["core"] is None, f"PyScript's core ran at {seen['core']:.0f} ms, before " \
                                     "the page's other modules"
    finally:
        held.release()
    core, card, main = _order(page)
    assert card < main < core
    wait_ready(page)        # the engine has started; the page then gives it the saved game
    assert snap_until(page, lambda s: s["moveCount"] == 1)["game"] == "klondike"
