"""The run the page shows in TriPeaks and Golf, and the free cards it shows as in play."""

from __future__ import annotations

import json
from typing import Any

import patience
from patience.bridge import Bridge
from patience.session import Session


def call(text: str) -> dict[str, Any]:
    data = json.loads(text)
    assert isinstance(data, dict)
    return data


def table_move(session: Session) -> str | None:
    """Return a move from the table onto the waste, if there is one."""
    return next((str(m) for m in session.legal_moves() if m.src != "stock"), None)


def test_the_run_counts_cards_played_from_the_table_since_the_stock_last_turned() -> None:
    for game in ("tripeaks", "golf"):
        session = Session(patience.rules(game), 3)
        assert session.run() == 0
        runs: list[int | None] = [0]
        for _ in range(60):
            if session.status() != "playing":
                break
            text = table_move(session)
            session.play(text or "stock>waste")
            runs.append(session.run())
            before = runs[-2]
            assert before is not None and runs[-1] == (before + 1 if text else 0)
        assert max(n or 0 for n in runs) >= 2, game
        # Undo takes the run back to what it was before the move, and redo brings it again.
        session.undo()
        assert session.run() == runs[-2]
        session.redo()
        assert session.run() == runs[-1]


def test_games_that_play_no_cards_onto_the_waste_have_no_run() -> None:
    for game in ("klondike", "pyramid", "freecell"):
        assert Session(patience.rules(game), 1).run() is None


def test_the_snapshot_carries_the_run_and_the_free_piles() -> None:
    b = Bridge()
    snap = call(b.new("tripeaks", "{}", 3))
    assert snap["run"] == 0
    # At the deal only the bottom row is face up and uncovered.
    assert snap["free"] == [f"t{k}" for k in range(19, 29)]
    table = [m["text"] for m in snap["moves"] if not m["text"].startswith("stock")]
    if table:
        snap = call(b.play(table[0], 1.0))
        assert snap["run"] == 1
    snap = call(b.play("stock>waste", 2.0))
    assert snap["run"] == 0
    golf = call(b.new("golf", "{}", 3))
    assert golf["free"] == [f"t{k}" for k in range(1, 8)] and golf["run"] == 0
    assert call(b.new("klondike", "{}", 3))["run"] is None
