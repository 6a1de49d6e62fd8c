"""The table a player reads: every index visible, a top edge that stays put, cards that move."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from .play import manual_play, open_game, resume_record, saved_record, settle, snap, until

# For every face-up card with another card on it: its rank and suit glyphs, whether they lie
# inside the card, below the next card's top edge, and whether the point at their centre shows
# this card (nothing drawn over it).
_INDEX_CHECK = """(pileId) => {
  const cards = [...document.querySelectorAll(`.card[data-pile="${pileId}"]`)]
    .sort((a, b) => Number(a.dataset.index) - Number(b.dataset.index));
  const out = [];
  cards.forEach((el, i) => {
    if (el.classList.contains('down')) return;
    const card = el.getBoundingClientRect();
    const next = cards[i + 1]?.getBoundingClientRect();
    for (const part of el.querySelectorAll('.index .rank, .index .suit')) {
      const r = part.getBoundingClientRect();
      const cx = (r.left + r.right) / 2, cy = (r.top + r.bottom) / 2;
      const hit = document.elementFromPoint(cx, cy)?.closest('.card');
      out.push({code: el.dataset.code, index: i, part: part.classList[0],
        inside: r.left >= card.left - 0.5 && r.right <= card.right + 0.5
          && r.top >= card.top - 0.5 && r.bottom <= card.bottom + 0.5,
        uncovered: !next || r.bottom <= next.top + 0.5,
        shown: hit === el, big: r.width >= 3 && r.height >= 8});
    }
  });
  return out;
}"""


@pytest.mark.parametrize(("game", "options", "deal", "moves"), [
    ("spider", '{"suits": 4}', 1, 77),     # a column of 16 face-up cards
    ("yukon", "{}", 3, 34),                # 20 face-up cards
    ("yukon", "{}", 8, 21),                # 27 face-up cards: the cards get smaller to fit
])
def test_every_face_up_card_shows_its_rank_and_suit_on_a_phone(
        page: Page, site_url: str, game: str, options: str, deal: int, moves: int) -> None:
    page.set_viewport_size({"width": 360, "height": 640})
    resume_record(page, site_url, game, saved_record(game, deal, moves, options))
    piles = snap(page)["piles"]
    longest = max((p for p in piles if p.startswith("t")),
                  key=lambda p: sum(c is not None for c in piles[p]))
    assert sum(c is not None for c in piles[longest]) >= 16
    checked = 0
    for pile_id in (p for p in piles if p.startswith("t")):
        for glyph in page.evaluate(_INDEX_CHECK, pile_id):
            assert glyph["inside"] and glyph["uncovered"] and glyph["shown"] and glyph["big"], (
                pile_id, glyph)
            checked += 1
    assert checked >= 2 * 16


def _play_a_tap(page: Page) -> None:
    """Tap a card (or the stock) that has a move, and wait for the move to be made."""
    s = snap(page)
    before = s["moveCount"]
    key = next(iter(s["taps"]))
    pile_id, n = key.split(":")
    if pile_id == "stock":
        page.locator('.pile[data-pile="stock"]').click()
    else:
        index = len(s["piles"][pile_id]) - int(n)
        # On its index strip: the part of a covered card that shows.
        page.locator(f'.card[data-pile="{pile_id}"][data-index="{index}"]').click(
            position={"x": 6, "y": 4})
    until(page, f"async () => (await __snap()).moveCount > {before}")


def test_the_table_top_edge_stays_put_through_twenty_moves_on_a_phone(
        page: Page, site_url: str) -> None:
    page.set_viewport_size({"width": 360, "height": 640})
    # The solver's line on: its words change after every move, and the table must not move.
    record = saved_record("klondike", 3, 0)
    resume_record(page, site_url, "klondike", record, {"indicator": True})
    top = "document.querySelector('#table').getBoundingClientRect().top"
    edges = [page.evaluate(top)]
    for i in range(20):
        if i == 5:
            page.locator("#btn-hint").click()           # a hint's words appear too
            page.wait_for_timeout(300)
        _play_a_tap(page)
        page.wait_for_timeout(400)       # slower than a double tap, which plays one move
        edges.append(page.evaluate(top))
    assert len(set(edges)) == 1, edges
    # Bars and toolbars take little more than their three rows of 44 px targets (WCAG 2.5.5):
    # about a fifth of a portrait phone's height.
    chrome = page.evaluate("""() => ['.bar', '.assist-slot', '.actions']
        .map(s => document.querySelector(s).getBoundingClientRect().height)
        .reduce((a, b) => a + b, 0)""")
    assert chrome <= 3 * 44 + 10, chrome


_SAMPLE = """([id, frames]) => new Promise((done) => {
  const seen = [];
  const step = () => {
    const el = document.querySelector(`.card[data-id="${id}"]`);
    if (el) seen.push(getComputedStyle(el).transform);
    if (seen.length < frames) requestAnimationFrame(step); else done(seen);
  };
  requestAnimationFrame(step);
})"""


def _transforms_during_a_move(page: Page) -> tuple[list[str], str]:
    """Tap FreeCell deal 1's 10 of clubs (it goes to a free cell); return the transforms of
    its element sampled every frame from the tap on, and its final transform."""
    s = snap(page)
    moved = s["ids"]["t8"][-1]
    # Started without waiting: the promise is awaited after the tap.
    page.evaluate(f"() => {{ window.__sample = ({_SAMPLE})([{moved}, 60]); }}")
    page.locator(f'.card[data-pile="t8"][data-index="{len(s["piles"]["t8"]) - 1}"]').click()
    seen: list[str] = page.evaluate("window.__sample")
    settle(page)
    end: str = page.evaluate(
        f"getComputedStyle(document.querySelector('.card[data-id=\"{moved}\"]')).transform")
    return seen, end


def _distinct_between(seen: list[str], end: str) -> list[str]:
    return [t for t in dict.fromkeys(seen) if t not in (seen[0], end)]


def test_a_move_animates_from_where_the_card_was(page: Page, site_url: str) -> None:
    manual_play(page)
    open_game(page, site_url, "freecell", 1)
    seen, end = _transforms_during_a_move(page)
    assert seen[-1] == end
    assert len(_distinct_between(seen, end)) >= 2, seen


def test_reduced_motion_moves_cards_in_one_frame(page: Page, site_url: str) -> None:
    page.emulate_media(reduced_motion="reduce")
    manual_play(page)
    open_game(page, site_url, "freecell", 1)
    seen, end = _transforms_during_a_move(page)
    assert _distinct_between(seen, end) == [], seen


def test_the_motion_setting_turns_motion_off(page: Page, site_url: str) -> None:
    page.add_init_script(
        'localStorage.setItem("patience:v1:settings", JSON.stringify({v: 1, autoMove: false,'
        ' autoFinish: false, motion: false, options: {}}));')
    open_game(page, site_url, "freecell", 1)
    seen, end = _transforms_during_a_move(page)
    assert _distinct_between(seen, end) == [], seen
