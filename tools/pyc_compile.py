"""Compile the engine's first modules to the bytecode of the page's Python, at build time.

The page's Python is Pyodide's (3.14): each module it imports from ``patience.zip`` would
otherwise be compiled on the player's device, on every first visit (issue 28). Bytecode is
version-specific and CPython 3.11 cannot write 3.14's, so the pinned Pyodide itself compiles
it, under Node.js (``tools/pyc_compile.mjs``), from ``.cache/npm/`` (``tools/npm_vendor.py``:
no network after the first fetch). The build fails with words when Node.js or the pinned
Pyodide is missing.

``build.zip_engine`` ships each compiled module *instead of* its source, as ``x.pyc`` beside
where ``x.py`` was (Python imports such a file when there is no source): with the source
beside it too, the zip grew by 125 kB, past the first visit's 5 MB; without, by 68 kB. Each
pyc is hash-based and unchecked (PEP 552: no source mtime in it, so its bytes depend only on
the source and the pinned Pyodide), without column ranges (``-X no_debug_ranges``: a quarter
smaller zipped, 125 kB instead of 163 kB beside the sources), and names its file by the
relative path (``patience/bridge.py``): a traceback gives the repository's file and line
(the sources are stripped line for line), not the line's text.

    python3 tools/pyc_compile.py FILE.py...   # prints the runtime's magic, each pyc's size
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterable, Mapping
from pathlib import Path, PurePosixPath
from typing import Final

import npm_vendor

RUNNER: Final[Path] = Path(__file__).resolve().with_name("pyc_compile.mjs")
#: A pyc's bytes 4-8 when Python checks it neither against its source's mtime nor its hash:
#: the flags word of PEP 552 (bit 0: hash-based; bit 1: check_source, left clear).
UNCHECKED_HASH_FLAGS: Final[bytes] = (1).to_bytes(4, "little")
TIMEOUT_S: Final[float] = 300.0


class PycError(RuntimeError):
    """Raised when the bytecode cannot be made: no Node.js, no Pyodide, a compile error."""


def compile_sources(sources: Mapping[str, bytes], run: str = "",
                    files: Iterable[str] = ()) -> tuple[bytes, dict[str, bytes]]:
    """Compile some of ``sources`` (``{"patience/bridge.py": source bytes}``) with the pinned
    Pyodide: ``files``, and every module of ``sources`` that the Python code ``run`` imports
    there (run with the sources' folder first on ``sys.path``).

    Returns the runtime's magic number and, for each compiled source, its pyc's bytes.
    """
    node = os.environ.get("NODE") or shutil.which("node")
    if node is None:
        raise PycError("Node.js (`node`) is not on PATH: the build compiles the engine's "
                       "bytecode with Pyodide under Node.js (set NODE to its path)")
    try:
        pyodide = npm_vendor.fetch("pyodide")
    except (npm_vendor.VendorError, OSError, subprocess.SubprocessError) as e:
        raise PycError(f"the pinned Pyodide is missing and could not be fetched: {e}") from e
    with tempfile.TemporaryDirectory(prefix="pyc-") as tmp:
        root = Path(tmp)
        for name, data in sources.items():
            path = PurePosixPath(name)
            if path.is_absolute() or ".." in path.parts or path.suffix != ".py":
                raise PycError(f"not a module's relative path: {name!r}")
            (root / path).parent.mkdir(parents=True, exist_ok=True)
            (root / path).write_bytes(data)
        config = {"indexURL": f"{pyodide}{os.sep}", "dir": str(root), "run": run,
                  "version": npm_vendor.PINNED["pyodide"].version, "files": sorted(files)}
        try:
            done = subprocess.run([node, str(RUNNER), json.dumps(config)], capture_output=True,
                                  text=True, check=False, timeout=TIMEOUT_S)
        except (OSError, subprocess.TimeoutExpired) as e:
            raise PycError(f"Node.js could not compile the engine's bytecode: {e}") from e
        if done.returncode != 0:
            raise PycError(f"Pyodide could not compile the engine's bytecode:\n{done.stderr}")
        try:       # the answer is the last line: anything Pyodide printed comes before it
            answer = json.loads(done.stdout.strip().splitlines()[-1])
        except (IndexError, ValueError) as e:
            raise PycError(f"Pyodide's bytecode compiler gave no answer: {done.stdout!r}") from e
        magic = bytes.fromhex(answer["magic"])
        pycs: dict[str, bytes] = {}
        for name, pyc in answer["pycs"].items():
            data = (root / pyc).read_bytes()
            if data[:4] != magic or data[4:8] != UNCHECKED_HASH_FLAGS:
                raise PycError(f"{pyc}: not an unchecked-hash pyc of the runtime")
            pycs[name] = data
    return magic, pycs


def main(argv: list[str] | None = None) -> int:
    names = sys.argv[1:] if argv is None else argv
    try:
        magic, pycs = compile_sources({PurePosixPath(n).name: Path(n).read_bytes()
                                       for n in names}, files=[PurePosixPath(n).name
                                                               for n in names])
    except (PycError, OSError) as e:
        print(f"pyc_compile: {e}", file=sys.stderr)
        return 1
    print(f"magic {magic.hex()}")
    for name, data in pycs.items():
        print(f"{name}c\t{len(data)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
