"""Keyboard and screen-reader play: a whole FreeCell deal typed with the pile keys, a partial
run chosen with Up and Down, and what the live region says after a stock turn, a card turned
face up and an undo (Klondike).

The winning line is the solver's (as ``e2e/test_solver.py`` gets one); each of its moves is
typed as a player would: the source pile's key (C again for the next free cell), Up or Down
until the run held is the line's, then the target's key (C and F take the first free cell or
foundation that takes the cards, so the line's cells and foundations are followed through
the piles the page chose: they are interchangeable). The key presses are counted, against
what the same moves cost with the arrows and Space alone (the shortest arrow path on this
table, as ``keyboard-nav.js`` moves the cursor).
"""

from __future__ import annotations

import json
from collections import deque
from typing import Any

from playwright.sync_api import Page, expect

import patience
from patience.bridge import Bridge
from patience.solver import solve

from .play import manual_play, open_game, snap, until

DEAL = 1


def key_of(pile: str) -> str:
    """The Playwright key that names a pile of the tableau, or a group letter."""
    if pile.startswith("t"):
        n = int(pile[1:])
        digit = "1234567890"[(n - 1) % 10]
        return f"Shift+Digit{digit}" if n > 10 else f"Digit{digit}"
    return {"c": "c", "f": "f", "s": "s", "w": "w"}[pile[0]]


def held(page: Page, pile: str) -> int:
    """How many cards of ``pile`` are held (drawn as picked)."""
    count: int = page.locator(f'.card.selected[data-pile="{pile}"]').count()
    return count


def pressed(page: Page) -> list[str]:
    """The piles whose element says it is pressed (holds the picked cards)."""
    found: list[str] = page.eval_on_selector_all(
        '.pile[aria-pressed="true"]', "els => els.map(e => e.dataset.pile)")
    return found


def arrow_distances(page: Page) -> dict[str, dict[str, int]]:
    """Key presses (arrows, Home, End) from each pile to each other with the cursor alone."""
    graph: dict[str, list[str]] = page.evaluate("""async () => {
        const nav = await import(new URL("static/js/keyboard-nav.js", location.href).href);
        const order = [...document.querySelectorAll("#table .pile")].map((el) => {
            const box = el.getBoundingClientRect();
            return { id: el.dataset.pile, x: box.left, y: box.top };
        });
        const out = {};
        order.forEach((p, i) => {
            out[p.id] = ["left", "right", "up", "down", "first", "last"]
                .map((d) => nav.nextPile(order, i, d)).filter((id) => id && id !== p.id);
        });
        return out;
    }""")
    dist: dict[str, dict[str, int]] = {}
    for start in graph:
        seen = {start: 0}
        todo = deque([start])
        while todo:
            here = todo.popleft()
            for nxt in graph[here]:
                if nxt not in seen:
                    seen[nxt] = seen[here] + 1
                    todo.append(nxt)
        dist[start] = seen
    return dist


def test_a_whole_freecell_deal_by_keyboard_with_pile_keys(page: Page, site_url: str) -> None:
    r = patience.rules("freecell")
    line = solve(r, r.deal(DEAL)).moves
    assert line, "the solver wins FreeCell deal 1"
    manual_play(page)
    open_game(page, site_url, "freecell", DEAL)
    page.set_viewport_size({"width": 1366, "height": 768})
    page.locator('.pile[data-pile="t1"]').focus()
    dist = arrow_distances(page)
    kept = page.evaluate_handle("document.querySelector('.pile[data-pile=\"t1\"]')")

    same: dict[str, str] = {}               # the line's cell or foundation -> the page's
    presses: list[int] = []
    arrows: list[int] = []
    partial = 0
    cursor = "t1"
    for number, m in enumerate(line, 1):
        now = snap(page)
        src = same.get(m.src, m.src)
        typed = 0

        def press(key: str) -> None:
            nonlocal typed
            page.keyboard.press(key)
            typed += 1

        press(key_of(src))
        for _ in range(4):                   # C again: the next free cell with a card
            if pressed(page) == [src]:
                break
            press(key_of(src))
        assert pressed(page) == [src], (number, str(m), pressed(page))
        picked = held(page, src)
        if picked != m.n:
            partial += 1
        while held(page, src) > m.n:
            press("ArrowDown")
        while held(page, src) < m.n:
            press("ArrowUp")
        assert held(page, src) == m.n, (number, str(m))
        dst = same.get(m.dst, m.dst)
        press(key_of(dst))
        # the engine answers from its worker: wait for the move (or fail on the count below)
        until(page, f"async () => (await __snap()).moveCount > {now['moveCount']}",
                               timeout=5000)
        after = snap(page)
        assert after["moveCount"] == now["moveCount"] + 1, (number, str(m), after["lastWords"])
        played = after["last"].split(":")[0].split(">")
        if m.dst[0] in "cf":
            same[m.dst] = played[1]
        assert played[0] == src
        assert pressed(page) == []
        # The same moves with the arrows and Space alone (the longest run is all Space picks).
        arrows.append(dist[cursor][src] + 1 + dist[src][played[1]] + 1)
        cursor = played[1]
        presses.append(typed)
    final = snap(page)
    assert final["status"] == "won"
    assert partial >= 1, "the line moves part of a run at least once"
    expect(page.locator("#notice-title")).to_have_text("You won!")
    # The pile element the focus started on is the one drawn now (never replaced).
    assert page.evaluate("(el) => el.isConnected && el === document.querySelector("
                         "'.pile[data-pile=\"t1\"]')", kept)
    columns = [(p, a) for p, a, m in zip(presses, arrows, line)
               if m.src.startswith("t") and m.dst.startswith("t")]
    figures = {
        "moves": len(line), "partial": partial,
        "keys_per_move": round(sum(presses) / len(presses), 2),
        "arrow_keys_per_move": round(sum(arrows) / len(arrows), 2),
        "keys_per_column_move": round(sum(p for p, _ in columns) / len(columns), 2),
        "arrow_keys_per_column_move": round(sum(a for _, a in columns) / len(columns), 2),
    }
    print("keyboard figures:", json.dumps(figures))
    assert figures["keys_per_move"] < figures["arrow_keys_per_move"]


def _reveal_deal() -> tuple[int, str]:
    """A Klondike deal whose first position has a move from one pile to another that turns
    a card face up, and that move."""
    for deal in range(1, 200):
        b = Bridge()
        data: dict[str, Any] = json.loads(b.new("klondike", "{}", deal))
        for m in data["moves"]:
            src, dst = m["src"], m["dst"]
            if src.startswith("t") and dst.startswith("t") and None in data["piles"][src] \
                    and m["n"] == sum(c is not None for c in data["piles"][src]):
                return deal, m["text"]
    raise AssertionError("no deal with a move that turns a card up")


def test_the_live_region_says_the_stock_card_the_card_turned_up_and_the_undo(
        page: Page, site_url: str) -> None:
    deal, reveal = _reveal_deal()
    manual_play(page)
    open_game(page, site_url, "klondike", deal)
    live = page.locator("#live")
    names: dict[str, str] = json.loads(page.evaluate("patienceBridge.catalogue()"))["cards"]
    page.locator('.pile[data-pile="t1"]').focus()

    src, dst = reveal.split(":")[0].split(">")
    page.keyboard.press(key_of(src))
    assert pressed(page) == [src]
    page.keyboard.press(key_of(dst))
    until(page, f"async () => (await __snap()).last === {json.dumps(reveal)}", timeout=5000)
    after = snap(page)
    assert after["last"] == reveal
    up = next(c for c in after["piles"][src] if c is not None)
    expect(live).to_contain_text(f"; the {names[up]} is turned face up")
    expect(page.locator(f'.pile[data-pile="{dst}"]')).to_be_focused()

    page.keyboard.press("s")                       # S: the stock, turned
    until(page, f"async () => (await __snap()).history > {after['history']}", timeout=5000)
    turned = snap(page)["piles"]["waste"][-1]
    expect(live).to_have_text(f"Turned the stock: {names[turned]}")
    expect(page.locator('.pile[data-pile="stock"]')).to_be_focused()

    page.keyboard.press("Control+z")
    expect(live).to_have_text(f"Took back: turned the stock; the {names[turned]} goes back "
                              "to the stock")
    page.keyboard.press("Control+z")
    expect(live).to_contain_text(f"Took back: {after['lastWords'].split(';')[0]}")
    expect(live).to_contain_text(f"the {names[up]} is turned face down again")
    page.keyboard.press("Control+y")
    expect(live).to_have_text(f"Replayed: {after['lastWords']}")


def test_keys_pressed_in_a_question_answer_the_question_only(page: Page, site_url: str) -> None:
    manual_play(page)
    open_game(page, site_url, "klondike", 1)
    page.locator('.pile[data-pile="t1"]').focus()
    page.keyboard.press("s")                       # a move: the game is in progress
    assert snap(page)["moveCount"] == 1
    page.click("#btn-new")
    keep = page.locator("#notice-buttons button").first
    expect(keep).to_be_focused()
    for key in ("s", "1", "7", "f"):               # pile keys: not for the table now
        page.keyboard.press(key)
    assert snap(page)["moveCount"] == 1 and pressed(page) == []
    expect(page.locator("#notice-title")).to_have_text("Start a new deal?")
    keep.click()
