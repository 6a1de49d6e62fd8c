"""The hostile-save corpus against the engine: every case answered as JSON, refused with its
kind or loaded, never an exception, never NaN or Infinity out, never a lost game on the table.

The page's side of the same corpus (set aside with a message, a byte-exact backup, other
games untouched) is ``e2e/test_hostile.py``.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import patience
from hostile.corpus import Case, cases, long_save, text
from patience.bridge import Bridge
from patience.session import FOLD_AT, KEEP_MOVES, Session

CASES = cases()


def strict(answer: str) -> Any:
    """Parse the bridge's answer as JSON that any browser reads (no NaN, no Infinity)."""
    def refuse(name: str) -> None:
        raise AssertionError(f"the engine wrote {name}, which is not JSON")
    return json.loads(answer, parse_constant=refuse)


def test_the_corpus_is_large_and_covers_issue_16() -> None:
    assert len(CASES) >= 80
    assert len({c.name for c in CASES}) == len(CASES)
    assert {c.issue for c in CASES} >= {2, 3, 4, 6}
    assert sum(c.expect is None for c in CASES) >= 10            # edge cases that are fine


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_each_hostile_save_is_answered_as_json(case: Case) -> None:
    bridge = Bridge()
    answer = strict(bridge.load(case.text, case.key))
    if case.expect is None:
        assert "error" not in answer, answer["error"]
        assert answer["game"] == case.key
        if case.moves is not None:
            assert answer["moveCount"] == case.moves
        again = Session.load(answer["save"], case.key)      # what the page stores loads again
        assert again.state == bridge.session.state if bridge.session else False
        assert again.move_count == answer["moveCount"]
    else:
        assert answer["error"]["kind"] == case.expect, answer["error"]
        message = answer["error"]["message"]
        assert 0 < len(message) <= 400                          # a reason, not an echo


@pytest.mark.parametrize("case", [c for c in CASES if c.expect], ids=lambda c: c.name)
def test_a_refused_save_leaves_the_game_on_the_table(case: Case) -> None:
    bridge = Bridge()
    bridge.new("freecell", "{}", 617)
    before = bridge.snapshot(5)
    strict(bridge.load(case.text, case.key))
    assert bridge.snapshot(5) == before


def test_a_save_of_another_game_is_refused_under_its_key_and_loads_under_its_own() -> None:
    # Issue 16, point 2: the page asks for its key's game; the engine says it is not that.
    fc = json.dumps({"format": "patience", "version": 2, "game": "freecell", "options": {},
                     "deal": 617, "moves": ["t1>c1"], "redo": [], "elapsed": 3})
    refused = strict(Bridge().load(fc, "klondike"))
    assert refused["error"]["kind"] == "game"
    assert "FreeCell" in refused["error"]["message"] and "Klondike" in refused["error"]["message"]
    assert strict(Bridge().load(fc, "freecell"))["moveCount"] == 1


def test_non_finite_time_from_the_page_never_reaches_the_json() -> None:
    # Issue 16, point 4, the other way in: the page's clock sends the elapsed time.
    bridge = Bridge()
    bridge.new("klondike", json.dumps({"timed": True}), 3)
    for bad in (float("inf"), float("-inf"), float("nan"), 1e300, -1.0):
        snap = strict(bridge.play("stock>waste", bad))
        assert snap["elapsed"] >= 0 and snap["elapsed"] <= 1e8
        assert isinstance(snap["score"], int)
        strict(bridge.snapshot(bad))
        strict(bridge.undo(bad))


def test_a_long_game_keeps_a_capped_history_and_a_small_save() -> None:
    # Issue 16, point 6: a 49,990-move save loads, and the next move's save is small.
    bridge = Bridge()
    snap = strict(bridge.load(long_save(49_990), "klondike"))
    assert snap["moveCount"] == 49_990
    session = bridge.session
    assert session is not None
    assert KEEP_MOVES <= len(session.moves) <= FOLD_AT
    assert len(session.states) == len(session.moves) + 1
    assert len(snap["save"]) < 20_000                            # was 706,057 characters
    for _ in range(3 * FOLD_AT):
        snap = strict(bridge.play("stock>waste" if snap["piles"]["stock"] else
                                  f"waste>stock:{len(snap['piles']['waste'])}", 1))
    assert snap["moveCount"] == 49_990 + 3 * FOLD_AT
    assert len(snap["save"]) < 20_000
    assert len(session.states) <= FOLD_AT + 1
    # Undo reaches back at least KEEP_MOVES moves, then says no more.
    undone = 0
    while bridge.session is not None and bridge.session.undo() is not None:
        undone += 1
    assert undone >= KEEP_MOVES
    assert strict(bridge.snapshot(1))["canUndo"] is False
    # The folded save carries its deal number and loads to the same position.
    again = Session.load(session.save(), "klondike")
    assert again.deal == 1 and again.state == session.state and again.offset == session.offset


def test_folding_keeps_undo_redo_and_the_positions_of_the_whole_line() -> None:
    game = patience.new_game("klondike", 1, passes="unlimited")
    line = []
    rng = random.Random(4)
    for _ in range(FOLD_AT + 300):
        m = rng.choice(game.legal_moves())
        game.play(m)
        line.append(m)
    assert game.offset > 0 and len(game.moves) <= FOLD_AT
    for _ in range(40):
        game.undo()
    for _ in range(20):
        game.redo()
    state = game.rules.deal(1)
    for m in line[:-20]:
        state = game.rules.play(state, m)
    assert game.state == state
    assert game.move_count == len(line) - 20
    assert Session.load(game.save(), "klondike").state == state


def test_mutated_saves_never_raise() -> None:
    good = text(moves=["stock>waste"] * 30, redo=["stock>waste"])
    rng = random.Random(16)
    alphabet = '{}[]",:0123456789.eE-+ntfaINlsu\\'
    for _ in range(400):
        chars = list(good)
        for _ in range(rng.randint(1, 6)):
            i = rng.randrange(len(chars))
            op = rng.randrange(3)
            if op == 0:
                chars[i] = rng.choice(alphabet)
            elif op == 1:
                del chars[i]
            else:
                chars.insert(i, rng.choice(alphabet) * rng.randint(1, 40))
        answer = strict(Bridge().load("".join(chars), "klondike"))
        assert "error" in answer or answer["game"] == "klondike"
