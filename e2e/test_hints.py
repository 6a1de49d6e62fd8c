"""Hint in seconds on a hard game: the rule of thumb first, labelled, while the search goes on.

Forty Thieves' deal 2 opens a position no search here has finished (it is still unknown at
1,000,000 positions: docs/solver.md), so Hint's first answer there is the labelled
rule-of-thumb move, shown while the worker still searches. Roosevelt's deal 4 served until
session 31: since Roosevelt's search gives a deal at most two reseeded beams, it can end
before Hint's first answer on a fast machine. No time is asserted
(bench/hints.py measures it): only the sequence of what the hint line says, and that the move
it names is a legal move of the table.
"""

from __future__ import annotations

import json

from playwright.sync_api import Page, expect

from .conftest import BOOT_TIMEOUT_MS
from .play import manual_play, open_game, snap

#: Records every state of the hint line from before the press on: [kind, text] pairs, the
#: first one the line as it is when the watch starts. The page redraws the line whenever the
#: solver's state changes (its worker ready, an indicator's answer), writing its attributes
#: again even when nothing changed: a state equal to the last one is not recorded again, so
#: such a redraw before the press (it comes later on a loaded machine) adds nothing.
WATCH_TIP = """() => {
    const tip = document.getElementById("tip");
    const seen = window.__tips = [];
    const look = () => {
        const now = [tip.hidden ? "hidden" : (tip.dataset.kind || "none"), tip.textContent];
        const last = seen.at(-1);
        if (!last || last[0] !== now[0] || last[1] !== now[1]) seen.push(now);
    };
    look();
    new MutationObserver(look).observe(tip, {childList: true, subtree: true,
                                             characterData: true, attributes: true});
}"""


def test_a_hard_opening_gets_a_labelled_suggestion_while_the_search_goes_on(
        page: Page, site_url: str) -> None:
    manual_play(page)
    open_game(page, site_url, "forty_thieves", 2)
    s = snap(page)
    assert s["moveCount"] == 0 and s["status"] == "playing"
    # The words the engine has for each legal move of this position.
    words = {m["text"]: json.loads(page.evaluate("(t) => patienceBridge.describe(t)",
                                                 m["text"]))["hint"]
             for m in s["moves"]}
    page.evaluate(WATCH_TIP)
    page.click("#btn-hint")

    tip = page.locator("#tip")
    expect(tip).to_contain_text("Still looking for a win", timeout=BOOT_TIMEOUT_MS)
    expect(tip).to_have_attribute("data-kind", "guess")
    expect(tip).to_contain_text("A suggestion by rule of thumb, not a promise:")
    # The search has not answered: the line still says the solver is thinking.
    expect(page.locator("#verdict")).to_have_attribute("data-state", "thinking")
    text = tip.text_content() or ""
    named = [m for m, w in words.items() if f"not a promise: {w}." in text]
    assert named, f"{text!r} names none of the legal moves {sorted(words.values())}"
    expect(page.locator(".card.hint, .hint-target").first).to_be_visible()

    # The sequence: the line hidden before the press, then "Looking for a win…" (no kind
    # yet), then the guess, and nothing between (no win shown for another position, no
    # empty line).
    seen: list[list[str]] = page.evaluate("window.__tips")
    assert seen[0][0] == "hidden", seen
    assert seen[1] == ["none", "Looking for a win…"], seen
    kinds = [k for k, _ in seen]
    assert kinds[1: kinds.index("guess") + 1] == ["none", "guess"], seen
    assert snap(page)["moveCount"] == 0                # a hint plays nothing
