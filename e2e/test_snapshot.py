"""Python's memory snapshot, made on the device (issue 18; static/js/snapshot.js).

The first visit boots the normal way and the solver's worker takes a snapshot; ``?snapshot=now``
(the test hook) has it stored at once instead of after a few idle seconds. Later visits boot
the page and the worker from it. A damaged snapshot, one Pyodide refuses and one of another
build each fall back to the normal boot and are deleted; a new one is made for another build,
but not for a build whose snapshot failed on this device (remembered in localStorage).
Pyodide's snapshot options are private: if an upgrade breaks them, these tests fail rather
than the start quietly slowing down.
"""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import build
import npm_vendor
import pytest
from playwright.sync_api import Browser, Page, expect

from .conftest import BOOT_TIMEOUT_MS, ROOT, SUB_PATH, wait_for_engine
from .play import card, manual_play, snap, storage, wait_ready

# Each test makes its own snapshot from a first visit (conftest.py stores none).
pytestmark = pytest.mark.plain_boot

#: Reads this site's snapshot entry from Cache Storage: its URL, header and bytes' SHA-256.
ENTRIES = """async () => {
  const out = [];
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      if (!request.url.includes("/__snapshot/")) continue;
      const response = await cache.match(request);
      const bytes = await response.arrayBuffer();
      const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
      out.push({ cache: name, url: request.url, size: bytes.byteLength,
        meta: JSON.parse(response.headers.get("X-Patience-Snapshot")),
        sha256: Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("") });
    }
  }
  return out;
}"""

#: Rewrites the stored snapshot: "damaged" flips bytes of the heap and keeps the header (so
#: the SHA-256 no longer matches); "refused" changes the Pyodide build id written in the
#: snapshot and writes a header that matches the new bytes (so only Pyodide can refuse it).
SPOIL = """async (how) => {
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      if (!request.url.includes("/__snapshot/")) continue;
      const response = await cache.match(request);
      const bytes = new Uint8Array(await response.arrayBuffer());
      const meta = JSON.parse(response.headers.get("X-Patience-Snapshot"));
      if (how === "damaged") {
        for (let i = bytes.length >> 1; i < (bytes.length >> 1) + 4096; i++) bytes[i] ^= 0x5a;
      } else {
        for (let i = 16; i < 48; i++) bytes[i] ^= 0xff;
        const digest = await crypto.subtle.digest("SHA-256", bytes);
        meta.sha256 = Array.from(new Uint8Array(digest),
          (b) => b.toString(16).padStart(2, "0")).join("");
      }
      await cache.put(request, new Response(bytes, { headers: {
        "X-Patience-Snapshot": JSON.stringify(meta) } }));
      return true;
    }
  }
  return false;
}"""


def boot_path(page: Page) -> dict[str, str]:
    data: dict[str, str] = page.evaluate("({...document.documentElement.dataset})")
    return data


def entries(page: Page) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = page.evaluate(ENTRIES)
    return found


def visit(page: Page, url: str) -> dict[str, str]:
    """Open ``url``, wait until a move can be played, and return how the page started."""
    page.goto(url)
    wait_for_engine(page)
    wait_ready(page)
    return boot_path(page)


def wait_stored(page: Page) -> None:
    """Wait until the solver's worker has stored the snapshot it took (``?snapshot=now``)."""
    expect(page.locator("html")).to_have_attribute("data-snapshot", re.compile("stored|failed"),
                                                   timeout=BOOT_TIMEOUT_MS)
    assert boot_path(page)["snapshot"] == "stored"


def tap_a_move(page: Page) -> int:
    """Tap a card that has a move; return the move count after it."""
    s = snap(page)
    key = sorted(k for k in s["taps"] if not k.startswith("stock"))[0]
    src, n = key.split(":")
    card(page, src, len(s["piles"][src]) - int(n)).click(position={"x": 12, "y": 8})
    expect(page.locator("#stat-moves")).to_contain_text(str(s["moveCount"] + 1))
    count: int = snap(page)["moveCount"]
    assert count == s["moveCount"] + 1
    return count


def test_the_loader_pins_the_vendored_pyodide() -> None:
    source = (ROOT / "static" / "js" / "snapshot.js").read_text(encoding="utf-8")
    pinned = re.search(r'PYODIDE_VERSION = "([^"]+)"', source)
    assert pinned is not None
    assert pinned.group(1) == npm_vendor.PINNED["pyodide"].version
    config = json.loads((ROOT / "static" / "pyscript.json").read_text(encoding="utf-8"))
    # the engine's worker reads the interpreter's address from the config's own folder
    assert config["interpreter"] == "./js/pyodide-loader.js"


def test_the_second_visit_boots_from_the_snapshot(page: Page, site_url: str) -> None:
    manual_play(page)
    first = visit(page, site_url + "?game=freecell&deal=1&snapshot=now")
    assert (first["boot"], first["bootFallback"]) == ("plain", "missing")
    assert tap_a_move(page) == 1
    before = snap(page)
    wait_stored(page)
    assert boot_path(page)["solverBoot"] == "plain"
    [entry] = entries(page)
    assert entry["size"] == entry["meta"]["bytes"] and entry["sha256"] == entry["meta"]["sha256"]
    assert entry["cache"].startswith(f"patience:/{SUB_PATH}:app-")
    assert entry["meta"]["pyodide"] == npm_vendor.PINNED["pyodide"].version

    second = visit(page, site_url)
    assert second["boot"] == "snapshot" and "bootFallback" not in second
    after = snap(page)                    # the game comes from storage, not the snapshot
    assert (after["game"], after["piles"], after["moveCount"]) == (
        "freecell", before["piles"], 1)
    assert tap_a_move(page) == 2
    # The solver's worker boots from it too, and answers.
    expect(page.locator("html")).to_have_attribute("data-solver-boot", "snapshot",
                                                   timeout=BOOT_TIMEOUT_MS)
    expect(page.locator("#verdict")).to_have_attribute("data-state", "winnable",
                                                       timeout=BOOT_TIMEOUT_MS)
    assert len(entries(page)) == 1        # nothing new was made


@pytest.fixture
def site_copy(site_dir: Path, tmp_path: Path) -> Iterator[tuple[Path, str]]:
    """A copy of the built site on a server of its own, which a test may change."""
    root = tmp_path / "www"
    shutil.copytree(site_dir, root / SUB_PATH.strip("/"))
    server, url = build.serve(root)
    yield root / SUB_PATH.strip("/"), url + SUB_PATH
    server.shutdown()
    server.server_close()


@pytest.mark.parametrize(("how", "why"), [("damaged", "corrupt"), ("refused", "failed")])
def test_a_bad_snapshot_falls_back_and_is_not_made_again_for_that_build(
        browser: Browser, site_copy: tuple[Path, str], how: str, why: str) -> None:
    """A snapshot that fails is remembered for its build (localStorage): that build boots
    the normal way from then on and makes no new one (31 MB on every visit otherwise); a
    new build tries again."""
    site, url = site_copy
    # No service worker: it would keep serving the old build.json from its cache.
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        manual_play(page)
        visit(page, url + "?game=klondike&deal=3&snapshot=now")
        wait_stored(page)
        [good] = entries(page)
        assert page.evaluate(SPOIL, how) is True
        [spoilt] = entries(page)
        assert spoilt["sha256"] != good["sha256"]

        fallen = visit(page, url + "?snapshot=now")
        assert (fallen["boot"], fallen["bootFallback"]) == ("plain", why)
        assert snap(page)["game"] == "klondike"
        assert tap_a_move(page) == 1          # the page works on the normal boot
        hashes = json.loads((site / "build.json").read_text())
        failure = json.loads(storage(page)["patience:v1:snapshot-failure"])
        assert failure == {"format": 1, "runtime": hashes["runtime"], "app": hashes["app"],
                           "why": why}
        # The solver's worker neither boots from one nor makes one for this build.
        expect(page.locator("html")).to_have_attribute("data-solver-boot", "plain",
                                                       timeout=BOOT_TIMEOUT_MS)
        assert boot_path(page)["solverBootFallback"] == "remembered"
        assert "snapshot" not in boot_path(page)
        assert entries(page) == []

        again = visit(page, url + "?snapshot=now")
        assert (again["boot"], again["bootFallback"]) == ("plain", "remembered")
        assert snap(page)["moveCount"] == 1
        expect(page.locator("html")).to_have_attribute("data-solver-boot", "plain",
                                                       timeout=BOOT_TIMEOUT_MS)
        assert boot_path(page)["solverBootFallback"] == "remembered"
        assert entries(page) == []

        # A new build tries again: a snapshot is made, kept, and booted from.
        (site / "build.json").write_text(json.dumps({**hashes, "app": "0123456789abcdef"}))
        updated = visit(page, url + "?snapshot=now")
        assert (updated["boot"], updated["bootFallback"]) == ("plain", "missing")
        wait_stored(page)
        [new] = entries(page)
        assert new["meta"]["app"] == "0123456789abcdef"
        assert visit(page, url)["boot"] == "snapshot"
        assert snap(page)["moveCount"] == 1
    finally:
        context.close()


def test_an_app_update_invalidates_the_snapshot(browser: Browser,
                                                site_copy: tuple[Path, str]) -> None:
    site, url = site_copy
    # No service worker: it would keep serving the old build.json from its cache.
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        manual_play(page)
        visit(page, url + "?game=yukon&deal=2&snapshot=now")
        tap_a_move(page)
        wait_stored(page)
        [old] = entries(page)

        hashes = json.loads((site / "build.json").read_text())
        assert old["meta"]["app"] == hashes["app"]
        (site / "build.json").write_text(json.dumps({**hashes, "app": "0123456789abcdef"}))
        updated = visit(page, url + "?snapshot=now")
        assert (updated["boot"], updated["bootFallback"]) == ("plain", "stale")
        assert snap(page)["moveCount"] == 1           # the game is kept
        wait_stored(page)
        [new] = entries(page)
        assert new["cache"].endswith(":app-0123456789abcdef")
        assert new["meta"]["app"] == "0123456789abcdef" and new["url"] != old["url"]

        assert visit(page, url)["boot"] == "snapshot"
        assert snap(page)["moveCount"] == 1
    finally:
        context.close()


#: Has the service worker look for an update and, once the new one is installed, take over.
TAKE_UPDATE = """async () => {
  const reg = await navigator.serviceWorker.getRegistration();
  await reg.update();
  const worker = reg.installing || reg.waiting;
  if (!worker) return "no update";
  if (worker.state !== "installed") {
    await new Promise((resolve, reject) => worker.addEventListener("statechange", () => {
      if (worker.state === "installed") resolve();
      if (worker.state === "redundant") reject(new Error("the update failed to install"));
    }));
  }
  const changed = new Promise((resolve) => {
    navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true });
  });
  worker.postMessage("skip-waiting");
  await changed;
  return "updated";
}"""


def test_a_runtime_update_alone_invalidates_the_snapshot(browser: Browser,
                                                         site_copy: tuple[Path, str]) -> None:
    """With the service worker on, an update of the runtime alone keeps the app's cache (it
    is named by the app's hash), where the snapshot lives: build.json must then name the new
    runtime, or the old snapshot would be booted with the new Pyodide files."""
    site, url = site_copy
    context = browser.new_context(service_workers="allow")
    try:
        page = context.new_page()
        manual_play(page)
        visit(page, url + "?game=yukon&deal=2&snapshot=now")
        page.wait_for_function("navigator.serviceWorker.controller !== null",
                               timeout=BOOT_TIMEOUT_MS)
        tap_a_move(page)
        wait_stored(page)
        [old] = entries(page)
        assert visit(page, url)["boot"] == "snapshot"

        hashes = json.loads((site / "build.json").read_text())
        runtime = "fedcba9876543210"
        worker = (site / "sw.js").read_text()
        assert worker.count(hashes["runtime"]) == 1
        (site / "sw.js").write_text(worker.replace(hashes["runtime"], runtime))
        (site / "build.json").write_text(json.dumps({**hashes, "runtime": runtime}))
        assert page.evaluate(TAKE_UPDATE) == "updated"

        updated = visit(page, url + "?snapshot=now")
        assert (updated["boot"], updated.get("bootFallback")) == ("plain", "stale")
        assert snap(page)["moveCount"] == 1           # the game is kept
        wait_stored(page)
        [new] = entries(page)
        assert new["meta"]["runtime"] == runtime and new["url"] != old["url"]
        assert visit(page, url)["boot"] == "snapshot"
    finally:
        context.close()
