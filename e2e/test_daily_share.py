"""The daily deal, Share and the address bar, shared links, and export/import, in Chromium."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, expect

import patience
from patience import daily
from patience.bridge import Bridge
from patience.solver import solve

from .conftest import _BOOT_WATCH, SUB_PATH, wait_for_engine
from .play import (
    MANUAL,
    card,
    drag,
    manual_play,
    open_game,
    pile,
    resume_record,
    saved_record,
    snap,
    snap_until,
    until,
    wait_ready,
)

ROOT = Path(__file__).resolve().parent.parent
SETS = json.loads((ROOT / "static" / "data" / "winnable.json").read_text())["sets"]
LOCAL_DATE = ("(() => { const d = new Date(); const p = (n) => String(n).padStart(2, '0');"
              " return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`; })()")


def stored(page: Page, key: str) -> Any:
    text = page.evaluate(f"localStorage.getItem({json.dumps(key)})")
    return None if text is None else json.loads(text)


def play_line(page: Page, moves: list[str]) -> None:
    """Play moves by dragging each one's cards, as a player would."""
    for text in moves:
        s = snap(page)
        src, _, rest = text.partition(">")
        dst, _, n = rest.partition(":")
        count = int(n or 1)
        drag(page, card(page, src, len(s["piles"][src]) - count), pile(page, dst))
        until(page, f"async () => (await __snap()).moveCount === "
                               f"{s['moveCount'] + 1}", timeout=5000)


def open_daily(page: Page) -> None:
    page.click("#btn-daily")
    expect(page.locator("#dlg-daily")).to_be_visible()


def test_the_daily_deal_opens_and_once_won_is_marked_in_the_calendar(page: Page,
                                                                     site_url: str) -> None:
    manual_play(page)
    open_game(page, site_url, "freecell", 1)
    today: str = page.evaluate(LOCAL_DATE)
    expected = daily.daily_deal("freecell", today, SETS)
    assert expected is not None
    open_daily(page)
    main = page.locator("#daily-today")
    expect(main).to_contain_text(f"FreeCell, deal {expected.deal}")
    expect(main).to_contain_text("Not played yet today")
    # Every game is listed with its deal: since Moving Left's first wins (session 33) every
    # game has a winnable list, so none says it has no daily.
    others = page.locator("#daily-others li")
    expect(others).to_have_count(len(patience.GAMES) - 1)
    expect(page.locator("#daily-others")).to_contain_text("Roosevelt, deal")
    expect(page.locator("#daily-others")).to_contain_text("Moving Left, deal")
    expect(page.locator("#daily-others .daily-none")).to_have_count(0)
    main.get_by_role("button", name="Play").click()
    expect(page.locator("#dlg-daily")).to_be_hidden()
    # The daily is dealt by the engine's worker, then drawn, then saved: wait for each.
    snap_until(page, lambda s: (s["game"], s["deal"]) == ("freecell", expected.deal))
    until(page, f"""() => JSON.parse(localStorage.getItem("patience:v1:game:freecell"))
                          ?.daily === {json.dumps(today)}""")
    expect(page).to_have_url(re.compile(rf"\?game=freecell&deal={expected.deal}$"))
    # Won by the player's own moves (the solver's line, dragged card by card).
    r = patience.rules("freecell")
    line = solve(r, r.deal(expected.deal), budget=200_000)
    assert line.verdict == "solved"
    play_line(page, [str(m) for m in line.moves])
    expect(page.locator("#notice-title")).to_have_text("You won!")
    page.locator("#notice-buttons").get_by_role("button", name="Close").click()
    open_daily(page)
    expect(main).to_contain_text("Won today")
    cell = page.locator(f'#daily-calendar td[aria-label^="{int(today[-2:])} "]')
    expect(cell).to_have_class("won today")
    expect(cell).to_have_attribute("aria-label", f"{int(today[-2:])} "
                                   f"{daily_month(today)}: daily won (FreeCell), today")
    expect(page.locator("#daily-streak")).to_contain_text("Daily streak: 1 day in a row")


def stats_record(game: str, *entries: tuple[str, str, str, str | None]) -> str:
    """Return a statistics record (made by the engine) of entries (id, result, ended, daily)."""
    b = Bridge()
    record = ""
    for entry_id, result, ended, day in entries:
        entry = {"id": entry_id, "game": game, "options": {}, "deal": 3, "result": result,
                 "marks": [], "seconds": 100, "moves": 90, "score": None, "ended": ended,
                 "daily": day}
        answer = json.loads(b.records_add(record, json.dumps(entry)))
        record = json.dumps(answer["record"])
    return record


def test_the_calendar_marks_the_dailies_won_and_counts_the_streak(page: Page,
                                                                  site_url: str) -> None:
    manual_play(page)
    open_game(page, site_url, "yukon", 1)
    today: str = page.evaluate(LOCAL_DATE)
    day = daily.day_number(today)
    yesterday, before = daily.date_of(day - 1), daily.date_of(day - 2)
    page.evaluate("([a, b]) => { localStorage.setItem('patience:v1:stats:freecell', a);"
                  " localStorage.setItem('patience:v1:stats:spider', b); }",
                  [stats_record("freecell", ("a1", "won", f"{yesterday}T10:00:00Z", yesterday),
                                ("a2", "lost", f"{today}T08:00:00Z", today)),
                   stats_record("spider", ("b1", "won", f"{before}T10:00:00Z", before),
                                ("b2", "won", f"{yesterday}T11:00:00Z", yesterday))])
    open_daily(page)
    expect(page.locator("#daily-streak")).to_have_text(
        "Daily streak: 2 days in a row with a daily deal won (best 2).")
    if yesterday[:7] != today[:7]:
        page.click("#daily-prev")
    number = int(yesterday[-2:])
    cell = page.locator(f'#daily-calendar td[aria-label^="{number} "]')
    expect(cell).to_have_attribute("aria-label", f"{number} {daily_month(yesterday)}: daily "
                                   "won (Spider, FreeCell)")
    expect(cell.locator(".mark")).to_have_text("★2")
    expect(page.locator("#daily-others li", has_text="FreeCell")).to_contain_text(
        "Played today, not won yet")


def daily_month(iso: str) -> str:
    return ["January", "February", "March", "April", "May", "June", "July", "August",
            "September", "October", "November", "December"][int(iso[5:7]) - 1]


def test_a_daily_over_a_game_in_progress_asks_first(page: Page, site_url: str) -> None:
    resume_record(page, site_url, "freecell", saved_record("freecell", 5, 4))
    open_daily(page)
    page.locator("#daily-today").get_by_role("button", name="Play").click()
    expect(page.locator("#notice-title")).to_have_text("Play today's daily deal?")
    page.get_by_role("button", name="Keep playing").click()
    assert snap(page)["deal"] == 5 and snap(page)["moveCount"] == 4


def test_a_shared_link_with_options_opens_that_variant_and_keeps_the_players_game(
        page: Page, site_url: str) -> None:
    mine = saved_record("klondike", 5, 6)
    resume_record(page, site_url, "klondike", mine)
    page.goto(site_url + "?game=klondike&deal=617&draw=3&passes=unlimited")
    wait_ready(page)
    s = snap(page)
    assert (s["deal"], s["options"]["draw"], s["options"]["passes"]) == (617, 3, "unlimited")
    assert s["moveCount"] == 0
    expect(page.locator("#notice")).to_contain_text("Your own Klondike game (deal 5, 6 moves) "
                                                    "is kept")
    parked = stored(page, "patience:v1:parked:klondike")
    assert parked["save"] == json.loads(mine)["save"]
    assert page.url.endswith("?game=klondike&deal=617&draw=3&passes=unlimited")
    # The player's chosen options are not changed by a link.
    assert (stored(page, "patience:v1:settings") or {}).get("options", {}).get("klondike") is None
    page.get_by_role("button", name="Play this deal").click()
    # A move in the shared deal; then back to the player's game, and the shared one waits.
    card(page, "stock", len(snap(page)["piles"]["stock"]) - 1).click()
    until(page, "async () => (await __snap()).moveCount === 1")
    expect(page.locator("#btn-back")).to_be_visible()
    page.click("#btn-back")
    s = snap(page)
    assert (s["deal"], s["moveCount"], s["options"]["draw"]) == (5, 6, 1)
    assert stored(page, "patience:v1:parked:klondike")["snapshot"]["deal"] == 617
    assert page.url.endswith("?game=klondike&deal=5")
    # And back again: the shared deal with its move.
    page.click("#btn-back")
    s = snap(page)
    assert (s["deal"], s["moveCount"]) == (617, 1)
    assert stored(page, "patience:v1:parked:klondike")["snapshot"]["deal"] == 5
    # Opening the address again (a reload, a new tab) resumes the deal on the table: the
    # address bar holds that deal's link. (A new page: this one's start-up script would put
    # the first save back.)
    again = page.context.new_page()
    again.goto(page.url)
    wait_ready(again)
    s = snap(again)
    assert (s["deal"], s["moveCount"]) == (617, 1)
    again.close()


def test_bad_links_get_a_clear_message_and_the_players_own_game(page: Page,
                                                                 site_url: str) -> None:
    resume_record(page, site_url, "freecell", saved_record("freecell", 9, 3))
    for query, words in [
            ("?game=chess&deal=4", 'This link names a game Patience does not have ("chess")'),
            ("?game=klondike&deal=0", "Klondike deals are numbered from 1 to"),
            ("?game=klondike&draw=7", 'Klondike\'s option "draw" is one of 1, 3; this link '
                                      'gives "7"'),
            ("?game=spider&draw=3", 'Spider has no option "draw"')]:
        page.goto(site_url + query)
        wait_ready(page)
        expect(page.locator("#notice-title")).to_have_text("This link cannot be opened")
        expect(page.locator("#notice-text")).to_contain_text(words)
        expect(page.locator("#notice-text")).to_contain_text("Here is your own game instead.")
        s = snap(page)
        assert (s["game"], s["deal"], s["moveCount"]) == ("freecell", 9, 3)
        assert page.url.endswith("?game=freecell&deal=9")


def test_the_address_bar_follows_the_deal_and_share_copies_it(page: Page, site_url: str) -> None:
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    manual_play(page)
    open_game(page, site_url, "spider", 12)
    assert page.url == site_url + "?game=spider&deal=12"
    page.click("#btn-new")
    new = snap(page)["deal"]
    page.wait_for_function(f"location.search === '?game=spider&deal={new}'")
    assert f"/{SUB_PATH}" in page.url
    page.click("#btn-share")
    link = f"{site_url}?game=spider&deal={new}"
    expect(page.locator("#toast")).to_contain_text(f"Link copied: {link}")
    assert page.evaluate("navigator.clipboard.readText()") == link


def test_export_then_import_into_a_fresh_browser_restores_everything(
        page: Page, site_url: str, browser: Browser, tmp_path: Path) -> None:
    manual_play(page)
    open_game(page, site_url, "freecell", 3)
    play_line(page, ["t1>c1", "t2>c2", "t8>c3"])
    page.goto(site_url + "?game=yukon&deal=8")
    wait_ready(page)
    mine = stats_record("freecell", ("a1", "won", "2026-11-02T10:00:00Z", None))
    theirs = stats_record("freecell", ("z9", "lost", "2026-11-03T10:00:00Z", None))
    page.evaluate("(t) => localStorage.setItem('patience:v1:stats:freecell', t)", mine)
    games = {g: stored(page, f"patience:v1:game:{g}")["save"] for g in ("freecell", "yukon")}
    page.click("#btn-settings")
    with page.expect_download() as caught:
        page.click("#btn-export")
    file = tmp_path / "export.json"
    caught.value.save_as(file)
    data = json.loads(file.read_text())
    assert data["format"] == "patience-export" and set(data["games"]) >= {"freecell", "yukon"}
    expect(page.locator("#toast")).to_contain_text("Exported to patience-")

    fresh_context = browser.new_context()
    fresh_context.add_init_script(_BOOT_WATCH)
    # The fresh browser plays by hand (no automatic move may change its storage while the
    # test compares it) and holds statistics of its own.
    fresh_context.add_init_script(
        "if (!sessionStorage.getItem('seeded')) { sessionStorage.setItem('seeded', '1');"
        f" {MANUAL}"
        f" localStorage.setItem('patience:v1:stats:freecell', {json.dumps(theirs)}); }}")
    try:
        fresh = fresh_context.new_page()
        fresh.goto(site_url)
        wait_for_engine(fresh)
        wait_ready(fresh)
        # A bad file first: a clear message, and nothing changes.
        bad = tmp_path / "bad.json"
        bad.write_text(json.dumps({**data, "version": 7}))
        before = fresh.evaluate("JSON.stringify(Object.entries(localStorage).sort())")
        fresh.click("#btn-settings")
        fresh.set_input_files("#import-file", str(bad))
        expect(fresh.locator("#notice-title")).to_have_text("This file cannot be imported")
        expect(fresh.locator("#notice-text")).to_contain_text("version 7")
        expect(fresh.locator("#notice-text")).to_contain_text("Nothing was changed.")
        assert fresh.evaluate("JSON.stringify(Object.entries(localStorage).sort())") == before
        fresh.get_by_role("button", name="OK").click()
        # The real file.
        fresh.click("#btn-settings")
        fresh.set_input_files("#import-file", str(file))
        expect(fresh.locator("#notice-title")).to_have_text("Imported")
        expect(fresh.locator("#notice-text")).to_contain_text(
            "FreeCell: the file's game in progress (deal 3, 3 moves) is restored.")
        for g, save in games.items():
            assert stored(fresh, f"patience:v1:game:{g}")["save"] == save
        merged = json.loads(fresh.evaluate("localStorage.getItem('patience:v1:stats:freecell')"))
        # The statistics are the union of both browsers' (records_merge is commutative).
        assert merged == json.loads(Bridge().records_merge(theirs, mine))["record"]
        assert merged != json.loads(mine) and merged != json.loads(theirs)
        # The saved FreeCell game plays on from where it was.
        fresh.goto(site_url + "?game=freecell")
        wait_ready(fresh)
        s = snap(fresh)
        assert (s["deal"], s["moveCount"]) == (3, 3)
    finally:
        fresh_context.close()
