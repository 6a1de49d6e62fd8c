"""The web bench's phone profile (``bench/web.py --phone``): a mid-range phone's first and
return visits, as issue 28 describes one, against the bare ``loadPyodide`` floor of the same
profile, and the waterfall of the first visit.

The profile:

* **CPU 4× slower**: CDP ``Emulation.setCPUThrottlingRate`` on the page. Chromium slows the
  page's renderer main thread only: a dedicated worker's target answers "Operation is only
  supported for pages, not workers" and a timed loop in a worker runs at full speed (tried on
  this Chromium), so the solver's worker (and any engine worker) is *not* slowed.
* **10 Mbit/s down, 5 Mbit/s up, 60 ms round trips**: CDP ``Network.emulateNetworkConditions``
  on the page. It covers the page's requests and its dedicated workers' (a 1.5 MB fetch from a
  worker took 1.5 s throttled, 0.07 s not); the **service worker's** fetches (its precache)
  are not throttled: they come at local speed and do not compete with the page's downloads as
  they would on a real link, which makes the first visit look a little better than it is.
* **A 360×640 touch screen** at device scale 3 (``is_mobile``, ``has_touch``).
* **gzip as GitHub Pages serves it**: :class:`GzipHandler` compresses text and wasm responses
  (``Content-Encoding: gzip``, level 6) when the request accepts gzip; zips and images go as
  they are. The laptop lines keep ``build.serve`` (no compression).

Times are ms from navigation start; sizes are bytes as transferred (gzip where served so).
"""

from __future__ import annotations

import email.utils
import functools
import gzip
import io
import os
import random
import statistics
import sys
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO, Final
from urllib.parse import unquote, urlsplit

from playwright.sync_api import BrowserContext, CDPSession, Page, Playwright, Request
from playwright.sync_api import Error as PlaywrightError

ROOT: Final[Path] = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import build  # noqa: E402  (build.py lives at the repository root)
from browser import CHROMIUM_ARGS, chromium_path  # noqa: E402  (tools/, via build)

#: The phone profile (issue 28).
CPU_SLOWDOWN: Final[float] = 4.0
DOWN_BYTES_PER_S: Final[float] = 10e6 / 8
UP_BYTES_PER_S: Final[float] = 5e6 / 8
ROUND_TRIP_MS: Final[float] = 60.0
VIEWPORT: Final[dict[str, int]] = {"width": 360, "height": 640}
DEVICE_SCALE: Final[float] = 3.0
#: What the phone opens: the site's address with no query, as a new player's first visit
#: does (Klondike's opening deal, which the build paints before Python starts). Issue 28
#: first measured a link to Klondike deal 7 (``?game=klondike&deal=7``, ``--phone-query``):
#: a link to a deal cannot show the built opening, so its table waits for the engine.
PHONE_QUERY: Final[str] = ""

#: Issue 28's aims on the phone profile.
AIM_COLD_PAINT_MS: Final[float] = 2000.0
AIM_COLD_MOVE_VS_FLOOR: Final[float] = 0.7
AIM_WARM_MOVE_VS_FLOOR: Final[float] = 0.35
AIM_WARM_PAINT_MS: Final[float] = 600.0
AIM_FIRST_VISIT_GZIP: Final[float] = 5e6

#: Suffixes served gzip-compressed (text and wasm); zips, images and fonts are compressed
#: already and go as they are, as a static host sends them.
GZIP_SUFFIXES: Final[frozenset[str]] = frozenset({
    ".html", ".js", ".mjs", ".css", ".json", ".webmanifest", ".wasm", ".svg", ".py", ".txt",
    ".map", ".ico",
})
GZIP_LEVEL: Final[int] = 6

#: In the waterfall: files at least this big, and everything under these folders.
WATERFALL_BIG: Final[int] = 50_000
WATERFALL_FOLDERS: Final[tuple[str, ...]] = ("static/js/", "static/py/", "vendor/")
WATERFALL_BAR: Final[int] = 40


def accepts_gzip(header: str | None) -> bool:
    """Whether an ``Accept-Encoding`` header accepts gzip (RFC 9110 12.5.3): ``gzip`` or
    ``x-gzip`` with a quality above 0, or ``*`` above 0 when gzip is not named."""
    if not header:
        return False
    named: float | None = None
    star: float | None = None
    for item in header.split(","):
        coding, *params = (part.strip() for part in item.split(";"))
        q = 1.0
        for param in params:
            key, _, value = param.partition("=")
            if key.strip().lower() == "q":
                try:
                    q = float(value.strip())
                except ValueError:
                    q = 0.0
        coding = coding.lower()
        if coding in ("gzip", "x-gzip"):
            named = q if named is None else max(named, q)
        elif coding == "*":
            star = q
    if named is not None:
        return named > 0
    return star is not None and star > 0


def compressible(path: str | os.PathLike[str]) -> bool:
    """Whether a file is served gzip-compressed (by its suffix)."""
    return Path(path).suffix.lower() in GZIP_SUFFIXES


class GzipHandler(build.SiteHandler):
    """The site's handler, compressing text and wasm when the request accepts gzip."""

    #: Compressed bodies by (path, mtime), shared by the handler's threads.
    _cache: dict[tuple[str, int], bytes] = {}  # noqa: RUF012 (one cache for the process)
    _lock = threading.Lock()

    def send_head(self) -> io.BytesIO | BinaryIO | None:
        """Send the headers of a gzip body, or leave the request to the plain handler."""
        path = self.translate_path(self.path)
        if os.path.isdir(path) and self.path.split("?", 1)[0].endswith("/"):
            path = os.path.join(path, "index.html")
        if not (os.path.isfile(path) and compressible(path)
                and accepts_gzip(self.headers.get("Accept-Encoding"))):
            return super().send_head()
        stat = os.stat(path)
        since = self.headers.get("If-Modified-Since")
        if since and "If-None-Match" not in self.headers:
            try:
                when = email.utils.parsedate_to_datetime(since).timestamp()
            except (TypeError, ValueError, IndexError, OverflowError):
                when = None
            if when is not None and int(stat.st_mtime) <= when:
                self.send_response(304)
                self.end_headers()
                return None
        body = self._gzipped(path, stat.st_mtime_ns)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(stat.st_mtime))
        self.end_headers()
        return io.BytesIO(body)

    @classmethod
    def _gzipped(cls, path: str, mtime: int) -> bytes:
        key = (path, mtime)
        with cls._lock:
            if key not in cls._cache:
                raw = Path(path).read_bytes()
                cls._cache[key] = gzip.compress(raw, compresslevel=GZIP_LEVEL, mtime=0)
            return cls._cache[key]


def serve_gzip(directory: Path, host: str = "127.0.0.1") -> tuple[build.SiteServer, str]:
    """Serve ``directory`` gzip-compressed from a background thread; return server and URL."""
    server = build.SiteServer((host, 0), functools.partial(GzipHandler,
                                                           directory=str(directory)))
    server.quiet = True
    threading.Thread(target=server.serve_forever, name="serve gzip", daemon=True).start()
    return server, f"http://{host}:{server.server_address[1]}/"


def network_conditions() -> dict[str, Any]:
    """The parameters of CDP ``Network.emulateNetworkConditions`` for the profile."""
    return {"offline": False, "latency": ROUND_TRIP_MS,
            "downloadThroughput": DOWN_BYTES_PER_S, "uploadThroughput": UP_BYTES_PER_S}


def profile_words() -> str:
    """The profile in a line."""
    return (f"CPU {CPU_SLOWDOWN:g}× slower (the page's main thread; workers run at full "
            f"speed), {DOWN_BYTES_PER_S * 8 / 1e6:g} Mbit/s down, "
            f"{UP_BYTES_PER_S * 8 / 1e6:g} Mbit/s up, {ROUND_TRIP_MS:g} ms round trips (the "
            f"page's and its workers' requests; not the service worker's), "
            f"{VIEWPORT['width']}×{VIEWPORT['height']} touch at {DEVICE_SCALE:g}×, the site "
            "served gzip-compressed")


# The waterfall ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Fetch:
    """One request of a visit: when it started and ended (ms from navigation start), its
    bytes as transferred, and who asked for it."""

    path: str
    start: float
    end: float
    size: int
    by: str


def waterfall_rows(fetches: list[Fetch]) -> list[Fetch]:
    """The requests the waterfall shows, by start: the big ones, and the page's (and its
    workers') requests for its own modules and runtime (:data:`WATERFALL_FOLDERS`),
    ``index.html`` and the engine's zip; the service worker's precache only where big."""
    keep = [f for f in fetches
            if f.size >= WATERFALL_BIG
            or (f.by != "service worker"
                and (f.path.startswith(WATERFALL_FOLDERS)
                     or f.path in ("index.html", "patience.zip")))]
    return sorted(keep, key=lambda f: (f.start, f.end, f.path))


def _bar(start: float, end: float, span: float) -> str:
    if span <= 0:
        return ""
    a = round(start / span * WATERFALL_BAR)
    b = max(a + 1, round(end / span * WATERFALL_BAR))
    return "·" * a + "█" * (b - a) + "·" * max(0, WATERFALL_BAR - b)


def format_waterfall(fetches: list[Fetch]) -> list[str]:
    """The waterfall as Markdown lines: a row per shown request, sorted by start, with a bar
    from navigation start to the last shown request's end, and a line for the rest."""
    rows = waterfall_rows(fetches)
    if not rows:
        return ["(no requests recorded)"]
    span = max(f.end for f in rows)
    lines = ["| start ms | end ms | file | kB | by | |", "|---:|---:|---|---:|---|---|"]
    for f in rows:
        lines.append(f"| {f.start:,.0f} | {f.end:,.0f} | {f.path} | {f.size / 1000:,.1f} | "
                     f"{f.by} | `{_bar(f.start, f.end, span)}` |")
    rest = len(fetches) - len(rows)
    if rest:
        size = sum(f.size for f in fetches) - sum(f.size for f in rows)
        lines.append(f"\nAnd {rest} smaller requests ({size / 1000:,.1f} kB: styles, icons, "
                     "the service worker's precache of the small files).")
    return lines


# The report ------------------------------------------------------------------------------


def ratio_cell(value: float | None, floor: float | None) -> str:
    """A median with its ratio to the floor: ``8,700 ms (is 0.87 ×)``."""
    if value is None:
        return "–"
    text = f"{value:,.0f} ms"
    if floor:
        text += f" (is {value / floor:.2f} ×)"
    return text


def _median(values: list[float]) -> float | None:
    return statistics.median(values) if values else None


@dataclass
class PhoneFigures:
    """The phone profile's runs: start figures by name, and the first cold visit's bytes."""

    figures: dict[str, list[float]]
    first_visit_bytes: int | None = None

    def median(self, name: str) -> float | None:
        """The median of a figure, ``None`` if never measured."""
        return _median(self.figures.get(name, []))


#: The four start lines, with the floor each is set against.
START_LINES: Final[tuple[tuple[str, str], ...]] = (
    ("phone, cold: table painted", "phone, floor, cold: loadPyodide"),
    ("phone, cold: first move accepted", "phone, floor, cold: loadPyodide"),
    ("phone, warm: board painted", "phone, floor, warm: loadPyodide"),
    ("phone, warm: first move accepted", "phone, floor, warm: loadPyodide"),
)


def phone_table(fig: PhoneFigures) -> list[str]:
    """The phone lines as a Markdown table: the floors, then each start line with its ratio
    to the same profile's floor of the same kind, and its aim."""
    aims = phone_aims(fig)
    rows = ["| measure | median | min | max | aim | met |", "|---|---:|---:|---:|---|---|"]

    def row(name: str, cell: str, aim: str = "", ok: bool | None = None) -> None:
        values = fig.figures.get(name, [])
        lo = f"{min(values):,.0f} ms" if values else "–"
        hi = f"{max(values):,.0f} ms" if values else "–"
        met = "" if ok is None else ("yes" if ok else "**no**")
        rows.append(f"| {name} (n={len(values)}) | {cell} | {lo} | {hi} | {aim} | {met} |")

    for floor in ("phone, floor, cold: loadPyodide", "phone, floor, warm: loadPyodide"):
        row(floor, ratio_cell(fig.median(floor), None))
    for name, floor in START_LINES:
        aim, ok = aims.get(name, ("", None))
        row(name, ratio_cell(fig.median(name), fig.median(floor)), aim, ok)
    for name in ("phone, cold: engine ready", "phone, warm: engine ready"):
        if name in fig.figures:
            row(name, ratio_cell(fig.median(name), None))
    return rows


def phone_aims(fig: PhoneFigures) -> dict[str, tuple[str, bool | None]]:
    """Issue 28's aims by line: (the aim in words, met or not; ``None`` unmeasured)."""
    out: dict[str, tuple[str, bool | None]] = {}
    paint = fig.median("phone, cold: table painted")
    out["phone, cold: table painted"] = (f"≤ {AIM_COLD_PAINT_MS:,.0f} ms",
                                         None if paint is None else paint <= AIM_COLD_PAINT_MS)
    warm_paint = fig.median("phone, warm: board painted")
    out["phone, warm: board painted"] = (
        f"≤ {AIM_WARM_PAINT_MS:,.0f} ms",
        None if warm_paint is None else warm_paint <= AIM_WARM_PAINT_MS)
    for kind, factor in (("cold", AIM_COLD_MOVE_VS_FLOOR), ("warm", AIM_WARM_MOVE_VS_FLOOR)):
        move = fig.median(f"phone, {kind}: first move accepted")
        floor = fig.median(f"phone, floor, {kind}: loadPyodide")
        if floor is None:
            out[f"phone, {kind}: first move accepted"] = (f"≤ {factor:g} × {kind} floor", None)
            continue
        limit = factor * floor
        out[f"phone, {kind}: first move accepted"] = (
            f"≤ {factor:g} × floor = {limit:,.0f} ms", None if move is None else move <= limit)
    if fig.first_visit_bytes is not None:
        out["phone, first visit bytes"] = (f"≤ {AIM_FIRST_VISIT_GZIP / 1e6:g} MB",
                                           fig.first_visit_bytes <= AIM_FIRST_VISIT_GZIP)
    return out


def aims_lines(fig: PhoneFigures) -> list[str]:
    """Issue 28's aims on the phone, met or not met, as Markdown list lines."""
    lines = []
    for name, (aim, ok) in phone_aims(fig).items():
        said = "not measured" if ok is None else ("met" if ok else "**not met**")
        value = (f"{fig.first_visit_bytes / 1e6:.2f} MB as transferred"
                 if name == "phone, first visit bytes" and fig.first_visit_bytes is not None
                 else ratio_cell(fig.median(name), None))
        lines.append(f"- {name}: {value}, aim {aim}: {said}")
    return lines


# The runs (Playwright) -------------------------------------------------------------------


def phone_context(pw: Playwright, profiles: Path) -> BrowserContext:
    """Chromium with a new profile on disk, as a 360×640 touch phone (not yet throttled)."""
    profiles.mkdir(parents=True, exist_ok=True)
    return pw.chromium.launch_persistent_context(
        tempfile.mkdtemp(prefix="phone-", dir=profiles), executable_path=chromium_path(),
        args=list(CHROMIUM_ARGS), headless=True, viewport=VIEWPORT,  # type: ignore[arg-type]
        device_scale_factor=DEVICE_SCALE, is_mobile=True, has_touch=True)


def throttle(context: BrowserContext, page: Page) -> CDPSession:
    """Slow ``page`` to the profile (CPU and network); it lasts across its navigations."""
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", network_conditions())
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
    return cdp


def fetches(requests: list[Request], base: str, origin: float) -> list[Fetch]:
    """The finished requests to the site, as :class:`Fetch` (``origin``: the page's
    ``performance.timeOrigin``, the epoch ms that Playwright's timings start from)."""
    out: list[Fetch] = []
    root = urlsplit(base).path
    for r in requests:
        response = r.response()
        if response is None or not r.url.startswith(base):
            continue
        timing = r.timing
        if timing["startTime"] <= 0:
            continue
        start = timing["startTime"] - origin
        end = start + max(0.0, timing["responseEnd"])
        path = unquote(urlsplit(r.url).path)[len(root):] or "index.html"
        if r.service_worker is not None:
            by = "service worker"
        elif response.from_service_worker:
            by = "page, from the service worker"
        else:
            try:
                r.frame  # noqa: B018 (a worker's request has no frame)
                by = "page"
            except PlaywrightError:
                by = "worker"
        size = 0 if response.from_service_worker else r.sizes()["responseBodySize"]
        out.append(Fetch(path, start, end, size, by))
    return out


def phone_run(pw: Playwright, profiles: Path, url: str, res: Any, rng: random.Random,
              record: bool, query: str = PHONE_QUERY) -> tuple[list[Fetch], list[Fetch]]:
    """One cold first visit (``query``; none: the site's address) and one return visit with
    the same new profile, throttled; the warm floor with that profile. Return the cold and
    the warm visit's requests when ``record`` (else two empty lists).

    The return visit opens the site's address in a new tab once the first visit's tab is
    closed, as a player coming back does: navigating the first visit's tab would count that
    page's own teardown (its two Pyodide workers, its save on ``pagehide``) in the return
    visit's times (some 0.3 s of the 4× slower main thread, traced)."""
    import web  # noqa: PLC0415 (web imports this module)

    context = phone_context(pw, profiles)
    context.add_init_script(web.TIMING)
    requests: list[Request] = []
    context.on("requestfinished", lambda r: requests.append(r))  # noqa: PLW0108
    page = context.pages[0] if context.pages else context.new_page()
    throttle(context, page)
    page.goto(url + query)
    web._record_start(res, page, rng, "phone, cold")
    painted = res.figures.pop("phone, cold: board painted", None)
    if painted is not None:
        res.run("phone, cold: table painted").values += painted.values
    origin: float = page.evaluate("performance.timeOrigin")
    web._wait_sw(page)
    found: list[Fetch] = []
    if record:
        page.wait_for_load_state("networkidle")
        found = fetches(requests, url, origin)
    web._record_verdict(res, page, "phone, cold")
    web._wait_snapshot(res, page)
    warm_page = context.new_page()
    page.close()
    page = warm_page
    throttle(context, page)
    requests.clear()
    page.goto(url)
    web._record_start(res, page, rng, "phone, warm")
    warm: list[Fetch] = []
    if record:
        warm = fetches(requests, url, page.evaluate("performance.timeOrigin"))
    page.goto(url + "__bench/floor.html")
    res.run("phone, floor, warm: loadPyodide").add(web.poll(page, "window.__floor"))
    context.close()
    return found, warm


def floor_run(pw: Playwright, profiles: Path, url: str, res: Any) -> None:
    """A bare ``loadPyodide`` on the phone profile with a new profile."""
    import web  # noqa: PLC0415

    context = phone_context(pw, profiles)
    page = context.pages[0] if context.pages else context.new_page()
    throttle(context, page)
    page.goto(url + "__bench/floor.html")
    res.run("phone, floor, cold: loadPyodide").add(web.poll(page, "window.__floor"))
    context.close()


def opened(query: str) -> str:
    """Words for what the phone opened."""
    return (f"`{query}`" if query else
            "the site's address with no query (Klondike's opening deal, as a first visit)")


def report(res: Any, visit: list[Fetch], query: str = PHONE_QUERY,
           warm: list[Fetch] | None = None) -> list[str]:
    """The phone section of the bench's Markdown, with the waterfalls of the first visit
    and of the return visit (``warm``) of run 1."""
    names = [n for n, _ in START_LINES] + [f for _, f in START_LINES] + [
        "phone, cold: engine ready", "phone, warm: engine ready"]
    fig = PhoneFigures({n: list(res.run(n).values) for n in dict.fromkeys(names)},
                       sum(f.size for f in visit) if visit else None)
    out = ["## Phone profile", "", profile_words() + "; opened: " + opened(query)
           + "; medians; each start line's ratio is to the floor of the "
           "same kind (cold or warm) on the same profile.", "", *phone_table(fig), "",
           "### Issue 28's aims on the phone", "", *aims_lines(fig)]
    for kind in ("phone, cold", "phone, warm"):
        boots = res.boots.get(kind)
        if boots:
            said = ", ".join(f"{boots.count(b)} × {b}" for b in sorted(set(boots)))
            out.append(f"- {kind} starts booted: {said}")
    if visit:
        out += ["", "### Waterfall of the phone's first visit (run 1)", "",
                "Each request's start and end in ms from navigation start; bytes as "
                "transferred (gzip); the page's own modules, the runtime, and anything of "
                f"{WATERFALL_BIG // 1000} kB or more.", "", *format_waterfall(visit)]
    if warm:
        painted = res.run("phone, warm: board painted").values
        out += ["", "### Waterfall of the phone's return visit (run 1)", "",
                "The same, for the return visit (a new tab, the service worker in control: "
                "bytes are 0 for what it answered from its caches)"
                + (f"; the board was painted at {painted[0]:,.0f} ms" if painted else "")
                + ".", "", *format_waterfall(warm)]
    return out
