"""Hint on a listed Roosevelt deal answers from the deal's known win (issue 27, point 3).

The list carries the win the study found (``static/data/lines/roosevelt.json``); the page
loads it once a listed deal is on the table, and the solver's worker answers a position on
that line from it, searching nothing. No time is asserted: that the worker's answer came
from the line (``known``, no position searched), that Hint names the line's next move in the
engine's words and the solver's line says winnable, and, after that move is played, that
Hint names the next one.
"""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Page, expect

import patience
from patience.knownline import follow
from patience.session import Session

from .conftest import BOOT_TIMEOUT_MS
from .play import card, drag, manual_play, open_game, pile, snap

DATA = Path(__file__).resolve().parent.parent / "static" / "data"

#: Keeps every answer of the solver's worker (solver.js listens with onmessage; so do we).
WATCH_WORKER = """
window.__answers = [];
window.__asked = [];
const Plain = window.Worker;
window.Worker = class extends Plain {
    constructor(...args) {
        super(...args);
        this.addEventListener("message", (e) => {
            if (e.data && e.data.answer) window.__answers.push(e.data.answer);
        });
    }
    postMessage(message, ...rest) {
        if (message && message.job) window.__asked.push(Boolean(message.job.known));
        return super.postMessage(message, ...rest);
    }
};
"""


def expected(page: Page, deal: int, line: str) -> str:
    """The engine's words for the next move of the known win from the table's position."""
    s = Session.load(snap(page)["save"])
    rest = follow(patience.rules("roosevelt", {}), deal, line, s.states)
    assert rest, "the table is on the known win"
    words: str = json.loads(page.evaluate("(t) => patienceBridge.describe(t)", rest[0]))["hint"]
    return words


def play(page: Page, move: str) -> None:
    """Play a move between two piles by dragging its card."""
    src, _, dst = move.partition(">")
    top = len(snap(page)["piles"][src]) - 1
    drag(page, card(page, src, top), pile(page, dst))


def test_hint_on_a_listed_roosevelt_deal_gives_the_known_wins_moves(
        page: Page, site_url: str) -> None:
    lines = json.loads((DATA / "lines" / "roosevelt.json").read_text(encoding="utf-8"))
    deal = min(int(d) for d in lines["lines"])           # deal 27 today
    line = lines["lines"][str(deal)]
    manual_play(page)
    page.add_init_script(WATCH_WORKER)
    open_game(page, site_url, "roosevelt", deal)

    page.click("#btn-hint")
    tip = page.locator("#tip")
    expect(tip).to_have_attribute("data-kind", "win", timeout=BOOT_TIMEOUT_MS)
    first = expected(page, deal, line)
    expect(tip).to_have_attribute("data-full", f"Hint: {first}. This keeps the game winnable.")
    expect(page.locator("#verdict")).to_have_attribute("data-state", "winnable")
    answers = page.evaluate("window.__answers")
    assert any(a.get("known") and a["nodes"] == 0 for a in answers), (
        answers, page.evaluate("window.__asked"))
    assert snap(page)["moveCount"] == 0                  # a hint plays nothing

    # The line's first move played, Hint gives the next one.
    play(page, line.split()[0])
    page.wait_for_function("JSON.parse(patienceBridge.snapshot(0)).moveCount === 1")
    page.click("#btn-hint")
    second = expected(page, deal, line)
    expect(tip).to_have_attribute("data-full", f"Hint: {second}. This keeps the game winnable.",
                                  timeout=BOOT_TIMEOUT_MS)
    expect(tip).to_have_attribute("data-kind", "win")
    expect(page.locator("#verdict")).to_have_attribute("data-state", "winnable")
