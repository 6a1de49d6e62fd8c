"""Start the engine in the page and hand it to JavaScript as ``window.patienceBridge``.

PyScript runs this on the main thread once Pyodide is up and ``patience.zip`` is unpacked
(see ``static/pyscript.json``). ``window.patienceBridge`` is a plain, frozen JavaScript
object whose methods are the public methods of one :class:`patience.bridge.Bridge` (every
callable attribute of the class whose name does not start with ``_``, under the same name),
each wrapped once in a long-lived proxy: a call converts only its string and number
arguments and its string result, nothing else. Then ``patience:ready`` is dispatched on
``window``.

If anything here fails, ``patience:error`` is dispatched on ``window`` instead, with the
Python error as ``event.detail`` (a string), and the error is raised again for the console.
"""

from __future__ import annotations

import importlib
from typing import Any

# Pyodide's own modules, which exist only in the page; looked up by name so that CPython's
# type checker and linter read this file without stubs (their values are untyped anyway).
js: Any = importlib.import_module("js")
ffi: Any = importlib.import_module("pyodide.ffi")


def public_methods(cls: type) -> list[str]:
    """Return the names of a class's public methods, in alphabetical order."""
    return sorted(name for name in dir(cls)
                  if not name.startswith("_") and callable(getattr(cls, name)))


def _event(name: str, detail: str | None = None) -> None:
    init = ffi.to_js({"detail": detail}, dict_converter=js.Object.fromEntries)
    js.window.dispatchEvent(js.CustomEvent.new(name, init))


def _start() -> None:
    from patience.bridge import Bridge  # noqa: PLC0415 (a failure must reach the page)

    bridge = Bridge()
    api = js.Object.new()
    for name in public_methods(Bridge):
        setattr(api, name, ffi.create_proxy(getattr(bridge, name)))
    js.window.patienceBridge = js.Object.freeze(api)
    _event("patience:ready")


try:
    _start()
except BaseException as e:
    _event("patience:error", f"{type(e).__name__}: {e}")
    raise
