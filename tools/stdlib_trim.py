"""Trim Pyodide's standard library zip to the modules the site imports.

Pyodide ships its whole standard library as ``python_stdlib.zip`` (2.5 MB, members already
deflated, so HTTP compression gains nothing), mounts it as ``/lib/python3XY.zip`` and imports
from it with ``zipimport``. The page needs a fraction of it: Pyodide's own start-up modules,
what PyScript imports, and what ``patience`` and ``static/py/boot.py`` import. Those are
listed, one dotted module name a line, in :data:`KEEP_FILE` (and apart, the modules Pyodide
has frozen, which need nothing from the zip). ``tools/stdlib_record.py`` writes that file by
running the real site in headless Chromium and reading ``sys.modules`` (see there); the list
is committed, so every build makes the same zip.

:func:`trim` copies the listed modules (and their packages' ``__init__.py``) member by member,
*as they are*: the compressed bytes, CRCs and timestamps of Pyodide's zip are kept, nothing is
recompressed, so the result depends only on the pinned source zip and the list. It raises
:class:`TrimError` when a listed module is not in the source zip, and, given ``importers``
(``boot.py``) and ``path`` (where ``patience`` is), when the Python the site runs imports a
standard library module that the zip has but the list lacks: a new ``import fractions`` in
the engine must fail the build, not the browser.

    python3 tools/stdlib_trim.py SRC.zip DST.zip     # trim with the committed list
"""

from __future__ import annotations

import argparse
import ast
import struct
import sys
import zipfile
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Final

#: The committed list of modules to keep (written by ``tools/stdlib_record.py``).
KEEP_FILE: Final[Path] = Path(__file__).resolve().with_name("stdlib_keep.txt")

_LOCAL: Final = struct.Struct("<4s5H3L2H")       # local file header, without name and extra
_CENTRAL: Final = struct.Struct("<4s6H3L5H2L")   # central directory entry, likewise
_END: Final = struct.Struct("<4s4H2LH")          # end of central directory record
_FLAG_ENCRYPTED: Final = 0x1
_FLAG_DESCRIPTOR: Final = 0x8                    # sizes and CRC follow the data
_FLAG_UTF8: Final = 0x800


class TrimError(RuntimeError):
    """Raised when the zip cannot be trimmed to the list as asked."""


@dataclass(frozen=True)
class TrimResult:
    """What :func:`trim` wrote: how many modules and members, and the sizes before and after."""

    modules: int
    members: int
    src_bytes: int
    dst_bytes: int


@dataclass(frozen=True)
class KeepList:
    """The committed list: the modules to keep, and those Pyodide has frozen.

    Iterating gives the modules to keep. Frozen modules (``os``, ``abc``, ``codecs``...) are
    compiled into Pyodide: their copies in the zip are never read, so they are not kept, and
    an import of one needs nothing from the zip.
    """

    modules: tuple[str, ...]
    frozen: tuple[str, ...] = ()

    def __iter__(self) -> Iterator[str]:
        return iter(self.modules)


def read_keep(path: Path = KEEP_FILE) -> KeepList:
    """Read ``path``: a module name a line (``#`` starts a comment); after a line ``[frozen]``,
    the modules Pyodide has frozen."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        raise TrimError(f"cannot read the list of standard library modules to keep: {e}") from e
    sections: dict[str, set[str]] = {"keep": set(), "frozen": set()}
    section = sections["keep"]
    for line in text.splitlines():
        name = line.split("#", 1)[0].strip()
        if name.startswith("["):
            if name.strip("[]") not in sections:
                raise TrimError(f"{path}: unknown section {name}")
            section = sections[name.strip("[]")]
        elif name:
            section.add(name)
    if not sections["keep"]:
        raise TrimError(f"{path} lists no module")
    return KeepList(tuple(sorted(sections["keep"])), tuple(sorted(sections["frozen"])))


def _modules_in(names: Iterable[str]) -> dict[str, list[str]]:
    """Map each module a zip holds to its member(s): ``a/b.py`` or ``a/b/__init__.py``."""
    found: dict[str, list[str]] = {}
    for name in names:
        path = PurePosixPath(name)
        if path.suffix != ".py":
            continue
        parts = path.parent.parts if path.name == "__init__.py" else (*path.parent.parts,
                                                                          path.stem)
        if parts:
            found.setdefault(".".join(parts), []).append(name)
    return found


def _find(name: str, path: Sequence[Path]) -> Path | None:
    """Return the file of module ``name`` under one of the folders ``path``, or ``None``."""
    for root in path:
        base = root.joinpath(*name.split("."))
        for file in (base / "__init__.py", base.parent / f"{base.name}.py"):
            if file.is_file():
                return file
    return None


def _package_of(file: Path, path: Sequence[Path]) -> list[str] | None:
    """Return the package (as parts) that relative imports in ``file`` start from."""
    for root in (r.resolve() for r in path):
        if file.is_relative_to(root):
            parts = list(file.relative_to(root).with_suffix("").parts)
            return parts[:-1]               # a package's __init__ or a module: its folder
    return None


def imported_modules(sources: Iterable[Path], path: Sequence[Path] = ()) -> set[str]:
    """Return the modules from outside ``path`` that the ``.py`` files ``sources`` import.

    ``sources`` are files, or folders searched for ``.py`` files. Every import statement
    counts, at module level or in a function. Imports of modules found under the folders
    ``path`` (like ``sys.path``: ``patience.bridge`` is ``<folder>/patience/bridge.py``) are
    followed into those modules, and their packages' ``__init__.py``, transitively; the
    other names are returned, with their parent packages (``from a.b import c`` gives
    ``a``, ``a.b`` and ``a.b.c``: ``c`` may be a submodule, or any other name).
    """
    todo: list[Path] = []
    for source in sources:
        todo += sorted(source.rglob("*.py")) if source.is_dir() else [source]
    seen: set[Path] = set()
    out: set[str] = set()
    while todo:
        file = todo.pop().resolve()
        if file in seen:
            continue
        seen.add(file)
        package = _package_of(file, path)
        tree = ast.parse(file.read_text(encoding="utf-8"), filename=str(file))
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level == 0:
                    base = node.module or ""
                elif package is None or node.level - 1 > len(package):
                    continue                # relative, outside a known package: not ours
                else:
                    up = package[:len(package) - (node.level - 1)]
                    base = ".".join([*up, *([node.module] if node.module else [])])
                if base:
                    names = [base]
                names += [f"{base}.{a.name}".lstrip(".") for a in node.names if a.name != "*"]
            for name in names:
                parts = name.split(".")
                ours = _find(parts[0], path) is not None     # a name in it may be no module
                for i in range(1, len(parts) + 1):
                    found = _find(".".join(parts[:i]), path)
                    if found is not None:
                        todo.append(found)
                    elif not ours:
                        out.add(".".join(parts[:i]))
    return out


def _with_parents(names: Iterable[str]) -> set[str]:
    out: set[str] = set()
    for name in names:
        parts = name.split(".")
        out.update(".".join(parts[:i]) for i in range(1, len(parts) + 1))
    return out


def _dos_time(info: zipfile.ZipInfo) -> tuple[int, int]:
    y, mo, d, h, mi, s = info.date_time
    return (h << 11) | (mi << 5) | (s // 2), ((y - 1980) << 9) | (mo << 5) | d


def _raw_data(fh: zipfile.ZipFile, info: zipfile.ZipInfo) -> bytes:
    """Return a member's stored (compressed) bytes, read past its local header."""
    raw = fh.fp
    if raw is None:
        raise TrimError("the source zip is closed")
    raw.seek(info.header_offset)
    header = raw.read(_LOCAL.size)
    fields = _LOCAL.unpack(header)
    if fields[0] != b"PK\x03\x04":
        raise TrimError(f"{info.filename}: bad local header")
    raw.seek(fields[9] + fields[10], 1)                 # skip the name and the extra field
    data = raw.read(info.compress_size)
    if len(data) != info.compress_size:
        raise TrimError(f"{info.filename}: truncated")
    return data


def _write_zip(src: zipfile.ZipFile, members: list[zipfile.ZipInfo], dst_zip: Path) -> None:
    """Write ``members`` of ``src`` to ``dst_zip`` without recompressing them."""
    body = bytearray()
    central = bytearray()
    for info in members:
        if info.flag_bits & _FLAG_ENCRYPTED:
            raise TrimError(f"{info.filename}: encrypted members are not supported")
        name = info.filename.encode("utf-8")
        flags = (info.flag_bits & ~_FLAG_DESCRIPTOR) | (0 if name.isascii() else _FLAG_UTF8)
        dos_time, dos_date = _dos_time(info)
        data = _raw_data(src, info)
        offset = len(body)
        body += _LOCAL.pack(b"PK\x03\x04", info.extract_version, flags, info.compress_type,
                            dos_time, dos_date, info.CRC, info.compress_size, info.file_size,
                            len(name), 0)
        body += name + data
        central += _CENTRAL.pack(b"PK\x01\x02", info.create_version | info.create_system << 8,
                                 info.extract_version, flags, info.compress_type, dos_time,
                                 dos_date, info.CRC, info.compress_size, info.file_size,
                                 len(name), 0, 0, 0, info.internal_attr, info.external_attr,
                                 offset)
        central += name
    if len(members) > 0xFFFF or len(body) + len(central) > 0xFFFFFFFF:
        raise TrimError("the trimmed zip would need zip64, which this writer does not do")
    end = _END.pack(b"PK\x05\x06", 0, 0, len(members), len(members), len(central), len(body), 0)
    dst_zip.parent.mkdir(parents=True, exist_ok=True)
    dst_zip.write_bytes(bytes(body + central + end))


def trim(src_zip: Path, dst_zip: Path, keep: Iterable[str], *,
         importers: Iterable[Path] = (), path: Sequence[Path] = ()) -> TrimResult:
    """Write to ``dst_zip`` the modules ``keep`` of the standard library zip ``src_zip``.

    A module is kept with its packages (``a.b.c`` keeps ``a/__init__.py`` and
    ``a/b/__init__.py``) and their directory entries; nothing else is (no data files, no
    ``py.typed``). Members keep their order and their bytes. Raise :class:`TrimError` if a
    listed module is not in ``src_zip``, or if the Python the site runs, ``importers`` (files
    or folders) and the modules of ``path`` they import, transitively (see
    :func:`imported_modules`), imports a module that ``src_zip`` has and the list does not
    (neither to keep nor, for a :class:`KeepList`, frozen).
    """
    wanted = set(keep)
    frozen = set(keep.frozen) if isinstance(keep, KeepList) else set()
    with zipfile.ZipFile(src_zip) as src:
        infos = src.infolist()
        modules = _modules_in(i.filename for i in infos if not i.is_dir())
        missing = sorted(wanted - modules.keys())
        if missing:
            raise TrimError(f"{src_zip} has no module {', '.join(missing)} (listed to keep; "
                            f"run tools/stdlib_record.py to list the modules afresh)")
        kept = _with_parents(wanted)
        unlisted = sorted(m for m in imported_modules(importers, path) if m in modules
                          and m not in kept and m not in frozen)
        if unlisted:
            raise TrimError(f"the site's Python imports {', '.join(unlisted)}, which "
                            f"{KEEP_FILE.name} does not keep: run tools/stdlib_record.py")
        files = {member for name in kept for member in modules.get(name, ())}
        dirs = {f"{PurePosixPath(f).parent}/" for f in files}
        dirs = {f"{p}/" for d in dirs for p in PurePosixPath(d).parents if str(p) != "."} | dirs
        members = [i for i in infos if i.filename in files or i.filename in dirs]
        _write_zip(src, members, dst_zip)
    with zipfile.ZipFile(dst_zip) as check:
        bad = check.testzip()
        if bad is not None:
            raise TrimError(f"{dst_zip}: {bad} does not match its CRC")
    return TrimResult(modules=len(kept), members=len(members),
                      src_bytes=src_zip.stat().st_size, dst_bytes=dst_zip.stat().st_size)


def main(argv: list[str] | None = None) -> int:
    """Trim a zip from the command line with the committed list (or ``--keep FILE``)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("src", type=Path, help="Pyodide's python_stdlib.zip")
    parser.add_argument("dst", type=Path, help="the trimmed zip to write")
    parser.add_argument("--keep", type=Path, default=KEEP_FILE,
                        help=f"the list of modules (default {KEEP_FILE.name})")
    opts = parser.parse_args(argv)
    try:
        result = trim(opts.src, opts.dst, read_keep(opts.keep))
    except TrimError as e:
        print(f"stdlib_trim: error: {e}", file=sys.stderr)
        return 1
    print(f"stdlib_trim: kept {result.modules} modules in {result.members} members: "
          f"{result.src_bytes:,} -> {result.dst_bytes:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
