"""The public API: games and options, move and position text, errors, saves."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

import patience
from patience import (
    IllegalMoveError,
    Move,
    MoveParseError,
    OptionsError,
    PositionError,
    SaveCardsError,
    SaveGameError,
    SaveMoveError,
    SaveNotJSONError,
    SaveTooLargeError,
    SaveVersionError,
    Session,
)

# The first ten games, in the registry's order; later games follow them.
IDS = ["klondike", "spider", "freecell", "pyramid", "yukon", "streets_and_alleys",
       "all_in_a_row", "roosevelt", "moving_left", "bakers_dozen"]


def test_the_games_in_order_with_their_options() -> None:
    assert [g.id for g in patience.games()] == list(patience.GAMES)
    assert [g.id for g in patience.games()][:len(IDS)] == IDS
    options = {g.id: {o.name: o.choices for o in g.options} for g in patience.games()}
    assert options["klondike"] == {
        "draw": (1, 3), "passes": (1, 3, "unlimited"), "scoring": ("none", "standard", "vegas"),
        "timed": (False, True), "takeback": (True, False), "peek": (False, True)}
    assert options["spider"] == {"suits": (1, 2, 4)}
    assert options["pyramid"] == {"passes": (1, 3, "unlimited")}
    assert all(not options[g] for g in IDS if g not in ("klondike", "spider", "pyramid"))


def test_options_read_from_text_and_refuse_what_they_do_not_know() -> None:
    r = patience.rules("klondike", draw="3", passes="unlimited", peek="yes")
    assert (r.draw, r.max_recycles, r.options["peek"]) == (3, None, True)
    with pytest.raises(OptionsError, match="no option 'colour'"):
        patience.rules("klondike", colour="red")
    with pytest.raises(OptionsError, match="takes 1, 3"):
        patience.rules("klondike", draw=2)
    with pytest.raises(OptionsError, match="takes"):
        patience.rules("klondike", peek=1)        # 1 is not True
    with pytest.raises(OptionsError, match="no game 'solitaire'"):
        patience.rules("solitaire")


@pytest.mark.parametrize("text", ["t1>f1", "t3>t5:4", "stock>waste:3", "waste>stock:24"])
def test_moves_print_and_parse_back(text: str) -> None:
    r = patience.rules("klondike")
    assert str(patience.parse_move(r, text)) == text


@pytest.mark.parametrize(("text", "why"), [
    ("t1-f1", "not a move"), ("t1>", "not a move"), ("t9>f1", "no pile 't9'"),
    ("c1>t1", "no pile 'c1'"), ("stock>tableau:10", "no pile 'tableau'"), ("", "not a move")])
def test_bad_move_text_says_what_is_wrong(text: str, why: str) -> None:
    with pytest.raises(MoveParseError, match=why):
        patience.parse_move(patience.rules("klondike"), text)


def test_an_illegal_move_says_why_and_leaves_the_game_as_it_was() -> None:
    game = patience.new_game("freecell", 1)
    before = game.position()
    with pytest.raises(IllegalMoveError, match="t1>t2: the 6 of spades cannot go on the 9 of"):
        game.play("t1>t2")
    with pytest.raises(IllegalMoveError, match="only an Ace starts a foundation"):
        game.play(Move("t1", "f1"))
    assert game.position() == before and game.moves == []


def test_undo_and_redo_without_limit() -> None:
    game = patience.new_game("klondike", 4, draw=1, passes="unlimited")
    for _ in range(200):
        game.play(game.legal_moves()[-1])
    positions = [s for s in game.states]
    while game.undo():
        pass
    assert game.state == positions[0] and game.undo() is None
    while game.redo():
        pass
    assert game.states == positions and game.redo() is None


def test_a_new_move_after_undo_forgets_the_redo_list() -> None:
    game = patience.new_game("klondike", 4)
    game.play("stock>waste")
    game.undo()
    assert game.redo_stack
    game.play("stock>waste")     # the same move keeps nothing else to redo
    assert not game.redo_stack


@pytest.mark.parametrize(("change", "why"), [
    (lambda t: t.replace("t1: JD KD 2S 4C 3S 6D 6S", "t1: JD KD 2S 4C 3S 6D 6S 6S"),
     "extra 1 x 6S"),
    (lambda t: t.replace("t1: JD KD 2S 4C 3S 6D 6S", "t1: JD KD 2S 4C 3S 6D"), "missing 1 x 6S"),
    (lambda t: t.replace("t1: JD", "t1: ZD"), "not a card"),
    (lambda t: t.replace("freecell", "freecel"), "no game"),
    (lambda t: t.replace("freecell", "freecell draw=3"), "no option"),
    (lambda t: t.replace("t8:", "t9:"), "no pile 't9'"),
    (lambda t: t + "t8: -\n", "given twice"),
    (lambda t: t.replace("t8: 5H 3H 3C 7S 7D TC\n", ""), "no line for t8"),
    (lambda t: t.replace("t1: JD KD", "t1: JD | KD"), ""),
    (lambda t: t.replace("c1: -", "c1: TC").replace("3C 7S 7D TC", "3C 7S 7D"), ""),
    (lambda t: t.replace("c1: -", "c1: TC 7D").replace("3C 7S 7D TC", "3C 7S"), "one card"),
    (lambda t: t.replace("f1: -", "f1: 2C").replace("2C 3D", "3D"), "not a foundation"),
    ("", "empty"),
])
def test_position_text_errors(change: Callable[[str], str] | str, why: str) -> None:
    text = patience.format_position(patience.rules("freecell"), patience.rules("freecell").deal(1))
    bad = change if isinstance(change, str) else change(text)
    if why == "":
        patience.parse_position(bad)   # face-down cards and moved cards are fine
        return
    with pytest.raises(PositionError, match=why):
        patience.parse_position(bad)


def test_face_down_top_card_is_refused() -> None:
    r = patience.rules("klondike")
    text = patience.format_position(r, r.deal(1)).replace("t1: 8H", "t1: 8H |")
    with pytest.raises(PositionError, match="face up"):
        patience.parse_position(text)


def test_a_position_set_up_from_text_plays_and_saves() -> None:
    r = patience.rules("klondike")
    text = patience.format_position(r, r.deal(9))
    rules, start = patience.parse_position(text)
    game = Session(rules, start=start)
    game.play(game.legal_moves()[0])
    again = Session.load(game.save())
    assert again.state == game.state and again.deal is None
    assert json.loads(game.save())["position"] == text


def save_of(**change: object) -> str:
    game = patience.new_game("klondike", 3, draw=3)
    game.play("stock>waste:3")
    data = json.loads(game.save())
    data.update(change)
    return json.dumps(data)


@pytest.mark.parametrize(("text", "error", "why"), [
    ("{not json", SaveNotJSONError, "not JSON"),
    ("[1, 2]", SaveNotJSONError, "not a JSON object"),
    (json.dumps({"hello": 1}), SaveVersionError, "not a Patience save"),
    (save_of(version=9), SaveVersionError, "version 9"),
    (save_of(game="canfield"), SaveGameError, "no game 'canfield'"),
    (save_of(options={"draw": 3, "jokers": True}), SaveGameError, "no option 'jokers'"),
    (save_of(options={"draw": 5}), SaveGameError, "draw takes"),
    (save_of(deal=0), SaveGameError, "deal number"),
    (save_of(deal="7"), SaveGameError, "deal number"),
    (save_of(moves=["t1>t9"]), SaveMoveError, "move 1"),
    (save_of(moves=["stock>waste:3", "t1>f1"]), SaveMoveError, r"move 2 \(t1>f1\)"),
    (save_of(moves="t1>f1"), SaveMoveError, "list of move texts"),
    (save_of(elapsed=-5), SaveGameError, "elapsed"),
    (save_of(position="klondike\nstock: AS\n"), SaveCardsError, "starting position"),
    (save_of(moves=["stock>waste:3"] * 60_000), SaveTooLargeError, "at most"),
    ("x" * 2_000_000, SaveTooLargeError, "bytes"),
])
def test_each_kind_of_bad_save_has_its_own_error(text: str, error: type, why: str) -> None:
    with pytest.raises(error, match=why) as caught:
        patience.load(text)
    assert isinstance(caught.value, patience.SaveError)


def test_a_good_save_loads_with_its_redo_list_and_time() -> None:
    game = patience.new_game("spider", 12, suits=2)
    game.play(game.legal_moves()[0])
    game.play(game.legal_moves()[0])
    game.undo()
    game.elapsed = 42.5
    again = patience.load(game.save())
    assert again.moves == game.moves and again.redo_stack == game.redo_stack
    assert again.elapsed == 42.5 and again.rules.options == {"suits": 2}


@pytest.mark.parametrize("game_id", IDS)
def test_a_new_deal_is_playing_with_a_score_from_zero(game_id: str) -> None:
    game = patience.new_game(game_id, 5)
    assert game.status() == "playing"
    assert game.score() == 0
