"""Screenshots of every game at phone, phone-landscape, tablet and laptop sizes, into ``docs/``.

    .venv/bin/python tools/screens.py                 # all nine games, four sizes
    .venv/bin/python tools/screens.py --games spider yukon --sizes 360x640
    .venv/bin/python tools/screens.py --themes night contrast
    .venv/bin/python tools/screens.py --out /tmp/shots --site dist
    .venv/bin/python tools/screens.py --readme        # and the README's two pictures
    .venv/bin/python tools/screens.py --scenes-only --sizes 360x640   # the scenes alone

Each game is shown part-way through a real game: the engine plays ``--moves`` moves of its own
rule-of-thumb suggestions from deal ``--deal``, the save goes into the page's storage, and the
page resumes it as a returning player's would, in each table theme (``--themes``, default
all). Shots are named ``<game>-<width>x<height>-<theme>.png``. Then the scenes a player meets
beyond the table, in each size and theme (``--scenes``, default all): the Games picker, How to
play at its move, a hint with its destination, and a win's cascade (with motion on), named
``<scene>-<width>x<height>-<theme>.png``.
The README's pictures come from here: ``--readme`` also writes ``docs/phones.png`` (the
FreeCell, Spider and Klondike phone shots side by side, drawn by the same Chromium),
``docs/themes.png`` (FreeCell on a phone in each theme), ``docs/scenes.png`` (the scenes on
a phone) and ``docs/klondike-desktop.png`` (the Klondike laptop shot). If ImageMagick's
``convert`` is on ``PATH``, every picture is then reduced to a 256-colour palette (a third of
the bytes).
"""

from __future__ import annotations

import argparse
import base64
import functools
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Callable

    from playwright.sync_api import Browser, BrowserContext, Page

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "py"))

import build  # noqa: E402

from patience import GAMES  # noqa: E402

SIZES = ["360x640", "640x360", "800x1280", "1366x768"]
#: The README's pictures: the phone shots side by side, and one laptop shot.
README_PHONES = ("freecell", "spider", "klondike")
README_LAPTOP = "klondike"
#: The game shown in each theme in the README.
README_THEMED = "freecell"
SETTINGS = {"v": 1, "autoMove": False, "autoFinish": False, "fourColour": False,
            "indicator": False, "motion": False, "options": {}, "winnable": {}, "howto": 1}
#: The scenes beyond the table (see :func:`scene`).
SCENES = ("picker", "howto", "hint", "win")


def opened(browser: Browser, url: str, size: str, settings: dict[str, Any], game: str,
           record: str) -> tuple[BrowserContext, Page]:
    """Open the site at ``size`` ("WxH") as a returning player whose settings and game in
    progress are these; return the context and the page, once the table is drawn. Motion is
    reduced unless the settings turn it on."""
    w, h = (int(x) for x in size.split("x"))
    ctx = browser.new_context(viewport={"width": w, "height": h},
                              reduced_motion="no-preference" if settings["motion"] else "reduce",
                              service_workers="block", has_touch=w < 700, is_mobile=w < 700)
    page = ctx.new_page()
    page.add_init_script(
        f"localStorage.setItem('patience:v1:settings', {json.dumps(json.dumps(settings))});"
        f"localStorage.setItem('patience:v1:current', {json.dumps(game)});"
        f"localStorage.setItem('patience:v1:game:{game}', {json.dumps(record)});")
    page.goto(url)
    page.wait_for_selector("#table.ready .card", timeout=120_000)
    return ctx, page


#: One picture: its file name, the size, the settings, the game and its storage record, and
#: what to do once the table is drawn.
Job = tuple[str, str, dict[str, Any], str, str, "Callable[[Page], None]"]


def take(site: Path, out: Path, jobs: list[Job]) -> list[Path]:
    """Take the pictures ``jobs`` describe, each in a new browser context; return their paths."""
    from e2e.conftest import CHROMIUM_ARGS, _chromium_path  # noqa: PLC0415
    from playwright.sync_api import sync_playwright  # noqa: PLC0415 (a test tool's extra)

    server, origin = build.serve(site.parent)
    url = f"{origin}{site.name}/"
    shots = []
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=_chromium_path(pw),
                                         args=list(CHROMIUM_ARGS))
            for name, size, settings, game, record, prepare in jobs:
                ctx, page = opened(browser, url, size, settings, game, record)
                prepare(page)
                path = out / name
                page.screenshot(path=str(path))
                shots.append(path)
                ctx.close()
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    return shots


def shoot(site: Path, out: Path, games: list[str], sizes: list[str], deal: int,
          moves: int, themes: list[str]) -> list[Path]:
    """Take the games' pictures; return their paths."""
    from e2e.play import saved_record  # noqa: PLC0415 (a test tool's extra)

    return take(site, out, [
        (f"{game}-{size}-{theme}.png", size, {**SETTINGS, "theme": theme}, game,
         saved_record(game, deal, moves), lambda page: page.wait_for_timeout(300))
        for size in sizes for theme in themes for game in games])


def scene(page: Page, name: str, narrow: bool, last: str) -> None:
    """Bring the page on the table to the scene ``name``, ready for its picture."""
    from e2e.play import card, drag, pile, snap  # noqa: PLC0415 (a test tool's extra)

    if name == "picker":
        page.click("#btn-games")
        page.wait_for_selector("#dlg-games[open] .game-card .pic .card", timeout=30_000)
    elif name == "howto":
        if narrow:
            page.click("#btn-more")
        page.click("#btn-rules")
        page.click("#btn-howto")
        page.wait_for_selector("#howto:not([hidden])")
        for _ in range(4):                 # on to the step that shows a real move
            if page.is_visible("#howto-play"):
                break
            page.click("#howto-next")
    elif name == "hint":
        page.click("#btn-hint")
        page.wait_for_selector(".hint-target", timeout=60_000)
        page.wait_for_function("!/^Looking/.test(document.getElementById('tip').textContent)",
                               timeout=60_000)
    elif name == "win":                    # the last move, dragged: the cascade starts
        s = snap(page)
        src, _, dst = last.partition(">")
        drag(page, card(page, src, len(s["piles"][src]) - 1), pile(page, dst.split(":")[0]))
        page.wait_for_selector("canvas.cascade", state="attached", timeout=10_000)
        page.wait_for_timeout(2500)
        return
    page.wait_for_timeout(400)


def scene_record(name: str) -> tuple[str, str, str]:
    """Return the game and the storage record a scene starts from, and the move the win
    scene plays (else "")."""
    from e2e.play import saved_record  # noqa: PLC0415 (a test tool's extra)
    from e2e.test_records import record_and_tail  # noqa: PLC0415

    if name == "win":                      # FreeCell one move before the win
        record, tail = record_and_tail(1)
        return "freecell", record, tail[0]
    if name == "hint":
        return "freecell", saved_record("freecell", 7, 0), ""
    return "klondike", saved_record("klondike", 7, 6), ""


def shoot_scenes(site: Path, out: Path, scenes: list[str], sizes: list[str],
                 themes: list[str]) -> list[Path]:
    """Take the scenes' pictures; return their paths."""
    jobs: list[Job] = []
    for size, theme, name in ((s, t, n) for s in sizes for t in themes for n in scenes):
        game, record, last = scene_record(name)
        settings = {**SETTINGS, "theme": theme, "motion": name == "win",
                    "indicator": name == "hint"}
        narrow = int(size.split("x")[0]) < 1200
        jobs.append((f"{name}-{size}-{theme}.png", size, settings, game, record,
                     functools.partial(scene, name=name, narrow=narrow, last=last)))
    return take(site, out, jobs)


def side_by_side(pictures: list[Path], dest: Path) -> Path:
    """Write ``pictures`` side by side into ``dest`` (drawn by the same Chromium)."""
    from e2e.conftest import CHROMIUM_ARGS, _chromium_path  # noqa: PLC0415
    from playwright.sync_api import sync_playwright  # noqa: PLC0415 (a test tool's extra)

    imgs = "".join('<img src="data:image/png;base64,'
                   + base64.b64encode(path.read_bytes()).decode("ascii") + '">'
                   for path in pictures)
    html = ("<!doctype html><body style='margin:0;background:#fff;display:flex;gap:18px;"
            f"padding:6px;width:max-content'>{imgs}</body>")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=_chromium_path(pw), args=list(CHROMIUM_ARGS))
        page = browser.new_page(viewport={"width": 1600, "height": 660})
        page.set_content(html)
        page.locator("body").screenshot(path=str(dest))
        browser.close()
    return dest


def readme_pictures(shots: Path, docs: Path) -> list[Path]:
    """Write the README's pictures from the shots in ``shots``; return their paths: the
    phones in the felt theme, one game in each theme, the scenes, and the laptop."""
    from e2e.play import themes  # noqa: PLC0415 (a test tool's extra)

    phone = "360x640"
    written = [
        side_by_side([shots / f"{game}-{phone}-felt.png" for game in README_PHONES],
                     docs / "phones.png"),
        side_by_side([shots / f"{README_THEMED}-{phone}-{theme}.png" for theme in themes()],
                     docs / "themes.png"),
        side_by_side([shots / f"{name}-{phone}-felt.png" for name in SCENES],
                     docs / "scenes.png"),
    ]
    laptop = docs / "klondike-desktop.png"
    shutil.copyfile(shots / f"{README_LAPTOP}-1366x768-felt.png", laptop)
    return [*written, laptop]


def palette(paths: list[Path]) -> None:
    """Reduce each PNG to a 256-colour palette with ImageMagick, if it is installed."""
    convert = shutil.which("convert")
    if convert is None:
        print("convert (ImageMagick) not found: the pictures keep their full colours")
        return
    for path in paths:
        done = subprocess.run([convert, str(path), "-colors", "256", f"PNG8:{path}"],
                              capture_output=True, text=True, check=False)
        if done.returncode != 0:     # not ImageMagick, or it failed: the shots are kept as taken
            print(f"{convert} could not reduce {path.name} ({done.stderr.strip()[:200]}): "
                  "the pictures keep their full colours")
            return


def main(argv: list[str] | None = None) -> int:
    """Build the site (unless ``--site`` names a built one) and take the screenshots."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", nargs="+", default=list(GAMES), choices=list(GAMES))
    ap.add_argument("--sizes", nargs="+", default=SIZES)
    ap.add_argument("--themes", nargs="+", help="table themes (default: all of them)")
    ap.add_argument("--scenes", nargs="+", default=list(SCENES), choices=SCENES,
                    help="the scenes beyond the table (default: all)")
    ap.add_argument("--scenes-only", action="store_true", help="only the scenes, no games")
    ap.add_argument("--deal", type=int, default=7)
    ap.add_argument("--moves", type=int, default=24)
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "screens")
    ap.add_argument("--site", type=Path, help="a built site (default: build one)")
    ap.add_argument("--readme", action="store_true",
                    help="also write the README's pictures into docs/ from the shots")
    ap.add_argument("--readme-only", action="store_true",
                    help="only write the README's pictures, from the shots already in --out")
    args = ap.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        written: list[Path] = []
        if not args.readme_only:
            site = args.site.resolve() if args.site else build.build(Path(tmp) / "patience")
            from e2e.play import themes  # noqa: PLC0415 (a test tool's extra)

            chosen = args.themes or themes()
            unknown = sorted(set(chosen) - set(themes()))
            if unknown:
                ap.error(f"no such theme: {', '.join(unknown)} (there are: {', '.join(themes())})")
            if not args.scenes_only:
                written = shoot(site, args.out, args.games, args.sizes, args.deal, args.moves,
                                chosen)
            written += shoot_scenes(site, args.out, args.scenes, args.sizes, chosen)
        if args.readme or args.readme_only:
            written += readme_pictures(args.out, ROOT / "docs")
        palette(written)
        for path in written:
            print(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
