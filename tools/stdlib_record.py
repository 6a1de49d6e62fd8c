"""List the standard library modules the site imports, by running it: ``stdlib_keep.txt``.

    .venv/bin/python tools/stdlib_record.py          # rewrite tools/stdlib_keep.txt
    .venv/bin/python tools/stdlib_record.py --check  # exit 1 if the list is not up to date

Builds the site with Pyodide's *whole* standard library (``stdlib_trim.trim`` is replaced by
a plain copy for this build), adds a few lines to the top of the built ``static/py/boot.py``
that publish ``window.__patienceModules()`` (``sys.modules`` as name and origin, read with
builtins only, so the probe imports nothing), and drives the site in headless Chromium
(Playwright):

* every game through the page: opened by a link, a card tapped, the page reloaded (the save
  is loaded), the chooser, rules and settings dialogs opened;
* every bridge method in every game, under every choice of every option, with legal and
  illegal moves, undo, redo, restart, finish, saves loaded back, and every kind of bad save,
  unknown game and bad options;
* a Python exception thrown across to JavaScript (a bridge call with missing arguments),
  which makes Pyodide format a traceback;
* an engine that fails to start (``patience.zip`` without ``bridge.py``), so PyScript and
  Pyodide report a Python error raised while booting.

``sys.modules`` is read after each of these; every module whose origin is inside the
standard library zip (``/lib/python3XY.zip/...``) is kept, with its packages. Modules built
into Pyodide are left out; those it has frozen (``os``, ``abc``...: their copies in the zip
are never read) are listed apart, under ``[frozen]``, so that the engine may import them.
"""

from __future__ import annotations

import argparse
import io
import re
import shutil
import sys
import tempfile
import time
import zipfile
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Final

from playwright.sync_api import Page, Route, sync_playwright

ROOT: Final[Path] = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "py"))

import build  # noqa: E402  (build.py lives at the repository root)
import stdlib_trim  # noqa: E402  (tools/ is on the path: build.py puts it there)
from browser import CHROMIUM_ARGS, chromium_path  # noqa: E402  (tools/, via build)

import patience  # noqa: E402

GAMES: Final[tuple[str, ...]] = tuple(patience.GAMES)
BOOT_TIMEOUT_MS: Final[int] = 120_000

#: Added to the end of the built boot.py, which runs in the engine's worker: reads sys.modules with
#: builtins only, and is exported beside call and started (reached from the page through the
#: worker PyScript made, like them).
PROBE: Final[str] = '''\
import sys as _probe_sys


def _probe_modules():
    rows = []
    for name, module in list(_probe_sys.modules.items()):
        spec = getattr(module, "__spec__", None)
        origin = getattr(spec, "origin", None) or getattr(module, "__file__", None)
        rows.append(name + "\\t" + str(origin))
    return "\\n".join(rows)
'''
PROBE_EXPORT: Final[str] = '\n__export__ = [*__export__, "_probe_modules"]\n'

#: The page's way to the engine's worker (index.html's script tag, engine.js).
WORKER: Final[str] = 'document.querySelector(\'script[type="py"][name="engine"]\')?.xworker'

#: Runs in the page: every bridge method, every game and option, errors of every kind.
EXERCISE: Final[str] = """
async (games) => {
  const B = window.patienceBridge;
  const J = (text) => JSON.parse(text);
  let seed = 20260;
  const rand = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
  const catalogue = J(await B.catalogue());
  let calls = 0;
  for (const game of catalogue.games) {
    const variants = [{}];
    for (const o of game.options) for (const c of o.choices) variants.push({[o.name]: c});
    for (const options of variants) {
      let s = J(await B.new(game.id, JSON.stringify(options), 1 + rand(30000)));
      const piles = Object.keys(s.piles);
      for (let i = 0; i < 60 && s.status === "playing" && s.moves.length; i++) {
        const m = s.moves[rand(s.moves.length)];
        const a = piles[rand(piles.length)], b = piles[rand(piles.length)];
        J(await B.explain(`${a}>${b}`));
        J(await B.explain(m.text));
        J(await B.play(`${a}>${b}:${1 + rand(3)}`, i));      // mostly illegal; if not, played
        J(await B.play(m.text, i));
        s = J(await B.snapshot(i));
        if (i % 9 === 4) { J(await B.undo(i)); s = J(await B.redo(i)); }
        J(await B.finish());
        calls += 6;
      }
      const saved = s.save;
      J(await B.restart(1));
      J(await B.undo(1));
      s = J(await B.load(saved));
      J(await B.snapshot(2.5));
    }
  }
  const save = (fields) => JSON.stringify(
    {format: "patience", version: 1, game: "klondike", options: {}, deal: 1, moves: [], ...fields});
  const bad = [
    "", "{not json", "[]", "null", '{"format":"patience","version":99}',
    save({game: "nope"}), save({options: {draw: 9}}), save({moves: ["t1>t1"]}), save({deal: -4}),
    save({game: "freecell", deal: undefined, position: "freecell\\nt1: AS"}),
    save({game: "freecell", moves: Array(60000).fill("t1>c1")}),
    "x".repeat(1100000),
  ];
  const errors = [];
  for (const text of bad) errors.push(J(await B.load(text)).error?.kind ?? "none");
  errors.push(J(await B.new("nope", "{}", 1)).error?.kind);
  errors.push(J(await B.new("klondike", "{bad", 1)).error?.kind);
  errors.push(J(await B.new("klondike", '{"draw": 7}', 1)).error?.kind);
  errors.push(J(await B.new("klondike", '{"nope": 1}', 1)).error?.kind);
  errors.push(J(await B.play("garbage", 0)).error?.kind);
  errors.push(J(await B.explain("zz>")).reason);
  return {calls, errors};
}
"""



def _copy_whole(src_zip: Path, dst_zip: Path, keep: Iterable[str], *,
                importers: Iterable[Path] = (),
                path: Sequence[Path] = ()) -> stdlib_trim.TrimResult:
    """Stand in for :func:`stdlib_trim.trim`: copy the whole zip."""
    del keep, importers, path
    shutil.copyfile(src_zip, dst_zip)
    size = src_zip.stat().st_size
    return stdlib_trim.TrimResult(modules=0, members=0, src_bytes=size, dst_bytes=size)


def build_probed_site(dest: Path) -> Path:
    """Build the site into ``dest`` with the whole standard library and the probe."""
    trim = stdlib_trim.trim
    stdlib_trim.trim = _copy_whole
    try:
        site = build.build(dest)
    finally:
        stdlib_trim.trim = trim
    boot = site / "static" / "py" / "boot.py"
    # After the module (its ``from __future__`` import must stay first); the probe reads
    # sys.modules when asked, so where it is defined does not change what it sees.
    boot.write_text(boot.read_text(encoding="utf-8") + "\n\n" + PROBE + PROBE_EXPORT,
                    encoding="utf-8")
    return site


def _modules(page: Page) -> dict[str, str]:
    text: str = page.evaluate(f"{WORKER}.sync._probe_modules()")
    return dict(line.split("\t", 1) for line in text.splitlines())


def _wait_probe(page: Page) -> None:
    """Wait for the probe, polling (``wait_for_function`` needs eval, which a CSP may refuse)."""
    deadline = time.monotonic() + BOOT_TIMEOUT_MS / 1000
    ready = f"(async () => {{ const x = {WORKER}; if (x) await x.ready; return Boolean(x); }})()"
    while not page.evaluate(ready):
        if time.monotonic() > deadline:
            raise RuntimeError("the probed boot.py did not run")
        page.wait_for_timeout(100)


def record(site: Path, verbose: bool = True) -> dict[str, str]:
    """Drive the site in ``site`` and return every module it imported, with its origin."""
    seen: dict[str, str] = {}

    def note(page: Page, what: str) -> None:
        found = _modules(page)
        new = sorted(set(found) - set(seen))
        seen.update(found)
        if verbose:
            print(f"  {what}: {len(found)} modules, {len(new)} new"
                  + (f" ({', '.join(new[:8])}{', ...' if len(new) > 8 else ''})" if new else ""),
                  flush=True)

    server, url = build.serve(site)
    try:
        _drive(url, note)
    finally:
        server.shutdown()
        server.server_close()
    return seen


def _drive(url: str, note: Callable[[Page, str], None]) -> None:
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), args=list(CHROMIUM_ARGS))
        try:
            context = browser.new_context(service_workers="block")
            page = context.new_page()
            page.goto(url)
            page.wait_for_selector("#table.ready .card", timeout=BOOT_TIMEOUT_MS)
            note(page, "boot")
            for game in GAMES:
                page.goto(f"{url}?game={game}&deal=7")
                page.wait_for_selector("#table.ready .pile", timeout=BOOT_TIMEOUT_MS)
                taps: dict[str, str] = page.evaluate(
                    "(async () => JSON.parse(await patienceBridge.snapshot(0)).taps)()")
                for key in taps:
                    pile, n = key.split(":")
                    cards = page.locator(f'.card[data-pile="{pile}"]')
                    count = cards.count()
                    box = cards.nth(count - int(n)).bounding_box() if count >= int(n) > 0 \
                        else None
                    if pile != "stock" and box:
                        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + 8)
                        break
                page.reload()
                page.wait_for_selector("#table.ready .pile", timeout=BOOT_TIMEOUT_MS)
                note(page, f"{game}: link, tap, reload")
            for dialog in ("#btn-games", "#btn-rules", "#btn-settings"):
                page.click(dialog)
                page.keyboard.press("Escape")
            page.keyboard.press("Control+z")
            page.keyboard.press("Control+y")
            note(page, "dialogs and keys")
            result = page.evaluate(EXERCISE, list(GAMES))
            note(page, f"bridge: {result['calls']} calls, errors {result['errors']}")
            thrown = page.evaluate("""async () => {
                try { await patienceBridge.play(); return "no error"; }
                catch (e) { return String(e.message).split("\\n").slice(-2).join(" "); }
            }""")
            note(page, f"a Python exception in JavaScript ({thrown.strip()})")
            context.close()

            context = browser.new_context(service_workers="block")
            page = context.new_page()
            broken = io.BytesIO()
            with zipfile.ZipFile(broken, "w") as zf:
                zf.writestr("patience/__init__.py", "")

            def broken_engine(route: Route) -> None:
                route.fulfill(status=200, body=broken.getvalue(), content_type="application/zip")

            page.route("**/patience.zip", broken_engine)
            page.goto(url)
            _wait_probe(page)
            page.wait_for_selector("#notice:not([hidden])", timeout=BOOT_TIMEOUT_MS)
            note(page, "an engine that cannot start")
            context.close()
        finally:
            browser.close()


_ZIP_ORIGIN: Final = re.compile(r"^/lib/python3\d+\.zip/(.+)\.py$")


def from_zip(modules: dict[str, str]) -> list[str]:
    """Return the modules loaded from the standard library zip, with their packages, sorted."""
    names: set[str] = set()
    for name, origin in modules.items():
        if _ZIP_ORIGIN.match(origin):
            parts = name.split(".")
            names.update(".".join(parts[:i]) for i in range(1, len(parts) + 1))
    return sorted(names)


def frozen(modules: dict[str, str]) -> list[str]:
    """Return the modules Pyodide imported frozen (compiled in), sorted."""
    return sorted(name for name, origin in modules.items() if origin == "frozen")


def render(names: list[str], frozen_names: list[str]) -> str:
    """Return the text of ``stdlib_keep.txt``."""
    head = ("# Standard library modules the site imports: python_stdlib.zip is trimmed to these\n"
            "# (tools/stdlib_trim.py, run by build.py). Written by tools/stdlib_record.py,\n"
            "# which runs the site in headless Chromium and reads sys.modules: run it again\n"
            "# after the engine, boot.py, Pyodide or PyScript change, rather than editing this.\n")
    tail = ("\n# Frozen into Pyodide (origin 'frozen'): their copies in the zip are never read,\n"
            "# so they are not kept, and the engine may import them.\n[frozen]\n")
    return head + "".join(f"{n}\n" for n in names) + tail + "".join(f"{n}\n"
                                                                     for n in frozen_names)


def main(argv: list[str] | None = None) -> int:
    """Record the modules and write (or check) :data:`stdlib_trim.KEEP_FILE`."""
    parser = argparse.ArgumentParser(description="List the stdlib modules the site imports.")
    parser.add_argument("--check", action="store_true",
                        help="do not write; exit 1 if the committed list differs")
    parser.add_argument("--out", type=Path, default=stdlib_trim.KEEP_FILE,
                        help=f"the list to write (default tools/{stdlib_trim.KEEP_FILE.name})")
    opts = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="stdlib-record-") as tmp:
        site = build_probed_site(Path(tmp) / "site")
        print(f"stdlib_record: running {site} in Chromium", flush=True)
        seen = record(site)
        names = from_zip(seen)
    text = render(names, frozen(seen))
    print(f"stdlib_record: {len(names)} modules from the standard library zip")
    if opts.check:
        same = opts.out.is_file() and opts.out.read_text(encoding="utf-8") == text
        print(f"stdlib_record: {opts.out.name} is {'up to date' if same else 'OUT OF DATE'}")
        return 0 if same else 1
    opts.out.write_text(text, encoding="utf-8")
    print(f"stdlib_record: wrote {opts.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
