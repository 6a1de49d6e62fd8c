"""TriPeaks, as docs/rules/tripeaks.md and docs/rules/decisions.md say."""

from __future__ import annotations

import pytest

import patience
from patience import IllegalMoveError, safe_moves, status
from patience.cards import RANK
from patience.solver import solve

from helpers import legal, move, setup

TIPS = [f"t{k}" for k in range(1, 4)]
BOTTOM = [f"t{k}" for k in range(19, 29)]


def peaks(cards: dict[int, str]) -> dict[str, str]:
    """Return the 28 places of the peaks, ``cards`` by place number, the rest empty."""
    return {f"t{k}": cards.get(k, "-") for k in range(1, 29)}


def test_28_cards_in_three_peaks_the_bottom_row_face_up_and_23_in_the_stock() -> None:
    r = patience.rules("tripeaks")
    s = r.deal(1)
    assert all(len(s.piles[t]) == 1 for t in r.T) and len(r.T) == 28
    assert [r.names[t] for t in r.T if not s.down[t]] == BOTTOM
    assert len(s.piles[r.stock]) == 23 and len(s.piles[r.waste]) == 1 and not r.F


def test_only_the_bottom_row_plays_at_the_start() -> None:
    r = patience.rules("tripeaks")
    for deal in range(1, 20):
        s = r.deal(deal)
        assert {m.src for m in r.legal_moves(s)} <= {*BOTTOM, "stock"}


def test_a_card_one_rank_above_or_below_the_wastes_top_goes_on_it_whatever_the_suit() -> None:
    r, s = setup("tripeaks", {**peaks({19: "8S", 20: "6D", 21: "9H", 22: "7C"}),
                              "waste": "7H"})
    assert legal(r, s) == {"t19>waste", "t20>waste", "stock>waste"}
    after = r.play(s, move("t19>waste"))
    assert after.piles[r.waste][-1] == patience.cards.parse_card("8S")
    assert legal(r, after) == {"t21>waste", "t22>waste", "stock>waste"}
    with pytest.raises(IllegalMoveError, match="not one rank above or below"):
        r.play(s, move("t21>waste"))


def test_king_and_ace_are_neighbours_unless_the_option_says_apart() -> None:
    piles = {**peaks({19: "AS", 20: "QD", 21: "2C"}), "waste": "KH"}
    r, s = setup("tripeaks", piles)
    assert legal(r, s) == {"t19>waste", "t20>waste", "stock>waste"}
    r, s = setup("tripeaks", piles, {"wrap": False})
    assert legal(r, s) == {"t20>waste", "stock>waste"}
    r, s = setup("tripeaks", {**peaks({19: "KS"}), "waste": "AH"}, {"wrap": False})
    assert legal(r, s) == {"stock>waste"}


def test_a_covered_card_turns_up_and_plays_once_both_cards_over_it_are_gone() -> None:
    # t10 (third row) lies under t19 and t20; t4 (second row) under t10 and t11.
    r, s = setup("tripeaks", {**peaks({4: "TD |", 10: "5C |", 11: "JS |", 19: "6H", 20: "7S",
                                       21: "QC"}), "waste": "5D"})
    assert "t10>waste" not in legal(r, s)
    s = r.play(s, move("t19>waste"))
    assert s.down[r.index["t10"]] == 1
    s = r.play(s, move("t20>waste"))
    assert s.down[r.index["t10"]] == 0 and s.down[r.index["t4"]] == 1
    assert "t10>waste" not in legal(r, s)           # 5C on the 7S: no
    s = r.play(s, move("stock>waste"))
    assert (RANK[s.piles[r.waste][-1]] in (4, 6)) == ("t10>waste" in legal(r, s))


def test_face_down_cards_never_move_and_say_why() -> None:
    r = patience.rules("tripeaks")
    s = r.deal(2)
    with pytest.raises(IllegalMoveError):
        r.play(s, move("t1>waste"))
    with pytest.raises(IllegalMoveError, match="only onto the waste"):
        r.play(s, move("t19>t20"))


def test_one_pass_through_the_stock() -> None:
    r, s = setup("tripeaks", {**peaks({19: "9S"}), "stock": "2C", "waste": "5H"},
                 filler="waste")
    s = r.play(s, move("stock>waste"))
    assert legal(r, s) == set() and status(r, s) == "stuck"


def test_won_when_the_peaks_are_cleared_whatever_is_left_in_the_stock() -> None:
    r, s = setup("tripeaks", {**peaks({19: "6S"}), "waste": "5H"})
    after = r.play(s, move("t19>waste"))
    assert r.is_won(after) and after.piles[r.stock]
    assert r.score(after) == (r.score(s) or 0) + 1


def test_nothing_moves_automatically() -> None:
    r = patience.rules("tripeaks")
    assert safe_moves(r, r.deal(1)) == []


@pytest.mark.parametrize(("wrap", "verdicts"), [
    (True, {1: "solved", 2: "solved", 10: "solved"}),
    (False, {1: "unwinnable", 2: "solved", 3: "solved"}),
])
def test_the_solver_decides_deals_and_its_wins_replay(wrap: bool, verdicts: dict[int, str]
                                                      ) -> None:
    """Exact verdicts: each win replayed through the checked moves (``solve`` does so before
    it says "solved"), each loss proven by a search that ran dry."""
    r = patience.rules("tripeaks", {"wrap": wrap})
    assert {deal: solve(r, r.deal(deal), budget=500_000).verdict for deal in verdicts} \
        == verdicts
