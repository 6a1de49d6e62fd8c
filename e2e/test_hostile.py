"""Hostile saves through the page (issue 16): a representative set of the corpus in
``tests/hostile/corpus.py``, each in a saved-game record. Each is set aside with a visible
message, kept byte for byte under a backup key, and the other games' saves are untouched; no
markup from a save is ever inserted (the page fixture also fails on any Content Security
Policy violation). And the snapshot painted before Python starts is checked before it is
drawn: a 500,000-card one is not (point 5)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .play import MANUAL, seed, snap, storage, wait_ready

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from hostile.corpus import cases, text

KEY = "patience:v1:game:klondike"
OTHER = "patience:v1:game:freecell"
# A real FreeCell game in progress, which no Klondike record may overwrite.
FREECELL_SAVE = json.dumps({"format": "patience", "version": 2, "game": "freecell",
                            "options": {}, "deal": 617, "moves": ["t1>c1"], "redo": [],
                            "elapsed": 3})
OTHER_RECORD = json.dumps({"rev": 4, "v": 1, "game": "freecell", "save": FREECELL_SAVE,
                           "snapshot": {"piles": {}, "layout": {"columns": 1, "rows": []}}})
PAINTED = {"piles": {"t1": ["AS"]}, "layout": {"columns": 1, "rows": []}}

BY_NAME = {c.name: c for c in cases()}
# Points 2, 3 and 4 of the issue, and one of each other kind of refusal.
PICKED = ["other-game", "other-game-v1", "deep-7000", "deep-objects", "elapsed-infinity",
          "timed-infinity", "elapsed-nan", "deal-digits", "version-9", "game-script",
          "move-script", "position-missing-card", "many-moves", "folded-negative"]

WATCH = """
(() => {
  // The most cards on the table before the engine was ready (the warm paint).
  const w = window.__warm = {cards: 0};
  const count = () => {
    const table = document.getElementById("table");
    if (!table || table.classList.contains("ready")) return;
    w.cards = Math.max(w.cards, table.querySelectorAll(".card").length);
  };
  new MutationObserver(count).observe(document, {childList: true, subtree: true});
})();
"""


@pytest.mark.parametrize("name", PICKED)
def test_a_hostile_save_is_set_aside_kept_and_harmless(page: Page, site_url: str,
                                                      name: str) -> None:
    case = BY_NAME[name]
    assert case.expect is not None
    record = json.dumps({"v": 1, "game": "klondike", "save": case.text, "snapshot": PAINTED})
    seed(page, {"patience:v1:current": "klondike", KEY: record, OTHER: OTHER_RECORD})
    page.goto(site_url)
    wait_ready(page)
    expect(page.locator("#notice-title")).to_have_text("Saved game set aside")
    expect(page.locator("#notice-text")).to_contain_text("could not be resumed")
    if case.issue == 2:
        expect(page.locator("#notice-text")).to_contain_text("not a Klondike game")
    kept = storage(page)
    backups = [k for k in kept if k.startswith("patience:v1:backup:klondike:")]
    assert len(backups) == 1 and kept[backups[0]] == record       # byte for byte
    assert kept[OTHER] == OTHER_RECORD                             # the other game untouched
    assert page.locator("#notice img, #notice script, #notice-text *").count() == 0
    s = snap(page)
    assert s["game"] == "klondike" and s["status"] == "playing"     # a new deal started
    page.click("#notice button")
    expect(page.locator("#notice")).to_be_hidden()


def test_a_record_holding_another_games_save_never_overwrites_that_games_own_save(
        page: Page, site_url: str) -> None:
    # Point 2, then a move: the FreeCell record stays as it was, and FreeCell opens as saved.
    record = json.dumps({"v": 1, "game": "klondike", "save": BY_NAME["other-game"].text,
                         "snapshot": PAINTED})
    seed(page, {"patience:v1:current": "klondike", KEY: record, OTHER: OTHER_RECORD})
    page.goto(site_url)
    wait_ready(page)
    page.click("#notice button")
    page.reload()
    wait_ready(page)
    assert storage(page)[OTHER] == OTHER_RECORD
    assert snap(page)["game"] == "klondike"


def test_a_snapshot_of_500000_cards_is_not_painted_and_the_save_still_loads(
        page: Page, site_url: str) -> None:
    # Point 5: the snapshot is checked for shape and size before it is drawn.
    huge = {"piles": {"t1": ["AS"] * 500_000}, "layout": {"columns": 7, "rows": []},
            "moveCount": 2}
    record = json.dumps({"v": 1, "game": "klondike", "save": text(), "snapshot": huge})
    seed(page, {"patience:v1:current": "klondike", KEY: record})
    page.add_init_script(MANUAL)
    page.add_init_script(WATCH)
    page.goto(site_url)
    wait_ready(page)
    assert page.evaluate("window.__warm.cards") == 0
    s = snap(page)
    assert s["game"] == "klondike" and s["deal"] == 3 and s["moveCount"] == 2
    expect(page.locator("#notice")).to_be_hidden()               # the save itself was fine
    saved = json.loads(storage(page)[KEY])
    assert sum(len(p) for p in saved["snapshot"]["piles"].values()) == 52


def test_a_good_snapshot_is_still_painted_before_the_engine_starts(
        page: Page, site_url: str) -> None:
    record_page_snapshot = json.loads(
        (Path(__file__).resolve().parent.parent / "tests" / "hostile" / "painted.json")
        .read_text(encoding="utf-8"))["klondike"]
    record = json.dumps({"v": 1, "game": "klondike", "save": text(moves=[]),
                         "snapshot": record_page_snapshot})
    seed(page, {"patience:v1:current": "klondike", KEY: record})
    page.add_init_script(WATCH)
    page.goto(site_url)
    wait_ready(page)
    assert page.evaluate("window.__warm.cards") == 52
