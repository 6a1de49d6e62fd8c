"""Fixtures for the browser tests: the built site on a local server, Chromium through Playwright.

    .venv/bin/python -m pytest e2e
    .venv/bin/python -m pytest -n 2 --dist worksteal e2e   # two at a time, as test_all.py

The site is built once a session (``build.build``) into a temporary folder and served from
a *sub-path* (``http://127.0.0.1:<port>/patience/``), so every test also checks that the
site's URLs are relative. Set ``PATIENCE_E2E_SITE=<folder>`` to test an already built site
instead (e.g. ``dist``; ``tools/test_all.py`` builds once and sets it, so its two workers
share one build). Under pytest-xdist each worker has its own session: its own server,
Chromium and snapshot (and build, unless the variable is set); no test shares a page or a
context with another.

The browser is a Chromium that Playwright installed if there is one, else
``/usr/bin/chromium``, else ``chromium`` from ``PATH`` (``PATIENCE_E2E_CHROMIUM=<path>``
overrides). ``PATIENCE_E2E_HEADED=1`` shows its window.

Each test gets a fresh browser context (no storage, no cache shared with other tests)
whose every request is routed: requests to the test server go through, anything else is
aborted and recorded, and the test fails at teardown if there was any. Console messages
and page errors are collected; when a test fails they are added to its report, with a
screenshot saved to ``e2e/artifacts/`` (``PATIENCE_E2E_ARTIFACTS`` overrides).

Playwright routing turns the browser's HTTP cache off, so every test boots Pyodide cold
(3-4 s on a 2-core machine; :data:`BOOT_TIMEOUT_MS` allows for far slower). What a cold start
costs most is Python's own start: so each context starts as a returning player's device does,
with Python's memory snapshot in Cache Storage (:func:`python_snapshot`, made once a session
by the site itself), and the page and the solver's worker boot from it (about a third of the
CPU time of a normal boot). A test of the normal boot, of a first visit or of the snapshot
itself is marked ``plain_boot`` (or ``first_visit``): its context starts with nothing.
"""

from __future__ import annotations

import base64
import os
import re
import shutil
import sys
import time
from collections.abc import Generator, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import (
    Browser,
    BrowserContext,
    ConsoleMessage,
    Page,
    Playwright,
    Route,
    sync_playwright,
)
from playwright.sync_api import Error as PlaywrightError

ROOT: Final[Path] = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import build  # noqa: E402  (build.py lives at the repository root)

#: How long a page may take to start Python and the engine (cold boots take 3-60 s).
BOOT_TIMEOUT_MS: Final[int] = 120_000
#: The sub-path the site is served under.
SUB_PATH: Final[str] = "patience/"
ARTIFACTS: Final[Path] = Path(os.environ.get("PATIENCE_E2E_ARTIFACTS", ROOT / "e2e" / "artifacts"))
CHROMIUM_ARGS: Final[tuple[str, ...]] = (
    "--no-sandbox",
    "--disable-gpu",
    # Without these Chromium tries to reach Google's servers, which fails offline.
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
)

#: Runs in every page of the tests' contexts, unless a test is marked ``first_visit``: the How
#: to play walk (static/js/howto.js) counts as seen, so it never stands over what a test
#: clicks. Settings a test stores itself replace these.
HOWTO_SEEN: Final[str] = (
    "if (localStorage.getItem('patience:v1:settings') === null)"
    " localStorage.setItem('patience:v1:settings', JSON.stringify({v: 1, howto: 1}));")

#: Runs in every page before its own scripts: remembers how the engine's start ended, so
#: :func:`wait_for_engine` can fail at once instead of waiting out its timeout.
_BOOT_WATCH: Final[str] = """
(() => {
  const boot = window.__patienceBoot = {ready: false, errors: []};
  addEventListener("patience:ready", () => { boot.ready = true; });
  // The engine's snapshot, parsed (its calls resolve asynchronously: engine.js).
  window.__snap = async () => JSON.parse(await window.patienceBridge.snapshot(0));
  addEventListener("patience:error", (e) => { boot.errors.push("patience:error " + e.detail); });
  const csp = window.__cspViolations = [];
  document.addEventListener("securitypolicyviolation", (e) => {
    csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
  });
  addEventListener("unhandledrejection", (e) => {
    const r = e.reason;
    boot.errors.push("unhandled rejection: " + (r && r.message ? r.message : String(r)));
  });
})();
"""

#: Where the test server keeps the session's snapshot of Python (beside the site's folder,
#: never inside it): the bytes and the entry the site stored them under.
SEED_FOLDER: Final[str] = "__e2e__"

#: Reads the site's stored snapshot: its cache, URL and header, and its bytes as a data URL.
_READ_SNAPSHOT: Final[str] = """async () => {
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      if (!request.url.includes("/__snapshot/")) continue;
      const response = await cache.match(request);
      const data = await new Promise((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(reader.result);
        reader.onerror = () => reject(reader.error);
        response.clone().blob().then((blob) => reader.readAsDataURL(blob), reject);
      });
      return { cache: name, url: request.url, data,
               headers: Object.fromEntries(response.headers.entries()) };
    }
  }
  return null;
}"""

#: Puts the session's snapshot into this context's Cache Storage, as the site stored it.
_SEED_SNAPSHOT: Final[str] = """async ([bytesUrl, cacheName, url, headers]) => {
  const bytes = await (await fetch(bytesUrl)).arrayBuffer();
  await (await caches.open(cacheName)).put(url, new Response(bytes, { headers }));
}"""


@dataclass(frozen=True)
class PythonSnapshot:
    """The site's memory snapshot of Python, as one visit stored it in Cache Storage."""

    cache: str
    url: str
    headers: dict[str, str]
    bytes_url: str


@dataclass
class BrowserLog:
    """What a page said and did that a test may want to see or forbid."""

    console: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    blocked: list[str] = field(default_factory=list)

    def on_console(self, message: ConsoleMessage) -> None:
        """Keep every console message; errors go to ``errors`` as well."""
        line = f"[{message.type}] {message.text}"
        self.console.append(line)
        if message.type == "error":
            self.errors.append(line)

    def on_page_error(self, error: PlaywrightError) -> None:
        """Keep an uncaught exception of the page."""
        line = f"[pageerror] {error.message}"
        self.console.append(line)
        self.errors.append(line)

    def report(self) -> str:
        """Return the log as text for a test report."""
        parts = ["\n".join(self.console) or "(no console output)"]
        if self.blocked:
            parts.append("blocked requests:\n" + "\n".join(self.blocked))
        return "\n\n".join(parts)


_LOG: Final = pytest.StashKey[BrowserLog]()
_PAGE: Final = pytest.StashKey[Page]()


def wait_for_engine(page: Page, timeout_ms: int = BOOT_TIMEOUT_MS) -> None:
    """Wait until the page has ``window.patienceBridge``; fail at once if its start failed."""
    # Polled from here: wait_for_function compiles its predicate with eval in the page,
    # which the site's Content Security Policy rightly refuses.
    deadline = time.monotonic() + timeout_ms / 1000
    timed_out = True
    while time.monotonic() < deadline:
        if page.evaluate("window.patienceBridge !== undefined || "
                         "(window.__patienceBoot && window.__patienceBoot.errors.length > 0)"):
            timed_out = False
            break
        page.wait_for_timeout(100)
    if timed_out:
        pytest.fail(f"the engine did not start in {timeout_ms / 1000:g} s (a WebAssembly "
                    "fetch or compile that fails is silent but for a console warning)",
                    pytrace=False)
    errors: list[str] = page.evaluate("window.__patienceBoot ? window.__patienceBoot.errors : []")
    ready: bool = page.evaluate("window.patienceBridge !== undefined")
    if not ready:
        pytest.fail("the engine did not start:\n" + "\n".join(errors), pytrace=False)


def open_site(page: Page, url: str, timeout_ms: int = BOOT_TIMEOUT_MS) -> Page:
    """Load ``url`` in ``page`` and wait for the engine; return the page."""
    page.goto(url)
    wait_for_engine(page, timeout_ms)
    return page


def _chromium_path(playwright: Playwright) -> str | None:
    """Return the Chromium to launch: ``None`` means the one Playwright installed."""
    override = os.environ.get("PATIENCE_E2E_CHROMIUM")
    if override:
        return override
    try:
        if Path(playwright.chromium.executable_path).is_file():
            return None
    except PlaywrightError:
        pass
    for candidate in ("/usr/bin/chromium", shutil.which("chromium"),
                      shutil.which("chromium-browser")):
        if candidate and Path(candidate).is_file():
            return candidate
    pytest.fail("no Chromium found: run `playwright install chromium`, or on Debian "
                "`apt-get install chromium`, or set PATIENCE_E2E_CHROMIUM", pytrace=False)


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The built site: a fresh build in a temporary folder (or ``PATIENCE_E2E_SITE``)."""
    given = os.environ.get("PATIENCE_E2E_SITE")
    root = tmp_path_factory.mktemp("site")
    site = root / SUB_PATH.strip("/")
    if given:
        site.symlink_to(Path(given).resolve(), target_is_directory=True)
        return site
    build.build(site)
    if not (site / "index.html").exists():
        pytest.fail("the build has no index.html", pytrace=False)
    return site


@pytest.fixture(scope="session")
def server_origin(site_dir: Path) -> Iterator[str]:
    """The test server's origin (``http://127.0.0.1:<port>``), serving the site's parent."""
    server, url = build.serve(site_dir.parent)
    try:
        yield url.rstrip("/")
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def site_url(server_origin: str) -> str:
    """The URL of the site's folder, ending in ``/``: its ``index.html`` is served there."""
    return f"{server_origin}/{SUB_PATH}"


@pytest.fixture(scope="session")
def playwright_instance() -> Iterator[Playwright]:
    """Playwright itself, for the session."""
    with sync_playwright() as playwright:
        yield playwright


@pytest.fixture(scope="session")
def browser(playwright_instance: Playwright) -> Iterator[Browser]:
    """Chromium, headless unless ``PATIENCE_E2E_HEADED=1``, for the session."""
    launched = playwright_instance.chromium.launch(
        executable_path=_chromium_path(playwright_instance),
        args=list(CHROMIUM_ARGS),
        headless=os.environ.get("PATIENCE_E2E_HEADED", "") in ("", "0"))
    try:
        yield launched
    finally:
        launched.close()


@pytest.fixture(scope="session")
def python_snapshot(browser: Browser, site_dir: Path, site_url: str,
                    server_origin: str) -> PythonSnapshot | None:
    """Python's memory snapshot as the site makes it on a device: one visit with
    ``?snapshot=now`` (the solver's worker stores it at once), read back out of Cache Storage
    and served beside the site. ``None`` if the site stored none (then every test boots the
    normal way; ``e2e/test_snapshot.py`` says why)."""
    ctx = browser.new_context(service_workers="block")
    try:
        ctx.add_init_script(_BOOT_WATCH)
        ctx.add_init_script(HOWTO_SEEN)
        page = ctx.new_page()
        page.goto(site_url + "?snapshot=now")
        wait_for_engine(page)
        deadline = time.monotonic() + BOOT_TIMEOUT_MS / 1000
        while page.evaluate("document.documentElement.dataset.snapshot ?? ''") not in (
                "stored", "failed") and time.monotonic() < deadline:
            page.wait_for_timeout(100)
        found: dict[str, Any] | None = page.evaluate(_READ_SNAPSHOT)
    finally:
        ctx.close()
    if found is None:
        return None
    folder = site_dir.parent / SEED_FOLDER
    folder.mkdir(exist_ok=True)
    (folder / "snapshot.bin").write_bytes(base64.b64decode(found["data"].split(",", 1)[1]))
    (folder / "seed.html").write_text("<!doctype html><title>seed</title>\n")
    return PythonSnapshot(found["cache"], found["url"], found["headers"],
                          f"{server_origin}/{SEED_FOLDER}/snapshot.bin")


def seed_snapshot(ctx: BrowserContext, snapshot: PythonSnapshot) -> None:
    """Store ``snapshot`` in the context's Cache Storage where the site keeps it, from a page
    of the test server outside the site (closed again), before any page of the site opens."""
    seeder = ctx.new_page()
    try:
        seeder.goto(snapshot.bytes_url.rsplit("/", 1)[0] + "/seed.html")
        seeder.evaluate(_SEED_SNAPSHOT, [snapshot.bytes_url, snapshot.cache, snapshot.url,
                                         snapshot.headers])
    finally:
        seeder.close()


def pytest_configure(config: pytest.Config) -> None:
    """Name this suite's own marker (``first_visit`` and ``no_service_worker``: pyproject)."""
    config.addinivalue_line(
        "markers", "plain_boot: the context starts without Python's memory snapshot, so the "
        "page and the solver's worker boot the normal way (a first visit's start)")


@pytest.fixture
def browser_log(request: pytest.FixtureRequest) -> BrowserLog:
    """The console messages, page errors and blocked requests of the test's context."""
    log = BrowserLog()
    request.node.stash[_LOG] = log
    return log


@pytest.fixture
def context(browser: Browser, server_origin: str, browser_log: BrowserLog,
            request: pytest.FixtureRequest) -> Generator[BrowserContext, None, None]:
    """A fresh browser context that lets through requests to the test server only, with
    Python's memory snapshot stored as a returning player's device has it (unless the test is
    marked ``plain_boot`` or ``first_visit``).

    A test marked ``no_service_worker`` gets no service worker: a request the site's
    service worker makes on the page's behalf (once it has taken control, which can happen
    before the engine is fetched) never reaches ``route``, so a test that replaces a file
    would sometimes get the real one."""
    blocked = request.node.get_closest_marker("no_service_worker") is not None
    ctx = browser.new_context(service_workers="block" if blocked else "allow")
    if not any(request.node.get_closest_marker(m) for m in ("plain_boot", "first_visit")):
        snapshot: PythonSnapshot | None = request.getfixturevalue("python_snapshot")
        if snapshot is not None:
            seed_snapshot(ctx, snapshot)
    ctx.add_init_script(_BOOT_WATCH)
    if request.node.get_closest_marker("first_visit") is None:
        ctx.add_init_script(HOWTO_SEEN)

    def route(r: Route) -> None:
        url = r.request.url
        parts = urlsplit(url)
        if parts.scheme in ("data", "blob") or \
                f"{parts.scheme}://{parts.netloc}" == server_origin:
            r.continue_()
        else:
            browser_log.blocked.append(f"{r.request.method} {url}")
            r.abort("blockedbyclient")

    ctx.route("**/*", route)
    yield ctx
    ctx.close()
    if browser_log.blocked:
        pytest.fail("the page made requests to other origins (all were blocked):\n"
                    + "\n".join(browser_log.blocked), pytrace=False)


@pytest.fixture
def page(context: BrowserContext, browser_log: BrowserLog,
         request: pytest.FixtureRequest) -> Iterator[Page]:
    """A page in :func:`context`, its console and errors collected into ``browser_log``."""
    new = context.new_page()
    request.node.stash[_PAGE] = new
    new.on("console", browser_log.on_console)
    new.on("pageerror", browser_log.on_page_error)
    yield new
    # Every page runs under the site's Content Security Policy: nothing may break it.
    if not new.is_closed():
        try:
            violations = new.evaluate("window.__cspViolations ?? []")
        except PlaywrightError:
            violations = []
        if violations:
            pytest.fail("Content Security Policy violations:\n" + "\n".join(violations),
                        pytrace=False)


@pytest.fixture
def booted_page(page: Page, site_url: str) -> Page:
    """The site's page with the engine started (``window.patienceBridge`` defined)."""
    return open_site(page, site_url)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Generator[
        None, Any, None]:
    """On a failure, add the browser's console to the report and save a screenshot."""
    outcome = yield
    report: pytest.TestReport = outcome.get_result()
    if not report.failed or report.when == "teardown":
        return
    log = item.stash.get(_LOG, None)
    if log is not None:
        report.sections.append(("browser console", log.report()))
    shown = item.stash.get(_PAGE, None)
    if shown is not None and not shown.is_closed():
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        name = re.sub(r"[^A-Za-z0-9_.-]+", "_", item.nodeid).strip("_")
        path = ARTIFACTS / f"{name}.png"
        try:
            shown.screenshot(path=str(path), full_page=True)
            report.sections.append(("screenshot", str(path)))
        except PlaywrightError as e:
            report.sections.append(("screenshot", f"could not be taken: {e.message}"))
