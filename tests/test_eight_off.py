"""Eight Off, as docs/rules/eight_off.md says: one test for each rule it states."""

from __future__ import annotations

import pytest

import patience
from patience import IllegalMoveError, safe_moves
from patience.rulespage import build
from patience.solver import solve

from helpers import legal, move, pile, setup, wins_in_a_session


def test_eight_piles_of_six_face_up_and_four_of_eight_cells_dealt_full() -> None:
    r = patience.rules("eight_off")
    for deal in (1, 2, 500):
        s = r.deal(deal)
        assert [len(s.piles[t]) for t in r.T] == [6] * 8 and not any(s.down)
        assert [len(s.piles[c]) for c in r.C] == [1] * 4 + [0] * 4
        assert len(r.F) == 4 and not any(s.piles[f] for f in r.F)
        assert r.stock < 0 and r.waste < 0
        assert sorted(c for p in s.piles for c in p) == list(range(52))


def test_a_card_goes_on_the_card_one_rank_higher_of_its_own_suit() -> None:
    r, s = setup("eight_off", {"t1": "TH", "t2": "9H", "t3": "9D", "t4": "9C", "t5": "8H"},
                 filler="t8")
    moves = legal(r, s)
    assert "t2>t1" in moves
    for bad in ("t3>t1", "t4>t1", "t5>t1", "t1>t2"):
        assert bad not in moves
    with pytest.raises(IllegalMoveError, match="builds down in suit"):
        r.play(s, move("t3>t1"))  # the right rank, the other red suit
    with pytest.raises(IllegalMoveError, match="builds down in suit"):
        r.play(s, move("t4>t1"))  # the right rank, a black suit
    after = r.play(s, move("t2>t1"))
    assert pile(r, after, "t1") == "TH 9H" and pile(r, after, "t2") == ""


def test_only_the_top_card_moves_one_at_a_time_even_with_free_cells() -> None:
    r, s = setup("eight_off", {"t1": "KS QS JS", "t2": "-", "t3": "KH", "t4": "QH JC"},
                 filler="t8")
    assert all(m.n == 1 for m in r.legal_moves(s))
    with pytest.raises(IllegalMoveError, match="only one card moves at a time"):
        r.play(s, move("t1>t2:2"))
    # The Queen of hearts under the Jack of clubs cannot go on her King with it.
    with pytest.raises(IllegalMoveError, match="only one card moves at a time"):
        r.play(s, move("t4>t3:2"))


def test_only_a_king_goes_into_an_empty_pile() -> None:
    r, s = setup("eight_off", {"t1": "-", "t2": "KD", "t3": "QC", "c1": "JH"}, filler="t8")
    into = {m.src for m in r.legal_moves(s) if m.dst == "t1"}
    assert into == {"t2"}
    for bad in ("t3>t1", "c1>t1"):
        with pytest.raises(IllegalMoveError, match="only a King fills an empty pile"):
            r.play(s, move(bad))
    after = r.play(s, move("t2>t1"))
    assert pile(r, after, "t1") == "KD"


def test_a_free_cell_holds_one_card_and_gives_it_back() -> None:
    r, s = setup("eight_off", {"c1": "5S", "t1": "7D", "t2": "6D", "t3": "6S"}, filler="t8")
    assert "t2>c1" not in legal(r, s)  # the cell is full
    with pytest.raises(IllegalMoveError):
        r.play(s, move("t2>c1"))
    s = r.play(s, move("t2>c2"))
    assert pile(r, s, "c2") == "6D" and pile(r, s, "t2") == ""
    assert {"c2>t1", "c1>t3"} <= legal(r, s)
    s = r.play(s, move("c1>t3"))
    assert pile(r, s, "t3") == "6S 5S" and pile(r, s, "c1") == ""


def test_foundations_build_up_in_suit_from_the_ace_and_keep_their_cards() -> None:
    r, s = setup("eight_off", {"f1": "-", "f2": "-", "f3": "-", "f4": "-",
                               "t1": "2H AH", "t2": "2S", "t3": "3H"}, filler="t8")
    assert "t2>f1" not in legal(r, s)
    with pytest.raises(IllegalMoveError, match="only an Ace starts a foundation"):
        r.play(s, move("t2>f1"))
    s = r.play(s, move("t1>f1"))
    with pytest.raises(IllegalMoveError, match="build up in suit"):
        r.play(s, move("t2>f1"))
    s = r.play(s, move("t1>f1"))
    s = r.play(s, move("t3>f1"))
    assert pile(r, s, "f1") == "AH 2H 3H"
    assert not any(m.src.startswith("f") for m in r.legal_moves(s))
    with pytest.raises(IllegalMoveError, match="do not come back"):
        r.play(s, move("f1>c1"))


def test_there_is_no_stock() -> None:
    r = patience.rules("eight_off")
    s = r.deal(3)
    assert all("stock" not in (m.src, m.dst) for m in r.legal_moves(s))
    with pytest.raises(IllegalMoveError, match="has no pile 'stock'"):
        r.play(s, move("stock>waste"))


def test_won_when_all_52_cards_are_on_the_foundations() -> None:
    spades = " ".join(f"{rank}S" for rank in "A23456789TJQ")
    r, s = setup("eight_off", {"f4": spades, "c8": "KS"})
    assert not r.is_won(s)
    s = r.play(s, move("c8>f4"))
    assert r.is_won(s) and r.score(s) == 52


def test_a_card_goes_up_by_itself_only_once_it_can_hold_nothing_needed() -> None:
    r, s = setup("eight_off", {"f1": "AC 2C", "f2": "AD", "f3": "AH", "f4": "AS 2S",
                               "t1": "3C", "t2": "2D KH", "c1": "2H"}, filler="t8")
    assert {str(m) for m in safe_moves(r, s)} == {"c1>f3"}
    s = r.play(s, move("c1>f3"))
    assert "t1>f1" not in {str(m) for m in safe_moves(r, s)}  # the 2D is still out


def test_the_rules_page_says_true_things() -> None:
    text = build(patience.find_game("eight_off")).text()
    assert "a card goes on the card one rank higher of its own suit" in text
    assert "Only the top card of a pile moves, one card at a time." in text
    assert "Only a King goes into an empty pile." in text
    assert "one card face up in each of 4 of the free cells" in text
    assert "run headed" not in text and "alternating" not in text


def test_the_page_draws_foundations_then_eight_cells_then_eight_piles() -> None:
    r = patience.rules("eight_off")
    assert r.game.layout is not None
    layout = r.game.layout(r)
    assert layout["columns"] == 8
    top, cells, piles = layout["rows"]
    assert [x and x["pile"] for x in top["slots"]] == [None, None, "f1", "f2", "f3", "f4",
                                                       None, None]
    assert [x["pile"] for x in cells["slots"]] == [f"c{i}" for i in range(1, 9)]
    assert [x["pile"] for x in piles["slots"]] == [f"t{i}" for i in range(1, 9)]
    assert all(x["fan"] == "down" for x in piles["slots"])


@pytest.mark.parametrize("deal", [1, 2, 3])
def test_the_solver_wins_deals_and_the_win_replays(deal: int) -> None:
    r = patience.rules("eight_off")
    s = r.deal(deal)
    wins_in_a_session(r, s, solve(r, s, budget=20_000))


def test_a_blocked_position_is_proved_lost() -> None:
    # Each two lies under the three of its suit, every cell is full and no top card takes
    # another: nothing moves.
    fours_to_sevens = [rank + suit for rank in "4567" for suit in "CH"]
    cells = {f"c{i}": card for i, card in enumerate(fours_to_sevens, 1)}
    r, s = setup("eight_off", {"f1": "AC", "f3": "AH", "t1": "2C 3C", "t2": "2H 3H",
                               "t3": "8C 9C", "t4": "8H 9H", "t5": "TC JC", "t6": "TH JH",
                               "t7": "QC KC", "t8": "QH KH", **cells})
    assert r.legal_moves(s) == []
    assert solve(r, s, budget=10_000).verdict == "unwinnable"
