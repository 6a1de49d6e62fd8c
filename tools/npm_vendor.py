"""Vendor pinned npm packages into a local, git-ignored cache.

Every package we ship or test against is pinned here by exact version and by
the sha512 ``integrity`` string that the npm registry publishes for its
tarball.  :func:`fetch` returns the directory holding the extracted package
contents (the tarball's ``package/`` folder) under
``<repo>/.cache/npm/<name>-<version>/``.

The tarball is obtained with ``npm pack <name>@<version>``, so npm's own
configuration (registry, proxy, auth, its local cache) decides where it comes
from; no host name appears here.  The tarball is verified against the pinned
integrity *before* it is cached or unpacked, and unpacking refuses anything but
plain files and directories inside the destination.  Once a package has been
extracted, later calls return immediately without running npm.

Command line::

    python3 tools/npm_vendor.py pyodide            # prints the directory
    python3 tools/npm_vendor.py --all              # every pinned package
    python3 tools/npm_vendor.py --list             # the pin table
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path, PurePosixPath
from typing import Final, NamedTuple


class Pin(NamedTuple):
    """An exact npm package version and the sha512 integrity of its tarball."""

    version: str
    integrity: str


#: The pinned npm packages: ``{name: Pin(version, "sha512-<base64>")}``.
PINNED: Final[dict[str, Pin]] = {
    "pyodide": Pin(
        "314.0.7",
        "sha512-0YvXxEhfEdpLfb/XkM2BFAeMROq0iMUX2bzzH9pOttyMcWkwq+HbE5uyuGD82LN7y2q+"
        "SNvi/6V5JEsOlD2R1A==",
    ),
    "@pyscript/core": Pin(
        "0.7.31",
        "sha512-GqM1aonc1N4RTkNZ1zJ8jJk8+i2cqeztZslPsAiQtn+wHHkUX9Z1FgIg4HjCvhBylB68UK"
        "mbTVTzOobpgPIMVQ==",
    ),
}

REPO_ROOT: Final[Path] = Path(__file__).resolve().parent.parent
DEFAULT_CACHE: Final[Path] = REPO_ROOT / ".cache" / "npm"

_STAMP_SUFFIX: Final[str] = ".integrity"
_NPM_NAME: Final = re.compile(r"(@[a-z0-9][a-z0-9._~-]*/)?[a-z0-9][a-z0-9._~-]*")


class VendorError(RuntimeError):
    """Raised when a package cannot be fetched, verified or extracted."""


def sri_sha512(path: Path) -> str:
    """Return the Subresource-Integrity style ``sha512-<base64>`` of a file."""
    digest = hashlib.sha512()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return "sha512-" + base64.b64encode(digest.digest()).decode("ascii")


def _pin(name: str) -> Pin:
    try:
        return PINNED[name]
    except KeyError:
        known = ", ".join(sorted(PINNED))
        msg = f"{name!r} is not a pinned npm package (pinned: {known})"
        raise VendorError(msg) from None


def _check_name(name: str) -> None:
    # npm names are "pkg" or "@scope/pkg"; keep them from escaping the cache.
    if not _NPM_NAME.fullmatch(name):
        raise VendorError(f"refusing unusual npm package name {name!r}")


def package_dir(name: str, cache_root: Path | None = None) -> Path:
    """Where :func:`fetch` puts ``name`` (it may not exist yet)."""
    _check_name(name)
    root = DEFAULT_CACHE if cache_root is None else cache_root
    return root / f"{name}-{_pin(name).version}"


def _tarball_path(name: str, cache_root: Path | None) -> Path:
    dest = package_dir(name, cache_root)
    return dest.with_name(dest.name + ".tgz")


def _stamp_path(dest: Path) -> Path:
    return dest.with_name(dest.name + _STAMP_SUFFIX)


def _verify(tgz: Path, name: str, pin: Pin) -> None:
    actual = sri_sha512(tgz)
    if actual != pin.integrity:
        raise VendorError(
            f"integrity mismatch for {name}@{pin.version} ({tgz}):\n"
            f"  pinned: {pin.integrity}\n"
            f"  actual: {actual}\n"
            "Refusing to use it. If the pin is really meant to change, update "
            "PINNED in tools/npm_vendor.py."
        )


def _npm_pack(name: str, pin: Pin, workdir: Path) -> Path:
    npm = shutil.which("npm")
    if npm is None:
        msg = "`npm` was not found on PATH; it is needed to fetch npm packages"
        raise VendorError(msg)
    spec = f"{name}@{pin.version}"
    print(f"npm_vendor: fetching {spec} with npm pack", file=sys.stderr)
    cmd = [npm, "pack", spec, "--pack-destination", str(workdir)]
    cmd += ["--ignore-scripts", "--silent"]
    proc = subprocess.run(cmd, cwd=workdir, capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        raise VendorError(
            f"`{' '.join(cmd)}` failed with exit code {proc.returncode}:\n{proc.stderr.strip()}"
        )
    found = sorted(workdir.glob("*.tgz"))
    if len(found) != 1:
        raise VendorError(f"npm pack {spec} produced {len(found)} tarballs, expected 1")
    return found[0]


def _member_target(member: tarfile.TarInfo) -> str | None:
    """Map a tar member to its path below the package root, or None to skip it.

    npm tarballs keep everything below one top-level folder (usually
    ``package/``), which is stripped.  Absolute names, ``..`` and anything
    that is not a regular file or directory are rejected outright.
    """
    pure = PurePosixPath(member.name.replace("\\", "/"))
    if pure.is_absolute() or ".." in pure.parts or any(":" in p for p in pure.parts):
        raise VendorError(f"unsafe path in tarball: {member.name!r}")
    if not (member.isfile() or member.isdir()):
        msg = f"refusing non-regular tar member {member.name!r} ({member.type!r})"
        raise VendorError(msg)
    parts = [p for p in pure.parts if p not in ("", ".")]
    if len(parts) <= 1:
        return None  # the top-level folder itself
    return "/".join(parts[1:])


def _extract(tgz: Path, into: Path) -> None:
    base = into.resolve()
    with tarfile.open(tgz, mode="r:gz") as tar:
        for member in tar.getmembers():
            rel = _member_target(member)
            if rel is None:
                continue
            target = (base / rel).resolve()
            if target != base and base not in target.parents:
                raise VendorError(f"tar member {member.name!r} escapes {into}")
            if member.isdir():
                target.mkdir(parents=True, exist_ok=True)
                continue
            target.parent.mkdir(parents=True, exist_ok=True)
            source = tar.extractfile(member)
            if source is None:
                raise VendorError(f"cannot read {member.name!r} from {tgz}")
            with source, target.open("xb") as out:
                shutil.copyfileobj(source, out)
            # Keep the executable bits, drop everything else (setuid etc.).
            target.chmod(0o755 if member.mode & 0o111 else 0o644)


def fetch(name: str, cache_root: Path | None = None) -> Path:
    """Return the extracted, integrity-checked directory of pinned package ``name``.

    Downloads with ``npm pack`` only when neither the extracted directory nor
    the verified tarball is already cached.
    """
    pin = _pin(name)
    dest = package_dir(name, cache_root)
    stamp = _stamp_path(dest)
    if dest.is_dir() and stamp.is_file() and stamp.read_text().strip() == pin.integrity:
        return dest

    tgz = _tarball_path(name, cache_root)
    dest.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix=".tmp-", dir=dest.parent) as tmp_str:
        tmp = Path(tmp_str)
        if tgz.is_file():
            try:
                _verify(tgz, name, pin)
            except VendorError:
                print(f"npm_vendor: discarding bad cached {tgz}", file=sys.stderr)
                tgz.unlink()
        if not tgz.is_file():
            download = tmp / "download"
            download.mkdir()
            packed = _npm_pack(name, pin, download)
            _verify(packed, name, pin)
            packed.replace(tgz)

        staging = tmp / "package"
        staging.mkdir()
        _extract(tgz, staging)
        if dest.exists():
            shutil.rmtree(dest)
        stamp.unlink(missing_ok=True)
        staging.replace(dest)
        stamp.write_text(pin.integrity + "\n")
    return dest


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Fetch pinned npm packages into .cache/npm and print their paths."
    )
    parser.add_argument("names", nargs="*", help="pinned packages, e.g. pyodide")
    parser.add_argument("--all", action="store_true", help="fetch every pinned package")
    parser.add_argument("--list", action="store_true", help="print the pin table and exit")
    opts = parser.parse_args(argv)
    if opts.list:
        for pkg, pin in sorted(PINNED.items()):
            print(f"{pkg}@{pin.version} {pin.integrity}")
        return 0
    names: list[str] = sorted(PINNED) if opts.all else list(opts.names)
    if not names:
        parser.error("give at least one package name (or --all / --list)")
    try:
        for pkg in names:
            print(fetch(pkg))
    except VendorError as exc:
        print(f"npm_vendor: error: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
