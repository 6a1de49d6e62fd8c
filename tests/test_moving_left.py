"""Moving Left, as docs/rules/moving_left.md and docs/rules/decisions.md say."""

from __future__ import annotations

import pytest

import patience
from patience import IllegalMoveError, Session

from helpers import legal, move, pile, setup


def test_ten_piles_of_one_to_ten_top_card_up_and_49_in_the_stock() -> None:
    r = patience.rules("moving_left")
    s = r.deal(1)
    assert [len(s.piles[t]) for t in r.T] == list(range(1, 11))
    assert all(len(s.piles[t]) - s.down[t] == 1 for t in r.T)
    assert len(s.piles[r.stock]) == 49 and len(r.F) == 8


def test_one_card_at_a_time_from_the_stock_one_pass_only() -> None:
    r, s = setup("moving_left", {"stock": "2C", "waste": "-", "t1": "KS"}, filler="t10")
    s = r.play(s, move("stock>waste"))
    assert not any(m.dst == "stock" for m in r.legal_moves(s))


def test_a_built_run_moves_as_a_unit_in_alternating_colours() -> None:
    r, s = setup("moving_left", {"t1": "QS", "t2": "9C | JH TC 9D", "t3": "9S 8S",
                                 "t4": "TH"}, filler="t10")
    assert "t2>t1:3" in legal(r, s) and "t3>t4:2" not in legal(r, s)


def test_a_foundation_card_may_come_back_to_the_tableau() -> None:
    r, s = setup("moving_left", {"t1": "4C", "f1": "AH 2H 3H", "stock": "-"}, filler="t10")
    assert "f1>t1" in legal(r, s)


def test_a_gap_closes_from_the_right_and_the_uncovered_card_turns_up() -> None:
    r, s = setup("moving_left", {"t1": "TH", "t2": "JS", "t3": "5C | 9S 8H", "t4": "2D"},
                 filler="t10")
    after = r.play(s, move("t1>t2"))
    assert pile(r, after, "t1") == "JS TH"     # t2, all face up, slid into the gap
    assert pile(r, after, "t2") == "9S 8H"     # then t3's face-up run
    assert pile(r, after, "t3") == "5C"        # and the card it uncovered turned face up


def test_the_close_up_cascades_through_piles_with_no_face_down_cards() -> None:
    r, s = setup("moving_left", {"t1": "TH", "t2": "JS", "t3": "9S 8H", "t4": "7D",
                                 "t5": "4C | 6S"}, filler="t10")
    after = r.play(s, move("t1>t2"))
    assert [pile(r, after, t) for t in ("t1", "t2", "t3", "t4")] == ["JS TH", "9S 8H", "7D",
                                                                     "6S"]
    assert pile(r, after, "t5") == "4C"
    # Empty piles only ever stand at the right-hand end.
    sizes = [len(after.piles[t]) for t in r.T]
    assert sizes == sorted(sizes, key=lambda n: n == 0)


def test_undo_takes_the_whole_move_and_its_cascade_back_in_one_step() -> None:
    r, s = setup("moving_left", {"t1": "TH", "t2": "JS", "t3": "9S 8H", "t4": "7D",
                                 "t5": "4C | 6S"}, filler="t10")
    game = Session(r, start=s)
    game.play("t1>t2")
    game.undo()
    assert game.state == s


def test_only_the_rightmost_pile_takes_a_king_which_then_slides_left() -> None:
    piles = {f"t{i}": "-" for i in range(8, 11)}
    r, s = setup("moving_left", {**piles, "t1": "KD QC", "t2": "5H", "t3": "9C", "t4": "3D",
                                 "t5": "2C", "t6": "JC", "stock": "-", "waste": "KS"},
                 filler="t7")
    assert "waste>t10" in legal(r, s) and "waste>t9" not in legal(r, s)
    with pytest.raises(IllegalMoveError, match="rightmost"):
        r.play(s, move("waste>t8"))
    after = r.play(s, move("waste>t10"))
    assert pile(r, after, "t8") == "KS" and not after.piles[r.index["t10"]]
    assert "t2>t10" not in legal(r, s)


def test_moving_left_uses_two_decks() -> None:
    assert len(patience.rules("moving_left").pack()) == 104
