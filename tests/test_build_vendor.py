"""build.py's vendored scripts: no source-map comments (the maps are not shipped), and
Pyodide's shared memory made only in a cross-origin isolated page."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

if sys.platform == "emscripten":
    pytest.skip("a build tool: CPython only", allow_module_level=True)

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build  # noqa: E402
import npm_vendor  # noqa: E402  (tools/, put on the path by build)


def test_source_map_comment_goes_and_nothing_else(tmp_path: Path) -> None:
    src = tmp_path / "core.js"
    src.write_bytes(b'import "./a.js";\nconst u = "//# sourceMappingURL=kept.map";\n'
                    b"//# sourceMappingURL=core.js.map\n")
    build._copy_script(src, tmp_path / "out" / "core.js")
    assert (tmp_path / "out" / "core.js").read_bytes() == (
        b'import "./a.js";\nconst u = "//# sourceMappingURL=kept.map";\n')


def test_a_script_without_a_map_is_copied_as_it_is(tmp_path: Path) -> None:
    src = tmp_path / "x.mjs"
    src.write_bytes(b"export const x = 1;\n")
    build._copy_script(src, tmp_path / "y.mjs")
    assert (tmp_path / "y.mjs").read_bytes() == b"export const x = 1;\n"


def test_pyodide_shared_memory_only_when_isolated(tmp_path: Path) -> None:
    old, new = build.SHARED_MEMORY
    src = tmp_path / "pyodide.asm.mjs"
    src.write_bytes(b"var io=new Int32Array(" + old + b");function so(t){}")
    build._copy_script(src, tmp_path / "out.mjs")
    text = (tmp_path / "out.mjs").read_bytes()
    assert text == b"var io=new Int32Array(" + new + b");function so(t){}"
    assert text.count(b"crossOriginIsolated?new WebAssembly.Memory({shared:!0") == 1


def test_pyodide_without_the_expected_memory_fails_the_build(tmp_path: Path) -> None:
    src = tmp_path / "pyodide.asm.mjs"
    src.write_bytes(b"var io=new Int32Array(new SharedArrayBuffer(4));")
    with pytest.raises(build.BuildError, match="shared memory"):
        build._copy_script(src, tmp_path / "out.mjs")


def test_pinned_runtime_has_the_patched_line_once_and_no_maps(tmp_path: Path) -> None:
    pyodide = npm_vendor.fetch("pyodide")            # from the cache, or npm pack, sha512-checked
    build._copy_script(pyodide / "pyodide.asm.mjs", tmp_path / "pyodide.asm.mjs")
    build._copy_script(pyodide / "pyodide.mjs", tmp_path / "pyodide.mjs")
    patched = (tmp_path / "pyodide.asm.mjs").read_bytes()
    assert patched.count(build.SHARED_MEMORY[1]) == 1
    assert b"sourceMappingURL" not in (tmp_path / "pyodide.mjs").read_bytes()
    pyscript = npm_vendor.fetch("@pyscript/core")
    for name in build.pyscript_files(pyscript):
        if name.endswith(".js"):
            build._copy_script(pyscript / "dist" / name, tmp_path / name)
            assert b"sourceMappingURL=" not in (tmp_path / name).read_bytes()[-300:], name


def test_the_pinned_lock_is_shipped_with_its_header_and_no_packages(tmp_path: Path) -> None:
    pyodide = npm_vendor.fetch("pyodide")
    full = json.loads((pyodide / "pyodide-lock.json").read_text(encoding="utf-8"))
    build._copy_lock(pyodide / "pyodide-lock.json", tmp_path / "pyodide-lock.json")
    shipped = json.loads((tmp_path / "pyodide-lock.json").read_text(encoding="utf-8"))
    assert len(full["packages"]) > 100                # what the distribution lists
    assert shipped["packages"] == {}                  # the page loads none of them
    assert shipped["info"] == full["info"]            # Pyodide checks its version and ABI
    assert (tmp_path / "pyodide-lock.json").stat().st_size < 1000
