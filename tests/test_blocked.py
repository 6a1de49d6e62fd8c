"""The solver's dead-end test (solver/blocked.py): cards that hold each other down for good."""

from __future__ import annotations

import pytest

import patience
from patience.solver import solve
from patience.solver.blocked import make_blocked

from helpers import plain_search, setup

# Streets and Alleys: the two of spades covers the ace of spades and all four threes; every
# other pile holds a card that cannot move (the kings: their queens are under kings; the
# twos: all aces and threes are under the two of spades), so no pile can ever empty.
STREETS = {"t1": "AS AH AD AC 3S 3H 3D 3C 2S", "t2": "KS", "t3": "KH", "t4": "KD",
           "t5": "KC", "t6": "2H", "t7": "2D", "t8": "2C"}


def klondike_five(six_of_clubs: str) -> dict[str, str]:
    """The five of hearts face up on the four of hearts, with the six of spades face down
    under them and the six of clubs where the argument says."""
    piles = {"stock": "-", "waste": "-", "t1": "6S 4H | 5H"}
    if six_of_clubs == "under":
        piles["t1"] = "6S 6C 4H | 5H"
    else:
        piles["t3"] = "6C"
    return piles


def test_a_card_over_its_suit_and_both_its_places_blocks_the_game() -> None:
    r, s = setup("klondike", klondike_five("under"), {"takeback": False}, filler="t2")
    blocked = make_blocked(r)
    assert blocked is not None and blocked(s)
    result = solve(r, s, budget=10_000)
    assert (result.verdict, result.nodes) == ("unwinnable", 0)
    assert result.used_hidden


def test_one_place_left_open_is_a_way_out() -> None:
    r, s = setup("klondike", klondike_five("t3"), {"takeback": False}, filler="t2")
    blocked = make_blocked(r)
    assert blocked is not None and not blocked(s)
    assert solve(r, s, budget=10_000).verdict == "solved"


def test_the_foundations_are_a_way_out() -> None:
    # The five of hearts covers both black sixes, but the hearts below it are all on the
    # foundations: it can go there.
    r, s = setup("klondike", {"stock": "-", "waste": "-", "t1": "6S 6C | 5H"},
                 {"takeback": False}, filler="t2")
    blocked = make_blocked(r)
    assert blocked is not None and not blocked(s)


def test_a_card_lifted_with_the_one_under_it_is_not_in_place() -> None:
    # The five of hearts lies on the six of clubs, face up: the two are lifted together,
    # and only the six is in place (the five covers the four of hearts and the six of
    # spades, but leaves with the six of clubs).
    r, s = setup("klondike", {"stock": "-", "waste": "-", "t1": "6S 4H | 6C 5H",
                              "t3": "7D"}, {"takeback": False}, filler="t2")
    blocked = make_blocked(r)
    assert blocked is not None and not blocked(s)
    assert solve(r, s, budget=10_000).verdict == "solved"


@pytest.mark.parametrize("takeback", [False, True])
def test_a_place_on_the_foundations_is_shut_only_without_take_backs(takeback: bool) -> None:
    # Both black sixes are on the foundations; the five of hearts covers the four.
    r, s = setup("klondike", {"stock": "-", "waste": "-", "t1": "4H | 5H"},
                 {"takeback": takeback}, filler="t2")
    blocked = make_blocked(r)
    assert blocked is not None
    assert blocked(s) is not takeback
    if not takeback:
        assert plain_search(r, s, 100_000) is False


def test_a_card_that_may_take_an_empty_pile_is_blocked_only_when_none_can_empty() -> None:
    r, s = setup("streets_and_alleys", STREETS, filler="t2")
    blocked = make_blocked(r)
    assert blocked is not None and blocked(s)
    assert solve(r, s, budget=1_000).verdict == "unwinnable"
    # The two of clubs on the two of diamonds' pile: the eighth pile is empty, any card
    # may go there, and nothing is held for good.
    r, s = setup("streets_and_alleys", {**STREETS, "t7": "2D 2C", "t8": "-"}, filler="t2")
    assert not blocked(s)


def test_a_position_found_blocked_is_lost_by_an_exhaustive_search() -> None:
    # Few cards left in play: the rest are on the foundations.
    r, s = setup("streets_and_alleys", {"t1": "8S TS TH TD TC 9S", "t2": "QS JS",
                                        "t3": "QH JH", "t4": "QD JD", "t5": "QC JC",
                                        "t6": "KS", "t7": "KH", "t8": "KD KC"})
    blocked = make_blocked(r)
    assert blocked is not None and blocked(s)
    assert plain_search(r, s, 200_000) is False


@pytest.mark.parametrize(("game", "options", "deals"), [
    ("klondike", {"draw": 1}, (1, 2, 3, 5)), ("klondike", {"draw": 3}, (1, 5)),
    ("yukon", {}, (4, 14)), ("streets_and_alleys", {}, (9, 21)),
])
def test_no_position_on_a_winning_line_is_blocked(
        game: str, options: dict[str, object], deals: tuple[int, ...]) -> None:
    r = patience.rules(game, options)
    blocked = make_blocked(r)
    assert blocked is not None
    for deal in deals:
        s = r.deal(deal)
        result = solve(r, s, budget=40_000)
        assert result.verdict == "solved"
        for m in result.moves:
            assert not blocked(s), (deal, m)
            s = r.play(s, m)


@pytest.mark.parametrize("game", ["freecell", "pyramid", "spider", "all_in_a_row",
                                  "roosevelt", "moving_left"])
def test_games_outside_the_argument_have_no_test(game: str) -> None:
    assert make_blocked(patience.rules(game)) is None
