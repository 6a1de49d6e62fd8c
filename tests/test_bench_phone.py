"""The web bench's pure parts: the phone server's gzip negotiation and bodies, the waterfall's
formatting, the phone report's ``(is R ×)`` lines and aims, and Lighthouse's summary."""

from __future__ import annotations

import gzip
import sys
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

if sys.platform == "emscripten":      # the bench drives Chromium and serves with threads
    pytest.skip("a bench tool: CPython only", allow_module_level=True)

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

import lighthouse  # noqa: E402  (bench/)
import phone  # noqa: E402


@pytest.mark.parametrize(("header", "expected"), [
    ("gzip, deflate, br, zstd", True),
    ("br;q=1.0, gzip;q=0.8", True),
    ("GZIP", True),
    ("x-gzip", True),
    ("*", True),
    ("gzip;q=0", False),
    ("gzip;q=0.0, *;q=1", False),
    ("*;q=0", False),
    ("identity", False),
    ("br, deflate", False),
    ("", False),
    (None, False),
    ("gzip;q=nonsense", False),
])
def test_accepts_gzip(header: str | None, expected: bool) -> None:
    assert phone.accepts_gzip(header) is expected


def test_compressible_text_and_wasm_not_zips_or_images() -> None:
    for name in ("index.html", "a.js", "b.mjs", "c.css", "pyodide.asm.wasm", "x.json",
                 "m.webmanifest", "i.svg"):
        assert phone.compressible(name), name
    for name in ("patience.zip", "python_stdlib.zip", "icon.png", "f.woff2"):
        assert not phone.compressible(name), name


@pytest.fixture
def site(tmp_path: Path) -> Iterator[str]:
    (tmp_path / "index.html").write_text("<!doctype html>" + "<p>cards</p>" * 200)
    (tmp_path / "app.js").write_text("export const a = 1;\n" * 300)
    (tmp_path / "engine.zip").write_bytes(b"PK\x03\x04" + bytes(range(256)) * 10)
    server, url = phone.serve_gzip(tmp_path)
    try:
        yield url
    finally:
        server.shutdown()
        server.server_close()


def _get(url: str, encoding: str | None) -> tuple[dict[str, str], bytes]:
    request = urllib.request.Request(url)
    if encoding is not None:
        request.add_header("Accept-Encoding", encoding)
    with urllib.request.urlopen(request) as response:
        return dict(response.headers.items()), response.read()


def test_server_sends_gzip_when_accepted(site: str, tmp_path: Path) -> None:
    headers, body = _get(site + "app.js", "gzip, br")
    assert headers["Content-Encoding"] == "gzip"
    assert headers["Vary"] == "Accept-Encoding"
    assert headers["Content-Type"].startswith("text/javascript")
    assert int(headers["Content-Length"]) == len(body)
    assert gzip.decompress(body) == (tmp_path / "app.js").read_bytes()
    assert len(body) < (tmp_path / "app.js").stat().st_size


def test_server_sends_the_folder_index_compressed(site: str, tmp_path: Path) -> None:
    headers, body = _get(site + "?game=klondike&deal=7", "gzip")
    assert headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(body) == (tmp_path / "index.html").read_bytes()


def test_server_sends_plain_bytes_without_gzip_or_for_a_zip(site: str, tmp_path: Path) -> None:
    for path, encoding in (("app.js", None), ("app.js", "gzip;q=0"), ("engine.zip", "gzip")):
        headers, body = _get(site + path, encoding)
        assert "Content-Encoding" not in headers, (path, encoding)
        assert body == (tmp_path / path).read_bytes()


def test_server_answers_not_modified(site: str) -> None:
    headers, _ = _get(site + "app.js", "gzip")
    request = urllib.request.Request(site + "app.js", headers={
        "Accept-Encoding": "gzip", "If-Modified-Since": headers["Last-Modified"]})
    with pytest.raises(urllib.error.HTTPError) as caught:
        urllib.request.urlopen(request)
    assert caught.value.code == 304


def _fetch(path: str, start: float, end: float, size: int, by: str = "page") -> phone.Fetch:
    return phone.Fetch(path, start, end, size, by)


def test_waterfall_keeps_big_and_own_files_sorted_by_start() -> None:
    fetches = [
        _fetch("vendor/pyodide/pyodide.asm.wasm", 2100, 5200, 3_500_000),
        _fetch("index.html", 0, 80, 4_000),
        _fetch("static/js/main.js", 90, 200, 3_000),
        _fetch("static/icons/icon-192.png", 300, 320, 2_000),
        _fetch("static/css/app.css", 90, 150, 9_000),
        _fetch("patience.zip", 2000, 2300, 120_000, "service worker"),
        _fetch("static/js/main.js", 2100, 2400, 0, "service worker"),
    ]
    rows = phone.waterfall_rows(fetches)
    assert [f.path for f in rows] == ["index.html", "static/js/main.js", "patience.zip",
                                      "vendor/pyodide/pyodide.asm.wasm"]
    lines = phone.format_waterfall(fetches)
    assert lines[0].startswith("| start ms | end ms | file |")
    assert lines[2].startswith("| 0 | 80 | index.html | 4.0 | page |")
    assert lines[5].startswith("| 2,100 | 5,200 | vendor/pyodide/pyodide.asm.wasm | 3,500.0 |")
    assert "| 2,000 | 2,300 | patience.zip | 120.0 | service worker |" in lines[4]
    assert lines[-1] == ("\nAnd 3 smaller requests (11.0 kB: styles, icons, the service "
                         "worker's precache of the small files).")


def test_waterfall_bars_span_navigation_to_the_last_end() -> None:
    lines = phone.format_waterfall([_fetch("index.html", 0, 100, 10),
                                    _fetch("vendor/x.js", 100, 200, 10)])
    first = lines[2].split("`")[1]
    last = lines[3].split("`")[1]
    assert len(first) == len(last) == phone.WATERFALL_BAR
    assert first == "█" * 20 + "·" * 20
    assert last == "·" * 20 + "█" * 20
    assert phone.format_waterfall([]) == ["(no requests recorded)"]


def test_ratio_cell() -> None:
    assert phone.ratio_cell(8700.0, 10000.0) == "8,700 ms (is 0.87 ×)"
    assert phone.ratio_cell(2950.4, 6500.0) == "2,950 ms (is 0.45 ×)"
    assert phone.ratio_cell(750.0, None) == "750 ms"
    assert phone.ratio_cell(None, 100.0) == "–"


def _figures(**overrides: list[float]) -> phone.PhoneFigures:
    base = {
        "phone, floor, cold: loadPyodide": [10000.0, 9800.0, 10400.0],
        "phone, floor, warm: loadPyodide": [6500.0],
        "phone, cold: table painted": [8400.0, 8300.0, 8500.0],
        "phone, cold: first move accepted": [8700.0],
        "phone, warm: board painted": [750.0],
        "phone, warm: first move accepted": [2000.0],
    }
    base.update(overrides)
    return phone.PhoneFigures(base, 4_200_000)


def test_phone_table_lines_carry_ratio_to_their_own_floor_and_aims() -> None:
    rows = phone.phone_table(_figures())
    by_name = {r.split(" (n=")[0].removeprefix("| "): r for r in rows[2:]}
    assert by_name["phone, cold: table painted"] == (
        "| phone, cold: table painted (n=3) | 8,400 ms (is 0.84 ×) | 8,300 ms | 8,500 ms | "
        "≤ 2,000 ms | **no** |")
    assert by_name["phone, cold: first move accepted"] == (
        "| phone, cold: first move accepted (n=1) | 8,700 ms (is 0.87 ×) | 8,700 ms | "
        "8,700 ms | ≤ 0.7 × floor = 7,000 ms | **no** |")
    assert by_name["phone, warm: board painted"].endswith("| ≤ 600 ms | **no** |")
    assert by_name["phone, warm: first move accepted"] == (
        "| phone, warm: first move accepted (n=1) | 2,000 ms (is 0.31 ×) | 2,000 ms | "
        "2,000 ms | ≤ 0.35 × floor = 2,275 ms | yes |")
    assert by_name["phone, floor, cold: loadPyodide"].startswith(
        "| phone, floor, cold: loadPyodide (n=3) | 10,000 ms | 9,800 ms | 10,400 ms |")


def test_phone_aims_met_and_not_measured() -> None:
    lines = phone.aims_lines(_figures(**{"phone, cold: table painted": [1900.0]}))
    assert "- phone, cold: table painted: 1,900 ms, aim ≤ 2,000 ms: met" in lines
    assert "- phone, first visit bytes: 4.20 MB as transferred, aim ≤ 5 MB: met" in lines
    assert any(line.startswith("- phone, cold: first move accepted: 8,700 ms, aim ≤ 0.7 × "
                               "floor = 7,000 ms: **not met**") for line in lines)
    empty = phone.aims_lines(phone.PhoneFigures({}))
    assert "- phone, warm: first move accepted: –, aim ≤ 0.35 × warm floor: not measured" \
        in empty



class _Runs:
    def __init__(self, values: list[float]) -> None:
        self.values = values


class _Res:
    """The parts of the bench's Results that ``phone.report`` reads."""

    def __init__(self, figures: dict[str, list[float]]) -> None:
        self.figures = figures
        self.boots: dict[str, list[str]] = {}

    def run(self, name: str) -> _Runs:
        return _Runs(self.figures.get(name, []))


def test_report_shows_the_return_visit_waterfall_with_its_paint() -> None:
    cold = [_fetch("index.html", 0, 90, 5_000), _fetch("vendor/pyodide/pyodide.asm.wasm", 100,
                                                         2_400, 3_500_000)]
    warm = [_fetch("index.html", 0, 40, 0, "page, from the service worker"),
            _fetch("static/js/warm.js", 50, 70, 0, "page, from the service worker")]
    res = _Res({"phone, warm: board painted": [512.0]})
    out = phone.report(res, cold, warm=warm)
    first = out.index("### Waterfall of the phone's first visit (run 1)")
    second = out.index("### Waterfall of the phone's return visit (run 1)")
    assert first < second
    assert "the board was painted at 512 ms" in out[second + 2]
    assert any("static/js/warm.js" in line for line in out[second:])
    assert not any("static/js/warm.js" in line for line in out[first:second])
    # Without the return visit's requests, no second waterfall.
    assert "### Waterfall of the phone's return visit (run 1)" not in phone.report(res, cold)

LHR = {
    "lighthouseVersion": "12.8.2",
    "finalDisplayedUrl": "http://127.0.0.1:1/?game=klondike&deal=7",
    "configSettings": {"formFactor": "mobile", "throttlingMethod": "simulate"},
    "categories": {
        "performance": {"score": 0.68, "auditRefs": [{"id": "total-blocking-time"},
                                                      {"id": "interactive"}]},
        "accessibility": {"score": 1.0, "auditRefs": [{"id": "color-contrast"}]},
        "best-practices": {"score": 0.82, "auditRefs": [
            {"id": "valid-source-maps"}, {"id": "errors-in-console"}, {"id": "inspector-issues"},
            {"id": "deprecations"}]},
    },
    "audits": {
        "total-blocking-time": {"score": 0.0, "scoreDisplayMode": "numeric",
                                "numericValue": 11300.4},
        "interactive": {"score": 0.1, "scoreDisplayMode": "numeric", "numericValue": 13800.0},
        "color-contrast": {"score": 1, "scoreDisplayMode": "binary"},
        "valid-source-maps": {"score": 0, "scoreDisplayMode": "binary"},
        "errors-in-console": {"score": 1, "scoreDisplayMode": "binary"},
        "inspector-issues": {"score": 0, "scoreDisplayMode": "binary"},
        "deprecations": {"score": None, "scoreDisplayMode": "notApplicable"},
    },
}


def test_lighthouse_summary() -> None:
    assert lighthouse.failing_audits(LHR) == ["inspector-issues", "interactive",
                                              "total-blocking-time", "valid-source-maps"]
    lines = lighthouse.summary(LHR)
    assert lines[0] == ("Lighthouse 12.8.2, mobile, throttling simulate, "
                        "http://127.0.0.1:1/?game=klondike&deal=7:")
    assert "- performance: 0.68 (aim ≥ 0.9): **not met**" in lines
    assert "- accessibility: 1.00 (aim ≥ 1): met" in lines
    assert "- best-practices: 0.82 (aim ≥ 0.95): **not met**" in lines
    assert "- Total Blocking Time: 11,300 ms (aim ≤ 600 ms): **not met**" in lines
    assert "- time to interactive: 13,800 ms" in lines
    assert lines[-1] == ("- failing audits: inspector-issues, interactive, "
                         "total-blocking-time, valid-source-maps")
