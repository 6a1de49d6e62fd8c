"""Issue 25's bugs, one test a point, in Chromium as a player meets them (mostly on a phone).

Baker's Dozen keeps its card size mid-game; short columns fan taller on a phone; the
foundations show their true top card after the automatic moves of a win; a link's notice
lets taps through to the table and goes at the first one; the table's own moves are not
counted ("Moves 0" on an untouched deal, no "0%" win rate in Statistics); closing a dialog
opened from More gives the focus to More; the "Thinking" line stands still under reduced
motion; the game's name shows on a phone held sideways; keys pressed while the table plays
by itself never read a stray refusal.
"""

from __future__ import annotations

import itertools
import json
from typing import Any

import pytest
from playwright.sync_api import Page, ViewportSize, expect

import patience
from patience.bridge import Bridge
from patience.solver import solve

from .play import card, drag, open_game, pile, resume_record, saved_record, snap, until, wait_ready

PHONE: ViewportSize = {"width": 360, "height": 640}
LAPTOP: ViewportSize = {"width": 1366, "height": 768}
AUTO = {"autoMove": True, "autoFinish": True}


def record_after(game: str, deal: int, moves: list[str], undo: int = 0) -> str:
    """The page's storage record of ``game`` after ``moves``, ``undo`` of them taken back."""
    b = Bridge()
    now = json.loads(b.new(game, "{}", deal))
    for m in moves:
        now = json.loads(b.play(m, 0))
        assert "error" not in now, (m, now)
    for _ in range(undo):
        now = json.loads(b.undo(0))
    painted = {k: v for k, v in now.items() if k not in ("moves", "taps", "safe", "save")}
    return json.dumps({"v": 1, "game": game, "save": now["save"], "snapshot": painted})


def line(game: str, deal: int) -> list[str]:
    r = patience.rules(game)
    found = solve(r, r.deal(deal)).moves
    assert found, f"the solver wins {game} deal {deal}"
    return [str(m) for m in found]


def finished_by_the_table(game: str, deal: int) -> list[str]:
    """The solver's line up to the move after which the table's own moves (safe cards, then
    the finish) win the game, as the page plays them with automatic moves on."""
    moves = line(game, deal)
    for k in range(len(moves) - 1, 0, -1):
        b = Bridge()
        s = json.loads(b.new(game, "{}", deal))
        for m in moves[:k]:
            s = json.loads(b.play(m, 0))
        while s["status"] == "playing" and (s["safe"] or s["finish"]):
            for m in [s["safe"][0]] if s["safe"] else json.loads(b.finish()):
                s = json.loads(b.play(m, 0, True))
        if s["status"] != "won":
            return moves[:k + 1]
    raise AssertionError("the table finishes the game from the deal")


def listen(page: Page) -> None:
    """Keep every text the live region says in window.__said."""
    page.evaluate("""() => {
        window.__said = [];
        new MutationObserver(() => {
            const t = document.getElementById('live').textContent;
            if (t) window.__said.push(t);
        }).observe(document.getElementById('live'), { childList: true, characterData: true,
                                                     subtree: true });
    }""")


def card_width(page: Page) -> float:
    box = page.locator(".card").first.bounding_box()
    assert box is not None
    return float(box["width"])


def test_bakers_dozen_keeps_its_card_size_through_the_middle_of_a_game_on_a_phone(
        page: Page, site_url: str) -> None:
    page.set_viewport_size(PHONE)
    moves = line("bakers_dozen", 7)
    open_game(page, site_url, "bakers_dozen", 7)
    dealt = card_width(page)
    assert dealt >= 44, f"cards {dealt} px wide at the deal"
    resume_record(page, site_url, "bakers_dozen", record_after("bakers_dozen", 7, moves[:15]))
    for number, text in enumerate(moves[15:38], 16):
        s = snap(page)
        src, _, rest = text.partition(">")
        dst, _, n = rest.partition(":")
        drag(page, card(page, src, len(s["piles"][src]) - int(n or 1)), pile(page, dst))
        until(page, "async () => (await __snap()).moveCount === "
                               f"{s['moveCount'] + 1}", timeout=5000)
        assert card_width(page) == dealt, f"move {number} ({text}) changed the card size"
        longest = max(len(snap(page)["piles"][f"t{i}"]) for i in range(1, 14))
        assert longest <= 8, "no pile needs the room"


def test_short_columns_fan_taller_on_a_phone(page: Page, site_url: str) -> None:
    page.set_viewport_size(PHONE)
    open_game(page, site_url, "bakers_dozen", 7)
    tops = page.eval_on_selector_all('.card[data-pile="t1"]',
                                     "els => els.map(e => e.getBoundingClientRect().top)")
    height = page.locator('.card[data-pile="t1"]').first.bounding_box()["height"]  # type: ignore[index]
    steps = [b - a for a, b in itertools.pairwise(tops)]
    assert len(steps) == 3
    for step in steps:
        assert step > 0.36 * height + 1, f"a {step:.0f} px strip on a {height:.0f} px card"
        assert step <= 44.5


def test_the_foundations_show_their_kings_after_a_win_by_the_automatic_finish(
        page: Page, site_url: str) -> None:
    page.set_viewport_size(PHONE)
    record = record_after("freecell", 1, finished_by_the_table("freecell", 1), undo=1)
    resume_record(page, site_url, "freecell", record, AUTO)
    page.keyboard.press("Control+y")          # the redo lets the automatic moves finish it
    until(page, "async () => (await __snap()).status === 'won'",
                           timeout=20_000)
    page.wait_for_function("!document.querySelector('.card.moving')"
                           " && document.getAnimations().every(a => a.playState !== 'running'"
                           " || a.effect?.getTiming().iterations === Infinity)", timeout=10_000)
    for f in ("f1", "f2", "f3", "f4"):
        top: dict[str, Any] = page.evaluate("""(f) => {
            const cards = [...document.querySelectorAll(`.card[data-pile="${f}"]`)];
            const z = (el) => Number(getComputedStyle(el).zIndex);
            const best = cards.reduce((a, b) => (z(b) > z(a) ? b : a));
            return { index: Number(best.dataset.index), count: cards.length,
                     ties: cards.filter((c) => z(c) === z(best)).length };
        }""", f)
        assert top == {"index": 12, "count": 13, "ties": 1}, f


def test_a_links_notice_lets_taps_through_and_goes_at_the_first_one(page: Page,
                                                                      site_url: str) -> None:
    page.set_viewport_size(PHONE)
    resume_record(page, site_url, "klondike", saved_record("klondike", 5, 6))
    page.goto(site_url + "?game=klondike&deal=617")
    wait_ready(page)
    notice = page.locator("#notice")
    expect(notice).to_contain_text("is kept")
    # Beside its buttons the notice lets a tap through to whatever lies under it.
    under = page.evaluate("""() => {
        const r = document.getElementById('notice-text').getBoundingClientRect();
        const el = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return !!el && !el.closest('#notice');
    }""")
    assert under, "a tap on the notice's words reaches the page under it"
    stock = card(page, "stock", len(snap(page)["piles"]["stock"]) - 1)
    stock.click()
    until(page, "async () => (await __snap()).moveCount === 1")
    expect(notice).to_be_hidden()


def test_the_tables_own_moves_are_not_counted(page: Page, site_url: str) -> None:
    b = Bridge()
    deal = next(d for d in range(1, 200) if json.loads(b.new("klondike", "{}", d))["safe"])
    page.set_viewport_size(PHONE)
    page.add_init_script("localStorage.setItem('patience:v1:settings', JSON.stringify({v: 1,"
                         " autoMove: true, autoFinish: true, options: {}}));")
    open_game(page, site_url, "klondike", deal)
    until(page, "async () => { const s = JSON.parse(await patienceBridge.snapshot(0));"
                           " return s.history > 0 && s.safe.length === 0; }", timeout=10_000)
    expect(page.locator("#stat-moves")).to_have_text("Moves 0")
    saved = json.loads(page.evaluate("localStorage.getItem('patience:v1:game:klondike')"))
    assert json.loads(saved["save"])["version"] == 3
    page.reload()
    wait_ready(page)
    expect(page.locator("#stat-moves")).to_have_text("Moves 0")
    # An untouched deal given up is no game played, and no "0%" shows beside "Lost 0".
    page.click("#btn-new")
    wait_ready(page)
    page.click("#btn-more")
    page.click("#btn-stats")
    expect(page.locator("#stats-content .figures").first).to_be_visible()
    shown: dict[str, str] = page.evaluate("""() => Object.fromEntries(
        [...document.querySelector('#stats-content .figures').querySelectorAll('div')]
            .map((d) => [d.querySelector('dt').textContent, d.querySelector('dd').textContent]))""")
    assert (shown["Played"], shown["Lost"], shown["Win rate"]) == ("0", "0", "–")


DIALOGS = [("#btn-deal", "#dlg-deal"), ("#btn-rules", "#dlg-rules"),
           ("#btn-settings", "#dlg-settings"), ("#btn-stats", "#dlg-stats"),
           ("#btn-daily", "#dlg-daily")]


@pytest.mark.parametrize("size", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_closing_a_dialog_gives_the_focus_back_to_what_opened_it(page: Page, site_url: str,
                                                                  size: ViewportSize) -> None:
    page.set_viewport_size(size)
    open_game(page, site_url, "klondike", 3)
    in_menu = page.locator("#btn-more").is_visible()
    for button, dialog in DIALOGS:
        if in_menu:
            page.click("#btn-more")
        page.click(button)
        expect(page.locator(dialog)).to_be_visible()
        page.keyboard.press("Escape")
        expect(page.locator(dialog)).to_be_hidden()
        want = "btn-more" if in_menu else button[1:]
        page.wait_for_function(f"document.activeElement?.id === '{want}'", timeout=3000)
    page.click("#btn-games")
    page.keyboard.press("Escape")
    page.wait_for_function("document.activeElement?.id === 'btn-games'", timeout=3000)


@pytest.mark.parametrize("how", ["reduced-motion", "motion-off"])
def test_the_thinking_line_stands_still_without_motion(page: Page, site_url: str,
                                                       how: str) -> None:
    if how == "reduced-motion":
        page.emulate_media(reduced_motion="reduce")
    open_game(page, site_url, "klondike", 3)
    if how == "motion-off":
        if page.locator("#btn-more").is_visible():
            page.click("#btn-more")
        page.click("#btn-settings")
        page.uncheck("#set-motion")
        page.keyboard.press("Escape")
    animation = page.evaluate("""() => {
        const v = document.getElementById('verdict');
        v.dataset.state = 'thinking';
        v.hidden = false;
        document.getElementById('assist').hidden = false;
        return getComputedStyle(v).animationName;
    }""")
    assert animation == "none"


def test_the_game_name_shows_on_a_phone_held_sideways(page: Page, site_url: str) -> None:
    page.set_viewport_size({"width": 640, "height": 360})
    for game, title in (("klondike", "Klondike"), ("freecell", "FreeCell")):
        open_game(page, site_url, game, 3)
        h1 = page.locator("#title")
        expect(h1).to_have_text(title)
        shown = page.evaluate("(() => { const h = document.getElementById('title');"
                              " return h.clientWidth > 0"
                              " && h.clientWidth >= h.scrollWidth - 1; })()")
        assert shown, f"{title} is cut off in the header"


def test_keys_pressed_while_the_table_plays_by_itself_read_no_stray_refusal(
        page: Page, site_url: str) -> None:
    record = record_after("freecell", 1, finished_by_the_table("freecell", 1), undo=1)
    resume_record(page, site_url, "freecell", record, AUTO)
    listen(page)
    page.keyboard.press("Control+y")
    for _ in range(8):
        page.keyboard.press("f")
    until(page, "async () => (await __snap()).status === 'won'",
                           timeout=20_000)
    page.wait_for_timeout(300)                 # let any waiting key come out
    said: list[str] = page.evaluate("window.__said")
    assert not [s for s in said if "can be picked up" in s], said
