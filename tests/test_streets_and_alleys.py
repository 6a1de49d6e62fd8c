"""Streets and Alleys, as docs/rules/streets_and_alleys.md and docs/rules/decisions.md say."""

from __future__ import annotations

import pytest

import patience
from patience import IllegalMoveError

from helpers import legal, move, setup


def test_eight_piles_four_of_seven_four_of_six_all_face_up() -> None:
    r = patience.rules("streets_and_alleys")
    s = r.deal(1)
    assert [len(s.piles[t]) for t in r.T] == [7, 7, 7, 7, 6, 6, 6, 6]
    assert not any(s.down) and r.stock < 0 and len(r.F) == 4


def test_build_down_by_rank_whatever_the_suit_or_colour() -> None:
    r, s = setup("streets_and_alleys", {"t1": "6C", "t2": "5C", "t3": "5D", "t4": "4H"},
                 filler="t8")
    assert {"t2>t1", "t3>t1"} <= legal(r, s) and "t4>t1" not in legal(r, s)


def test_only_one_card_moves_at_a_time() -> None:
    r, s = setup("streets_and_alleys", {"t1": "7C", "t2": "6D 5S", "t3": "-"}, filler="t8")
    assert not any(m.n > 1 for m in r.legal_moves(s))
    with pytest.raises(IllegalMoveError, match="one card"):
        r.play(s, move("t2>t1:2"))


def test_any_card_fills_an_empty_pile() -> None:
    r, s = setup("streets_and_alleys", {"t1": "-", "t2": "5C", "t3": "QD"}, filler="t8")
    assert {"t2>t1", "t3>t1"} <= legal(r, s)


def test_foundations_build_up_in_suit_and_their_cards_do_not_come_back() -> None:
    r, s = setup("streets_and_alleys", {"t1": "8D", "t2": "-", "f1": "AD 2D 3D 4D 5D 6D 7D"},
                 filler="t8")
    assert "t1>f1" in legal(r, s)
    assert not any(m.src.startswith("f") for m in r.legal_moves(s))
