"""Known wins of listed deals (issue 27): the lines the page's Hint answers from at once.

The shipped lines replay to a win through the checked API; the worker answers a position on
a deal's line from it (also after the table played safe moves sooner than the line does),
and searches a position off it as before; a lines file that cannot be read is refused with
a message, never a crash.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import patience
from patience import knownline, study, worker
from patience.auto import safe_moves
from patience.bridge import Bridge
from patience.knownline import follow, read_lines, replay, split
from patience.session import Session
from patience.solver import winnable_key

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "static" / "data"


def shipped() -> dict[str, knownline.Lines]:
    """Every lines file winnable.json names, read and checked, by its list's key."""
    data = json.loads((DATA / "winnable.json").read_text(encoding="utf-8"))
    return {key: read_lines(json.loads((DATA / file).read_text(encoding="utf-8")))
            for key, file in data["lines"].items()}


def roosevelt() -> tuple[patience.Rules, int, str]:
    """Roosevelt's first listed deal with a line, and the line."""
    lines = shipped()["roosevelt"]
    deal = min(lines.lines)
    return patience.rules("roosevelt", {}), deal, lines.lines[deal]


def test_every_shipped_line_is_a_listed_deal_won_through_the_checked_api() -> None:
    data = json.loads((DATA / "winnable.json").read_text(encoding="utf-8"))
    found = shipped()
    assert "roosevelt" in found and found["roosevelt"].lines
    for key, lines in found.items():
        assert lines.key == key
        assert data["lines"][key] == f"lines/{Path(data['lines'][key]).stem}.json"
        game, _, words = key.partition(":")
        options = dict(w.split("=") for w in words.split(",")) if words else {}
        r = patience.rules(game, options)
        assert winnable_key(r) == key
        for deal, line in lines.lines.items():
            assert deal in data["sets"][key], f"{key} deal {deal} has a line but is not listed"
            states = replay(r, r.deal(deal), split(line))        # Rules.play, every move
            assert r.is_won(states[-1]), f"{key} deal {deal}'s line is no win"


def job(session: Session, known: object, budget: int = 0) -> dict[str, Any]:
    return worker.run(json.dumps({"kind": "solve", "save": session.save(), "budget": budget,
                                  "known": known}))


def test_the_worker_answers_a_position_on_the_line_at_once_and_the_next_after_a_move() -> None:
    r, deal, line = roosevelt()
    known = {"key": "roosevelt", "deal": deal, "line": line}
    s = Session(r, deal)
    first = job(s, known)                   # budget 0: no search could have found it
    assert first["verdict"] == "solved" and first["known"] is True and first["nodes"] == 0
    assert first["moves"] == split(line)
    s.play(split(line)[0])
    second = job(s, known)
    assert second["moves"] == split(line)[1:]


def test_the_line_is_followed_when_the_table_plays_safe_moves_sooner() -> None:
    r, deal, line = roosevelt()
    s = Session(r, deal)
    for _ in range(12):
        for m in safe_moves(r, s.state):
            s.play(str(m), auto=True)
        rest = follow(r, deal, line, s.states)
        assert rest, f"off the line after {len(s.moves)} moves"
        assert r.is_won(replay(r, s.state, rest)[-1])
        s.play(rest[0])


def off_line(r: patience.Rules, deal: int, line: str) -> Session:
    """A game of the deal whose first move leaves the line for good."""
    for m in r.legal_moves(r.deal(deal)):
        s = Session(r, deal)
        s.play(str(m))
        if follow(r, deal, line, s.states) is None:
            return s
    raise AssertionError("every first move stays on the line")


def test_a_position_off_the_line_gets_no_line_move_and_is_searched_as_before() -> None:
    r, deal, line = roosevelt()
    s = off_line(r, deal, line)
    answer = job(s, {"key": "roosevelt", "deal": deal, "line": line})
    assert answer["verdict"] == "unknown" and "known" not in answer   # the budget was 0


def test_a_line_of_another_deal_or_list_is_not_used() -> None:
    r, deal, line = roosevelt()
    other = Session(r, deal + 1)
    assert "known" not in job(other, {"key": "roosevelt", "deal": deal, "line": line})
    moving = Session(patience.rules("moving_left", {}), deal)
    assert "known" not in job(moving, {"key": "roosevelt", "deal": deal, "line": line})
    # A line that is no win (its end cut off) is never an answer.
    cut = " ".join(split(line)[:-5])
    assert "known" not in job(Session(r, deal), {"key": "roosevelt", "deal": deal, "line": cut})
    bad = job(Session(r, deal), {"key": "roosevelt", "deal": str(deal), "line": line})
    assert bad["error"]["message"].startswith("known is")


@pytest.mark.parametrize("text, why", [
    ("not json at all", "could not be read"),
    ('{"version": 9, "key": "roosevelt", "budget": 1, "lines": {}}', "version 9"),
    ('{"version": 1, "key": "nogame", "budget": 1, "lines": {}}', "names no game"),
    ('{"version": 1, "key": "roosevelt", "budget": 1, "lines": {"x": "t1>f1"}}',
     "not a deal number"),
    ('{"version": 1, "key": "roosevelt", "budget": 1, "lines": {"3": "t1>f1 oops"}}',
     "deal 3's line"),
    ('{"version": 1, "key": "roosevelt", "budget": 1, "lines": {"3": 7}}', "deal 3's line"),
    ('[1, 2]', "a JSON object"),
    ('{"version": 1, "key": "freecell", "budget": 1, "lines": {}}', "not 'roosevelt'"),
])
def test_a_corrupt_lines_file_is_refused_with_a_message(text: str, why: str) -> None:
    answer = json.loads(Bridge().known_lines(text, "roosevelt"))
    assert answer["error"]["kind"] == "bad-lines"
    assert why in answer["error"]["message"]


def test_the_lists_name_their_lines_file_and_nothing_outside_the_folder() -> None:
    text = (DATA / "winnable.json").read_text(encoding="utf-8")
    lists = json.loads(Bridge().winnable_lists(text))["lists"]
    assert lists["roosevelt"]["lines"] == "lines/roosevelt.json"
    assert lists["freecell"]["lines"] is None
    data = json.loads(text)
    data["lines"] = {"roosevelt": "../../elsewhere.json", "freecell": "lines/freecell.json"}
    lists = json.loads(Bridge().winnable_lists(json.dumps(data)))["lists"]
    assert lists["roosevelt"]["lines"] is None
    assert lists["freecell"]["lines"] == "lines/freecell.json"
    answer = json.loads(Bridge().known_lines(
        (DATA / "lines" / "roosevelt.json").read_text(encoding="utf-8"), "roosevelt"))
    assert answer["lines"] == {str(d): v for d, v in shipped()["roosevelt"].lines.items()}


def test_a_study_row_keeps_its_win_as_a_line(tmp_path: Path) -> None:
    row = study.solve_deal("freecell", {}, 1, 50_000)
    assert row.verdict == "solved" and row.moves
    r = patience.rules("freecell", {})
    assert r.is_won(replay(r, r.deal(1), split(row.moves))[-1])
    out = tmp_path / "f.jsonl"
    out.write_text(row.line() + study.Row("freecell", 2, 5, "unknown", 5, 0.1).line())
    assert json.loads(row.line())["line"] == row.moves
    assert "line" not in json.loads(study.Row("freecell", 2, 5, "unknown", 5, 0.1).line())
    rows = study.read_results([out]).rows
    assert rows["freecell", 50_000, 1].moves == row.moves
    assert rows["freecell", 5, 2].moves == ""
