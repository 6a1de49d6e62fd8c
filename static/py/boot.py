"""Start the engine in the page and hand it to JavaScript as ``window.patienceBridge``.

PyScript runs this on the main thread once Pyodide is up and ``patience.zip`` is unpacked
(see ``static/pyscript.json``). ``window.patienceBridge`` is a plain, frozen JavaScript
object whose methods are the methods of one :class:`patience.bridge.Bridge`, each wrapped
once in a long-lived proxy: a call converts only its string and number arguments and its
string result, nothing else. Then ``patience:ready`` is dispatched on ``window``.

If anything here fails, ``patience:error`` is dispatched on ``window`` instead, with the
Python error as ``event.detail`` (a string), and the error is raised again for the console.
"""

from js import CustomEvent, Object, window
from pyodide.ffi import create_proxy, to_js

METHODS = ("catalogue", "new", "load", "play", "explain", "undo", "redo", "undo_to", "restart",
           "finish", "suggest", "winnable_key", "snapshot")


def _event(name, detail=None):
    init = to_js({"detail": detail}, dict_converter=Object.fromEntries)
    window.dispatchEvent(CustomEvent.new(name, init))


def _start():
    from patience.bridge import Bridge  # noqa: PLC0415 (a failure must reach the page)

    bridge = Bridge()
    api = Object.new()
    for name in METHODS:
        setattr(api, name, create_proxy(getattr(bridge, name)))
    window.patienceBridge = Object.freeze(api)
    _event("patience:ready")


try:
    _start()
except BaseException as e:
    _event("patience:error", f"{type(e).__name__}: {e}")
    raise
