"""Yukon, as docs/rules/yukon.md and docs/rules/decisions.md say."""

from __future__ import annotations

import pytest

import patience
from patience import IllegalMoveError

from helpers import legal, move, pile, setup


def test_deal_one_card_then_one_to_six_down_under_five_up() -> None:
    r = patience.rules("yukon")
    s = r.deal(1)
    assert [len(s.piles[t]) for t in r.T] == [1, 6, 7, 8, 9, 10, 11]
    assert [s.down[t] for t in r.T] == [0, 1, 2, 3, 4, 5, 6]
    assert sum(len(p) for p in s.piles) == 52


def test_any_face_up_card_moves_with_everything_above_it_whatever_their_order() -> None:
    r, s = setup("yukon", {"t1": "QC | 7H 2S KD 4C", "t2": "8S"}, filler="t7")
    assert "t1>t2:4" in legal(r, s)
    after = r.play(s, move("t1>t2:4"))
    assert pile(r, after, "t2") == "8S 7H 2S KD 4C" and pile(r, after, "t1") == "QC"


def test_the_moved_card_goes_on_one_rank_higher_of_the_other_colour() -> None:
    r, s = setup("yukon", {"t1": "7H 2S", "t2": "8D", "t3": "8C"}, filler="t7")
    assert "t1>t3:2" in legal(r, s) and "t1>t2:2" not in legal(r, s)
    with pytest.raises(IllegalMoveError, match="alternating colours"):
        r.play(s, move("t1>t2:2"))


def test_an_empty_column_takes_only_a_king_with_whatever_is_above_it() -> None:
    r, s = setup("yukon", {"t1": "KD 3C 9H", "t2": "-", "t3": "QS 5H"}, filler="t7")
    assert "t1>t2:3" in legal(r, s)
    assert "t3>t2:2" not in legal(r, s)
    with pytest.raises(IllegalMoveError, match="only a King"):
        r.play(s, move("t3>t2:2"))


def test_foundation_cards_do_not_come_back() -> None:
    r, s = setup("yukon", {"t1": "5D", "t2": "-"}, filler="t7")
    assert not any(m.src.startswith("f") for m in r.legal_moves(s))
