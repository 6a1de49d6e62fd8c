"""The zip the site ships (``build.zip_engine``, ``tools/pyc_compile.py``): the modules the page's
engine imports first (``build.FIRST_IMPORTS``) are Pyodide's bytecode, with no source beside
them, and Pyodide's Python imports them from that bytecode; the rest stay source. Pyodide
runs under Node.js here, as in the build."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

if sys.platform == "emscripten":      # a build tool: CPython only
    pytest.skip("a build tool: CPython only", allow_module_level=True)

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build  # noqa: E402  (build.py lives at the repository root)
import pyc_compile  # noqa: E402  (build puts tools/ on sys.path)

#: Run in Pyodide over the unpacked zip (its folder is argv[1]): the page's first imports,
#: how each module was loaded, every module of the package, and where a function's code says
#: it comes from.
IN_PYODIDE = """
import importlib, json, pkgutil, sys
site = sys.argv[1]
sys.path[:] = [site] + [p for p in sys.path if p.startswith("/lib")]
sys.pycache_prefix = None
sys.dont_write_bytecode = False
exec(compile(sys.argv[2], "<first>", "exec"), {})
first = {name: type(m.__spec__.loader).__name__ for name, m in sys.modules.items()
         if name.split(".")[0] == "patience"}
import patience
for info in pkgutil.walk_packages(patience.__path__, "patience."):
    importlib.import_module(info.name)
import patience.bridge as bridge
code = bridge.Bridge.__init__.__code__
print(json.dumps({"first": first, "file": patience.__file__,
                  "magic": importlib.util.MAGIC_NUMBER.hex(),
                  "code": [code.co_filename, code.co_firstlineno],
                  "loaders": {n: type(m.__spec__.loader).__name__ for n, m in sys.modules.items()
                              if n.split(".")[0] == "patience"}}))
"""


@pytest.fixture(scope="module")
def shipped_zip(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build.zip_engine(build.ENGINE, tmp_path_factory.mktemp("zip") / "patience.zip")


def _first_in_cpython(tmp_path: Path) -> set[str]:
    """The engine's files that ``build.FIRST_IMPORTS`` imports, found by CPython from the
    sources."""
    script = (f"import sys; sys.path.insert(0, {str(build.ENGINE.parent)!r})\n"
              f"{build.FIRST_IMPORTS}"
              "print(' '.join(m.__file__ for n, m in sys.modules.items()"
              " if n.split('.')[0] == 'patience'))")
    done = subprocess.run([sys.executable, "-I", "-S", "-c", script], cwd=tmp_path,
                          capture_output=True, text=True, check=True, timeout=300)
    return {Path(f).relative_to(build.ENGINE.parent).as_posix() for f in done.stdout.split()}


def test_the_first_modules_ship_as_bytecode_alone(shipped_zip: Path, tmp_path: Path) -> None:
    names = set(zipfile.ZipFile(shipped_zip).namelist())
    sources = set(zipfile.ZipFile(build.zip_engine(build.ENGINE, tmp_path / "src.zip",
                                                   bytecode=False)).namelist())
    first = _first_in_cpython(tmp_path)
    assert "patience/bridge.py" in first and "patience/cards.py" in first
    assert "patience/worker.py" not in first         # the solver's, not the page's first
    assert names == (sources - first) | {f"{f}c" for f in first}
    with zipfile.ZipFile(shipped_zip) as zf:
        for name in first:
            head = zf.read(f"{name}c")[:16]
            assert head[4:8] == pyc_compile.UNCHECKED_HASH_FLAGS, name


def test_the_zip_is_the_same_bytes_when_built_again(shipped_zip: Path, tmp_path: Path) -> None:
    again = build.zip_engine(build.ENGINE, tmp_path / "again.zip")
    assert again.read_bytes() == shipped_zip.read_bytes()


def test_pyodide_imports_the_first_modules_from_their_bytecode(shipped_zip: Path,
                                                               tmp_path: Path) -> None:
    site = tmp_path / "site"
    with zipfile.ZipFile(shipped_zip) as zf:
        zf.extractall(site)
    script = site / "check.py"           # in the folder mounted into Pyodide
    script.write_text(IN_PYODIDE, encoding="utf-8")
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "pyodide_tests.py"), "--script",
                           str(script), str(site), build.FIRST_IMPORTS],
                          capture_output=True, text=True, check=False, timeout=600,
                          env={**os.environ, "PYODIDE_TESTS_NO_PYC": "1"})
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout.splitlines()[-1])
    assert found["file"] == f"{site}/patience/__init__.pyc"
    first = found["first"]
    assert "patience.bridge" in first
    assert set(first.values()) == {"SourcelessFileLoader"}, first
    later = {n: kind for n, kind in found["loaders"].items() if n not in first}
    assert "patience.worker" in later
    assert set(later.values()) == {"SourceFileLoader"}, later
    # The code names the repository's file and line (the source is stripped line for line).
    source = (build.ENGINE / "bridge.py").read_text(encoding="utf-8").splitlines()
    filename, line = found["code"]
    assert filename == "patience/bridge.py"
    assert source[line - 1].strip().startswith("def __init__(")
    with zipfile.ZipFile(shipped_zip) as zf:
        assert zf.read("patience/bridge.pyc")[:4].hex() == found["magic"]


def test_the_first_imports_are_what_the_pages_engine_runs_first() -> None:
    # static/py/boot.py's _start is what the page runs first: were it to import more or other
    # modules, the bytecode would no longer cover the first move, and no other test would say.
    tree = ast.parse((ROOT / "static" / "py" / "boot.py").read_text(encoding="utf-8"))
    start = next(n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "_start")
    tried = next(n for n in start.body if isinstance(n, ast.Try))
    imports = [ast.unparse(n) for n in ast.walk(tried)
               if isinstance(n, ast.Import | ast.ImportFrom)]
    calls = [ast.unparse(n.value) for n in tried.body if isinstance(n, ast.Assign)]
    first = [line for line in build.FIRST_IMPORTS.splitlines() if line]
    assert imports == [line for line in first if line.startswith(("from ", "import "))]
    assert calls[:1] == [line for line in first if not line.startswith(("from ", "import "))]
