"""Forty Thieves, as docs/rules/forty_thieves.md and docs/rules/decisions.md say: one test for
each rule they state."""

from __future__ import annotations

import pytest

import patience
from patience import IllegalMoveError, safe_moves
from patience.games.layouts import standard_layout
from patience.rulespage import build
from patience.solver import solve

from helpers import legal, move, pile, setup, wins_in_a_session


def test_two_decks_ten_piles_of_four_face_up_and_64_in_the_stock() -> None:
    r = patience.rules("forty_thieves")
    for deal in (1, 2, 500):
        s = r.deal(deal)
        assert [len(s.piles[t]) for t in r.T] == [4] * 10 and not any(s.down)
        assert len(s.piles[r.stock]) == 64 and not s.piles[r.waste]
        assert len(r.F) == 8 and not any(s.piles[f] for f in r.F) and r.C == ()
        assert sorted(c for p in s.piles for c in p) == sorted(list(range(52)) * 2)


def test_a_card_goes_on_the_card_one_rank_higher_of_its_own_suit() -> None:
    r, s = setup("forty_thieves", {"t1": "TH", "t2": "9H", "t3": "9D", "t4": "9C",
                                   "stock": "-", "waste": "9H"}, filler="t10")
    moves = legal(r, s)
    assert {"t2>t1", "waste>t1"} <= moves
    for bad in ("t3>t1", "t4>t1", "t1>t2"):
        assert bad not in moves
    with pytest.raises(IllegalMoveError, match="builds down in suit"):
        r.play(s, move("t3>t1"))
    with pytest.raises(IllegalMoveError, match="builds down in suit"):
        r.play(s, move("t4>t1"))
    after = r.play(s, move("waste>t1"))
    assert pile(r, after, "t1") == "TH 9H" and pile(r, after, "waste") == ""


def test_only_the_top_card_moves_one_at_a_time() -> None:
    r, s = setup("forty_thieves", {"t1": "KS QS JS", "t2": "-", "t3": "KH", "t4": "QH JC",
                                   "stock": "-"}, filler="t10")
    assert all(m.n == 1 for m in r.legal_moves(s))
    for bad in ("t1>t2:2", "t4>t3:2"):
        with pytest.raises(IllegalMoveError, match="only one card moves at a time"):
            r.play(s, move(bad))


def test_any_card_goes_into_an_empty_pile() -> None:
    r, s = setup("forty_thieves", {"t1": "-", "t2": "5C", "t3": "KD", "stock": "-",
                                   "waste": "QD"}, filler="t10")
    assert {"t2>t1", "t3>t1", "waste>t1"} <= legal(r, s)
    after = r.play(s, move("t2>t1"))
    assert pile(r, after, "t1") == "5C"


def test_the_stock_turns_one_card_at_a_time_and_only_once() -> None:
    r, s = setup("forty_thieves", {"stock": "2C 5D", "waste": "-"}, filler="t10")
    s = r.play(s, move("stock>waste"))
    assert pile(r, s, "waste") == "5D" and pile(r, s, "stock") == "2C"
    assert not any(m.dst == "stock" for m in r.legal_moves(s))
    s = r.play(s, move("stock>waste"))
    assert pile(r, s, "waste") == "5D 2C"
    assert not any("stock" in (m.src, m.dst) for m in r.legal_moves(s))
    with pytest.raises(IllegalMoveError, match="no passes left"):
        r.play(s, move("waste>stock:2"))
    # Only the waste's top card plays.
    assert not any(m.src == "waste" and m.n > 1 for m in r.legal_moves(s))


def test_nothing_goes_onto_the_waste_or_the_stock_but_the_stock_turned() -> None:
    r, s = setup("forty_thieves", {"t1": "4S", "stock": "7H", "waste": "5S"}, filler="t10")
    assert "t1>waste" not in legal(r, s) and "t1>stock" not in legal(r, s)
    with pytest.raises(IllegalMoveError):
        r.play(s, move("t1>waste"))


def test_eight_foundations_build_up_in_suit_two_of_each_suit() -> None:
    r, s = setup("forty_thieves", {"t1": "AH", "t2": "AH", "t3": "2H", "t4": "2S",
                                   "f1": "-", "f2": "-", "stock": "-"}, filler="t10")
    with pytest.raises(IllegalMoveError, match="only an Ace starts a foundation"):
        r.play(s, move("t3>f1"))
    s = r.play(s, move("t1>f1"))
    s = r.play(s, move("t2>f2"))
    assert pile(r, s, "f1") == "AH" and pile(r, s, "f2") == "AH"
    with pytest.raises(IllegalMoveError, match="build up in suit"):
        r.play(s, move("t4>f1"))
    s = r.play(s, move("t3>f2"))
    assert pile(r, s, "f2") == "AH 2H"
    assert not any(m.src.startswith("f") for m in r.legal_moves(s))
    with pytest.raises(IllegalMoveError, match="do not come back"):
        r.play(s, move("f2>t5"))


def test_won_when_all_104_cards_are_on_the_foundations() -> None:
    spades = " ".join(f"{rank}S" for rank in "A23456789TJQ")
    r, s = setup("forty_thieves", {"f8": spades, "t5": "KS", "stock": "-", "waste": "-"})
    assert not r.is_won(s) and sum(len(s.piles[f]) for f in r.F) == 103
    s = r.play(s, move("t5>f8"))
    assert r.is_won(s) and r.score(s) == 104


def test_a_card_goes_up_by_itself_only_when_its_twin_can_follow() -> None:
    """With two decks a card goes up by itself only when both piles of its suit are a
    rank below it or higher, so its twin always finds a place too."""
    r, s = setup("forty_thieves", {"f1": "AC 2C", "f2": "AC", "f3": "AD 2D", "f4": "AD 2D",
                                   "f5": "AH 2H", "f6": "AH 2H", "f7": "AS 2S", "f8": "AS 2S",
                                   "t1": "3C", "t2": "2C", "stock": "-"}, filler="t10")
    safe = {str(m) for m in safe_moves(r, s)}
    assert "t2>f2" in safe and not any(m.startswith("t1>") for m in safe)
    s = r.play(s, move("t2>f2"))
    assert "t1>f1" in {str(m) for m in safe_moves(r, s)}


def test_the_rules_page_says_true_things() -> None:
    text = build(patience.find_game("forty_thieves")).text()
    assert "a card goes on the card one rank higher of its own suit" in text
    assert "Only the top card of a pile moves, one card at a time." in text
    assert "run" not in text.replace("turn", "") and "alternating" not in text


def test_the_page_draws_stock_waste_and_eight_foundations_over_ten_piles() -> None:
    r = patience.rules("forty_thieves")
    assert r.game.layout is None
    layout = standard_layout(r)
    top, piles = layout["rows"]
    assert layout["columns"] == 10
    assert [x and x["pile"] for x in top["slots"]] == [
        "stock", "waste", *[f"f{i}" for i in range(1, 9)]]
    assert [x["pile"] for x in piles["slots"]] == [f"t{i}" for i in range(1, 11)]


def test_the_solver_wins_a_deal_and_the_win_replays() -> None:
    r = patience.rules("forty_thieves")
    s = r.deal(1)
    result = solve(r, s, budget=20_000)
    assert result.used_hidden
    wins_in_a_session(r, s, result)
