"""What a screen reader hears after a move, an undo and a redo (the bridge's ``lastWords``)."""

from __future__ import annotations

import json
from typing import Any

from patience.bridge import Bridge
from patience.notation import format_position

from helpers import setup


def call(text: str) -> dict[str, Any]:
    data = json.loads(text)
    assert isinstance(data, dict) and "error" not in data, data
    return data


def bridge_at(game_id: str, piles: dict[str, str], **kw: Any) -> Bridge:
    r, s = setup(game_id, piles, **kw)
    b = Bridge()
    save = {"format": "patience", "version": 2, "game": game_id, "options": r.options,
            "position": format_position(r, s), "moves": [], "redo": []}
    call(b.load(json.dumps(save)))
    return b


def test_a_move_names_the_card_it_turns_face_up_and_undo_and_redo_say_which_move() -> None:
    b = bridge_at("klondike", {"t1": "8C", "t2": "4D | 7H", "stock": "-", "waste": "-"},
                  filler="t7")
    assert call(b.play("t2>t1", 1))["lastWords"] == \
        "7 of hearts from Pile 2 to Pile 1; the 4 of diamonds is turned face up"
    undone = call(b.undo(2))
    assert undone["lastWords"] == ("Took back: 7 of hearts from Pile 2 to Pile 1; "
                                   "the 4 of diamonds is turned face down again")
    assert call(b.snapshot(3))["lastWords"] == undone["lastWords"]   # asked again: the same
    assert call(b.redo(4))["lastWords"] == \
        "Replayed: 7 of hearts from Pile 2 to Pile 1; the 4 of diamonds is turned face up"


def test_a_stock_turn_says_the_new_waste_cards_and_its_undo_sends_them_back() -> None:
    b = bridge_at("klondike", {"stock": "KS 2D 9C 5H", "waste": "-"}, options={"draw": 3},
                  filler="t7")
    assert call(b.play("stock>waste:3", 1))["lastWords"] == \
        "Turned the stock: 5 of hearts, 9 of clubs and 2 of diamonds on top"
    assert call(b.undo(2))["lastWords"] == ("Took back: turned the stock; the 5 of hearts, "
                                            "9 of clubs and 2 of diamonds go back to the stock")


def test_undo_of_moving_lefts_close_up_says_the_piles_slide_back() -> None:
    b = bridge_at("moving_left", {"t1": "TH", "t2": "JS", "t3": "5C | 9S 8H", "t4": "2D"},
                  filler="t10")
    said = call(b.play("t1>t2", 1))["lastWords"]
    assert said.startswith("10 of hearts from Pile 1 to Pile 2; the piles to its right slide")
    assert call(b.undo(2))["lastWords"] == (
        "Took back: 10 of hearts from Pile 1 to Pile 2; the piles slide back to the right; "
        "the 5 of clubs is turned face down again")


def test_nothing_is_said_after_a_restart_or_an_undo_at_the_start() -> None:
    b = Bridge()
    snap = call(b.new("freecell", "{}", 1))
    assert snap["lastWords"] is None
    call(b.play("t8>c1", 1))
    assert call(b.restart(2))["lastWords"] is None
    assert call(b.undo(3))["lastWords"] is None
