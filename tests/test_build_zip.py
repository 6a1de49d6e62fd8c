"""The engine's zip (``build.zip_engine``): it leaves out the modules only the bench uses
(``build.BENCH_ONLY``) and the command-line tools (``build.COMMAND_LINE_ONLY``), and what the
page runs from it still imports and solves without them.

These tests read the zip made without bytecode (``bytecode=False``: every module as source),
which CPython can import; ``tests/test_build_pyc.py`` checks the zip the site ships, whose
first modules are Pyodide's bytecode."""

from __future__ import annotations

import ast
import subprocess
import sys
import zipfile
from pathlib import Path, PurePosixPath

import pytest

if sys.platform == "emscripten":      # a build tool: CPython only
    pytest.skip("a build tool: CPython only", allow_module_level=True)

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build  # noqa: E402  (build.py lives at the repository root)

LEFT_OUT_MODULES = {"patience." + p.removesuffix(".py").replace("/", ".") for p in build.LEFT_OUT}


@pytest.fixture(scope="module")
def engine_zip(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build.zip_engine(build.ENGINE, tmp_path_factory.mktemp("zip") / "patience.zip",
                            bytecode=False)


def test_the_zip_holds_the_engine_less_the_bench_only_modules(engine_zip: Path) -> None:
    sources = {p.relative_to(build.ENGINE).as_posix() for p in build.ENGINE.rglob("*.py")
               if "__pycache__" not in p.parts}
    assert sources >= build.LEFT_OUT          # the lists name modules that exist
    assert build.BENCH_ONLY | {"solve.py", "study.py"} == build.LEFT_OUT
    names = set(zipfile.ZipFile(engine_zip).namelist())
    assert names == {f"patience/{p}" for p in sources - build.LEFT_OUT} | {"patience/py.typed"}


def _imports(name: str, source: str) -> set[str]:
    """The modules (and names in them) that the module ``name`` imports, anywhere in it."""
    package = name.split(".")[:-1]        # a module's or an __init__'s: its folder
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            up = package[:len(package) - node.level + 1] if node.level else []
            base = ".".join([*up, *([node.module] if node.module else [])])
            found |= {base} | {f"{base}.{a.name}" for a in node.names}
    return found


def test_no_zipped_module_imports_a_left_out_one(engine_zip: Path) -> None:
    with zipfile.ZipFile(engine_zip) as zf:
        for member in zf.namelist():
            if member.endswith(".py"):
                name = ".".join(PurePosixPath(member).with_suffix("").parts)
                assert not _imports(name, zf.read(member).decode()) & LEFT_OUT_MODULES, member
    # The check sees such an import: the bench's own module imports one.
    plans = (build.ENGINE / "solver" / "onepass_plans.py").read_text(encoding="utf-8")
    assert "patience.solver.lookahead" in _imports("patience.solver.onepass_plans", plans)


def test_the_page_s_engine_runs_from_the_zip_alone(engine_zip: Path, tmp_path: Path) -> None:
    """In a Python that sees only the zip (as the page's, which unpacks it): every zipped
    module imports, the page's two entry points' imports resolve, and the solver's worker
    solves a Roosevelt deal (the search the bench-only plans sit beside)."""
    script = f"""
import importlib, json, pkgutil, sys
sys.path.insert(0, {str(engine_zip)!r})
import patience
assert patience.__file__.startswith({str(engine_zip)!r}), patience.__file__
for info in pkgutil.walk_packages(patience.__path__, "patience."):
    importlib.import_module(info.name)
from patience.bridge import Bridge
from patience.worker import run
save = patience.Session(patience.rules("roosevelt"), deal=1604).save()
answer = run(json.dumps({{"kind": "solve", "save": save, "budget": 100000}}))
print(answer["verdict"], sorted(m for m in sys.modules if m.startswith("patience.solver.o")))
"""
    done = subprocess.run([sys.executable, "-I", "-S", "-c", script], cwd=tmp_path,
                          capture_output=True, text=True, check=False, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split()[0] == "solved"
    assert "onepass'" in done.stdout and "onepass_plans" not in done.stdout


def test_every_zipped_module_is_its_source_stripped_line_for_line(engine_zip: Path) -> None:
    """Each module in the zip is its source without comments and docstrings, with the same
    number of lines (so a traceback's line numbers are the source's)."""
    import io  # noqa: PLC0415
    import tokenize  # noqa: PLC0415

    with zipfile.ZipFile(engine_zip) as zf:
        modules = [n for n in zf.namelist() if n.endswith(".py")]
        assert modules
        for name in modules:
            zipped = zf.read(name).decode("utf-8")
            source = (build.ENGINE.parent / name).read_text("utf-8")
            assert zipped.count("\n") == source.count("\n"), name
            tokens = tokenize.generate_tokens(io.StringIO(zipped).readline)
            assert not [t for t in tokens if t.type == tokenize.COMMENT], name
    assert "patience/bridge.py" in modules
    assert len(zipped) < len(source)      # the last module had prose to lose
