"""Golf, as docs/rules/golf.md and docs/rules/decisions.md say."""

from __future__ import annotations

import pytest

import patience
from patience import IllegalMoveError, safe_moves, status
from patience.cards import parse_card
from patience.solver import solve

from helpers import legal, move, setup


def test_seven_piles_of_five_face_up_16_in_the_stock_and_one_on_the_waste() -> None:
    r = patience.rules("golf")
    s = r.deal(1)
    assert [len(s.piles[t]) for t in r.T] == [5] * 7 and not any(s.down)
    assert len(s.piles[r.stock]) == 16 and len(s.piles[r.waste]) == 1 and not r.F


def test_only_the_top_card_of_a_pile_plays_one_rank_above_or_below_whatever_the_suit() -> None:
    r, s = setup("golf", {"t1": "3C 8S", "t2": "6D", "t3": "8H 9H", "t4": "6S 4C",
                          "waste": "7H"})
    assert legal(r, s) == {"t1>waste", "t2>waste", "stock>waste"}
    with pytest.raises(IllegalMoveError, match="not one rank above or below"):
        r.play(s, move("t3>waste"))
    after = r.play(s, move("t1>waste"))
    assert after.piles[r.waste][-1] == parse_card("8S")
    assert legal(r, after) == {"t3>waste", "stock>waste"}


def test_nothing_goes_on_a_king_and_ace_and_king_are_apart() -> None:
    r, s = setup("golf", {"t1": "QS", "t2": "AD", "waste": "KH"})
    assert legal(r, s) == {"stock>waste"}
    with pytest.raises(IllegalMoveError, match="nothing goes on a King"):
        r.play(s, move("t1>waste"))
    r, s = setup("golf", {"t1": "KS", "t2": "2D", "waste": "AH"})
    assert legal(r, s) == {"t2>waste", "stock>waste"}
    r, s = setup("golf", {"t1": "KS", "waste": "QH"})
    assert "t1>waste" in legal(r, s)


def test_with_wrap_a_king_takes_a_queen_or_an_ace_and_an_ace_takes_a_king() -> None:
    r, s = setup("golf", {"t1": "QS", "t2": "AD", "waste": "KH"}, {"wrap": True})
    assert legal(r, s) == {"t1>waste", "t2>waste", "stock>waste"}
    r, s = setup("golf", {"t1": "KS", "waste": "AH"}, {"wrap": True})
    assert "t1>waste" in legal(r, s)


def test_nothing_is_built_on_the_piles_and_an_emptied_pile_stays_empty() -> None:
    r, s = setup("golf", {"t1": "8S", "t2": "9D", "t3": "-", "waste": "7H"})
    for bad in ("t1>t2", "t1>t3", "waste>t3"):
        with pytest.raises(IllegalMoveError):
            r.play(s, move(bad))


def test_one_pass_through_the_stock() -> None:
    r, s = setup("golf", {"t1": "9S", "stock": "2C", "waste": "5H"}, filler="waste")
    s = r.play(s, move("stock>waste"))
    assert legal(r, s) == set() and status(r, s) == "stuck"


def test_clearing_the_last_pile_wins_with_cards_left_in_the_stock() -> None:
    r, s = setup("golf", {"t1": "6S", "waste": "5H"})
    after = r.play(s, move("t1>waste"))
    assert r.is_won(after) and after.piles[r.stock]
    assert r.score(after) == (r.score(s) or 0) + 1


def test_nothing_moves_automatically() -> None:
    r = patience.rules("golf")
    assert safe_moves(r, r.deal(1)) == []


@pytest.mark.parametrize(("wrap", "verdicts"), [
    (False, {3: "unwinnable", 4: "solved", 6: "unwinnable"}),
    (True, {3: "solved", 4: "solved", 5: "solved"}),
])
def test_the_solver_decides_deals_and_its_wins_replay(wrap: bool, verdicts: dict[int, str]
                                                      ) -> None:
    """Exact verdicts: each win replayed through the checked moves (``solve`` does so before
    it says "solved"), each loss proven by a search that ran dry."""
    r = patience.rules("golf", {"wrap": wrap})
    assert {deal: solve(r, r.deal(deal), budget=1_000_000).verdict for deal in verdicts} \
        == verdicts
