"""Screenshots of every game at phone, phone-landscape, tablet and laptop sizes, into ``docs/``.

    .venv/bin/python tools/screens.py                 # all nine games, four sizes
    .venv/bin/python tools/screens.py --games spider yukon --sizes 360x640
    .venv/bin/python tools/screens.py --out /tmp/shots --site dist

Each game is shown part-way through a real game: the engine plays ``--moves`` moves of its own
rule-of-thumb suggestions from deal ``--deal``, the save goes into the page's storage, and the
page resumes it as a returning player's would. Shots are named ``<game>-<width>x<height>.png``.
The README's pictures come from here: ``docs/phone.png`` and ``docs/laptop.png`` are made
with ``--readme`` from the FreeCell, Spider and Klondike shots.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "py"))

import build  # noqa: E402

from patience import GAMES  # noqa: E402

SIZES = ["360x640", "640x360", "800x1280", "1366x768"]
SETTINGS = {"v": 1, "autoMove": False, "autoFinish": False, "fourColour": False,
            "indicator": False, "motion": False, "options": {}, "winnable": {}}


def shoot(site: Path, out: Path, games: list[str], sizes: list[str], deal: int,
          moves: int) -> list[Path]:
    """Take the screenshots; return their paths."""
    from e2e.conftest import CHROMIUM_ARGS, _chromium_path  # noqa: PLC0415
    from e2e.play import saved_record  # noqa: PLC0415
    from playwright.sync_api import sync_playwright  # noqa: PLC0415 (a test tool's extra)

    server, origin = build.serve(site.parent)
    url = f"{origin}{site.name}/"
    shots = []
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=_chromium_path(pw),
                                         args=list(CHROMIUM_ARGS))
            for size in sizes:
                w, h = (int(x) for x in size.split("x"))
                for game in games:
                    ctx = browser.new_context(viewport={"width": w, "height": h},
                                              reduced_motion="reduce", service_workers="block",
                                              has_touch=w < 700, is_mobile=w < 700)
                    page = ctx.new_page()
                    record = saved_record(game, deal, moves)
                    page.add_init_script(
                        "localStorage.setItem('patience:v1:settings', "
                        f"{json.dumps(json.dumps(SETTINGS))});"
                        f"localStorage.setItem('patience:v1:current', {json.dumps(game)});"
                        f"localStorage.setItem('patience:v1:game:{game}', "
                        f"{json.dumps(record)});")
                    page.goto(url)
                    page.wait_for_selector("#table.ready .card", timeout=120_000)
                    page.wait_for_timeout(300)
                    path = out / f"{game}-{size}.png"
                    page.screenshot(path=str(path))
                    shots.append(path)
                    ctx.close()
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    return shots


def main(argv: list[str] | None = None) -> int:
    """Build the site (unless ``--site`` names a built one) and take the screenshots."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", nargs="+", default=list(GAMES), choices=list(GAMES))
    ap.add_argument("--sizes", nargs="+", default=SIZES)
    ap.add_argument("--deal", type=int, default=7)
    ap.add_argument("--moves", type=int, default=24)
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "screens")
    ap.add_argument("--site", type=Path, help="a built site (default: build one)")
    args = ap.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        site = args.site.resolve() if args.site else build.build(Path(tmp) / "patience")
        for path in shoot(site, args.out, args.games, args.sizes, args.deal, args.moves):
            print(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
