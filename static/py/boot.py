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

If the engine cannot start, ``started()`` says why (``"ModuleNotFoundError: ..."``) and
``call`` raises; nothing here raises while the worker starts, so PyScript never draws its
error box and the page shows its own words.
"""

from __future__ import annotations

import importlib
import json
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


def call(method: str, args_json: str) -> str:
    """Call a bridge method with its JSON list of arguments; return its JSON answer."""
    if method not in _methods:
        raise ValueError(f"the engine has no method {method!r}" if _failure is None
                         else f"the engine did not start: {_failure}")
    return str(_methods[method](*json.loads(args_json)))


__export__ = ["call", "started"]
