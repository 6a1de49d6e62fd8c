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


def _lone_king_end(king_pile: str = "t9") -> tuple[patience.Rules, patience.State]:
    """Piles 2-8 hold red cards that go nowhere, the last pile before the empty ones holds a
    lone King of spades, the stock and the waste are empty; every other card lies face down
    under Pile 1's 5 of hearts."""
    tops = {"t2": "5D", "t3": "9H", "t4": "9D", "t5": "3H", "t6": "3D", "t7": "7H", "t8": "7D"}
    given = [*tops.values(), "5H", "KS"]
    r = patience.rules("moving_left")
    rest = list(r.pack())
    for text in given:
        rest.remove(patience.cards.parse_card(text))
    under = " ".join(patience.cards.card_str(c) for c in rest)
    piles = {**tops, "t1": f"{under} | 5H", king_pile: "KS", "stock": "-", "waste": "-"}
    return setup("moving_left", piles)


def test_a_lone_king_moved_into_the_empty_rightmost_pile_would_slide_straight_back() -> None:
    # decisions.md: "a move that gives back the same position (a lone King moved into the
    # empty pile beside it in Moving Left slides straight back)" counts as no move.
    r, s = _lone_king_end()
    assert "t9>t10" not in legal(r, s)
    with pytest.raises(IllegalMoveError, match="slide straight back"):
        r.play(s, move("t9>t10"))


def test_with_only_that_move_left_the_game_is_stuck() -> None:
    # The sheet: "The game is lost if no further legal moves are possible".
    r, s = _lone_king_end()
    assert legal(r, s) == set()
    assert patience.status(r, s) == "stuck"
    game = Session(r, start=s)
    assert game.status() == "stuck"


def test_a_lone_king_further_left_still_moves_and_the_piles_close_up_behind_it() -> None:
    # The King of spades alone in Pile 2, Pile 3 holds the 7 of diamonds: moving the King to
    # Pile 10 empties Pile 2, Pile 3 slides into it and the King into Pile 3: a new position.
    r, s = setup("moving_left", {"t2": "KS", "t3": "7D", "stock": "-", "waste": "-"},
                 filler="t1")
    assert "t2>t10" in legal(r, s)
    after = r.play(s, move("t2>t10"))
    assert pile(r, after, "t2") == "7D" and pile(r, after, "t3") == "KS"


def test_a_king_with_cards_under_it_still_moves_to_the_rightmost_pile() -> None:
    # The card under it turns face up: the position changes, so the move stands.
    r, s = setup("moving_left", {"t1": "5H", "t2": "4C | KS", "stock": "-", "waste": "-"},
                 filler="t1")
    assert "t2>t10" in legal(r, s)
    after = r.play(s, move("t2>t10"))
    assert pile(r, after, "t2") == "4C" and pile(r, after, "t3") == "KS"
