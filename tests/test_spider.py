"""Spider, as docs/rules/spider.md and docs/rules/decisions.md say."""

from __future__ import annotations

from collections import Counter

import pytest

import patience
from patience import IllegalMoveError
from patience.cards import SUIT

from helpers import legal, move, pile, setup


@pytest.mark.parametrize(("suits", "letters"), [(1, {3}), (2, {2, 3}), (4, {0, 1, 2, 3})])
def test_104_cards_in_one_two_or_four_suits(suits: int, letters: set[int]) -> None:
    r = patience.rules("spider", suits=suits)
    pack = r.pack()
    assert len(pack) == 104 and {SUIT[c] for c in pack} == letters
    assert set(Counter(pack).values()) == {8 // suits}


def test_deal_is_54_cards_in_ten_columns_top_card_up_and_50_in_the_stock() -> None:
    r = patience.rules("spider", suits=4)
    s = r.deal(1)
    assert [len(s.piles[t]) for t in r.T] == [6, 6, 6, 6, 5, 5, 5, 5, 5, 5]
    assert all(len(s.piles[t]) - s.down[t] == 1 for t in r.T)
    assert len(s.piles[r.stock]) == 50


def test_a_deal_puts_one_card_face_up_on_each_column_five_times_in_all() -> None:
    r = patience.rules("spider", suits=2)
    s = r.deal(9)
    for deal in range(5):
        before = [len(s.piles[t]) for t in r.T]
        s = r.play(s, move("stock>tableau:10"))
        assert [len(s.piles[t]) for t in r.T] == [n + 1 for n in before]
        assert len(s.piles[r.stock]) == 40 - 10 * deal
    assert not any(m.src == "stock" for m in r.legal_moves(s))


def test_no_deal_while_a_column_is_empty() -> None:
    r, s = setup("spider", {"t1": "-", "t2": "9S", "f1": "-"}, {"suits": 4}, filler="t10")
    assert "stock>tableau:10" not in legal(r, s)
    with pytest.raises(IllegalMoveError, match="no column is empty"):
        r.play(s, move("stock>tableau:10"))


def test_any_card_goes_on_a_card_one_rank_higher_whatever_its_suit() -> None:
    r, s = setup("spider", {"t1": "9H", "t2": "8S", "t3": "7C", "t4": "8D"}, {"suits": 4},
                 filler="t10")
    assert {"t2>t1", "t4>t1"} <= legal(r, s)
    assert "t3>t1" not in legal(r, s)


def test_only_a_run_of_one_suit_moves_as_a_unit() -> None:
    r, s = setup("spider", {"t1": "TC", "t2": "9H 8H 7H", "t3": "TD", "t4": "9S 8H 7S"},
                 {"suits": 4}, filler="t10")
    assert "t2>t1:3" in legal(r, s)
    assert "t4>t3:3" not in legal(r, s) and "t4>t3:2" not in legal(r, s)
    with pytest.raises(IllegalMoveError, match="one suit"):
        r.play(s, move("t4>t3:3"))


def test_any_card_or_movable_run_goes_to_an_empty_column() -> None:
    r, s = setup("spider", {"t1": "-", "t2": "5D 4D", "t3": "QS"}, {"suits": 4}, filler="t10")
    assert {"t2>t1:2", "t2>t1", "t3>t1"} <= legal(r, s)


def test_a_complete_king_to_ace_run_of_one_suit_leaves_the_table_at_once() -> None:
    run = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"
    r, s = setup("spider", {"t1": "5D | " + run, "t2": "AS", "f1": "-"}, {"suits": 4},
                 filler="t10")
    after = r.play(s, move("t2>t1"))
    assert pile(r, after, "t1") == "5D"     # removed, and the card beneath turned up
    assert pile(r, after, "f1") == run + " AS"
    mixed, s2 = setup("spider", {"t1": run.replace("7S", "7H"), "t2": "AS", "f1": "-"},
                      {"suits": 4}, filler="t10")
    assert len(mixed.play(s2, move("t2>t1")).piles[mixed.index["t1"]]) == 13
