"""Statistics and history in Chromium: a win played by hand, a game given up for a new deal,
two tabs writing at once, a deal played again from the history, a corrupt record set aside."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Page, expect

import patience
from patience.bridge import Bridge
from patience.solver import solve

from .play import card, drag, pile, resume_record, settle, snap, until, wait_ready

DEAL = 33          # a FreeCell deal the solver wins in 72 moves


def near_win(left: int) -> str:
    """Return a saved FreeCell game ``left`` moves of the solver's win short of the end."""
    r = patience.rules("freecell")
    line = solve(r, r.deal(DEAL), budget=200_000)
    assert line.verdict == "solved"
    b = Bridge()
    now = json.loads(b.new("freecell", "{}", DEAL))
    for move in line.moves[:-left]:
        now = json.loads(b.play(str(move), 1))
    painted = {k: v for k, v in now.items() if k not in ("moves", "taps", "safe", "save")}
    return json.dumps({"v": 1, "game": "freecell", "save": now["save"], "snapshot": painted,
                       "tail": [str(m) for m in line.moves[-left:]]})


def record_and_tail(left: int = 3) -> tuple[str, list[str]]:
    data = json.loads(near_win(left))
    tail = data.pop("tail")
    return json.dumps(data), tail


def play_line(page: Page, moves: list[str]) -> None:
    """Play moves by dragging each one's cards, as a player would."""
    for text in moves:
        settle(page)                   # a player takes the card where it lies, not mid-flight
        s = snap(page)
        src, _, rest = text.partition(">")
        dst, _, n = rest.partition(":")
        count = int(n or 1)
        drag(page, card(page, src, len(s["piles"][src]) - count), pile(page, dst))
        until(page, "async () => (await __snap()).moveCount === "
                               f"{s['moveCount'] + 1}", timeout=5000)


def play_any_move(page: Page) -> None:
    """Make one legal move of the game on the table by dragging it."""
    s = snap(page)
    move = next(m for m in s["moves"] if m["src"].startswith(("t", "c")))
    play_line(page, [move["text"]])


def stats(page: Page) -> Any:
    text = page.evaluate("localStorage.getItem('patience:v1:stats:freecell')")
    return None if text is None else json.loads(text)


def summary(page: Page) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(Bridge().records_summary(json.dumps(stats(page)), "freecell"))
    return data


def reopen(page: Page, site_url: str) -> Page:
    """Close a page and open the site again in a new page of the same browser profile."""
    context = page.context
    page.close()
    again = context.new_page()
    again.goto(site_url)
    wait_ready(again)
    return again


def open_stats(page: Page) -> None:
    if page.locator("#btn-more").is_visible():
        page.click("#btn-more")
    page.click("#btn-stats")
    expect(page.locator("#dlg-stats")).to_be_visible()


def figure(page: Page, label: str) -> str:
    """Return the value shown for a figure of the game's total (the first grid)."""
    item = page.locator("#stats-content .figures").first.locator("div", has=page.locator(
        f'dt:text-is("{label}")'))
    return item.locator("dd").inner_text()


def new_deal_giving_up(page: Page) -> None:
    page.click("#btn-new")
    expect(page.locator("#notice-title")).to_have_text("Start a new deal?")
    page.locator("#notice-buttons").get_by_role("button", name="New deal").click()
    until(page, "async () => (await __snap()).moveCount === 0")


def test_a_win_played_by_hand_is_in_the_statistics_and_history_and_replays(
        page: Page, site_url: str) -> None:
    record, tail = record_and_tail()
    resume_record(page, site_url, "freecell", record)
    play_line(page, tail)
    expect(page.locator("#notice-title")).to_have_text("You won!")
    expect(page.locator("#notice-text")).to_contain_text("Your first FreeCell win on your own.")
    page.locator("#notice-buttons").get_by_role("button", name="Close").click()
    s = summary(page)
    assert (s["total"]["played"], s["total"]["won"]) == (1, 1)
    assert s["history"][0]["deal"] == DEAL and s["history"][0]["kind"] == "won"
    # The page opened again finds the win recorded: it is not counted again. (A new page:
    # this one's start-up script would put the game back as it was before the win.)
    page = reopen(page, site_url)
    assert snap(page)["status"] == "won"
    assert summary(page)["total"]["played"] == 1
    open_stats(page)
    expect(page.locator("#dlg-stats-title")).to_have_text("Statistics")
    assert figure(page, "Played") == "1" and figure(page, "Won") == "1"
    assert figure(page, "Win rate") == "100%" and figure(page, "Winning streak") == "1"
    history = page.locator("#stats-content table.history")
    expect(history.locator("tbody tr")).to_have_count(1)
    expect(history.locator("tbody tr").first).to_contain_text("Won")
    expect(history.locator("thead th")).to_have_text(["Date", "Deal", "Result", "Time", "Moves",
                                                      "Score"])
    expect(page.locator("#stats-content svg[role=img]")).to_have_attribute(
        "aria-label", "The last 1 game, oldest first: 1 won on your own, 0 with help, "
        "0 solved by the solver, 0 lost. Win rate after the latest: 100%.")
    expect(page.locator("#stats-content table.overview tbody tr")).to_have_count(
        len(patience.GAMES))
    page.locator("#dlg-stats").get_by_role("button", name="Close").click()
    # Another deal, then one tap on the history's row plays deal 33 again.
    page.click("#btn-new")
    until(page, f"async () => (await __snap()).deal !== {DEAL}")
    open_stats(page)
    page.get_by_role("button", name=f"Play FreeCell deal {DEAL} again").click()
    expect(page.locator("#dlg-stats")).to_be_hidden()
    until(page, f"async () => (await __snap()).deal === {DEAL}")
    assert snap(page)["moveCount"] == 0
    assert summary(page)["total"]["played"] == 1      # an untouched deal is not a game played


def test_a_game_given_up_for_a_new_deal_is_a_loss_with_its_marks(page: Page,
                                                                  site_url: str) -> None:
    record, _ = record_and_tail(20)
    resume_record(page, site_url, "freecell", record)
    play_any_move(page)
    page.click("#btn-undo")
    until(page, "async () => (await __snap()).canRedo")
    play_any_move(page)
    new_deal_giving_up(page)
    s = summary(page)
    assert (s["total"]["played"], s["total"]["lost"], s["total"]["losing"]) == (1, 1, 1)
    assert s["history"][0]["marks"] == ["undo"] and s["history"][0]["deal"] == DEAL
    # The new deal with no move of the player is not a game played: another New deal asks
    # nothing and records nothing.
    page.click("#btn-new")
    page.wait_for_timeout(300)
    expect(page.locator("#notice")).to_be_hidden()
    assert summary(page)["total"]["played"] == 1
    open_stats(page)
    assert figure(page, "Lost") == "1" and figure(page, "Losing streak") == "1"
    expect(page.locator("#stats-content table.history tbody tr").first).to_contain_text("Lost")


def test_two_tabs_win_in_one_lose_in_the_other_both_recorded(page: Page, site_url: str) -> None:
    record, tail = record_and_tail()
    resume_record(page, site_url, "freecell", record)
    other = page.context.new_page()
    other.goto(site_url)
    wait_ready(other)
    assert snap(other)["deal"] == DEAL
    # The second tab's Statistics dialog is open while the first tab wins.
    open_stats(other)
    play_line(page, tail)
    expect(page.locator("#notice-title")).to_have_text("You won!")
    expect(other.locator("#stats-content .figures").first).to_contain_text("Played1Won1")
    other.locator("#dlg-stats").get_by_role("button", name="Close").click()
    # The second tab shows the won game (tabs.js), deals again, moves, and gives it up.
    until(other, "async () => (await __snap()).status === 'won'")
    expect(other.locator("#toast-text")).to_contain_text("moved on in another tab")
    other.click("#toast-ok")           # read: it would cover the cards of the next deal
    other.click("#btn-new")
    until(other, "async () => (await __snap()).moveCount === 0")
    play_any_move(other)
    new_deal_giving_up(other)
    s = summary(page)
    assert (s["total"]["played"], s["total"]["won"], s["total"]["lost"]) == (2, 1, 1)
    assert [r["kind"] for r in s["history"]] == ["lost", "won"]


def test_a_corrupt_statistics_record_is_set_aside_with_a_message(page: Page,
                                                                 site_url: str) -> None:
    record, tail = record_and_tail()
    bad = '{"v": 1, "game"'
    page.add_init_script(f"localStorage.setItem('patience:v1:stats:freecell', {json.dumps(bad)})")
    resume_record(page, site_url, "freecell", record)
    play_line(page, tail)
    expect(page.locator("#notice-title")).to_have_text("You won!")
    expect(page.locator("#toast-text")).to_contain_text("FreeCell statistics could not be read")
    keys = page.evaluate("Object.keys(localStorage)")
    backups = [k for k in keys if k.startswith("patience:v1:backup:stats:freecell:")]
    assert len(backups) == 1
    assert page.evaluate(f"localStorage.getItem({json.dumps(backups[0])})") == bad
    assert summary(page)["total"]["won"] == 1
