"""Pyramid, as docs/rules/pyramid.md and docs/rules/decisions.md say."""

from __future__ import annotations

import pytest

import patience
from patience import IllegalMoveError, status

from helpers import legal, move, setup

ROWS = [f"t{k}" for k in range(1, 29)]


def row_layout(cards: dict[int, str]) -> dict[str, str]:
    """Return the 28 pyramid cells, ``cards`` by cell number and the rest empty."""
    return {f"t{k}": cards.get(k, "-") for k in range(1, 29)}


def test_28_cards_in_seven_rows_all_face_up_and_24_in_the_stock() -> None:
    r = patience.rules("pyramid")
    s = r.deal(1)
    assert all(len(s.piles[t]) == 1 for t in r.T) and not any(s.down)
    assert len(s.piles[r.stock]) == 24


def test_only_the_bottom_row_is_free_at_the_start() -> None:
    r = patience.rules("pyramid")
    s = r.deal(4)
    free = [r.names[t] for t in r.T if r.free(s, t)]
    assert free == ROWS[21:]


def test_two_free_cards_adding_up_to_13_are_removed_together() -> None:
    # t22 and t23 are free (bottom row); t16 is covered by t22 and t23.
    r, s = setup("pyramid", {**row_layout({16: "9C", 22: "6H", 23: "7S", 24: "8D"})})
    assert "t22>t23" in legal(r, s)
    after = r.play(s, move("t22>t23"))
    assert not after.piles[r.index["t22"]] and not after.piles[r.index["t23"]]
    assert len(after.piles[r.F[0]]) == len(s.piles[r.F[0]]) + 2
    with pytest.raises(IllegalMoveError, match="not 13"):
        r.play(s, move("t23>t24"))


def test_a_covered_card_cannot_pair_until_both_cards_below_it_are_gone() -> None:
    r, s = setup("pyramid", {**row_layout({16: "9C", 22: "6H", 23: "7S", 24: "4D"})})
    with pytest.raises(IllegalMoveError, match="covered"):
        r.play(s, move("t16>t24"))
    s = r.play(s, move("t22>t23"))
    assert "t16>t24" in legal(r, s)


def test_a_king_is_removed_alone() -> None:
    r, s = setup("pyramid", {**row_layout({22: "KH", 23: "AS", 24: "QD"})})
    assert "t22>f1" in legal(r, s) and "t24>f1" not in legal(r, s)
    with pytest.raises(IllegalMoveError, match="only a King"):
        r.play(s, move("t24>f1"))
    assert "t23>t24" in legal(r, s)          # Ace (1) + Queen (12)


def test_the_top_of_the_waste_pairs_with_a_free_card() -> None:
    r, s = setup("pyramid", {**row_layout({22: "5H", 23: "TC"}), "waste": "3D 8S",
                             "stock": "-"}, filler="f1")
    assert "waste>t22" in legal(r, s)
    assert "waste>t23" not in legal(r, s)    # 3 is under the 8: not free


@pytest.mark.parametrize(("passes", "recycles"), [(1, 0), (3, 2), ("unlimited", 9)])
def test_passes_through_the_stock(passes: object, recycles: int) -> None:
    r, s = setup("pyramid", {**row_layout({22: "5H"}), "stock": "2C", "waste": "-"},
                 {"passes": passes}, filler="f1")
    for _ in range(recycles):
        s = r.play(r.play(s, move("stock>waste")), move("waste>stock"))
    s = r.play(s, move("stock>waste"))
    assert ("waste>stock" in legal(r, s)) == (passes == "unlimited")


def test_won_when_the_pyramid_is_cleared_whatever_is_left_in_the_stock() -> None:
    r, s = setup("pyramid", {**row_layout({22: "6H", 23: "7S"}), "stock": "2C 5D",
                             "waste": "9H"}, filler="f1")
    assert status(r, s) == "playing"
    assert status(r, r.play(s, move("t22>t23"))) == "won"
