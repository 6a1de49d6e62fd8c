"""Each game, played in real Chromium by click, drag, keyboard and buttons."""

from __future__ import annotations

import functools
import json
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .play import (
    GAMES,
    at_rest,
    card,
    drag,
    drawn_piles,
    drawn_until,
    manual_play,
    open_game,
    pile,
    settle,
    snap,
    snap_until,
    wait_ready,
)

DEAL = 3


def tap_move(page: Page, s: dict[str, Any]) -> str:
    """Play one move by clicking, as a player would; return the move the engine should play."""
    taps = {k: v for k, v in s["taps"].items() if not k.startswith("stock")}
    if taps:
        key, text = sorted(taps.items())[0]
        src, n = key.split(":")
        card(page, src, len(s["piles"][src]) - int(n)).click(position={"x": 12, "y": 8})
        return str(text)
    if s["game"] == "pyramid":
        pair = next(m for m in s["moves"] if "stock" not in (m["src"], m["dst"]))
        for name in (pair["src"], pair["dst"]):
            card(page, name, len(s["piles"][name]) - 1).click()
        return str(pair["text"])
    pile(page, "stock").click()
    return str(s["taps"]["stock:0"])


def drag_move(page: Page, s: dict[str, Any]) -> str:
    """Play one move by dragging; return the move the engine should play."""
    m = next(m for m in s["moves"]
             if "stock" not in (m["src"], m["dst"]) and m["dst"] != "tableau")
    src_cards = s["piles"][m["src"]]
    target = card(page, m["dst"], len(s["piles"][m["dst"]]) - 1) \
        if s["game"] == "pyramid" and not m["dst"].startswith("f") else pile(page, m["dst"])
    drag(page, card(page, m["src"], len(src_cards) - m["n"]), target)
    return str(m["text"])


def illegal_drop(s: dict[str, Any]) -> tuple[str, str]:
    """Return a face-up top card's pile and a non-empty pile it may not be dropped on."""
    legal = {(m["src"], m["dst"]) for m in s["moves"]} | {(m["dst"], m["src"]) for m in s["moves"]}
    piles = [p for p, cards in s["piles"].items() if cards and p not in ("stock",)]
    for src in piles:
        if s["piles"][src][-1] is None or (s["free"] and src not in s["free"] and src != "waste"):
            continue
        for dst in piles:
            if dst != src and (src, dst) not in legal and not dst.startswith("c") \
                    and (not s["free"] or dst in s["free"]):
                return src, dst
    raise AssertionError("no illegal drop found")


@pytest.mark.parametrize("game", GAMES)
def test_play_by_click_and_drag_refuse_undo_redo_and_reload(page: Page, site_url: str,
                                                            game: str) -> None:
    manual_play(page)
    open_game(page, site_url, game, DEAL)
    s0 = snap(page)
    assert s0["game"] == game and s0["deal"] == DEAL
    assert drawn_piles(page) == s0["piles"]       # the page draws the engine's view exactly

    played = tap_move(page, s0)
    s1 = snap_until(page, lambda s: s["moveCount"] >= 1)
    assert (s1["moveCount"], s1["last"]) == (1, played)
    drawn_until(page, s1["piles"])

    played = drag_move(page, s1)
    s2 = snap_until(page, lambda s: s["moveCount"] >= 2)
    assert (s2["moveCount"], s2["last"]) == (2, played)
    drawn_until(page, s2["piles"])

    src, dst = illegal_drop(s2)
    moving = card(page, src, len(s2["piles"][src]) - 1)
    settle(page)                                     # it may be the card just dropped there
    home = moving.bounding_box()
    drag(page, moving, pile(page, dst) if not s2["free"] else card(page, dst, 0))
    expect(page.locator("#live")).not_to_have_text("")
    assert snap(page)["moveCount"] == 2              # refused: the position is unchanged
    at_rest(page, moving)                            # it glides back, and shakes
    back = card(page, src, len(s2["piles"][src]) - 1).bounding_box()
    assert home is not None and back is not None
    assert (round(back["x"]), round(back["y"])) == (round(home["x"]), round(home["y"]))

    page.click("#btn-undo")
    snap_until(page, lambda s: s["piles"] == s1["piles"])
    drawn_until(page, s1["piles"])
    page.keyboard.press("Control+y")
    snap_until(page, lambda s: s["piles"] == s2["piles"])
    page.keyboard.press("Control+z")
    snap_until(page, lambda s: s["piles"] == s1["piles"])
    page.click("#btn-redo")
    assert snap_until(page, lambda s: s["piles"] == s2["piles"])["moveCount"] == 2

    page.reload()
    wait_ready(page)
    again = snap(page)
    assert (again["piles"], again["moveCount"], again["canUndo"]) == (s2["piles"], 2, True)
    assert drawn_piles(page) == s2["piles"]
    page.click("#btn-undo")                          # the undo history survived the reload
    snap_until(page, lambda s: s["piles"] == s1["piles"])


def focus_table(page: Page) -> None:
    for _ in range(30):
        page.keyboard.press("Tab")
        if page.evaluate("!!document.activeElement.closest('#table')"):
            return
    raise AssertionError("Tab never reached the table")


def test_a_whole_move_by_keyboard_alone(page: Page, site_url: str) -> None:
    manual_play(page)
    open_game(page, site_url, "freecell", 1)
    s = snap(page)
    order = page.eval_on_selector_all(".pile", "ps => ps.map(p => p.dataset.pile)")
    move = next(m for m in s["moves"] if m["src"] == "t8" and m["dst"].startswith("c"))
    focus_table(page)
    page.keyboard.press("Home")
    for _ in range(order.index(move["src"])):
        page.keyboard.press("ArrowRight")
    page.keyboard.press(" ")                        # pick
    expect(page.locator(".card.selected")).to_have_count(1)
    page.keyboard.press("Home")
    for _ in range(order.index("c2")):
        page.keyboard.press("ArrowRight")
    page.keyboard.press(" ")                        # place
    after = snap_until(page, lambda s: s["moveCount"] >= 1)
    assert (after["moveCount"], after["last"]) == (1, "t8>c2")
    page.keyboard.press("ArrowDown")                # down to the tableau, then Enter = tap
    page.keyboard.press("Enter")
    snap_until(page, lambda s: s["moveCount"] == 2)


def test_the_stock_turns_by_keyboard(page: Page, site_url: str) -> None:
    manual_play(page)
    open_game(page, site_url, "klondike", 4)
    focus_table(page)
    page.keyboard.press("d")
    s = snap_until(page, lambda s: s["moveCount"] >= 1)
    assert (s["moveCount"], s["last"]) == (1, "stock>waste")
    assert page.locator('.card[data-pile="waste"]').count() == 1


def test_safe_cards_go_up_by_themselves(page: Page, site_url: str) -> None:
    open_game(page, site_url, "freecell", 1)        # automatic moves are on by default
    for want in (1, 2):                             # 3D, then 2C, to free cells
        settle(page)
        card(page, "t6", len(snap(page)["piles"]["t6"]) - 1).click()
        # The automatic moves that follow may already have begun: at least this one was played.
        snap_until(page, functools.partial(lambda s, n: bool(s["moveCount"] >= n), n=want))
    # The Ace of clubs is uncovered: it goes up by itself, then the 2 from its cell, then
    # the Ace of spades under it.
    expect(page.locator('.card[data-pile="f1"]')).to_have_count(2, timeout=5000)
    expect(page.locator('.card[data-pile="f2"]')).to_have_count(1, timeout=5000)
    # Those three are the table's own moves: shown and scored, not counted (DECISIONS.md).
    s = snap(page)
    assert s["moveCount"] == 2 and s["history"] >= 5


def test_a_returning_player_sees_the_board_before_python_is_ready(page: Page,
                                                                 site_url: str) -> None:
    manual_play(page)
    open_game(page, site_url, "yukon", 7)
    s = snap(page)
    played = tap_move(page, s)
    saved = snap_until(page, lambda s: s["moveCount"] >= 1)["piles"]
    drawn_until(page, saved)
    # warm.js paints the saved board with its waiting note as soon as its few modules are in
    # (an async module script: not waited for by DOMContentLoaded); Python takes a second or
    # more after that to start.
    page.reload(wait_until="commit")
    page.wait_for_selector("#table .boot-indicator", state="attached", timeout=10_000)
    # Read in one go: Python may start between two separate reads (it did in CI, under load,
    # once the runtime's files were preloaded), and then the buttons are rightly enabled.
    waiting, shown, undo_disabled, painted = page.evaluate("""[
        window.patienceBridge === undefined,
        document.querySelector("#table .boot-indicator") !== null,
        document.getElementById("btn-undo").disabled,
        (() => {
            const out = {};
            for (const p of document.querySelectorAll(".pile")) out[p.dataset.pile] = [];
            for (const c of document.querySelectorAll(".card")) {
                out[c.dataset.pile][Number(c.dataset.index)] = c.dataset.code ?? null;
            }
            return out;
        })()]""")
    assert waiting and painted == saved
    assert shown and undo_disabled                         # input waits, visibly
    wait_ready(page)
    expect(page.locator(".boot-indicator")).to_have_count(0)
    assert snap(page)["last"] == played and page.is_enabled("#btn-undo")


def test_a_pyramid_king_can_be_dragged_to_the_empty_foundation(page: Page, site_url: str) -> None:
    manual_play(page)
    open_game(page, site_url, "pyramid", 3)
    s = snap(page)
    king = next(m for m in s["moves"] if m["dst"] == "f1")
    assert not s["piles"]["f1"]
    drag(page, card(page, king["src"], len(s["piles"][king["src"]]) - 1), pile(page, "f1"))
    snap_until(page, lambda s: s["last"] == king["text"])


def test_the_time_played_is_saved_at_once_when_the_page_is_left(page: Page,
                                                               site_url: str) -> None:
    manual_play(page)
    open_game(page, site_url, "klondike", 4)
    tap_move(page, snap(page))
    s = snap_until(page, lambda s: s["moveCount"] >= 1)
    # The clock runs past the time of the engine's last save.
    expect(page.locator("#stat-time")).not_to_have_text("0:00", timeout=10_000)
    # Leaving: the record is written before pagehide's handler returns, without the engine.
    saved = page.evaluate("""() => {
        dispatchEvent(new PageTransitionEvent("pagehide", { persisted: false }));
        return JSON.parse(localStorage.getItem("patience:v1:game:klondike"));
    }""")
    elapsed = json.loads(saved["save"])["elapsed"]
    assert elapsed >= 1
    assert {k: v for k, v in json.loads(saved["save"]).items() if k != "elapsed"} == \
        {k: v for k, v in json.loads(s["save"]).items() if k != "elapsed"}
    page.reload()
    wait_ready(page)                                # the engine loads it: the clock shows it
    minutes, seconds = page.locator("#stat-time").inner_text().split(":")
    assert int(minutes) * 60 + int(seconds) >= int(elapsed)
