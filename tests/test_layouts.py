"""The layout data the page draws overlapping tables from: pyramid and peaks as overlapping
rows whose places match which cards cover which, Golf's fans planned for its deepest pile."""

from __future__ import annotations

from typing import Any

import pytest

import patience
from patience.games.layouts import overlap, peaks_cover, pyramid_cover, standard_layout


def layout(game_id: str) -> dict[str, Any]:
    r = patience.rules(game_id)
    return (r.game.layout or standard_layout)(r)


def places(game_id: str) -> dict[str, tuple[int, int]]:
    """Return each pile of the game's overlapping row at its (x, y)."""
    rows = [row for row in layout(game_id)["rows"] if row["kind"] == "overlap"]
    assert len(rows) == 1
    return {s["pile"]: (s["x"], s["y"]) for s in rows[0]["slots"]}


@pytest.mark.parametrize(("game_id", "cover"), [("tripeaks", peaks_cover),
                                                ("pyramid", pyramid_cover)])
def test_each_card_is_drawn_half_a_card_to_the_side_of_the_two_cards_covering_it(
        game_id: str, cover: Any) -> None:
    r = patience.rules(game_id)
    at = places(game_id)
    assert set(at) == {r.names[t] for t in r.T}
    covered = cover(r.T)
    for t in r.T:
        x, y = at[r.names[t]]
        over = [at[r.names[c]] for c in covered.get(t, ())]
        # Covered by the two cards of the row below, one half a card each side of it; the
        # cards nothing covers are the bottom row's.
        assert over == ([(x - 1, y + 1), (x + 1, y + 1)] if t in covered else [])
    # No two cards of a row overlap: a row's cards are at least a card (2 halves) apart.
    for a, (xa, ya) in at.items():
        assert all(abs(xa - xb) >= 2 for b, (xb, yb) in at.items() if b != a and yb == ya)


def test_the_peaks_are_three_rows_of_tips_over_a_row_of_ten_and_the_stock_below() -> None:
    data = layout("tripeaks")
    peaks, below = data["rows"]
    assert data["columns"] == 10 and peaks["width"] == 20 and peaks["step"] == 0.5
    # On a tall table its rows may open to three quarters of a card; a pyramid's may not.
    assert peaks["reach"] == 0.75 and "reach" not in layout("pyramid")["rows"][1]
    at = places("tripeaks")
    assert [sum(y == row for _, y in at.values()) for row in range(4)] == [3, 6, 9, 10]
    assert sorted(x for x, y in at.values() if y == 0) == [3, 9, 15]
    assert max(x for x, _ in at.values()) + 2 == peaks["width"]
    # Drawn top row first, so each lower card is drawn over the cards it covers.
    ys = [s["y"] for s in peaks["slots"]]
    assert ys == sorted(ys)
    assert [s and s["pile"] for s in below["slots"]] == [None] * 4 + ["stock", "waste"] + [None] * 4


def test_golf_fans_its_seven_piles_with_the_stock_and_waste_below_planned_for_five() -> None:
    data = layout("golf")
    fanned, below = data["rows"]
    assert data["deepest"] == 5 and data["columns"] == 7
    assert [s["fan"] for s in fanned["slots"]] == ["down"] * 7
    assert [s and s["pile"] for s in below["slots"]] == [None, None, "stock", "waste", None,
                                                         None, None]
    assert "deepest" not in layout("klondike")


def test_an_overlapping_row_is_as_wide_as_its_rightmost_card_and_lists_the_top_row_first(
        ) -> None:
    row = overlap([("b", 2, 1), ("a", 1, 0), ("c", 0, 1)], step=0.25)
    assert row == {"kind": "overlap", "width": 4, "step": 0.25, "slots": [
        {"pile": "a", "x": 1, "y": 0}, {"pile": "b", "x": 2, "y": 1},
        {"pile": "c", "x": 0, "y": 1}]}


def test_only_roosevelts_table_asks_for_its_plain_piles_beside_the_tableau() -> None:
    # Ten plain piles (stock, waste, eight foundations) over seven fanned ones: on a laptop
    # they may stand down the sides. No other game asks, so their laptop tables stay as they are.
    assert layout("roosevelt")["aside"] is True
    others = [g for g in patience.GAMES if g != "roosevelt" and layout(g).get("aside")]
    assert others == []
