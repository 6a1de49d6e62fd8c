"""Roosevelt, as docs/rules/roosevelt.md and docs/rules/decisions.md say."""

from __future__ import annotations

import pytest

import patience
from patience import IllegalMoveError

from helpers import legal, move, setup


def test_two_decks_seven_piles_of_four_face_up_and_76_in_the_stock() -> None:
    r = patience.rules("roosevelt")
    s = r.deal(1)
    assert [len(s.piles[t]) for t in r.T] == [4] * 7 and not any(s.down)
    assert len(s.piles[r.stock]) == 76 and len(r.F) == 8


def test_the_stock_turns_one_card_at_a_time_and_there_is_no_redeal() -> None:
    r, s = setup("roosevelt", {"stock": "2C 5D", "waste": "-"}, filler="t7")
    s = r.play(s, move("stock>waste"))
    assert not any(m.src == "waste" and m.dst == "stock" for m in r.legal_moves(s))
    s = r.play(s, move("stock>waste"))
    with pytest.raises(IllegalMoveError, match="no passes left"):
        r.play(s, move("waste>stock:2"))


def test_build_down_in_alternating_colours_one_card_at_a_time() -> None:
    r, s = setup("roosevelt", {"t1": "9S", "t2": "8H 7C", "t3": "8C", "stock": "-",
                               "waste": "8D"}, filler="t7")
    assert {"waste>t1"} <= legal(r, s) and "t3>t1" not in legal(r, s)
    assert not any(m.n > 1 for m in r.legal_moves(s) if m.src != "stock")
    with pytest.raises(IllegalMoveError, match="one card"):
        r.play(s, move("t2>t1:2"))


def test_any_card_fills_an_empty_pile_and_foundation_cards_stay() -> None:
    r, s = setup("roosevelt", {"t1": "-", "t2": "5C", "stock": "-", "waste": "QD"},
                 filler="t7")
    assert {"t2>t1", "waste>t1"} <= legal(r, s)
    assert not any(m.src.startswith("f") for m in r.legal_moves(s))


def test_eight_foundations_build_up_in_suit() -> None:
    r, s = setup("roosevelt", {"t1": "AH", "t2": "AH", "f1": "-", "f2": "-", "stock": "-"},
                 filler="t7")
    s = r.play(s, move("t1>f1"))
    assert "t2>f2" in legal(r, s) and "t2>f1" not in legal(r, s)
