"""Start the page's engine in a worker and answer the page's calls.

PyScript runs this in a web worker (``<script type="py" worker name="engine">`` in
``index.html``) once Pyodide is up there and ``patience.zip`` is unpacked into its home folder
(by ``static/js/pyodide-loader.js``, which fetches the zip as it starts), so the page's main
thread never waits while Python starts or thinks. The page (``static/js/engine.js``) reaches
the two names in ``__export__`` through the worker PyScript made, asynchronously:

- ``started()`` returns JSON ``{"error": null | text, "methods": [...], "boot": ...,
  "fallback": ...}``: the engine's start, the bridge's public methods, and how Pyodide
  booted (``static/js/pyodide-loader.js`` notes it in the worker as ``patienceBootPath``:
  ``"snapshot"`` or ``"plain"``, and why it fell back).
- ``call(method, args_json)`` calls the public method of one
  :class:`patience.bridge.Bridge` with the arguments (a JSON list of strings and numbers)
  and returns its JSON answer as it is.

After the first move, the modules the bridge's methods import when first used
(``patience.bridge.LATER``: the records a first win writes, the walk, the suggestions) are
imported one at a time while the page leaves the engine idle, so that the first use of
none of them waits for its import; a start from the memory snapshot has them already.

If the engine cannot start, ``started()`` says why (``"ModuleNotFoundError: ..."``) and
``call`` raises; nothing here raises while the worker starts, so PyScript never draws its
error box and the page shows its own words.
"""

from __future__ import annotations

import contextlib
import importlib
import json
import sys
import time
from collections.abc import Callable
from typing import Any

# Pyodide's own module, which exists only there; looked up by name so that CPython's type
# checker and linter read this file without stubs (its values are untyped anyway).
js: Any = importlib.import_module("js")


def public_methods(cls: type) -> list[str]:
    """Return the names of a class's public methods, in alphabetical order."""
    return sorted(name for name in dir(cls)
                  if not name.startswith("_") and callable(getattr(cls, name)))


def _start() -> tuple[dict[str, Any], str | None]:
    try:
        from patience.bridge import Bridge  # noqa: PLC0415 (a failure must reach the page)

        bridge = Bridge()
        return {name: getattr(bridge, name) for name in public_methods(Bridge)}, None
    except BaseException as e:  # said to the page, which shows it
        return {}, f"{type(e).__name__}: {e}"


_methods, _failure = _start()


def started() -> str:
    """Return how the engine started: JSON ``{"error", "methods", "boot", "fallback"}``."""
    path = getattr(js, "patienceBootPath", None)
    return json.dumps({"error": _failure, "methods": sorted(_methods),
                       "boot": str(path.path) if path else None,
                       "fallback": str(path.fallback) if path and path.fallback else None})


#: How long the engine must have had no call before one of the later modules is imported
#: (ms): a player's taps come faster than this, and each waits for one import at most.
IDLE_MS = 1000

_later: list[str] | None = None   # the later modules not imported yet; None before the first move
_last_call = 0.0                  # time.monotonic() of the page's last call


def _once(fn: Callable[[], None]) -> object:
    """``fn`` as JavaScript may call once, later (Pyodide's); ``fn`` itself elsewhere."""
    try:
        ffi: Any = importlib.import_module("pyodide.ffi")
    except ImportError:
        return fn
    return ffi.create_once_callable(fn)


def _import_later_soon(delay_ms: float = IDLE_MS) -> None:
    set_timeout = getattr(js, "setTimeout", None)
    if _later and set_timeout is not None:
        set_timeout(_once(_import_one_later), delay_ms)


def _import_one_later() -> None:
    """Import the next later module if the page has made no call for IDLE_MS; else wait."""
    idle_ms = (time.monotonic() - _last_call) * 1000
    if idle_ms < IDLE_MS:
        _import_later_soon(IDLE_MS - idle_ms)
        return
    if _later:
        name = _later.pop(0)
        # A failure is left to the method that needs the module: it imports it and says why.
        with contextlib.suppress(Exception):
            importlib.import_module(name)
    _import_later_soon()


def call(method: str, args_json: str) -> str:
    """Call a bridge method with its JSON list of arguments; return its JSON answer."""
    global _later, _last_call  # noqa: PLW0603 (the worker's one engine)
    if method not in _methods:
        raise ValueError(f"the engine has no method {method!r}" if _failure is None
                         else f"the engine did not start: {_failure}")
    try:
        return str(_methods[method](*json.loads(args_json)))
    finally:
        _last_call = time.monotonic()
        if _later is None and method == "play":
            from patience.bridge import LATER  # noqa: PLC0415 (imported with the engine)

            _later = [name for name in LATER if name not in sys.modules]
            _import_later_soon()


__export__ = ["call", "started"]
