"""The micropip experiment (``bench/web.py --micropip``; issue 28, point 6): is installing the
engine as a wheel with micropip, from the site's own origin, any cheaper than today's
``patience.zip`` unpacked into Pyodide's home folder?

Two bare pages (no PyScript, like the bench's floor) on the phone profile, each booting
``loadPyodide`` from ``vendor/pyodide/`` and then readying the engine (``import
patience.bridge`` and a first ``Bridge().new``):

* **zip**: ``fetch("patience.zip")`` and ``pyodide.unpackArchive`` (what the page does
  through PyScript's ``files``);
* **micropip**: ``pyodide.loadPackage`` of micropip's wheel (served from the same origin),
  then ``micropip.install`` of the engine's wheel from the same origin. micropip needs
  standard-library modules the site's trimmed ``python_stdlib.zip`` leaves out, so this way
  boots from a copy of ``vendor/pyodide/`` with Pyodide's whole standard library, and the
  zip is timed from that copy too (:data:`WAYS`).

Each cold (a new profile) and warm (the same profile again: files from the HTTP cache,
revalidated; the app's own warm start boots from its memory snapshot and reads neither).

The wheels: micropip 0.11.1, the version Pyodide 314.0.7's ``pyodide-lock.json`` names (the
npm package carries the lock but not the wheel), fetched with ``pip download --no-deps
--only-binary=:all: --python-version 3.13`` (pip's configured index), its sha256 compared with
the lock's; the engine's wheel as ``pip wheel . --no-deps`` builds
it.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any, Final

ROOT: Final[Path] = Path(__file__).resolve().parent.parent
MICROPIP: Final[str] = "micropip"

PAGE: Final[str] = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>micropip or zip</title>
<script type="module">
const q = new URLSearchParams(location.search);
const indexURL = new URL(q.get("index"), location.href).href;
const { loadPyodide } = await import(`${indexURL}pyodide.mjs`);
const out = window.__mp = {};
try {
  const py = await loadPyodide({ indexURL });
  out.boot = performance.now();
  if (q.get("mode") === "micropip") {
    await py.loadPackage(new URL(`./${q.get("micropip")}`, location.href).href);
    out.micropip = performance.now();
    const micropip = py.pyimport("micropip");
    await micropip.install(new URL(`./${q.get("wheel")}`, location.href).href);
  } else {
    const zip = await (await fetch("../patience.zip")).arrayBuffer();
    py.unpackArchive(zip, "zip", { extractDir: "/home/pyodide" });
  }
  const snap = JSON.parse(py.runPython(
    "from patience.bridge import Bridge; Bridge().new('klondike', '{}', 7)"));
  out.ready = performance.now();
  out.ok = snap.game === "klondike";
} catch (e) {
  out.error = String(e && e.message ? e.message : e).slice(-300);
}
out.done = true;
</script></head><body><p>micropip or zip</p></body></html>
"""


#: The ways compared, and the Pyodide folder each boots from (relative to the page):
#: micropip imports standard-library modules that the site's trimmed ``python_stdlib.zip``
#: leaves out, so it boots from a copy with Pyodide's whole one; the zip is timed with both.
WAYS: Final[tuple[tuple[str, str], ...]] = (
    ("zip", "../vendor/pyodide/"),
    ("zip, whole stdlib", "./pyodide-full/"),
    ("micropip, whole stdlib", "./pyodide-full/"),
)


class WheelError(RuntimeError):
    """A wheel could not be had."""


def lock_entry(pyodide: Path) -> dict[str, Any]:
    """micropip's entry in the pinned Pyodide's ``pyodide-lock.json``."""
    lock = json.loads((pyodide / "pyodide-lock.json").read_text(encoding="utf-8"))
    entry: dict[str, Any] = lock["packages"][MICROPIP]
    return entry


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def micropip_wheel(pyodide: Path, dest: Path) -> tuple[Path, bool]:
    """micropip's wheel of the version the lock names, fetched with pip into ``dest``; and
    whether its sha256 is the lock's (Pyodide's distribution carries a wheel of its own
    build: PyPI's has other bytes)."""
    entry = lock_entry(pyodide)
    dest.mkdir(parents=True, exist_ok=True)
    command = [sys.executable, "-m", "pip", "download", "--no-deps",
               "--only-binary=:all:", "--python-version", "3.13",
               "--disable-pip-version-check", "--quiet", "--dest", str(dest),
               f"{MICROPIP}=={entry['version']}"]
    if subprocess.run(command, check=False).returncode != 0:
        raise WheelError(f"pip download {MICROPIP}=={entry['version']} failed")
    got = dest / str(entry["file_name"])
    if not got.is_file():
        raise WheelError(f"pip did not produce {entry['file_name']}")
    return got, _sha256(got) == entry["sha256"]


def engine_wheel(dest: Path) -> Path:
    """The engine's wheel, as ``pip wheel . --no-deps`` builds it, in ``dest`` (from a copy
    of the project's ``pyproject.toml``, ``README.md`` and ``py/``: setuptools writes its
    ``build/`` beside the sources)."""
    dest.mkdir(parents=True, exist_ok=True)
    source = dest / "source"
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copyfile(ROOT / name, source / name)
    shutil.copytree(ROOT / "py", source / "py",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info"))
    command = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet",
               "--disable-pip-version-check", "-w", str(dest), str(source)]
    if subprocess.run(command, check=False).returncode != 0:
        raise WheelError("pip wheel . failed")
    found = sorted(dest.glob("patience-*.whl"))
    if len(found) != 1:
        raise WheelError(f"pip wheel . made {found}")
    return found[0]


def prepare(site: Path, pyodide: Path, work: Path) -> tuple[str, str, bool]:
    """Put the page and both wheels in ``site/__bench/``; return the wheels' file names, and
    whether micropip's is the lock's."""
    bench = site / "__bench"
    bench.mkdir(exist_ok=True)
    (bench / "micropip.html").write_text(PAGE, encoding="utf-8")
    mp, same = micropip_wheel(pyodide, work / "micropip")
    full = bench / "pyodide-full"
    shutil.copytree(site / "vendor" / "pyodide", full)
    shutil.copyfile(pyodide / "python_stdlib.zip", full / "python_stdlib.zip")
    names = []
    for wheel in (mp, engine_wheel(work / "wheel")):
        shutil.copyfile(wheel, bench / wheel.name)
        names.append(wheel.name)
    return names[0], names[1], same


def experiment(pw: Any, profiles: Path, url: str, site: Path, pyodide: Path, work: Path,
               runs: int, res: Any) -> list[str]:
    """Time both ways, cold and warm, ``runs`` times on the phone profile; Markdown lines."""
    import phone  # noqa: PLC0415 (bench/, beside this file)
    import web  # noqa: PLC0415

    head = ["## micropip against the zip (phone profile)", ""]
    try:
        micropip_name, wheel_name, same = prepare(site, pyodide, work)
    except WheelError as e:
        return [*head, f"Not measured: {e}."]
    sizes = {"zip": (site / "patience.zip").stat().st_size,
             "micropip": (site / "__bench" / micropip_name).stat().st_size,
             "wheel": (site / "__bench" / wheel_name).stat().st_size,
             "trimmed": (site / "vendor" / "pyodide" / "python_stdlib.zip").stat().st_size,
             "whole": (pyodide / "python_stdlib.zip").stat().st_size}
    errors: list[str] = []
    for i in range(runs):
        print(f"web bench: micropip run {i + 1} of {runs}", file=sys.stderr, flush=True)
        for mode, index in WAYS:
            context = phone.phone_context(pw, profiles)
            page = context.pages[0] if context.pages else context.new_page()
            phone.throttle(context, page)
            target = (f"{url}__bench/micropip.html?mode={mode.split(',')[0]}&index={index}"
                      f"&micropip={micropip_name}&wheel={wheel_name}")
            for kind in ("cold", "warm"):
                page.goto(target)
                out = web.poll(page, "window.__mp && window.__mp.done && window.__mp")
                if "error" in out or not out.get("ok"):
                    errors.append(f"{mode}, {kind}, run {i + 1}: {out.get('error')}")
                    continue
                res.run(f"micropip: {mode}, {kind}: loadPyodide").add(out["boot"])
                res.run(f"micropip: {mode}, {kind}: engine ready").add(out["ready"])
                res.run(f"micropip: {mode}, {kind}: engine after loadPyodide").add(
                    out["ready"] - out["boot"])
            context.close()
    lines = [*head,
             f"Bare pages, {runs} runs each, medians (ms from navigation start). Bytes: "
             f"patience.zip {sizes['zip']:,}; {micropip_name} {sizes['micropip']:,}; "
             f"{wheel_name} {sizes['wheel']:,}; the stdlib zip trimmed "
             f"{sizes['trimmed']:,}, whole {sizes['whole']:,}. micropip's wheel from pip "
             + ("has" if same else "does not have") + " the sha256 Pyodide's lock gives "
             "for its own.", "",
             "| way | start | loadPyodide | engine ready | engine after loadPyodide |",
             "|---|---|---:|---:|---:|"]
    for mode, _ in WAYS:
        for kind in ("cold", "warm"):
            cells = []
            for what in ("loadPyodide", "engine ready", "engine after loadPyodide"):
                m = res.run(f"micropip: {mode}, {kind}: {what}").median()
                cells.append("–" if m is None else f"{m:,.0f}")
            lines.append(f"| {mode} | {kind} | {' | '.join(cells)} |")
    lines += [f"- {e}" for e in errors]
    return lines
