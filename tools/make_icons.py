"""Draw the app's PNG icons from its SVG drawings, with headless Chromium.

    .venv/bin/python tools/make_icons.py

Writes static/icons/icon-192.png, icon-512.png and maskable-512.png from icon.svg and
maskable.svg (the maskable drawing keeps its art inside the middle 70%, the safe zone).
The PNGs are committed; run this again only when a drawing changes.
"""

from __future__ import annotations

from pathlib import Path

from browser import CHROMIUM_ARGS, chromium_path
from playwright.sync_api import sync_playwright

ICONS = Path(__file__).resolve().parent.parent / "static" / "icons"
OUTPUTS = (("icon.svg", "icon-192.png", 192), ("icon.svg", "icon-512.png", 512),
           ("maskable.svg", "maskable-512.png", 512))


def main() -> None:
    """Render every icon."""
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path(), args=list(CHROMIUM_ARGS))
        for source, target, size in OUTPUTS:
            page = browser.new_page(viewport={"width": size, "height": size})
            svg = (ICONS / source).read_text()
            page.set_content("<style>html,body{margin:0;background:transparent}"
                             f"svg{{display:block;width:{size}px;height:{size}px}}</style>{svg}")
            page.screenshot(path=str(ICONS / target), omit_background=True)
            page.close()
            print(f"wrote {ICONS / target}")
        browser.close()


if __name__ == "__main__":
    main()
