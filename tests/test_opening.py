"""tools/opening.py: the first visit's opening, written by the engine into the built page."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "emscripten",
                                reason="a build tool: CPython only")

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import opening  # noqa: E402
from opening import PLACEHOLDER, OpeningError, inline  # noqa: E402

from patience.bridge import Bridge  # noqa: E402


def test_the_opening_is_the_engines_own_snapshot_of_the_deal() -> None:
    data = opening.opening()
    assert (data["v"], data["game"], data["deal"]) == (1, opening.GAME, opening.DEAL)
    whole = json.loads(Bridge().new(opening.GAME, "{}", opening.DEAL))
    # What a saved game's record keeps for its warm paint (store.writeGame): the rest.
    assert data["snapshot"] == {k: v for k, v in whole.items()
                                if k not in ("moves", "taps", "safe", "save", "line")}
    assert data["cards"] == json.loads(Bridge().catalogue())["cards"]
    assert whole["safe"] == [] and len(whole["moves"]) >= 3


def test_the_catalogue_opens_on_the_game_painted() -> None:
    games = json.loads(Bridge().catalogue())["games"]
    assert games[0]["id"] == opening.GAME


def test_a_deal_that_is_no_fit_opening_fails_the_build() -> None:
    with pytest.raises(OpeningError, match="by itself"):
        opening.opening(deal=2)            # aces go up by themselves at once
    with pytest.raises(OpeningError, match="won deals"):
        opening.opening(deal=26)           # not in the shipped list of won deals


def test_it_is_written_into_the_placeholder_once_and_cannot_close_its_element() -> None:
    html = f"<head>{PLACEHOLDER}</head>"
    out = inline(html, {"v": 1, "text": "</script><b>"})
    body = re.fullmatch(r'<head><script type="application/json" id="opening">(.*)</script></head>',
                        out)
    assert body is not None
    assert "<" not in body.group(1)
    assert json.loads(body.group(1)) == {"v": 1, "text": "</script><b>"}
    for bad in ("<head></head>", html + html):
        with pytest.raises(OpeningError, match="exactly once"):
            inline(bad, {})


def test_the_source_page_holds_the_placeholder() -> None:
    assert (ROOT / "index.html").read_text(encoding="utf-8").count(PLACEHOLDER) == 1


def test_a_site_without_index_html_is_left_alone(tmp_path: Path) -> None:
    assert opening.write(tmp_path) is None
    assert not any(tmp_path.iterdir())
