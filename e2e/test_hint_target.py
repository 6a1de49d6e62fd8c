"""The hint shows where, the solver's line reads on a phone, and every control is a full target.

Issue 25, points 3 and 4: the hint's destination is marked on top of the table (the top card
there, or the empty pile) with an arrow to it that stands still under reduced motion; the
solver's line at 360 px is a sentence that fits, its … button opening the whole text; no control
on the table or in the bars is under 44 x 44 px; a Hint pressed while a move still settles
is answered.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import Page, ViewportSize, expect

from patience.session import Session

from .conftest import BOOT_TIMEOUT_MS
from .play import card, drag, pile, resume_save, snap, wait_ready
from helpers import LOSING, freecell_ending, setup

PHONE: ViewportSize = {"width": 360, "height": 640}
LAPTOP: ViewportSize = {"width": 1366, "height": 768}

#: What the hint marks, read in one go: the target's element is the one on top at its centre.
MARKS = """() => {
    const target = document.querySelector(".hint-target");
    if (!target) return null;
    const r = target.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    const cue = document.querySelector("#table svg.hint-cue");
    const ink = cue?.querySelector(".ink");
    return {
        target: {pile: target.dataset.pile, card: target.classList.contains("card"),
                 w: r.width, h: r.height},
        onTop: Boolean(hit && target.contains(hit)),
        hit: hit ? hit.className.baseVal ?? hit.className : null,
        sources: document.querySelectorAll(".card.hint").length,
        cue: Boolean(cue),
        animations: ink ? ink.getAnimations().length : null,
        animationName: ink ? getComputedStyle(ink).animationName : null,
    };
}"""

#: Every control shown on the table and in the bars, with its size.
CONTROLS = """() => [...document.querySelectorAll(
        "header.bar, .assist-slot, .table-wrap, nav.actions")]
    .flatMap((part) => [...part.querySelectorAll("button, select, input, a[href], summary")])
    .filter((el) => el.getClientRects().length && getComputedStyle(el).visibility !== "hidden")
    .map((el) => {
        const r = el.getBoundingClientRect();
        return {id: el.id || el.textContent.trim(), w: r.width, h: r.height};
    })"""

#: The solver's line: each part shown, whether its text fits (to the pixel: widths are
#: rounded, a cut would hide a character), and what it says.
LINE = """() => {
    const bar = document.getElementById("assist");
    const parts = [...bar.children].filter((el) => el.getClientRects().length);
    const fits = (el) => el.scrollWidth <= el.clientWidth + 1;
    return {
        open: bar.classList.contains("open"),
        fits: fits(bar),
        parts: parts.map((el) => ({id: el.id, text: el.innerText, fits: fits(el)})),
    };
}"""


def settings(page: Page, **extra: Any) -> None:
    """Store the player's settings before the page's scripts run (automatic moves off)."""
    stored = {"v": 1, "autoMove": False, "autoFinish": False, "fourColour": False,
              "options": {}, **extra}
    page.add_init_script(
        f"localStorage.setItem('patience:v1:settings', {json.dumps(json.dumps(stored))});")


def hint_marks(page: Page) -> dict[str, Any]:
    """Press Hint and return its marks once a move is marked."""
    page.click("#btn-hint")
    page.wait_for_selector(".hint-target", timeout=BOOT_TIMEOUT_MS)
    page.wait_for_function("!document.querySelector('.card.moving')")
    marks: dict[str, Any] = page.evaluate(MARKS)
    return marks


@pytest.mark.parametrize(("game", "deal", "suits"), [
    ("freecell", 7, None), ("spider", 7, 4), ("yukon", 5, None), ("klondike", 3, None)])
def test_the_hint_marks_where_its_cards_go_on_top(page: Page, site_url: str, game: str,
                                                  deal: int, suits: int | None) -> None:
    page.set_viewport_size(PHONE)
    settings(page, options={game: {"suits": suits}} if suits else {})
    page.goto(site_url + f"?game={game}&deal={deal}" + (f"&suits={suits}" if suits else ""))
    wait_ready(page)
    marks = hint_marks(page)
    assert marks["onTop"], f"{game} {deal}: at the target's centre is {marks['hit']!r}"
    assert marks["sources"] >= 1
    # The top card there, unless the pile is empty.
    s = snap(page)
    assert marks["target"]["card"] == bool(s["piles"][marks["target"]["pile"]])
    assert marks["cue"], "no arrow from the cards to where they go"
    assert marks["animations"], "the arrow stands still with motion on"
    # The brief words fit the phone's line; the whole sentence is under its … button.
    line = page.evaluate(LINE)
    assert line["fits"] and all(p["fits"] for p in line["parts"]), line
    tip = page.locator("#tip")
    assert (tip.get_attribute("data-kind") or "") in ("win", "guess")
    page.click("#assist-more")
    expect(tip.locator(".full")).to_be_visible()
    assert "move the " in (tip.inner_text() or "") or "turn" in (tip.inner_text() or "")


def test_an_empty_destination_is_marked_and_the_arrow_is_still_under_reduced_motion(
        page: Page, site_url: str) -> None:
    page.set_viewport_size(PHONE)
    page.emulate_media(reduced_motion="reduce")
    settings(page)
    # The solver's way through this ending starts with the 4 of spades into a free cell.
    resume_save(page, site_url, freecell_ending().save())
    marks = hint_marks(page)
    assert marks["target"] == {"pile": "c1", "card": False, "w": marks["target"]["w"],
                               "h": marks["target"]["h"]}
    assert marks["onTop"], f"at the empty cell's centre is {marks['hit']!r}"
    expect(pile(page, "c1")).to_have_class(re.compile(r"\bhint-target\b"))
    assert marks["cue"]
    assert marks["animations"] == 0 and marks["animationName"] == "none"


@pytest.mark.parametrize("size", [PHONE, LAPTOP], ids=["360x640", "1366x768"])
def test_every_control_is_at_least_44_px(page: Page, site_url: str, size: ViewportSize) -> None:
    page.set_viewport_size(size)
    settings(page)
    # A lost game: the solver's line shows its undo button and its … button beside the verdict.
    resume_save(page, site_url, freecell_ending(*LOSING).save())
    expect(page.locator("#btn-rewind")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    shown = page.evaluate(CONTROLS)
    if size is PHONE:
        page.click("#btn-more")                       # the menu of the other actions
        shown += page.evaluate(CONTROLS)
    ids = {c["id"] for c in shown}
    assert {"btn-games", "btn-undo", "btn-hint", "btn-rewind"} <= ids, ids
    small = [c for c in shown if c["w"] < 44 or c["h"] < 44]
    assert not small, small


#: Watches the solver's line through every state it passes: the verdicts seen, and every
#: closed line that did not fit (read once the line has been laid out after a change).
WATCH_LINE = """document.addEventListener("DOMContentLoaded", () => {
    const bar = document.getElementById("assist");
    window.__states = [];
    window.__cuts = [];
    const look = () => requestAnimationFrame(() => requestAnimationFrame(() => {
        const state = document.getElementById("verdict").dataset.state;
        if (!bar.hidden && !window.__states.includes(state)) window.__states.push(state);
        if (bar.hidden || bar.classList.contains("open")) return;
        const fits = (el) => el.scrollWidth <= el.clientWidth + 1;
        const parts = [...bar.children].filter((el) => el.getClientRects().length);
        if (!fits(bar) || !parts.every(fits)) {
            window.__cuts.push(parts.map((el) => `${el.id}: ${el.innerText}`).join(" | "));
        }
    }));
    new MutationObserver(look).observe(bar, {subtree: true, childList: true,
                                             characterData: true, attributes: true});
});"""


def test_the_solver_line_reads_whole_on_a_phone(page: Page, site_url: str) -> None:
    page.set_viewport_size(PHONE)
    settings(page)
    page.add_init_script(WATCH_LINE)
    resume_save(page, site_url, freecell_ending().save())
    verdict = page.locator("#verdict")
    expect(verdict).to_have_attribute("data-state", "winnable", timeout=BOOT_TIMEOUT_MS)
    seen = [page.evaluate(LINE)]
    # A lost game (one move past the losing one, so moves are left): the verdict and the undo
    # button on the line, the losing move under the … button.
    resume_save(page, site_url, freecell_ending(LOSING[0]).save())
    expect(page.locator("#btn-rewind")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    lost = page.evaluate(LINE)
    seen.append(lost)
    assert [p["id"] for p in lost["parts"]] == ["verdict", "btn-rewind", "assist-more"], lost
    # A hint on the lost game (a guess): the verdict's sign, the brief hint and the … button.
    page.click("#btn-hint")
    expect(page.locator("#tip")).to_have_attribute("data-kind", "guess", timeout=BOOT_TIMEOUT_MS)
    seen.append(page.evaluate(LINE))
    for line in seen:
        assert line["fits"] and all(p["fits"] for p in line["parts"]), line
        assert all(p["text"] for p in line["parts"]), line
    # Every state the line went through fitted, "Thinking…" included.
    assert page.evaluate("window.__cuts") == []
    assert {"thinking", "lost"} <= set(page.evaluate("window.__states"))
    # The … button opens the whole text: the losing move, the whole hint, the undo button.
    page.click("#assist-more")
    opened = page.evaluate(LINE)
    text = " ".join(p["text"] for p in opened["parts"])
    assert opened["open"] and "Lost at move 1 (Pile 8 to Free cell 1)." in text, opened
    assert "A suggestion by rule of thumb, not a promise: " in text, opened
    expect(page.locator("#btn-rewind")).to_be_visible()


def test_a_hint_pressed_as_a_move_settles_is_answered(page: Page, site_url: str) -> None:
    # Automatic moves on. Each King put into a free cell uncovers a 6 that goes home by itself
    # a moment later (the 5s are home): the Hint is pressed between the two.
    page.set_viewport_size(PHONE)
    settings(page, autoMove=True)
    r, s = setup("freecell", {"t1": "6C KH", "t2": "6D KS", "t3": "6H KD", "t4": "6S KC",
                              "t5": "7C 8C 9C TC JC QC", "t6": "7D 8D 9D TD JD QD",
                              "t7": "7H 8H 9H TH JH QH", "t8": "7S 8S 9S TS JS QS"})
    resume_save(page, site_url, Session(r, start=s).save())
    for k in range(1, 5):
        # Hint is pressed from the page itself, a moment after the move is counted and
        # before the automatic move that follows it.
        page.evaluate("""(n) => {
            window.__pressedAt = null;
            const moves = document.getElementById("stat-moves");
            const seen = new MutationObserver(() => {
                if (moves.textContent !== `Moves ${n}`) return;
                seen.disconnect();
                setTimeout(async () => {
                    window.__pressedAt = JSON.parse(await patienceBridge.snapshot(0)).history;
                    document.getElementById("btn-hint").click();
                }, 60);
            });
            seen.observe(moves, {childList: true, characterData: true, subtree: true});
        }""", k)
        drag(page, card(page, f"t{k}", 1), pile(page, f"c{k}"))
        page.wait_for_function("window.__pressedAt !== null")
        # Pressed after the player's move (the counter's, which leaves the table's own moves
        # out) and before the automatic move: every move so far, the table's included.
        assert page.evaluate("window.__pressedAt") == 2 * k - 1
        expect(page.locator("#tip")).to_have_attribute("data-kind", re.compile("win|guess"),
                                                       timeout=BOOT_TIMEOUT_MS)
        expect(page.locator("#tip")).to_be_visible()
        now = snap(page)
        assert (now["moveCount"], now["history"]) == (k, 2 * k), "the automatic move did not come"
