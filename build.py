"""Build the static site into ``dist/``, and serve it for a look in the browser.

    python3 build.py                     # write dist/ from scratch
    python3 build.py serve [--port 8000] # build, then serve dist/ on http://localhost:8000/

``dist/`` holds ``index.html`` and ``static/`` as they are, the engine as ``patience.zip``
(its ``.py`` files and ``py.typed``, the first modules the page imports as Pyodide's bytecode
instead, compiled by the pinned Pyodide under Node.js, with fixed timestamps so the same
sources make the same bytes), and the pinned runtime in ``vendor/``: the few files of the
``pyodide`` npm package that boot a pure-Python Pyodide, and the files of
``@pyscript/core``'s ``dist/`` that the page loads. Both packages come from
``tools/npm_vendor.py`` (pinned by version and sha512, cached in ``.cache/npm/``), so a
build after the first needs no network.

Every URL in the site is relative, so ``dist/`` works from any path of any static host.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import http.server
import json
import os
import re
import shutil
import sys
import tempfile
import threading
import zipfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any, Final

ROOT: Final[Path] = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT / "tools"))

import npm_vendor  # noqa: E402  (lives in tools/, which is not a package)
import opening  # noqa: E402
import pwa  # noqa: E402
import pyc_compile  # noqa: E402
import pystrip  # noqa: E402
import stdlib_trim  # noqa: E402

DIST: Final[Path] = ROOT / "dist"
ENGINE: Final[Path] = ROOT / "py" / "patience"

#: What Pyodide fetches to boot and run pure-Python code (found by recording the
#: requests of a headless boot): the loader, the Emscripten module, the WebAssembly
#: binary, the standard library, and the package lock file it always reads.
PYODIDE_FILES: Final[tuple[str, ...]] = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)

#: What the page loads of ``@pyscript/core``'s ``dist/`` (found the same way): ``core.js``,
#: the chunks it imports, and the one plugin chunk it imports at start-up: ``error``, which
#: PyScript imports even when it is turned off. The others (``py-editor``, ``py-game``,
#: ``py-terminal``, ``donkey``, ``deprecations-manager``, ``codemirror``) are turned off for
#: both of PyScript's interpreters: by the ``<py-config>`` of ``index.html`` for Python (the
#: engine's script is a worker's, whose config PyScript does not read for them) and by the
#: ``<mpy-config>`` of ``index.html`` for MicroPython, whose plugins PyScript loads too
#: unless told not to. Chunks are named by prefix (their names carry a content hash); the
#: static imports of every file are followed and copied too. The rest (the plugins, the
#: editor, the terminal, TOML, ``core.css``, source maps) is never requested.
PYSCRIPT_ENTRIES: Final[tuple[str, ...]] = ("core.js",)
PYSCRIPT_CHUNKS: Final[tuple[str, ...]] = ("error",)

#: Fixed timestamp for the members of ``patience.zip`` (the earliest a zip can hold).
ZIP_DATE: Final[tuple[int, int, int, int, int, int]] = (1980, 1, 1, 0, 0, 0)

#: The engine's modules that only the bench imports (older and candidate Roosevelt searches,
#: ``bench/solver.py``'s before/after lines), as paths in the package: left out of
#: ``patience.zip``, so the page does not download them (``tests/test_build_zip.py`` checks
#: that nothing the page runs imports them).
BENCH_ONLY: Final[frozenset[str]] = frozenset({"solver/onepass_plans.py",
                                               "solver/lookahead.py"})

#: The engine's command-line tools (``python -m patience.solve``, ``python -m patience.study``:
#: argument parsing, process pools, Ray), which neither the page nor the solver's worker
#: imports: left out of ``patience.zip`` too, 12 kB of every first visit (issue 28).
COMMAND_LINE_ONLY: Final[frozenset[str]] = frozenset({"solve.py", "study.py"})

#: Every module left out of ``patience.zip``.
LEFT_OUT: Final[frozenset[str]] = BENCH_ONLY | COMMAND_LINE_ONLY

#: What the page's engine runs first (``static/py/boot.py``'s ``_start``): the modules it
#: imports go into ``patience.zip`` as bytecode for Pyodide's Python, not as source, so a
#: first visit does not compile them on the device (``zip_engine``; issue 28).
FIRST_IMPORTS: Final[str] = "from patience.bridge import Bridge\nBridge()\n"

#: Content types the server sends, beyond (and over) what :mod:`mimetypes` guesses.
MIME_TYPES: Final[dict[str, str]] = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".py": "text/x-python; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".woff2": "font/woff2",
    ".map": "application/json",
}

_STATIC_IMPORT: Final = re.compile(r"""(?:\bfrom|\bimport)\s*["'](\./[^"']+)["']""")

#: A vendored script's closing ``//# sourceMappingURL=`` comment. The maps are not shipped
#: (every file of the site is precached by the service worker: PyScript's would add 0.4 MB
#: for a reader with DevTools open), so the comments go, and with them the browser's 404s.
_SOURCE_MAP: Final = re.compile(rb"\n?//# sourceMappingURL=[^\s]+\s*\Z")

#: Pyodide's module makes a shared WebAssembly memory as it loads, only for ``syncSleep``
#: (``Atomics.wait`` between retries of an EAGAIN, which a page's main thread may not call
#: anyway). Outside a cross-origin isolated page Chromium reports it as the deprecated
#: SharedArrayBuffer use, Lighthouse's only best-practices failure with a weight; a plain
#: buffer there makes ``syncSleep`` answer "cannot sleep", as it does on a main thread.
SHARED_MEMORY: Final[tuple[bytes, bytes]] = (
    b"new WebAssembly.Memory({shared:!0,initial:1,maximum:1}).buffer",
    b"(globalThis.crossOriginIsolated?new WebAssembly.Memory({shared:!0,initial:1,maximum:1})"
    b".buffer:new ArrayBuffer(4))",
)


class BuildError(RuntimeError):
    """Raised when the site cannot be built from what is in the working tree."""


def _copy(src: Path, dst: Path) -> None:
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(src, dst)


def _copy_script(src: Path, dst: Path) -> None:
    """Copy a vendored script without its source-map comment; ``pyodide.asm.mjs`` also with
    its shared memory made only where the page is cross-origin isolated."""
    data = _SOURCE_MAP.sub(b"\n", src.read_bytes())
    if src.name == "pyodide.asm.mjs":
        if data.count(SHARED_MEMORY[0]) != 1:
            raise BuildError(f"{src}: expected its one shared memory, {SHARED_MEMORY[0]!r}")
        data = data.replace(*SHARED_MEMORY)
    dst.parent.mkdir(parents=True, exist_ok=True)
    dst.write_bytes(data)


def _static_imports(js: Path) -> list[str]:
    """Return the relative modules ``js`` imports statically (``from "./x.js"``)."""
    return _STATIC_IMPORT.findall(js.read_text(encoding="utf-8"))


#: A module's static import of another file by a relative path (``./x.js``, ``../../y.js``).
_RELATIVE_IMPORT: Final = re.compile(
    r"""(?:\bfrom|^\s*import)\s*["'](\.\.?/[^"']+)["']""", re.MULTILINE)
#: The modules whose static graphs ``index.html`` preloads: warm.js first, the page's one
#: module script (its graph paints the board), then PyScript's core (which starts the
#: engine's worker; engine.js imports it, so on a return visit it is evaluated with main.js's
#: graph, after the paint; a first visit's warm.js imports it before painting the
#: opening). The rest of the page (main.js, chrome.js and their graph) is loaded by warm.js
#: once the board is painted, and is not preloaded: asking for and compiling it on a slow
#: phone's main thread held the paint back.
PAGE_MODULES: Final = ("static/js/warm.js", "vendor/pyscript/core.js")
#: Where the build writes the page's ``<link rel="modulepreload">`` lines into index.html.
MODULEPRELOAD_MARK: Final = "<!-- modulepreload: the page's modules, written by build.py -->"


def page_modules(site: Path, entries: Iterable[str] = PAGE_MODULES) -> list[str]:
    """Return every module the entries (:data:`PAGE_MODULES`) import statically,
    transitively, as site-relative paths in the order found: the first entry's whole graph
    first (warm.js's, which paints the board), then what each next entry adds."""
    found: dict[str, None] = {}
    for entry in entries:
        todo = [site / entry]
        while todo:
            js = todo.pop(0).resolve()
            rel = js.relative_to(site.resolve()).as_posix()
            if rel in found or not js.is_file():
                continue
            found[rel] = None
            todo += [js.parent / m for m in
                     _RELATIVE_IMPORT.findall(js.read_text(encoding="utf-8", errors="replace"))]
    return list(found)


def write_modulepreloads(site: Path) -> int:
    """Write a ``<link rel="modulepreload">`` for each module of the graphs of
    :data:`PAGE_MODULES` (but warm.js, the page's own module script) into the built
    ``index.html``, so a first visit asks for all of them while the page parses instead of
    discovering them one import level (one round trip) at a time; return how many."""
    index = site / "index.html"
    if not index.is_file():
        return 0
    text = index.read_text(encoding="utf-8")
    if text.count(MODULEPRELOAD_MARK) != 1:
        raise BuildError(f"index.html: expected one {MODULEPRELOAD_MARK!r}")
    indent = text[:text.index(MODULEPRELOAD_MARK)].rsplit("\n", 1)[1]
    names = [m for m in page_modules(site) if m != PAGE_MODULES[0]]
    links = f"\n{indent}".join(f'<link rel="modulepreload" href="./{m}">' for m in names)
    index.write_text(text.replace(MODULEPRELOAD_MARK, links), encoding="utf-8")
    return len(names)


def pyscript_files(package: Path) -> list[str]:
    """Return the files of ``@pyscript/core``'s ``dist/`` the page loads, sorted."""
    dist = package / "dist"
    wanted = list(PYSCRIPT_ENTRIES)
    for prefix in PYSCRIPT_CHUNKS:
        found = sorted(p.name for p in dist.glob(f"{prefix}-*.js"))
        if len(found) != 1:
            raise BuildError(f"expected one {prefix}-*.js chunk in {dist}, found {found}")
        wanted += found
    seen: set[str] = set()
    while wanted:
        name = wanted.pop()
        if name in seen:
            continue
        if not (dist / name).is_file():
            raise BuildError(f"@pyscript/core has no dist/{name}")
        seen.add(name)
        if name.endswith(".js"):
            wanted += [ref.removeprefix("./") for ref in _static_imports(dist / name)]
    return sorted(seen)


def _engine_files(package: Path) -> list[Path]:
    files = [p for p in package.rglob("*")
             if p.is_file() and (p.suffix == ".py" or p.name == "py.typed")
             and "__pycache__" not in p.parts
             and p.relative_to(package).as_posix() not in LEFT_OUT]
    return sorted(files, key=lambda p: p.relative_to(package).as_posix())


def _stripped(path: Path) -> bytes:
    try:
        return pystrip.strip_prose(path.read_text(encoding="utf-8")).encode("utf-8")
    except ValueError as e:
        raise BuildError(f"{path}: {e}") from e


def zip_engine(package: Path, dest: Path, bytecode: bool = True) -> Path:
    """Write ``package`` (its ``.py`` files and ``py.typed``, less ``LEFT_OUT``) to the
    zip ``dest``, each ``.py`` without its comments and docstrings (``tools/pystrip.py``:
    line for line: 124 kB instead of 211 kB, downloaded beside the WebAssembly on a first
    visit).

    With ``bytecode``, the modules that ``FIRST_IMPORTS`` imports go as bytecode instead of
    source (``x.pyc`` for ``x.py``), compiled by the pinned Pyodide (``tools/pyc_compile.py``):
    the page's worker imports them without compiling them. Without, every module is source
    (what CPython, which cannot read 3.14's bytecode, can import).

    Members are ``<package name>/<path>``, in sorted order, with a fixed timestamp and
    mode, so the zip's bytes depend only on the sources (and the pinned Pyodide).
    """
    files = {f"{package.name}/{p.relative_to(package).as_posix()}": p
             for p in _engine_files(package)}
    data = {name: _stripped(p) if p.suffix == ".py" else p.read_bytes()
            for name, p in files.items()}
    if bytecode:
        sources = {name: b for name, b in data.items() if name.endswith(".py")}
        try:
            _, pycs = pyc_compile.compile_sources(sources, run=FIRST_IMPORTS)
        except pyc_compile.PycError as e:
            raise BuildError(str(e)) from e
        for name, pyc in pycs.items():
            del data[name]
            data[f"{name}c"] = pyc
    dest.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(dest, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for name in sorted(data):
            info = zipfile.ZipInfo(name, date_time=ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.create_system = 3                      # Unix, so the mode below is read
            info.external_attr = (0o100644 & 0xFFFF) << 16
            zf.writestr(info, data[name], compresslevel=9)
    return dest


def _copy_lock(src: Path, dst: Path) -> None:
    """Copy Pyodide's package lock with no packages in it: the page loads none (the engine
    and the standard library come in their own zips), and the full list of the distribution's
    357 packages is 27 kB gzip that every first visit fetched only to read its header."""
    lock = json.loads(src.read_text(encoding="utf-8"))
    lock["packages"] = {}
    dst.parent.mkdir(parents=True, exist_ok=True)
    dst.write_text(json.dumps(lock, separators=(",", ":")), encoding="utf-8")


def _write_site(work: Path, index: Path, static: Path) -> None:
    dest = work / "site"
    dest.mkdir(mode=0o755)
    if index.is_file():
        _copy(index, dest / "index.html")
    shutil.copytree(static, dest / "static",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    zip_engine(ENGINE, dest / "patience.zip")
    opening.write(dest)      # the first visit's table, written by the engine (tools/opening.py)

    pyodide = npm_vendor.fetch("pyodide")
    for name in PYODIDE_FILES:
        copy = (_copy_script if name.endswith((".js", ".mjs"))
                else _copy_lock if name == "pyodide-lock.json" else _copy)
        copy(pyodide / name, dest / "vendor" / "pyodide" / name)
    stdlib_trim.trim(pyodide / "python_stdlib.zip", dest / "vendor/pyodide/python_stdlib.zip",
                     stdlib_trim.read_keep(), importers=[static / "py"], path=[ENGINE.parent])
    pyscript = npm_vendor.fetch("@pyscript/core")
    for name in pyscript_files(pyscript):
        copy = _copy_script if name.endswith((".js", ".mjs")) else _copy
        copy(pyscript / "dist" / name, dest / "vendor" / "pyscript" / name)
    for package, folder in ((pyodide, "pyodide"), (pyscript, "pyscript")):
        for licence in ("LICENSE", "LICENSE.md"):
            if (package / licence).is_file():
                _copy(package / licence, dest / "vendor" / folder / "LICENSE")
    write_modulepreloads(dest)
    pwa.write(dest)          # last: the service worker lists every file of the site


def build(dest: Path = DIST) -> Path:
    """Write the site into ``dest`` from scratch (it is deleted first) and return it.

    A missing ``index.html`` is left out (``main`` warns): the runtime can still be tried
    with a page of one's own copied into ``dest``.
    """
    index = ROOT / "index.html"
    static = ROOT / "static"
    if not static.is_dir():
        raise BuildError(f"{static} is missing")
    dest = dest.resolve()
    if dest in (ROOT, *ROOT.parents) or dest in (static, ENGINE):
        raise BuildError(f"refusing to build into {dest}")
    dest.parent.mkdir(parents=True, exist_ok=True)
    # Build beside ``dest``, then swap it in: a build that fails, or runs at the same
    # time as another, never leaves a half-written site behind.
    work = Path(tempfile.mkdtemp(prefix=f".{dest.name}-", dir=dest.parent))
    try:
        _write_site(work, index, static)
        work.chmod(0o755)
        with contextlib.suppress(FileNotFoundError):
            dest.rename(work / ".old")
        (work / "site").rename(dest)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return dest


class SiteServer(http.server.ThreadingHTTPServer):
    """The threaded HTTP server; its threads never keep the process alive."""

    daemon_threads = True
    #: Log no requests (for the tests).
    quiet = False

    def handle_error(self, request: Any, client_address: Any) -> None:
        """Say nothing when a browser drops a connection (a cancelled request)."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Serve files with the content types the site needs, always revalidated."""

    def guess_type(self, path: str | os.PathLike[str]) -> str:
        """Return the content type for ``path``: :data:`MIME_TYPES` first."""
        return MIME_TYPES.get(Path(path).suffix.lower()) or super().guess_type(path)

    def end_headers(self) -> None:
        """Ask the browser to revalidate every file, so a rebuild shows at once."""
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        """Log requests unless the server is quiet."""
        if not (isinstance(self.server, SiteServer) and self.server.quiet):
            super().log_message(format, *args)


def make_server(directory: Path, port: int = 0, host: str = "127.0.0.1",
                quiet: bool = False) -> tuple[SiteServer, str]:
    """Bind a server for ``directory`` (port 0: any free port) and return it and its URL."""
    handler = functools.partial(SiteHandler, directory=str(directory))
    server = SiteServer((host, port), handler)
    server.quiet = quiet
    return server, f"http://{host}:{server.server_address[1]}/"


def serve(directory: Path, port: int = 0, host: str = "127.0.0.1",
          quiet: bool = True) -> tuple[SiteServer, str]:
    """Serve ``directory`` from a background thread; return the server and its URL.

    Stop it with ``server.shutdown(); server.server_close()``.
    """
    server, url = make_server(directory, port, host, quiet)
    thread = threading.Thread(target=server.serve_forever, name=f"serve {url}", daemon=True)
    thread.start()
    return server, url


def _sizes(paths: Iterable[Path]) -> int:
    return sum(p.stat().st_size for p in paths if p.is_file())


def _run(command: str, port: int, host: str) -> int:
    server = None
    if command == "serve":
        try:        # bind first: a busy port must not cost the dist/ being served already
            server, _ = make_server(DIST, port, host)
        except OSError as e:
            print(f"build: cannot listen on {host}:{port}: {e}", file=sys.stderr)
            return 1
    try:
        dest = build(DIST)
        size = _sizes(dest.rglob("*"))
        print(f"build: wrote {dest.relative_to(ROOT)}/ ({size / 1e6:.1f} MB)", flush=True)
        if not (dest / "index.html").is_file():
            print("build: warning: there is no index.html to copy", file=sys.stderr)
        if server is None:
            return 0
        shown = "localhost" if host in ("127.0.0.1", "0.0.0.0") else host
        print(f"Serving {dest.relative_to(ROOT)}/ on http://{shown}:{server.server_address[1]}/"
              " (Ctrl+C to stop)", flush=True)
        server.serve_forever()
    except (BuildError, npm_vendor.VendorError, opening.OpeningError) as e:
        print(f"build: error: {e}", file=sys.stderr)
        return 1
    finally:
        if server is not None:
            server.server_close()
    return 0


def main(argv: list[str] | None = None) -> int:
    """Run the command line; Ctrl+C stops it quietly (exit status 130)."""
    parser = argparse.ArgumentParser(description="Build the site into dist/ (and serve it).")
    parser.add_argument("command", nargs="?", choices=("build", "serve"), default="build",
                        help="build (the default), or serve: build, then serve dist/")
    parser.add_argument("--port", type=int, default=8000, help="port for serve (default 8000)")
    parser.add_argument("--host", default="127.0.0.1",
                        help="IPv4 address to listen on for serve (default 127.0.0.1)")
    opts = parser.parse_args(argv)
    try:
        return _run(opts.command, opts.port, opts.host)
    except KeyboardInterrupt:
        print("\nbuild: stopped", file=sys.stderr, flush=True)
        return 130


if __name__ == "__main__":
    sys.exit(main())
