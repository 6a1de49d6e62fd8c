"""Start the solver in its worker: run by ``static/js/solver-worker.js`` once Pyodide is up.

The worker has unpacked ``patience.zip`` into Pyodide's home folder (on ``sys.path``), so the
engine imports as in the page. The last expression is the ``start`` function the worker
calls with each job's JSON text (see :mod:`patience.worker`).
"""

from __future__ import annotations

from patience.worker import start

start  # noqa: B018 (the value of the last expression is what Pyodide hands the worker)
