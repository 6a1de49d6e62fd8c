"""TriPeaks is drawn as the peaks players know: each card straddles the two cards covering it,
which lie over its lower half, on a phone, a tablet and a laptop; the cards the engine calls
uncovered are the ones on top where a finger lands, and a tap on one plays it. On a phone the
cards overlap sideways to grow; the status line and the table show the run; Golf's cards under
the top card of each pile read as not in play, to the eye and to a screen reader, and its stock
and waste stand at the foot of a phone's table; an emptied pile no card may enter has no outline."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page

import patience
from patience.games.layouts import peaks_cover

from .play import (
    manual_play,
    open_game,
    resume_record,
    saved_record,
    settle,
    snap,
    snap_until,
)

DEAL = 11


def boxes(page: Page) -> dict[str, dict[str, float]]:
    """Return each drawn card's box by pile (the peaks hold one card a pile)."""
    data: dict[str, dict[str, float]] = page.evaluate("""() => Object.fromEntries(
        [...document.querySelectorAll('#table .card')].map((el) => {
            const r = el.getBoundingClientRect();
            return [el.dataset.pile, {x: r.left, y: r.top, r: r.right, b: r.bottom}];
        }))""")
    return data


def on_top(page: Page, x: float, y: float) -> Any:
    """Return the pile of the card a finger at (x, y) lands on, or None."""
    return page.evaluate("([x, y]) => document.elementFromPoint(x, y)?.closest('.card')"
                         "?.dataset.pile ?? null", [x, y])


@pytest.mark.parametrize("size", ["360x640", "768x1024", "1366x768"])
def test_the_peaks_overlap_and_the_uncovered_cards_are_the_ones_a_finger_reaches(
        page: Page, site_url: str, size: str) -> None:
    w, h = (int(v) for v in size.split("x"))
    page.set_viewport_size({"width": w, "height": h})
    manual_play(page)
    open_game(page, site_url, "tripeaks", DEAL)
    settle(page)
    r = patience.rules("tripeaks")
    cover = {r.names[t]: [r.names[c] for c in over] for t, over in peaks_cover(r.T).items()}
    at = boxes(page)
    for card, (left, right) in cover.items():
        c, a, b = at[card], at[left], at[right]
        # Straddles the two cards covering it, which lie over its lower part.
        assert a["x"] < c["x"] < a["r"] and b["x"] < c["r"] < b["r"], (size, card)
        assert a["y"] == b["y"] and c["y"] < a["y"] < c["b"], (size, card)
    tableau = [r.names[t] for t in r.T]
    bottom = [t for t in tableau if t not in cover]
    assert len(bottom) == 10 and len({at[t]["y"] for t in bottom}) == 1
    for t in tableau:
        box = at[t]
        # (A quarter across: on a phone the next card of a row overlaps the right part.)
        lower = (box["x"] * 0.75 + box["r"] * 0.25, box["y"] * 0.25 + box["b"] * 0.75)
        # A finger on a card's lower part reaches it only where nothing covers it; the corner
        # index of every card stays in sight.
        assert (on_top(page, *lower) == t) == (t in bottom), (size, t)
        assert on_top(page, box["x"] + 6, box["y"] + 6) == t, (size, t)
    table = page.evaluate("(() => { const r = document.querySelector('#table')"
                          ".getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom];"
                          " })()")
    peaks_bottom = max(at[t]["b"] for t in tableau)
    for name, box in at.items():
        assert table[0] <= box["x"] and box["r"] <= table[2] + 0.5, (size, name)
        assert table[1] <= box["y"] and box["b"] <= table[3] + 0.5, (size, name)
    assert at["waste"]["y"] >= peaks_bottom          # the stock and waste below the peaks
    # The cards grow to use the width: on a phone the rows overlap sideways (31 px before).
    least = 50 if w < 500 else 100
    assert all(at[t]["r"] - at[t]["x"] >= least for t in tableau), size

    # The uncovered cards are the ones the engine lets a tap play: turn the stock until one
    # fits the waste, then tap it where the finger would.
    s = snap(page)
    for _ in range(24):
        playable = [k.split(":")[0] for k in s["taps"] if k.split(":")[0] in tableau]
        if playable:
            break
        page.mouse.click(*centre_of(at["stock"]))
        s = snap_until(page, moved_past(s["moveCount"]))
    assert playable and set(playable) <= set(bottom)
    before = s["moveCount"]
    settle(page)
    page.mouse.click(*in_sight(boxes(page)[playable[0]]))
    after = snap_until(page, lambda n: bool(n["moveCount"] > before))
    assert after["piles"][playable[0]] == [] and after["last"] == s["taps"][f"{playable[0]}:1"]


def run_shown(page: Page) -> str:
    """Return the run the status line shows; the table shows the same beside the waste."""
    text: str = page.locator("#stat-run").inner_text()
    badge = page.locator("#table .run-badge")
    assert (badge.inner_text() if badge.count() else "") == text
    return text


def test_the_status_line_shows_the_run_which_a_stock_turn_ends(page: Page, site_url: str) -> None:
    page.set_viewport_size({"width": 360, "height": 640})
    manual_play(page)
    open_game(page, site_url, "tripeaks", DEAL)
    settle(page)
    assert run_shown(page) == "Run 0"
    s = snap(page)
    tableau = {f"t{k}" for k in range(1, 29)}
    runs = 0
    for _ in range(40):
        table = [k for k in s["taps"] if k.split(":")[0] in tableau]
        before = s["moveCount"]
        if table:
            page.mouse.click(*in_sight(boxes(page)[table[0].split(":")[0]]))
            s = snap_until(page, moved_past(before))
            runs += 1
            assert s["run"] == runs and run_shown(page) == f"Run {runs}"
            if runs >= 2:
                break
        else:
            page.mouse.click(*centre_of(boxes(page)["stock"]))
            s = snap_until(page, moved_past(before))
            runs = 0
            assert s["run"] == 0 and run_shown(page) == "Run 0"
    assert runs >= 2
    page.locator("#btn-undo").click()
    s = snap_until(page, lambda n: bool(n["moveCount"] < before + 1))
    assert run_shown(page) == f"Run {runs - 1}"
    # Games that play nothing onto the waste show no run.
    open_game(page, site_url, "klondike", DEAL)
    settle(page)
    assert run_shown(page) == "" and not page.locator("#stat-run").is_visible()


def test_golfs_cards_under_each_top_card_read_as_not_in_play(page: Page, site_url: str) -> None:
    page.set_viewport_size({"width": 360, "height": 640})
    manual_play(page)
    open_game(page, site_url, "golf", DEAL)
    settle(page)
    for k in range(1, 8):
        cards = page.locator(f'#table .card[data-pile="t{k}"]')
        classes = [cards.nth(i).get_attribute("class") or "" for i in range(cards.count())]
        assert len(classes) == 5
        assert all("covered" in c.split() for c in classes[:-1]), k
        assert "covered" not in classes[-1].split(), k
        # A screen reader hears what the eye sees: only the top card is in play.
        name = page.locator(f'#table .pile[data-pile="t{k}"]').get_attribute("aria-label") or ""
        assert name.endswith(", only the top card in play"), name
    # The stock and waste at the foot of the table, where a thumb reaches, the piles above.
    at = page.evaluate("""() => { const at = {};
        for (const el of document.querySelectorAll('#table .pile, #table .card')) {
            const p = el.dataset.pile;
            at[p] = Math.max(at[p] ?? 0, el.getBoundingClientRect().bottom);
        }
        return at; }""")
    foot = page.evaluate("document.querySelector('#table').getBoundingClientRect().bottom")
    assert foot - 20 <= at["stock"] <= foot and at["waste"] == at["stock"]
    assert all(at[f"t{k}"] < at["stock"] - 100 for k in range(1, 8))
    # TriPeaks: a pile the engine does not list as free is spoken as out of play, as greyed.
    open_game(page, site_url, "tripeaks", DEAL)
    settle(page)
    s = snap(page)
    for k in range(1, 29):
        pile = f"t{k}"
        name = page.locator(f'#table .pile[data-pile="{pile}"]').get_attribute("aria-label") or ""
        assert name.endswith("covered: not in play") == (pile not in s["free"]), name


def outline(page: Page, pile: str) -> str:
    colour: str = page.evaluate(
        "(p) => getComputedStyle(document.querySelector(`#table .pile[data-pile='${p}']`))"
        ".borderTopColor", pile)
    return colour


def test_an_emptied_pile_is_outlined_only_where_a_card_may_go(page: Page, site_url: str) -> None:
    page.set_viewport_size({"width": 360, "height": 640})
    # Golf part-way through deal 7, one pile played out: no card goes there, so no outline.
    resume_record(page, site_url, "golf", saved_record("golf", 7, 24))
    settle(page)
    empty = [k for k, cards in snap(page)["piles"].items() if k.startswith("t") and not cards]
    assert empty
    assert all(outline(page, k) == "rgba(0, 0, 0, 0)" for k in empty)
    assert outline(page, "stock") != "rgba(0, 0, 0, 0)"
    # Klondike's piles take a King once empty: their places are outlined.
    open_game(page, site_url, "klondike", DEAL)
    settle(page)
    assert outline(page, "t1") != "rgba(0, 0, 0, 0)"


def moved_past(count: int) -> Callable[[dict[str, Any]], bool]:
    """Return a check that the engine has played more than ``count`` moves."""
    return lambda s: bool(s["moveCount"] > count)


def centre_of(box: dict[str, float]) -> tuple[float, float]:
    return (box["x"] + box["r"]) / 2, (box["y"] + box["b"]) / 2


def in_sight(box: dict[str, float]) -> tuple[float, float]:
    """Where a finger presses an uncovered card: a quarter across (the next card of its row
    may overlap its right half) and three quarters down."""
    return box["x"] * 0.75 + box["r"] * 0.25, box["y"] * 0.25 + box["b"] * 0.75
