"""Card faces worth looking at (issue 25, point 1): pips in the printed places, drawn court
figures, the corner index as before, and a card back chosen in Settings that survives a reload."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page

from .play import manual_play, open_game, snap

# Klondike deal 1 shows the jack of spades, the jack of clubs and the seven of spades on top of
# their piles, with face-down cards under them.
DEAL = 1

_CENTRE = """(code) => {
  const el = [...document.querySelectorAll(`.card[data-code="${code}"]`)].at(-1);
  const box = (n) => { const r = n.getBoundingClientRect(); return {w: r.width, h: r.height,
    x: r.left + r.width / 2, y: r.top + r.height / 2}; };
  const shown = [...el.querySelectorAll('img.figure')].filter((f) => f.getClientRects().length);
  const figure = shown[0] ?? null;
  let drawn = null, hit = null;
  if (figure) {
    drawn = {count: shown.length, complete: figure.complete, w: figure.naturalWidth,
      h: figure.naturalHeight, src: figure.getAttribute('src')};
    // What shows at the figure's centre is the card (the image lets the pointer through).
    const f = box(figure);
    hit = document.elementFromPoint(f.x, f.y)?.closest('.card') === el;
  }
  const pips = [...el.querySelectorAll('.pips .pip-n')].map(box);
  return {card: box(el), figure: figure && box(figure), drawn, hit, pips,
    flipped: el.querySelectorAll('.pips .pip-n.flip').length,
    rank: el.querySelector('.index .rank').textContent,
    font: getComputedStyle(el.querySelector('.index')).fontSize,
    indexFont: getComputedStyle(document.getElementById('table')).getPropertyValue('--index-font')};
}"""


def _centre(page: Page, code: str) -> dict[str, Any]:
    data: dict[str, Any] = page.evaluate(_CENTRE, code)
    return data


def _top_cards(page: Page) -> list[str]:
    piles = snap(page)["piles"]
    return [p[-1] for name, p in piles.items() if name.startswith("t") and p and p[-1]]


def test_a_court_card_shows_its_drawn_figure(page: Page, site_url: str) -> None:
    manual_play(page)
    open_game(page, site_url, "klondike", DEAL)
    courts = [c for c in _top_cards(page) if c[0] in "JQK"]
    assert courts, "deal 1 has a court card on top of a pile"
    for code in courts:
        page.wait_for_function(
            "(c) => [...document.querySelectorAll(`.card[data-code='${c}'] img.figure`)]"
            ".some((f) => f.complete && f.naturalWidth > 0)", arg=code)
        seen = _centre(page, code)
        assert seen["drawn"]["count"] == 1, seen    # one drawing shown, for the deck's colours
        assert seen["drawn"]["src"] == f"static/cards/court.svg#{code}"
        drawn = seen["drawn"]
        assert drawn["complete"] and drawn["w"] > 50 and drawn["h"] > 50, seen
        assert seen["figure"]["w"] > 0.5 * seen["card"]["w"], seen
        assert seen["figure"]["h"] > 0.3 * seen["card"]["h"], seen
        assert seen["hit"], "nothing covers the card's figure"
        assert not seen["pips"]
        assert seen["rank"] == code[0]


def test_a_seven_shows_seven_pips_and_the_index_is_as_before(page: Page, site_url: str) -> None:
    manual_play(page)
    open_game(page, site_url, "klondike", DEAL)
    assert "7S" in _top_cards(page)
    seen = _centre(page, "7S")
    assert len(seen["pips"]) == 7
    assert seen["flipped"] == 2                 # the lower pair turned over, as printed
    card = seen["card"]
    for pip in seen["pips"]:
        assert pip["w"] > 4 and pip["h"] > 4, pip
        assert abs(pip["x"] - card["x"]) < card["w"] / 2, pip
        assert abs(pip["y"] - card["y"]) < card["h"] / 2, pip
    # Two columns and a middle one, as printed.
    columns: list[float] = []
    for x in sorted(p["x"] for p in seen["pips"]):
        if not columns or x - columns[-1] > 2:
            columns.append(x)
    assert len(columns) == 3, seen["pips"]
    # The index: the same text and the same size as render.js sets.
    assert seen["rank"] == "7"
    assert seen["font"] == seen["indexFont"].strip()
    ten = [c for c in snap(page)["piles"]["t7"] if c]
    assert ten[-1] == "TH" and _centre(page, "TH")["rank"] == "10"
    assert len(_centre(page, "TH")["pips"]) == 10


_BACK = """() => getComputedStyle(document.querySelector('.card.down')).backgroundImage"""


def test_the_card_back_is_chosen_in_settings_and_survives_a_reload(
        page: Page, site_url: str) -> None:
    open_game(page, site_url, "klondike", DEAL)
    blue = page.evaluate(_BACK)
    assert "47, 79, 143" in blue                # the blue lattice, the default
    page.click("#btn-settings")
    assert page.locator("#set-back").input_value() == "blue"
    page.select_option("#set-back", "red")
    red = page.evaluate(_BACK)
    assert red != blue and "179, 38, 45" in red
    page.click("#dlg-settings button[value=close]")
    page.reload()
    page.wait_for_selector("#table.ready .card.down")
    assert "179, 38, 45" in page.evaluate(_BACK)
    assert page.evaluate("document.body.dataset.back") == "red"
    page.click("#btn-settings")
    assert page.locator("#set-back").input_value() == "red"
    page.select_option("#set-back", "blue")
    assert page.evaluate(_BACK) == blue
