"""All in a Row, from all-in-a-row.txt and DECISIONS.md."""

from __future__ import annotations

import pytest

import patience
from patience import IllegalMoveError, safe_moves

from helpers import legal, move, setup


def test_thirteen_piles_of_four_face_up_and_one_foundation() -> None:
    r = patience.rules("all_in_a_row")
    s = r.deal(1)
    assert [len(s.piles[t]) for t in r.T] == [4] * 13 and not any(s.down)
    assert len(r.F) == 1 and r.stock < 0


def test_any_card_starts_the_foundation() -> None:
    r = patience.rules("all_in_a_row")
    s = r.deal(2)
    assert legal(r, s) == {f"t{i}>f1" for i in range(1, 14)}


def test_then_one_rank_up_or_down_whatever_the_suit() -> None:
    r, s = setup("all_in_a_row", {"f1": "TH", "t1": "9C", "t2": "JS", "t3": "8D", "t4": "TC"},
                 filler="t13")
    assert {"t1>f1", "t2>f1"} <= legal(r, s)
    assert "t3>f1" not in legal(r, s) and "t4>f1" not in legal(r, s)
    with pytest.raises(IllegalMoveError, match="one rank above or below"):
        r.play(s, move("t3>f1"))


@pytest.mark.parametrize(("top", "card"), [("KH", "AS"), ("AD", "KC")])
def test_king_and_ace_are_adjacent(top: str, card: str) -> None:
    r, s = setup("all_in_a_row", {"f1": top, "t1": card}, filler="t13")
    assert "t1>f1" in legal(r, s)


def test_no_tableau_moves_at_all_and_emptied_piles_stay_empty() -> None:
    r, s = setup("all_in_a_row", {"f1": "5H", "t1": "-", "t2": "4C", "t3": "3D"},
                 filler="t13")
    assert all(m.dst == "f1" for m in r.legal_moves(s))
    for bad in ("t2>t1", "t3>t2"):
        with pytest.raises(IllegalMoveError):
            r.play(s, move(bad))


def test_nothing_moves_automatically() -> None:
    r = patience.rules("all_in_a_row")
    assert safe_moves(r, r.deal(1)) == []
