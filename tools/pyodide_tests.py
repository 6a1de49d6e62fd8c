"""Run the project's pytest suite inside real Pyodide (WebAssembly) under Node.js.

Usage::

    python3 tools/pyodide_tests.py [pytest args...]

With no test path among the arguments, ``tests`` is run.  Relative paths are
resolved against the repository root (pytest runs with the repo root as its
working directory); absolute paths anywhere on the host work as well, because
every directory they live in is mounted into Pyodide at the same absolute path.

What it does:

1. ``npm_vendor.fetch("pyodide")`` -- the pinned, integrity-checked Pyodide
   distribution in ``.cache/npm/pyodide-<version>/``.
2. Makes sure the pure-Python test dependencies (:data:`WHEELS`) are in
   ``.cache/wheels/``.  Missing ones are fetched with
   ``pip download --no-deps --only-binary=:all: --python-version 3.14
   --require-hashes`` (pip uses its configured index), then checked against
   the pinned sha256 again and unpacked into ``.cache/wheels/site-<key>/``,
   which goes on Pyodide's ``sys.path``.
3. Runs ``node tools/pyodide_tests.mjs <config>``, which boots Pyodide from the
   vendored directory, mounts the repository with NODEFS, and calls
   ``pytest.main([...args, "-p", "no:cacheprovider"])``.  pytest's output is
   streamed and its exit code becomes this process's exit code.

Compiled ``.pyc`` files (Python 3.14 bytecode) are kept under
``.cache/pyodide-pycache/`` via ``sys.pycache_prefix``, never next to the
sources; this roughly halves pytest's start-up time inside Pyodide.

Environment knobs: ``NODE`` (node binary), ``PYODIDE_TESTS_NODE_ARGS`` (extra
node flags, shell-style quoting), ``PYODIDE_TESTS_NO_PYC=1`` (write no .pyc
files at all).  ``CI``, ``NO_COLOR``, ``FORCE_COLOR``, ``COLUMNS``, ``TERM``
and ``HYPOTHESIS_*`` / ``PYTEST_*`` variables are passed through into
Pyodide's ``os.environ``; nothing else from the host environment is.

Exit status: pytest's exit code; 10 when setup (npm, pip, node) fails; 11 when
the harness fails inside Node (Pyodide boot, version check, mounts).
"""

from __future__ import annotations

import hashlib
import json
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
import zipfile
from pathlib import Path, PurePosixPath
from typing import Final, NamedTuple

import npm_vendor

TOOLS_DIR: Final[Path] = Path(__file__).resolve().parent
REPO_ROOT: Final[Path] = TOOLS_DIR.parent
WHEEL_CACHE: Final[Path] = REPO_ROOT / ".cache" / "wheels"
RUNNER_MJS: Final[Path] = TOOLS_DIR / "pyodide_tests.mjs"

#: Python version of the pinned Pyodide; the runner refuses to run on another.
PYTHON_VERSION: Final[str] = "3.14"
DEFAULT_TEST_PATH: Final[str] = "tests"
#: Exit status when setup fails (pytest itself uses 0-5; the .mjs uses 11).
SETUP_FAILURE: Final[int] = 10


class Wheel(NamedTuple):
    """A pinned pure-Python wheel (``py3-none-any``) and its sha256."""

    name: str
    version: str
    filename: str
    sha256: str


#: Test-time dependencies for Python 3.14, all pure Python: the full closure
#: of ``pytest`` + ``hypothesis`` there (hypothesis no longer needs attrs;
#: pytest needs pygments; exceptiongroup/tomli are only for Python < 3.11).
#: pytest and hypothesis match the ``test`` extra in pyproject.toml (checked
#: at run time); the rest match the host test environment.
WHEELS: Final[tuple[Wheel, ...]] = (
    Wheel(
        "pytest",
        "9.0.3",
        "pytest-9.0.3-py3-none-any.whl",
        "2c5efc453d45394fdd706ade797c0a81091eccd1d6e4bccfcd476e2b8e0ab5d9",
    ),
    Wheel(
        "pluggy",
        "1.6.0",
        "pluggy-1.6.0-py3-none-any.whl",
        "e920276dd6813095e9377c0bc5566d94c932c33b27a3e3945d8389c374dd4746",
    ),
    Wheel(
        "iniconfig",
        "2.3.0",
        "iniconfig-2.3.0-py3-none-any.whl",
        "f631c04d2c48c52b84d0d0549c99ff3859c98df65b3101406327ecc7d53fbf12",
    ),
    Wheel(
        "packaging",
        "26.2",
        "packaging-26.2-py3-none-any.whl",
        "5fc45236b9446107ff2415ce77c807cee2862cb6fac22b8a73826d0693b0980e",
    ),
    Wheel(
        "pygments",
        "2.20.0",
        "pygments-2.20.0-py3-none-any.whl",
        "81a9e26dd42fd28a23a2d169d86d7ac03b46e2f8b59ed4698fb4785f946d0176",
    ),
    Wheel(
        "hypothesis",
        "6.155.2",
        "hypothesis-6.155.2-py3-none-any.whl",
        "c85ce6dcd630a90ce501f1d1dd1bc84b97f5649ca8a27e134c8cbf5aa480b1a5",
    ),
    Wheel(
        "sortedcontainers",
        "2.4.0",
        "sortedcontainers-2.4.0-py2.py3-none-any.whl",
        "a163dcaede0f1c021485e957a39245190e74249897e2ae4b2aa38595db237ee0",
    ),
)

#: pytest options that consume the following argument, so that it is not
#: mistaken for a test path when deciding whether to add the default path.
_VALUE_OPTIONS: Final[frozenset[str]] = frozenset(
    {
        "-k", "-m", "-p", "-c", "-o", "-W", "-r", "--tb", "--maxfail",
        "--rootdir", "--confcutdir", "--basetemp", "--deselect", "--ignore",
        "--ignore-glob", "--junitxml", "--junit-xml", "--durations",
        "--durations-min", "--log-level", "--log-cli-level", "--log-file",
        "--override-ini", "--import-mode", "--capture", "--config-file",
        "--pythonwarnings", "--hypothesis-profile", "--hypothesis-seed",
        "--hypothesis-verbosity", "--color", "--code-highlight", "--inifile",
        "--debug", "--assert", "--show-capture", "--verbosity",
    }
)  # fmt: skip

_PASS_ENV: Final[tuple[str, ...]] = ("CI", "NO_COLOR", "FORCE_COLOR", "COLUMNS", "TERM")
_PASS_ENV_PREFIXES: Final[tuple[str, ...]] = ("HYPOTHESIS_", "PYTEST_")


class HarnessError(RuntimeError):
    """Raised when the harness cannot set up the run."""


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _pip_download(wheels: list[Wheel], dest: Path) -> None:
    """Fetch ``wheels`` into ``dest`` with pip, hash-checked, for Python 3.14."""
    req = dest / "requirements.txt"
    req.write_text("".join(f"{w.name}=={w.version} --hash=sha256:{w.sha256}\n" for w in wheels))
    cmd = [
        sys.executable, "-m", "pip", "download",
        "--no-deps", "--only-binary=:all:", "--require-hashes",
        "--python-version", PYTHON_VERSION, "--implementation", "py",
        "--abi", "none", "--platform", "any",
        "--disable-pip-version-check", "--quiet",
        "--dest", str(dest), "-r", str(req),
    ]  # fmt: skip
    names = ", ".join(f"{w.name}=={w.version}" for w in wheels)
    print(f"pyodide_tests: pip download {names}", file=sys.stderr)
    proc = subprocess.run(cmd, check=False)
    if proc.returncode != 0:
        raise HarnessError(f"pip download failed (exit {proc.returncode})")


def ensure_wheels() -> list[Path]:
    """Return the pinned wheel files in ``.cache/wheels``, downloading missing ones."""
    WHEEL_CACHE.mkdir(parents=True, exist_ok=True)
    missing = [
        w
        for w in WHEELS
        if not (WHEEL_CACHE / w.filename).is_file() or _sha256(WHEEL_CACHE / w.filename) != w.sha256
    ]
    if missing:
        with tempfile.TemporaryDirectory(prefix=".tmp-", dir=WHEEL_CACHE) as tmp:
            _pip_download(missing, Path(tmp))
            for w in missing:
                got = Path(tmp) / w.filename
                if not got.is_file():
                    raise HarnessError(f"pip did not produce {w.filename}")
                if _sha256(got) != w.sha256:
                    raise HarnessError(f"sha256 mismatch for {w.filename}")
                got.replace(WHEEL_CACHE / w.filename)
    return [WHEEL_CACHE / w.filename for w in WHEELS]


def _safe_unzip(wheel: Path, into: Path) -> None:
    with zipfile.ZipFile(wheel) as zf:
        for info in zf.infolist():
            rel = PurePosixPath(info.filename)
            if rel.is_absolute() or ".." in rel.parts or "\\" in info.filename:
                raise HarnessError(f"unsafe path {info.filename!r} in {wheel.name}")
            target = into.joinpath(*rel.parts)
            if info.is_dir():
                target.mkdir(parents=True, exist_ok=True)
                continue
            target.parent.mkdir(parents=True, exist_ok=True)
            with zf.open(info) as src, target.open("wb") as out:
                shutil.copyfileobj(src, out)


def ensure_site_dir() -> Path:
    """Unpack the pinned wheels once into ``.cache/wheels/site-<key>/``."""
    wheels = ensure_wheels()
    key = hashlib.sha256(
        "\n".join(f"{w.filename}:{w.sha256}" for w in WHEELS).encode()
    ).hexdigest()[:12]
    site = WHEEL_CACHE / f"site-{key}"
    if site.is_dir():
        return site
    with tempfile.TemporaryDirectory(prefix=".tmp-", dir=WHEEL_CACHE) as tmp:
        staging = Path(tmp) / "site"
        staging.mkdir()
        for wheel in wheels:
            _safe_unzip(wheel, staging)
        try:
            staging.replace(site)
        except OSError:        # another run (the build's bytecode test, say) made it first
            if not site.is_dir():
                raise
    return site


def pyproject_mismatches() -> list[str]:
    """Pins in pyproject.toml's ``test`` extra that differ from :data:`WHEELS`."""
    try:
        data = tomllib.loads((REPO_ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError):
        return []
    extras = data.get("project", {}).get("optional-dependencies", {})
    ours = {w.name: w.version for w in WHEELS}
    out: list[str] = []
    for req in extras.get("test", []):
        name, sep, version = str(req).partition("==")
        name = name.strip().lower()
        if sep and name in ours and version.strip() != ours[name]:
            out.append(
                f"{name}: pyproject.toml pins {version.strip()}, Pyodide run uses {ours[name]}"
            )
    return out


def _positional_args(args: list[str]) -> list[str]:
    out: list[str] = []
    skip = False
    for arg in args:
        if skip:
            skip = False
        elif arg == "--":
            continue
        elif arg in _VALUE_OPTIONS:
            skip = True
        elif not arg.startswith("-"):
            out.append(arg)
    return out


def _host_path(arg: str) -> Path | None:
    """The existing host path that ``arg`` names, if any.

    Understands ``path::node_id`` and ``--option=path``; relative paths are
    taken relative to the repository, like pytest inside Pyodide sees them.
    The result is absolute and lexically normalised, but symlinks are kept so
    that the very path pytest is given exists inside Pyodide as well.
    """
    value = arg.split("=", 1)[1] if arg.startswith("-") and "=" in arg else arg
    value = value.split("::", 1)[0]
    if not value or value.startswith("-"):
        return None
    path = Path(os.path.normpath(REPO_ROOT / value))
    return path if path.exists() else None


def mount_points(args: list[str]) -> list[str]:
    """Host directories to mount at identical paths inside Pyodide.

    The repository plus the directory of every existing path named in
    ``args`` (arguments inside the repository are covered by its mount).
    """
    dirs = {REPO_ROOT}
    for arg in args:
        path = _host_path(arg)
        if path is not None:
            dirs.add(path if path.is_dir() else path.parent)
    # Mount each top-most directory once; nested ones are covered already.
    chosen: list[Path] = []
    for d in sorted(dirs, key=lambda p: len(p.parts)):
        if not any(d == c or c in d.parents for c in chosen):
            chosen.append(d)
    return [str(d) for d in chosen]


def _passthrough_env() -> dict[str, str]:
    return {
        k: v for k, v in os.environ.items() if k in _PASS_ENV or k.startswith(_PASS_ENV_PREFIXES)
    }


def build_config(args: list[str]) -> dict[str, object]:
    no_pyc = os.environ.get("PYODIDE_TESTS_NO_PYC", "") not in ("", "0")
    pyodide_dir = npm_vendor.fetch("pyodide")
    site = ensure_site_dir()
    return {
        "indexURL": str(pyodide_dir) + os.sep,
        "pyodideVersion": npm_vendor.PINNED["pyodide"].version,
        "pythonVersion": PYTHON_VERSION,
        "repo": str(REPO_ROOT),
        "mounts": mount_points(args),
        "sysPath": [str(site), str(REPO_ROOT / "py")],
        "pycachePrefix": None if no_pyc else str(REPO_ROOT / ".cache" / "pyodide-pycache"),
        "pytestArgs": args,
        "env": _passthrough_env(),
    }


def main(argv: list[str] | None = None) -> int:
    """Run pytest inside Pyodide, or with ``--script FILE ARGS...`` a Python script instead."""
    args = sys.argv[1:] if argv is None else argv
    script = None
    if args[:1] == ["--script"] and len(args) > 1:
        script, args = args[1], args[2:]
    elif not _positional_args(args):
        args = [*args, DEFAULT_TEST_PATH]
    if script is None:
        args = [*args, "-p", "no:cacheprovider"]
    t0 = time.monotonic()
    for problem in pyproject_mismatches():
        print(f"pyodide_tests: warning: {problem}", file=sys.stderr)
    try:
        config = build_config(args)
        config["script"] = script
    except (HarnessError, npm_vendor.VendorError) as exc:
        print(f"pyodide_tests: error: {exc}", file=sys.stderr)
        return SETUP_FAILURE
    node = os.environ.get("NODE") or shutil.which("node")
    if node is None:
        print("pyodide_tests: error: `node` not found on PATH", file=sys.stderr)
        return SETUP_FAILURE
    node_args = shlex.split(os.environ.get("PYODIDE_TESTS_NODE_ARGS", ""))
    print(
        f"pyodide_tests: setup {time.monotonic() - t0:.2f}s; "
        f"pyodide {config['pyodideVersion']}; pytest {shlex.join(args)}",
        file=sys.stderr,
    )
    cmd = [node, *node_args, str(RUNNER_MJS), json.dumps(config)]
    try:
        return subprocess.run(cmd, cwd=REPO_ROOT, check=False).returncode
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
