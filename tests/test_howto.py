"""How to play: the walk of every game of the registry, from its tables and a position."""

from __future__ import annotations

import json

import pytest

import patience
from patience import rulespage
from patience.bridge import Bridge
from patience.game import State
from patience.games import GAMES
from patience.howto import pick_move, steps
from patience.notation import parse_move
from patience.rules import Rules


def _sentences(r: Rules) -> set[str]:
    """Every sentence of the game's rules page, and its sentences split at full stops."""
    page = rulespage.build(r.game, r.options)
    lines = page.text().splitlines()
    return set(lines) | {part.strip() + "." for line in lines for part in line.split(".")
                         if part.strip()}


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_game_has_a_walk_of_two_to_four_steps_in_the_rules_pages_words(
        game_id: str) -> None:
    r = patience.rules(game_id)
    walk = steps(r, r.deal(1))
    assert 2 <= len(walk) <= 4
    assert walk[0]["title"] == "The goal" and walk[1]["title"] == "Moving cards"
    said = _sentences(r)
    for step in walk[:-1] if walk[-1]["move"] else walk:
        assert step["text"] and step["marks"]
        for sentence in step["text"]:
            assert sentence in said, (game_id, sentence)
        for mark in step["marks"]:
            assert mark["pile"] in r.index and mark["index"] is None
    assert any(step["title"] == "The stock" for step in walk) == (r.stock >= 0)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_goal_points_at_where_the_cards_go(game_id: str) -> None:
    r = patience.rules(game_id)
    marked = {m["pile"] for m in steps(r, r.deal(1))[0]["marks"]}
    where = r.F if r.game.goal == "foundations" else r.T
    assert marked == {r.names[i] for i in where}


@pytest.mark.parametrize("game_id", list(GAMES))
@pytest.mark.parametrize("deal", [1, 2, 3])
def test_the_move_shown_is_legal_and_its_marks_are_its_cards_and_destination(
        game_id: str, deal: int) -> None:
    r = patience.rules(game_id)
    s = r.deal(deal)
    last = steps(r, s)[-1]
    move = last["move"]
    assert move is not None and last["title"] == "Try a move"
    assert parse_move(r, move["text"]) in r.legal_moves(s)
    assert move["hint"] in last["text"][0]
    marks = {(m["pile"], m["index"]) for m in last["marks"]}
    for card in move["cards"]:
        assert (card["pile"], card["index"]) in marks
        assert 0 <= card["index"] < len(s.piles[r.index[card["pile"]]])
    if move["target"] is not None:
        assert any(pile == move["target"]["pile"] for pile, _ in marks)


def test_a_move_of_cards_is_shown_before_a_turn_of_the_stock() -> None:
    r = patience.rules("klondike")
    s = r.deal(1)
    move = pick_move(r, s)
    assert move is not None and move.src != "stock"


def test_a_position_without_a_legal_move_has_no_move_step() -> None:
    r = patience.rules("all_in_a_row")
    empty = State(tuple(() for _ in r.names), tuple(0 for _ in r.names), 0, 0)
    assert pick_move(r, empty) is None
    assert [step["title"] for step in steps(r, empty)] == ["The goal", "Moving cards"]


def test_the_bridge_says_the_walk_of_the_game_on_the_table() -> None:
    b = Bridge()
    assert json.loads(b.howto())["error"]["kind"] == "no-game"
    b.new("freecell", "{}", 5)
    walk = json.loads(b.howto())
    assert walk["game"] == "freecell" and walk["title"] == "FreeCell"
    text = walk["steps"][-1]["move"]["text"]
    assert "error" not in json.loads(b.play(text, 0))


def test_the_move_shown_is_a_turn_of_the_stock_before_a_card_taken_back() -> None:
    # Klondike deal 7 after six rule-of-thumb moves: the only card that can move is the Ace
    # of hearts, back from its foundation onto a black 2; a first lesson turns the stock.
    from patience.suggest import suggest  # noqa: PLC0415

    r = patience.rules("klondike")
    s = r.deal(7)
    for _ in range(6):
        move = suggest(r, s)
        assert move is not None
        s = r.apply(s, move)
    moves = r.legal_moves(s)
    back = [m for m in moves if r.index[m.src] in r.F]
    assert back and all(m in back or str(m).startswith("stock>") for m in moves)
    shown = pick_move(r, s)
    assert shown is not None and str(shown).startswith("stock>waste")
