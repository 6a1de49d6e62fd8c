"""Write the first visit's opening into the built ``index.html``: a table to look at at once.

A first visit (nothing saved) has nothing to paint until Python has started, seconds on a
phone. ``write(site)`` asks the engine, through the same :class:`patience.bridge.Bridge` the
page uses, for the opening of one fixed deal, and puts the part of its snapshot the page
paints (what ``store.js`` keeps of a saved game for its warm paint) with the cards' names
into ``<script type="application/json" id="opening">`` of the site's ``index.html``. The page
(``boot.js``) paints it through the same path as a saved board, and once the engine has
started it deals that same deal, so the table does not jump. The page holds no rule: this is
data the engine wrote.

The deal is fixed, not today's daily deal: the same bytes serve every visit of a build (the
service worker and a CDN keep them), and a fixed deal can be chosen for a first game. Klondike
(the catalogue's first game) deal 5 with its default options: the solver has won it (it is in
the shipped list of winnable deals), no card goes to a foundation by itself at its opening (a
move made automatically would change the table under the first tap), and it offers several
moves at once. :func:`opening` checks all three, so an engine change that breaks one of them
fails the build instead of quietly showing something else.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, Final

ROOT: Final[Path] = Path(__file__).resolve().parent.parent
if str(ROOT / "py") not in sys.path:
    sys.path.insert(0, str(ROOT / "py"))

from patience.bridge import Bridge  # noqa: E402

GAME: Final[str] = "klondike"
DEAL: Final[int] = 5
FORMAT: Final[int] = 1
#: The element of ``index.html`` the opening is written into (empty in the source).
PLACEHOLDER: Final[str] = '<script type="application/json" id="opening"></script>'
#: What a saved game's record leaves out of the snapshot it paints (``store.writeGame``).
NOT_PAINTED: Final[frozenset[str]] = frozenset({"moves", "taps", "safe", "save", "line"})
WINNABLE: Final[Path] = ROOT / "static" / "data" / "winnable.json"


class OpeningError(RuntimeError):
    """Raised when the chosen deal is no longer a fit opening."""


def opening(game: str = GAME, deal: int = DEAL) -> dict[str, Any]:
    """Return the opening the page paints: ``{v, game, deal, snapshot, cards}``."""
    bridge = Bridge()
    cards = json.loads(bridge.catalogue())["cards"]
    snap = json.loads(bridge.new(game, "{}", deal))
    if "error" in snap:
        raise OpeningError(f"the engine would not deal {game} {deal}: {snap['error']}")
    if snap["safe"]:
        raise OpeningError(f"{game} {deal} moves cards by itself at its opening: {snap['safe']}")
    if len(snap["moves"]) < 3:
        raise OpeningError(f"{game} {deal} offers fewer than three moves at its opening")
    key = json.loads(bridge.winnable_key(game, "{}"))["key"]
    listed = json.loads(WINNABLE.read_text(encoding="utf-8"))["sets"].get(key, [])
    if deal not in listed:
        raise OpeningError(f"{game} {deal} is not in the shipped list of won deals ({key})")
    painted = {k: v for k, v in snap.items() if k not in NOT_PAINTED}
    return {"v": FORMAT, "game": game, "deal": deal, "snapshot": painted, "cards": cards}


def inline(html: str, data: dict[str, Any]) -> str:
    """Return ``html`` with the opening written into its placeholder (which must be there)."""
    if html.count(PLACEHOLDER) != 1:
        raise OpeningError("index.html must hold the opening's placeholder exactly once")
    # No "<" in the element's text, so no "</script>" can close it early.
    text = json.dumps(data, separators=(",", ":")).replace("<", "\\u003c")
    return html.replace(PLACEHOLDER, PLACEHOLDER.replace("></", f">{text}</"))


def write(site: Path) -> dict[str, Any] | None:
    """Write the opening into ``site/index.html``; return it (None with no index.html)."""
    index = site / "index.html"
    if not index.is_file():
        return None
    data = opening()
    index.write_text(inline(index.read_text(encoding="utf-8"), data), encoding="utf-8")
    return data
