"""Run every check and test of the project: the one test command of the README.

    python3 tools/test_all.py            # everything
    python3 tools/test_all.py --fast     # skip the Pyodide run and the browser tests

Makes ``.venv/`` (once, and again when ``pyproject.toml`` changes) and ``node_modules/``
(``npm ci``, once, and again when ``package-lock.json`` changes), then runs ruff, mypy
--strict, ESLint and the JavaScript unit tests (``node --test tests/js/``), the unit tests in
CPython and, beside them on the other core, the same unit tests inside Pyodide under
Node.js, and once the CPython run is done (the Pyodide run may still go on) the end-to-end
tests of the built site in Chromium (a Playwright-installed Chromium if there is one, else
Debian's ``chromium``), two at a time (pytest-xdist). Stops at the first failure and exits
with its code; the Pyodide run's result is printed once the browser tests are done (or have
failed), so a failure there is known at the end.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import subprocess
import sys
import tempfile
import time
import venv
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PY = BIN / "python"


def run(title: str, cmd: list[str], env: dict[str, str] | None = None) -> None:
    """Run one step, printing its title and time; exit on failure."""
    print(f"\n=== {title}: {' '.join(cmd)}", flush=True)
    start = time.monotonic()
    code = subprocess.call(cmd, cwd=ROOT, env={**os.environ, **(env or {})})
    print(f"=== {title}: {'ok' if code == 0 else f'FAILED ({code})'} "
          f"in {time.monotonic() - start:.1f}s", flush=True)
    if code != 0:
        raise SystemExit(code)


@contextlib.contextmanager
def beside(title: str, cmd: list[str], env: dict[str, str] | None = None) -> Iterator[None]:
    """Run one step in the background while the block runs, its output kept aside and printed
    once the block is done and the step has ended; exit on its failure. If a step of the block
    fails, the background step is still waited for and reported before that failure is
    raised (two failures are both shown); if the block is interrupted, it is stopped, with
    its children (the Pyodide run's Node.js), and what it printed so far is shown."""
    print(f"\n=== {title} (beside the next steps): {' '.join(cmd)}", flush=True)
    start = time.monotonic()
    with tempfile.TemporaryFile() as out:
        proc = subprocess.Popen(cmd, cwd=ROOT, env={**os.environ, **(env or {})}, stdout=out,
                                stderr=subprocess.STDOUT, start_new_session=True)

        def report(code: int) -> None:
            out.seek(0)
            print(f"\n=== {title}: its output", flush=True)
            sys.stdout.buffer.write(out.read())
            sys.stdout.flush()
            print(f"=== {title}: {'ok' if code == 0 else f'FAILED ({code})'} "
                  f"in {time.monotonic() - start:.1f}s", flush=True)

        try:
            yield
        except SystemExit:          # a step of the block failed: this one's result too
            report(proc.wait())
            raise
        except BaseException:       # interrupted: stop it and its children
            with contextlib.suppress(ProcessLookupError):
                if hasattr(os, "killpg"):
                    os.killpg(proc.pid, 9)
                else:
                    proc.kill()
            report(proc.wait())
            raise
        code = proc.wait()
        report(code)
    if code != 0:
        raise SystemExit(code)


def ensure_venv() -> None:
    """Create the virtual environment and install the test tools when they are stale."""
    stamp = VENV / ".pyproject-sha256"
    want = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if stamp.exists() and stamp.read_text() == want and PY.exists():
        return
    if not PY.exists():
        print("=== creating .venv", flush=True)
        venv.EnvBuilder(with_pip=True, clear=True).create(VENV)
    run("install test tools", [str(PY), "-m", "pip", "install", "--quiet",
                               "--disable-pip-version-check", "-e", ".[test,study]"])
    stamp.write_text(want)


def ensure_node_modules() -> None:
    """Install the pinned JavaScript tools (ESLint) when they are missing or stale."""
    stamp = ROOT / "node_modules" / ".package-lock-sha256"
    want = hashlib.sha256((ROOT / "package-lock.json").read_bytes()).hexdigest()
    if stamp.exists() and stamp.read_text() == want:
        return
    run("install JS tools", ["npm", "ci", "--no-audit", "--no-fund"])
    stamp.write_text(want)


def main() -> None:
    """Run the checks in order."""
    fast = "--fast" in sys.argv[1:]
    ensure_venv()
    hypothesis = {"HYPOTHESIS_PROFILE": os.environ.get("HYPOTHESIS_PROFILE", "ci")}
    run("ruff", [str(BIN / "ruff"), "check", "py", "static/py", "tests", "bench", "tools",
                  "build.py", "e2e"])
    run("mypy --strict", [str(BIN / "mypy")])
    ensure_node_modules()
    run("eslint", ["node", str(ROOT / "node_modules" / "eslint" / "bin" / "eslint.js"),
                   "--max-warnings", "0"])
    run("unit tests (JavaScript, node --test)",
        ["node", "--test", *sorted(str(p.relative_to(ROOT))
                                   for p in (ROOT / "tests" / "js").glob("*.test.mjs"))])
    cpython = ("unit tests (CPython)",
               [str(PY), "-m", "pytest", "-q", "-p", "no:cacheprovider"])
    if fast:
        run(*cpython, hypothesis)
    else:
        # The same unit tests inside Pyodide run beside the CPython run: each takes one core.
        # Both read the pinned Pyodide from .cache/ (a CPython test checks its standard
        # library): fetch it first, so that two fetches of a fresh clone never race.
        sys.path.insert(0, str(ROOT / "tools"))
        import npm_vendor  # noqa: PLC0415 (a sibling tool, found once tools/ is on the path)

        npm_vendor.fetch("pyodide")
        # The wheels too (with the venv's pip): the CPython run's build tests use them.
        run("Pyodide's test wheels", [str(PY), "-c", "import sys; sys.path.insert(0, 'tools'); "
                                      "import pyodide_tests; pyodide_tests.ensure_site_dir()"])
        # The browser tests start as soon as the CPython run is done, while the Pyodide run
        # (the longer by some three minutes) may still hold the other core: a browser test
        # waits on its page much of the time. The Pyodide run's output and result follow.
        with beside("unit tests (Pyodide under Node.js)",
                    [str(PY), "tools/pyodide_tests.py", "-q"], hypothesis):
            run(*cpython, hypothesis)
            browser_tests()
    print("\nall checks passed", flush=True)


def browser_tests() -> None:
    """Build the site once and run the browser tests over it, two at a time.

    Two pytest-xdist workers, each with its own Chromium and server: a browser test waits on
    its page much of the time (a search, an animation, a round trip), so one test at a time
    leaves a core idle (the README has the figures). They share one build of the site
    (e2e/conftest.py's PATIENCE_E2E_SITE), made here once, not once each. The slowest tests
    are listed at the end, so that a CI log says where the time went."""
    with tempfile.TemporaryDirectory(prefix="patience-e2e-") as tmp:
        site = os.environ.get("PATIENCE_E2E_SITE") or str(Path(tmp) / "site")
        if "PATIENCE_E2E_SITE" not in os.environ:
            run("build the site for the browser tests",
                [str(PY), "-c", "import pathlib, sys, build; "
                 "build.build(pathlib.Path(sys.argv[1]))", site])
        run("browser tests (Chromium)", [str(PY), "-m", "pytest", "-q", "-p",
                                         "no:cacheprovider", "-n", "2", "--dist", "worksteal",
                                         "--durations=20", "e2e"],
            {"PATIENCE_E2E_SITE": site})


if __name__ == "__main__":
    main()
