"""The move counter counts the player's moves, not the table's (decisions.md, issue 25)."""

from __future__ import annotations

import json
from typing import Any

from patience import new_game
from patience.bridge import Bridge
from patience.session import FOLD_AT, KEEP_MOVES, SAVE_VERSION, Session


def call(text: str) -> dict[str, Any]:
    data = json.loads(text)
    assert isinstance(data, dict) and "error" not in data, data
    return data


def _deal_with_safe_moves() -> tuple[Bridge, dict[str, Any]]:
    """A Klondike deal with a safe card to play at once (an ace on top of a pile)."""
    b = Bridge()
    for deal in range(1, 200):
        snap = call(b.new("klondike", "{}", deal))
        if snap["safe"]:
            return b, snap
    raise AssertionError("no Klondike deal of 1-199 starts with a safe move")


def test_an_untouched_deal_reads_no_moves_after_the_tables_own_moves() -> None:
    b, snap = _deal_with_safe_moves()
    played = 0
    while snap["safe"]:
        snap = call(b.play(snap["safe"][0], 0, True))
        played += 1
    assert played >= 1
    assert snap["moveCount"] == 0 and snap["history"] == played and snap["canUndo"]
    snap = call(b.play("stock>waste", 1))
    assert snap["moveCount"] == 1 and snap["history"] == played + 1


def test_undo_and_redo_keep_each_moves_kind() -> None:
    g = new_game("klondike", 3)
    g.play("stock>waste")
    g.play("stock>waste", auto=True)
    assert g.move_count == 1
    g.undo()
    assert g.move_count == 1            # the table's move taken back: still one of the player's
    g.undo()
    assert g.move_count == 0
    g.redo()
    g.redo()
    assert g.move_count == 1 and g.history == 2
    g.undo()
    g.play("stock>waste")               # the same move played by the player: counted
    assert g.move_count == 2


def test_a_save_says_which_moves_were_automatic_and_loads_them_so() -> None:
    g = new_game("klondike", 3)
    for auto in (False, True, False, True):
        g.play("stock>waste", auto=auto)
    g.undo()
    data = json.loads(g.save())
    assert data["version"] == SAVE_VERSION == 3
    assert data["auto"] == [1, 3]       # places in moves then redo
    back = Session.load(g.save())
    assert back.move_count == g.move_count == 2
    back.redo()
    assert back.move_count == 2 and back.history == 4


def test_older_saves_count_every_move() -> None:
    g = new_game("klondike", 3)
    g.play("stock>waste", auto=True)
    data = json.loads(g.save())
    for version in (1, 2):
        old = json.dumps({**data, "version": version})
        assert Session.load(old).move_count == 1


def test_folding_keeps_the_count_of_automatic_moves() -> None:
    g = new_game("klondike", 1, {"passes": "unlimited"})
    line = (["stock>waste"] * 24 + ["waste>stock:24"]) * 50
    for i, m in enumerate(line[: FOLD_AT + 1]):
        g.play(m, auto=i % 2 == 1)
    assert g.offset == FOLD_AT + 1 - KEEP_MOVES
    assert g.move_count == (FOLD_AT + 2) // 2
    data = json.loads(g.save())
    assert data["autoFolded"] == g.auto_offset > 0
    assert Session.load(g.save()).move_count == g.move_count
    # The tally numbers the kept line's end as the counter does, the folded moves included.
    tally = g.tally()
    assert tally["folded"] == g.offset - g.auto_offset > 0
    assert tally["folded"] + len(g.moves) - len(tally["auto"]) == g.move_count


def test_the_tally_numbers_every_kept_position_as_the_counter_would() -> None:
    """The snapshot's tally lets the page name a kept position by the counter ("Undo to move
    N" must name the number the counter shows once undone), folded moves included."""
    b, snap = _deal_with_safe_moves()
    counters = [snap["moveCount"]]
    for i in range(12):
        move = snap["safe"][0] if snap["safe"] and i % 3 == 0 else "stock>waste"
        snap = call(b.play(move, 0, move != "stock>waste"))
        counters.append(snap["moveCount"])
    tally = snap["tally"]
    assert tally["folded"] == 0 and tally["auto"]

    def counted(i: int) -> int:
        return int(tally["folded"]) + i - sum(1 for a in tally["auto"] if a < i)
    assert [counted(i) for i in range(len(counters))] == counters
    # Undone to a kept place, the counter reads what the tally said of it.
    for _ in range(5):
        snap = call(b.undo(0))
    assert snap["moveCount"] == counters[len(counters) - 6]
