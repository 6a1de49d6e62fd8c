"""Search support: canonical keys and the safe automatic moves."""

from __future__ import annotations

import patience
from patience import safe_moves
from patience.notation import parse_move, parse_position
from patience.solver import solve

from helpers import NEEDED_BACK, TWIN_WAITS, plain_search, setup


def test_the_key_ignores_the_order_of_alike_piles_and_the_score() -> None:
    r, s = setup("freecell", {"t1": "9C", "t2": "8D", "c1": "KS", "c3": "-"}, filler="t8")
    swapped = list(s.piles)
    i, j = r.index["t1"], r.index["t2"]
    swapped[i], swapped[j] = swapped[j], swapped[i]
    k, m = r.index["c1"], r.index["c3"]
    swapped[k], swapped[m] = swapped[m], swapped[k]
    other = s._replace(piles=tuple(swapped), score=77)
    assert other != s and r.key(other) == r.key(s)
    assert r.key(r.apply(s, patience.Move("t2", "t1"))) != r.key(s)
    hash(r.key(s))


def test_the_key_keeps_pile_order_where_position_matters() -> None:
    for game in ("moving_left", "pyramid"):
        r = patience.rules(game)
        s = r.deal(3)
        swapped = list(s.piles)
        a, b = r.T[0], r.T[1]
        swapped[a], swapped[b] = swapped[b], swapped[a]
        assert r.key(s._replace(piles=tuple(swapped))) != r.key(s)


def test_piles_a_stock_still_deals_to_are_told_apart_until_it_is_empty() -> None:
    """Spider's deal from the stock puts a different card on each pile, so two positions with
    their piles in another order play differently until the stock is empty."""
    r = patience.rules("spider", {"suits": 4})
    s = r.deal(3)
    swapped, down = list(s.piles), list(s.down)
    a, b = r.T[0], r.T[5]
    swapped[a], swapped[b] = swapped[b], swapped[a]
    down[a], down[b] = down[b], down[a]
    other = s._replace(piles=tuple(swapped), down=tuple(down))
    assert r.key(other) != r.key(s)
    empty = list(s.piles)
    empty[r.stock] = ()
    drawn = s._replace(piles=tuple(empty))
    swapped[r.stock] = ()
    assert r.key(s._replace(piles=tuple(swapped), down=tuple(down))) == r.key(drawn)


def test_the_key_tells_face_down_cards_and_passes_apart() -> None:
    r, s = setup("klondike", {"t1": "9S 4D | 5H"})
    assert r.key(s._replace(down=tuple(0 for _ in s.down))) != r.key(s)
    assert r.key(s._replace(recycles=1)) != r.key(s)


def test_a_card_is_safe_when_no_card_in_play_could_need_it() -> None:
    # 3H may go up: both black 2s are on the foundations. 3D too. 4S may not: 3H is not up.
    r, s = setup("freecell", {"t1": "3H", "t2": "4S", "t3": "3D", "f1": "AC 2C",
                              "f2": "AD 2D", "f3": "AH 2H", "f4": "AS 2S 3S"}, filler="t8")
    assert {str(m) for m in safe_moves(r, s) if m.src != "t8"} == {"t1>f3", "t3>f2"}
    # With a black 2 still in play, the red 3s are not safe.
    r, s = setup("freecell", {"t1": "3H", "t2": "2C", "f1": "AC", "f3": "AH 2H"}, filler="t8")
    assert "t1>f3" not in {str(m) for m in safe_moves(r, s)}


def test_aces_and_twos_are_always_safe_and_regardless_of_suit_needs_all_suits() -> None:
    r, s = setup("klondike", {"t1": "AS", "stock": "-", "waste": "-"}, filler="t7")
    assert "t1>" in str(safe_moves(r, s)[0])
    r, s = setup("streets_and_alleys", {"t1": "3H", "f1": "AC 2C", "f2": "AD", "f3": "AH 2H",
                                        "f4": "AS 2S"}, filler="t8")
    assert not [m for m in safe_moves(r, s) if m.src == "t1"]   # 2D is still in play
    assert patience.rules("spider").game.safety == "none"


def test_the_waste_is_left_alone_in_draw_three() -> None:
    for draw, expected in ((1, True), (3, False)):
        r, s = setup("klondike", {"waste": "AH", "stock": "-", "f1": "-"}, {"draw": draw},
                     filler="t7")
        assert any(m.src == "waste" for m in safe_moves(r, s)) is expected


def test_pyramid_kings_are_always_safe() -> None:
    r = patience.rules("pyramid")
    s = r.deal(1)
    kings = [m for m in r.legal_moves(s) if m.dst == "f1"]
    assert safe_moves(r, s) == kings


def test_a_card_the_foundations_may_give_back_onto_is_not_safe() -> None:
    r, s = parse_position(NEEDED_BACK)
    assert "t2>f3" not in [str(m) for m in safe_moves(r, s)]
    x = s
    for m in ("f2>t2", "t1>t2", "t1>f4", "t2>f4", "t3>f4", "t2>f2"):
        x = r.play(x, parse_move(r, m))
    assert solve(r, x, budget=1_000).verdict == "solved"
    # Without take-backs the 4S cannot come down, so the 5H is safe (and the game lost).
    r2, s2 = parse_position(NEEDED_BACK.replace("takeback=yes", "takeback=no"))
    assert "t2>f3" in [str(m) for m in safe_moves(r2, s2)]
    assert solve(r2, s2, budget=10_000).verdict == "unwinnable"


def test_with_two_decks_a_card_waits_until_its_twin_has_a_place() -> None:
    r, s = parse_position(TWIN_WAITS)
    assert safe_moves(r, s) == []
    up = r.play(s, parse_move(r, "t1>f7"))
    assert plain_search(r, s, 100_000) is True
    assert plain_search(r, up, 100_000) is False
    # Once both spade piles stand at 4, the other 5S is safe.
    for m in ("waste>f7", "waste>f8", "stock>waste", "waste>f8"):
        s = r.play(s, parse_move(r, m))
    assert [str(m) for m in safe_moves(r, s)] == ["t1>f8"]
