"""The worker's jobs: solve a position of a save, find the last winnable one, find a deal."""

from __future__ import annotations

import itertools
import json

import pytest

import patience
import patience.worker
from patience import Session
from patience.solver import solve_steps
from patience.worker import SLICE, run, start

from helpers import LOSING, freecell_ending, stepped


def job(**fields: object) -> str:
    return json.dumps(fields)


def test_solve_answers_a_winning_line_that_replays() -> None:
    session = Session(patience.rules("freecell"), deal=1)
    answer = run(job(kind="solve", save=session.save(), budget=50_000))
    assert answer["verdict"] == "solved"
    assert answer["at"] == 0
    assert answer["usedHidden"] is False
    for text in answer["moves"]:
        session.play(text)
    assert session.status() == "won"


def test_solve_searches_the_position_at_a_given_move() -> None:
    session = freecell_ending(*LOSING)
    save = session.save()
    assert run(job(kind="solve", save=save, at=0, budget=10_000))["verdict"] == "solved"
    assert run(job(kind="solve", save=save, at=1, budget=10_000))["verdict"] == "unwinnable"
    assert run(job(kind="solve", save=save, budget=10_000))["at"] == 2


def test_rewind_finds_the_last_winnable_position() -> None:
    session = freecell_ending(*LOSING)
    answer = run(job(kind="rewind", save=session.save(), **{"from": 2}, budget=10_000))
    assert answer["winnable"] == 0
    assert answer["lost"] == [1]
    replay = freecell_ending()
    for text in answer["moves"]:
        replay.play(text)
    assert replay.status() == "won"


def test_rewind_passes_over_positions_known_lost() -> None:
    session = freecell_ending(*LOSING)
    answer = run(job(kind="rewind", save=session.save(), skip=[1], **{"from": 2},
                     budget=10_000))
    assert answer["winnable"] == 0
    assert answer["lost"] == []


def test_rewind_stops_at_a_position_known_winnable() -> None:
    session = freecell_ending(*LOSING)
    answer = run(job(kind="rewind", save=session.save(), skip=[1], known=[0], **{"from": 2},
                     budget=0))
    assert answer == {"winnable": 0, "moves": None, "usedHidden": None, "lost": []}


def test_rewind_claims_nothing_past_an_unknown() -> None:
    session = Session(patience.rules("freecell"), deal=1)
    session.play(session.legal_moves()[0])
    answer = run(job(kind="rewind", save=session.save(), **{"from": 1}, budget=1))
    assert answer == {"winnable": None, "unknownAt": 0, "lost": []}


def test_find_returns_a_deal_the_solver_wins() -> None:
    answer = run(job(kind="find", game="freecell", options={}, **{"from": 7}, tries=5,
                     budget=50_000))
    assert answer == {"deal": 7, "tried": 1}
    r = patience.rules("freecell")
    assert patience.solver.solve(r, r.deal(7), 50_000).verdict == "solved"


def test_find_gives_up_after_its_tries() -> None:
    answer = run(job(kind="find", game="klondike", options={"draw": 1}, **{"from": 1}, tries=3,
                     budget=0))
    assert answer == {"deal": None, "tried": 3}


def test_a_job_runs_in_slices_and_can_be_dropped() -> None:
    j = start(job(kind="find", game="klondike", options={}, **{"from": 1}, tries=3, budget=0))
    assert j.step() is None           # a pause after the first deal, no answer yet
    j.close()
    assert json.loads(j.step() or "")["error"]["kind"] == "dropped"


def test_a_search_pauses_every_slice() -> None:
    # All in a Row's search is a single pass: it pauses at every multiple of SLICE.
    session = Session(patience.rules("all_in_a_row"), deal=8)
    j = start(job(kind="solve", save=session.save(), budget=5 * SLICE))
    pauses = 0
    while (out := j.step()) is None:
        pauses += 1
    answer = json.loads(out)
    assert pauses == answer["nodes"] // SLICE


@pytest.mark.parametrize(("request_text", "message"), [
    ("not json", "Expecting value"),
    ("[1]", "a job is a JSON object"),
    (job(kind="dance", budget=1), "unknown job kind"),
    (job(kind="solve", budget=-1, save="{}"), "node budget"),
    (job(kind="solve", budget=1, save="{}"), "not a Patience save"),
    (job(kind="solve", budget=1, save=Session(patience.rules("yukon"), deal=2).save(), at=5),
     "at must be a whole number from 0 to 0"),
    (job(kind="find", game="chess", budget=1, tries=1, **{"from": 1}), "chess"),
    (job(kind="rewind", budget=1, save=Session(patience.rules("yukon"), deal=2).save(),
         skip="all", **{"from": 0}), "skip"),
])
def test_bad_jobs_answer_with_an_error(request_text: str, message: str) -> None:
    answer = run(request_text)
    assert message in answer["error"]["message"]


def test_a_failure_inside_a_search_answers_with_an_error(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object) -> object:
        raise IndexError("a bug in the solver")
        yield 0

    monkeypatch.setattr(patience.worker, "solve_steps", broken)
    session = Session(patience.rules("freecell"), deal=1)
    answer = run(job(kind="solve", save=session.save(), budget=10))
    assert answer == {"error": {"kind": "IndexError", "message": "a bug in the solver"}}


def test_no_slice_of_a_search_expands_more_than_slice_positions() -> None:
    # Klondike starts with four narrowed passes smaller than SLICE (a 48th of the budget
    # each), which never pause themselves: the search pauses between passes as well, so
    # the worker looks at its messages (a newer position, a cancel) within SLICE positions
    # from the start, not after all four passes and a slice of the next.
    r = patience.rules("klondike", {"draw": 1})
    steps = solve_steps(r, r.deal(4), 12_000, SLICE)
    paused, result = stepped(steps)
    pauses = [0, *paused]
    pauses.append(result.nodes)
    assert result.verdict == "unknown" and result.nodes == 12_000
    assert max(b - a for a, b in itertools.pairwise(pauses)) <= SLICE
    assert len(pauses) > result.nodes // SLICE + 2


def test_a_solve_job_dropped_mid_search_stops_and_says_so() -> None:
    session = Session(patience.rules("klondike", {"draw": 1}), deal=4)
    j = start(job(kind="solve", save=session.save(), budget=60_000))
    assert j.step() is None and j.step() is None    # searching, no answer yet
    j.close()
    assert json.loads(j.step() or "") == {
        "error": {"kind": "dropped", "message": "the job was dropped"}}
    assert json.loads(j.step() or "")["error"]["kind"] == "dropped"   # and stays so
