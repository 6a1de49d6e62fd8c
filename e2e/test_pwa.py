"""The installable offline app: service worker, manifest, updates, and the network it uses."""

from __future__ import annotations

import functools
import http.server
import shutil
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import build
import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, expect
from playwright.sync_api import Error as PlaywrightError

from .conftest import CHROMIUM_ARGS, HOWTO_SEEN, SUB_PATH, _chromium_path
from .play import card, choose_game, manual_play, snap, wait_ready


@dataclass
class Site:
    """A private copy of the built site on a server of its own, which a test may stop."""

    root: Path
    url: str
    server: http.server.ThreadingHTTPServer
    paths: list[str] = field(default_factory=list)

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def own_site(site_dir: Path, tmp_path: Path) -> Iterator[Site]:
    root = tmp_path / "www"
    shutil.copytree(site_dir, root / SUB_PATH.strip("/"))
    seen: list[str] = []

    class Recording(build.SiteHandler):
        def log_message(self, format: str, *args: Any) -> None:
            seen.append(self.path)

    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(Recording, directory=str(root)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    site = Site(root / SUB_PATH.strip("/"), f"http://127.0.0.1:{server.server_port}/{SUB_PATH}",
                server, seen)
    yield site
    site.stop()


@pytest.fixture
def pwa_page(browser: Browser, own_site: Site) -> Iterator[Page]:
    """A page in a context of its own (no request routing, which would hide the service
    worker), failing the test if anything is requested from another origin."""
    context: BrowserContext = browser.new_context()
    context.add_init_script(HOWTO_SEEN)
    origin = "{0.scheme}://{0.netloc}".format(urlsplit(own_site.url))
    foreign: list[str] = []
    context.on("request", lambda r: foreign.append(r.url)
               if not r.url.startswith((origin, "data:", "blob:")) else None)
    page = context.new_page()
    yield page
    context.close()
    assert foreign == []


def install(page: Page, site: Site) -> None:
    """Open the site and wait until its service worker controls the page."""
    page.goto(site.url)
    wait_ready(page)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    if not page.evaluate("!!navigator.serviceWorker.controller"):
        page.reload()
        wait_ready(page)
    assert page.evaluate("!!navigator.serviceWorker.controller")


def caches(page: Page) -> list[str]:
    names: list[str] = page.evaluate("caches.keys()")
    return sorted(names)


def installed_with_a_move(page: Page, site: Site, query: str, new_deal: bool = False
                          ) -> dict[str, Any]:
    """Install the site, open ``query`` (a new deal of it if asked), make one move by a tap
    (the first tappable card off the stock), and return the snapshot after it."""
    manual_play(page)
    install(page, site)
    page.goto(site.url + query)
    wait_ready(page)
    if new_deal:
        page.click("#btn-new")
    s = snap(page)
    key = sorted(k for k in s["taps"] if k != "stock:0")[0]
    src, n = key.split(":")
    card(page, src, len(s["piles"][src]) - int(n)).click(position={"x": 12, "y": 8})
    return snap(page)


def test_offline_after_the_first_visit(pwa_page: Page, own_site: Site) -> None:
    page = pwa_page
    saved = installed_with_a_move(page, own_site, "?game=klondike&deal=21")
    assert saved["moveCount"] == 1

    own_site.stop()
    page.context.set_offline(True)
    page.reload()
    wait_ready(page)
    again = snap(page)
    assert (again["piles"], again["moveCount"]) == (saved["piles"], 1)    # the saved game
    page.keyboard.press("Control+z")
    page.click("#btn-redo")
    page.click("#btn-new")
    page.click('#notice-buttons button:has-text("New deal")')    # a game in progress: asked
    assert snap(page)["moveCount"] == 0
    for button, dialog in (("#btn-rules", "#dlg-rules"), ("#btn-settings", "#dlg-settings"),
                           ("#btn-deal", "#dlg-deal"), ("#btn-games", "#dlg-games")):
        page.click(button)
        expect(page.locator(dialog)).to_be_visible()
        if dialog != "#dlg-games":
            page.keyboard.press("Escape")
            expect(page.locator(dialog)).to_be_hidden()
    # The solver's worker (a second Pyodide) starts and answers offline too.
    page.goto(own_site.url + "?game=freecell&deal=1")
    wait_ready(page)
    page.click("#btn-hint")
    expect(page.locator("#tip")).to_contain_text("keeps the game winnable", timeout=120_000)
    choose_game(page, "spider").locator("button.accent").click()       # switch games offline
    wait_ready(page)
    spider = snap(page)
    assert spider["game"] == "spider" and spider["status"] == "playing"
    choose_game(page, "klondike").locator('button:has-text("Resume")').click()
    assert snap(page)["game"] == "klondike"
    assert page.context.pages[0] is page


def test_chromium_finds_the_site_installable(playwright_instance: Playwright, own_site: Site,
                                            tmp_path: Path) -> None:
    # Installability is never granted to an incognito profile, which is what a plain
    # Playwright context is: this test uses a persistent profile of its own.
    context = playwright_instance.chromium.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=_chromium_path(playwright_instance),
        args=list(CHROMIUM_ARGS))
    try:
        page = context.pages[0] if context.pages else context.new_page()
        install(page, own_site)
        cdp = context.new_cdp_session(page)
        errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
        assert errors == []
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["errors"] == [] and '"display": "standalone"' in manifest["data"]
    finally:
        context.close()


def test_an_update_is_announced_applied_on_reload_and_keeps_the_runtime(
        pwa_page: Page, own_site: Site) -> None:
    page = pwa_page
    before = installed_with_a_move(page, own_site, "?game=freecell&deal=5", new_deal=True)
    names = caches(page)
    assert len(names) == 2 and all(n.startswith(f"patience:/{SUB_PATH}:") for n in names)

    # A new version of the app (not of the runtime): index.html and the app hash change.
    index = own_site.root / "index.html"
    index.write_text(index.read_text().replace("<title>Patience</title>",
                                               "<title>Patience</title><!-- v2 -->"))
    sw = own_site.root / "sw.js"
    old_app = next(n for n in names if ":app-" in n).rsplit("-", 1)[1]
    sw.write_text(sw.read_text().replace(old_app, "0123456789abcdef"))
    own_site.paths.clear()
    page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
    expect(page.locator("#update")).to_be_visible(timeout=30_000)
    assert snap(page)["moveCount"] == before["moveCount"]      # nothing interrupted
    assert not any("/vendor/" in p for p in own_site.paths)    # Pyodide not downloaded again

    page.click("#update-reload")
    try:
        page.wait_for_function("document.documentElement.innerHTML.includes('<!-- v2 -->')",
                               timeout=60_000)
    except PlaywrightError:
        # Which version serves the page, and what the new one is doing (a failure once in CI).
        state = page.evaluate("""navigator.serviceWorker.getRegistration().then((r) => ({
            installing: r?.installing?.state, waiting: r?.waiting?.state,
            active: r?.active?.state, url: location.href,
            controlled: !!navigator.serviceWorker.controller}))""")
        raise AssertionError(f"the update was not applied: {state}, {caches(page)}, "
                             f"requests since: {own_site.paths}") from None
    wait_ready(page)
    after = snap(page)
    assert (after["piles"], after["moveCount"]) == (before["piles"], before["moveCount"])
    now = caches(page)
    assert [n for n in now if ":runtime-" in n] == [n for n in names if ":runtime-" in n]
    assert any(n.endswith(":app-0123456789abcdef") for n in now) and len(now) == 2


def test_reload_never_does_nothing_when_the_new_version_does_not_take_over(
        pwa_page: Page, own_site: Site) -> None:
    """If the new version does not take over after Reload (here the message to it is lost;
    the browser also holds it back while the old one has a request in flight), the page
    still reloads (the move kept), and, still the old version, offers the update again."""
    page = pwa_page
    before = installed_with_a_move(page, own_site, "?game=freecell&deal=5")
    assert before["moveCount"] == 1
    names = caches(page)
    sw = own_site.root / "sw.js"
    old_app = next(n for n in names if ":app-" in n).rsplit("-", 1)[1]
    sw.write_text(sw.read_text().replace(old_app, "0123456789abcdef"))
    page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
    expect(page.locator("#update")).to_be_visible(timeout=30_000)
    # The new version never hears the player's yes.
    page.evaluate("ServiceWorker.prototype.postMessage = () => {}; window.__old = true")
    page.click("#update-reload")
    page.wait_for_function("window.__old === undefined", timeout=30_000)
    wait_ready(page)
    after = snap(page)
    assert (after["piles"], after["moveCount"]) == (before["piles"], before["moveCount"])
    expect(page.locator("#update")).to_be_visible(timeout=30_000)


def test_known_wins_are_not_precached_and_work_offline_once_loaded(pwa_page: Page,
                                                                   own_site: Site) -> None:
    """A listed deal's known wins (static/data/lines/, tools/pwa.py's LAZY): a first visit
    does not download them; once a listed deal has loaded them, they answer offline too."""
    from .test_known_line import WATCH_WORKER  # noqa: PLC0415 (that test's own hook)

    page = pwa_page
    manual_play(page)
    page.add_init_script(WATCH_WORKER)
    install(page, own_site)
    lines = "static/data/lines/roosevelt.json"
    cached = f"caches.match(new URL({lines!r}, location.href).href).then((r) => !!r)"
    assert not page.evaluate(cached)
    assert not [p for p in own_site.paths if "/data/lines/" in p]
    page.goto(own_site.url + "?game=roosevelt&deal=27")
    wait_ready(page)
    expect(page.locator("#verdict")).to_have_attribute("data-state", "winnable",
                                                       timeout=120_000)
    page.wait_for_function(cached)

    own_site.stop()
    page.context.set_offline(True)
    page.reload()
    wait_ready(page)
    page.click("#btn-hint")
    expect(page.locator("#tip")).to_contain_text("keeps the game winnable", timeout=120_000)
    assert any(a.get("known") for a in page.evaluate("window.__answers"))
