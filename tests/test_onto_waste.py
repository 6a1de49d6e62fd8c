"""Playing onto the waste ("select, then move onto the waste"): the strategy ``OntoWaste``,
the deal step ``TurnOne``, the peaks' covering and layout, and the exact search
``solver/peaks.py``, on tables built here (TriPeaks and Golf have their own tests)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace

import pytest

import patience
from patience import IllegalMoveError, Rules, State
from patience.auto import status
from patience.cards import card_str, parse_card
from patience.errors import PositionError
from patience.game import Game, Move, Option
from patience.games import GAMES
from patience.games.layouts import peaks_cover, peaks_layout, turn_up_free
from patience.notation import check_position, format_position, parse_position
from patience.solver import solve
from patience.solver.peaks import fits, search
from patience.solver.search import drain
from patience.vocab import (
    NO_BUILDING,
    NO_FOUNDATION,
    ONE_CARD,
    ONTO_PLAY_PILE,
    STAYS_EMPTY,
    OntoWaste,
    Rows,
    TurnOne,
)

# A small open table: four piles of three, the stock turned onto the waste.
OPEN = Game(
    id="trial_open", title="Trial Open", decks=1, tableau=4, foundations=0,
    deal=(Rows((3,) * 4, up=3), TurnOne()),
    build=NO_BUILDING, lift=ONE_CARD, empty=STAYS_EMPTY, foundation=NO_FOUNDATION,
    stock=ONTO_PLAY_PILE, passes=1, play=OntoWaste(wrap="wrap", king_stops=True),
    goal="tableau",
    options=(Option("wrap", "Wrap", (False, True), False),),
    summary="A table built in a test: four open piles played onto the waste.",
)
# Peaks: 28 cards in three peaks, the covered ones face down.
PEAKS = Game(
    id="trial_peaks", title="Trial Peaks", decks=1, tableau=28, foundations=0,
    deal=(Rows((1,) * 28, up=(0,) * 18 + (1,) * 10), TurnOne()),
    build=NO_BUILDING, lift=ONE_CARD, empty=STAYS_EMPTY, foundation=NO_FOUNDATION,
    stock=ONTO_PLAY_PILE, passes=1, play=OntoWaste(wrap=True), symmetric=False,
    cover=peaks_cover, after_move=turn_up_free, goal="tableau", layout=peaks_layout,
    summary="A table built in a test: three peaks played onto the waste.",
)


@pytest.fixture(autouse=True)
def registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setitem(GAMES, OPEN.id, OPEN)
    monkeypatch.setitem(GAMES, PEAKS.id, PEAKS)
    yield


def c(text: str) -> int:
    return parse_card(text)


def position(r: Rules, piles: dict[str, str]) -> State:
    """Return a position of ``r`` with the piles given (cards as text, left to right)."""
    out = [tuple(c(w) for w in piles.get(name, "").split()) for name in r.names]
    return State(tuple(out), (0,) * len(out), 0, 0)


def test_the_deal_turns_the_stocks_top_card_onto_the_waste() -> None:
    r = patience.rules(OPEN.id)
    s = r.deal(5)
    plain = Rules(replace(OPEN, deal=(Rows((3,) * 4, up=3),)))
    before = plain.deal(5)
    assert s.piles[r.waste] == before.piles[r.stock][-1:]
    assert s.piles[r.stock] == before.piles[r.stock][:-1]
    assert not r.F and sorted(x for p in s.piles for x in p) == list(range(52))


def test_a_free_card_a_rank_above_or_below_goes_onto_the_waste() -> None:
    r = patience.rules(OPEN.id)
    s = position(r, {"stock": "2C", "waste": "7H", "t1": "8S", "t2": "6D", "t3": "9C 5S",
                     "t4": "8D 7S"})
    assert {str(m) for m in r.legal_moves(s)} == {"t1>waste", "t2>waste", "stock>waste"}
    after = r.play(s, Move("t1", "waste"))
    assert after.piles[r.waste][-1] == c("8S") and not after.piles[r.index["t1"]]
    with pytest.raises(IllegalMoveError, match="not one rank above or below"):
        r.play(s, Move("t4", "waste"))
    with pytest.raises(IllegalMoveError, match="only onto the waste"):
        r.play(s, Move("t1", "t2"))


def test_without_wrap_nothing_goes_on_a_king_and_ace_and_king_are_apart() -> None:
    r = patience.rules(OPEN.id)
    s = position(r, {"stock": "2C", "waste": "KH", "t1": "QS", "t2": "AD"})
    assert {str(m) for m in r.legal_moves(s)} == {"stock>waste"}
    with pytest.raises(IllegalMoveError, match="nothing goes on a King"):
        r.play(s, Move("t1", "waste"))
    s = position(r, {"stock": "2C", "waste": "AH", "t1": "KS", "t2": "QD"})
    assert {str(m) for m in r.legal_moves(s)} == {"stock>waste"}
    s = position(r, {"stock": "2C", "waste": "QH", "t1": "KS"})
    assert "t1>waste" in {str(m) for m in r.legal_moves(s)}


def test_with_wrap_king_and_ace_are_neighbours() -> None:
    r = patience.rules(OPEN.id, {"wrap": True})
    s = position(r, {"stock": "2C", "waste": "KH", "t1": "QS", "t2": "AD", "t3": "2S"})
    assert {str(m) for m in r.legal_moves(s)} == {"t1>waste", "t2>waste", "stock>waste"}
    s = position(r, {"stock": "2C", "waste": "AH", "t1": "KS"})
    assert "t1>waste" in {str(m) for m in r.legal_moves(s)}


def test_one_pass_through_the_stock_and_a_cleared_table_wins() -> None:
    r = patience.rules(OPEN.id)
    s = position(r, {"waste": "7H 2C", "t1": "5S"})
    assert r.legal_moves(s) == [] and status(r, s) == "stuck"
    won = position(r, {"stock": "4C", "waste": "7H"})
    assert r.is_won(won) and status(r, won) == "won"


def test_the_score_counts_the_cards_taken_off_the_table() -> None:
    r = patience.rules(OPEN.id)
    s = r.deal(1)
    assert r.score(s) == 0
    for m in r.legal_moves(s):
        if m.src != "stock":
            assert r.score(r.play(s, m)) == 1
            break


def test_the_key_keeps_only_the_wastes_top_card() -> None:
    r = patience.rules(OPEN.id)
    a = position(r, {"stock": "2C", "waste": "3D 7H", "t1": "5S"})
    b = position(r, {"stock": "2C", "waste": "9S 7H", "t1": "5S"})
    d = position(r, {"stock": "2C", "waste": "9S 8H", "t1": "5S"})
    assert r.key(a) == r.key(b) != r.key(d)


def test_peaks_cover_each_card_with_the_two_below_it() -> None:
    cover = peaks_cover(tuple(range(28)))
    assert cover[0] == (3, 4) and cover[2] == (7, 8)
    assert cover[3] == (9, 10) and cover[4] == (10, 11) and cover[5] == (12, 13)
    assert cover[9] == (18, 19) and cover[17] == (26, 27)
    assert set(cover) == set(range(18))
    with pytest.raises(ValueError, match="9n"):
        peaks_cover(tuple(range(27)))


def test_the_peaks_layout_places_every_pile_once() -> None:
    r = patience.rules(PEAKS.id)
    layout = peaks_layout(r)
    placed = [slot["pile"] for row in layout["rows"] for slot in row["slots"] if slot]
    assert sorted(placed) == sorted(r.names) and layout["columns"] == 10
    assert [row["kind"] for row in layout["rows"]] == ["overlap", "row"]
    assert layout["rows"][0]["width"] == 20 and len(layout["rows"][1]["slots"]) == 10


def test_a_covered_card_turns_face_up_once_both_cards_over_it_are_gone() -> None:
    r = patience.rules(PEAKS.id)
    s = r.deal(3)
    t = r.index["t10"]                  # covered by t19 and t20
    assert s.down[t] == 1 and all(s.down[r.index[f"t{i}"]] == 0 for i in range(19, 29))
    piles = list(s.piles)
    down = list(s.down)
    piles[r.index["t19"]] = ()
    turn_up_free(r, piles, down)
    assert down[t] == 1
    piles[r.index["t20"]] = ()
    turn_up_free(r, piles, down)
    assert down[t] == 0 and down[r.index["t11"]] == 1


def test_face_down_cards_never_move() -> None:
    r = patience.rules(PEAKS.id)
    s = r.deal(4)
    moving = {m.src for m in r.legal_moves(s)} - {"stock"}
    assert moving <= {f"t{i}" for i in range(19, 29)}
    with pytest.raises(IllegalMoveError):
        r.play(s, Move("t1", "waste"))


def plain_verdict(r: Rules, s: State) -> bool:
    """Tell whether ``s`` can be won, by trying every line (small positions only)."""
    seen: set[object] = set()

    def win(x: State) -> bool:
        if r.is_won(x):
            return True
        k = r.key(x)
        if k in seen:
            return False
        seen.add(k)
        return any(win(r.apply(x, m)) for m in r.legal_moves(x))

    return win(s)


@pytest.mark.parametrize("seed", range(40))
def test_the_search_agrees_with_trying_every_line(seed: int) -> None:
    """Random small positions: the search's verdict is the plain search's, and a win it
    gives replays through the checked moves."""
    rng = random.Random(seed)
    wrap = seed % 2 == 0
    r = patience.rules(OPEN.id, {"wrap": wrap})
    cards = rng.sample(range(52), 14)
    piles = {"stock": " ".join(card_str(x) for x in cards[:5]), "waste": card_str(cards[5])}
    for i in range(4):
        piles[f"t{i + 1}"] = " ".join(card_str(x) for x in cards[6 + 2 * i:8 + 2 * i])
    s = position(r, piles)
    assert fits(r)
    verdict, moves, _ = drain(search(r, s, 10**6))
    assert verdict == ("solved" if plain_verdict(r, s) else "unwinnable")
    result = solve(r, s)
    assert result.verdict == verdict
    x = s
    for m in result.moves:
        x = r.play(x, m)
    assert moves == result.moves and (verdict != "solved" or r.is_won(x))


def test_the_search_decides_whole_peaks_deals_and_its_wins_replay() -> None:
    r = patience.rules(PEAKS.id)
    verdicts = set()
    for deal in range(1, 6):
        s = r.deal(deal)
        result = solve(r, s, budget=2_000_000)
        assert result.verdict in ("solved", "unwinnable")
        verdicts.add(result.verdict)
        x = s
        for m in result.moves:
            x = r.play(x, m)
        assert result.verdict != "solved" or r.is_won(x)
    assert "solved" in verdicts


def test_kings_left_outnumbering_the_cards_to_come_lose_at_once() -> None:
    r = patience.rules(OPEN.id)
    s = position(r, {"stock": "5C", "waste": "QH", "t1": "KS", "t2": "KD", "t3": "KC"})
    verdict, _, nodes = drain(search(r, s, 10))
    assert verdict == "unwinnable" and nodes == 1


def test_a_save_of_the_peaks_with_covered_cards_face_down_loads_again() -> None:
    r = patience.rules(PEAKS.id)
    s = r.deal(6)
    again = parse_position(format_position(r, s))[1]
    assert again == s
    bare = s._replace(down=tuple(1 if t == r.index["t19"] else d
                                 for t, d in enumerate(s.down)))
    with pytest.raises(PositionError, match="face up"):
        check_position(r, bare)
