"""What the page's engine imports as it starts (issue 28): the bridge's start and the calls the
page makes before its first move import, of the modules the bridge's methods import when first
used (``patience.bridge.LATER``), only the two the shipped winnable lists are read with; those
are every module the methods import, and all of them ``import_later`` (run before the memory
snapshot is taken) imports."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

from patience.bridge import LATER

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "py" / "patience"
#: The bridge and its mixins: the modules whose methods import some modules when first used.
BRIDGE_FILES = ("bridge.py", "guide_api.py", "links_api.py", "records_api.py")

#: The page's calls from the engine's start to its first move, in order (boot.js, links.js,
#: deals.js, winnable-deals.js, intents.js, game-flow.js), on a first visit: boot.js asks for
#: the shipped winnable lists (``winnable_lists`` on static/data/winnable.json's text) right
#: after the catalogue, before it opens the game.
FIRST_MOVE = """
import json, sys
from pathlib import Path
from patience.bridge import Bridge
b = Bridge()
b.catalogue()
lists = json.loads(b.winnable_lists(Path("../static/data/winnable.json").read_text("utf-8")))
listed = sorted(m for m in sys.modules if m.startswith("patience."))
b.link_parse("", "{}")
snap = json.loads(b.new("klondike", "{}", 7))
b.winnable_key("klondike", "{}")
key = sorted(snap["taps"])[0]
pile, _, index = key.partition(":")
tap = json.loads(b.tap(pile, int(index)))
played = json.loads(b.play(tap["move"], 1.0))
b.snapshot(1.0)
print(json.dumps({"moves": played["moveCount"], "lists": sorted(lists["lists"]),
                  "listed": listed, "modules": sorted(sys.modules)}))
"""


def _run(code: str) -> dict[str, object]:
    if sys.platform == "emscripten":
        pytest.skip("runs a fresh interpreter: CPython only")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=ROOT / "py")
    answer: dict[str, object] = json.loads(out.stdout)
    return answer


def _local_imports(path: Path) -> set[str]:
    """The engine's modules a file imports inside its functions (``from . import x`` or
    ``from .x import y``)."""
    found: set[str] = set()
    for fn in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(fn, ast.FunctionDef):
            continue
        for node in ast.walk(fn):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                if node.module:
                    found.add(f"patience.{node.module}")
                else:
                    found.update(f"patience.{alias.name}" for alias in node.names)
    return found


def test_the_first_move_imports_none_of_the_later_modules() -> None:
    answer = _run(FIRST_MOVE)
    assert answer["moves"] == 1
    # The lists were read (their keys include Klondike's), not refused.
    lists = answer["lists"]
    assert isinstance(lists, list) and any(k.startswith("klondike") for k in lists), lists
    modules = answer["modules"]
    assert isinstance(modules, list)
    assert "patience.bridge" in modules and "patience.intents" in modules
    # Of the later modules, the start imports only the two the lists are read with (both
    # small: a few ms on CPython), and it imports them for the lists, not for the first move.
    listed = answer["listed"]
    assert isinstance(listed, list)
    assert [m for m in LATER if m in modules] == [m for m in LATER if m in listed] \
        == ["patience.difficulty", "patience.knownline"]
    # The rules page's HTML escaping brought html.entities, a large table (under Pyodide, in
    # the browser, PyScript imports it for itself all the same).
    assert "html.entities" not in modules


def test_the_later_modules_are_every_one_the_methods_import_when_first_used() -> None:
    imported = set().union(*(_local_imports(ENGINE / name) for name in BRIDGE_FILES))
    assert imported == set(LATER)
    assert list(LATER) == sorted(LATER)


def test_import_later_imports_them_all() -> None:
    answer = _run("import json, sys\nimport patience.bridge\npatience.bridge.import_later()\n"
                  "print(json.dumps({'modules': sorted(sys.modules)}))")
    modules = answer["modules"]
    assert isinstance(modules, list)
    assert [m for m in LATER if m not in modules] == []


def test_the_snapshot_imports_them_before_it_is_taken() -> None:
    worker = (ROOT / "static" / "js" / "solver-worker.js").read_text(encoding="utf-8")
    assert "patience.bridge.import_later()" in worker
