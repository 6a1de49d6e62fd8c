"""FreeCell, as docs/rules/freecell.md and docs/rules/decisions.md say."""

from __future__ import annotations

from pathlib import Path

import pytest

import patience
from patience import IllegalMoveError, format_position

from helpers import legal, move, setup

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.mark.parametrize("deal", [1, 617, 11982])
def test_deals_are_microsofts(deal: int) -> None:
    r = patience.rules("freecell")
    assert format_position(r, r.deal(deal)) == (FIXTURES / f"freecell-{deal}.txt").read_text()


def test_eight_columns_of_seven_and_six_all_face_up() -> None:
    r = patience.rules("freecell")
    s = r.deal(2)
    assert [len(s.piles[t]) for t in r.T] == [7, 7, 7, 7, 6, 6, 6, 6]
    assert not any(s.down) and len(r.C) == 4


def test_a_free_cell_holds_one_card() -> None:
    r, s = setup("freecell", {"t1": "5H", "c1": "9S", "t2": "KD"}, filler="t8")
    assert "t1>c1" not in legal(r, s) and {"t1>c2", "t1>c3", "t1>c4"} <= legal(r, s)
    with pytest.raises(IllegalMoveError, match="holds a card"):
        r.play(s, move("t1>c1"))


@pytest.mark.parametrize(("cells", "empties", "limit"),
                         [(0, 0, 1), (1, 0, 2), (3, 0, 4), (4, 0, 5), (2, 1, 6), (1, 2, 8)])
def test_runs_move_up_to_free_cells_plus_one_times_two_per_empty_column(
        cells: int, empties: int, limit: int) -> None:
    piles = {"t1": "KH QS JH TS 9H 8S 7H 6S 5H 4S",
             "t2": "JD", "t3": "9D", "t4": "7D", "t5": "5D"}   # bases for 7, 5, 3, 1 cards
    for c in range(4 - cells):
        piles[f"c{c + 1}"] = ["KC", "KS", "QC", "QD"][c]
    for t in range(6, 8 - empties):
        piles[f"t{t}"] = ["JC", "TC"][t - 6]
    r, s = setup("freecell", piles, filler="t8")
    assert r.move_limit(s, False) == limit
    lengths = {m.n for m in r.legal_moves(s) if m.src == "t1" and m.dst in ("t2", "t3", "t4",
                                                                               "t5")}
    assert lengths == {n for n in (1, 3, 5, 7) if n <= limit}


def test_half_as_many_cards_move_to_an_empty_column() -> None:
    full = {"t4": "JC", "t5": "TC", "t6": "QH", "t7": "JS"}
    r, s = setup("freecell", {"t1": "KH 8S 7H 6S 5H", "t2": "-", "t3": "-",
                              "c1": "KC", "c2": "KS", **full}, filler="t8")
    # 2 free cells, 2 empty columns: 12 cards to a column, 6 to an empty one.
    assert r.move_limit(s, False) == 12 and r.move_limit(s, True) == 6
    r, s = setup("freecell", {"t1": "KH 8S 7H 6S 5H", "t2": "-", "c1": "KC", "c2": "KS",
                              "c3": "QC", "t3": "9C", **full}, filler="t8")
    # 1 free cell, 1 empty column: 4 cards to a column, 2 to the empty one.
    assert "t1>t2:2" in legal(r, s) and "t1>t2:3" not in legal(r, s)
    with pytest.raises(IllegalMoveError, match="at most 2"):
        r.play(s, move("t1>t2:3"))


def test_alternating_colours_down_and_any_card_to_an_empty_column() -> None:
    r, s = setup("freecell", {"t1": "9C", "t2": "8D", "t3": "8C", "t4": "-", "t5": "5S"},
                 filler="t8")
    assert "t2>t1" in legal(r, s) and "t3>t1" not in legal(r, s)
    assert {"t2>t4", "t3>t4", "t5>t4"} <= legal(r, s)


def test_foundation_cards_do_not_come_back() -> None:
    r, s = setup("freecell", {"t1": "9C", "t2": "-"}, filler="t8")
    assert not any(m.src.startswith("f") for m in r.legal_moves(s))
    with pytest.raises(IllegalMoveError, match="do not come back"):
        r.play(s, move("f2>t2"))
