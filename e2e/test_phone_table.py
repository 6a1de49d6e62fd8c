"""Golf, TriPeaks and Roosevelt on a phone, as players know them: the status line keeps to two
lines at 360 px in every theme with nothing cut off; Golf's piles and TriPeaks' peaks open into
a tall phone's height, the stock and waste at the foot; Roosevelt's cards are as large as a
one-deck game's, its eight foundations in two rows beside the stock, and on a laptop beside
the tableau. The solver's line takes no height when it has nothing to say of every position
(the indicator off) and the table's plan leaves it a band of felt, else it keeps its slot
from the first paint, so the table never moves when a hint shows."""

from __future__ import annotations

import json
from itertools import pairwise
from typing import Any

import pytest
from playwright.sync_api import Page, Route

from .play import open_game, resume_record, saved_record, settle, snap, themes, wait_ready

#: Where each statistic of the status line is drawn, the bar's and the title's boxes.
STATUS = """() => {
    const box = (el) => { const r = el.getBoundingClientRect();
        return {x: r.left, y: r.top, r: r.right, b: r.bottom}; };
    const spans = [...document.querySelectorAll('.stats span')].filter((s) => s.textContent);
    return {
        spans: spans.map((s) => ({text: s.textContent, cut: s.scrollWidth > s.clientWidth + 1,
                                  shown: getComputedStyle(s).display !== 'none', ...box(s)})),
        bar: box(document.querySelector('header.bar')),
        title: box(document.querySelector('#title')),
    };
}"""

#: Each drawn card's box and classes, and whether its pips (or figure) show.
CARDS = """() => [...document.querySelectorAll('#table .card')].map((el) => {
    const r = el.getBoundingClientRect();
    const face = el.querySelector('.pips, .pip, .figure');
    return {pile: el.dataset.pile, index: Number(el.dataset.index), x: r.left, y: r.top,
            r: r.right, b: r.bottom, cls: el.className,
            face: face ? getComputedStyle(face).visibility === 'visible' : null};
})"""


def table_box(page: Page) -> dict[str, float]:
    box: dict[str, float] = page.evaluate(
        "(() => { const r = document.querySelector('#table').getBoundingClientRect();"
        " return {x: r.left, y: r.top, r: r.right, b: r.bottom}; })()")
    return box


@pytest.mark.parametrize("game", ["tripeaks", "golf"])
def test_the_status_line_keeps_to_two_lines_on_a_phone_in_every_theme(
        page: Page, site_url: str, game: str) -> None:
    page.set_viewport_size({"width": 360, "height": 640})
    for deal in (7, 2147483647):                  # the longest deal number there is too
        open_game(page, site_url, game, deal)
        for theme in themes():
            page.evaluate("(t) => { document.documentElement.dataset.theme = t; }", theme)
            at: dict[str, Any] = page.evaluate(STATUS)
            spans = at["spans"]
            # Deal, moves, time, score and run: every one shown whole, none over another.
            words = [s["text"].split()[0] for s in spans]
            assert words[0] == "Deal" and words[1] == "Moves" and words[-1] == "Run", words
            assert len(spans) == 5 and all(s["shown"] and not s["cut"] for s in spans), spans
            assert len({round(s["y"]) for s in spans}) <= 2, (theme, deal, spans)
            for s in spans:
                assert at["bar"]["x"] <= s["x"] and s["r"] <= at["bar"]["r"] <= 360, (theme, s)
                assert at["bar"]["y"] <= s["y"] and s["b"] <= at["bar"]["b"], (theme, s)
                assert s["x"] >= at["title"]["r"], (theme, s)
                for t in spans:
                    if t is not s:
                        apart = s["r"] <= t["x"] or t["r"] <= s["x"] or s["b"] <= t["y"] \
                            or t["b"] <= s["y"]
                        assert apart, (theme, s, t)
            # The bar is no taller than its buttons: the table keeps the height.
            assert at["bar"]["b"] - at["bar"]["y"] <= 50, (theme, at["bar"])


def test_golfs_piles_open_into_a_tall_phones_height(page: Page, site_url: str) -> None:
    page.set_viewport_size({"width": 412, "height": 915})
    open_game(page, site_url, "golf", 7)
    settle(page)
    cards = page.evaluate(CARDS)
    table = table_box(page)
    piles = {f"t{k}": sorted((c for c in cards if c["pile"] == f"t{k}"), key=lambda c: c["index"])
             for k in range(1, 8)}
    stock = next(c for c in cards if c["pile"] == "stock")
    width = stock["r"] - stock["x"]
    height = stock["b"] - stock["y"]
    # The seven piles take the width; each is fanned nine tenths of a card apart, every
    # card's face showing above the next, greyed, and the top card whole.
    assert 7 * width >= 412 - 8 * 6, width
    for name, pile in piles.items():
        assert len(pile) == 5, name
        steps = [b["y"] - a["y"] for a, b in pairwise(pile)]
        assert all(abs(s - 0.9 * height) <= 1 for s in steps), (name, steps)
        assert all("covered" in c["cls"].split() and c["face"] for c in pile[:-1]), name
        assert "covered" not in pile[-1]["cls"].split() and pile[-1]["face"], name
    # The piles reach past the table's middle: their top cards come down towards the waste,
    # which stands at the foot where a thumb reaches, clear of them.
    lowest = max(pile[-1]["b"] for pile in piles.values())
    assert lowest > (table["y"] + table["b"]) / 2
    assert table["b"] - 20 <= stock["b"] <= table["b"] and stock["y"] > lowest + 40
    # The felt left is shared: as much above the piles as between them and the stock.
    above = min(pile[0]["y"] for pile in piles.values()) - table["y"]
    below = stock["y"] - lowest
    assert above > 60 and abs(below - above) < 20, (above, below)
    # At most a third of the table's height is felt no card reaches (it was 260 px of 773).
    assert below < (table["b"] - table["y"]) / 3, below


def test_the_peaks_open_into_a_tall_phones_height(page: Page, site_url: str) -> None:
    page.set_viewport_size({"width": 412, "height": 915})
    open_game(page, site_url, "tripeaks", 7)
    settle(page)
    cards = page.evaluate(CARDS)
    table = table_box(page)
    at = {c["pile"]: c for c in cards}
    height = at["stock"]["b"] - at["stock"]["y"]
    # The rows of the peaks stand three quarters of a card apart (a tip, the second row, the
    # third, the bottom), and the stock and waste at the foot, where a thumb reaches.
    ys = [at[p]["y"] for p in ("t1", "t4", "t10", "t19")]
    assert all(abs(b - a - 0.75 * height) <= 1 for a, b in pairwise(ys)), ys
    assert table["b"] - 20 <= at["stock"]["b"] <= table["b"]
    assert at["waste"]["y"] == at["stock"]["y"]
    # The felt left is shared above the peaks and between them and the stock.
    above = ys[0] - table["y"]
    below = at["stock"]["y"] - max(c["b"] for c in cards if c["pile"].startswith("t"))
    assert above > 40 and abs(below - above) < 20, (above, below)


#: The solver's line's box, its visibility, and the table's box.
LINE = """() => {
    const box = (el) => { const r = el.getBoundingClientRect();
        return {x: r.left, y: r.top, r: r.right, b: r.bottom}; };
    const line = document.querySelector('#assist');
    return {line: box(line), shown: getComputedStyle(line).visibility === 'visible',
            table: box(document.querySelector('#table')),
            bar: box(document.querySelector('header.bar'))};
}"""


def test_the_solver_line_gives_its_height_back_when_it_has_nothing_to_say(
        page: Page, site_url: str) -> None:
    page.set_viewport_size({"width": 360, "height": 640})
    # The indicator off: the table starts right under the bar, from the first paint.
    resume_record(page, site_url, "klondike", saved_record("klondike", 7, 6))
    settle(page)
    at: dict[str, Any] = page.evaluate(LINE)
    assert not at["shown"] and abs(at["table"]["y"] - at["bar"]["b"]) <= 1, at
    before = page.evaluate(CARDS)
    # A hint: the line shows over felt no card takes, and nothing on the table moves.
    page.click("#btn-hint")
    page.wait_for_selector(".hint-target", timeout=60_000)
    page.wait_for_function("!/^Looking/.test(document.getElementById('tip').textContent)",
                           timeout=60_000)
    at = page.evaluate(LINE)
    line = at["line"]
    assert at["shown"] and line["b"] - line["y"] >= 44, at
    assert at["table"]["y"] <= line["y"] and line["b"] <= at["table"]["b"] + 1, at
    after = page.evaluate(CARDS)
    assert [(c["x"], c["y"]) for c in after] == [(c["x"], c["y"]) for c in before]
    for c in after:
        assert c["b"] <= line["y"] or line["b"] <= c["y"], (c, line)


Cards = list[dict[str, Any]]


def hint_and_measure(page: Page) -> tuple[Cards, dict[str, Any], Cards]:
    """Ask for a hint; return the cards before it, the line's boxes, and the cards with it."""
    settle(page)
    before: Cards = page.evaluate(CARDS)
    page.click("#btn-hint")
    page.wait_for_selector(".hint-target", timeout=60_000)
    page.wait_for_function("!/^Looking/.test(document.getElementById('tip').textContent)",
                           timeout=60_000)
    at: dict[str, Any] = page.evaluate(LINE)
    assert at["shown"] and at["line"]["b"] - at["line"]["y"] >= 44, at
    return before, at, page.evaluate(CARDS)


def boxes(cards: Cards) -> list[tuple[float, float, float, float]]:
    return [(c["x"], c["y"], c["r"], c["b"]) for c in cards]


def test_a_pyramid_keeps_the_lines_slot_from_the_first_paint(page: Page, site_url: str) -> None:
    # Its plan leaves no band of felt on a phone: the slot is there before any hint, and the
    # hint's line takes it without the cards growing smaller or moving (they did: 76 -> 70 px).
    page.set_viewport_size({"width": 360, "height": 640})
    resume_record(page, site_url, "pyramid", saved_record("pyramid", 7, 0))
    first: dict[str, Any] = page.evaluate(LINE)
    assert not first["shown"] and first["table"]["y"] - first["bar"]["b"] >= 44, first
    before, at, after = hint_and_measure(page)
    assert at["table"] == first["table"], (first, at)
    assert at["line"]["b"] <= at["table"]["y"] + 1, at
    assert boxes(after) == boxes(before)


def test_the_first_paint_already_has_the_lines_slot(page: Page, site_url: str) -> None:
    # A return visit to Pyramid with the indicator off: the board painted before Python
    # starts (warm.js) chooses the line's room as every later paint does, so the engine's
    # start does not shrink the cards (it did, 76 -> 70 px, until the first paint chose it).
    page.set_viewport_size({"width": 360, "height": 640})
    held: list[Route] = []
    released: list[bool] = []

    def hold(route: Route) -> None:
        if released:
            route.continue_()
        else:
            held.append(route)

    page.route("**/patience.zip", hold)
    page.route("**/pyodide.asm.wasm", hold)
    record = saved_record("pyramid", 7, 0)
    stored = {"v": 1, "autoMove": False, "autoFinish": False, "fourColour": False,
              "indicator": False, "options": {}, "winnable": {}}
    page.add_init_script(
        f"localStorage.setItem('patience:v1:settings', {json.dumps(json.dumps(stored))});"
        "localStorage.setItem('patience:v1:current', 'pyramid');"
        f"localStorage.setItem('patience:v1:game:pyramid', {json.dumps(record)});")
    page.goto(site_url)
    page.wait_for_selector("#table.waiting .card")
    early: dict[str, Any] = page.evaluate(LINE)
    early_cards = boxes(page.evaluate(CARDS))
    assert early_cards and early["table"]["y"] - early["bar"]["b"] >= 44, early
    released.append(True)
    for route in held:
        route.continue_()
    wait_ready(page)
    settle(page)
    assert page.evaluate(LINE)["table"] == early["table"]
    assert boxes(page.evaluate(CARDS)) == early_cards


def test_a_long_pile_runs_above_the_lines_band_and_nothing_moves_for_a_hint(
        page: Page, site_url: str) -> None:
    # Klondike deal 11 after 132 moves: a pile of 17 cards, longer than the table is planned
    # for. It squeezes above the band at the foot, so the hint's line covers no card.
    page.set_viewport_size({"width": 360, "height": 640})
    resume_record(page, site_url, "klondike", saved_record("klondike", 11, 132))
    first: dict[str, Any] = page.evaluate(LINE)
    assert abs(first["table"]["y"] - first["bar"]["b"]) <= 1, first
    piles = snap(page)["piles"]
    assert max(len(v) for k, v in piles.items() if k.startswith("t")) >= 15
    before, at, after = hint_and_measure(page)
    line = at["line"]
    assert at["table"] == first["table"] and at["table"]["y"] <= line["y"], (first, at)
    assert boxes(after) == boxes(before)
    for c in after:
        assert c["b"] <= line["y"] or line["b"] <= c["y"], (c, line)


def test_the_solver_line_keeps_its_slot_while_the_indicator_is_on(
        page: Page, site_url: str) -> None:
    page.set_viewport_size({"width": 360, "height": 640})
    resume_record(page, site_url, "klondike", saved_record("klondike", 7, 6),
                  {"indicator": True})
    first: dict[str, Any] = page.evaluate(LINE)
    before = page.evaluate(CARDS)
    # The verdict arrives in the slot kept for it: the table does not move.
    page.wait_for_function(
        "['winnable', 'lost', 'unknown'].includes(document.getElementById('verdict')"
        ".dataset.state)", timeout=60_000)
    settle(page)
    at: dict[str, Any] = page.evaluate(LINE)
    assert at["shown"] and at["table"] == first["table"], (first, at)
    assert at["table"]["y"] - at["bar"]["b"] >= 44 and at["line"]["b"] <= at["table"]["y"] + 1
    assert [(c["x"], c["y"]) for c in page.evaluate(CARDS)] == \
        [(c["x"], c["y"]) for c in before]


def in_table(page: Page) -> list[tuple[int, int, int, int]]:
    """Return each drawn card's box relative to the table's top left corner, in whole px."""
    t = table_box(page)
    return [(round(c["x"] - t["x"]), round(c["y"] - t["y"]), round(c["r"] - c["x"]),
             round(c["b"] - c["y"])) for c in page.evaluate(CARDS)]


def test_turning_the_indicator_on_or_off_redraws_the_table_at_once(
        page: Page, site_url: str) -> None:
    # Golf's piles open into the table's height, so the line's slot (indicator on) and its
    # free band (off) give different layouts. Toggling the setting must draw the layout a
    # fresh load with that setting draws, at once, not at the next hint or move (which would
    # then move the table under it). Checked to fail with both of the page's redraws for it
    # taken out (assist-view.js on the line's change, main.js's ResizeObserver on the table).
    page.set_viewport_size({"width": 360, "height": 640})
    record = saved_record("golf", 7, 3)
    resume_record(page, site_url, "golf", record, {"indicator": True})
    settle(page)
    on = in_table(page)
    resume_record(page, site_url, "golf", record, {"indicator": False})
    settle(page)
    off = in_table(page)
    assert on != off
    first: dict[str, Any] = page.evaluate(LINE)
    assert abs(first["table"]["y"] - first["bar"]["b"]) <= 1, first
    for want, layout in ((True, on), (False, off)):
        page.click("#btn-more")    # a phone keeps Settings in the More menu
        page.click("#btn-settings")
        page.locator("#set-indicator").set_checked(want)
        page.click("#dlg-settings button[value=close]")
        settle(page)
        at: dict[str, Any] = page.evaluate(LINE)
        assert (at["table"]["y"] - at["bar"]["b"] >= 44) is want, at
        assert in_table(page) == layout, want


def test_roosevelt_on_a_laptop_puts_its_stock_and_foundations_beside_the_tableau(
        page: Page, site_url: str) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    open_game(page, site_url, "klondike", 7)
    klondike = page.evaluate("document.querySelector('#table .card').offsetWidth")
    open_game(page, site_url, "roosevelt", 7)
    settle(page)
    boxes = page.evaluate("""() => Object.fromEntries(
        [...document.querySelectorAll('#table .pile')].map((el) => {
            const r = el.getBoundingClientRect();
            return [el.dataset.pile, {x: r.left, y: r.top, r: r.right, b: r.bottom}];
        }))""")
    width = page.evaluate("document.querySelector('#table .card').offsetWidth")
    # Larger than a third of the width's worth (78 px in rows), and Klondike's stays as it was.
    assert width >= 105, width
    assert page.evaluate("document.querySelector('#table').dataset.mode") == "side"
    tableau = [boxes[f"t{k}"] for k in range(1, 8)]
    found = [boxes[f"f{k}"] for k in range(1, 9)]
    assert boxes["stock"]["r"] <= tableau[0]["x"] and boxes["waste"]["r"] <= tableau[0]["x"]
    assert all(f["x"] >= tableau[-1]["r"] for f in found)
    assert len({round(t["y"]) for t in tableau}) == 1
    table = table_box(page)
    for b in boxes.values():
        assert table["x"] <= b["x"] and b["r"] <= table["r"] + 1 and b["b"] <= table["b"] + 1, b
    open_game(page, site_url, "klondike", 7)
    assert page.evaluate("document.querySelector('#table .card').offsetWidth") == klondike
    assert page.evaluate("document.querySelector('#table').dataset.mode") == "rows"


def test_roosevelts_cards_are_as_large_as_a_one_deck_games(page: Page, site_url: str) -> None:
    for w, h in ((360, 640), (412, 915)):
        page.set_viewport_size({"width": w, "height": h})
        open_game(page, site_url, "klondike", 7)
        klondike = page.evaluate("document.querySelector('#table .card').offsetWidth")
        open_game(page, site_url, "roosevelt", 7)
        settle(page)
        cards = page.evaluate(CARDS)
        piles = page.evaluate("""() => Object.fromEntries(
            [...document.querySelectorAll('#table .pile')].map((el) => {
                const r = el.getBoundingClientRect();
                return [el.dataset.pile, {x: r.left, y: r.top, r: r.right, b: r.bottom}];
            }))""")
        assert all(c["r"] - c["x"] == klondike for c in cards), (w, klondike)
        table = table_box(page)
        found = [piles[f"f{k}"] for k in range(1, 9)]
        # Eight foundations in two rows of four, on the right, beside the stock and waste,
        # above the tableau, and none over another.
        assert len({round(f["y"]) for f in found}) == 2 and len({round(f["x"]) for f in found}) == 4
        assert piles["stock"]["y"] == found[0]["y"] and piles["waste"]["r"] < found[0]["x"]
        assert max(f["b"] for f in found) < min(piles[f"t{k}"]["y"] for k in range(1, 8))
        for f in found:
            assert table["x"] <= f["x"] and f["r"] <= table["r"], (w, f)
        for a, b in ((a, b) for i, a in enumerate(found) for b in found[i + 1:]):
            assert a["r"] <= b["x"] or b["r"] <= a["x"] or a["b"] <= b["y"] or b["b"] <= a["y"]
