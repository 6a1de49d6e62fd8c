"""The browser bridge: JSON in and out, face-down cards hidden, errors as data."""

from __future__ import annotations

import json
from typing import Any

import pytest

import patience
from patience.bridge import Bridge

from helpers import setup


def call(text: str) -> dict[str, Any]:
    data = json.loads(text)
    assert isinstance(data, dict)
    return data


def test_the_catalogue_lists_every_game_and_names_every_card() -> None:
    data = call(Bridge().catalogue())
    assert [g["id"] for g in data["games"]] == [g.id for g in patience.games()]
    assert len(data["cards"]) == 52 and data["cards"]["TD"] == "10 of diamonds"


@pytest.mark.parametrize("game_id", list(patience.GAMES))
def test_a_snapshot_lays_out_every_pile_and_hides_face_down_cards(game_id: str) -> None:
    b = Bridge()
    snap = call(b.new(game_id, "{}", 11))
    laid = {s["pile"] for row in snap["layout"]["rows"] for s in row["slots"] if s}
    assert laid == set(snap["piles"])
    r = patience.rules(game_id)
    s = r.deal(11)
    hidden = sum(c is None for p in snap["piles"].values() for c in p)
    assert hidden == sum(s.down) + (len(s.piles[r.stock]) if r.stock >= 0 else 0)
    assert {m["text"] for m in snap["moves"]} == {str(m) for m in r.legal_moves(s)}
    assert set(snap["taps"].values()) <= {m["text"] for m in snap["moves"]}


def test_play_undo_redo_and_the_save_resume_the_same_game() -> None:
    b = Bridge()
    snap = call(b.new("klondike", json.dumps({"draw": 3}), 5))
    first = snap["moves"][0]["text"]
    after = call(b.play(first, 3.5))
    assert after["moveCount"] == 1 and after["canUndo"] and after["last"] == first
    again = Bridge()
    resumed = call(again.load(after["save"]))
    assert resumed["piles"] == after["piles"] and resumed["elapsed"] == 3.5
    assert call(b.undo(4))["moveCount"] == 0
    assert call(b.redo(4))["piles"] == after["piles"]
    assert call(b.restart(5))["canRedo"]


def test_a_tap_prefers_the_foundation() -> None:
    b = Bridge()
    snap = call(b.new("freecell", "{}", 1))
    # Deal 1 has no move to a foundation; every tap goes to a free cell.
    assert all(">c" in m for m in snap["taps"].values())
    snap = call(b.play("t6>c1", 0))
    snap = call(b.play("t6>c2", 0))
    snap = call(b.play("t6>c3", 0))
    assert snap["taps"]["t6:1"] == "t6>f1"       # the Ace of clubs goes up first


def test_errors_come_back_as_data() -> None:
    b = Bridge()
    assert call(b.new("canasta", "{}", 1))["error"]["kind"] == "OptionsError"
    assert call(b.new("klondike", '{"draw": 2}', 1))["error"]["kind"] == "OptionsError"
    assert call(b.new("klondike", "{}", 0))["error"]["message"].startswith("a deal number")
    assert call(b.load("{oops"))["error"]["kind"] == "not-json"
    b.new("klondike", "{}", 1)
    bad = call(b.play("t1>t1", 0))
    assert bad["error"]["kind"] == "IllegalMoveError" and "two different" in \
        bad["error"]["message"]


def test_finish_lists_the_winning_moves_when_everything_is_face_up() -> None:
    b = Bridge()
    text = """klondike
stock: -
waste: -
f1: AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC
f2: AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD
f3: AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH
f4: AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS
t1: KC
t2: KH
t3: -
t4: -
t5: -
t6: -
t7: -
"""
    rules, start = patience.parse_position(text)
    b.session = patience.Session(rules, start=start)
    assert call(b.snapshot(0))["finish"] is True
    assert json.loads(b.finish()) == ["t1>f1", "t2>f3"]


def test_calls_before_a_deal_answer_with_an_error_not_an_exception() -> None:
    b = Bridge()
    for answer in (b.play("t1>f1", 0), b.undo(0), b.redo(0), b.restart(0), b.snapshot(0)):
        assert call(answer)["error"]["kind"] == "no-game"
    assert json.loads(b.finish()) == []


def test_explain_gives_the_reason_without_playing() -> None:
    b = Bridge()
    before = call(b.new("freecell", "{}", 1))
    assert call(b.explain("t1>t2"))["reason"].startswith("the 6 of spades cannot go on")
    assert call(b.explain("t1>c1"))["reason"] is None
    assert "not a move" in call(b.explain("nonsense"))["reason"]
    assert call(b.snapshot(0))["piles"] == before["piles"]


def test_options_that_are_not_an_object_are_an_error() -> None:
    for bad in ("[1]", '"x"', "3"):
        assert call(Bridge().new("klondike", bad, 1))["error"]["kind"] == "OptionsError"


def test_undo_to_takes_back_moves_down_to_a_count() -> None:
    b = Bridge()
    snap = call(b.new("freecell", "{}", 1))
    for _ in range(3):
        snap = call(b.play(snap["moves"][0]["text"], 1))
    assert snap["moveCount"] == 3
    back = call(b.undo_to(1, 2))
    assert back["moveCount"] == 1 and back["canRedo"]
    assert call(b.undo_to(5, 2))["moveCount"] == 1          # never forwards
    assert "move count" in call(b.undo_to(-1, 2))["error"]["message"]


def test_suggest_offers_a_legal_move_and_never_goes_back() -> None:
    b = Bridge()
    snap = call(b.new("freecell", "{}", 1))
    first = call(b.suggest())["move"]
    assert first in {m["text"] for m in snap["moves"]}
    played = call(b.play(first, 1))
    # Playing the card back where it came from is legal but returns to a seen position.
    back = call(b.suggest())["move"]
    assert back in {m["text"] for m in played["moves"]}
    src, dst = first.split(">")
    assert back != f"{dst}>{src}"


def test_suggest_has_nothing_when_no_move_is_legal() -> None:
    # The foundation wants a 4 or a 6; the only pile shows a 9.
    r, s = setup("all_in_a_row", {"f1": "5S", "t1": "9H"}, filler="t1")
    assert r.legal_moves(s) == []
    b = Bridge()
    b.session = patience.Session(r, start=s)
    assert call(b.suggest()) == {"move": None}
