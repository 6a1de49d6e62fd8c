"""The Chromium the project's scripts drive with Playwright, and how they start it."""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Final

#: Headless Chromium as root on a machine whose only network is the package registries:
#: without the background-networking flags it keeps trying to reach Google's hosts.
CHROMIUM_ARGS: Final[tuple[str, ...]] = (
    "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run")


def chromium_path() -> str | None:
    """Return the Chromium to launch: ``PATIENCE_E2E_CHROMIUM``, else Debian's, else
    ``None`` (the one Playwright installed)."""
    override = os.environ.get("PATIENCE_E2E_CHROMIUM")
    if override:
        return override
    for candidate in ("/usr/bin/chromium", shutil.which("chromium"),
                      shutil.which("chromium-browser")):
        if candidate and Path(candidate).is_file():
            return candidate
    return None
