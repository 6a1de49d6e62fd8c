"""The site's speed in the browser: cold and warm starts, the bare Pyodide floor, move latency,
and the bytes of a first visit, in headless Chromium (Playwright).

    .venv/bin/python bench/web.py                # 5 runs of each start
    .venv/bin/python bench/web.py --runs 9 --moves 200 --game freecell
    .venv/bin/python bench/web.py --snapshot     # also the memory-snapshot experiment
    .venv/bin/python bench/web.py --phone        # also a phone's visits (bench/phone.py)
    .venv/bin/python bench/web.py --phone-only --lighthouse --micropip

``--phone`` adds the phone profile (CPU 4x slower, 10 Mbit/s, 60 ms round trips, a 360x640
touch screen, the site served gzip-compressed; ``bench/phone.py`` says what Chromium
throttles and what it does not): cold and warm starts of a first visit (the site's address,
Klondike's opening deal; ``--phone-query`` opens another) against the bare floor of the
same profile, issue 28's aims, and the waterfall of the first visit.
``--lighthouse`` runs the pinned Lighthouse (``bench/lighthouse.py``); ``--micropip`` times
the engine installed as a wheel by micropip against today's zip (``bench/micropip_trial.py``).

Builds the site into a temporary folder (``build.build``), adds a bare page ``__bench/floor.html``
that only runs ``loadPyodide`` from the same ``vendor/pyodide/``, serves the folder from a
local thread server (``build.serve``), and measures, ``--runs`` times each, interleaved:

* **cold**: Chromium with a new profile on disk (empty HTTP cache, no service worker, no
  storage; not an incognito context, whose in-memory cache behaves unlike a browser's) opens
  the site. *Board painted* is the first animation frame after the first ``.card`` appears in
  ``#table``; *engine ready* is the first frame after ``#table`` gets the class ``ready``
  (observed from an init script's ``MutationObserver``; the page is not changed). Then a card
  is tapped with real pointer input and *first move* is the time from the ``pointerup`` to
  the first frame after ``#table`` changed; *first move accepted* is engine ready plus that
  (the Playwright round trips between them are left out).
* **warm**: the same profile navigates to the site again, once the service worker is active
  and controls the page (if the build has ``sw.js``; otherwise a plain reload served from
  the HTTP cache, as the output says) and the solver's worker has stored Python's memory
  snapshot (``data-snapshot="stored"`` on ``<html>``: it does so on its own once the page has
  been idle a few seconds; ``static/js/snapshot.js``). The first visit's move saved a game, so
  the board is painted from storage before Python starts, and Python boots from the
  snapshot (``data-boot``, counted in the output). *Solver's first verdict* is the first time
  the winnability line says something (``#verdict``'s ``data-state`` winnable, lost, unknown
  or failed): the solver's worker started (from the snapshot too) and searched.
* **floor**: ``loadPyodide()`` alone on a blank page, cold (a new profile) and warm (the
  app's profile, after its warm start), from navigation start.
* **move latency**: ``--moves`` taps (automatic moves off) in ``--game``, each from the
  ``pointerup`` to the first mutation of ``#table`` (the DOM updated: engine call, render) and
  to the next animation frame; median and p95. Card motion is on, as a player has it: the
  move's first frame is measured, not its end. Taps are 400 ms apart (a quicker second tap
  on the same spot is a double tap's echo, which the page plays once); a tap that changes
  nothing on the table within 2 s is not counted.
* **long game**: the same taps in a Klondike game (draw 1, unlimited passes) whose saved
  record holds a legal 49,990-move save (the stock turned and turned back; ``long_save``),
  opened from storage as a player's return visit would; each tap's pointerup to DOM
  updated, median, against the same taps at the start of the same deal (move 5 or so).
  ``--long-only`` measures only this.
* **bytes**: every response of the first cold visit, the service worker's precache included,
  that carried a body over the network (not served by the service worker, not a 304): raw,
  and the same files gzip -9 (the local server does not compress; static hosts do).

``--snapshot`` adds the experiment with Pyodide's (private, undocumented) memory snapshots:
one made in the page with ``loadPyodide({_makeSnapshot: true})`` and
``pyodide.makeMemorySnapshot()``, then boots with ``_loadSnapshot``, bare and with the engine
started (engine zip unpacked, ``Bridge().new(...)``), against the same without the snapshot;
and the whole app booted with the snapshot through PyScript by pointing ``interpreter`` at a
wrapper module that adds ``_loadSnapshot`` to the options PyScript passes.

Times are milliseconds from navigation start (``performance.now()``) unless said otherwise;
MB is 10^6 bytes.
"""

from __future__ import annotations

import argparse
import base64
import gzip
import json
import math
import os
import platform
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final
from urllib.parse import unquote, urlsplit

from playwright.sync_api import (
    Browser,
    BrowserContext,
    Page,
    Playwright,
    Request,
    sync_playwright,
)
from playwright.sync_api import TimeoutError as PlaywrightTimeout

ROOT: Final[Path] = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build  # noqa: E402  (build.py lives at the repository root)
import lighthouse  # noqa: E402  (bench/, beside this file)
import micropip_trial  # noqa: E402
import npm_vendor  # noqa: E402  (tools/, via build)
import phone  # noqa: E402
from browser import CHROMIUM_ARGS, chromium_path  # noqa: E402  (tools/, via build)

TIMEOUT_S: Final[float] = 120.0
MB: Final[float] = 1e6

#: Aims, as the brief for the web front end sets them.
AIM_WARM_PAINT_MS: Final[float] = 300.0
AIM_FIRST_MOVE_VS_FLOOR: Final[float] = 1.2
#: Issue 18's aims for a warm start booted from the snapshot, against the warm floor.
AIM_WARM_MOVE_VS_FLOOR: Final[float] = 1.0
AIM_WARM_VERDICT_VS_FLOOR: Final[float] = 1.5
#: The cold first visit's first move accepted before the snapshot (README, 5 runs, same
#: machine): the cold visit should be no slower now.
PREVIOUS_COLD_FIRST_MOVE_MS: Final[float] = 3481.0
#: How long the first visit may take to store its snapshot (it waits for a few idle seconds).
SNAPSHOT_STORE_TIMEOUT_S: Final[float] = 90.0
AIM_MOVE_MEDIAN_MS: Final[float] = 8.0
AIM_MOVE_P95_MS: Final[float] = 16.0
AIM_FIRST_VISIT_GZIP: Final[float] = 5 * MB

#: Automatic moves off, so that a tap changes the table once.
MANUAL: Final[str] = ('localStorage.setItem("patience:v1:settings", JSON.stringify('
                      '{v: 1, autoMove: false, autoFinish: false, fourColour: false, '
                      'options: {}}));')

#: Runs in every page before its scripts: start-up marks, and one measured tap at a time.
TIMING: Final[str] = """
(() => {
  const m = window.__bench = {card: null, cardFrame: null, ready: null, readyFrame: null};
  const frame = (key) => requestAnimationFrame(() => { m[key] = performance.now(); });
  const observer = new MutationObserver(() => {
    const table = document.getElementById("table");
    if (!table) return;
    if (m.card === null && table.querySelector(".card")) {
      m.card = performance.now();
      frame("cardFrame");
    }
    if (m.ready === null && table.classList.contains("ready")) {
      m.ready = performance.now();
      frame("readyFrame");
    }
    if (m.card !== null && m.ready !== null) observer.disconnect();
  });
  observer.observe(document, {childList: true, subtree: true, attributes: true,
                              attributeFilter: ["class"]});
  // The snapshot's marks on <html> (data-solver-boot: the solver's worker has started, or
  // made its snapshot) and the winnability line's first verdict.
  m.solverBoot = null;
  m.verdict = null;
  const said = ["winnable", "lost", "unknown", "failed"];
  const later = new MutationObserver(() => {
    const html = document.documentElement;
    if (m.solverBoot === null && html.dataset.solverBoot) m.solverBoot = performance.now();
    const verdict = document.getElementById("verdict");
    if (m.verdict === null && verdict && said.includes(verdict.dataset.state)) {
      m.verdict = performance.now();
    }
    if (m.solverBoot !== null && m.verdict !== null) later.disconnect();
  });
  later.observe(document, {childList: true, subtree: true, attributes: true,
                           attributeFilter: ["data-solver-boot", "data-state"]});
  // Arm before a tap: __benchTap resolves with [dom, frame], ms after the pointerup.
  window.__benchArm = () => {
    const table = document.getElementById("table");
    window.__benchTap = null;
    window.__benchTapPromise = new Promise((resolve) => {
      let t0 = null;
      window.addEventListener("pointerup", () => { t0 = performance.now(); },
                              {capture: true, once: true});
      const mo = new MutationObserver(() => {
        if (t0 === null) return;
        mo.disconnect();
        const dom = performance.now() - t0;
        requestAnimationFrame(() => resolve([dom, performance.now() - t0]));
      });
      mo.observe(table, {childList: true, subtree: true, attributes: true, characterData: true});
    }).then((r) => { window.__benchTap = r; return r; });
  };
})();
"""

FLOOR_HTML: Final[str] = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Bare Pyodide boot</title>
<script type="module">
import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";
const py = await loadPyodide({ indexURL: new URL("../vendor/pyodide/", location.href).href });
window.__floor = performance.now();
py.runPython("1 + 1");
</script></head><body><p>loadPyodide() alone</p></body></html>
"""

#: The snapshot experiment's page: ?make=bare|engine makes a snapshot; ?mode=plain|snap
#: boots (with or without it), then starts the engine outside PyScript.
SNAP_HTML: Final[str] = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Pyodide memory snapshot</title>
<script type="module">
import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";
const q = new URLSearchParams(location.search);
const indexURL = new URL("../vendor/pyodide/", location.href).href;
const out = window.__snap = {};
const engine = async (py) => {
  const zip = await (await fetch("../patience.zip")).arrayBuffer();
  py.unpackArchive(zip, "zip", { extractDir: "/home/pyodide" });
  py.runPython("import patience.bridge");
};
try {
  if (q.get("make")) {
    const py = await loadPyodide({ indexURL, _makeSnapshot: true });
    if (q.get("make") === "engine") await engine(py);
    out.bytes = py.makeMemorySnapshot();
  } else {
    const options = { indexURL };
    if (q.get("mode") === "snap") options._loadSnapshot =
      fetch(`./${q.get("file")}`).then((r) => r.arrayBuffer());
    const py = await loadPyodide(options);
    out.boot = performance.now();
    if (q.get("file") !== "snapshot-engine.bin") await engine(py);
    const snap = JSON.parse(py.runPython(
      "from patience.bridge import Bridge; Bridge().new('klondike', '{}', 1)"));
    out.engine = performance.now();
    out.ok = snap.game === "klondike";
  }
} catch (e) {
  out.error = String(e && e.message ? e.message : e).slice(0, 300);
}
out.done = true;
</script></head><body><p>snapshot experiment</p></body></html>
"""

#: Put as ``interpreter`` in a copy of pyscript.json: PyScript imports this module as if it
#: were pyodide.mjs and calls its ``loadPyodide`` with its own options, ``indexURL`` being
#: this module's folder: put right, and the snapshot added.
SNAP_WRAPPER: Final[str] = """\
import { loadPyodide as load, version } from "../vendor/pyodide/pyodide.mjs";
export { version };
export function loadPyodide(options) {
  const bytes = fetch(new URL("./snapshot-bare.bin", import.meta.url))
    .then((r) => r.arrayBuffer());
  const indexURL = new URL("../vendor/pyodide/", import.meta.url).href;
  return load({ ...options, indexURL, _loadSnapshot: bytes });
}
"""


@dataclass
class Runs:
    """Measured values of one figure, in run order."""

    values: list[float] = field(default_factory=list)

    def add(self, value: float | None) -> None:
        """Keep a value (a run that could not measure it passes ``None``)."""
        if value is not None:
            self.values.append(value)

    def median(self) -> float | None:
        """The median, or ``None`` with no values."""
        return statistics.median(self.values) if self.values else None


def percentile(values: Sequence[float], q: float) -> float:
    """Return the ``q`` quantile (0-1) of ``values``, nearest rank."""
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, math.ceil(q * len(ordered)) - 1))]



def poll(page: Page, expression: str, timeout_s: float = TIMEOUT_S) -> Any:
    """Evaluate ``expression`` until it is truthy and return it (no ``wait_for_function``:
    that compiles its predicate with eval, which a Content Security Policy may refuse)."""
    deadline = time.monotonic() + timeout_s
    while True:
        value = page.evaluate(expression)
        if value:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError(f"waited {timeout_s:g} s for {expression}")
        page.wait_for_timeout(20)


def _tap_target(page: Page, rng: random.Random,
                prefer: Callable[[str], bool] = lambda key: True) -> tuple[float, float] | None:
    """Return where to click for a tap move of the present position, or ``None``.

    The table may still be drawing a position the engine has left (an automatic move on its
    way): a card not on the table yet is looked for again in a fresh snapshot, a few times."""
    for _ in range(5):
        snap = json.loads(page.evaluate("patienceBridge.snapshot(0)"))
        keys = sorted(snap["taps"])
        if not keys:
            return None
        preferred = [k for k in keys if prefer(k)] or keys
        key = rng.choice(preferred)
        pile, n = key.split(":")
        if snap["layout"].get("kinds", {}).get(pile) == "stock":
            el = page.locator(f'.pile[data-pile="{pile}"]')
        else:
            count = len(snap["piles"][pile])
            el = page.locator(f'.card[data-pile="{pile}"][data-index="{count - int(n)}"]')
        try:
            box = el.bounding_box(timeout=3_000)
        except PlaywrightTimeout:
            continue
        if box is not None:
            return box["x"] + box["width"] / 2, box["y"] + min(12.0, box["height"] / 4)
    return None


def measured_tap(page: Page, rng: random.Random,
                 prefer: Callable[[str], bool] = lambda key: True) -> tuple[float, float] | None:
    """Tap a card that has a move; return (DOM updated, next frame) in ms after pointerup."""
    before = json.loads(page.evaluate("patienceBridge.snapshot(0)"))["moveCount"]
    target = _tap_target(page, rng, prefer)
    if target is None:
        return None
    page.evaluate("window.__benchArm()")
    page.mouse.click(*target)
    try:
        result: list[float] = poll(page, "window.__benchTap", 2)
    except TimeoutError:             # the tap changed nothing on the table: not a move
        return None
    after = json.loads(page.evaluate("patienceBridge.snapshot(0)"))["moveCount"]
    if after <= before:
        return None
    return result[0], result[1]


def _wait_sw(page: Page) -> bool:
    """Wait until a service worker is active and controls the page; say whether there is one."""
    has: bool = page.evaluate("""async () => {
        if (!navigator.serviceWorker) return false;
        const regs = await navigator.serviceWorker.getRegistrations();
        if (!regs.length) return false;
        await navigator.serviceWorker.ready;
        return true;
    }""")
    if has:
        poll(page, "navigator.serviceWorker.controller !== null", 60)
    return has


@dataclass
class Transfer:
    """One response of a visit that carried a body over the network."""

    path: str
    raw: int
    by_service_worker: bool


def _transfers(requests: list[Request], site: Path, base: str) -> list[Transfer]:
    out: list[Transfer] = []
    for request in requests:
        response = request.response()
        if response is None or response.status != 200 or response.from_service_worker:
            continue
        if not request.url.startswith(base):
            continue
        path = unquote(urlsplit(request.url).path)[len(urlsplit(base).path):] or "index.html"
        if path.endswith("/"):
            path += "index.html"
        body = request.sizes()["responseBodySize"]
        out.append(Transfer(path, body, request.service_worker is not None))
    return out


def _gzip_size(path: Path, cache: dict[Path, int]) -> int:
    if path not in cache:
        cache[path] = len(gzip.compress(path.read_bytes(), compresslevel=9, mtime=0))
    return cache[path]


@dataclass
class Results:
    """Everything measured, by figure."""

    figures: dict[str, Runs] = field(default_factory=dict)
    warm_kind: str = "?"
    boots: dict[str, list[str]] = field(default_factory=dict)
    snapshot_bytes: list[int] = field(default_factory=list)
    latencies: list[tuple[float, float]] = field(default_factory=list)
    transfers: list[Transfer] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def run(self, name: str) -> Runs:
        """The runs of one figure (made on first use)."""
        return self.figures.setdefault(name, Runs())


def _start_marks(page: Page) -> dict[str, float]:
    marks: dict[str, float] = poll(page, "window.__bench && window.__bench.readyFrame !== null"
                                         " && window.__bench.cardFrame !== null && window.__bench")
    return marks


def fresh_profile(pw: Playwright, profiles: Path) -> BrowserContext:
    """Start Chromium with a new, empty profile in ``profiles``: no cache, no service worker.

    A profile on disk, not a Playwright incognito context: an incognito context's HTTP cache
    lives in memory and does not keep a file the size of ``pyodide.asm.wasm``, so the service
    worker's precache would download it a second time, which a real browser does not.
    """
    profiles.mkdir(parents=True, exist_ok=True)
    return pw.chromium.launch_persistent_context(
        tempfile.mkdtemp(prefix="profile-", dir=profiles), executable_path=chromium_path(),
        args=list(CHROMIUM_ARGS), headless=True)


def _record_start(res: Results, page: Page, rng: random.Random, kind: str) -> None:
    """Record a start's board painted, engine ready and first move under ``kind``."""
    marks = _start_marks(page)
    res.run(f"{kind}: board painted").add(marks["cardFrame"])
    res.run(f"{kind}: engine ready").add(marks["readyFrame"])
    boot = page.evaluate("document.documentElement.dataset.boot ?? 'not said'")
    why = page.evaluate("document.documentElement.dataset.bootFallback ?? ''")
    res.boots.setdefault(kind, []).append(f"{boot} ({why})" if why else boot)
    tap = measured_tap(page, rng, lambda k: not k.startswith("stock"))
    if tap is not None:
        res.run(f"{kind}: first move").add(tap[1])
        res.run(f"{kind}: first move accepted").add(marks["readyFrame"] + tap[1])


def _record_verdict(res: Results, page: Page, kind: str) -> None:
    """Record when the solver's worker started and its first verdict was shown."""
    try:
        marks = poll(page, "window.__bench.verdict !== null && window.__bench", TIMEOUT_S)
    except TimeoutError:
        res.notes.append(f"{kind}: no verdict within {TIMEOUT_S:g} s")
        return
    res.run(f"{kind}: solver's worker started").add(marks["solverBoot"])
    res.run(f"{kind}: solver's first verdict").add(marks["verdict"])


def _wait_snapshot(res: Results, page: Page) -> None:
    """Wait until the solver's worker has stored its snapshot (or said it could not)."""
    try:
        state = poll(page, "['stored', 'failed'].includes(document.documentElement.dataset"
                           ".snapshot) && document.documentElement.dataset.snapshot",
                     SNAPSHOT_STORE_TIMEOUT_S)
    except TimeoutError:
        state = "not stored in time"
    if state != "stored":
        res.notes.append(f"the first visit's snapshot: {state}")
        return
    size = page.evaluate("""async () => {
        for (const name of await caches.keys()) {
            const cache = await caches.open(name);
            for (const r of await cache.keys()) {
                if (r.url.includes("/__snapshot/")) {
                    return (await (await cache.match(r)).arrayBuffer()).byteLength;
                }
            }
        }
        return null;
    }""")
    if size is not None:
        res.snapshot_bytes.append(size)


def app_run(pw: Playwright, profiles: Path, url: str, site: Path, res: Results,
            rng: random.Random, record_bytes: bool) -> None:
    """One cold visit and one warm start with the same (new) profile."""
    context = fresh_profile(pw, profiles)
    context.add_init_script(TIMING)
    requests: list[Request] = []
    context.on("requestfinished", lambda r: requests.append(r))  # noqa: PLW0108 (Playwright tags the handler)
    page = context.pages[0] if context.pages else context.new_page()
    page.goto(url)
    _record_start(res, page, rng, "cold")
    has_sw = (site / "sw.js").is_file() and _wait_sw(page)
    if record_bytes:
        page.wait_for_load_state("networkidle")
        res.transfers = _transfers(requests, site, url)
    _record_verdict(res, page, "cold")
    _wait_snapshot(res, page)
    if has_sw:
        page.goto(url)
        controlled = page.evaluate("navigator.serviceWorker.controller !== null")
        res.warm_kind = ("second navigation, served by the service worker" if controlled
                         else "second navigation (service worker NOT controlling)")
    else:
        page.reload()
        res.warm_kind = "reload from the HTTP cache (no service worker in the build)"
    _record_start(res, page, rng, "warm")
    _record_verdict(res, page, "warm")
    # The floor with the same profile: files from the service worker or the HTTP cache.
    page.goto(url + "__bench/floor.html")
    res.run("floor, warm: loadPyodide").add(poll(page, "window.__floor"))
    context.close()


def floor_run(pw: Playwright, profiles: Path, url: str, res: Results) -> None:
    """A bare ``loadPyodide`` with a new profile."""
    context = fresh_profile(pw, profiles)
    page = context.pages[0] if context.pages else context.new_page()
    page.goto(url + "__bench/floor.html")
    res.run("floor, cold: loadPyodide").add(poll(page, "window.__floor"))
    context.close()


def latency_run(browser: Browser, url: str, game: str, moves: int, res: Results,
                rng: random.Random) -> None:
    """Tap ``moves`` moves in ``game`` and keep each one's latency."""
    context = browser.new_context(service_workers="block")
    context.add_init_script(MANUAL)
    context.add_init_script(TIMING)
    page = context.new_page()
    page.goto(f"{url}?game={game}&deal=1")
    _start_marks(page)
    misses = 0
    while len(res.latencies) < moves:
        status = json.loads(page.evaluate("patienceBridge.snapshot(0)"))["status"]
        page.evaluate("document.getElementById('notice').hidden = true")
        # Taps a little apart, as a player's are: the page takes a second tap on the same
        # spot within 350 ms for the echo of a double tap and plays it once.
        page.wait_for_timeout(400)
        tap = measured_tap(page, rng) if status == "playing" else None
        if tap is not None:
            res.latencies.append(tap)
            continue
        misses += 1
        if misses > moves:
            raise RuntimeError("too many taps without a move")
        page.click("#btn-new")                      # stuck or won: a new deal, not measured
        page.wait_for_timeout(50)
    if misses:
        res.notes.append(f"move latency: {misses} new deals were dealt between measured taps")
    context.close()


LONG_OPTIONS: Final[dict[str, Any]] = {"draw": 1, "passes": "unlimited"}


def long_save(moves: int = 49_990, deal: int = 1) -> str:
    """Return a legal save of ``moves`` moves of Klondike (draw 1, unlimited passes): the
    stock turned card by card and turned back, again and again (version 1, as the pages
    before the capped history wrote it)."""
    sys.path.insert(0, str(ROOT / "py"))
    import patience  # noqa: PLC0415 (only this line of the bench needs the engine)

    game = patience.new_game("klondike", deal=deal, **LONG_OPTIONS)
    stock = len(game.state.piles[game.rules.stock])
    line: list[str] = []
    while len(line) < moves:
        line += ["stock>waste"] * stock + [f"waste>stock:{stock}"]
    return json.dumps({"format": "patience", "version": 1, "game": "klondike",
                       "options": game.rules.options, "deal": deal, "moves": line[:moves],
                       "redo": [], "elapsed": 600}, separators=(",", ":"))


def long_game_run(browser: Browser, url: str, taps: int, res: Results,
                  rng: random.Random) -> None:
    """Time ``taps`` stock taps at the start of a deal, then in a 49,990-move game."""
    record = json.dumps({"v": 1, "game": "klondike", "save": long_save(),
                         "snapshot": {"piles": {}, "layout": {"columns": 1, "rows": []}}})
    settings = json.dumps({"v": 1, "autoMove": False, "autoFinish": False,
                           "options": {"klondike": LONG_OPTIONS}})
    for kind, seed in (("short", {}), ("long", {"patience:v1:game:klondike": record})):
        context = browser.new_context(service_workers="block")
        items = {"patience:v1:settings": settings, "patience:v1:current": "klondike", **seed}
        context.add_init_script(f"""
            if (!sessionStorage.getItem("seeded")) {{
                sessionStorage.setItem("seeded", "1");
                for (const [k, v] of Object.entries({json.dumps(items)})) {{
                    localStorage.setItem(k, v);
                }}
            }}""")
        context.add_init_script(TIMING)
        page = context.new_page()
        page.goto(f"{url}?game=klondike&deal=1" if kind == "short" else url)
        _start_marks(page)
        start = json.loads(page.evaluate("patienceBridge.snapshot(0)"))["moveCount"]
        timed = res.run(f"{kind} game: stock tap, pointerup to DOM updated")
        misses = 0
        while len(timed.values) < taps and misses < taps:
            page.wait_for_timeout(400)
            tap = measured_tap(page, rng, lambda k: k.startswith("stock"))
            if tap is None:
                misses += 1
            else:
                timed.add(tap[0])
        res.notes.append(f"{kind} game: the taps began at move {start:,}")
        context.close()


def snapshot_experiment(browser: Browser, url: str, site: Path, runs: int,
                        res: Results) -> list[str]:
    """Make memory snapshots in the page, boot from them, and return Markdown lines."""
    bench = site / "__bench"
    (bench / "snap.html").write_text(SNAP_HTML, encoding="utf-8")
    lines: list[str] = []
    sizes: dict[str, tuple[int, int]] = {}
    for kind in ("bare", "engine"):
        context = browser.new_context(service_workers="block")
        page = context.new_page()
        page.goto(f"{url}__bench/snap.html?make={kind}")
        done = poll(page, "window.__snap.done && (window.__snap.error ?? true)")
        if done is not True:
            lines.append(f"- making a snapshot ({kind}) failed: {done}")
            context.close()
            continue
        encoded: str = page.evaluate("""() => {
            const a = window.__snap.bytes; let s = "";
            for (let i = 0; i < a.length; i += 32768)
                s += String.fromCharCode.apply(null, a.subarray(i, i + 32768));
            return btoa(s);
        }""")
        data = base64.b64decode(encoded)
        (bench / f"snapshot-{kind}.bin").write_bytes(data)
        sizes[kind] = (len(data), len(gzip.compress(data, compresslevel=6, mtime=0)))
        context.close()
    for kind, (raw, packed) in sizes.items():
        after = "loadPyodide" if kind == "bare" else "importing the engine"
        lines.append(f"- snapshot made after {after}: {raw / MB:.1f} MB raw, "
                     f"{packed / MB:.1f} MB gzip -6")
    modes = [("plain", "", "no snapshot")]
    if "bare" in sizes:
        modes.append(("snap", "snapshot-bare.bin", "snapshot of a bare boot"))
    if "engine" in sizes:
        modes.append(("snap", "snapshot-engine.bin", "snapshot with the engine imported"))
    for i in range(runs):
        for mode, file, label in modes:
            context = browser.new_context(service_workers="block")
            page = context.new_page()
            page.goto(f"{url}__bench/snap.html?mode={mode}&file={file}")
            out = poll(page, "window.__snap.done && window.__snap")
            if "error" in out:
                res.notes.append(f"snapshot experiment, {label}, run {i + 1}: {out['error']}")
            else:
                res.run(f"snapshot: {label}: loadPyodide").add(out["boot"])
                res.run(f"snapshot: {label}: engine ready (no PyScript)").add(out["engine"])
            context.close()
    if "bare" in sizes:
        _snapshot_app(browser, url, site, runs, res)
    return lines


def _snapshot_app(browser: Browser, url: str, site: Path, runs: int, res: Results) -> None:
    """Boot the real app through PyScript with the bare snapshot, via a wrapper module."""
    bench = site / "__bench"
    (bench / "pyodide-snapshot.mjs").write_text(SNAP_WRAPPER, encoding="utf-8")
    config = json.loads((site / "static" / "pyscript.json").read_text(encoding="utf-8"))
    config["interpreter"] = "./__bench/pyodide-snapshot.mjs"     # relative to the page
    (bench / "pyscript.json").write_text(json.dumps(config), encoding="utf-8")
    index = (site / "index.html").read_text(encoding="utf-8")
    page_text = index.replace('config="./static/pyscript.json"', 'config="./__bench/pyscript.json"')
    if page_text == index:
        res.notes.append("snapshot app: index.html has no pyscript.json config to swap")
        return
    (site / "bench-snapshot.html").write_text(page_text, encoding="utf-8")
    errors: list[str] = []
    for i in range(runs):
        context = browser.new_context(service_workers="block")
        context.add_init_script(TIMING)
        page = context.new_page()
        errors.clear()
        page.on("pageerror", lambda e: errors.append(e.message))
        page.goto(url + "bench-snapshot.html")
        try:
            marks = _start_marks(page)
            res.run("snapshot: the app through PyScript: engine ready").add(marks["readyFrame"])
        except TimeoutError:
            res.notes.append(f"snapshot app, run {i + 1}: did not start: {errors[:2]}")
        context.close()


@dataclass
class Visit:
    """The bytes of a first visit: as transferred, and with every file counted once."""

    lines: list[str]
    raw: int
    packed: int
    once_raw: int
    once_packed: int
    twice: list[str]


def first_visit(res: Results, site: Path) -> Visit:
    """Sum the first visit's transfers, and list them file by file."""
    cache: dict[Path, int] = {}
    lines = ["| file | raw bytes | gzip -9 bytes | fetched by |", "|---|---:|---:|---|"]
    totals = {"page": [0, 0], "service worker": [0, 0]}
    bodies: dict[str, int] = {}
    once: dict[str, tuple[int, int]] = {}
    for t in sorted(res.transfers, key=lambda t: (t.by_service_worker, -t.raw)):
        if t.raw == 0:           # revalidated: a 304 that the browser shows as a cached 200
            continue
        who = "service worker" if t.by_service_worker else "page"
        file = site / t.path
        packed = _gzip_size(file, cache) if file.is_file() else t.raw
        totals[who][0] += t.raw
        totals[who][1] += packed
        bodies[t.path] = bodies.get(t.path, 0) + 1
        once[t.path] = (t.raw, packed)
        lines.append(f"| {t.path} | {t.raw:,} | {packed:,} | {who} |")
    revalidated = sorted({t.path for t in res.transfers if t.raw == 0})
    page_raw, page_gz = totals["page"]
    sw_raw, sw_gz = totals["service worker"]
    lines.append(f"| **the page** | **{page_raw:,}** | **{page_gz:,}** | |")
    lines.append(f"| **the service worker's precache** | **{sw_raw:,}** | **{sw_gz:,}** | |")
    if revalidated:
        lines += ["", f"Revalidated without a body (304): {', '.join(revalidated)}."]
    return Visit(lines, page_raw + sw_raw, page_gz + sw_gz,
                 sum(r for r, _ in once.values()), sum(g for _, g in once.values()),
                 sorted(p for p, n in bodies.items() if n > 1))


def _fmt(value: float | None, unit: str = "ms") -> str:
    if value is None:
        return "–"
    return f"{value:,.0f} {unit}" if unit == "ms" and value >= 100 else f"{value:.1f} {unit}"


def _met(ok: bool) -> str:
    return "met" if ok else "**not met**"


def snapshot_aims(res: Results, visit: Visit) -> list[str]:
    """Issue 18's aims, each with its figures and met or not met, as Markdown lines."""
    lines: list[str] = []
    floor = res.run("floor, warm: loadPyodide").median()
    cold_floor = res.run("floor, cold: loadPyodide").median()
    move = res.run("warm: first move accepted").median()
    verdict = res.run("warm: solver's first verdict").median()
    for kind, boots in res.boots.items():
        if kind.startswith("phone"):            # the phone's section says its own
            continue
        said = ", ".join(f"{boots.count(b)} × {b}" for b in sorted(set(boots)))
        lines.append(f"- {kind} starts booted: {said}")
    if res.snapshot_bytes:
        size = statistics.median(res.snapshot_bytes)
        lines.append(f"- the snapshot on the device (Cache Storage): {size / MB:.1f} MB")
    if move is not None and floor is not None:
        lines.append(f"- warm start, first move accepted {move:,.0f} ms, less than the bare "
                     f"`loadPyodide` floor (warm) {floor:,.0f} ms (is {move / floor:.2f} ×): "
                     f"{_met(move < AIM_WARM_MOVE_VS_FLOOR * floor)}")
    if verdict is not None and floor is not None:
        limit = AIM_WARM_VERDICT_VS_FLOOR * floor
        lines.append(f"- warm start, the solver's first verdict {verdict:,.0f} ms, within "
                     f"{AIM_WARM_VERDICT_VS_FLOOR:g} × the floor = {limit:,.0f} ms "
                     f"(is {verdict / floor:.2f} ×): {_met(verdict <= limit)}")
    if res.transfers:
        lines.append(f"- first visit {visit.packed / MB:.2f} MB gzip as transferred "
                     f"({visit.once_packed / MB:.2f} MB the files once), at most "
                     f"{AIM_FIRST_VISIT_GZIP / MB:g} MB: "
                     f"{_met(visit.packed <= AIM_FIRST_VISIT_GZIP)}")
    cold = res.run("cold: first move accepted").median()
    if cold is not None:
        ratio = f", {cold / cold_floor:.2f} × this run's cold floor" if cold_floor else ""
        lines.append(f"- cold first visit, first move accepted {cold:,.0f} ms{ratio}; before "
                     f"the snapshot {PREVIOUS_COLD_FIRST_MOVE_MS:,.0f} ms (1.31 × its floor, "
                     "README): the cold visit does the same work, the solver's worker only "
                     "adds the snapshot's copy of its memory after its own start")
    return lines


def report(res: Results, site: Path, runs: int, moves: int, game: str,
           snapshot_lines: list[str]) -> str:
    """Return the results as Markdown."""
    floor = res.run("floor, cold: loadPyodide").median()
    warm_floor = res.run("floor, warm: loadPyodide").median()
    rows = ["| measure | median | min | max | aim | met |", "|---|---:|---:|---:|---|---|"]

    def row(name: str, aim: str = "", ok: bool | None = None) -> None:
        r = res.run(name)
        lo = min(r.values) if r.values else None
        hi = max(r.values) if r.values else None
        met = "" if ok is None else ("yes" if ok else "**no**")
        rows.append(f"| {name} (n={len(r.values)}) | {_fmt(r.median())} | {_fmt(lo)} | "
                    f"{_fmt(hi)} | {aim} | {met} |")

    def vs_floor(name: str, base: float | None) -> tuple[str, bool | None]:
        m = res.run(name).median()
        if m is None or base is None:
            return "", None
        limit = AIM_FIRST_MOVE_VS_FLOOR * base
        return (f"≤ {AIM_FIRST_MOVE_VS_FLOOR:g} × floor = {limit:,.0f} ms "
                f"(is {m / base:.2f} ×)"), m <= limit

    row("floor, cold: loadPyodide")
    row("cold: board painted")
    row("cold: engine ready")
    row("cold: first move")
    row("cold: first move accepted", *vs_floor("cold: first move accepted", floor))
    row("floor, warm: loadPyodide")
    warm_paint = res.run("warm: board painted").median()
    row("warm: board painted", f"≤ {AIM_WARM_PAINT_MS:g} ms",
        None if warm_paint is None else warm_paint <= AIM_WARM_PAINT_MS)
    row("warm: engine ready")
    row("warm: first move")
    row("warm: first move accepted", *vs_floor("warm: first move accepted", warm_floor))
    for kind in ("cold", "warm"):
        row(f"{kind}: solver's worker started")
        row(f"{kind}: solver's first verdict")
    dom = [d for d, _ in res.latencies]
    frame = [f for _, f in res.latencies]
    if dom:
        med, p95 = statistics.median(dom), percentile(dom, 0.95)
        med_ok = "yes" if med < AIM_MOVE_MEDIAN_MS else "**no**"
        p95_ok = "yes" if p95 < AIM_MOVE_P95_MS else "**no**"
        rows.append(f"| move latency, pointerup → DOM updated (n={len(dom)}), median | "
                    f"{med:.2f} ms | {min(dom):.2f} ms | {max(dom):.2f} ms | "
                    f"< {AIM_MOVE_MEDIAN_MS:g} ms | {med_ok} |")
        rows.append(f"| move latency, pointerup → DOM updated, p95 | {p95:.2f} ms | | | "
                    f"< {AIM_MOVE_P95_MS:g} ms | {p95_ok} |")
        rows.append(f"| move latency, pointerup → next frame, median / p95 | "
                    f"{statistics.median(frame):.1f} / {percentile(frame, 0.95):.1f} ms | "
                    f"{min(frame):.1f} ms | {max(frame):.1f} ms | | |")
    visit = first_visit(res, site)
    if res.transfers:
        aim = f"≤ {AIM_FIRST_VISIT_GZIP / MB:g} MB gzip"
        rows.append(f"| first visit, the site's files, each once | {visit.once_raw / MB:.2f} MB "
                    f"raw, {visit.once_packed / MB:.2f} MB gzip | | | {aim} | "
                    f"{'yes' if visit.once_packed <= AIM_FIRST_VISIT_GZIP else '**no**'} |")
        rows.append(f"| first visit, as transferred (page + service worker) | "
                    f"{visit.raw / MB:.2f} MB raw, {visit.packed / MB:.2f} MB gzip | | | {aim} | "
                    f"{'yes' if visit.packed <= AIM_FIRST_VISIT_GZIP else '**no**'} |")
        if visit.twice:
            res.notes.append("the first visit downloaded these files twice (the page and the "
                             f"service worker's precache at the same time): "
                             f"{', '.join(visit.twice)}")
    for name in ("short game: stock tap, pointerup to DOM updated",
                 "long game: stock tap, pointerup to DOM updated"):
        if name in res.figures:
            long_med = res.run(name).median()
            row(name, f"< {AIM_MOVE_MEDIAN_MS:g} ms (median)",
                None if long_med is None else long_med < AIM_MOVE_MEDIAN_MS)
    for name in sorted(n for n in res.figures if n.startswith("snapshot:")):
        row(name)
    head = [f"# Patience in the browser: {runs} runs, {moves} moves of {game}",
            "",
            f"Chromium headless ({chromium_path() or 'Playwright'}), {platform.machine()}, "
            f"{os.cpu_count()} cores; times in ms from navigation start, medians.",
            f"Warm start: {res.warm_kind}. A cold visit has no saved game, so its board is "
            "drawn when the engine is ready; a warm one paints the saved board first. "
            "Floors: `loadPyodide()` alone, cold (a new profile) and warm (the app's profile "
            "again); each first-move aim compares with the floor of the same kind.", ""]
    out = head + rows + ["", "## Issue 18's aims (the memory snapshot)", "",
                         *snapshot_aims(res, visit)]
    out += ["", "## First visit, file by file", "", *visit.lines]
    if snapshot_lines:
        out += ["", "## Memory snapshot experiment", "", *snapshot_lines]
    if res.notes:
        out += ["", "## Notes", "", *[f"- {n}" for n in res.notes]]
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Build, serve, measure, print the table."""
    parser = argparse.ArgumentParser(description="Measure the site in headless Chromium.")
    parser.add_argument("--runs", type=int, default=5, help="runs of each start (default 5)")
    parser.add_argument("--moves", type=int, default=200, help="taps timed (default 200)")
    parser.add_argument("--game", default="freecell", help="game for the taps (freecell)")
    parser.add_argument("--snapshot", action="store_true",
                        help="also the memory-snapshot experiment (a snapshot made in "
                             "the page; the app makes its own in the solver's worker)")
    parser.add_argument("--long-taps", type=int, default=30,
                        help="taps timed in the short and the long Klondike game (default 30)")
    parser.add_argument("--long-only", action="store_true",
                        help="measure only the long game against the short one")
    parser.add_argument("--seed", type=int, default=1, help="seed for the choice of taps")
    parser.add_argument("--phone", action="store_true",
                        help="also the phone profile (bench/phone.py): cold and warm starts "
                             "and floors, throttled, served gzip-compressed, and the "
                             "waterfall of the first visit")
    parser.add_argument("--phone-runs", type=int, default=3,
                        help="runs of the phone profile (default 3)")
    parser.add_argument("--phone-query", default=phone.PHONE_QUERY,
                        help="what the phone profile and Lighthouse open after the site's "
                             "address (default: nothing, a first visit's opening deal; "
                             "issue 28 first measured ?game=klondike&deal=7)")
    parser.add_argument("--phone-only", action="store_true",
                        help="only the phone profile (no laptop lines)")
    parser.add_argument("--lighthouse", action="store_true",
                        help="also Lighthouse (mobile, its default throttling) on what "
                             "--phone-query opens, served gzip-compressed (bench/lighthouse.py)")
    parser.add_argument("--micropip", action="store_true",
                        help="also the micropip experiment on the phone profile: the engine "
                             "installed as a wheel against today's zip (bench/micropip.py)")
    opts = parser.parse_args(argv)
    if opts.phone_only:
        opts.phone = True
    rng = random.Random(opts.seed)
    res = Results()
    with tempfile.TemporaryDirectory(prefix="bench-web-") as tmp:
        site = build.build(Path(tmp) / "site")
        (site / "__bench").mkdir()
        (site / "__bench" / "floor.html").write_text(FLOOR_HTML, encoding="utf-8")
        server, url = build.serve(site)
        zipped, zipped_url = phone.serve_gzip(site)
        phone_lines: list[str] = []
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=chromium_path(),
                                             args=list(CHROMIUM_ARGS))
                try:
                    if opts.phone:
                        phone_lines = _phone(pw, Path(tmp) / "phone", zipped_url,
                                             opts.phone_runs, res, rng, opts.phone_query)
                    if opts.micropip:
                        phone_lines += ["", *micropip_trial.experiment(
                            pw, Path(tmp) / "micropip", zipped_url, site,
                            npm_vendor.fetch("pyodide"), Path(tmp), opts.phone_runs,
                            res)]
                    if opts.lighthouse:
                        phone_lines += ["", *lighthouse.run(zipped_url + opts.phone_query,
                                                            Path(tmp) / "lighthouse")]
                    if opts.long_only or opts.phone_only:
                        opts.runs = 0
                    for i in range(opts.runs):
                        print(f"web bench: run {i + 1} of {opts.runs}", file=sys.stderr,
                              flush=True)
                        profiles = Path(tmp) / "profiles"
                        app_run(pw, profiles, url, site, res, rng, record_bytes=i == 0)
                        floor_run(pw, profiles, url, res)
                    if not (opts.long_only or opts.phone_only):
                        print(f"web bench: {opts.moves} taps in {opts.game}", file=sys.stderr,
                              flush=True)
                        latency_run(browser, url, opts.game, opts.moves, res, rng)
                    if not opts.phone_only:
                        print(f"web bench: {opts.long_taps} taps in a short and a long game",
                              file=sys.stderr, flush=True)
                        long_game_run(browser, url, opts.long_taps, res, rng)
                    snapshot_lines = (snapshot_experiment(browser, url, site, opts.runs, res)
                                      if opts.snapshot else [])
                finally:
                    browser.close()
        finally:
            for each in (server, zipped):
                each.shutdown()
                each.server_close()
        if not opts.phone_only:
            print(report(res, site, opts.runs, opts.moves, opts.game, snapshot_lines))
        if phone_lines:
            print("\n".join(phone_lines))
    return 0


def _phone(pw: Playwright, profiles: Path, url: str, runs: int, res: Results,
           rng: random.Random, query: str) -> list[str]:
    """The phone profile's runs of ``query``, each followed by a cold floor."""
    visit: list[phone.Fetch] = []
    warm: list[phone.Fetch] = []
    for i in range(runs):
        print(f"web bench: phone run {i + 1} of {runs}", file=sys.stderr, flush=True)
        found, returned = phone.phone_run(pw, profiles, url, res, rng, record=i == 0,
                                          query=query)
        visit = visit or found
        warm = warm or returned
        phone.floor_run(pw, profiles, url, res)
    return phone.report(res, visit, query, warm)


if __name__ == "__main__":
    sys.exit(main())
