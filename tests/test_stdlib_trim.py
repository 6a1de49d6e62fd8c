"""tools/stdlib_trim.py: the standard library zip is cut to the listed modules, byte for byte."""

from __future__ import annotations

import sys
import zipfile
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "emscripten",
                                reason="a build tool: CPython only")

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import npm_vendor  # noqa: E402
import stdlib_trim  # noqa: E402
from stdlib_trim import TrimError, trim  # noqa: E402

MEMBERS = {
    "a.py": "import os\n",
    "b.py": "x = 1\n" * 200,
    "pkg/__init__.py": "",
    "pkg/sub.py": "y = 2\n" * 300,
    "pkg/other.py": "z = 3\n",
    "pkg/deep/__init__.py": "",
    "pkg/deep/leaf.py": "w = 4\n",
    "pkg/py.typed": "",
    "big/__init__.py": "q = 5\n" * 1000,
    "README.txt": "not a module\n",
}


def make_source(path: Path) -> Path:
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for d in ("pkg/", "pkg/deep/", "big/"):
            zf.writestr(zipfile.ZipInfo(d, date_time=(2020, 1, 2, 3, 4, 6)), "")
        for name, text in MEMBERS.items():
            zf.writestr(zipfile.ZipInfo(name, date_time=(2021, 5, 6, 7, 8, 10)), text,
                        compress_type=zipfile.ZIP_DEFLATED)
    return path


def test_keeps_the_listed_modules_and_their_packages_only(tmp_path: Path) -> None:
    src = make_source(tmp_path / "src.zip")
    result = trim(src, tmp_path / "out.zip", ["a", "pkg.deep.leaf"])
    with zipfile.ZipFile(tmp_path / "out.zip") as out:
        assert out.testzip() is None
        assert out.namelist() == ["pkg/", "pkg/deep/", "a.py", "pkg/__init__.py",
                                  "pkg/deep/__init__.py", "pkg/deep/leaf.py"]
        assert out.read("a.py") == b"import os\n"
    assert result.modules == 4                      # a, pkg, pkg.deep, pkg.deep.leaf
    assert result.members == 6
    assert result.dst_bytes == (tmp_path / "out.zip").stat().st_size < result.src_bytes


def test_members_are_copied_as_they_are_and_builds_repeat(tmp_path: Path) -> None:
    src = make_source(tmp_path / "src.zip")
    trim(src, tmp_path / "one.zip", ["pkg.sub", "b"])
    trim(src, tmp_path / "two.zip", ["b", "pkg.sub", "pkg"])
    assert (tmp_path / "one.zip").read_bytes() == (tmp_path / "two.zip").read_bytes()
    with zipfile.ZipFile(src) as a, zipfile.ZipFile(tmp_path / "one.zip") as b:
        for info in b.infolist():
            was = a.getinfo(info.filename)
            assert (info.CRC, info.compress_size, info.date_time, info.compress_type) == \
                (was.CRC, was.compress_size, was.date_time, was.compress_type)


def test_a_listed_module_missing_from_the_zip_fails(tmp_path: Path) -> None:
    src = make_source(tmp_path / "src.zip")
    with pytest.raises(TrimError, match=r"no module nope, pkg\.gone"):
        trim(src, tmp_path / "out.zip", ["a", "nope", "pkg.gone"])
    with pytest.raises(TrimError, match="no module"):
        trim(src, tmp_path / "out.zip", ["README"])             # a data file is no module


def test_an_import_the_list_lacks_fails(tmp_path: Path) -> None:
    src = make_source(tmp_path / "src.zip")
    code = tmp_path / "code"
    code.mkdir()
    (code / "ok.py").write_text("import js\nfrom pkg import sub\nfrom . import x\n")
    trim(src, tmp_path / "out.zip", ["pkg.sub"], importers=[code])
    (code / "late.py").write_text("def f():\n    import big\n")
    with pytest.raises(TrimError, match="imports big,"):
        trim(src, tmp_path / "out.zip", ["pkg.sub"], importers=[code])
    # A module Pyodide has frozen needs nothing from the zip.
    keep = stdlib_trim.KeepList(("pkg.sub",), frozen=("big",))
    assert trim(src, tmp_path / "out.zip", keep, importers=[code]).modules == 2


def test_imports_are_followed_through_the_sites_own_modules(tmp_path: Path) -> None:
    src = tmp_path / "src"
    (src / "app" / "sub").mkdir(parents=True)
    (src / "app" / "__init__.py").write_text("import json\nfrom . import core\n")
    (src / "app" / "core.py").write_text("from .sub import deep\n")
    (src / "app" / "sub" / "__init__.py").write_text("")
    (src / "app" / "sub" / "deep.py").write_text(
        "from ..core import x\n\ndef f():\n    from collections.abc import Mapping\n")
    (src / "app" / "cli.py").write_text("import argparse\n")        # not imported: not counted
    boot = tmp_path / "boot.py"
    boot.write_text("from js import window\nfrom app.sub.deep import f\n")
    found = stdlib_trim.imported_modules([boot], [src])
    assert found == {"js", "js.window", "json", "collections", "collections.abc",
                     "collections.abc.Mapping"}


def test_read_keep(tmp_path: Path) -> None:
    listed = tmp_path / "keep.txt"
    listed.write_text("# a comment\nb\n\na  # why\nb\n[frozen]\nos\n")
    keep = stdlib_trim.read_keep(listed)
    assert (keep.modules, keep.frozen, list(keep)) == (("a", "b"), ("os",), ["a", "b"])
    listed.write_text("a\n[nope]\n")
    with pytest.raises(TrimError, match="unknown section"):
        stdlib_trim.read_keep(listed)
    listed.write_text("# nothing\n")
    with pytest.raises(TrimError, match="lists no module"):
        stdlib_trim.read_keep(listed)


def test_the_committed_list_trims_pyodides_zip(tmp_path: Path) -> None:
    """The list matches the pinned Pyodide, and covers the engine's and boot.py's imports."""
    package = npm_vendor.fetch("pyodide")      # from the cache, or npm pack, sha512-checked
    keep = stdlib_trim.read_keep()
    assert {"json", "hashlib", "re", "dataclasses", "typing", "enum", "pyodide.ffi",
            "_pyodide", "encodings.utf_8"} <= set(keep)
    result = trim(package / "python_stdlib.zip", tmp_path / "stdlib.zip", keep,
                  importers=[ROOT / "static" / "py"], path=[ROOT / "py"])
    assert result.dst_bytes < result.src_bytes / 2
