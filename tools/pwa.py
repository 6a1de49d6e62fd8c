"""Make a built site an installable, offline PWA: the manifest and the service worker.

``write(site)`` runs last in ``build.py``: it copies ``static/pwa/manifest.webmanifest`` to
the site root and writes ``sw.js`` there from ``static/pwa/sw.js``, with the list of every
file of the site and two hashes: one of the runtime (``vendor/``) and one of the app
(everything else). The sources in ``static/pwa/`` are not part of the site itself.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

RUNTIME_DIR = "vendor"
SOURCES = "static/pwa"
PLACEHOLDER = '"__BUILD__"'


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
    files = [f for f in files if f != "sw.js"]
    runtime = [f for f in files if f.startswith(RUNTIME_DIR + "/")]
    app = [f for f in files if not f.startswith(RUNTIME_DIR + "/")]
    build: dict[str, dict[str, object]] = {
        "runtime": {"hash": _digest(site, runtime), "files": runtime},
             "app": {"hash": _digest(site, app), "files": app}}
    if PLACEHOLDER not in template:
        raise ValueError(f"{SOURCES}/sw.js has no {PLACEHOLDER} to fill in")
    (site / "sw.js").write_text(template.replace(PLACEHOLDER, json.dumps(build)))
    return build
