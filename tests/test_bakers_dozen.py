"""Baker's Dozen, as docs/rules/bakers_dozen.md says: one test for each rule it states."""

from __future__ import annotations

import pytest

import patience
from patience import IllegalMoveError, safe_moves
from patience.cards import RANK, parse_card
from patience.deal import shuffle
from patience.rulespage import build
from patience.solver import solve
from patience.vocab import Dealt, Rows

from helpers import legal, move, pile, plain_search, setup, wins_in_a_session

KING = 13


def test_thirteen_piles_of_four_face_up_four_foundations_no_stock_no_cells() -> None:
    r = patience.rules("bakers_dozen")
    s = r.deal(1)
    assert [len(s.piles[t]) for t in r.T] == [4] * 13 and not any(s.down)
    assert len(r.F) == 4 and not any(s.piles[f] for f in r.F)
    assert r.stock < 0 and r.waste < 0 and r.C == ()
    assert sorted(c for t in r.T for c in s.piles[t]) == list(range(52))


def test_every_king_lies_at_the_bottom_of_its_pile() -> None:
    r = patience.rules("bakers_dozen")
    for deal in range(1, 501):
        s = r.deal(deal)
        for t in r.T:
            kings = [RANK[c] == KING for c in s.piles[t]]
            assert kings == sorted(kings, reverse=True), (deal, pile(r, s, r.names[t]))


def test_the_kings_move_down_and_every_other_card_keeps_its_order() -> None:
    """Against the plain deal of the same shuffle: each pile holds the same cards, its Kings
    first in the order dealt, then the others in the order dealt."""
    r = patience.rules("bakers_dozen")
    moved = 0
    for deal in range(1, 101):
        plain_deal = Dealt(shuffle(r.pack(), "bakers_dozen", deal), [[] for _ in r.T],
                           [0] * 13, [])
        Rows((4,) * 13, up=4).apply(plain_deal)
        dealt = plain_deal.tableau
        s = r.deal(deal)
        for t, plain in zip(r.T, dealt):
            kings = [c for c in plain if RANK[c] == KING]
            assert list(s.piles[t]) == kings + [c for c in plain if RANK[c] != KING]
            moved += list(s.piles[t]) != plain
    assert moved > 0  # some deal did put a King above another card


def test_a_card_goes_on_one_a_rank_higher_whatever_its_suit() -> None:
    r, s = setup("bakers_dozen", {"t1": "TH", "t2": "9C", "t3": "9H", "t4": "8C", "t5": "JS"},
                 filler="t13")
    assert {"t2>t1", "t3>t1", "t1>t5"} <= legal(r, s)
    for bad in ("t4>t1", "t1>t2", "t5>t1"):
        assert bad not in legal(r, s)
    with pytest.raises(IllegalMoveError, match="builds down by rank"):
        r.play(s, move("t4>t1"))
    after = r.play(s, move("t3>t1"))
    assert pile(r, after, "t1") == "TH 9H" and pile(r, after, "t3") == ""


def test_only_the_top_card_moves_one_at_a_time() -> None:
    r, s = setup("bakers_dozen", {"t1": "KS QH JC", "t2": "KD", "t3": "QC 5D"},
                 filler="t13")
    assert "t1>t2:2" not in legal(r, s)
    with pytest.raises(IllegalMoveError, match="only one card moves at a time"):
        r.play(s, move("t1>t2:2"))
    # The Queen of clubs under the five cannot go on the King either.
    assert not any(m.src == "t3" and m.dst == "t2" for m in r.legal_moves(s))


def test_a_pile_that_empties_stays_empty_even_for_a_king() -> None:
    r, s = setup("bakers_dozen", {"t1": "-", "t2": "KH", "t3": "5C", "t4": "KS QD"},
                 filler="t13")
    assert not any(m.dst == "t1" for m in r.legal_moves(s))
    for bad in ("t2>t1", "t3>t1", "t4>t1"):
        with pytest.raises(IllegalMoveError, match="emptied pile stays empty"):
            r.play(s, move(bad))


def test_foundations_build_up_in_suit_from_the_ace() -> None:
    r, s = setup("bakers_dozen", {"f1": "-", "f2": "-", "f3": "-", "f4": "-",
                                  "t1": "2H AH", "t2": "2S", "t3": "3H"}, filler="t13")
    assert "t2>f1" not in legal(r, s) and "t3>f1" not in legal(r, s)
    with pytest.raises(IllegalMoveError, match="only an Ace starts a foundation"):
        r.play(s, move("t2>f1"))
    s = r.play(s, move("t1>f1"))
    assert "t1>f1" in legal(r, s)  # the two of hearts on its Ace
    with pytest.raises(IllegalMoveError, match="build up in suit"):
        r.play(s, move("t2>f1"))  # not the two of spades
    s = r.play(s, move("t1>f1"))
    assert "t3>f1" in legal(r, s)


def test_cards_on_the_foundations_stay_there() -> None:
    r, s = setup("bakers_dozen", {"f1": "AC 2C 3C", "t1": "4H"}, filler="t13")
    assert not any(m.src.startswith("f") for m in r.legal_moves(s))
    with pytest.raises(IllegalMoveError, match="do not come back"):
        r.play(s, move("f1>t1"))


def test_there_is_no_stock_and_no_redeal() -> None:
    r = patience.rules("bakers_dozen")
    s = r.deal(7)
    assert all("stock" not in (m.src, m.dst) and "waste" not in (m.src, m.dst)
               for m in r.legal_moves(s))
    with pytest.raises(IllegalMoveError, match="has no pile 'stock'"):
        r.play(s, move("stock>waste"))


def test_won_when_all_52_cards_are_on_the_foundations() -> None:
    spades = " ".join(f"{rank}S" for rank in "A23456789TJQ")
    r, s = setup("bakers_dozen", {"f4": spades, "t5": "KS"})
    assert not r.is_won(s) and sum(len(s.piles[f]) for f in r.F) == 51
    s = r.play(s, move("t5>f4"))
    assert r.is_won(s) and r.score(s) == 52


def test_a_card_goes_up_by_itself_only_once_every_lower_card_is_up() -> None:
    """Building ignores suit, so a card is safe only when no card a rank lower of any suit
    is still in play (Aces and twos always are)."""
    r, s = setup("bakers_dozen", {"f1": "AC 2C", "f2": "AD 2D", "f3": "AH", "f4": "AS 2S",
                                  "t1": "3C", "t2": "2H"}, filler="t13")
    assert {str(m) for m in safe_moves(r, s)} == {"t2>f3"}
    s = r.play(s, move("t2>f3"))
    assert "t1>f1" in {str(m) for m in safe_moves(r, s)}


def test_the_rules_page_says_the_kings_go_to_the_bottom() -> None:
    text = build(patience.find_game("bakers_dozen")).text()
    assert "every King is moved to the bottom of its pile" in text
    assert "A pile that empties stays empty." in text
    assert "whatever its suit" in text and "one card at a time" in text


def test_the_page_draws_four_foundations_over_two_rows_of_piles() -> None:
    r = patience.rules("bakers_dozen")
    assert r.game.layout is not None
    layout = r.game.layout(r)
    assert layout["columns"] == 7
    top, first, second = layout["rows"]
    assert [s and s["pile"] for s in top["slots"]] == [None, "f1", "f2", "f3", "f4", None, None]
    assert [s["pile"] for s in first["slots"]] == [f"t{i}" for i in range(1, 8)]
    assert [s["pile"] for s in second["slots"]] == [f"t{i}" for i in range(8, 14)]


@pytest.mark.parametrize("deal", [1, 2, 3])
def test_the_solver_wins_deals_and_the_win_replays(deal: int) -> None:
    r = patience.rules("bakers_dozen")
    s = r.deal(deal)
    wins_in_a_session(r, s, solve(r, s, budget=40_000))


def test_a_refuted_position_has_no_win_in_a_plain_search() -> None:
    # Each three lies on the two the other needs, and no four is on top anywhere.
    high = " ".join(f"{rank}{suit}" for rank in "456789TJQK" for suit in "CH")
    r, s = setup("bakers_dozen", {"f1": "AC", "f3": "AH", "t1": "2C 3H", "t2": "2H 3C",
                                  "t3": high})
    assert s.piles[r.index["t1"]][-1] == parse_card("3H")
    assert solve(r, s, budget=10_000).verdict == "unwinnable"
    assert plain_search(r, s, 100_000) is False
