"""TriPeaks is drawn as the peaks players know: each card straddles the two cards covering it,
which lie over its lower half, on a phone, a tablet and a laptop; the cards the engine calls
uncovered are the ones on top where a finger lands, and a tap on one plays it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page

import patience
from patience.games.layouts import peaks_cover

from .play import manual_play, open_game, settle, snap, snap_until

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
        lower = (box["x"] * 0.25 + box["r"] * 0.75, box["y"] * 0.25 + box["b"] * 0.75)
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
    if w >= 768:
        assert all(at[t]["r"] - at[t]["x"] >= 40 for t in tableau), size

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
    page.mouse.click(*centre_of(boxes(page)[playable[0]]))
    after = snap_until(page, lambda n: bool(n["moveCount"] > before))
    assert after["piles"][playable[0]] == [] and after["last"] == s["taps"][f"{playable[0]}:1"]


def moved_past(count: int) -> Callable[[dict[str, Any]], bool]:
    """Return a check that the engine has played more than ``count`` moves."""
    return lambda s: bool(s["moveCount"] > count)


def centre_of(box: dict[str, float]) -> tuple[float, float]:
    return (box["x"] + box["r"]) / 2, (box["y"] + box["b"]) / 2
