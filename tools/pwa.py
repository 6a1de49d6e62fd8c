"""Make a built site an installable, offline PWA: the manifest and the service worker.

``write(site)`` runs last in ``build.py``: it copies ``static/pwa/manifest.webmanifest`` to
the site root and writes ``sw.js`` there from ``static/pwa/sw.js``, with the list of every
file of the site and two hashes: one of the runtime (``vendor/``) and one of the app
(everything else). The sources in ``static/pwa/`` are not part of the site itself.

Files under ``LAZY`` (the known wins of the listed deals, ``tools/lines.py``, and the PNG
icons) are part of the app's hash but not precached: the page loads a known-wins file only
when a listed deal of its game is on the table, the browser an icon only to install the app,
and the service worker keeps it then (in the app's cache, so an update that changes it drops
the old copy), so a first visit does not download them all.

It also writes ``build.json`` (``{"runtime": ..., "app": ...}``, the same two hashes): the
key of the memory snapshot of Python the page makes on the device (``static/js/snapshot.js``).
It is precached with the app but left out of the app's hash, which it only repeats.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

RUNTIME_DIR = "vendor"
SOURCES = "static/pwa"
PLACEHOLDER = '"__BUILD__"'
#: Folders and files of the site cached when first asked for, not precached: the known wins
#: of listed deals, and the PNG icons, which only the browser asks for (to install the app or
#: put it on a home screen, online; the page and its tab use ``icon.svg``).
LAZY = ("static/data/lines/", "static/icons/icon-192.png", "static/icons/icon-512.png",
        "static/icons/maskable-512.png")
#: The build's hashes for the page (the snapshot's key); not itself hashed.
BUILD_JSON = "build.json"


def _digest(site: Path, files: list[str]) -> str:
    h = hashlib.sha256()
    for name in files:
        h.update(name.encode() + b"\0" + (site / name).read_bytes() + b"\0")
    return h.hexdigest()[:16]


def write(site: Path) -> dict[str, dict[str, object]]:
    """Write ``manifest.webmanifest`` and ``sw.js`` into ``site``; return the precache lists."""
    sources = site / SOURCES
    shutil.copyfile(sources / "manifest.webmanifest", site / "manifest.webmanifest")
    template = (sources / "sw.js").read_text()
    shutil.rmtree(sources)
    files = sorted(p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file())
    files = [f for f in files if f not in ("sw.js", BUILD_JSON)]
    runtime = [f for f in files if f.startswith(RUNTIME_DIR + "/")]
    app = [f for f in files if not f.startswith(RUNTIME_DIR + "/")]
    hashes = {"runtime": _digest(site, runtime), "app": _digest(site, app)}
    app = [f for f in app if not f.startswith(LAZY)]
    (site / BUILD_JSON).write_text(json.dumps(hashes) + "\n")
    build: dict[str, dict[str, object]] = {
        "runtime": {"hash": hashes["runtime"], "files": runtime},
             "app": {"hash": hashes["app"], "files": [*app, BUILD_JSON], "lazy": list(LAZY)}}
    if PLACEHOLDER not in template:
        raise ValueError(f"{SOURCES}/sw.js has no {PLACEHOLDER} to fill in")
    (site / "sw.js").write_text(template.replace(PLACEHOLDER, json.dumps(build)))
    return build
